"""Whole games through the front end (issue 5), driven by synthetic pad input from power on."""
import pytest

from tdream.games.towerdream.frontend import FRONTEND
from tdream.frontend.constants import A
from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene
from tdream.games.towerdream.frontend.table import GameSetup, TableScene
from tdream.frontend.scenes.title import TitleScene
from tdream.frontend.settings import Settings
from tdream.platform.record import load_record
from tdream.platform.replay import verify_paths


def play(seed, tmp_path, spectate=False, settings=None, frames=80000, again=True):
    """Power on, play a whole game with the autopilot on pad 1, and come back to the title."""
    path = tmp_path / f"game-{seed}-{spectate}.tdr"
    h = Headless(seed=seed, settings=settings, record_path=str(path))
    m = h.machine
    ap = FRONTEND.autopilot(spectate=spectate, again=again)
    table = None
    seen_results = False
    for _ in range(frames):
        h.step(ap.buttons(m))
        if table is None and isinstance(m.stack[-1], TableScene):
            table = m.stack[-1]
        if isinstance(m.stack[-1], ResultsScene):
            seen_results = True
            h.frame()
        if seen_results and isinstance(m.stack[-1], TitleScene):
            break
    return h, ap, table, path, seen_results


@pytest.fixture(scope="module")
def one_human(tmp_path_factory):
    return play(1, tmp_path_factory.mktemp("human"))


def test_whole_game_one_human_three_cpus_title_to_results_and_back(one_human, capsys):
    h, ap, table, path, seen_results = one_human
    assert seen_results and isinstance(h.machine.stack[-1], TitleScene)
    game = table.game
    assert game.over and table.host.kinds.count("human") == 1
    for kind in ("DicePrompt", "LandPrompt", "BuildPrompt", "SellPrompt"):
        assert ap.prompts.get(kind, 0) > 0, (kind, ap.prompts)
    assert verify_paths([str(path)], False, None, None) == 0
    record = load_record(str(path))
    assert record.setup.kinds.count("human") == 1
    text = path.read_text()
    assert '{"roll": ' in text and '"given": true' in text      # the human's dice came from the pad


def test_spectate_plays_four_cpus_with_no_prompt(tmp_path):
    h, ap, table, path, seen_results = play(6, tmp_path, spectate=True)
    assert seen_results
    assert ap.prompts == {}
    assert "human" not in table.kinds
    assert verify_paths([str(path)], False, None, None) == 0


def test_same_seed_and_presses_give_the_same_game(one_human, tmp_path):
    h, _, table, path, _ = one_human
    h2, _, table2, path2, _ = play(1, tmp_path)
    assert table2.game.fingerprint() == table.game.fingerprint()
    assert path2.read_text() == path.read_text()
    assert h2.machine.frame == h.machine.frame


def test_text_and_animation_speeds_change_no_outcome(one_human, tmp_path):
    """Speeds change how many frames things take, never the game (FORMATS.md section 4): the
    die is stopped the same number of frames after its spin starts."""
    _, _, table, path, _ = one_human
    fast = Settings(text_speed="instant", anim_speed="fast", skip_cpu=True, talk="always", language="ja",
                    scale=3, aspect_87=True, scanlines=True, timer=True, input_display=True, music=0, sound=0)
    h2, _, table2, path2, _ = play(1, tmp_path, settings=fast)
    assert table2.game.fingerprint() == table.game.fingerprint()
    assert path2.read_text() == path.read_text()                  # the same game record, input for input
    assert h2.machine.frame < one_human[0].machine.frame        # and it did go faster


def _stop_die(game, frames: int) -> int:
    from tdream.frontend.pads import Buttons, PadFrame
    from tdream.games.towerdream.frontend.prompts import DicePrompt
    prompt = DicePrompt(game, "P")
    b = Buttons()
    for f in range(frames + 1):
        b.feed(PadFrame((A if f == frames else 0, 0, 0, 0)))
        prompt.handle(None, b, 0)
    return prompt.answer.value


def test_the_frame_of_the_press_picks_the_roll(ruleset, boards):
    """The d10 spins a face a frame from the spin RNG, seeded by the game state when the spin
    starts (FORMATS.md section 4): the frame of the press picks the roll, the same every time."""
    from tdream.games.towerdream.rules import new_game
    game, _ = new_game(ruleset, boards["classic-7"], ["A", "B"], seed=9, options={"players": 2})
    assert game.awaiting().kind == "roll"
    rolls = [_stop_die(game, k) for k in range(1, 13)]
    assert len(set(rolls)) >= 4, rolls
    assert rolls == [_stop_die(game, k) for k in range(1, 13)]
    assert all(1 <= r <= 10 for r in rolls)


def test_an_unplugged_seat_waits_for_its_pad():
    """Player 2 on pad 2, not plugged in: his prompt waits, A on other pads does nothing;
    once pad 2 is connected his presses count."""
    h = Headless(seed=4, setup=GameSetup("classic-7", 4, ["human", "human"]))
    m = h.machine
    t = m.stack[0]
    pad2 = t.pad_of[t.game.names.index("Player 2")]
    assert pad2 == 1
    for _ in range(5000):
        aw = t.game.awaiting()
        if t.beat is None and t.prompt is not None and t.prompt_seat == t.game.names.index("Player 2"):
            break
        press = [0, 0, 0, 0]
        if t.beat is None and t.prompt is not None and m.frame % 2:
            press[0] = A
        h.step(tuple(press), connected=0b0011)
    assert t.prompt is not None and t.prompt_seat == t.game.names.index("Player 2")
    prompt = t.prompt
    for i in range(60):
        h.step((A if i % 2 else 0, A if i % 2 else 0, 0, 0), connected=0b0001)
    assert t.prompt is prompt and prompt.answer is None
    h.frame()
    for i in range(12):
        h.step((0, A if i % 2 else 0, 0, 0), connected=0b0011)
    assert t.prompt is not prompt
    del aw


def test_play_command_opens_the_title_headless():
    from tests.conftest import run_cli
    r = run_cli("play", "--headless-frames", "10", "--seed", "1")
    assert r.returncode == 0, r.stderr
    r = run_cli("play", "--board", "nowhere", "--headless-frames", "10")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_play_straight_into_a_game_records_it(tmp_path):
    from tests.conftest import run_cli
    path = tmp_path / "g.tdr"
    r = run_cli("play", "--board", "classic-7", "--humans", "0", "--seed", "3", "--record", str(path),
                "--headless-frames", "600")
    assert r.returncode == 0, r.stderr
    assert path.read_text().startswith("format: tdream-record")


def test_every_decision_the_engine_asks_has_a_prompt(tmp_path):
    """Four humans (one on each pad) on boards with Card and Event spaces: every decision kind
    comes up, each through its prompt, and the games' records verify."""
    from tdream.games.towerdream.rules.answers import DECISIONS
    kinds = set()
    for board, seed in (("lucky-star", 1), ("meringue", 1), ("meringue", 2), ("hong-kong", 1), ("lucky-star", 2),
                        ("bora-bora", 2), ("hong-kong", 2), ("nightmare-13", 1), ("lucky-star", 4), ("classic-7", 2)):
        if set(DECISIONS) <= kinds:
            break
        path = tmp_path / f"{board}-{seed}.tdr"
        h = Headless(seed=seed, setup=GameSetup(board, seed, ["human"] * 4), record_path=str(path))
        m = h.machine
        t = m.stack[0]
        ap = FRONTEND.autopilot(pad=-1)
        last = None
        for _ in range(40000):
            if t.prompt is not None and t.prompt is not last:
                last = t.prompt
                kinds.add(t.game.awaiting().kind)
            h.step(ap.buttons(m), connected=0b1111)
            if isinstance(m.stack[-1], ResultsScene):
                break
        assert t.game.over, (board, seed)
        assert verify_paths([str(path)], False, None, None) == 0
    assert set(DECISIONS) <= kinds, set(DECISIONS) - kinds


def test_a_recorded_game_with_a_human_resumes_in_the_front_end(tmp_path):
    from tests.conftest import run_cli
    path = tmp_path / "g.tdr"
    h = Headless(seed=3, setup=GameSetup("classic-7", 3, ["human", "joji", "yuka", "kenta"]), record_path=str(path))
    m = h.machine
    ap = FRONTEND.autopilot()
    t = m.stack[0]
    while t.game.turn < 9:
        h.step(ap.buttons(m))
    m.reset(TitleScene())                              # quit mid-game: the record stays
    before = path.read_text()
    r = run_cli("play", "--resume", str(path), "--headless-frames", "900")
    assert r.returncode == 0, r.stderr
    after = path.read_text()
    assert after.startswith(before.rsplit("- {\"check\"", 1)[0]) and len(after) >= len(before)
    assert verify_paths([str(path)], False, None, None) == 0


def test_play_with_a_record_in_a_missing_folder_exits_2_before_the_window(tmp_path):
    from tests.conftest import run_cli
    r = run_cli("play", "--record", str(tmp_path / "no" / "x.tdr"), "--headless-frames", "5")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_the_title_plays_a_demo_when_idle_and_any_button_ends_it(tmp_path):
    from tdream.frontend.scenes.title import DEMO_AFTER, DEMO_LENGTH, DemoScene
    h = Headless(seed=8, record_path=str(tmp_path / "none.tdr"))
    m = h.machine
    for _ in range(DEMO_AFTER - 5):
        h.step()
    assert isinstance(m.stack[-1], TitleScene)
    for _ in range(10):
        h.step()
    assert isinstance(m.stack[-1], DemoScene)
    demo = m.stack[-1]
    for _ in range(600):
        h.step()
    assert demo.table.game.turn > 1 and "human" not in demo.table.kinds
    h.step(A)
    assert isinstance(m.stack[-1], TitleScene) and not (tmp_path / "none.tdr").exists()
    for _ in range(DEMO_AFTER + DEMO_LENGTH + 20):
        h.step()
    assert isinstance(m.stack[-1], TitleScene)            # the demo ended by itself
    assert m.splits == []
