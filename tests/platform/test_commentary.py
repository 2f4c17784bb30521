"""The commentary base (issue 37, point 1): a game gives its moments, the platform's
``Commentator`` voices them: who speaks, how often, which line, the throttles."""
from typing import NamedTuple

import pytest

from tdream.platform.commentary import NEXT, SEAT, SIDELINE, WATCHER, Commentator
from tdream.platform.comments import Line
from tdream.platform.roster import CHARACTER_IDS

SLOTS = ("scores", "rival_scores", "builds", "big", "start", "card", SIDELINE)


class Scored(NamedTuple):
    player: int


class Built(NamedTuple):
    player: int


class Started(NamedTuple):
    pass


class Drawn(NamedTuple):
    player: int


class Turned(NamedTuple):
    pass


def _lines(speakers=CHARACTER_IDS + ("host",)):
    return {who: {slot: tuple(Line(f"{who} {slot} {i}", f"{who}{slot}{i}") for i in range(3)) for slot in SLOTS}
            for who in speakers}


class Tiny(Commentator):
    """A game of scoring, building and drawing cards: its moments only."""

    MOMENTS = {Scored: lambda com, match, e: [("scores", e.player, "own"), ("rival_scores", e.player, "rival")],
               Built: "builds", Started: lambda com, match, e: [("start", -1, "side"), (SIDELINE, -1, "side")],
               Drawn: "card", Turned: lambda com, match, e: [(SIDELINE, -1, "side")]}
    ROLES = {"own": SEAT, "rival": NEXT, "side": WATCHER}
    BIG = frozenset({"big"})
    HOSTS = {"card": "host"}
    GAPS = {"builds": 2}
    SALT, WATCH_SALT = 1, 2

    def load(self):
        return _lines()


def test_seats_voice_their_own_rivals_the_next_seated_and_watchers_speak_of_nobody():
    com = Tiny(["kenta", "human", "yuka:hard"], 5, "always")
    said = com.react(None, [Scored(0), Scored(2), Started()])
    assert [(c.speaker, c.slot, c.about) for c in said[:4]] == [
        ("kenta", "scores", 0), ("yuka", "rival_scores", 0), ("yuka", "scores", 2), ("kenta", "rival_scores", 2)]
    side = said[4:]
    assert side and all(c.about == -1 and c.speaker not in ("kenta", "yuka") for c in side)
    assert all(c.en.startswith(f"{c.speaker} {c.slot} ") for c in said)
    assert com.fired == ["scores", "rival_scores", "scores", "rival_scores", "start", SIDELINE]
    said = com.react(None, [Scored(1)])                 # a human's own moment: unvoiced
    assert [(c.speaker, c.slot) for c in said] == [("yuka", "rival_scores")]


def test_an_unvoiced_seat_s_moment_goes_to_its_host_and_a_voiced_one_now_and_then():
    com = Tiny(["human", "joji"], 3, "always")
    assert {c.speaker for _ in range(20) for c in com.react(None, [Drawn(0)])} == {"host"}
    assert {c.speaker for _ in range(40) for c in com.react(None, [Drawn(1)])} == {"host", "joji"}


def test_a_seat_s_ordinary_moments_are_voiced_one_time_in_three_at_most():
    com = Tiny(["marimo", "hazumi"], 1, "always")
    said = [bool(com.react(None, [Built(0)])) for _ in range(9)]
    assert said == [True, False, False] * 3


def test_never_the_same_line_twice_in_a_row_either_way():
    """``next``: never a speaker's line for a moment twice in a row; ``others``: never the line
    said just before, by anybody."""
    for repeat, slot in (("next", "scores"), ("others", None)):
        com = type("T", (Tiny,), {"REPEAT": repeat})(["kenta", "yuka"], 11, "often")
        said = [c.en for _ in range(200) for c in com.react(None, [Scored(0)]) if slot in (None, c.slot)]
        assert len(said) > 50 and all(a != b for a, b in zip(said, said[1:])), repeat
        if repeat == "others":
            assert any(a == c for a, c in zip(said, said[2:]))      # only the last one is left out


def test_the_same_seed_says_the_same_and_never_says_nothing():
    def run(talk, seed=4):
        com = Tiny(["kenta", "random", "yuka"], seed, talk)
        return [c for i in range(60) for c in com.react(None, [Scored(i % 3), Built(i % 3), Drawn(i % 3), Started()])]
    assert run("sometimes") == run("sometimes") != run("sometimes", 5)
    assert run("never") == [] and len(run("rarely")) < len(run("often"))
    with pytest.raises(ValueError, match="talk: 'loud' is not one of never, rarely"):
        Tiny(["kenta"], 0, "loud")


def test_at_most_the_game_s_number_of_comments_an_input_the_big_moments_first():
    class Few(Tiny):
        MOMENTS = {**Tiny.MOMENTS, Built: lambda com, match, e: [("builds", e.player, "own"), ("big", e.player, "own")]}
        GAPS = {}
        MOST = 2
    com = Few(["kenta", "yuka"], 2, "always")
    said = com.react(None, [Scored(0), Built(1)])
    assert [(c.slot, c.about) for c in said] == [("big", 1), ("scores", 0)]
    assert com.fired == ["big", "scores", "rival_scores", "builds"]       # every moment found, said or not


def test_the_sideline_once_a_stretch_and_each_line_once_a_game():
    class Quiet(Tiny):
        SIDELINE_GAP = 3
    com = Quiet(["kenta"], 6, "always")
    side = [(i, c) for i in range(90) for c in com.react(None, [Turned()])]
    assert 10 < len(side) <= 30 and all(b - a >= 3 for (a, _), (b, _) in zip(side, side[1:]))
    assert len({(c.speaker, c.en) for _, c in side}) == len(side)
    assert [c for _ in range(9) for c in com.react(None, [Scored(0), Turned()]) if c.slot == SIDELINE] == []
