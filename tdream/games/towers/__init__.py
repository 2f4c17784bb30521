"""Towers 2.00 (Sean Lambert, 1995): a tower-building abstract on a square board
(docs/RULES-towers.md; docs/games/towers.md for the package, the engine's rulings and the CPU).

``GAME`` is its ``GameDef``: the options of RULES-towers.md section 7, the match
(``match.TowersMatch``), the scenario keys (``scenario.py``), the CPU players (``players.py``),
the characters' comments (``commentary.py``) and the narration (``narration.py``).

Layout: ``board.py`` (squares, the support rule, territory, collapses: pure functions),
``answers.py``, ``events.py``, ``match.py`` (the state machine and the front-end queries),
``data.py`` with ``rules.yaml`` and ``styles.yaml``, ``search.py`` (evaluation, alpha-beta),
``players.py``, ``scenario.py``, ``commentary.py`` with ``comments.yaml``, ``narration.py``.
"""
from __future__ import annotations

from ...platform.options import check_options, full_options
from ...platform.protocol import GameDef, OptionSpec, PositionError, Program, Words
from ...platform.roster import CHARACTER_IDS
from . import board as bd, narration
from .data import data_hash, earlier_hashes, rules, styles
from .match import TowersMatch
from .narration import score_parts
from .scenario import TowersScenarios

CLAIM_MODES = ("grace", "literal", "enclosed")
FIRST_PLAYER = ("pick", "random")
DEMOLISH = ("none", "advanced", "war")


def _options() -> tuple[OptionSpec, ...]:
    r = rules()
    return (
        OptionSpec("claim_mode", "grace", CLAIM_MODES, rule="TG4.2",
                   help="when territory counts: grace (not until every player has a tower), literal (T4.1 as "
                        "written: the game ends at move one), enclosed (also never a group touching the edge)",
                   label="Territory", value_help=(
                       ("grace", "Territory counts once every player has a tower on the board (TG4.2). The usual "
                                 "game."),
                       ("literal", "T4.1 as written: after the first tower the whole board is claimed, so the game "
                                   "ends at once. For the curious."),
                       ("enclosed", "As grace, and ground that touches the board's edge is never claimed (TG4.2)."))),
        OptionSpec("first_player", "pick", FIRST_PLAYER, rule="TG2.1",
                   help="who goes first: pick (secret picks, T2.1) or random (the seeded coin); 3-4 players: random",
                   label="First player", words=(("pick", "picks"), ("random", "coin")), value_help=(
                       ("pick", "Each player picks a size 1-9 in secret; the sum decides who goes first (T2.1)."),
                       ("random", "The first player is drawn at random (TG2.1).")),
                   upto_seats=2, past_seats=("drawn", "With 3 or 4 players the first player is drawn: secret picks "
                                                      "are for two (TG2.1).")),
        OptionSpec("demolish", "none", DEMOLISH, rule="T7.1",
                   help="demolition: none, advanced (T7.1: remove an own tower if none is left unsupported) or "
                        "war (T7.2: remove it anyway; every unsupported tower falls, again and again)",
                   label="Demolition", words=(("war", "corporate war"),), value_help=(
                       ("none", "No demolition: a tower stands for good."),
                       ("advanced", "On his turn a player may remove one of his towers when no tower is left "
                                    "unsupported, then build as usual (T7.1)."),
                       ("war", "Corporate war: remove one of your towers anyway; every tower left unsupported falls, "
                               "again and again (T7.2)."))),
        OptionSpec("size", r.size_default, lo=r.size_min, hi=r.size_max, rule="T1.1",
                   help=f"the board's side: {r.size_min}-{r.size_max} squares (columns a-l)",
                   label="Board", word="{k}x{k}",
                   setup_help="The board's side, 6 to 12 squares (T1.1). 8x8 is the game as written."),
        OptionSpec("players", r.players_default, lo=r.players_min, hi=r.players_max, rule="TG7.2",
                   help="seats (2-4; with 3-4 the first player is drawn and the next seat is asked to end)"),
    )


class Towers(GameDef):
    id = "towers"
    name = "Towers"
    name_ja = "タワーズ"
    seats = (2, 4)
    default_seats = 2
    seat_option = "players"            # the seat count is a rule of the game's options (set from the seats)
    terms = ("Towers 2\\.00", "Towers'", "double turns?", "demolish(ed|es|ing)?", "demolitions?", "walled in",
             "secret picks?")
    simultaneous = True                 # the secret picks (TG2.1)
    chance = False                      # the first player of random/3-4 seats is drawn at set-up
    hidden = True                       # the other seat's pick until both are in; the RNG
    decision_kinds = ("pick", "place", "end")
    chance_kinds = ()
    options = _options()
    # compiled by ``tdream native`` (mypyc): the board's rules, the match, the CPU's search
    program = Program(native_modules=("tdream.games.towers.board", "tdream.games.towers.match", "tdream.games.towers.search"))

    scenario = TowersScenarios()

    # ---------------------------------------------------------------- data
    def data_hash(self) -> str:
        return data_hash()

    def plays_like(self, data_hash: str) -> bool:
        return data_hash == self.data_hash() or earlier_hashes().get(data_hash) == self.data_hash()

    def variant(self, options: dict) -> str:
        n = full_options(self, options)["size"]
        return f"{n}x{n}"

    # the score is a sum (T6.2: tower sizes added); the Records: "Best sum 40", "Favourite board size 8x8"
    words = Words("Sum", best="Best sum", variant="board size",
                  reasons={"full": "no empty square is left (T6.1)", "ended": "the end was declared after a pass (T6.1)",
                           "passes": "a round of passes: every player passed (TG6.1)"})

    def variant_name(self, variant: str) -> str:
        return f"the {variant} board" if variant else ""

    def variant_text(self, variant: str) -> str:
        return variant

    def _match_options(self, names: list[str], options: dict | None) -> dict:
        options = dict(options or {})
        bad = check_options(self, options)
        if bad:
            raise ValueError("; ".join(f"{k}: {why}" for k, why in bad))
        lo, hi = self.seats
        if not lo <= len(names) <= hi:
            raise ValueError(f"Towers has {lo}-{hi} seats, not {len(names)}")
        if "players" in options and options["players"] != len(names):
            raise ValueError(f"players: {options['players']} but {len(names)} seats")
        full = full_options(self, options)
        full["players"] = len(names)
        return full

    # ---------------------------------------------------------------- matches
    def new_match(self, names, options, seed):
        return TowersMatch.new(list(names), self._match_options(list(names), options), seed)

    def load_position(self, position: dict, names: list[str], options: dict, seed: int):
        opts = self._match_options(list(names), options)
        geo = bd.geometry(opts["size"])
        problems: list[tuple[tuple, str]] = []
        towers = []
        for sq, seat, s in position.get("towers", []):
            path = ("towers", sq)
            if sq not in geo.index:
                problems.append((path, f"no square {sq} on the {geo.n}x{geo.n} board (TG1.1)"))
                continue
            if not 0 <= seat < len(names):
                problems.append((path + ("owner",), f"no seat {seat}"))
                continue
            if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= bd.MAX_SIZE:
                problems.append((path + ("size",), f"a tower is size 1-{bd.MAX_SIZE}, not {s!r} (T1.2)"))
                continue
            towers.append((geo.index[sq], seat, s))
        doubles: list = [None] * len(names)
        most = rules().double_turns
        for name, n in (position.get("double_turns") or {}).items():
            if name not in names:
                problems.append((("double_turns", name), f"unknown player {name!r}"))
            elif isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= most:
                problems.append((("double_turns", name), f"{n!r}: a player has 0-{most} double turns (T5.1)"))
            else:
                doubles[names.index(name)] = n
        to_move = position.get("to_move")
        if to_move is not None and to_move not in names:
            problems.append((("to_move",), f"unknown player {to_move!r}"))
        if problems:
            raise PositionError(problems)
        return TowersMatch.from_position(list(names), opts, seed, towers, doubles,
                                         names.index(to_move) if to_move is not None else None)

    def match_from_json(self, data: dict):
        return TowersMatch.from_json(data)

    # ---------------------------------------------------------------- players
    def cpu_kinds(self) -> tuple[str, ...]:
        return ("random", "cpu") + CHARACTER_IDS

    def make_player(self, kind: str, seed: int):
        from .players import make_player  # lazy: the engine loads with the first match, not the registry
        self.split_kind(kind)
        return make_player(kind, seed, self.cpu_kinds())

    def grade(self, kind: str) -> str:
        return styles().grades.get(kind.partition(":")[0], "")   # measured in Towers (styles.yaml)

    # ---------------------------------------------------------------- telling it
    @property
    def narration(self):  # type: ignore[override]
        """Its narration module: describe, turn_breaks, ends_at."""
        return narration

    def commentary(self, seat_kinds: list[str], seed: int, talk: str = "sometimes"):
        from .commentary import TowersCommentary  # lazy: the engine loads with the first match, not the registry
        return TowersCommentary(seat_kinds, seed, talk)

    def score_parts(self, match, seat: int):
        return score_parts(match, seat)


GAME = Towers()

__all__ = ["GAME", "Towers", "TowersMatch"]
