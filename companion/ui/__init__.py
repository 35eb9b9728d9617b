"""pygame-ce screens. Importing this package keeps pygame's greeting off the terminal."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
