"""The events a game's table tells from data (``TableScene.told``, ``frontend/table_beats.py``): every
field a step names is the event's, every line has its Japanese with the same fields, and ``tell``
makes the beats a game's own code made before."""
import importlib
from typing import NamedTuple

import pytest

from tdream.frontend.table import Beat, TableScene
from tdream.frontend.table_beats import Line, Show, thousands, words
from tdream.frontend.text import fields, load_all_ja, load_game_ja, plurals, set_language

GAMES = ("towerdream", "towers", "cattower", "towerup")


def told(gid: str) -> dict:
    return importlib.import_module(f"tdream.games.{gid}.frontend.table").TableScene.told


@pytest.mark.parametrize("gid", GAMES)
def test_every_field_a_step_names_is_the_events_own(gid):
    table = told(gid)
    assert table, gid                                          # each game tells some events from data
    for event, steps in table.items():
        own = set(event._fields)
        for step in steps:
            named = {step.seat} - {""} | (set(step.data) if isinstance(step, Show) else set())
            if isinstance(step, Line):
                of = dict(step.of)
                named |= {of.get(f, f) for f in fields(step.template) - {"who"}}
                assert set(step.names) <= fields(step.template), (event.__name__, step.template)
                assert ("who" in fields(step.template)) <= bool(step.seat), (event.__name__, step.template)
                assert set(dict(step.said)) <= fields(step.template), (event.__name__, step.template)
            assert named <= own, (gid, event.__name__, sorted(named - own))


@pytest.mark.parametrize("gid", GAMES)
def test_every_line_has_its_japanese_with_the_same_fields_and_counts(gid):
    ja = {**load_all_ja(), **load_game_ja()[gid]}
    lines = [step.template for steps in told(gid).values() for step in steps if isinstance(step, Line)]
    assert lines
    for template in lines:
        assert template in ja and fields(ja[template]) == fields(template), template
        if "(s)" in template:                                   # its count says the plural (issue 21)
            ones = plurals(template, dict.fromkeys(fields(template), 1))
            assert ones != plurals(template, dict.fromkeys(fields(template), 2)), template


class Took(NamedTuple):
    player: int
    other: int
    pool: list
    amount: int
    k: int


class Stub:
    """What ``TableScene.tell`` asks of a table: its seats, its game, where beats go."""

    def __init__(self, steps, hurried=False) -> None:
        self.told = {Took: steps}
        self.names = ["Ann", "Bob"]
        self.gamedef = type("G", (), {"id": "tiny"})()
        self.beats: list[Beat] = []
        self.hurried_lines = hurried

    def is_cpu(self, seat: int) -> bool:
        return seat == 1

    add = TableScene.add
    say = TableScene.say
    banner = TableScene.banner
    fanfare_words = TableScene.fanfare_words


def test_tell_makes_the_beats_in_order_with_the_events_fields():
    table = Stub((Show("take", 8, "other", ("pool", "amount"), "blip", None),
                  Line("{who} pays {name} {amount}G for {k} Floor(s).", "player", 30, names=("name",),
                       of=(("name", "other"),), said=(("amount", thousands),)),
                  Line("JACKPOT! {who} wins.", "other", 70, "big", banner=True, sound="jackpot")))
    pool = [3, 4]
    assert TableScene.tell(table, Took(0, 1, pool, 12000, 1))
    pool.append(5)                                              # the beat keeps the pool as the event said it
    take, said, banner = table.beats
    assert (take.kind, take.frames, take.player, take.data, take.sound, take.cpu) == ("take", 8, 1, ((3, 4), 12000),
                                                                                     "blip", True)
    assert (said.kind, said.text, said.player, said.frames, said.cpu) == ("say", "Ann pays Bob 12,000G for 1 Floor.",
                                                                          0, 30, False)
    assert (banner.kind, banner.title, banner.text, banner.sound, banner.frames, banner.tag) == \
        ("banner", "JACKPOT!", "Bob wins.", "jackpot", 70, "big")
    assert not TableScene.tell(table, (1, 2))                  # an event the table does not hold: the game's code


def test_a_line_about_no_seat_hurries_where_the_game_says_so():
    for hurried in (False, True):
        table = Stub((Line("A new round."),), hurried)
        TableScene.tell(table, Took(0, 1, [], 0, 0))
        assert table.beats[0].cpu is hurried and table.beats[0].player == -1


def test_a_line_is_said_in_the_games_own_japanese():
    line = Line("{who} sits this turn out.", "player")
    try:
        set_language("ja")
        said = words("towerdream", line, Took(1, 0, [], 0, 0), ["Ann", "Bob"])
    finally:
        set_language("en")
    ja = {**load_all_ja(), **load_game_ja()["towerdream"]}["{who} sits this turn out."]
    assert said == ja.format(who="Bob") and said != "Bob sits this turn out."
