"""The nine CPU characters every game shares: who they are (name, age, grade, speech colour,
portrait). How each plays a game is that game's own data (its styles file)."""
from __future__ import annotations

from ..games.towerdream.ai.roster import CHARACTER_IDS, GRADES, roster


def character(cid: str):
    """The character's profile (``.name``, ``.age``, ``.grade``, ``.colour``, ``.portrait``)."""
    return roster()[cid]


__all__ = ["CHARACTER_IDS", "GRADES", "character"]
