"""Transitional: the nine characters are ``tdream.platform.roster``."""
from tdream.platform.roster import CHARACTER_IDS  # noqa: F401
