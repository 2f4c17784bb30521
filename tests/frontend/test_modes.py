"""Modes and profiles (issue 8), with pads alone: Free play with a profile, Practice (never
counted), the Campaign (a top-two place unlocks the next board), Records growing."""
import pytest

from tdream.games.towerdream.frontend.autopilot import Autopilot
from tdream.frontend.run import Headless
from tdream.frontend.scenes.modes import RecordsScene
from tdream.games.towerdream.frontend.campaign import CAMPAIGN, CampaignScene, opponents
from tdream.frontend.scenes.results import ResultsScene
from tdream.games.towerdream.frontend.table import TableScene
from tdream.platform.database import RecordsDB


def run(db, mode, profile=None, seed=1, frames=80000, again=True):
    h = Headless(seed=seed, records=db, today="2026-11-30")
    m = h.machine
    ap = Autopilot(mode=mode, profile=profile, again=again)
    table = None
    for _ in range(frames):
        h.step(ap.buttons(m))
        if isinstance(m.stack[-1], TableScene):
            table = m.stack[-1]
        if table is not None and table.done and isinstance(m.stack[-1], ResultsScene):
            for _ in range(40):
                h.step(ap.buttons(m))
            break
    return h, table


@pytest.fixture
def db(tmp_path):
    d = RecordsDB(tmp_path / "records.db")
    d.profile("Ann")
    yield d
    d.close()


def test_free_play_with_a_profile_is_recorded_per_seat(db):
    h, table = run(db, "Free play", "Ann")
    assert table.game.over and "Ann" in table.game.names
    ann = db.stats("Ann")
    assert ann.games == 1 and ann.last_games[0]["date"] == "2026-11-30"
    wealth = table.game.wealth()
    rank = {p: r for r, g in enumerate(table.game.ranking(wealth), 1) for p in g}
    me = table.game.names.index("Ann")
    assert ann.wins == (1 if rank[me] == 1 else 0) and ann.best_wealth == wealth[me]
    cpus = [k for k in table.kinds if k != "human"]
    assert all(db.stats(k.split(":")[0]).games == 1 for k in cpus)


def test_practice_games_count_for_nothing(db):
    h, table = run(db, "Practice", "Ann", seed=2)
    assert table.game.over and table.setup.mode == "practice"
    assert db.stats("Ann").games == 0
    assert db.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_campaign_board_then_back_to_the_campaign(db):
    from tdream.frontend.constants import A
    h, table = run(db, "Campaign", "Ann", seed=3, again=False)
    m = h.machine
    for i in range(120):
        if isinstance(m.stack[-1], CampaignScene):
            break
        h.step(A if i % 2 else 0)
    assert table.setup.mode == "campaign" and table.game.board.id == CAMPAIGN[0][0]
    me = table.game.names.index("Ann")
    wealth = table.game.wealth()
    rank = {p: r for r, g in enumerate(table.game.ranking(wealth), 1) for p in g}
    stage, finished = db.campaign("Ann")
    assert stage == (1 if rank[me] <= 2 else 0) and not finished
    h.step()
    assert isinstance(m.stack[-1], CampaignScene) and m.stack[-1].stage == stage
    assert db.stats("Ann").games == 1


def test_campaign_opposition_grows_from_d_to_a():
    """Issue 14 (10): a board of grade D seats only grade-D rivals (a game of three when the
    roster has two of them), and the grades rise to A."""
    from tdream.games.towerdream.ai import roster
    from tdream.games.towerdream.data import board_ids
    order = "DCBA"
    grades = []
    for stage, (board, grade, _) in enumerate(CAMPAIGN):
        picks = opponents(stage)
        assert 1 <= len(picks) <= 3 and len(set(picks)) == len(picks)
        assert {roster()[p].grade for p in picks} == {grade}, (board, picks)
        grades.append(order.index(grade))
    assert grades == sorted(grades) and grades[0] == 0 and grades[-1] == 3
    assert [b for b, _, _ in CAMPAIGN] == board_ids()


def test_a_campaign_with_a_rival_of_another_grade_is_refused(tmp_path):
    from tdream.games.towerdream.data.loader import DATA_DIR, load_campaign
    from tdream.errors import DataError
    bad = tmp_path / "campaign.yaml"
    bad.write_text((DATA_DIR / "campaign.yaml").read_text().replace("rivals: [kenta, cosmic-will]",
                                                                   "rivals: [kenta, yuka]", 1))
    with pytest.raises(DataError) as e:
        load_campaign(bad)
    assert "yuka is grade C, not D" in str(e.value) and f"{bad}:" in str(e.value)


def test_records_screen_lists_profiles_and_characters(db):
    run(db, "Free play", "Ann")
    h = Headless(seed=1, records=db)
    m = h.machine
    m.push(RecordsScene())
    scene = m.stack[-1]
    assert scene.entries[0] == "Ann" and len(scene.entries) == 4
    assert scene.stats.games == 1
    h.frame()


def test_no_database_means_no_records_and_no_crash():
    h, table = run(None, "Free play", seed=4, frames=3000, again=False)
    h.machine.push(RecordsScene())
    h.step()
    h.frame()


def test_a_cleared_campaign_shows_its_results(db):
    db.advance_campaign("Ann", len(CAMPAIGN), True)
    h = Headless(seed=1, records=db)
    m = h.machine
    scene = CampaignScene()
    scene.profile, scene.asked = "Ann", True
    m.push(scene)
    h.step()
    assert scene.finished and scene.stage == len(CAMPAIGN)
    h.frame()


def test_a_database_broken_mid_game_never_stops_the_game(tmp_path):
    """The file is overwritten with garbage while a game is played: the game still ends, shows
    its results, and says the records could not be written."""
    path = tmp_path / "records.db"
    db = RecordsDB(path)
    db.profile("Ann")
    h = Headless(seed=1, records=db, today="2026-11-30")
    m = h.machine
    ap = Autopilot(mode="Free play", profile="Ann")
    broken = False
    for _ in range(80000):
        h.step(ap.buttons(m))
        if not broken and isinstance(m.stack[-1], TableScene) and m.stack[-1].game.turn > 3:
            db.close()
            path.write_bytes(b"garbage" * 1000)
            db.db = __import__("sqlite3").connect(str(path))
            broken = True
        if isinstance(m.stack[-1], ResultsScene):
            break
    assert broken and isinstance(m.stack[-1], ResultsScene)
    assert m.warning and "records database" in m.warning
    h.frame()
    again = RecordsDB(path)                       # next start: set aside, fresh, no crash
    assert again.warning and "damaged" in again.warning and again.stats("Ann").games == 0


def test_a_profiles_colour_and_pad_are_used(db):
    from tdream.games.towerdream.frontend.table import GameSetup
    db.profile("Cy", colour=2, pad=2)
    h = Headless(seed=5, records=db, setup=GameSetup("classic-7", 5, ["human", "joji"], {}, profiles=["Cy"],
                                                     colours={"Cy": 2}, pads=[1]))
    t = h.machine.stack[0]
    cy = t.game.names.index("Cy")
    assert t.colour_of[cy] == 2 and sorted(t.colour_of) == [0, 2] or sorted(t.colour_of)[0] in (0, 1)
    assert t.colour_of[cy] == 2 and len(set(t.colour_of)) == 2
    assert t.pad_of == {cy: 1}
    h.frame()


def test_x_on_a_profile_changes_its_colour_and_pad(db):
    from tdream.frontend.constants import A, DOWN, RIGHT, X
    from tdream.frontend.scenes.modes import ProfilePrefs, ProfileScene
    h = Headless(seed=1, records=db)
    m = h.machine
    m.push(ProfileScene(lambda name: None))
    h.step(X)
    h.step()
    assert isinstance(m.stack[-1], ProfilePrefs)
    for press in (RIGHT, 0, DOWN, 0, RIGHT, 0, DOWN, 0, A, 0):
        h.step(press)
    ann = {p["name"]: p for p in db.profiles()}["Ann"]
    assert (ann["colour"], ann["pad"]) == (1, 2)
    assert isinstance(m.stack[-1], ProfileScene)
