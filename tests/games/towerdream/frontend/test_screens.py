"""Tower Dream's screens with the speedrun overlays on and the longest names, in both languages
(issue 36): the overlays over nothing a player needs and squeezing nothing; names in the screen's
language; the Line Owners page naming Lines, not Road space numbers; every text whole."""
from __future__ import annotations

import pygame
import pytest

from tdream.frontend.constants import B, R, X
from tdream.frontend.settings import Settings
from tdream.frontend.text import set_language, tr
from tdream.games.towerdream.frontend import FRONTEND
from tdream.games.towerdream.frontend.table import GameSetup
from tests.frontend.layout import DRAWING, problems, watch

from .helpers import ALL, Table

LONG = ["human", "tamasaburo", "cosmic-will", "hikozaemon"]       # the roster's longest names, and a profile's


def _long_table(lang: str, overlays: bool = True, turn: int = 30) -> Table:
    settings = Settings(language=lang, timer=overlays, input_display=overlays)
    table = Table(GameSetup("classic-10", 1, LONG, profiles=["Wilhelmina"]), settings)
    pilot = FRONTEND.autopilot()
    t = table.t
    for _ in range(60000):
        if t.beat is None and t.prompt is not None and t.prompt_age >= t.prompt_guard and t.game.turn >= turn:
            return table
        table.h.step(pilot.buttons(table.m), ALL)
    raise AssertionError("never reached")


def _overlays(table) -> tuple[list, list]:
    """Draw a frame: (the rects the timer and the pads were drawn in, everything drawn before them)."""
    m = table.m
    rects: list = []
    timer, inputs = type(m).draw_timer, type(m).draw_inputs

    def drawn_timer(self, surface, x, y, align):
        w = timer(self, surface, x, y, align)
        rects.append(pygame.Rect(x - w if align == "right" else x, y - 1, w, 10))
        return w

    def drawn_inputs(self, surface, x, y, align):
        inputs(self, surface, x, y, align)
        pads = [p for p in range(4) if self.buttons.connected >> p & 1]
        for i in range(len(pads)):
            x0 = x - (len(pads) - i) * 30 if align == "right" else x - 28 if align == "column" else x + i * 30
            rects.append(pygame.Rect(x0, y - 1 + (12 * i if align == "column" else 0), 28, 11))
    watch()
    DRAWING.clear()
    type(m).draw_timer, type(m).draw_inputs = drawn_timer, drawn_inputs
    try:
        table.h.frame()
    finally:
        type(m).draw_timer, type(m).draw_inputs = timer, inputs
    return rects, list(DRAWING)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_overlays_cover_no_panel_road_info_or_text_box_and_squeeze_nothing(lang):
    """Issue 36: the timer and the input display covered the top Road row and squeezed the info
    line to "T1 R1 J1F 0/75". With both on and four pads connected they now stand clear of the
    panels, the board's view, the text box and the info line's words, and the info line says its
    figures in words."""
    from tdream.games.towerdream.frontend.boardview import BoardView
    table = _long_table(lang)
    views: list = []
    draw = BoardView.draw

    def drawn(self, surface, rect, *args, **kwargs):
        views.append(pygame.Rect(rect))
        return draw(self, surface, rect, *args, **kwargs)
    BoardView.draw = drawn
    try:
        rects, drawing = _overlays(table)
    finally:
        BoardView.draw = draw
    assert len(rects) == 5 and views
    timer_text = {item[1] for item in drawing if item[0] == "text" and ":" in item[1] and item[1][0].isdigit()}
    info = [pygame.Rect(item[2:]) for item in drawing if item[0] == "text" and 32 <= item[3] < 40
            and item[1] not in timer_text]
    keep = [pygame.Rect(0, 0, 256, 32), views[-1], pygame.Rect(table.t.box_rect())] + info
    clashes = [(r, k) for r in rects for k in keep if r.colliderect(k)]
    assert not clashes, clashes
    words = [item[1] for item in drawing if item[0] == "text" and 32 <= item[3] < 40 and item[1] not in timer_text]
    set_language(lang)
    try:
        assert all(tr(w) in " ".join(words) for w in ("Round", "Jackpot", "Covered")) or lang == "ja", words
    finally:
        set_language("en")
    assert not any(w.startswith("T") and " R" in w and "J" in w for w in words), words


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("overlays", [False, True])
def test_the_table_and_every_status_page_show_every_text_whole(lang, overlays):
    """Issues 21 and 36: with the longest names (in katakana in Japanese) and the overlays on or
    off, the table and the status pages draw every text whole, apart and inside its window, and
    the overlays over none of them."""
    table = _long_table(lang, overlays)
    pages = []
    rects, drawing = _overlays(table)
    pages.append(("table", rects, drawing))
    table.step(X)
    table.step(0, n=4)
    for page in ("companies", "players", "lines"):
        rects, drawing = _overlays(table)
        pages.append((page, rects, drawing))
        table.step(R)
        table.step(0, n=4)
    for page, rects, drawing in pages:
        assert not problems(drawing), (page, problems(drawing))
        timer = [r for r in rects if r.h == 10]
        texts = [pygame.Rect(item[2:]) for item in drawing if item[0] == "text"
                 and not any(r.contains(pygame.Rect(item[2:])) for r in timer)]       # the timer's own figures
        under = [(r, t) for r in rects for t in texts if r.colliderect(t)]
        assert not under, (page, under[:3])


def test_the_names_are_in_the_screens_language_on_the_panels_and_in_what_is_told():
    """Issue 36: in Japanese the characters' names stayed in Latin letters while their own lines
    used katakana; the hosts too ("Old man")."""
    table = _long_table("ja", overlays=False, turn=8)
    drawn = [item[1] for item in _overlays(table)[1] if item[0] == "text"]
    t = table.t
    assert "タマサブロー" in drawn and "ヒコザエモン" in drawn and not {"Tamasaburo", "Hikozaemon"} & set(drawn)
    assert "コズミック・" in drawn and "ウィル" in drawn           # wider than a panel: on two rows, whole
    told = " ".join(text for who, text in t.log) + " ".join(who for who, text in t.log)
    assert "タマサブロー" in told and "Tamasaburo" not in told and "Cosmic Will" not in told
    set_language("ja")
    try:
        assert t.speaker("old-man")[0] == "じいさん" and t.speaker("taxi-driver")[0] == "運転手"
    finally:
        set_language("en")


def test_japanese_says_the_jackpots_floors_and_the_board_number_evenly():
    """Issue 36: "ジャックポット1階" read as a building's first floor; the "13" of Nightmare Street
    No. 13 was drawn in the larger Latin font beside the kana."""
    set_language("ja")
    try:
        info = tr("Turn {turn}  Round {round}  Jackpot {jackpot}F  Covered {covered}/{threshold}", turn=1, round=1,
                  jackpot=1, covered=0, threshold=75)
        board = tr("Nightmare Street No. 13")
    finally:
        set_language("en")
    assert "ジャックポット1階分" in info
    assert not any(ch.isascii() and ch.isdigit() for ch in board) and "１３" in board


def test_the_line_owners_page_names_each_line_by_its_lands():
    """Issue 36: the Line Owners page listed bare Road space numbers. Each Line is named by its
    Lands ("c1-c10"), once; the Players page says where a seat stands the same way."""
    import re
    table = _long_table("en", overlays=False, turn=12)
    game = table.t.game
    table.step(X)
    table.step(0, n=4)
    table.step(R)
    table.step(0, n=4)
    players = [item[1] for item in _overlays(table)[1] if item[0] == "text"]
    table.step(R)
    table.step(0, n=4)
    labels = [item[1] for item in _overlays(table)[1] if item[0] == "text" and item[2] == 8 and 24 <= item[3] < 190]
    assert labels and all(re.fullmatch(r"[a-j]\d+-[a-j]\d+", text) for text in labels), labels
    assert not any("on space" in text for text in players), players
    from tdream.games.towerdream.frontend.status import line_rows, space_name
    assert any(space_name(game, game.pos[0]) in text for text in players)
    rows = line_rows(game)
    assert len(rows) == 20                                       # classic-10: 10 columns and 10 rows
    assert {"a1-a10", "a1-j1", "j1-j10", "a10-j10"} <= {label for label, _, _ in rows}
    table.step(B)


def test_the_build_question_keeps_the_overlays_where_the_table_has_them():
    """B at the Build (its own window over the table) leaves the timer and the pads where the
    table puts them, off the panels."""
    from tdream.frontend.constants import A as A_

    from .helpers import practice
    table = practice("company/start_company_choose_mark.yaml", timer=True, input_display=True)
    table.roll(3)
    table.prompt("LandPrompt")
    table.point("c4")
    table.tap(A_)
    table.prompt("MenuPrompt")
    table.tap(A_)
    table.prompt("BuildPrompt")
    table.tap(B)
    assert type(table.m.stack[-1]).__name__ == "BuildBackScene"
    rects, _ = _overlays(table)
    assert rects and not any(r.colliderect(pygame.Rect(0, 0, 256, 32)) for r in rects), rects
