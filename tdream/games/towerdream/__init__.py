"""Tower Dream (ASCII, 1996): the platform's first game (RULES.md).

``GAME`` is its ``GameDef``: the ruleset and boards, the engine (``tdream.games.towerdream.rules``), the nine
CPU characters, its scenario keys, its narration and its front-end scenes.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from ...datadirs import with_boards
from ...errors import DataError
from ...platform.protocol import GameDef, OptionFlag, OptionSpec, PositionError, Program, Words, own_playout_chance
from .data import board_ids, load_board, load_ruleset
from .data.loader import boards_dir
from .parts import PARTS, VersionOne
from .scenario import TowerDreamScenarios

HOUSE_RULES = ("starting_cash", "salary", "end_percent", "players", "build_scope", "max_rounds")


def _commands(sub) -> None:
    from .cli import add_commands  # lazy: the engine loads with the first match, not the registry
    add_commands(GAME, sub)


def _bench_lineups(level: str = "normal") -> list[list[str]]:
    """The nine characters at three tables of four (the last one topped up): the decision times."""
    from .ai import CHARACTER_IDS  # lazy: the engine loads with the first match, not the registry
    ids = list(CHARACTER_IDS)
    tables = [ids[i:i + 4] for i in range(0, len(ids), 4)]
    tables[-1] += ids[:4 - len(tables[-1])]
    suffix = "" if level == "normal" else f":{level}"
    return [[k + suffix for k in t] for t in tables]


class TowerDream(GameDef):
    id = "towerdream"
    name = "Tower Dream"
    name_ja = "タワードリーム"
    seats = (2, 4)
    default_seats = 4
    seat_option = "players"            # the seat count is a rule of the game's options (set from the seats)
    terms = ("Tower Dream", "Landmarks?", "Jackpots?", "Wealth", "Owner Bonus(es)?", "Line Fees?", "Compan(y|ies)",
             "Building Marks?", "slot machine", "mergers?")
    simultaneous = False
    chance = True
    hidden = True                 # the card piles' order (and the RNG): nobody's to see
    live_views = True             # view(seat) is the game behind a read-only window (SealedView)
    # the results screen's and the Records' words: "Best Wealth 5,000G", "Favourite board Lucky Star"
    words = Words("Wealth", "G", {"cash": "Cash", "properties": "Property", "bonuses": "Bonus"}, "Best Wealth", "board",
                  {"percent": "the Lands are covered", "broke": "a player went broke", "stalemate": "no more moves",
                   "rounds": "the round limit"})
    decision_kinds = ("sell", "place", "company", "survivor", "build", "pile", "jackpot", "forced_sale", "floors")
    chance_kinds = ("roll", "draw", "slot")

    scenario = TowerDreamScenarios()

    # ---------------------------------------------------------------- data
    def ruleset(self):
        return _ruleset()

    def board_ids(self) -> list[str]:
        """The boards a match may be set up on (``_playable``: a bad file left out)."""
        return list(_playable())

    def board(self, board_id: str):
        return _board(board_id)

    # ---------------------------------------------------------------- the command line
    # --board; its hot rules and the random player (tdream native: bench and simulate play four of
    # those); ``tdream board list|show``; the nine characters' decision times at three tables
    program = Program(flags=(OptionFlag("board", "board", "ID", "the board's id (tdream board list; default classic-10)"),),
                      native_modules=("tdream.games.towerdream.rules.game", "tdream.games.towerdream.rules.state_text",
                                      "tdream.games.towerdream.rules.answer_lists",
                                      "tdream.games.towerdream.ai.random_player"),
                      commands=_commands, bench_lineups=_bench_lineups, playout_chance=own_playout_chance)

    @property
    def options(self):  # type: ignore[override]
        return _options()

    def rules_id(self) -> str:
        return self.ruleset().id

    def data_hash(self) -> str:
        return self.ruleset().data_hash

    def plays_like(self, data_hash: str) -> bool:
        return self.ruleset().plays_like(data_hash)

    @property
    def parts(self):
        return tuple(PARTS)

    legacy = VersionOne()                 # its version-1 records (a board in the header)

    def variant(self, options: dict) -> str:
        return options.get("board", "classic-10")

    def variant_name(self, variant: str) -> str:
        return self.board(variant).name

    # ---------------------------------------------------------------- matches
    def _house(self, options: dict, seats: int) -> dict:
        house = {k: v for k, v in options.items() if k != "board"}
        house.setdefault("players", seats)
        return house

    def new_match(self, names, options, seed):
        from .rules import new_game  # lazy: the engine loads with the first match, not the registry
        board = self.board(options.get("board", "classic-10"))
        return new_game(self.ruleset(), board, list(names), seed=seed, options=self._house(options, len(names)))

    def load_position(self, position, names, options, seed):
        from .rules import Game  # lazy: the engine loads with the first match, not the registry
        board = self.board(position.get("board") or options.get("board", "classic-10"))
        if "seats" not in position:
            raise PositionError([(("seats",), "missing: a position names its seats")])
        lands = {k: tuple(v) for k, v in position.get("lands", {}).items()}
        seats = position["seats"]
        return Game.from_position(self.ruleset(), board, seats, options=self._house(options, len(seats)), seed=seed,
                                  round=position.get("round", 2), to_move=position.get("to_move", 0),
                                  jackpot=position.get("jackpot", 1), lands=lands,
                                  companies=position.get("companies", {}))

    def match_from_json(self, data: dict):
        from .rules import Game  # lazy: the engine loads with the first match, not the registry
        return Game.from_json(self.ruleset(), self.board(data["board"]), data)

    # ---------------------------------------------------------------- players
    def cpu_kinds(self):
        from .ai import PLAYER_KINDS  # lazy: the engine loads with the first match, not the registry
        return PLAYER_KINDS

    def make_player(self, kind: str, seed: int):
        from .ai import make_player  # lazy: the engine loads with the first match, not the registry
        return make_player(kind, seed)

    def grade(self, kind: str) -> str:
        from .ai.roster import roster  # lazy: the engine loads with the first match, not the registry
        p = roster().get(kind.partition(":")[0])   # the cartridge's grades (data/roster.yaml)
        return p.grade if p is not None else ""

    # ---------------------------------------------------------------- telling it
    def round_of(self, match) -> int:
        return match.round

    @property
    def narration(self):  # type: ignore[override]
        """Its narration module: describe, turn_breaks, ends_at."""
        from . import narrate  # lazy: it brings the CPU characters' words (the AI, numpy) with it
        return narrate

    def commentary(self, seat_kinds, seed, talk):
        from .ai.commentary import Commentary  # lazy: the engine loads with the first match, not the registry
        return Commentary(list(seat_kinds), seed, talk)

    @property
    def style(self):  # type: ignore[override]
        from .style import STYLE  # lazy: the engine loads with the first match, not the registry
        return STYLE

    def data_files(self) -> list:
        """Its package's YAML, its boards (``boards/towerdream/``, hashed where they lay before,
        in ``data/boards/``) and the boards of ``$TDREAM_BOARDS``."""

        own = with_boards(super().data_files(), "towerdream", Path(__file__).parent / "data" / "boards")
        return own + [f for f in sorted(Path(boards_dir()).glob("*.yaml")) if f not in own]

    def score_parts(self, match, seat: int):
        cash, props, bonus = match.wealth_parts()[seat]
        return [("cash", cash), ("properties", props), ("bonuses", bonus)]


@lru_cache(maxsize=None)
def _ruleset():
    return load_ruleset()


@lru_cache(maxsize=None)
def _board(board_id: str):
    return load_board(board_id, _ruleset())


@lru_cache(maxsize=None)
def _playable() -> tuple[str, ...]:
    """The ids of the board files that load (``boards/towerdream/``, or ``$TDREAM_BOARDS``): a
    player's own board dropped there is offered like the shipped ones; a file that does not load
    is left out, with one line on stderr naming the file, the line and the first problem."""
    out = []
    for b in board_ids():
        try:
            _board(b)
        except DataError as e:
            more = f" (and {len(e.problems) - 1} more)" if len(e.problems) > 1 else ""
            print(f"tdream: board left out: {e.problems[0]}{more}", file=sys.stderr)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            print(f"tdream: board left out: {boards_dir() / (b + '.yaml')}:0: not a board ({e})", file=sys.stderr)
        else:
            out.append(b)
    return tuple(out)


@lru_cache(maxsize=None)
def _options() -> tuple[OptionSpec, ...]:
    return (
        # the set-up offers fewer values than the rules allow (``offer``, ``step``); a board's words are
        # its name (the front end's ``SetupScreen.value_words``)
        OptionSpec("board", "classic-10", _playable(), help="the board (PRESENTATION.md)"),
        OptionSpec("starting_cash", 1500, lo=0, hi=10_000_000, rule="R2.2", help="starting cash",
                   word="{k:,}G", step=500, offer=(500, 10_000)),
        OptionSpec("salary", 1500, lo=0, hi=10_000_000, rule="R4.2", help="the salary for passing Start",
                   word="{k:,}G", step=250, offer=(0, 5000)),
        OptionSpec("end_percent", 75, lo=1, hi=100, rule="R9.1", help="the share of Lands covered that ends the game",
                   label="Game ends at", word="{percent}% covered", step=5, offer=(40, 100)),
        OptionSpec("players", 4, lo=2, hi=4, rule="G2.1", help="seats"),
        OptionSpec("build_scope", "any", ("any", "line"), rule="G8.1", help="build on any Company Land, or the Line's",
                   label="Build on", words=(("any", "any Company Land"), ("line", "the Line's Lands"))),
        OptionSpec("max_rounds", None, lo=1, hi=100_000, nullable=True, rule="G9.2", help="a limit of rounds",
                   label="Round limit", word="{k}", step=5, offer=(1, 99)),
    )


GAME = TowerDream()
