"""Issue 25: what the engine keeps between calls (the legal place and build answers found at a
phase's check, each seat's input points) is what it would find afresh, after every input of
seeded games of ``random`` players and of characters, on every board."""
from tdream.games.towerdream.ai import CHARACTER_IDS, RandomPlayer, make_player
from tdream.games.towerdream.data import board_ids
from tdream.games.towerdream.rules import new_game
from tdream.games.towerdream.rules.game import Game


def fresh(g):
    """The legal answers and the input point of the same state read afresh (``from_json``: a game
    that has kept nothing yet; a copy shares the input points found so far)."""
    c = Game.from_json(g.ruleset, g.board, g.to_json())
    return list(c.legal_answers()), c.awaiting()


# A copy's attributes (``Game._copy_from``): the caches it starts without, the read-only look-ups
# it shares with its source, its scratch lists; every other attribute is equal and its own.
EMPTY = {"_place_cache": None, "_build_cache": None, "_view": None, "_text": None, "_lands_written": []}
SHARED = {"ruleset", "board", "tables"}
SCRATCH = {"_counts", "_fees"}      # a method's working lists: the copy's own, zeros


def attributes(g) -> dict:
    names = getattr(type(g), "__mypyc_attrs__", None) or list(vars(g))
    return {n: getattr(g, n) for n in names if not n.startswith("__")}


def mutable_parts(value, out):
    """Every list and dict inside ``value``: a copy's state may share none of them."""
    if isinstance(value, (list, dict)):
        out.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            mutable_parts(v, out)
    elif isinstance(value, tuple):
        for v in value:
            mutable_parts(v, out)
    return out


def check_copy(g):
    c = g.copy()
    mine, theirs = attributes(c), attributes(g)
    assert set(mine) == set(theirs) and len(mine) > 40
    for name, value in mine.items():
        if name == "_text" and theirs[name] is not None:     # the source's unchanging parts, nothing else
            assert value is not theirs[name] and value.fixed is theirs[name].fixed, name
        elif name in EMPTY:
            assert value == EMPTY[name], name
        elif name in SHARED:
            assert value is theirs[name], name
        elif name in SCRATCH:
            assert value == [0] * len(g.names) and value is not theirs[name], name
        elif name == "rng":
            assert value is not theirs[name] and value.state == theirs[name].state
        else:
            assert value == theirs[name], name
            shared = {id(x) for x in mutable_parts(theirs[name], [])}
            assert not any(id(x) in shared for x in mutable_parts(value, [])), f"{name} is not the copy's own"
    assert c.to_json() == g.to_json() and c.fingerprint() == g.fingerprint()


def play_checking(g, players):
    inputs = 0
    while (aw := g.awaiting()) is not None:
        answers, point = fresh(g)
        if inputs % 7 == 0:
            check_copy(g)
        assert aw == point and aw.kind == g.phase
        assert list(g.legal_answers()) == answers, f"turn {g.turn}, {g.phase}"
        assert list(g.legal_answers(aw.player)) == answers
        g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g.view(aw.player), aw.player))
        inputs += 1
    return inputs


def test_kept_answers_are_the_fresh_ones_random_players(boards, ruleset):
    for i, board in enumerate(board_ids()):
        for seed in (i, 100 + i):
            g, _ = new_game(ruleset, boards[board], list("ABCD"), seed=seed)
            assert play_checking(g, [RandomPlayer(seed * 5 + k) for k in range(4)]) >= 10


def test_kept_answers_are_the_fresh_ones_characters(boards, ruleset):
    ids = list(CHARACTER_IDS)
    for i, board in enumerate(board_ids()[:3]):
        kinds = [ids[(i * 3 + k) % len(ids)] for k in range(3)]
        g, _ = new_game(ruleset, boards[board], kinds, seed=40 + i, options={"players": 3})
        assert play_checking(g, [make_player(k, 7 + n) for n, k in enumerate(kinds)]) >= 10


# ---------------------------------------------------------------- the Lands' one door
LAND_LISTS = {"owner", "floors", "company"}
DOOR = {"_set_owner", "_set_floors", "_set_company"}
MUTATE = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"}


def writes_behind_the_door(source: str) -> list[str]:
    """Each write to an element of a Land list (``owner``, ``floors``, ``company``: an attribute
    of that name or a local one) in ``source``, outside the door's three methods: `function:line`."""
    import ast

    def named(node) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr in LAND_LISTS) or \
            (isinstance(node, ast.Name) and node.id in LAND_LISTS)

    out = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name in DOOR:
            continue
        for node in ast.walk(fn):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            hit = any(isinstance(t, ast.Subscript) and named(t.value) for t in targets)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATE:
                hit = hit or named(node.func.value)
            if hit:
                out.append(f"{fn.name}:{node.lineno}")
    return out


def test_a_land_is_written_only_through_its_door():
    # A rule that wrote a Land by hand would leave the seats' Lands and Floors, the Companies'
    # Lands and the state text's hint behind it (the door keeps them with the Land).
    from tests.conftest import ROOT
    source = (ROOT / "tdream" / "games" / "towerdream" / "rules" / "game.py").read_text(encoding="utf-8")
    assert writes_behind_the_door(source) == []


def test_the_door_check_finds_a_write_behind_it():
    source = ("class G:\n    def _set_floors(self, x, n):\n        self.floors[x] = n\n"
              "    def rule(self, x):\n        floors = self.floors\n        floors[x] += 1\n"
              "        self.company[x] = 2\n        self.owner.append(x)\n")
    assert writes_behind_the_door(source) == ["rule:6", "rule:7", "rule:8"]
