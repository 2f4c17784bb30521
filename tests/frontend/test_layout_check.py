"""The layout check every golden passes (tests/frontend/layout.py) finds each thing it is for, on
drawing logs made by hand: a text off the frame, two texts over each other, a text on its
window's border, a window over a window cutting a text; and lets pass what is no fault: a
dialog of a later scene over the picture, a window wholly in another's place."""
from tests.frontend import layout

BOX = ("window", 0, 192, 256, 32)            # a text box: inner line 3 pixels in


def text(t, x, y, w=30, h=8):
    return ("text", t, x, y, w, h)


def window(x, y, w, h):
    return [("cover", x + 1, y + 1, w - 2, h - 2), ("cover", x, y, w, h), ("window", x, y, w, h)]


def test_a_text_that_fits_passes():
    drawn = [("scene", 1)] + window(0, 192, 256, 32) + [text("Player 1", 6, 195, 48, 12), text("Not 3", 6, 206),
                                                        text("beside.", 6, 213)]
    assert layout.problems(drawn) == []


def test_a_text_off_the_frame_is_found():
    assert "off the frame" in layout.problems([("scene", 1), text("late", 240, 100)])[0]


def test_two_texts_over_each_other_are_found_and_blank_rows_may_touch():
    assert layout.problems([("scene", 1), text("a", 10, 10), text("b", 20, 15)])[0].startswith("texts over")
    assert layout.problems([("scene", 1), text("a", 10, 10), text("b", 20, 16)]) == []     # two rows shared
    assert layout.problems([("scene", 1), text("a", 10, 10), text("b", 40, 10)]) == []


def test_a_text_on_its_windows_border_is_found():
    """The third line of the text box, a pixel past its inner line (issue 21)."""
    drawn = [("scene", 1)] + window(0, 192, 256, 32) + [text("beside.", 6, 215)]
    assert "inner line" in layout.problems(drawn)[0]
    drawn = [("scene", 1)] + window(0, 192, 256, 32) + [text("Player 1", 6, 194, 48, 12)]      # on the dark line
    assert "inner line" in layout.problems(drawn)[0]


def test_a_window_over_a_window_of_the_same_scene_cutting_its_text_is_found():
    """The quit confirmation over the pause menu's record notice: its last line hidden."""
    notice = window(14, 112, 228, 48) + [text("The game record is kept", 20, 118, 120),
                                         text("with tdream play", 20, 145, 80)]
    confirm = window(64, 140, 128, 44) + [text("Quit this game?", 70, 144, 90, 12)]
    assert "cut by a window" in " ".join(layout.problems([("scene", 1)] + notice + confirm))


def test_a_dialog_of_a_later_scene_and_a_window_in_anothers_place_pass():
    table = window(0, 192, 256, 32) + [text("Player 1: your turn", 6, 195, 114, 12)]
    pause = window(80, 180, 96, 40) + [text("Resume", 94, 190, 36, 12)]
    assert layout.problems([("scene", 1)] + table + [("scene", 2)] + pause) == []
    jump = window(0, 192, 256, 32) + [text("Jump to turn", 80, 196, 72, 12)]
    assert layout.problems([("scene", 1)] + table + jump) == []
    assert layout.problems([("scene", 1)] + table + window(100, 200, 60, 24)), "a window on part of the box"
