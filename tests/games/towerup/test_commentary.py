"""Tower Up's comments (comments.yaml) and narration: every character has a line for every slot in
English and Japanese; the seated characters voice their own moments, spectators chime in from the
side; describe tells events with the seats' names; score_parts add up to the score."""
import re

import pytest

from tdream.errors import DataError
from tdream.games.towerup import events as ev
from tdream.games.towerup.commentary import PATH, WORLD, TowerUpCommentary, game_comments
from tdream.platform.comments import load_game_comments
from tdream.platform.protocol import CHANCE
from tdream.platform.roster import CHARACTER_IDS
from tdream.platform.session import Seat, Session

from .conftest import load


def test_comments_file_has_every_character_every_slot():
    slots, lines = game_comments()
    assert len(slots) >= 12
    assert set(lines) == set(CHARACTER_IDS)
    for who in CHARACTER_IDS:
        for slot in slots:
            assert lines[who][slot], (who, slot)
            for line in lines[who][slot]:
                assert line.en.strip() and line.ja.strip()


def test_japanese_lines_use_the_8x8_font_repertoire():
    _slots, lines = game_comments()
    for who, table in lines.items():
        for slot, items in table.items():
            for line in items:
                for ch in line.ja:
                    ch.encode("shift_jis")         # JIS X 0208: kana and the kanji the bitmap font has
                assert not re.search(r"[A-Za-z]{3,}", line.ja), (who, slot, line.ja)


def test_voices_carry_their_marks():
    _slots, lines = game_comments()
    def all_ja(who):
        return " ".join(line.ja for items in lines[who].values() for line in items)
    assert all_ja("tamasaburo").count("ワン") >= 16
    assert all_ja("yuderu").count("ゲソ") >= 16
    assert "わし" in all_ja("hikozaemon") and "ですな" in all_ja("hikozaemon")
    assert "我" in all_ja("cosmic-will") and "オレ" in all_ja("kenta")


def test_a_broken_comments_file_is_refused(tmp_path):
    text = PATH.read_text()
    bad = tmp_path / "comments.yaml"
    bad.write_text(text.replace("    city_full:\n", "    city_fool:\n", 1))
    with pytest.raises(DataError) as e:
        load_game_comments(bad, "towerup")
    assert any("lines.kenta.city_fool: unknown key" in p for p in e.value.problems)
    assert any("lines.kenta.city_full: missing" in p for p in e.value.problems)


def test_seated_characters_voice_their_moments_and_rivals_their_covered_roofs(game):
    m = load(game, names=("A", "B"), sites={"a1": {"floors": ["black"], "roofs": ["B"]}},
             stock={"A": {"white": 1, "black": 1}})
    c = TowerUpCommentary(["kenta", "yuderu"], 3, "always")
    events = m.apply(game.scenario.read_step("build", {"site": "a2", "colour": "white", "roof": "a1"}, None)[0][1],
                     False, 0)
    said = c.react(m, events)
    assert {(x.speaker, x.slot, x.about) for x in said} == {("kenta", "cover_rival", 0), ("yuderu", "roof_covered", 1)}
    assert all(x.en and x.ja for x in said)


def test_spectators_comment_from_the_side_on_table_moments(game):
    c = TowerUpCommentary(["human", "random"], 5, "always")
    said = c.react(None, [ev.FinalTurnsBegin((0, 1))])
    assert said and said[0].about == -1 and said[0].speaker in CHARACTER_IDS and said[0].slot in WORLD
    assert c.react(None, [ev.CardTaken(0, "k1", ("black",), ())]) == []       # a human's own moment: nobody


def test_talk_never_is_silent_and_comments_never_change_the_game(game):
    def run(talk):
        s, start = Session.start(game, [Seat(n, k) for n, k in zip("ABCD", ["joji", "yuka", "cpu", "random"])], {}, 9)
        com = game.commentary(s.kinds, 9, talk)
        count = len(com.react(s.match, start))
        while s.match.awaiting() is not None:
            count += len(com.react(s.match, s.advance()))
        return s.match.fingerprint(), count, com
    f1, n1, c1 = run("never")
    f2, n2, c2 = run("always")
    assert f1 == f2 and n1 == 0 and n2 > 20
    assert set(c2.fired) >= {"game_start", "take_card", "build", "win", "lose"}


def test_describe_tells_events_with_names(game):
    s, events = Session.start(game, [Seat("Ann", "cpu"), Seat("Bob", "cpu"), Seat("Cy", "cpu")], {}, 2)
    lines = [game.describe(e, s.match) for e in events]
    told = []
    while s.match.awaiting() is not None:
        for e in s.advance():
            line = game.describe(e, s.match)
            if line is not None:
                told.append(line)
                assert "seat" not in line and not re.search(r"\bP?\d+ (takes|builds)", line)
    text = "\n".join(x for x in lines + told if x)
    for part in ("goes first.", "Objectives:", "is dealt into the market.", "Ann ", "Bob ", "Cy ", "builds a",
                 "roofs", "scores", "Game over:"):
        assert part in text, part
    assert game.describe(ev.TurnStarted(0, 3, False, False), s.match) is None


def test_score_parts_add_up_to_the_score(game):
    s, _ = Session.start(game, [Seat("A", "cpu"), Seat("B", "random")], {}, 6)
    checked = 0
    while s.match.awaiting() is not None:
        s.advance()
        if s.match.awaiting() is None or s.match.awaiting().player != CHANCE:
            for seat in range(2):
                parts = game.score_parts(s.match, seat)
                assert [k for k, _v in parts] == ["vehicles", "cone", "chips"]
                assert sum(v for _k, v in parts) == s.match.scores()[seat]
                checked += 1
    assert checked > 20 and s.match.over
