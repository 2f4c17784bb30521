"""What Tower Dream's table tells, told whole and in order (issue 36): every card and Event in the
text box's pages with a short and a long name in both languages; the card's face never over the
piles' names; a merger before its sales and bonuses; the slot machine up while its result is told;
the turn log reading as what happened."""
from __future__ import annotations

import pytest

from tdream.frontend.constants import A
from tdream.frontend.settings import Settings
from tdream.frontend.text import set_language, tr
from tdream.games.towerdream import GAME
from tdream.games.towerdream.frontend.table import GameSetup
from tdream.games.towerdream.rules import events as ev

from .helpers import Table, practice, texts_drawn

RULESET = GAME.ruleset()
NAMES = {"en": ("Ann", "Hikozaemon"), "ja": ("Ann", "Hikozaemon", "コズミック・ウィル")}
CASES = [(lang, name) for lang, names in NAMES.items() for name in names]


def _told(lang: str, name: str):
    """Every card's and Event's line as the table makes it: (text, speaker) with ``name`` drawing."""
    set_language(lang)
    try:
        out = []
        for card in RULESET.cards:
            out.append((tr("{who}'s {pile} card: {text}", who=name, pile=tr(card.pile.title()), text=tr(card.text)),
                        "old-man"))
        for kind in RULESET.event_kinds.values():
            out.append((tr(kind.text), kind.host if kind.host not in ("none", "") else None))
        return out
    finally:
        set_language("en")


@pytest.fixture(scope="module")
def table():
    return Table(GameSetup("lucky-star", 1, ["human", "joji", "yuka", "kenta"]), pads=0b0001)


def test_there_are_56_cards_and_8_events():
    assert len(RULESET.cards) == 56 and len(RULESET.event_kinds) == 8


@pytest.mark.parametrize("lang,name", CASES)
def test_every_card_and_event_pages_every_word_and_each_page_fits_the_box(table, lang, name):
    """Issue 36: a card's or an Event's text longer than the box goes on over pages (the shell's
    ``TableScene.pages``) and every word is on one of them, each page three lines at most."""
    t, m = table.t, table.m
    font = m.font
    for text, speaker in _told(lang, name):
        set_language(lang)
        try:
            who = t.speaker(speaker)[0] if speaker else None
            pages = t.pages(m, text, speaker, who)
            _, width = t.text_area(m, speaker)
            head = font.width(who + ": ") if who else 0
        finally:
            set_language("en")
        assert "".join("".join(p.split()) for p in pages) == "".join(text.split()), (text, pages)
        assert " ".join(pages).split() == text.split() or lang == "ja"
        for page in pages:
            assert len(font.wrap(page, width, first=width - head if head else None)) <= t.box_style.lines, page


def _box_words(table, events, lang: str) -> str:
    """Every line the text box draws while the table tells ``events`` (A turning the pages)."""
    t, m = table.t, table.m
    t.beats.clear()
    t.beat = None
    set_language(lang)                   # as the machine leaves it from the frame before
    t.narrate(m, events)
    drawn, k = [], 0
    top = t.box_rect()[1]
    while t.beat is not None or t.beats:
        for text, x, y, w, h in texts_drawn(table):
            if y >= top and h == 12 and text not in drawn[-6:]:
                drawn.append(text)
        k += 1
        table.step(A if k % 2 else 0)
        assert k < 3000
    return " ".join(drawn)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_card_and_an_event_told_at_the_table_show_every_word(lang):
    """Issue 36: the text box showed three lines and dropped the rest ("... Pay 30% of your" and
    never "cash."). Told at the table with the longest name, every word of every card and Event
    is drawn in the box."""
    table = Table(GameSetup("lucky-star", 1, ["human", "joji", "yuka", "kenta"], profiles=["Wilhelmina"]),
                  Settings(language=lang, text_speed="instant"), pads=0b0001)
    table.prompt("DicePrompt")
    seat = next(iter(table.t.pad_of))            # the person's seat: his name, ten letters
    name = table.t.names[seat]
    assert name == "Wilhelmina"
    for text, speaker in _told(lang, name):
        event = None
        for card in RULESET.cards:
            if speaker == "old-man" and text.endswith(_tr(lang, card.text)):
                event = ev.CardDrawn(seat, card.pile, card.id)
        if event is None:
            kind = next(k for k in RULESET.event_kinds.values() if _tr(lang, k.text) == text)
            event = ev.EventResolved(seat, kind.id)
        drawn = _box_words(table, [event], lang)
        if lang == "en":
            missing = [w for w in text.split() if w not in drawn.split()]
        else:
            flat = "".join(drawn.split())
            missing = [ch for ch in set("".join(text.split())) if flat.count(ch) < "".join(text.split()).count(ch)]
        assert not missing, (text, missing, drawn)


def _tr(lang: str, text: str) -> str:
    set_language(lang)
    try:
        return tr(text)
    finally:
        set_language("en")


def test_the_card_turned_over_never_covers_the_piles_names(table):
    """Issue 36: the card's face covered the pile names while it was told. Every name's pixels
    are the same with the face over the table as without it, at every frame of the flip."""
    import pygame

    from tdream.games.towerdream.frontend import setpieces as sp
    from tests.frontend.layout import DRAWING, watch
    m = table.m
    for pile in sp.PILES:
        bare = pygame.Surface((256, 224))
        watch()
        DRAWING.clear()
        sp.draw_piles(m, bare, chosen=sp.PILES.index(pile), lift=8)
        names = [item[2:] for item in DRAWING if item[0] == "text" and item[1] in [tr(p.title()) for p in sp.PILES]]
        assert len(names) == 4
        for age in (4, 12, 20, 40):
            shown = bare.copy()
            sp.draw_card_flip(m, shown, pile, age)
            for x, y, w, h in names:
                rect = pygame.Rect(x, y, w, h)
                assert pygame.image.tobytes(bare.subsurface(rect), "RGB") == \
                    pygame.image.tobytes(shown.subsurface(rect), "RGB"), (pile, age, rect)


def _texts(beats) -> list[str]:
    return [(b.title + " " + b.text).strip() for b in beats if b.text]


def test_a_merger_is_told_before_its_forced_sales_and_bonuses():
    """Issue 36: "Yuderu sells 3 Floors on h2." and both Owner Bonuses came before "MERGER! ...",
    so a forced sale read as a choice. Now the banner first, then the absorbed Company's Floors and
    Mark going to the Bank (never "sells"), then the bonuses, Top before Sub."""
    table = practice("company/level13_survives_merge.yaml")
    table.roll(10)
    table.prompt("LandPrompt")
    table.point("e5")
    table.tap(A)
    table.until(lambda t: any("MERGER" in b.title for b in t.beats) or (t.beat and "MERGER" in t.beat.title))
    t = table.t
    told = _texts(([t.beat] if t.beat else []) + t.beats)
    merger = next(i for i, s in enumerate(told) if s.startswith("MERGER!"))
    assert not any(" sells " in s for s in told), told
    after = [s for s in told if "receives" in s or "Bonus" in s]
    assert after and all(told.index(s) > merger for s in after), told
    assert told.index("C wins the Top Owner Bonus of Hope House: +5,250G.") < \
        told.index("D wins the Sub-Owner Bonus of Hope House: +2,625G.")
    assert "D receives 500G for 2 Floors." in told and "C receives 250G for the Building Mark." in told
    assert "Hope House's Floors and Building Mark go to the Bank at 250G each." in told


def test_the_slot_machine_stays_up_while_its_result_is_told():
    """Issue 36: the slot machine closed about 0.2 s after the last reel stopped and its result was
    typed after it was gone. Every frame the result is in the text box, the machine is drawn with
    its reels stopped (and a match flashing)."""
    table = practice("events/slot_seven.yaml", text_speed="normal")
    t = table.t
    table.roll(4)                        # A: 20 -> 24, the Slot
    table.prompt("SlotPrompt")
    for _ in range(4):
        table.tap(A, wait=5)             # each reel stopped with A
    seen = 0
    for _ in range(3000):
        texts = texts_drawn(table)
        box = [s for s, x, y, w, h in texts if y >= t.box_rect()[1]]
        if any("at the slot" in s or "receives" in s for s in box):
            seen += 1
            assert any(s == "SLOT MACHINE" for s, *_ in texts), box
        elif seen:
            break
        table.step()
    assert seen > 20


def test_the_turn_log_tells_a_merger_its_sales_and_bonuses_in_order_and_each_roll():
    """Issue 36: the pause menu's turn log reads as what happened: the roll (shown, never told in
    the box), the Landmark, the MERGER, the absorbed Company's sale, its bonuses."""
    table = practice("company/level13_survives_merge.yaml")
    table.roll(10)
    table.prompt("LandPrompt")
    table.point("e5")
    table.tap(A)
    table.prompt("BuildPrompt")
    log = [f"{who} {text}".strip() for who, text in table.t.log]
    want = ["A rolls 10.", "A places a Landmark on e5.", "MERGER! Casey's absorbs Hope House (Level 26).",
            "Hope House's Floors and Building Mark go to the Bank at 250G each.",
            "D receives 500G for 2 Floors.", "C receives 250G for the Building Mark.",
            "C wins the Top Owner Bonus of Hope House: +5,250G.", "D wins the Sub-Owner Bonus of Hope House: +2,625G."]
    at = [log.index(w) for w in want]
    assert at == sorted(at), log


def test_text_play_tells_a_merger_before_its_sales_and_bonuses():
    """The same order in text play (``tdream play --text``): the merger, then the Bank's payments."""
    from tdream.games.towerdream.narrate import describe
    from tdream.platform.scenario import load_scenario, run_scenario

    from .helpers import SCENARIOS
    sc = load_scenario(SCENARIOS / "company/level13_survives_merge.yaml")
    lines: list = []
    assert run_scenario(sc, lambda seat, answer, events, given: lines.extend(
        d for d in (describe(e, sc.match) for e in events) if d)) == []
    merger = next(i for i, line in enumerate(lines) if line.startswith("Merger!"))
    paid = [i for i, line in enumerate(lines) if line.strip().startswith("the Bank pays")]
    assert paid and merger < min(paid), lines
