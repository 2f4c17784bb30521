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
EMPTY = {"_place_cache": None, "_build_cache": None, "_view": None, "_written": [], "_touched": []}
SHARED = {"ruleset", "board", "_fixed", "_awaits", "_passes", "_tables", "_events", "_pile_cards", "_prices", "_company_ids",
          "_company_index", "_land_index", "_names", "_adj", "_kinds", "_lines", "_cards", "_place_of",
          "_claim_of", "_build_of", "_roll_of", "_jackpot_of", "_forced_of", "_floors_of", "_fee_rates",
          "_start_of", "_survivor_of", "_rolled_of", "_moved_of", "_passed_of", "_landed_of", "_placed_of"}
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
    assert set(mine) == set(theirs) and len(mine) > 80
    for name, value in mine.items():
        if name in EMPTY:
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
