"""Take-backs at Tower Dream's table (issue 36; docs/games/towerdream.md, "Take-backs"): a sale, a
placement (with the Building Mark or survivor chosen after it) taken back at the same seat's next
prompt, before the next chance or another seat's answer, in Free play and Practice; the match,
the record and the scores then as if the answer had never been given."""
from __future__ import annotations

from tdream.frontend.constants import A, B, DOWN, RIGHT
from tdream.platform.replay import verify_record

from .helpers import practice, texts_drawn


def _sell_one_floor_of_a5(table) -> None:
    prompt = table.prompt("SellPrompt")
    while prompt.menu.index != 0:                       # a5, the first Land with Floors
        table.tap(DOWN)
    table.tap(RIGHT)                                    # sell <1>
    while prompt.menu.index != len(prompt.candidates):  # "Sell 1 Floor for 86G"
        table.tap(DOWN)
    table.tap(A)


def _finish_the_turn(table) -> None:
    """Roll 2 (column b), place on b2, build nothing: the turn is over, the record written."""
    table.roll(2)
    table.prompt("LandPrompt")
    table.point("b2")
    table.tap(A)
    table.prompt("BuildPrompt")
    table.tap(B)                         # B: build nothing, or take the placement back?
    table.tap(A)                         # build nothing
    table.until(lambda t: t.game.to_move == 1 and t.beat is None and not t.beats)


def test_a_sale_taken_back_at_the_die_leaves_the_match_and_the_record_as_never_sold(tmp_path):
    """At the die after his sale, B offers to take it back; taken back, the match is the one
    before the sale (its fingerprint), the record file is as it was, and the game then played
    on writes the very record of a game where the sale was never made, which verifies."""
    from tdream.frontend.table import TakeBackScene
    path = tmp_path / "took.tdr"
    table = practice("turn/sell_phase_bloom.yaml", record_path=str(path))
    t = table.t
    table.prompt("SellPrompt")
    before, written = t.game.fingerprint(), path.read_text()
    mark = t.writer.mark()
    _sell_one_floor_of_a5(table)
    table.prompt("DicePrompt")
    assert t.game.fingerprint() != before
    assert any("B: take back the sale" in text for text, *_ in texts_drawn(table))
    table.tap(B)
    assert isinstance(table.m.stack[-1], TakeBackScene)
    table.tap(A)                         # Take it back
    table.prompt("SellPrompt")
    assert t.game.fingerprint() == before and t.writer.mark() == mark and path.read_text() == written
    assert any("A takes back the sale." in text for who, text in t.log)
    table.tap(A)                         # "Roll the die": no sale this time
    _finish_the_turn(table)

    never = tmp_path / "never.tdr"
    other = practice("turn/sell_phase_bloom.yaml", record_path=str(never))
    other.prompt("SellPrompt")
    other.tap(A)
    _finish_the_turn(other)
    assert t.game.fingerprint() == other.t.game.fingerprint()
    assert path.read_text() == never.read_text()
    assert verify_record(path).ok


def test_a_placement_taken_back_at_the_company_choice_is_as_never_placed():
    """The Building Mark's choice follows a placement: B there takes the placement back."""
    from tdream.frontend.table import TakeBackScene
    table = practice("company/start_company_choose_mark.yaml")
    t = table.t
    table.roll(3)
    table.prompt("LandPrompt")
    before = t.game.fingerprint()
    table.point("c4")
    table.tap(A)
    table.prompt("MenuPrompt")
    assert any("B: take back the placement" in text for text, *_ in texts_drawn(table))
    table.tap(B)
    assert isinstance(table.m.stack[-1], TakeBackScene)
    table.tap(A)
    table.prompt("LandPrompt")
    assert t.game.fingerprint() == before and t.host.take_back is None


def test_a_placement_taken_back_at_the_build_and_the_mark_with_it():
    """At the Build after a placement, B asks: build nothing, take the placement back, or back to
    the Lands. Taken back, the match is the one before the placement (the Building Mark chosen
    after it goes with it)."""
    from tdream.games.towerdream.frontend.table import BuildBackScene
    table = practice("company/start_company_choose_mark.yaml")
    t = table.t
    table.roll(3)
    table.prompt("LandPrompt")
    before = t.game.fingerprint()
    table.point("c4")
    table.tap(A)
    table.prompt("MenuPrompt")
    table.tap(A)                         # a Building Mark: part of the placement
    build = table.prompt("BuildPrompt")
    assert build.undo == "the placement"
    table.tap(B)
    assert isinstance(table.m.stack[-1], BuildBackScene)
    table.tap(DOWN)
    table.tap(A)                         # Take back the placement
    table.prompt("LandPrompt")
    assert t.game.fingerprint() == before


def test_nothing_is_taken_back_in_the_campaign():
    """Take-backs are for Free play and Practice: in the Campaign B at the Build builds nothing
    and no prompt offers to take back."""
    from tdream.games.towerdream.frontend import FRONTEND
    from tdream.games.towerdream.frontend.table import GameSetup

    from .helpers import Table
    table = Table(GameSetup("classic-7", 3, ["human", "joji", "yuka", "kenta"], mode="campaign"), pads=0b0001)
    t, m = table.t, table.m
    pilot = FRONTEND.autopilot()
    builds = 0
    for _ in range(20000):
        prompt = t.prompt if t.beat is None else None
        if prompt is not None:
            assert not any("take back" in text for text, _ in t.prompt_lines(m, prompt) + t.help_lines(m, prompt, []))
            if type(prompt).__name__ == "BuildPrompt":
                assert prompt.undo == ""
                builds += 1
        table.h.step(pilot.buttons(m), 0b0001)
        if builds > 50:
            break
    assert builds


def test_one_item_of_a_forced_sale_is_taken_back_at_the_next():
    """A forced sale (R6.4, G6.2) is sold an item at a time, each the debtor's choice: at the next
    item's menu B takes the last one back."""
    table = practice("turn/forced_sale_floors_first.yaml")
    t = table.t
    table.prompt("SellPrompt")
    table.tap(A)
    table.roll(3)
    table.prompt("MenuPrompt")
    before = t.game.fingerprint()
    table.tap(A)                         # a5: one Floor
    table.prompt("MenuPrompt")
    assert t.game.fingerprint() != before
    table.tap(B)
    table.tap(A)                         # Take it back
    table.prompt("MenuPrompt")
    assert t.game.fingerprint() == before
