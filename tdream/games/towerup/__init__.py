"""Tower Up (Largey, Crittin and Pauchon, 2024) on the tdream platform (docs/RULES-towerup.md).

``GAME`` is its ``GameDef``. The package:

- ``data.py`` and the YAML beside it: cities, cards, tracks and counts, objectives, CPU styles;
- ``answers.py``, ``events.py``, ``objectives.py``, ``match.py`` (the rules engine), ``position.py``;
- ``scenario.py`` (scenario keys), ``players.py`` (CPU players), ``queries.py`` (front-end queries),
  ``commentary.py`` with ``comments.yaml``, ``narration.py`` (text play), ``style.py`` (each seat's
  style figures for ``simulate --json`` and ``tournament``).

docs/games/towerup.md has the rulings the engine adds (E1, E2, ...) and how the CPU thinks.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from ...datadirs import with_boards
from ...platform.options import check_options, full_options
from ...platform.protocol import OptionSpec, Program, Words, own_playout_chance
from ...platform.roster import CharacterGame
from . import narration
from .answers import CHANCE_KINDS, DECISIONS
from .data import STANDARD, city_for, earlier_hashes, make_rules, own_cities, shipped, styles
from .position import from_position
from .scenario import TowerUpScenarios

OPTIONS = (
    OptionSpec("extra_turn_on_last_roof", False, rule="UG4.1",
               help="an extra turn earned by placing one's last roof (or by a build that leaves the city no site to "
                    "build on) is played instead of lost",
               label="Last-roof extra turn",
               setup_help="UG4.1: an extra turn earned by placing one's last roof (or by the build that fills the "
                          "city, UG5.2) is lost; on: it is played."),
    OptionSpec("players", None, lo=2, hi=4, nullable=True, rule="UG1.2",
               help="seats, 2-4 (none: as many as are seated); 2 players play the 30-site city, 3-4 the 36-site one"),
)


@lru_cache(maxsize=None)
def _options() -> tuple[OptionSpec, ...]:
    """OPTIONS, and a ``city`` option when a player's own city file of ``boards/towerup/`` loads
    (none: the options are OPTIONS alone). Each own file that does not load is left out with one
    line on stderr naming the file, the line and the problem."""
    own = own_cities()
    for line in own.left_out:
        print(f"tdream: city left out: {line}", file=sys.stderr)
    if not own.cities:
        return OPTIONS
    return OPTIONS + (OptionSpec(
        "city", STANDARD, (STANDARD,) + tuple(own.cities), rule="UG1.2",
        help="the city: standard (the shipped one for the player count) or a player's own (boards/towerup/), "
             "played with the player counts it is for (the shipped one with others)",
        words=((STANDARD, "the shipped one"),) + tuple(own.names.items()),
        value_help=tuple((cid, f"{own.names[cid]}: {len(c.sites)} sites, for {'/'.join(map(str, c.players))} players "
                               f"(boards/towerup/; with others the shipped city is played)")
                         for cid, c in own.cities.items()),
        setup_help="UG1.2: the shipped city of the player count, or a city of your own from boards/towerup/."),)


class TowerUp(CharacterGame):
    id = "towerup"
    name = "Tower Up"
    name_ja = "タワーアップ"
    seats = (2, 4)
    default_seats = 4
    seat_option = "players"            # the seat count is a rule of the game's options (set from the seats)
    terms = ("Tower Up", "roofs?", "vehicles?", "objective chips?")
    simultaneous = False
    chance = True
    hidden = True                 # the order of a stacked deck and the RNG: nobody's to see
    decision_kinds = DECISIONS
    chance_kinds = CHANCE_KINDS
    # its hot modules (tdream native): the rules engine, the objectives it checks, the CPU players
    program = Program(native_modules=("tdream.games.towerup.match", "tdream.games.towerup.objectives",
                                      "tdream.games.towerup.players"),
                      playout_chance=own_playout_chance)

    scenario = TowerUpScenarios()

    @property
    def options(self):  # type: ignore[override]
        return _options()

    # ---------------------------------------------------------------- data
    def data(self):
        return shipped()

    def data_hash(self) -> str:
        return shipped().hash

    def data_files(self) -> list:
        """Its package's YAML and its board (``boards/towerup/``: cities.yaml and a player's own
        city files, so that a movie is refused with an own file there)."""
        here = Path(__file__).parent
        return with_boards(super().data_files(), "towerup", here)

    def plays_like(self, data_hash: str) -> bool:
        return data_hash == self.data_hash() or earlier_hashes().get(data_hash) == self.data_hash()

    def variant(self, options: dict) -> str:
        n = options.get("players")
        return city_for(n, options.get("city", STANDARD)) if isinstance(n, int) and not isinstance(n, bool) else ""

    # the Records' words: "Most points 63", "Favourite city the 36-site city"
    words = Words("Points", best="Most points", variant="city",
                  reasons={"roof": "a player placed his last roof (U5.1)", "supply": "a colour ran out in the supply (U5.2)",
                           "city": "no site is left to build on (UG5.2)", "stuck": "nobody could play (E10)"})

    def variant_name(self, variant: str) -> str:
        """A city by its size (UG1.2): the 36-site city, the 30-site city; a player's own by its name."""
        city = shipped().cities.get(variant)
        if city is None:
            return own_cities().names.get(variant, variant)
        return f"the {len(city.sites)}-site city"

    def rules_for(self, seats: int, city: str = STANDARD):
        """The Rules of a match of ``seats`` players on ``city`` (the option's value: ``city_for``)."""
        return make_rules({"city": city_for(seats, city), "cards": "standard", "tracks": "standard"})

    # ---------------------------------------------------------------- matches
    def _check(self, names, options) -> dict:
        lo, hi = self.seats
        if not lo <= len(names) <= hi:
            raise ValueError(f"Tower Up takes {lo}-{hi} players, not {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError("two seats have the same name")
        bad = check_options(self, options or {})
        if bad:
            raise ValueError("; ".join(f"{k}: {w}" for k, w in bad))
        n = (options or {}).get("players")
        if n is not None and n != len(names):
            raise ValueError(f"players: {n}, but {len(names)} seats")
        return full_options(self, options)

    def new_match(self, names, options, seed):
        from .match import TowerUpMatch  # lazy: the engine loads with the first match, not the registry
        opts = self._check(list(names), options)
        return TowerUpMatch.new(self.rules_for(len(names), opts.get("city", STANDARD)), list(names), opts, seed)

    def load_position(self, position, names, options, seed):
        opts = self._check(list(names), options)
        return from_position(position or {}, list(names), opts, seed)

    def match_from_json(self, data: dict):
        from .match import TowerUpMatch  # lazy: the engine loads with the first match, not the registry
        return TowerUpMatch.from_json(make_rules(data["data"]), data)

    def position_seats(self, position):
        return None

    # ---------------------------------------------------------------- players
    def grade(self, kind: str) -> str:
        return styles().grades.get(kind.partition(":")[0], "")   # measured in Tower Up (styles.yaml)

    # ---------------------------------------------------------------- telling it
    narration = narration              # its narration module: describe, turn_breaks, ends_at

    def commentary(self, seat_kinds, seed, talk="sometimes"):
        from .commentary import TowerUpCommentary  # lazy: the engine loads with the first match, not the registry
        return TowerUpCommentary(list(seat_kinds), seed, talk)

    @property
    def style(self):  # type: ignore[override]
        from .style import STYLE  # lazy: the engine loads with the first match, not the registry
        return STYLE

    def score_parts(self, match, seat: int):
        _total, vehicles, cone, chips, _visible = match.score_parts(seat)
        return [("vehicles", vehicles), ("cone", cone), ("chips", chips)]


GAME = TowerUp()

__all__ = ["GAME", "TowerUp", "OPTIONS"]
