"""Modes and profiles (issue 8), with pads alone: Free play with a profile, Practice (never
counted), the Campaign (a top-two place unlocks the next board), Records growing."""
import pytest

from tdream.games.towerdream.frontend import FRONTEND
from tdream.frontend.run import Headless
from tdream.frontend.scenes.modes import RecordsScene
from tdream.games.towerdream.frontend.campaign import CAMPAIGN, CampaignScene, opponents
from tdream.frontend.scenes.results import ResultsScene
from tdream.games.towerdream.frontend.table import TableScene
from tdream.platform.database import RecordsDB
from tdream.platform.options import full_options


def run(db, mode, profile=None, seed=1, frames=80000, again=True):
    h = Headless(seed=seed, records=db, today="2026-11-30")
    m = h.machine
    ap = FRONTEND.autopilot(mode=mode, profile=profile, again=again)
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
    ann = db.stats("Ann", game="towerdream")
    assert ann.games == 1 and ann.last_games[0]["date"] == "2026-11-30"
    wealth = table.game.wealth()
    rank = {p: r for r, g in enumerate(table.game.ranking(wealth), 1) for p in g}
    me = table.game.names.index("Ann")
    assert ann.wins == (1 if rank[me] == 1 else 0) and ann.best_score == wealth[me]
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
    stage, finished = db.campaign("Ann", "towerdream")
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
    from tdream.games.towerdream.campaign import load_campaign
    from tdream.games.towerdream.data.loader import DATA_DIR
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
    db.advance_campaign("Ann", "towerdream", len(CAMPAIGN), True)
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
    ap = FRONTEND.autopilot(mode="Free play", profile="Ann")
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


# Issue 21: the Records screen speaks each game's words. A game of each (its variant, the
# winner's score) and what its page must say: the best score's label and value, the favourite
# variant's label and value.
WORDS = {"towerdream": ("classic-7", 5000, ("Best Wealth", "5,000G"), "Favourite board"),
         "towers": ("8x8", 40, ("Best sum", "40"), ("Favourite board size", "8x8")),
         "cattower": ("dishes-kinds", 63, ("Most points", "63"), ("Favourite variant", "dishes by kind")),
         "towerup": ("city-4", 55, ("Most points", "55"), ("Favourite city", "the 36-site city"))}


def drawn_texts(h) -> list[str]:
    """Every text one frame draws."""
    font = h.machine.font
    seen: list[str] = []
    real = font.draw

    def draw(surface, text, *args, **kwargs):
        seen.append(text)
        return real(surface, text, *args, **kwargs)
    font.draw = draw
    try:
        h.frame()
    finally:
        del font.draw
    return seen


def records_page(db, gid: str):
    h = Headless(seed=1, records=db)
    h.machine.push(RecordsScene(gid))
    h.step()
    return h, h.machine.stack[-1]


@pytest.mark.parametrize("gid", sorted(WORDS))
def test_the_records_page_of_a_game_speaks_its_words(db, gid):
    from tdream.platform import registry
    from tdream.platform.database import SeatResult
    variant, score, best, favourite = WORDS[gid]
    game = registry.get(gid)
    if isinstance(favourite, str):                # Tower Dream: the board's own name
        favourite = (favourite, game.variant_name(variant))
    db.add_game(gid, variant, {}, "free", "2026-11-01", None,
                [SeatResult("Ann", "human", 1, score), SeatResult("joji", "cpu", 2, score - 10)])
    h, scene = records_page(db, gid)
    assert scene.stats.best_score == score and scene.stats.largest_lead == 10
    rows = scene.rows(scene.stats)
    assert best in rows and favourite in rows
    texts = drawn_texts(h)
    assert game.name in texts and best[0] in texts and favourite[1] in texts
    if gid != "towerdream":                        # no Wealth, G or boards where a game has none
        assert not [t for t in texts if "Wealth" in t or t.endswith(("0G", "1G")) or "Favourite board" == t]
    if gid in ("cattower", "towerup"):
        assert not [t for t in texts if "board" in t]


def test_a_game_whose_variants_have_no_name_has_no_favourite_line(db, monkeypatch):
    import dataclasses
    from tdream.platform import registry
    from tdream.platform.database import SeatResult
    game = registry.get("towerup")
    monkeypatch.setattr(type(game), "words", dataclasses.replace(game.words, variant=""))
    db.add_game("towerup", "city-4", {}, "free", "2026-11-01", None,
                [SeatResult("Ann", "human", 1, 55), SeatResult("joji", "cpu", 2, 45)])
    h, scene = records_page(db, "towerup")
    assert [label for label, _ in scene.rows(scene.stats)] == ["Games", "Wins", "Last places", "Win rate",
                                                                "Largest lead", "Most points"]
    texts = drawn_texts(h)
    assert "2026-11-01" in texts and not [t for t in texts if "Favourite" in t or "city" in t]


def test_continue_says_the_turn_or_the_round_as_the_game_counts():
    from tdream.frontend.scenes.modes import ContinueScene
    scene = ContinueScene()
    assert scene.at({"game": "cattower", "turn": 4}) == "round 4"           # CAT TOWER counts rounds
    assert scene.at({"game": "towers", "turn": 4}) == "turn 4"


def _variants(game) -> set[str]:
    """Every variant a game's options make (each option's closed list, true/false, or a range of
    at most 16 values; the others at their defaults)."""
    import itertools
    values = []
    for o in game.options:
        if o.choices:
            vs = list(o.choices)
        elif isinstance(o.default, bool):
            vs = [False, True]
        elif o.lo is not None and o.hi is not None and o.hi - o.lo < 16:
            vs = list(range(o.lo, o.hi + 1))
        else:
            vs = [o.default]
        values.append(vs + ([None] if o.nullable and None not in vs else []))
    return {game.variant(full_options(game, dict(zip([o.name for o in game.options], combo))))
            for combo in itertools.product(*values)}


def test_every_games_records_words_have_japanese():
    """The words a game hands the Records screen (its labels and its variants' names) have
    their Japanese: the game's own ja.yaml (or the shared one)."""
    from tdream.frontend.text import load_all_ja
    from tdream.platform import registry
    ja = load_all_ja()
    missing = []
    for gid in registry.ids():
        game = registry.get(gid)
        words = {game.words.score, game.words.best, game.words.variant}
        for v in _variants(game) - {""}:
            words |= {game.variant_name(v), game.variant_text(v)} - {v}
        missing += [(gid, w) for w in sorted(words) if w and any(ch.isalpha() for ch in w) and w not in ja]
    assert not missing, missing
    assert len(_variants(registry.get("cattower"))) == 4                   # dishes by good or kind, felt or not
