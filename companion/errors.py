"""One error family. Each member also subclasses the matching built-in, so callers may catch
either ``CompanionError`` or the familiar ``ValueError`` / ``OSError``.

Messages say what was wrong, with the value, and what to do about it.
"""


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class ConfigError(CompanionError, ValueError):
    """A configuration file (pin map, settings) is malformed or inconsistent."""


class IllegalAction(CompanionError, ValueError):
    """A game action that the rules do not allow in this state; the message names the rule."""


class JournalError(CompanionError, ValueError):
    """A game journal cannot be read back (not a torn last line: that is only a warning)."""


class DeviceError(CompanionError, OSError):
    """A hardware device (GPIO, button box, display) is missing or misbehaving."""
