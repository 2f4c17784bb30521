"""Tower Dream's prompts as a new player meets them (issue 36): a Company chosen with its price in
sight; a preview in plain words; a refusal's rule a press away; an answer that ends the game says
so; one speaker at a time; nothing cut from the text box."""
from __future__ import annotations

import pytest

from tdream.frontend.constants import A, B, DOWN, SELECT
from tdream.frontend.settings import Settings
from tdream.games.towerdream import GAME

from .helpers import ALL, Table, practice, texts_drawn


def test_start_a_company_shows_each_companys_floor_price_and_growth():
    """Issue 36: "Start a Company" listed names and logos only, though the prices differ 100-300G.
    Each free Building Mark now shows the new Company's Floor price at its Level and what each
    further Level adds."""
    table = practice("company/start_company_choose_mark.yaml")
    table.roll(3)                        # A -> column c
    table.prompt("LandPrompt")
    table.point("c4")                    # touches b4 and d4: a Company of Level 4 (b4 c4 d4 d5)
    table.tap(A)
    prompt = table.prompt("MenuPrompt")
    drawn = [text for text, *_ in texts_drawn(table)]
    specs = {c.id: c for c in GAME.ruleset().companies}
    for a in prompt.answers:
        price, step = specs[a.company].price(4), specs[a.company].price(5) - specs[a.company].price(4)
        if prompt.answers.index(a) < prompt.menu.rows:
            assert f"{price:,}G +{step}" in drawn, (a.company, drawn)
    first = specs[prompt.answers[0].company]
    assert f"Lv 4: {first.price(4)}G a Floor, +{first.price(5) - first.price(4)}G a Level" in drawn


def test_a_merger_preview_says_an_ubbo_level_once():
    """Issue 36: the preview read "(Level 14 (Ubbo))"."""
    table = practice("company/level13_survives_merge.yaml")
    table.roll(10)
    table.prompt("LandPrompt")
    table.point("e5")
    lines = " ".join(text for text, _ in table.t.prompt.lines(table.m))
    assert "e5: merges Hope House into Casey's (Level 26, Ubbo)." in lines, lines
    assert "((" not in lines and "))" not in lines


def test_select_shows_the_rule_a_refused_land_names():
    """Issue 36: a Land the rules refuse says why with its rule (R7.10) and that Select shows
    it; Select opens that rule's text."""
    from tdream.frontend.scenes.learn import RuleScene
    table = practice("company/level13_two_adjacent_illegal.yaml")
    table.roll(10)                       # A: 7 -> 17, row 6
    table.prompt("LandPrompt")
    table.point("e6")                    # next to a Level 14 and a Level 13 Company
    table.step(0, n=2)
    drawn = [text for text, *_ in texts_drawn(table)]
    assert any("R7.10" in text and text.startswith("e6:") for text in drawn), drawn
    assert any("Select: the rule R7.10" in text for text in drawn), drawn
    table.tap(SELECT)
    top = table.m.stack[-1]
    assert isinstance(top, RuleScene) and top.rule == "R7.10"


def test_a_landmark_that_ends_the_game_says_so_and_so_does_the_last_build():
    """Issue 36 (4): an answer that ends the game says so on its prompt. B's Landmark is the 37th
    of 49 (R9.1): his place prompt says it ends the game, and his Build says it is the last."""
    table = practice("build_end/end_threshold_classic7.yaml")
    table.roll(10)                       # A: row 7; d7 is the 36th Landmark: not the end
    place = table.prompt("LandPrompt")
    assert "ends the game" not in place.text
    table.point("d7")
    table.tap(A)
    build = table.prompt("BuildPrompt")
    assert "ends" not in build.text
    table.tap(B)                         # B: build nothing (or take the placement back): nothing
    table.tap(A)
    table.roll(10, pad=1)                # B: row 6; every Landmark there is the 37th
    place = table.prompt("LandPrompt")
    assert place.text == "B: this Landmark ends the game.", place.text
    lines = [text for text, _ in place.lines(table.m)]
    assert any("The game ends after this turn (R9.1)." in text for text in lines), lines
    table.point("e6")
    table.step(A, pad=1)
    table.step(0, pad=1, n=3)
    build = table.prompt("BuildPrompt")
    assert build.text == "B: the last Build of the game.", build.text


def test_the_last_turn_by_the_round_limit_says_so():
    """Issue 36 (4): with a round limit, the last seat's turn of the last round says it is the
    game's last before the die is stopped."""
    table = practice("build_end/max_rounds_option.yaml")
    t = table.t
    from tdream.games.towerdream.frontend import FRONTEND
    pilot = FRONTEND.autopilot(pad=-1)
    for _ in range(40000):
        if (t.beat is None and type(t.prompt).__name__ == "DicePrompt" and t.game.round == 3
                and t.game.to_move == 3):
            break
        table.h.step(pilot.buttons(table.m), ALL)
    lines = [text for text, _ in t.prompt.lines(table.m)]
    assert lines == ["The game's last turn (the round limit)."], lines
    earlier = practice("build_end/max_rounds_option.yaml")
    assert earlier.prompt("DicePrompt").lines(earlier.m) == []


def test_the_old_man_asks_for_a_pile_as_the_one_speaker():
    """Issue 36: "Old man: NEO: "Pick a pile..." the old man grins." put two speakers in one line."""
    from tdream.games.towerdream.frontend.setpieces import PILES, PilePrompt
    from tdream.games.towerdream.rules.answers import ChoosePile

    class Game:                          # a game that awaits a pile
        def legal_answers(self):
            return [ChoosePile(p) for p in PILES]
    prompt = PilePrompt(Game(), "NEO")
    assert prompt.speaker == "old-man"
    assert not prompt.text.startswith("NEO:") and "NEO" in prompt.text and "the old man" not in prompt.text


BOARDS = [("lucky-star", 1, {"DicePrompt", "LandPrompt", "BuildPrompt", "PilePrompt", "SlotPrompt"}),
          ("bora-bora", 7, {"MenuPrompt", "R6.5"})]    # a forced sale no sale can pay: its warning


@pytest.mark.parametrize("board,seed,kinds", BOARDS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_prompt_with_the_longest_name_keeps_its_words_in_the_box(lang, board, seed, kinds):
    """Issues 21 and 36: a prompt's question and its small lines (and the shell's hints: B takes
    back, Select shows a rule) fit the text box whole, with the longest name, in both languages:
    the question never cut to one line to make room, no small line past the box."""
    from tdream.games.towerdream.frontend import FRONTEND
    from tdream.games.towerdream.frontend.table import GameSetup
    table = Table(GameSetup(board, seed, ["human", "human", "human", "human"],
                            profiles=["Wilhelmina", "WWWWWWWWWW", "Hikozaemin", "Mmmmmmmmmm"]), Settings(language=lang))
    t, m = table.t, table.m
    pilot = FRONTEND.autopilot(pad=-1)
    seen = set()
    for _ in range(30000):
        prompt = t.prompt if t.beat is None else None
        if prompt is not None and m.stack[-1] is t:
            content = t.box_content(m)
            text, speaker, name, colour, shown, extra = content[:6]
            _, width = t.text_area(m, speaker)
            head = m.font.width(name + ": ") if name else 0
            asked = len(m.font.wrap(text, width, first=width - head if head else None))
            seen.add(type(prompt).__name__)
            seen.update("R6.5" for line, _ in extra if "R6.5" in line)
            assert len(extra) <= 2 and asked + len(extra) <= 3 and (asked <= 2 or not extra), (text, extra)
            assert all(m.font.width(line, "small") <= width for line, _ in extra), extra
        table.h.step(pilot.buttons(m), ALL)
        if t.game.over:
            break
    assert kinds <= seen, seen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_forced_sale_says_the_cash_inside_its_window(lang):
    """The forced sale's detail ("Cash 100G; a debt must be paid.") ran past its window."""
    from tests.frontend.layout import DRAWING, problems, watch
    table = practice("turn/forced_sale_floors_first.yaml", lang)
    table.prompt("SellPrompt")
    table.tap(A)                         # no sale
    table.roll(3)                        # column c: B's Line, 150G he cannot pay
    table.prompt("MenuPrompt")
    watch()
    DRAWING.clear()
    table.h.frame()
    assert any(item[0] == "text" and ("100G" in item[1]) for item in DRAWING)
    assert not problems(list(DRAWING)), problems(list(DRAWING))
