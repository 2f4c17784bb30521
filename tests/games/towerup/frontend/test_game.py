"""Tower Up through the front end, driven by synthetic pad frames from power on (``Headless``):
a whole game title to results and back with one pad, two human pads, a record watched to its
end, a game resumed, the records database, the demo and the set-up."""
import pytest

from tdream.frontend.constants import A, B, DOWN, LEFT, RIGHT, START, UP
from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene
from tdream.frontend.scenes.title import TitleScene
from tdream.games.towerup.frontend import FRONTEND
from tdream.games.towerup.frontend.results import TowerUpResults
from tdream.frontend.scenes.setup import SetupScene
from tdream.games.towerup.frontend.table import GameSetup, TableScene
from tdream.platform.record import load_record
from tdream.platform.replay import verify_paths


def play(seed, tmp_path, frames=60000, records=None, **kwargs):
    """Power on, choose Tower Up on the title, play a whole game with the autopilot on pad 1 and
    come back to the title."""
    path = tmp_path / f"towerup-{seed}.tdr"
    h = Headless(seed=seed, record_path=str(path), records=records)
    m = h.machine
    ap = FRONTEND.autopilot(again=True, **kwargs)
    table = None
    seen = set()
    for _ in range(frames):
        h.step(ap.buttons(m))
        top = m.stack[-1]
        seen.add(type(top).__name__)
        if table is None and isinstance(top, TableScene):
            table = top
        if isinstance(top, ResultsScene):
            h.frame()
        if "TowerUpResults" in seen and isinstance(top, TitleScene):
            break
    return h, ap, table, path, seen


@pytest.fixture(scope="module")
def one_pad(tmp_path_factory):
    return play(1, tmp_path_factory.mktemp("one-pad"))


def test_a_whole_four_player_game_with_one_pad_title_to_results_and_back(one_pad):
    h, ap, table, path, seen = one_pad
    assert {"TitleScene", "SetupScene", "TableScene", "TowerUpResults"} <= seen
    assert isinstance(h.machine.stack[-1], TitleScene) and h.machine.stack[-1].game == "towerup"
    match = table.game
    assert match.over and len(match.names) == 4
    from tdream.platform.roster import CHARACTER_IDS
    assert table.kinds.count("human") == 1
    assert sum(1 for k in table.kinds if k.split(":")[0] in CHARACTER_IDS) == 3
    assert ap.prompts.get("turn", 0) > 5 and ap.tally.get("builds", 0) > 0, ap.prompts
    assert verify_paths([str(path)], False, None, None) == 0
    record = load_record(str(path))
    assert record.setup.game == "towerup" and record.setup.kinds.count("human") == 1 and record.finished


def test_the_same_presses_give_the_same_game(one_pad, tmp_path):
    h, _, table, path, _ = one_pad
    h2, _, table2, path2, _ = play(1, tmp_path)
    assert table2.game.fingerprint() == table.game.fingerprint()
    assert path2.read_text() == path.read_text() and h2.machine.frame == h.machine.frame


def test_a_finished_free_game_is_a_row_of_the_records_database(tmp_path):
    from tdream.platform.database import RecordsDB
    db = RecordsDB(tmp_path / "records.db")
    h, ap, table, path, seen = play(3, tmp_path, records=db)
    assert table.game.over
    stats = db.all_stats("towerup")
    names = {s["name"]: s for s in stats["profiles"] + stats["characters"]}
    assert names["Player 1"]["games"] == 1
    assert sum(1 for s in stats["characters"] if s["games"] == 1) == 3
    assert db.games_played() == ["towerup"]
    h, ap, table, path, seen = play(8, tmp_path, records=db, mode="Practice")      # never counted
    assert table.game.over and table.setup.mode == "practice"
    assert db.all_stats("towerup")["profiles"][0]["games"] == 1
    db.close()


def test_spectate_plays_four_characters_and_counts_nothing(tmp_path):
    h, ap, table, path, seen = play(5, tmp_path, mode="Spectate")
    assert table.game.over and ap.prompts == {} and "human" not in table.kinds
    assert table.setup.mode == "spectate"


def test_two_human_pads_each_answer_their_own_seat(tmp_path):
    """Seats 1 and 2 are people on pads 1 and 2: each prompt waits for its own pad; a press on
    the other pad does nothing."""
    path = tmp_path / "two.tdr"
    h = Headless(seed=2, setup=GameSetup(2, ["human", "human", "joji", "kenta"]), record_path=str(path))
    m = h.machine
    t = m.stack[0]
    assert sorted(t.pad_of.values()) == [0, 1]
    ap = FRONTEND.autopilot(pad=-1)
    answered = {0: 0, 1: 0}
    checked = False
    last = None
    for _ in range(80000):
        p = t.prompt if t.beat is None else None
        if p is not None and p is not last:
            last = p
            answered[t.pad_of[t.prompt_seat]] += 1
            if not checked and t.prompt_seat in t.pad_of:
                checked = True                      # the other pad's A and Down do nothing here
                other = 1 - t.pad_of[t.prompt_seat]
                for _ in range(TableScene.prompt_guard + 2):
                    h.step((0, 0, 0, 0), 0b0011)
                for b in (DOWN, 0, A, 0, A, 0):
                    pads = [0, 0, 0, 0]
                    pads[other] = b
                    h.step(tuple(pads), 0b0011)
                assert t.prompt is p and p.answer is None and getattr(p, "stage", "") in ("market", "")
        h.step(ap.buttons(m), 0b0011)
        if t.game.over and isinstance(m.stack[-1], ResultsScene):
            break
    assert t.game.over and answered[0] > 3 and answered[1] > 3, answered
    assert verify_paths([str(path)], False, None, None) == 0
    assert load_record(str(path)).setup.kinds.count("human") == 2


def test_an_unplugged_pad_waits_and_says_so(tmp_path):
    """Player 2's pad is not connected: his prompt waits (pad 1 cannot answer it) and the screen
    says which pad to connect."""
    h = Headless(seed=1, setup=GameSetup(1, ["joji", "human", "human", "kenta"]))
    m = h.machine
    t = m.stack[0]
    ap = FRONTEND.autopilot(pad=0)
    for _ in range(20000):
        if t.prompt is not None and t.beat is None and t.pad_of[t.prompt_seat] == 1:
            break
        h.step(ap.buttons(m), 0b0001)
    p = t.prompt
    assert p is not None and t.pad_of[t.prompt_seat] == 1
    for _ in range(40):
        h.step((A, A, 0, 0), 0b0001)              # pad 2 not connected: nothing happens
        h.step((0, 0, 0, 0), 0b0001)
    assert t.prompt is p and p.answer is None
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    assert any("Connect pad 2" in x[0] for x in visible_texts(_DRAWN))
    for _ in range(TableScene.prompt_guard):
        h.step((0, 0, 0, 0), 0b0011)
    h.step((0, A, 0, 0), 0b0011)                 # plugged in: pad 2 answers
    h.step((0, 0, 0, 0), 0b0011)
    assert t.prompt is not p or p.answer is not None or getattr(p, "stage", "") in ("wild", "take")


def test_a_record_is_watched_to_its_end(watched_record):
    from tdream.platform.record import Checkpoint
    record = load_record(watched_record)
    for speed in (16, 4):
        setup = GameSetup(record.setup.seed, list(record.setup.kinds), dict(record.setup.options), replay=record,
                          speed=speed)
        h = Headless(record.setup.seed, None, setup)
        m = h.machine
        for n in range(100000):
            h.step()
            if isinstance(m.stack[-1], ResultsScene):
                break
        table = m.stack[0]
        last = [i for i in record.items if isinstance(i, Checkpoint)][-1]
        assert isinstance(m.stack[-1], TowerUpResults)
        assert table.game.over and table.game.fingerprint() == last.state and not table.note
        h.frame()


def test_jump_to_a_turn_while_watching(watched_record):
    from tdream.frontend.constants import R
    record = load_record(watched_record)
    setup = GameSetup(record.setup.seed, list(record.setup.kinds), dict(record.setup.options), replay=record)
    h = Headless(record.setup.seed, None, setup)
    t = h.machine.stack[0]
    h.step(R)
    h.step(0)
    assert t.speed == 2
    h.step(B)
    h.step(0)
    assert t.jump is not None
    h.step(UP)
    h.step(0)
    target = t.jump
    h.step(A)
    assert t.jump is None and t.game.progress() + 1 == target
    assert t.shown.fingerprint() == t.game.fingerprint()
    h.frame()


def test_a_game_cut_off_is_resumed_and_played_to_its_end(tmp_path):
    """A game stopped half-way (the window closed) goes on from its record's last whole turn,
    with the same seats, to the end; the record then verifies."""
    from tdream.frontend.match import MatchSetup
    from tdream.platform.replay import resume_record
    path = tmp_path / "cut.tdr"
    h = Headless(seed=4, setup=GameSetup(4, ["human", "yuka", "joji", "hazumi"]), record_path=str(path))
    m = h.machine
    ap = FRONTEND.autopilot()
    t = m.stack[0]
    while t.game.progress() < 20:
        h.step(ap.buttons(m))
    m.close()
    r = resume_record(str(path))
    assert r.session.match.progress() <= 20
    setup = MatchSetup(r.record.setup.game, r.record.setup.seed, r.record.setup.kinds, dict(r.record.setup.options),
                       resume=r)
    h2 = Headless(seed=4, setup=setup, record_path=str(path))
    m2 = h2.machine
    t2 = m2.stack[0]
    assert isinstance(t2, TableScene) and t2.shown.fingerprint() == t2.game.fingerprint()
    h2.frame()
    ap2 = FRONTEND.autopilot()
    for _ in range(60000):
        h2.step(ap2.buttons(m2))
        if t2.game.over and isinstance(m2.stack[-1], ResultsScene):
            break
    assert t2.game.over
    m2.close()
    assert verify_paths([str(path)], False, None, None) == 0
    assert load_record(str(path)).finished


def test_the_title_demo_plays_characters_and_records_nothing(tmp_path):
    from tdream.frontend.scenes.title import DemoScene
    from tdream.platform.roster import CHARACTER_IDS
    h = Headless(seed=9, record_path=str(tmp_path / "never.tdr"))
    m = h.machine
    demo = DemoScene("towerup", 9)
    m.push(demo)
    t = demo.inner
    for _ in range(3000):
        h.step()
    assert t.demo and t.writer is None and all(k.split(":")[0] in CHARACTER_IDS for k in t.kinds)
    assert not (tmp_path / "never.tdr").exists()
    assert t.game.progress() > 5
    h.frame()


def test_set_up_by_pad_seats_players_level_option(tmp_path):
    """Players 2 empties seats 3 and 4 (the 30-site city), the level and the option go into the
    game's set-up; an empty seat 2 cannot be chosen (2-4 players)."""
    h = Headless(seed=1)
    m = h.machine
    s = SetupScene("towerup")
    m.push(s)

    def tap(b):
        h.step(b)
        h.step(0)
    while s.rows[s.index] != "players":
        tap(UP)
    tap(LEFT)
    tap(LEFT)
    assert s.seats[2] is None and s.seats[3] is None and s.players == 2
    tap(LEFT)
    assert s.players == 2                      # two at least
    tap(DOWN)
    tap(RIGHT)                                 # hard
    tap(DOWN)
    tap(A)                                     # the option on
    while s.rows[s.index] != "seat1":
        tap(UP)
    seen = set()
    for _ in range(12):                        # seat 2 goes round the pads, the characters and Random
        tap(RIGHT)
        seen.add(s.seats[1])
    assert None not in seen and "human" in seen and "random" in seen
    while s.seats[1] != "yuka":
        tap(RIGHT)
    setup = s.match_setup(m)
    assert setup.options == {"extra_turn_on_last_roof": True, "players": 2}
    assert setup.seats[0] == "human" and setup.seats[1].endswith(":hard")
    tap(START)
    t = m.stack[-1]
    assert isinstance(t, TableScene) and len(t.game.names) == 2 and len(t.game.rules.city.sites) == 30
    assert t.game.opts["extra_turn_on_last_roof"] is True
    assert m.settings.last["towerup"] == {"players": 2, "extra_turn_on_last_roof": True}


def test_continue_on_the_title_resumes_a_saved_game(tmp_path):
    """A Free play game left half-way (its record in the records folder) is listed by Continue
    once Tower Up is chosen on the title, and goes on from its last whole turn."""
    from tdream.frontend.constants import L
    from tdream.frontend.scenes.modes import ContinueScene
    h = Headless(seed=6, record_dir=str(tmp_path))
    m = h.machine
    ap = FRONTEND.autopilot()
    while not (isinstance(m.stack[-1], TableScene) and m.stack[-1].game.progress() >= 12):
        h.step(ap.buttons(m))
    turns = m.stack[-1].game.progress()
    m.close()
    assert len(list(tmp_path.glob("*.tdr"))) == 1
    h = Headless(seed=7, record_dir=str(tmp_path))
    m = h.machine

    def tap(b):
        h.step(b)
        for _ in range(3):
            h.step(0)
    tap(L)
    assert m.stack[-1].game == "towerup"
    tap(START)
    while m.stack[-1].menu.items[m.stack[-1].menu.index] != "Continue":
        tap(DOWN)
    tap(A)
    assert isinstance(m.stack[-1], ContinueScene) and len(m.stack[-1].games) == 1
    tap(A)
    t = m.stack[-1]
    assert isinstance(t, TableScene) and t.setup.resume is not None
    assert 0 < t.game.progress() <= turns and t.kinds.count("human") == 1
    h.frame()
