"""The CPU characters (issue 4): legal, deterministic, and blind to what a player cannot see."""
import pytest

from tdream.games.towerdream.ai import CHARACTER_IDS, make_player
from tdream.games.towerdream import GAME
from tdream.games.towerdream.rules import new_game

from tests.conftest import seated


class PlayerView:
    """What a seat sees: the game, without its RNG, its shuffled piles and its chance draws."""

    HIDDEN = {"rng", "piles", "discards", "sample_chance", "chance_outcomes", "to_json", "fingerprint",
              "canonical_json"}

    def __init__(self, game):
        object.__setattr__(self, "_g", game)

    def __getattr__(self, name):
        if name in self.HIDDEN:
            raise AssertionError(f"a CPU player looked at game.{name}")
        if name == "copy":
            return lambda: PlayerView(self._g.copy())
        return getattr(self._g, name)

    def __setattr__(self, name, value):
        raise AssertionError(f"a CPU player changed game.{name}")


def play(ruleset, board, kinds, seed, view=False):
    names = [f"{k}-{i}" for i, k in enumerate(kinds)]
    game, _ = new_game(ruleset, board, names, seed=seed)
    seat_kinds = seated(game, names, kinds)
    players = {i: make_player(k, seed * 10 + i) for i, k in enumerate(seat_kinds)}
    answers = []
    while (aw := game.awaiting()) is not None:
        if aw.player < 0:
            answer = game.sample_chance()
        else:
            answer = players[aw.player].choose(PlayerView(game) if view else game)
            assert game.check(answer) is None, f"{seat_kinds[aw.player]} gave an illegal {answer}"
        answers.append(answer)
        game.apply(answer)
    return game, answers


@pytest.mark.parametrize("board", ["classic-7", "hong-kong", "nightmare-13", "bora-bora"])
def test_every_character_plays_legally_to_the_end_seeing_only_what_a_player_sees(ruleset, boards, board):
    for i in range(0, 9, 4):
        kinds = [CHARACTER_IDS[(i + j) % 9] for j in range(4)]
        game, _ = play(ruleset, boards[board], kinds, seed=i + 1, view=True)
        assert game.over


def test_same_seed_same_game_and_difficulties_differ(ruleset, boards):
    b = boards["classic-7"]
    kinds = ["joji", "hazumi", "yuka", "kenta"]
    g1, a1 = play(ruleset, b, kinds, 2)
    assert len(a1) > 100
    g2, a2 = play(ruleset, b, kinds, 2)
    assert a1 == a2 and g1.fingerprint() == g2.fingerprint()
    _, a3 = play(ruleset, b, ["joji:hard", "hazumi:hard", "yuka:hard", "kenta:hard"], 2)
    _, a4 = play(ruleset, b, ["joji:easy", "hazumi:easy", "yuka:easy", "kenta:easy"], 2)
    assert a3 != a1 and a4 != a1


def test_a_copy_is_independent_and_equal(ruleset, boards):
    game, _ = new_game(ruleset, boards["classic-10"], list("ABCD"), seed=9)
    for _ in range(40):
        aw = game.awaiting()
        game.apply(game.sample_chance() if aw.player < 0 else game.legal_answers()[-1])
    copy = game.copy()
    assert copy.canonical_json() == game.canonical_json()
    before = game.fingerprint()
    while (aw := copy.awaiting()) is not None and copy.turn < game.turn + 5:
        copy.apply(copy.sample_chance() if aw.player < 0 else copy.legal_answers()[0])
    assert game.fingerprint() == before and copy.fingerprint() != before


def test_characters_crush_the_random_player(ruleset, boards):
    """A smoke check of strength (the 2,000-game figures are a simulation, docs/games/towerdream.md)."""
    wins = 0
    for seed in range(6):
        kinds = ["hikozaemon", "random", "random", "random"]
        game, _ = play(ruleset, boards["classic-7"], kinds, seed)
        ranking = game.ranking()
        wins += seated(game, [f"{k}-{i}" for i, k in enumerate(kinds)], kinds).index("hikozaemon") in ranking[0]
    assert wins >= 4


def test_character_traits_show_in_their_choices(ruleset, boards):
    """Cosmic Will builds all he can; Hikozaemon keeps a reserve; Marimo stacks one Land."""
    from tdream.games.towerdream.style import average_by_kind
    from tdream.platform.simulate import play_game
    results = [play_game(GAME, ["cosmic-will", "hikozaemon", "marimo", "random"], s, {"board": "classic-10"},
                         style=True) for s in range(4)]
    style = average_by_kind(results)
    assert style["cosmic-will"]["all_in"] > style["hikozaemon"]["all_in"]
    assert style["hikozaemon"]["cash_share"] > style["cosmic-will"]["cash_share"]


def test_hard_characters_look_ahead_seeing_only_what_a_player_sees(ruleset, boards):
    """``hard`` plays past the next die roll and a rival's reply on copies: still through the
    public API only, legal, and the same game for the same seeds."""
    kinds = ["joji:hard", "hikozaemon:hard", "yuderu:hard", "kenta:hard"]
    game, answers = play(ruleset, boards["classic-7"], kinds, seed=3, view=True)
    assert game.over
    _, again = play(ruleset, boards["classic-7"], kinds, seed=3)
    assert again == answers


def test_hard_takes_a_rivals_reply_as_the_landmark_that_gains_him_most(ruleset, boards):
    """``_reply``: where a rival must place a Landmark, the position after the one that gains him
    most Wealth over the player looking ahead; the game itself is left as it was."""
    from tdream.games.towerdream.ai.character import CharacterPlayer
    game, _ = new_game(ruleset, boards["classic-10"], list("ABCD"), seed=21)
    players = {i: make_player(k, i) for i, k in enumerate(seated(game, list("ABCD"), ["kenta", "hazumi", "joji",
                                                                                           "yuderu"]))}
    hard = make_player("yuka:hard", 1)
    assert isinstance(hard, CharacterPlayer)
    checked = 0
    while (aw := game.awaiting()) is not None and checked < 5:
        if aw.kind == "place" and len(game.legal_answers()) > 2:
            p = (aw.player + 1) % 4
            gains = []
            for a in game.legal_answers():
                after, _ = hard._settled(game, aw.player, a)
                w = after.wealth()
                gains.append(w[aw.player] - w[p])
            if len(set(gains)) > 1:       # a Landmark here moves Wealth: a merger or a join
                before = game.fingerprint()
                reply = hard._reply(game, p)
                w = reply.wealth()
                assert w[aw.player] - w[p] == max(gains)
                assert reply.awaiting() != aw or reply.fingerprint() != before
                assert game.fingerprint() == before
                assert hard._reply(game, aw.player) is game       # his own Landmark: no reply
                checked += 1
        game.apply(game.sample_chance() if aw.player < 0 else players[aw.player].choose(game))
    assert checked == 5

