"""Every match of a sitting has its own seed (issue 21): the first plays the machine's seed, the
k-th after it ``derive_seed(seed, k)``; so two games in one sitting roll other dice and draw
other line-ups, and a movie still replays (the count is part of the machine's state)."""
import pytest

from tdream.frontend.constants import A, START
from tdream.frontend.run import Headless
from tdream.frontend.scenes.title import playable
from tdream.frontend.settings import Settings
from tdream.platform.protocol import CHANCE
from tdream.rng import derive_seed

SEED = 11


def tap(h, button, wait: int = 4) -> None:
    h.step(button)
    for _ in range(wait):
        h.step(0)


def free_play(h, seats=None):
    """From the title, by pad: Start, A (Free play, the menu's first item), Start on the set-up
    screen (``seats``: its line-up set first). Returns (the set-up's line-up, the table)."""
    m = h.machine
    tap(h, START)
    tap(h, A)
    setup = m.stack[-1]
    if seats is not None:
        setup.seats = list(seats)
    lineup = list(setup.seats)
    tap(h, START)
    return lineup, m.stack[-1]


def chance_drawn(match, inputs: int = 40) -> list[str]:
    """The chance outcomes the match's own RNG draws while its first legal answers are played."""
    c = match.copy()
    out = []
    for _ in range(inputs):
        aw = c.awaiting()
        if aw is None:
            break
        if aw.player == CHANCE:
            outcome = c.sample_chance()
            out.append(repr(outcome))
            c.apply(outcome)
        else:
            c.apply(c.legal_answers(aw.player)[0], seat=aw.player)
    return out


@pytest.mark.parametrize("game", playable())
def test_two_matches_of_one_sitting_have_their_own_seeds_and_line_ups(game):
    h = Headless(seed=SEED, settings=Settings(last={"game": game}))
    m = h.machine
    first_lineup, first = free_play(h)
    m.reset(m.home_scene())                        # Pause > Save and quit: back to the title
    second_lineup, second = free_play(h)
    assert first.setup.seed == SEED                # the first match keeps the machine's seed (goldens, routes)
    assert second.setup.seed == derive_seed(SEED, 1) != SEED
    if "seats" in m.settings.last.get(game, {}):   # a set-up that keeps its seats (Towers, issue 36) offers them again
        assert first_lineup == second_lineup
    else:
        assert first_lineup != second_lineup       # the random CPU line-up of each set-up is its match's
    assert m.matches == 2


@pytest.mark.parametrize("game", playable())
def test_the_same_line_up_twice_in_a_sitting_rolls_other_dice(game):
    h = Headless(seed=SEED, settings=Settings(last={"game": game}))
    m = h.machine
    lineup, first = free_play(h)
    m.reset(m.home_scene())
    _, second = free_play(h, seats=lineup)
    assert sorted(second.kinds) == sorted(first.kinds)     # (a game may draw the order of play)
    a, b = first.host.session.match, second.host.session.match
    drawn = chance_drawn(a)
    if drawn:                                      # a game of chance: its dice (cards, sites) differ
        assert drawn != chance_drawn(b)
    assert a.fingerprint() != b.fingerprint()      # the match's RNG (its CPU players' too) is another


def test_going_back_out_of_a_set_up_screen_uses_up_no_seed():
    from tdream.frontend.constants import B
    h = Headless(seed=SEED)
    m = h.machine
    tap(h, START)
    tap(h, A)
    shown = list(m.stack[-1].seats)
    tap(h, B)                                      # back to the title: no match started
    assert m.matches == 0 and m.match_seed == SEED
    m.reset(m.home_scene())
    lineup, table = free_play(h)
    assert lineup == shown and table.setup.seed == SEED and m.matches == 1


def test_the_match_count_is_in_the_state_hash():
    a, b = Headless(seed=SEED), Headless(seed=SEED)
    assert a.machine.state_hash() == b.machine.state_hash()
    b.machine.match_started()
    assert a.machine.state_hash() != b.machine.state_hash()


def test_a_match_started_from_the_command_line_is_the_sittings_first():
    """``tdream play --game ...`` starts a table at once with the machine's seed: the next set-up
    plays match 1's seed. Watching a record or practising a scenario counts no match."""
    from tdream.frontend.match import MatchSetup
    game = playable()[0]
    direct = Headless(seed=SEED, setup=MatchSetup(game, SEED, ["human", "random"]))
    assert direct.machine.matches == 1 and direct.machine.match_seed == derive_seed(SEED, 1)
    direct.machine.reset(direct.machine.home_scene())
    _, table = free_play(direct)
    assert table.setup.seed == derive_seed(SEED, 1)
    demo = MatchSetup(game, 5, ["random", "random"], mode="demo")
    assert Headless(seed=SEED, setup=demo).machine.matches == 0


def test_a_campaign_board_is_one_of_the_sittings_matches(tmp_path):
    from tdream.games.towerdream.frontend.campaign import CampaignScene
    from tdream.games.towerdream.frontend.table import TableScene
    from tdream.platform.database import RecordsDB
    db = RecordsDB(tmp_path / "records.db")
    db.profile("Ann")
    h = Headless(seed=SEED, records=db, settings=Settings(last={"game": "towerdream"}))
    m = h.machine
    m.push(CampaignScene())
    tap(h, A)                                      # who? Ann, the first profile
    tap(h, A)                                      # the first board
    assert isinstance(m.stack[-1], TableScene) and m.stack[-1].setup.mode == "campaign"
    assert m.matches == 1
    m.reset(m.home_scene())
    _, table = free_play(h)
    assert table.setup.seed == derive_seed(SEED, 1)
    db.close()
