"""CAT TOWER (Lee Ju-Hwa and Kim Giung, 2019): a dice roll-and-write game (RULES-cattower.md).

``GAME`` is its ``GameDef``: the sheet (``boards/cattower/sheet.yaml``), the engine (``match.py``), the answers
and events, the scenario adapter (``scenario.py``), the CPU players (``players.py``, styles in
``styles.yaml``), the characters' comments (``comments.yaml``, ``commentary.py``), the narration
(``narration.py``) and the front end's queries (``queries.py``). docs/games/cattower.md has the
design notes.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...datadirs import with_boards
from ...platform.options import check_options, full_options
from ...platform.protocol import OptionSpec, Program, Words, own_playout_chance
from ...platform.roster import CharacterGame
from ...yamlio import content_hash, plain_yaml
from . import narration
from .answers import CHANCE_KINDS, DECISIONS
from .scenario import CatTowerScenarios
from .sheet import SHEET_PATH, default_sheet
from .styles import STYLES_PATH, default_styles

OPTIONS = (
    OptionSpec("pass_footprints", 1, lo=0, hi=15, rule="C2.3",
               help="footprints a player circles when he passes (0-15)",
               label="Pass gives", word="{k} footprint(s)",
               setup_help="Footprints a player circles when he passes (C2.3); 1 is the game as written."),
    OptionSpec("dishes", "goods", ("goods", "kinds"), rule="C5.4",
               help="dishes score 2 for each good beside them (goods) or for each different good (kinds)",
               label="Dishes count", words=(("goods", "each good"), ("kinds", "each kind")), value_help=(
                   ("goods", "A dish scores 2 for each good beside it (C5.4). The game as written."),
                   ("kinds", "A dish scores 2 for each different good beside it (C5.4)."))),
    OptionSpec("felt_needs_one", False, rule="CG5.2",
               help="a player with no felt in a tower scores nothing there (true), or is ranked with the rest (false)",
               label="Felt with none", words=((True, "scores 0"), (False, "is ranked")), value_help=(
                   (False, "Every player is ranked for felt in every tower, none included (CG5.2)."),
                   (True, "A player with no felt in a tower scores nothing there (CG5.2)."))),
)


class CatTower(CharacterGame):
    id = "cattower"
    name = "CAT TOWER"
    progress_unit = "rounds"            # progress() counts rounds (CG2.3): cattower_rounds_per_s
    name_ja = "キャットタワー"
    seats = (2, 4)
    default_seats = 4
    terms = ("CAT TOWER", "footprints?", "cushions?", "dishes-goods")
    simultaneous = True           # the round's drawings, and its houses (CG2.1)
    chance = True                 # the roll (C2.1)
    hidden = True                 # a drawing is hidden until every seat has drawn (CG2.1)
    live_views = True             # view(seat) is the match behind a read-only window (match.SeatView)
    options = OPTIONS
    decision_kinds = DECISIONS
    chance_kinds = CHANCE_KINDS
    # Its hot modules, compiled by ``tdream native`` (docs/games/cattower.md, "Speed"): the engine,
    # the whole count of the scores, and the CPU players' model.
    program = Program(native_modules=("tdream.games.cattower.match", "tdream.games.cattower.scoring",
                                      "tdream.games.cattower.brain"),
                      playout_chance=own_playout_chance)

    scenario = CatTowerScenarios()

    # ---------------------------------------------------------------- data
    def sheet(self):
        return default_sheet()

    def styles(self):
        return default_styles()

    def data_hash(self) -> str:
        return _data_hash()

    def data_files(self) -> list:
        """Its package's YAML and its board (``boards/cattower/``)."""
        here = Path(__file__).parent
        return with_boards(super().data_files(), "cattower", here)

    def plays_like(self, data_hash: str) -> bool:
        return data_hash == _data_hash() or _earlier_hashes().get(data_hash) == _data_hash()

    def variant(self, options: dict) -> str:
        o = full_options(self, options)
        return f"dishes-{o['dishes']}" + ("-felt1" if o["felt_needs_one"] else "")

    # C5.7: the points of the goods; the Records: "Most points 63", "Favourite variant as written"
    words = Words("Points", best="Most points", variant="variant",
                  reasons={"three towers": "a player has completed three towers (C4.2)"})

    def variant_name(self, variant: str) -> str:
        """A variant as Continue and the Records' last games name a game of it (issue 36: the
        game, not an option's label): the rules as written are CAT TOWER; a house rule is named
        by what it changes, how dishes count (C5.4: by each kind) or that felt is needed to
        score in a tower (CG5.2). Short: the Records' list gives it 16 letters."""
        dishes, _, felt = variant.removeprefix("dishes-").partition("-")
        if dishes not in ("goods", "kinds") or felt not in ("", "felt1"):
            return variant
        if dishes == "kinds" and felt:
            return "2 house rules"
        return "dishes by kind" if dishes == "kinds" else "felt needed" if felt else self.name

    def variant_text(self, variant: str) -> str:
        """After "Favourite variant": the rules as written say so, a house rule as named."""
        name = self.variant_name(variant)
        return "as written" if name == self.name else name

    # ---------------------------------------------------------------- matches
    def _checked(self, names: list[str], options: dict | None) -> dict:
        lo, hi = self.seats
        if not lo <= len(names) <= hi:
            raise ValueError(f"CAT TOWER seats {lo}-{hi} players (C1.1), not {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError("two seats have the same name")
        bad = check_options(self, options or {})
        if bad:
            raise ValueError("; ".join(f"{k}: {why}" for k, why in bad))
        return full_options(self, options)

    def new_match(self, names, options, seed):
        from .match import CatTowerMatch  # lazy: the engine loads with the first match, not the registry
        return CatTowerMatch.new(self.sheet(), list(names), self._checked(list(names), options), seed)

    def load_position(self, position, names, options, seed):
        from .match import CatTowerMatch  # lazy: the engine loads with the first match, not the registry
        return CatTowerMatch.from_position(self.sheet(), list(names), self._checked(list(names), options), seed,
                                           position or {})

    def match_from_json(self, data: dict):
        from .match import CatTowerMatch  # lazy: the engine loads with the first match, not the registry
        return CatTowerMatch.from_json(self.sheet(), data)

    # ---------------------------------------------------------------- players
    def grade(self, kind: str) -> str:
        return default_styles().grades.get(kind.partition(":")[0], "")   # measured in CAT TOWER (styles.yaml)

    # ---------------------------------------------------------------- telling it
    narration = narration              # its narration module: describe, turn_breaks, ends_at

    def commentary(self, seat_kinds, seed, talk="sometimes"):
        from .commentary import CatTowerCommentary  # lazy: the engine loads with the first match, not the registry
        return CatTowerCommentary(list(seat_kinds), seed, talk)

    def score_parts(self, match, seat: int):
        from .scoring import PARTS  # lazy: the engine loads with the first match, not the registry
        row = match.breakdown()[seat]
        return [(k, row[k]) for k in PARTS]


@lru_cache(maxsize=None)
def _data_hash() -> str:
    """What a match and the CPU players depend on: the sheet and the styles, less their
    display-only keys (the grades; the earlier hashes)."""
    parts = []
    for path, unplayed in ((SHEET_PATH, ()), (STYLES_PATH, ("grades", "earlier_hashes"))):
        data = plain_yaml(path)
        parts.append((path.name, {k: v for k, v in data.items() if k not in unplayed} if isinstance(data, dict)
                      else data))
    return content_hash(parts)


@lru_cache(maxsize=None)
def _earlier_hashes() -> dict:
    """An earlier data hash -> today's, where the rules and the CPU players are the same
    (``earlier_hashes`` in styles.yaml)."""
    data = plain_yaml(STYLES_PATH)
    return dict(data.get("earlier_hashes") or {}) if isinstance(data, dict) else {}


GAME = CatTower()

__all__ = ["GAME", "CatTower", "OPTIONS"]
