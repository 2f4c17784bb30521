"""Tower Up's comments (comments.yaml) and narration: every character has a line for every slot in
English and Japanese; the seated characters voice their own moments, spectators chime in from the
side; describe tells events with the seats' names; score_parts add up to the score."""
import io
import re

import pytest

from tdream.errors import DataError
from tdream.games.towerup import GAME
from tdream.games.towerup import events as ev
from tdream.games.towerup.commentary import HIGH, PATH, WORLD, TowerUpCommentary, game_comments
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
    lines = [game.narration.describe(e, s.match) for e in events]
    told = []
    while s.match.awaiting() is not None:
        for e in s.advance():
            line = game.narration.describe(e, s.match)
            if line is not None:
                told.append(line)
                assert "seat" not in line and not re.search(r"\bP?\d+ (takes|builds)", line)
    text = "\n".join(x for x in lines + told if x)
    for part in ("goes first.", "Objectives:", "is dealt into the market.", "Ann ", "Bob ", "Cy ", "builds a",
                 "roofs", "scores", "Turn 1: "):
        assert part in text, part
    assert game.narration.describe(ev.TurnStarted(0, 3, False, False), s.match) == "Turn 4: Ann."
    assert game.narration.describe(ev.TurnStarted(1, 3, True, True), s.match) == "Turn 4: Bob (extra turn)."
    assert game.narration.describe(ev.GameEnded("roof", ((0,), (1, 2)), (9, 3, 3)), s.match) is None   # text play tells it


def test_text_play_tells_the_final_turns_once_after_the_triggers_score(game):
    """Issue 24 point 6: the end begins, the trigger (of a last roof) scores, then "Final turns"
    once (text play's lines are ``describe``'s, in event order)."""
    from tdream.platform.textplay import play_text
    for seed in range(1, 8):
        s, events = Session.start(game, [Seat("Ann", "cpu"), Seat("Bob", "cpu"), Seat("Cy", "cpu")], {}, seed)
        out = io.StringIO()
        play_text(s, out, events=events, talk="never")
        if s.match.reason == "roof":
            break
    lines = out.getvalue().splitlines()
    assert s.match.reason == "roof"
    assert sum(1 for ln in lines if "Final turns" in ln) == 1
    begun = next(i for i, ln in enumerate(lines) if ln.startswith("The end begins"))
    finals = next(i for i, ln in enumerate(lines) if ln.startswith("Final turns"))
    trigger = s.match.names[s.match.trigger]
    scored = next(i for i, ln in enumerate(lines) if ln.startswith(f"{trigger} scores"))
    assert begun < scored < finals


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


# ---------------------------------------------------------------- true when said (issue 21)
END = {"last_roof": "roof", "colour_out": "supply", "city_full": "city"}


def playout(kinds, seed, talk="always"):
    """A CPU match told as text play tells it (each input cut at the turn breaks): [(events, comments)]."""
    s, events = Session.start(GAME, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], {}, seed)
    com = GAME.commentary(s.kinds, seed, talk)
    out = []

    def tell(evs):
        start = 0
        for cut in sorted({c for c in GAME.narration.turn_breaks(evs) if 0 < c < len(evs)}) + [len(evs)]:
            if cut > start:
                out.append((evs[start:cut], com.react(s.match, evs[start:cut])))
            start = cut
    tell(list(events))
    while s.match.awaiting() is not None:
        tell(s.advance())
    return out, com


def holds(c, evs) -> bool:
    """The slot's condition (comments.yaml's ``slots``) about seat ``c.about`` (-1: a spectator
    on the table's moment), read from the events said about."""
    a = c.about

    def of(cls):
        return [e for e in evs if type(e) is cls]
    if c.slot in END:
        return any(e.reason == END[c.slot] and a in (e.player, -1) for e in of(ev.EndBegun))
    return {
        "game_start": any(a in (e.player, -1) for e in of(ev.FirstPlayerDrawn)),
        "take_card": any(e.player == a for e in of(ev.CardTaken)),
        "discard": any(e.player == a for e in of(ev.FloorsDiscarded)),
        "build": any(e.player == a and e.height < HIGH for e in of(ev.RoofPlaced)),
        "build_high": any(e.player == a and e.height >= HIGH for e in of(ev.RoofPlaced)),
        "cover_rival": any(e.by == a != e.owner for e in of(ev.RoofCovered)),
        "roof_covered": any(e.owner == a != e.by for e in of(ev.RoofCovered)),
        "extra_turn": any(e.player == a and e.chain == 1 for e in of(ev.ExtraTurnEarned)),
        "extra_chain": any(e.player == a and e.chain > 1 for e in of(ev.ExtraTurnEarned)),
        "objective": any(e.player == a for e in of(ev.ObjectiveMet)),
        "final_turns": any(a == -1 or (e.final_turns and a == e.final_turns[0]) for e in of(ev.FinalTurnsBegin)),
        "win": any(a in e.ranking[0] for e in of(ev.GameEnded)),
        "lose": any(a in g for e in of(ev.GameEnded) for g in e.ranking[1:]),
    }[c.slot]


PLAYOUTS = [(("kenta", "yuka", "joji", "marimo"), 1), (("tamasaburo", "hikozaemon", "hazumi"), 2),
            (("cosmic-will", "yuderu"), 3), (("kenta", "random", "marimo:hard", "cpu"), 4),
            (("random", "joji", "random", "hazumi"), 10)]


@pytest.mark.parametrize("kinds,seed", PLAYOUTS)
def test_every_comment_said_is_true_when_said(kinds, seed):
    _, lines = game_comments()
    told, com = playout(kinds, seed)
    said = 0
    for evs, cs in told:
        for c in cs:
            said += 1
            assert (c.en, c.ja) in [(li.en, li.ja) for li in lines[c.speaker][c.slot]]
            assert holds(c, evs), (c, evs)
            if c.about == -1:
                assert c.slot in WORLD and c.speaker not in com.voices
            else:
                assert c.speaker == com.voices[c.about]
    assert said > 30


def test_text_play_writes_a_card_as_a_person_reads_it(game):
    """Issue 36: a card in text play was "k33 [brown + vehicle white, brown]"; it is its floors by
    colour and the vehicles it moves, in words ("k33 (1 brown floor, moving the white and brown
    vehicles)"), in every line that names a card."""
    s, events = Session.start(game, [Seat("Ann", "cpu"), Seat("Bob", "cpu")], {}, 3)
    m = s.match
    cards = m.rules.cards
    two = next(cid for cid, c in cards.items() if len(c.floors) == 1 and len(set(c.vehicles)) == 2)
    c = cards[two]
    from tdream.games.towerup.data import COLOURS
    want = (f"{two} (1 {COLOURS[c.floors[0]]} floor, moving the {COLOURS[c.vehicles[0]]} and "
            f"{COLOURS[c.vehicles[1]]} vehicles)")
    assert game.narration.describe(ev.CardDealt(two), m) == f"{want} is dealt into the market."
    assert game.narration.describe(ev.CardTaken(0, two, (COLOURS[c.floors[0]],), ()), m) == \
        f"Ann takes {want} and gains 1 {COLOURS[c.floors[0]]}."
    wilds = next(cid for cid, c in cards.items() if list(c.floors) == [-1, -1])
    assert game.narration.describe(ev.CardDealt(wilds), m) == f"{wilds} (2 wild floors) is dealt into the market."
    three = next(cid for cid, c in cards.items() if len(c.floors) == 3 and len(set(c.floors)) == 3)
    assert " floor, 1 " in game.narration.describe(ev.CardDealt(three), m) and " floor and 1 " in game.narration.describe(ev.CardDealt(three), m)
    out = io.StringIO()
    from tdream.platform.textplay import play_text
    play_text(s, out, events=events, talk="never", max_turns=12)
    text = out.getvalue()
    assert "[" not in text and "+ vehicle" not in text and " is dealt into the market." in text
