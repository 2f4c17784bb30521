"""Boards: G1.1-G1.5 numbering, Lines, adjacency, segregation and the two-level link."""
import pytest

from tdream.games.towerdream.rules.board import build_board


def names(board, lands):
    return [board.land_names[x] for x in lands]


def test_classic7_road_numbering_g1_2(boards):
    b = boards["classic-7"]
    assert b.land_count == 49 and b.road_length == 32
    kinds = {s.index: s.kind for s in b.spaces if s.kind != "line"}
    assert kinds == {0: "start", 8: "card", 16: "jackpot", 24: "slot"}        # G1.3
    assert names(b, b.spaces[1].line) == ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]
    assert names(b, b.spaces[7].line)[0] == "g1"
    assert names(b, b.spaces[9].line) == ["g1", "f1", "e1", "d1", "c1", "b1", "a1"]   # row 1 from the right
    assert names(b, b.spaces[15].line)[0] == "g7"
    assert names(b, b.spaces[17].line) == ["g7", "g6", "g5", "g4", "g3", "g2", "g1"]  # column g from below
    assert names(b, b.spaces[23].line)[0] == "a7"
    assert names(b, b.spaces[25].line) == ["a7", "b7", "c7", "d7", "e7", "f7", "g7"]  # row 7 from the left
    assert names(b, b.spaces[31].line)[0] == "a1"


def test_classic10_road_numbering_g1_2(boards):
    b = boards["classic-10"]
    assert b.land_count == 100 and b.road_length == 44
    kinds = {s.index: s.kind for s in b.spaces if s.kind != "line"}
    assert kinds == {0: "start", 11: "card", 22: "jackpot", 33: "slot"}
    assert b.spaces[10].axis == "column j" and b.spaces[12].axis == "row 1"
    assert b.spaces[21].axis == "row 10" and b.spaces[23].axis == "column j"
    assert b.spaces[32].axis == "column a" and b.spaces[34].axis == "row 10" and b.spaces[43].axis == "row 1"


def test_adjacency_is_orthogonal_g1_4(boards):
    b = boards["classic-7"]
    c4 = b.land_names.index("c4")
    assert sorted(names(b, b.adjacent[c4])) == ["b4", "c3", "c5", "d4"]
    a1 = b.land_names.index("a1")
    assert sorted(names(b, b.adjacent[a1])) == ["a2", "b1"]


def test_every_land_is_on_a_line_on_every_board(boards):
    for b in boards.values():
        assert all(b.lines_of_land), b.id


def test_eight_boards_and_their_variety_g1_5(boards):
    assert len(boards) == 8
    shapes = {b.id: (len(b.levels[0][0]), len(b.levels[0])) for b in boards.values()}
    assert any(w != h for w, h in shapes.values())                           # not square
    assert any(any("#" in row for row in b.levels[0]) for b in boards.values())   # blocked cells
    side_events = [b.id for b in boards.values() if any(s.kind != "line" and s.side != "corner" for s in b.spaces)]
    assert len(side_events) >= 3
    assert len(boards["hong-kong"].levels) == 2


def test_segregated_board_splits_a_column_into_two_lines(boards):
    b = boards["nightmare-13"]
    lines = [s for s in b.spaces if s.kind == "line"]
    by_axis = {}
    for s in lines:
        by_axis.setdefault(s.axis, []).append(set(s.line))
    split = [axis for axis, ls in by_axis.items() if len(ls) == 2 and not (ls[0] & ls[1])]
    assert split, "some column or row must be split into two disjoint Lines"


def test_two_level_board_is_one_loop_through_both_levels(boards):
    b = boards["hong-kong"]
    levels = [s.level for s in b.spaces]
    # lower, then the whole upper ring, then the rest of the lower ring
    first_up = levels.index(1)
    last_up = len(levels) - 1 - levels[::-1].index(1)
    assert all(lv == 1 for lv in levels[first_up:last_up + 1])
    assert b.spaces[first_up].kind == "lift" and b.spaces[first_up - 1].kind == "lift"
    upper = {x for s in b.spaces if s.level == 1 for x in s.line}
    lower = {x for s in b.spaces if s.level == 0 for x in s.line}
    assert upper and lower and not (upper & lower)
    for x in upper:
        assert all(b.land_pos[n][0] == 1 for n in b.adjacent[x])     # never adjacent across levels


def board_data(rows, events, **extra):
    d = {"id": "t", "name": "T", "luck": "low", "levels": [{"map": rows, "events": events}]}
    d.update(extra)
    return d


def test_build_board_refuses_a_corner_without_an_event():
    _, problems = build_board(board_data(["...", "..."], {0: "start", 4: "card", 7: "jackpot"}), set())
    assert any("corner space 11" in what for _, what in problems)


def test_build_board_refuses_an_empty_line_and_an_unplaceable_land():
    rows = ["#.", "##"]
    _, problems = build_board(board_data(rows, {0: "start", 3: "card", 6: "jackpot", 9: "slot"}), set())
    text = " ".join(what for _, what in problems)
    assert "empty Line" in text


def test_build_board_refuses_unknown_event_and_two_starts():
    rows = ["...", "..."]
    ev = {0: "start", 4: "start", 7: "jackpot", 11: "slot", 1: "party"}
    _, problems = build_board(board_data(rows, ev), set())
    text = " ".join(what for _, what in problems)
    assert "unknown event kind 'party'" in text and "corner space" not in text


def test_build_board_accepts_a_minimal_board():
    rows = ["...", "..."]
    b, problems = build_board(board_data(rows, {0: "start", 4: "card", 7: "jackpot", 11: "slot"}), set())
    assert problems == [] and b.land_count == 6 and b.road_length == 14
