"""Issue 25: what the engine keeps between calls (the legal place and build answers found at a
phase's check, each seat's input points) is what it would find afresh, after every input of
seeded games of ``random`` players and of characters, on every board."""
from tdream.games.towerdream.ai import CHARACTER_IDS, RandomPlayer, make_player
from tdream.games.towerdream.data import board_ids
from tdream.games.towerdream.rules import new_game


def fresh(g):
    """The legal answers and the input point of a copy, which has kept nothing yet."""
    c = g.copy()
    return list(c.legal_answers()), c.awaiting()


def play_checking(g, players):
    inputs = 0
    while (aw := g.awaiting()) is not None:
        answers, point = fresh(g)
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
