"""The shell's table for a new player (issue 36): a told line longer than the text box goes on over
pages and loses no word; the turn log keeps what was told; a person's answer taken back leaves
the match, the record and the scores as they stood; a resumed game's graph starts at turn 1; the
Options say the language in its own words."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tdream.frontend.font import Font
from tdream.frontend.widgets import TextBox, paginate
from tests.conftest import ROOT

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFG.,:!%0123456789", min_size=1, max_size=14)
KANA = st.text(alphabet="あいうえおかきくけこさしすせそ。、ジャックポット", min_size=1, max_size=30)
_FONT: list = []


def font() -> Font:
    if not _FONT:
        _FONT.append(Font())
    return _FONT[0]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(WORDS, KANA), min_size=1, max_size=60), st.integers(60, 240), st.integers(2, 4),
       st.integers(0, 50))
def test_paginate_keeps_every_word_in_order_and_each_page_fits(words, width, lines, head_w):
    text = " ".join(words)
    pages = paginate(font(), text, width, lines, head_w)
    assert "".join("".join(p.split()) for p in pages) == "".join(text.split())     # nothing lost, nothing added
    for page in pages:
        assert len(font().wrap(page, width, first=width - head_w if head_w else None)) <= lines or len(pages) == 1


class _M:
    """What a text box asks of the machine: the text speed, Y held, sounds."""

    def __init__(self) -> None:
        self.sounds: list = []

    def text_frames(self) -> float:
        return 1.0

    def fast(self) -> bool:
        return False

    def sound(self, name: str) -> None:
        self.sounds.append(name)


def test_a_text_box_types_each_page_and_turns_them_with_a_or_in_time():
    box = TextBox("one two three", pages=["one two", "three"], hold=5)
    m = _M()
    while box.typing():
        box.update(m, False)
    assert box.page == 0 and box.more() and not box.done
    box.update(m, True)                  # A: the next page
    assert box.page == 1 and box.visible() == 0 and not box.more()
    for _ in range(40):
        box.update(m, False)
    assert box.done and box.page_text == "three"


def headless_table(seed: int = 2, frames: int = 4000, turns: int = 6, language: str = "en"):
    """A Tower Dream spectated table after ``turns`` turns."""
    from tdream.frontend.match import MatchSetup
    from tdream.frontend.run import Headless
    from tdream.frontend.settings import Settings
    setup = MatchSetup("towerdream", seed, ["joji", "yuka", "kenta", "hazumi"], {"board": "classic-7"},
                       mode="spectate")
    h = Headless(seed, Settings(language=language, text_speed="fast"), setup)
    table = h.machine.stack[-1]
    for _ in range(frames):
        h.step(0)
        if table.game.progress() >= turns:
            break
    return h, table


def test_the_turn_log_holds_what_the_text_box_told_in_order():
    h, table = headless_table()
    told = [text for _, text in table.log]
    turns = [t for t in told if "'s turn." in t]
    assert len(turns) >= 5 and turns == sorted(turns, key=told.index)
    assert all(isinstance(who, str) for who, _ in table.log)
    from tdream.frontend.scenes.learn import LogScene
    scene = LogScene(table, 0)
    h.machine.push(scene)
    rows = scene.rows(h.machine)
    assert rows and turns[-1].split("(")[0].strip() in " ".join(r for r, _ in rows)
    h.frame()


def test_a_taken_back_answer_leaves_the_match_the_record_and_the_scores_as_they_stood(tmp_path):
    """``MatchHost``: a person's answer given with ``undo`` is taken back to the fingerprint, the
    record's text and the score history of before it, whether its turn had been written or not;
    the record then goes on and verifies."""
    from tdream.frontend.match import MatchHost, MatchSetup
    from tdream.frontend.run import Headless
    from tdream.platform.replay import verify_record
    from tdream.platform.session import CPU, DRAW, HUMAN, OVER
    path = tmp_path / "g.tdr"
    h = Headless(5, record_path=str(path))
    m = h.machine
    host = MatchHost(MatchSetup("towerdream", 5, ["human", "random", "random", "random"], {"board": "classic-7"},
                                mode="free"))
    host.start(m)

    def text() -> str:
        w = host.writer.writer
        return path.read_text(encoding="utf-8") + "".join(w.pending)
    taken = {"pending": 0, "flushed": 0}
    for _ in range(3000):
        n = host.next()
        if n.what == OVER:
            break
        if n.what == DRAW:
            host.chance(m)
            continue
        if n.what == CPU:
            host.cpu(m, n.seat)
            continue
        assert n.what == HUMAN
        seat = n.humans[0]
        match = host.match
        answers = match.legal_answers(seat)
        answer = answers[-1]
        before = (match.fingerprint(), text(), list(host.history), path.stat().st_size)
        host.give(m, answer, seat, undo="the answer")
        assert host.take_back is not None and host.take_back.seat == seat
        kind = "flushed" if path.stat().st_size != before[3] else "pending"
        if taken[kind] < 3:
            assert host.undo() is not None and host.take_back is None
            assert (host.match.fingerprint(), text(), list(host.history)) == before[:3]
            taken[kind] += 1
            host.give(m, answer, seat)                # given again, for good
        host.chance(m) if host.next().what == DRAW else None
        assert host.take_back is None or host.take_back.seat == seat
    assert taken["pending"] and taken["flushed"], taken
    host.close()
    assert verify_record(path).ok


def test_a_take_back_is_kept_only_until_the_next_chance_or_another_seats_answer(tmp_path):
    from tdream.frontend.match import MatchHost, MatchSetup
    from tdream.frontend.run import Headless
    from tdream.platform.session import CPU, DRAW, HUMAN
    h = Headless(6)
    host = MatchHost(MatchSetup("towerdream", 6, ["human", "random", "random", "random"], {"board": "classic-7"},
                                mode="campaign"))
    host.start(h.machine)
    while (n := host.next()).what != HUMAN:
        host.chance(h.machine) if n.what == DRAW else host.cpu(h.machine, n.seat)
    host.give(h.machine, host.match.legal_answers(n.humans[0])[0], n.humans[0], undo="the answer")
    assert host.take_back is None                    # never in the Campaign
    host.setup.mode = "free"
    while (n := host.next()).what != HUMAN:
        host.chance(h.machine) if n.what == DRAW else host.cpu(h.machine, n.seat)
    host.give(h.machine, host.match.legal_answers(n.humans[0])[0], n.humans[0], undo="the answer")
    seat = n.humans[0]
    assert host.take_back is not None and host.take_back.seat == seat
    while (n := host.next()).what == HUMAN:          # the same seat answers on: it stays his
        host.give(h.machine, host.match.legal_answers(seat)[0], seat)
        assert host.take_back is not None and host.take_back.seat == seat
    host.chance(h.machine) if n.what == DRAW else host.cpu(h.machine, n.seat)
    assert host.take_back is None                    # a chance or another seat: no more


def test_a_resumed_games_graph_starts_at_its_first_turn(tmp_path):
    """Issue 36: the results graph after Continue started at the turn the game was resumed."""
    from tdream import cli
    from tdream.frontend.match import MatchSetup
    from tdream.frontend.run import Headless
    from tdream.platform.replay import resume_record
    path = tmp_path / "g.tdr"
    assert cli.main(["play", "--text", "--turns", "9", "--seed", "3", "--record", str(path)]) == 0
    r = resume_record(path)
    setup = MatchSetup(r.record.setup.game, r.record.setup.seed, r.record.setup.kinds, dict(r.record.setup.options),
                       resume=r)
    h = Headless(3, setup=setup)
    table = h.machine.stack[-1]
    history = table.host.history
    assert len(history) == r.session.match.progress() + 1
    assert history[0] == (1500, 1500, 1500, 1500) and history[-1] == tuple(r.session.match.scores())


def test_the_language_option_says_each_language_in_its_own_words():
    from tdream.frontend.scenes.pause import shown_value
    from tdream.frontend.text import set_language
    try:
        for lang in ("en", "ja"):
            set_language(lang)
            assert shown_value("language", "en") == "English" and shown_value("language", "ja") == "日本語"
    finally:
        set_language("en")


def test_the_input_display_shows_no_secret_pick_even_under_the_pause_menu():
    """Two people pick in secret (Towers' TG2.1): with the input display on, pad 1 holding right
    or left draws the same frame at the table and under the pause menu Start opens over it."""
    import pygame
    from tdream.frontend.constants import LEFT, RIGHT, START
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.pause import PauseScene
    from tdream.frontend.settings import Settings
    from tdream.games.towers.frontend.table import TowersSetup
    frames = {}
    for held in (RIGHT, LEFT):
        h = Headless(1, Settings(input_display=True, timer=True), TowersSetup(1, ["human", "human"]))
        table = h.machine.stack[-1]
        for _ in range(600):
            h.step((0, 0, 0, 0), 0b0011)
            if table.prompts and any(p.secret for p in table.prompts.values()):
                break
        assert any(p.secret for p in table.prompts.values())
        h.step((held, 0, 0, 0), 0b0011)
        shots = [pygame.image.tobytes(h.frame(), "RGB")]
        h.machine.push(PauseScene(table, 1))
        h.step((held, 0, 0, 0), 0b0011)
        shots.append(pygame.image.tobytes(h.frame(), "RGB"))
        frames[held] = shots
    assert frames[RIGHT] == frames[LEFT]


def test_practice_from_one_loaded_scenario_starts_at_its_position_every_time():
    """A practice table played on the scenario's own match: a second table from the same loaded
    scenario started where the first had left off (issue 36, Tower Up's report)."""
    from tdream.frontend.match import MatchHost, MatchSetup
    from tdream.frontend.run import Headless
    from tdream.platform.scenario import load_scenario
    from tdream.platform.session import CPU, DRAW, HUMAN
    sc = load_scenario(next(p for p in sorted((ROOT / "scenarios" / "towerdream").rglob("*.yaml"))))
    start = sc.match.fingerprint()
    h = Headless(2)
    for _ in range(2):
        host = MatchHost(MatchSetup(sc.game.id, sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc,
                                    mode="practice"))
        host.start(h.machine)
        assert host.match.fingerprint() == start
        for _ in range(20):
            n = host.next()
            if n.what == DRAW:
                host.chance(h.machine)
            elif n.what == CPU:
                host.cpu(h.machine, n.seat)
            elif n.what == HUMAN:
                host.give(h.machine, host.match.legal_answers(n.humans[0])[0], n.humans[0])
            else:
                break
    assert sc.match.fingerprint() == start


def test_a_texts_width_is_the_sum_of_its_glyphs_advances():
    """``Font.width`` measures without looking each glyph up (text pages measure every told line):
    the same width as the glyphs' advances, for any text of the atlas's characters and others."""
    import random
    f = font()
    chars = "".join(sorted({ch for face in f.faces.values() for ch in face["glyphs"]})) + "~\x7f€"
    rng = random.Random(3)
    for face in f.faces:
        for _ in range(500):
            text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 24)))
            assert f.width(text, face) == sum(f._glyph(face, ch)[1] for ch in text), (face, text)
