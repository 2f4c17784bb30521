"""Every prompt's refusals, by pad: an illegal choice answers nothing and shows the engine's
reason on screen, its rule ID first (start floors, the market's wilds and substitutes, the city,
the base colour, the discard); and a legal one answers what the engine lists."""
import pytest

from tdream.frontend.constants import A, B, DOWN, LEFT, RIGHT, UP, Y
from tdream.frontend.match import MatchSetup
from tdream.frontend.run import Headless
from tdream.games.towerup.answers import Build, Discard, Take
from tdream.platform.scenario import load_scenario
from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts

CITY = """city:                     # a 3x3 grid: a1 a2 a3 / b1 b2 b3 / c1 c2 c3
  sites:
    a1: {district: 1, park: true}
    a2: {district: 1}
    a3: {district: 2}
    b1: {district: 1}
    b2: {district: 2}
    b3: {district: 2, park: true}
    c1: {district: 3}
    c2: {district: 3}
    c3: {district: 3, park: true}
  streets: [[a1, a2], [a2, a3], [b1, b2], [b2, b3], [c1, c2], [c2, c3],
            [a1, b1], [b1, c1], [a2, b2], [b2, c2], [a3, b3], [b3, c3]]
cards:
  k1: {bottom: black, floors: [black, black, white]}
  k2: {bottom: white, floors: [white, brown], vehicles: [grey]}
  k3: {bottom: brown, floors: [wild, wild]}
  k4: {bottom: grey, floors: [grey], vehicles: [black, white]}
  k5: {bottom: black, floors: [brown, grey, grey]}
  k6: {bottom: white, floors: [white, white, black]}
tracks: {values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], stars: [2, 4]}
"""


def scenario(tmp_path, body: str, rules: str = "[U3.4]"):
    text = (f"format: tdream-scenario\nversion: 1\ngame: towerup\nname: \"a prompt's refusals\"\nrules: {rules}\n"
            + CITY + body)
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return load_scenario(str(path))


class Table:
    """A practice table from a scenario's position, its prompts answered by pad."""

    def __init__(self, sc) -> None:
        _watch_drawing()
        setup = MatchSetup(sc.game.id, sc.seed, [x.kind for x in sc.seats], dict(sc.options), scenario=sc,
                           mode="practice")
        self.h = Headless(seed=sc.seed, setup=setup)
        self.t = self.h.machine.stack[0]

    def prompt(self):
        t = self.t
        for _ in range(4000):
            if t.prompt is not None and t.beat is None and t.prompt_age >= t.prompt_guard:
                return t.prompt
            self.h.step((0, 0, 0, 0), 0b1111)
        raise AssertionError("no prompt came")

    def tap(self, button: int) -> None:
        pads = [0, 0, 0, 0]
        pads[self.t.pad_of[self.t.prompt_seat]] = button
        self.h.step(tuple(pads), 0b1111)
        self.h.step((0, 0, 0, 0), 0b1111)

    def goto(self, site: str) -> None:
        """The city's cursor onto ``site`` (down from the market first)."""
        p = self.prompt()
        if p.stage == "market":
            self.tap(DOWN)
        target = self.t.game.rules.city.index[site]
        xy = self.t._view.xy
        for _ in range(20):
            if p.site == target:
                return
            (x0, y0), (x1, y1) = xy[p.site], xy[target]
            self.tap(RIGHT if x1 > x0 else LEFT if x1 < x0 else DOWN if y1 > y0 else UP)
            if p.stage == "market":
                self.tap(DOWN)
        raise AssertionError(f"the cursor never reached {site}")

    def shown_texts(self) -> list[str]:
        _DRAWN.clear()
        self.h.frame()
        return [x[0] for x in visible_texts(_DRAWN)]

    def window_texts(self) -> list[str]:
        """The texts of every page of the prompt's window (Y turns them; a window that holds all its
        lines has one), the page it was on last."""
        p = self.t.prompt
        texts = self.shown_texts()
        seen = [" ".join(texts)]
        for _ in range(6):
            if not any(t.startswith("Y: more") for t in texts):
                break
            self.tap(Y)
            texts = self.shown_texts()
            if " ".join(texts) in seen:
                break
            seen.append(" ".join(texts))
        assert p is self.t.prompt
        return " ".join(seen).split(" ")

    def refused(self, rule: str) -> str:
        """The prompt refused the last choice with a reason starting ``rule``, shown on screen,
        and answered nothing."""
        p = self.t.prompt
        assert p is not None and p.answer is None
        assert p.refusal.startswith(rule + ":"), p.refusal
        texts = self.shown_texts()
        assert any(line.startswith(rule + ":") for line in texts), texts
        return p.refusal


POSITION = """players: [{name: Ann}, {name: Joji, cpu: joji}]
sites:
  a2: {floors: [white], roofs: [Joji]}
  b2: {floors: [grey], roofs: [Ann]}
stock: {Ann: {white: 1, brown: 1}}
roofs: {Ann: ROOFS}
market: [k3, k1, k2]
deck: [k4, k5, k6]
supply: {black: 0, white: 5, brown: 5, grey: 5}
steps:
  - illegal: {build: {site: c3, colour: black, roof: c3}}
"""


@pytest.fixture
def ann(tmp_path):
    return Table(scenario(tmp_path, POSITION.replace("ROOFS", "5")))


def test_a_wild_of_a_colour_that_is_out_is_refused(ann):
    p = ann.prompt()
    assert p.stage == "market" and p.card == 0           # k3: two wilds
    ann.tap(A)
    assert p.stage == "wild" and p.pick != 0             # the suggestion is a colour still in the supply
    while p.pick != 0:                                   # black: none left
        ann.tap(LEFT)
    ann.tap(A)
    assert "black has none left" in ann.refused("UG3.1")
    ann.tap(RIGHT)                                       # white, then white again: shown first
    ann.tap(A)
    ann.tap(A)
    assert p.stage == "take" and p.answer is None and p.pending == Take("k3", ("white", "white"))
    ann.tap(A)                                           # confirmed with A, as a build is
    assert p.answer == Take("k3", ("white", "white"))


def test_a_take_shows_what_it_does_before_it_is_done(ann):
    """Issue 24 point 3: A on a card shows its take (floors gained, each vehicle move with its
    points, the substitute for a colour that is out and the end it starts); B steps back, A takes."""
    p = ann.prompt()
    ann.tap(RIGHT)
    ann.tap(RIGHT)                                       # k2: white, brown; the grey vehicle +1
    ann.tap(A)
    assert p.stage == "take" and p.answer is None
    texts = " ".join(ann.shown_texts())
    assert "Take this card?" in texts and "Gains 1 white, 1 brown." in texts
    assert "grey vehicle 0>1 +1" in texts and "A: take it" in texts
    ann.tap(B)
    assert p.stage == "market" and p.card == 2 and p.answer is None
    ann.tap(LEFT)                                        # k1: black is out: grey instead, the end begins
    ann.tap(A)
    while p.stage == "wild":                             # both blacks: grey
        while p.pick != 3:
            ann.tap(RIGHT)
        ann.tap(A)
    assert p.stage == "take" and p.take_preview().substitutes == (("black", "grey"), ("black", "grey"))
    texts = " ".join(ann.window_texts())
    assert "No black left: grey instead (U3.2)." in texts and "the game will end (U5.2)" in texts
    ann.tap(B)                                           # back to the colour chosen last
    assert p.stage == "wild" and p.picked == ["grey"] and p.pick == 3
    ann.tap(A)
    ann.tap(A)
    assert p.answer == Take("k1", ("grey", "grey"))


def test_the_substitute_prompt_says_the_end_begins_only_before_it_has(ann):
    p = ann.prompt()
    ann.tap(RIGHT)
    ann.tap(A)
    assert p.stage == "wild"
    said = " ".join(ln.text for ln in p.window_wild(None, (0, 0, 176, 56))[1])
    assert "the game will end (U5.2)" in said
    p.match = p.match.copy()
    p.match.ending = "roof"                              # the end has begun (a copy: the table's game is untouched)
    said = " ".join(ln.text for ln in p.window_wild(None, (0, 0, 176, 56))[1])
    assert "the game will end" not in said


def test_a_substitute_of_the_colour_that_ran_out_is_refused(ann):
    p = ann.prompt()
    ann.tap(RIGHT)                                       # k1: black, black, white; black is out (U3.2)
    ann.tap(A)
    assert p.stage == "wild" and p.wild_slots()[0] == 0
    while p.pick != 0:
        ann.tap(LEFT)
    ann.tap(A)
    assert "black has run out" in ann.refused("U3.2")
    ann.tap(B)                                           # back to the market
    assert p.stage == "market" and p.answer is None


@pytest.mark.parametrize("site, words", [("b2", "b2 is not empty"), ("c3", "c3 is next to no tower"),
                                         ("b1", "building on b1 costs")])
def test_a_site_he_cannot_build_on_is_refused(ann, site, words):
    ann.goto(site)
    p = ann.t.prompt
    assert p.stage == "city" and p.site not in p.builds
    ann.tap(A)
    assert words in ann.refused("U3.4")
    assert p.stage == "city"


def test_a_base_colour_a_neighbour_has_or_he_cannot_pay_is_refused(ann):
    ann.goto("a1")                                       # next to a2 (white): base brown is the one
    p = ann.t.prompt
    ann.tap(A)
    assert p.stage == "colour" and p.colour == 2
    ann.tap(LEFT)                                        # white
    ann.tap(A)
    assert "must differ from every adjacent tower; a2 is white" in ann.refused("U3.4")
    ann.tap(LEFT)                                        # black: he has none
    ann.tap(A)
    assert "lacks 1 black" in ann.refused("U3.4")
    ann.tap(RIGHT)
    ann.tap(RIGHT)                                       # brown
    ann.tap(A)
    assert p.stage == "roof" and [c.roof for c in p.choices()] == ["a1", "a2"]
    texts = " ".join(ann.shown_texts())
    assert "a1 1 high: brown 0>1" in texts and "a2 2 high: white 0>2" in texts
    ann.tap(DOWN)
    ann.tap(A)
    assert p.answer == Build("a1", "brown", "a2")


def test_with_no_roof_left_every_site_is_refused(tmp_path):
    t = Table(scenario(tmp_path, POSITION.replace("ROOFS", "0"), "[U3.5]"))
    p = t.prompt()
    assert not p.legal_sites
    assert any("You can pay for no site" in x for x in t.shown_texts())
    t.goto("a1")
    t.tap(A)
    assert "has no roof left" in t.refused("U3.5")


DISCARD = """players: [{name: Ann}, {name: Joji, cpu: joji}]
market: [k1, k2, k4]
deck: [k5, k6, k3]
stock: {Ann: {black: 4, white: 3, brown: 2}}
supply: {black: 10, white: 10, brown: 10, grey: 10}
steps:
  - take: {card: k1}
"""


def test_the_discard_refuses_more_than_he_holds_and_a_wrong_count(tmp_path):
    t = Table(scenario(tmp_path, DISCARD, "[U3.3]"))
    p = t.prompt()
    t.tap(A)                                             # k1: 12 floors
    assert t.t.prompt.stage == "take" and t.t.prompt.take_preview().discard == 2
    t.tap(A)
    p = t.prompt()
    assert p.kind == "discard" and p.total == 2 and sum(p.counts) == 2
    while p.row != 3:
        t.tap(DOWN)
    t.tap(RIGHT)                                         # grey: he holds none
    assert "Ann holds only 0 grey" in t.refused("U3.3")
    while p.counts[p.row] == 0:
        t.tap(UP)
    t.tap(LEFT)                                          # one too few
    t.tap(A)
    assert "give back exactly 2 floors, not 1" in t.refused("U3.3")
    t.tap(B)                                             # the suggestion again
    while p.counts[p.row] == p.limit[p.row]:
        t.tap(DOWN)
    for _ in range(3):                                   # all chosen: Right adds none (issue 36: a player
        t.tap(RIGHT)                                     # pressing on past them met "exactly 2" at A)
    assert sum(p.counts) == 2 and "2 chosen already" in " ".join(t.shown_texts())
    t.tap(B)
    t.tap(A)
    assert p.answer == Discard(p.suggestion) and sum(p.suggestion) == 2


SETUP = """players: [{name: Ann}, {name: Bob}]
supply: {black: 2, white: 30, brown: 30, grey: 30}
steps:
  - illegal: {build: {site: c3, colour: black, roof: c3}}
"""


def test_the_set_up_floors_refuse_what_the_supply_lacks_and_a_wrong_count(tmp_path):
    """E1: a fresh set-up; black is out once both players take theirs (UG1.1)."""
    t = Table(scenario(tmp_path, SETUP, "[UG1.1]"))
    p = t.prompt()
    k = t.t.game.rules.components.later_for(2)[0]           # the second seat's floors (UG1.1)
    assert p.kind == "start_floors" and p.total == k and t.t.game.supply[0] == 0
    assert p.row == 0
    t.tap(RIGHT)                                         # black: none in the supply
    assert "the supply has only 0 black" in t.refused("UG1.1")
    while p.counts[p.row] == 0:
        t.tap(DOWN)
    t.tap(LEFT)
    t.tap(A)
    assert f"take exactly {k} floor{'s' if k != 1 else ''}, not {k - 1}" in t.refused("UG1.1")
    t.tap(RIGHT)
    t.tap(A)
    assert p.answer is not None and sum(p.answer.counts) == k


def test_final_turn_panels_show_final_and_the_score_as_it_stands(ann):
    """Issue 24 point 4: in the final turns a panel keeps the score in view: "FINAL" and the score
    as it stands for a player still to play his final turn, the final score for one who has scored."""
    from tdream.frontend.text import tr
    t = ann.t
    ann.prompt()
    m = t.game.copy()
    m.left[0] = 1
    m.apply(m.build_answers(0)[0], True, 0)                  # Ann's last roof: she scores, Joji's final turn
    assert m.ending == "roof" and m.final_turns == [1] and m.final[0] is not None
    t.shown = m
    texts = " ".join(ann.shown_texts())
    assert tr("FINAL {k}", k=m.score_now(1)[0]) in texts
    assert tr("{k} pt(s)", k=m.final[0][0]) in texts
