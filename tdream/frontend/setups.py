"""How a match begins in the front end, for any game: ``MatchSetup`` (a new one from a set-up
screen, the campaign or ``tdream play``; a resumed record; a scenario's position for practice; a
record to watch), each game's maker of one (``setups_of``) and the seats' names. Apart from
``match.py`` (the host that plays one, with the records, the replays and the database), so that
the title and ``tdream play`` start without loading those (start-up, issue 37)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ..platform import registry
from ..platform.textplay import speaker
from .text import tr

if TYPE_CHECKING:
    from ..platform.record import Record
    from ..platform.replay import Resumed
    from ..platform.scenario import Scenario


@dataclass
class MatchSetup:
    game: str = registry.DEFAULT
    seed: int = 0
    seats: list = field(default_factory=lambda: ["human", "joji", "yuka", "kenta"])   # "human" or a CPU kind
    options: dict = field(default_factory=dict)     # the game's options (``GameDef.options``)
    resume: Resumed | None = None    # continue a recorded match
    scenario: Scenario | None = None  # a loaded scenario: practice from its position (its steps are not played)
    replay: Record | None = None     # a record to watch (``tdream replay play``)
    speed: int = 1                   # watching: x1, x2, x4, x16
    mode: str = "free"               # free, campaign, practice, spectate, demo (only free and campaign count)
    profiles: list = field(default_factory=list)   # per human seat in set-up order: a profile name or None
    stage: int = -1                  # campaign: the board's place in the run
    colours: dict = field(default_factory=dict)    # a profile's name -> its preferred colour (0-3)
    pads: list = field(default_factory=list)       # per human seat in set-up order: its pad (0-3)

    @property
    def gamedef(self):
        return registry.get(self.game)


def setups_of(game: str, usual: list[str]) -> Callable[..., MatchSetup]:
    """A game's ``MatchSetup`` maker, ``(seed, seats, options, **kwargs)``: its seats (``human`` or
    a CPU kind; ``usual`` when none are given), its options (``GameDef.options``), how it starts."""
    def setup(seed: int = 0, seats=None, options=None, **kwargs) -> MatchSetup:
        return MatchSetup(game, seed, list(seats or usual), dict(options or {}), **kwargs)
    return setup


def seat_names(kinds: list[str], profiles=()) -> list[str]:
    """The seats' names: a profile's, or "Player k" for the k-th human (the same in every
    language, as records keep them); a character's name (numbered when he sits twice)."""
    out = []
    human = 0
    for i, k in enumerate(kinds):
        if k == "human":
            profile = profiles[human] if human < len(profiles) else None
            human += 1
            out.append(profile or f"Player {human}")
        else:
            base = k.split(":")[0]
            name = speaker(base) if base not in ("random", "cpu") else {"random": "Random", "cpu": "CPU"}[base]
            out.append(name if sum(1 for j in kinds if j.split(":")[0] == base) == 1 else f"{name} {i + 1}")
    return out


def seat_problem(kinds: list[str], profiles=()) -> str | None:
    """Why the seats cannot sit at one table, or None: two of them would have one name (a
    profile named as another seat's default, "Player 1", or as a character at the table). Every
    set-up screen asks this before it starts a match (issue 36: a game refuses two seats of one
    name, ``Session.order_seats``)."""
    names = seat_names(kinds, profiles)
    for i, name in enumerate(names):
        if name in names[:i]:
            first = names.index(name)
            return tr("Seats {a} and {b} would both be {name}: choose another profile.", a=first + 1, b=i + 1,
                      name=name)
    return None


__all__ = ["MatchSetup", "setups_of", "seat_names", "seat_problem"]
