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

from ...platform.protocol import GameDef, OptionSpec
from .answers import CHANCE_KINDS, DECISIONS
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


class TowerUp(GameDef):
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
    options = OPTIONS
    decision_kinds = DECISIONS
    chance_kinds = CHANCE_KINDS
    # its hot modules (tdream native): the rules engine, the objectives it checks, the CPU players
    native_modules = ("tdream.games.towerup.match", "tdream.games.towerup.objectives",
                      "tdream.games.towerup.players")

    def __init__(self) -> None:
        self.scenario = TowerUpScenarios(self)

    # ---------------------------------------------------------------- data
    def data(self):
        from .data import shipped
        return shipped()

    def data_hash(self) -> str:
        from .data import shipped
        return shipped().hash

    def plays_like(self, data_hash: str) -> bool:
        from .data import earlier_hashes
        return data_hash == self.data_hash() or earlier_hashes().get(data_hash) == self.data_hash()

    def variant(self, options: dict) -> str:
        from .data import city_for
        n = options.get("players")
        return city_for(n) if isinstance(n, int) and not isinstance(n, bool) else ""

    score_label = "Points"
    best_label = "Most points"          # the Records' words: "Most points 63", "Favourite city the 36-site city"
    variant_label = "city"

    def variant_name(self, variant: str) -> str:
        """A city by its size (UG1.2): the 36-site city, the 30-site city."""
        from .data import shipped
        city = shipped().cities.get(variant)
        return f"the {len(city.sites)}-site city" if city is not None else variant

    def reason_text(self, reason: str) -> str:
        return {"roof": "a player placed his last roof (U5.1)", "supply": "a colour ran out in the supply (U5.2)",
                "city": "no site is left to build on (UG5.2)", "stuck": "nobody could play (E10)"}.get(reason, reason)

    def rules_for(self, seats: int):
        """The shipped Rules of a match of ``seats`` players."""
        from .data import city_for, make_rules
        return make_rules({"city": city_for(seats), "cards": "standard", "tracks": "standard"})

    # ---------------------------------------------------------------- matches
    def _check(self, names, options) -> dict:
        lo, hi = self.seats
        if not lo <= len(names) <= hi:
            raise ValueError(f"Tower Up takes {lo}-{hi} players, not {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError("two seats have the same name")
        bad = self.check_options(options or {})
        if bad:
            raise ValueError("; ".join(f"{k}: {w}" for k, w in bad))
        n = (options or {}).get("players")
        if n is not None and n != len(names):
            raise ValueError(f"players: {n}, but {len(names)} seats")
        return self.full_options(options)

    def new_match(self, names, options, seed):
        from .match import TowerUpMatch
        opts = self._check(list(names), options)
        return TowerUpMatch.new(self.rules_for(len(names)), list(names), opts, seed)

    def load_position(self, position, names, options, seed):
        from .position import from_position
        opts = self._check(list(names), options)
        return from_position(position or {}, list(names), opts, seed)

    def match_from_json(self, data: dict):
        from .data import make_rules
        from .match import TowerUpMatch
        return TowerUpMatch.from_json(make_rules(data["data"]), data)

    def position_seats(self, position):
        return None

    # ---------------------------------------------------------------- players
    def cpu_kinds(self):
        from ...platform.roster import CHARACTER_IDS
        return ("random", "cpu") + tuple(CHARACTER_IDS)

    def make_player(self, kind: str, seed: int):
        from .players import make_player
        base, level = self.split_kind(kind)
        return make_player(base, level, seed)

    def grade(self, kind: str) -> str:
        from .data import styles
        return styles().grades.get(kind.partition(":")[0], "")   # measured in Tower Up (styles.yaml)

    # ---------------------------------------------------------------- telling it
    def ends_at(self, events: list) -> int | None:
        from . import events as ev
        return next((i for i, e in enumerate(events) if isinstance(e, ev.GameEnded)), None)

    def describe(self, event, match):
        from .narration import describe
        return describe(event, match)

    def turn_breaks(self, events):
        from .narration import turn_breaks
        return turn_breaks(events)

    def commentary(self, seat_kinds, seed, talk="sometimes"):
        from .commentary import TowerUpCommentary
        return TowerUpCommentary(list(seat_kinds), seed, talk)

    def style_counter(self, seats: int):
        from .style import StyleCounter
        return StyleCounter(seats)

    def style_figure_names(self) -> tuple[str, ...]:
        from .style import FIGURES
        return tuple(FIGURES)

    def style_summary(self, results, kinds: list[str]) -> dict:
        from .style import summary
        return summary(results, kinds)

    def score_parts(self, match, seat: int):
        _total, vehicles, cone, chips, _visible = match.score_parts(seat)
        return [("vehicles", vehicles), ("cone", cone), ("chips", chips)]

    def frontend(self):
        """Its scenes (``frontend.FRONTEND``, a ``GameFrontend``): imported only by the front end."""
        from .frontend import FRONTEND
        return FRONTEND


GAME = TowerUp()

__all__ = ["GAME", "TowerUp", "OPTIONS"]
