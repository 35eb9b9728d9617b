"""The table companion: fair Pow-Wow slaps and score keeping for three card and board games."""

__version__ = "0.1.0"
