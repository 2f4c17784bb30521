"""Narration (one English line per event, by name) and the characters' comments."""
from tdream.games.cattower import GAME
from tdream.games.cattower import events as ev
from tdream.games.cattower.commentary import CatTowerCommentary
from tdream.platform.conformance import random_session
from tdream.platform.roster import CHARACTER_IDS
from tdream.platform.session import Seat, Session


def _game(kinds, seed, talk="always"):
    seats = [Seat(f"Cat{i}", k) for i, k in enumerate(kinds)]
    s, first = Session.start(GAME, seats, {}, seed)
    com = GAME.commentary(list(kinds), seed, talk)
    said, lines = list(com.react(s.match, first)), [GAME.narration.describe(e, s.match) for e in first]

    def watch(sess, seat, answer, events, given):
        lines.extend(GAME.narration.describe(e, sess.match) for e in events)
        said.extend(com.react(sess.match, events))
    s.observers.append(watch)
    s.run()
    return s, com, said, [x for x in lines if x]


def test_describe_uses_seat_names_for_every_event_kind():
    s, _, _, lines = _game(("cpu", "joji", "random", "marimo"), 3)
    text = "\n".join(lines)
    assert "Cat0" in text and "Round 1:" in text and "rolls" in text and "takes the" in text
    assert lines[-1].startswith("Round ") and " ends. Scores: " in lines[-1]    # the end: text play's line
    assert " seat " not in text and "P1" not in text
    assert GAME.narration.describe(ev.AnswerGiven(0, "draw"), s.match) is None


def test_describe_tells_each_event_in_one_line():
    m, _ = GAME.new_match(["Ann", "Bo"], {}, 0)
    samples = [ev.GoodDrawn(0, 6, "t3f2", 2, (6, 2), 1, 0, 5), ev.Passed(1, 1, 0, 3),
               ev.HouseScored(0, "t1f1", 6, 5, 15), ev.TowerCompleted(1, 3, 18, True),
               ev.FirstCrossedOut(3, (0,)), ev.OneCellFromEnd(1, 5, "t5f5"), ev.SharedDie(4),
               ev.DieTaken(0, 6, (1, 6), (1,))]
    for e in samples:
        line = GAME.narration.describe(e, m)
        assert line and "\n" not in line and ("Ann" in line or "Bo" in line or type(e) is ev.SharedDie), e
    assert GAME.narration.describe(ev.GameOver("three towers", ((1,), (0,)), (40, 50)), m) is None    # text play tells it
    assert "a group of 5 mice (25 points)" in GAME.narration.describe(samples[0], m)
    assert "counts mice: 5 x 3 = 15" in GAME.narration.describe(samples[2], m)


def test_seated_characters_voice_their_own_moments_and_spectators_the_side():
    s, com, said, _ = _game(("joji", "random", "marimo", "random"), 5)
    assert said, "talk=always must say something"
    for c in said:
        if c.about >= 0:
            assert c.speaker == ("joji", None, "marimo", None)[c.about]
        else:
            assert c.speaker not in ("joji", "marimo") and c.speaker in CHARACTER_IDS
    assert any(c.about == -1 for c in said) and any(c.about >= 0 for c in said)
    assert {"won", "lost"} & set(com.fired)


def test_comments_are_the_same_for_the_same_seed_and_never_change_the_game():
    a = _game(("kenta", "yuka", "hazumi"), 8)
    b = _game(("kenta", "yuka", "hazumi"), 8)
    assert [c.en for c in a[2]] == [c.en for c in b[2]]
    quiet = _game(("kenta", "yuka", "hazumi"), 8, talk="never")
    assert quiet[2] == [] and quiet[0].match.fingerprint() == a[0].match.fingerprint()


def test_every_slot_can_fire():
    fired = set()
    for seed in range(12):
        s = random_session(GAME, seed)
        com = CatTowerCommentary(["cpu"] * 4, seed, "never")
        while s.match.awaiting() is not None:
            events = s.advance()
            com.react(s.match, events or [])
        fired |= set(com.fired)
    for seed in range(4):
        fired |= set(_game(("marimo:hard", "cosmic-will", "joji", "yuka"), seed, "never")[1].fired)
    from tdream.games.cattower.commentary import game_comments
    slots, _ = game_comments()
    assert [x for x in slots if x not in fired] == []
