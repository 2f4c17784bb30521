"""The characters' comments on Towers: the file, who speaks, determinism."""
import pytest

from tdream.errors import DataError
from tdream.games.towers import GAME
from tdream.games.towers.commentary import TowersCommentary, comments
from tdream.games.towers.data import COMMENTS_PATH
from tdream.platform.comments import load_game_comments
from tdream.platform.roster import CHARACTER_IDS
from tdream.platform.session import Seat, Session


def test_comments_file_has_twelve_slots_or_more_for_all_nine_in_both_languages():
    slots, lines = comments()
    assert len(slots) >= 12 and set(lines) == set(CHARACTER_IDS)
    for who, table in lines.items():
        assert set(table) == set(slots)
        for slot, items in table.items():
            assert items and all(li.en.strip() and li.ja.strip() for li in items)


def test_voices_are_their_own():
    _, lines = comments()
    ja = {who: " ".join(li.ja for t in table.values() for li in t) for who, table in lines.items()}
    assert ja["tamasaburo"].count("ワン") >= 20
    assert ja["yuderu"].count("ゲソ") >= 20
    assert "わし" in ja["hikozaemon"] and "ですな" in ja["hikozaemon"]
    assert "宇宙" in ja["cosmic-will"] and "オレ" in ja["kenta"]


def test_broken_comments_file_is_refused(tmp_path):
    text = COMMENTS_PATH.read_text()
    text = text.replace("  draw: \"the game is over in a draw, the speaker among the first\"\n", "", 1)
    p = tmp_path / "comments.yaml"
    p.write_text(text.replace("game: towers", "game: towerup"))
    with pytest.raises(DataError) as e:
        load_game_comments(p, "towers")
    probs = "\n".join(e.value.problems)
    assert "game: 'towerup': this is 'towers''s file" in probs
    assert "lines.kenta.draw: unknown key" in probs


def run(kinds, seed, talk="always"):
    s, events = Session.start(GAME, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], {}, seed)
    com = GAME.commentary(s.kinds, seed, talk)
    said = list(com.react(s.match, events))
    s.observers.append(lambda _s, _seat, _a, evs, _g: said.extend(com.react(_s.match, evs)))
    s.run()
    return said, com


def test_seated_characters_voice_their_own_moments_and_spectators_speak_about_nobody():
    said, com = run(["joji", "cosmic-will:hard"], 3)
    assert said
    seated = {"joji", "cosmic-will"}
    for c in said:
        if c.speaker in seated:
            assert c.about in (0, 1)
        else:
            assert c.about == -1 and c.slot in ("game_start", "sideline", "spectator_big")
    slots = {c.slot for c in said}
    assert {"game_start", "won", "lost", "first_tower"} & slots
    own = [c for c in said if c.slot in ("won", "lost")]
    assert all(c.speaker == ("joji" if c.about == 0 else "cosmic-will") for c in own)


def test_humans_and_plain_cpu_moments_are_not_voiced_by_the_seat():
    said, com = run(["cpu", "random"], 5)
    assert said and all(c.about == -1 for c in said)
    assert any(slot in ("won", "lost", "draw") for slot, _ in com.fired)


def test_comments_are_deterministic_and_never_change_the_game():
    a, _ = run(["kenta", "yuka"], 8, "often")
    b, _ = run(["kenta", "yuka"], 8, "often")
    assert a == b
    s1, _ = Session.start(GAME, [Seat("A", "kenta"), Seat("B", "yuka")], {}, 8)
    s1.run()
    s2, _ = Session.start(GAME, [Seat("A", "kenta"), Seat("B", "yuka")], {}, 8)
    com = TowersCommentary(s2.kinds, 8, "always")
    s2.observers.append(lambda _s, _seat, _a, evs, _g: com.react(_s.match, evs))
    s2.run()
    assert s1.match.fingerprint() == s2.match.fingerprint()


def test_never_talk_says_nothing():
    said, com = run(["kenta", "yuka"], 2, "never")
    assert said == [] and com.fired
