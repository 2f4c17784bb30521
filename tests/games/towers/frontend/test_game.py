"""Whole Towers games through the front end, driven by synthetic pad frames (``run.Headless``):
from power on to the results and back with one pad; two humans on two pads; every prompt's
refusals (the rule named); Y out of turn; a record watched to its end; a game resumed."""
import pytest

from tdream.platform.options import check_options, full_options
from tdream.frontend.constants import A, B, DOWN, L, LEFT, R, RIGHT, UP, Y
from tdream.frontend.match import MatchSetup
from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene
from tdream.frontend.scenes.title import TitleScene
from tdream.frontend.settings import Settings
from tdream.games.towers import GAME
from tdream.games.towers import events as ev
from tdream.games.towers.answers import DECLARE, Pass, Place
from tdream.games.towers.frontend import FRONTEND
from tdream.games.towers.frontend.prompts import EndPrompt, PickPrompt, PlacePrompt
from tdream.frontend.scenes.setup import SetupScene
from tdream.games.towers.frontend.table import TableScene, TowersSetup
from tdream.platform.record import load_record
from tdream.platform.replay import verify_paths

from .screens import DATA, practice


def play(seed, tmp_path, frames=60000, **kwargs):
    """Power on, play a whole game of Towers with the autopilot, come back to the title."""
    path = tmp_path / f"towers-{seed}.tdr"
    connected = 0b0011 if kwargs.get("humans", 1) >= 2 else 0b0001
    h = Headless(seed=seed, record_path=str(path))
    m = h.machine
    ap = FRONTEND.autopilot(again=True, **kwargs)
    table, seen, visited = None, False, set()
    for _ in range(frames):
        h.step(ap.buttons(m), connected)
        top = m.stack[-1]
        visited.add(type(top).__name__)
        if table is None and isinstance(top, TableScene):
            table = top
        if isinstance(top, ResultsScene) and not seen:
            seen = True
            h.frame()
        if seen and isinstance(top, TitleScene):
            break
    return h, ap, table, path, seen, visited


@pytest.fixture(scope="module")
def one_pad(tmp_path_factory):
    return play(1, tmp_path_factory.mktemp("one"))


def step(h, buttons=0, n=1, connected=0b0001):
    for _ in range(n):
        h.step(buttons if isinstance(buttons, tuple) else (buttons, 0, 0, 0), connected)


def tap(h, button, pad=0, wait=3, connected=0b0001):
    press = [0, 0, 0, 0]
    press[pad] = button
    step(h, tuple(press), 1, connected)
    step(h, 0, wait, connected)


def prompt_of(t, seat=0, kind=None, frames=4000, h=None, connected=0b0001):
    """Step until the table's prompt of ``seat`` (of class ``kind``) takes presses."""
    for _ in range(frames):
        p = t.prompts.get(seat)
        if p is not None and t.beat is None and p.age >= TableScene.prompt_guard and (kind is None or isinstance(p, kind)):
            return p
        step(h, 0, 1, connected)
    raise AssertionError(f"no prompt for seat {seat}")


# ---------------------------------------------------------------- whole games
def test_a_whole_game_from_power_on_with_one_pad_and_back_to_the_title(one_pad):
    h, ap, table, path, seen, visited = one_pad
    assert seen and isinstance(h.machine.stack[-1], TitleScene)
    assert {"TitleScene", "SetupScene", "TableScene", "TowersResults"} <= visited
    match = table.game
    assert match.over and table.kinds.count("human") == 1 and table.host.setup.game == "towers"
    assert ap.prompts.get("PickPrompt", 0) >= 1 and ap.prompts.get("PlacePrompt", 0) > 10, ap.prompts
    assert verify_paths([str(path)], False, None, None) == 0
    record = load_record(str(path))
    assert record.setup.game == "towers" and record.setup.kinds.count("human") == 1
    assert '"pick": {"Player 1"' in path.read_text()


def test_the_same_presses_give_the_same_game(one_pad, tmp_path):
    h, _, table, path, _, _ = one_pad
    h2, _, table2, path2, _, _ = play(1, tmp_path)
    assert table2.game.fingerprint() == table.game.fingerprint()
    assert path2.read_text() == path.read_text() and h2.machine.frame == h.machine.frame


def test_speeds_and_language_change_no_outcome(one_pad, tmp_path):
    """Text and animation speeds and the language change how many frames things take, never
    the game: the autopilot answers the same prompts the same way."""
    _, _, table, path, _, _ = one_pad
    fast = Settings(text_speed="instant", anim_speed="fast", skip_cpu=True, talk="always", language="ja")
    h = Headless(seed=1, settings=fast, record_path=str(tmp_path / "fast.tdr"))
    ap = FRONTEND.autopilot(again=True)
    for _ in range(60000):
        h.step(ap.buttons(h.machine))
        if isinstance(h.machine.stack[-1], ResultsScene):
            break
    t = h.machine.stack[-2]
    assert t.game.fingerprint() == table.game.fingerprint()


def test_a_second_player_joins_on_another_pad(tmp_path):
    """Pad 1 sets seat 2 to a human at the set-up; each plays on his own pad, the secret picks
    at once; the game goes to its end and its record verifies."""
    h, ap, table, path, seen, _ = play(3, tmp_path, pad=-1, humans=2)
    assert seen and table.kinds == ["human", "human"]
    assert sorted(table.pad_of.values()) == [0, 1]
    assert ap.prompts.get("PickPrompt", 0) >= 2, ap.prompts
    assert verify_paths([str(path)], False, None, None) == 0


def test_spectate_plays_two_characters_with_no_prompt(tmp_path):
    h, ap, table, path, seen, _ = play(6, tmp_path, spectate=True)
    assert seen and ap.prompts == {} and "human" not in table.kinds


# ---------------------------------------------------------------- the picks
def test_secret_picks_each_on_his_own_pad_show_only_ready(tmp_path):
    """TG2.1: with two humans each pick is where his own pad points on the grid when he presses
    A (nothing held: 5); the other's pad cannot move it; the picks go to the match only when
    given, each on its own pad; the text box speaks to both."""
    h = Headless(seed=4, setup=TowersSetup(4, ["human", "human"]))
    t = h.machine.stack[0]
    p0 = prompt_of(t, 0, PickPrompt, h=h, connected=0b0011)
    p1 = t.prompts[1]
    assert p0.secret and p1.secret and not p0.shows() and not p1.shows()
    assert p0.text() == p1.text() and "Player 1" in p0.text() and "Player 2" in p0.text()
    step(h, (0, DOWN | RIGHT, 0, 0), 3, 0b0011)            # pad 2 points to 9, pad 1 presses A alone
    step(h, (A, DOWN | RIGHT, 0, 0), 1, 0b0011)
    assert t.game.picks[0] == 5 and t.game.picks[1] is None
    assert t.game.view(1).picks[0] == 0                     # the other seat sees it given, not its value
    step(h, 0, 4, 0b0011)
    assert t.shown.ready[0] and not t.shown.ready[1] and 0 not in t.prompts
    step(h, (0, UP | LEFT, 0, 0), 2, 0b0011)
    step(h, (0, UP | LEFT | A, 0, 0), 1, 0b0011)
    assert t.game.picks[1] == 1 or t.game.pick_rounds >= 1
    assert t.game.phase == "place"


def _two_pick(size: int):
    """Two humans at the secret picks: pad 1 wanders over the grid (a walk of its own for each
    size, each direction held and let go), stops on ``size`` and gives it with A in the same
    frame whatever the size; pad 2 has not picked yet. Returns the frames (pixels) and the
    sounds of each frame, and the match's picks."""
    import pygame

    from tdream.games.towers.frontend.prompts import grid_buttons
    h = Headless(seed=4, setup=TowersSetup(4, ["human", "human"]))
    t = h.machine.stack[0]
    prompt_of(t, 0, PickPrompt, h=h, connected=0b0011)
    seen = []

    def frame(pads):
        h.step(pads, 0b0011)
        seen.append((pygame.image.tobytes(h.frame(), "RGB"), tuple(h.machine.sounds)))

    walk = [grid_buttons(1 + (size * 7 + k * 5) % 9) for k in range(5)] + [grid_buttons(size)]
    for held in walk:
        for _ in range(3):
            frame((held, 0, 0, 0))
        frame((0, 0, 0, 0))
    frame((grid_buttons(size), 0, 0, 0))
    frame((grid_buttons(size) | A, 0, 0, 0))
    for _ in range(40):
        frame((0, 0, 0, 0))
    return seen, list(t.game.picks)


def test_two_humans_secret_picks_look_and_sound_the_same_whatever_the_pick_TG2_1():
    """TG2.1, issue 22: with two humans on one screen nothing seen or heard tells one pick before
    both are in: the frames and the sounds up to pad 2's A are the same whatever pad 1 pointed to
    and however he got there (each pick really given: the match has it)."""
    base, picks = _two_pick(5)
    assert picks[0] == 5 and picks[1] is None
    assert any(sounds for _, sounds in base)                # his A sounds (the same for every pick)
    for size in (1, 3, 9):
        seen, picks = _two_pick(size)
        assert picks[0] == size and picks[1] is None
        assert len(seen) == len(base)
        for k, (a, b) in enumerate(zip(seen, base)):
            assert a[1] == b[1], (size, k, a[1], b[1])
            assert a[0] == b[0], (size, k)


def test_one_human_against_a_character_picks_alone():
    h = Headless(seed=2, setup=TowersSetup(2, ["human", "kenta"]))
    t = h.machine.stack[0]
    p = prompt_of(t, 0, PickPrompt, h=h)
    assert not p.secret and p.shows()
    for _ in range(4):
        tap(h, LEFT)
    assert p.size == 1
    tap(h, LEFT)
    assert p.size == 1                                  # 1-9 only
    tap(h, A)
    assert t.game.picks[0] == 1 or t.game.pick_rounds >= 1


# ---------------------------------------------------------------- a turn and its refusals
@pytest.fixture
def my_turn():
    """Player 1 to move against Joji, after a few turns (a tower of each on the board)."""
    h = Headless(seed=5, setup=TowersSetup(5, ["human", "joji"], {"first_player": "random"}))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    for _ in range(20000):
        p = t.prompts.get(0)
        if isinstance(p, PlacePrompt) and t.beat is None and p.age >= TableScene.prompt_guard and t.game.turn >= 3:
            return h, t, p
        h.step(ap.buttons(h.machine))
    raise AssertionError("never my turn")


def move_to(h, p, target, demolish=False):
    n = p.n
    for _ in range(40):
        here = p.demolish_cursor if demolish else p.cursor
        if here == target:
            return
        x, y = here % n, here // n
        tx, ty = target % n, target // n
        tap(h, RIGHT if tx > x else LEFT if tx < x else DOWN if ty > y else UP, wait=1)
    raise AssertionError("cursor never got there")


def test_an_occupied_square_is_refused_with_T3_1(my_turn):
    h, t, p = my_turn
    m = t.game
    taken = next(i for i in range(m.geo.cells) if m.owner[i] >= 0)
    move_to(h, p, taken)
    assert p.top == 0 and p.why.startswith("T3.1")
    before = m.fingerprint()
    tap(h, A)
    assert p.mode == "board" and p.message.startswith("T3.1:") and m.fingerprint() == before
    assert p.lines(h.machine)[0][0].startswith("T3.1")


def test_the_cursor_shows_the_largest_size_and_why_not_one_more_T3_3(my_turn):
    h, t, p = my_turn
    m = t.game
    i, top = next((i, top) for i, top in m.placements(0) if top < 9)
    move_to(h, p, i)
    assert (p.top, p.why) == m.largest_size(m.geo.names[i], 0)
    text = " ".join(line for line, _ in p.lines(h.machine))
    assert f"Not {top + 1} (T3.3)" in text
    tap(h, A)
    assert p.mode == "size" and p.size == top
    for _ in range(9 - top):
        tap(h, RIGHT, wait=1)
    assert p.size == 9
    before = m.fingerprint()
    tap(h, A)
    assert p.answer is None and p.message.startswith("T3.3:") and m.fingerprint() == before
    for _ in range(9 - top):
        tap(h, LEFT, wait=1)
    tap(h, A, wait=0)
    assert p.answer == Place(m.geo.names[i], top)


def test_a_square_claimed_by_the_other_is_refused_with_T3_1():
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / "wall.yaml")
    m = sc.match
    m.apply(Place("a2", 1))                                  # Yuka walled in; everything else is his
    assert m.awaiting().player == 1
    from tdream.games.towers.frontend.prompts import PlacePrompt as PP
    p = PP(m, 1, "Yuka")
    assert p.top == 0 and p.why.startswith("T3.1")
    p.cursor = m.geo.index["h8"]
    p.square_info()
    assert p.why == "T3.1: h8 is claimed by Player 1"


def test_declaring_without_a_tower_of_three_shows_T5_2_and_gives_nothing(my_turn):
    h, t, p = my_turn
    m = t.game
    assert not any(s >= 3 for o, s in zip(m.owner, m.size) if o == 0)
    before = m.fingerprint()
    tap(h, Y)
    assert t.toast.startswith("T5.2") and m.fingerprint() == before
    tap(h, B)
    assert p.mode == "menu"
    tap(h, DOWN)
    tap(h, A)
    assert p.message.startswith("T5.2") and p.answer is None


def test_pass_asks_to_confirm_then_passes(my_turn):
    h, t, p = my_turn
    tap(h, B)
    while p.items[p.menu.index] != "Pass the turn":
        tap(h, DOWN)
    tap(h, A)
    assert p.mode == "pass"
    tap(h, A)                                    # "No, back" is first under the cursor
    assert p.mode == "menu" and p.answer is None
    tap(h, A)
    tap(h, UP)
    tap(h, A, wait=0)
    assert p.answer == Pass()


def test_y_declares_out_of_turn_from_the_other_pad_and_the_extra_turn_follows_TG5_1():
    """Two humans: while Player 1 plays his turn, Player 2 presses Y on pad 2 and confirms it
    with A; the declaration is out of turn and Player 2's extra turn comes right after Player 1's
    turn (T5.1)."""
    h = Headless(seed=0, setup=practice("duo"))
    t = h.machine.stack[0]
    prompt_of(t, 0, PlacePrompt, h=h, connected=0b0011)
    seen = []
    t.host.session.observers.append(lambda s, seat, a, events, g: seen.extend(events))
    tap(h, Y, pad=1, connected=0b0011)
    tap(h, A, pad=1, connected=0b0011)
    d = [e for e in seen if isinstance(e, ev.Declared)]
    assert d == [ev.Declared(1, 1, False)]
    prompt_of(t, 0, PlacePrompt, h=h, connected=0b0011)
    tap(h, A, connected=0b0011)
    tap(h, A, connected=0b0011)
    starts = [e for e in seen if isinstance(e, ev.TurnStarted)]
    assert starts[-1].player == 1 and starts[-1].extra
    p = prompt_of(t, 1, PlacePrompt, h=h, connected=0b0011)
    tap(h, Y, pad=1, connected=0b0011)                  # Player 2's own turn: his last declaration, in turn
    assert p.mode == "declare"
    tap(h, A, pad=1, connected=0b0011)
    assert [e for e in seen if isinstance(e, ev.Declared)][-1] == ev.Declared(1, 0, True)
    prompt_of(t, 1, PlacePrompt, h=h, connected=0b0011)
    tap(h, Y, pad=1, connected=0b0011)
    assert t.toast.startswith("T5.1")                   # none left (two a game)


def test_y_at_the_picks_is_refused_with_TG5_1():
    h = Headless(seed=2, setup=TowersSetup(2, ["human", "kenta"]))
    t = h.machine.stack[0]
    prompt_of(t, 0, PickPrompt, h=h)
    tap(h, Y)
    assert t.toast.startswith("TG5.1")


def test_a_cpu_declares_out_of_turn_through_the_table():
    """The characters' out-of-turn declarations come through ``host.interjection`` and are shown."""
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / "wall.yaml")
    setup = MatchSetup("towers", sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc, mode="practice")
    h = Headless(seed=0, setup=setup)
    t = h.machine.stack[0]
    seen = []
    t.host.session.observers.append(lambda s, seat, a, events, g: seen.append((seat, a)))
    prompt_of(t, 0, PlacePrompt, h=h)
    assert (1, DECLARE) in seen                      # Yuka (two liberties, Player 1 can fill both) declared


def test_demolition_under_war_shows_what_falls_and_advanced_refuses_with_T7_1(tmp_path):
    h = Headless(seed=0, setup=practice("war"))
    t = h.machine.stack[0]
    p = prompt_of(t, 0, PlacePrompt, h=h)
    assert "Demolish a tower" in p.items
    tap(h, B)
    while p.items[p.menu.index] != "Demolish a tower":
        tap(h, DOWN)
    tap(h, A)
    assert p.mode == "demolish"
    move_to(h, p, t.game.geo.index["b4"], demolish=True)
    assert "c4, d4, c5, d5" in p.lines(h.machine)[0][0]
    tap(h, A, wait=0)
    from tdream.games.towers.answers import Demolish
    assert p.answer == Demolish("b4")
    for _ in range(600):
        step(h)
    assert t.game.owner[t.game.geo.index["c4"]] == -1
    p = prompt_of(t, 0, PlacePrompt, h=h)
    tap(h, B)
    while p.items[p.menu.index] != "Demolish a tower":
        tap(h, DOWN)
    tap(h, A)
    assert p.message.startswith("T7.1: one demolition a turn")
    # advanced: a demolition that leaves a tower unsupported is refused
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / "war.yaml")
    adv, _ = GAME.load_position(sc.position, [s.name for s in sc.seats], {"demolish": "advanced"}, 0)
    pp = PlacePrompt(adv, 0, "Player 1")
    pp.mode, pp.demolish_cursor = "demolish", adv.geo.index["b4"]
    assert pp.lines(None)[0][0].startswith("T7.1: removing b4 would leave c4")


def test_the_end_is_asked_after_a_pass_and_yes_ends_it(tmp_path):
    h = Headless(seed=0, setup=practice("wall"))
    t = h.machine.stack[0]
    p = prompt_of(t, 0, PlacePrompt, h=h)
    move_to(h, p, t.game.geo.index["a2"])
    tap(h, A)
    tap(h, A)
    e = prompt_of(t, 0, EndPrompt, h=h)
    assert e.menu.index == 1
    does = e.lines(h.machine)[0][0]                  # both answers said, the leader and who plays on named
    nxt = t.names[t.game.turns_ahead(1)[0]]           # Yuka's extra turn first if she declared one
    assert does.startswith("Yes: it ends, Player 1 wins with") and does.endswith(f"No: {nxt} plays on.")
    tap(h, UP)
    tap(h, A)
    for _ in range(2000):
        step(h)
        if isinstance(h.machine.stack[-1], ResultsScene):
            break
    assert t.game.over and t.game.over_reason == "ended"
    assert isinstance(h.machine.stack[-1], ResultsScene)
    tap(h, A, wait=40)
    tap(h, A)
    assert isinstance(h.machine.stack[-1], TitleScene)


def test_the_wall_warning_names_the_square_TG4_3():
    h = Headless(seed=0, setup=practice("threat"))
    t = h.machine.stack[0]
    p = prompt_of(t, 0, PlacePrompt, h=h)
    assert p.threats == [("a2", 1)]
    assert "red corner" in p.lines(h.machine)[0][0]
    move_to(h, p, t.game.geo.index["a2"])
    assert "walls you in (TG4.3)" in p.lines(h.machine)[0][0]


def test_an_unplugged_pad_waits():
    h = Headless(seed=4, setup=TowersSetup(4, ["human", "human"]))
    t = h.machine.stack[0]
    prompt_of(t, 1, PickPrompt, h=h, connected=0b0011)
    for i in range(20):
        h.step((0, A if i % 2 else 0, 0, 0), 0b0001)
    assert t.game.picks[1] is None
    h.frame()
    for i in range(4):
        h.step((0, A if i % 2 else 0, 0, 0), 0b0011)
    assert t.game.picks[1] is not None


# ---------------------------------------------------------------- records: watched, resumed
@pytest.fixture(scope="module")
def record(tmp_path_factory):
    from tdream.platform.record import Setup, writer_for
    from tdream.platform.session import Seat, Session
    path = tmp_path_factory.mktemp("rec") / "watch.tdr"
    seats = [Seat("Kenta", "kenta"), Seat("Yuka", "yuka")]
    s, _ = Session.start(GAME, seats, {}, 9)
    s.writer = writer_for(path, GAME, Setup("towers", 9, seats, full_options(GAME, {"players": 2})), s.match)
    s.run()
    s.close()
    return path


def test_a_record_watched_to_its_end(record):
    from tdream.platform.record import Checkpoint
    rec = load_record(record)
    setup = MatchSetup("towers", rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options), replay=rec, speed=16)
    h = Headless(seed=rec.setup.seed, setup=setup)
    m = h.machine
    for n in range(100000):
        h.step()
        if isinstance(m.stack[-1], ResultsScene):
            break
    t = m.stack[0]
    last = [i for i in rec.items if isinstance(i, Checkpoint)][-1]
    assert t.game.over and t.game.fingerprint() == last.state
    h.frame()


def test_watching_jumps_to_a_turn_and_changes_speed(record):
    rec = load_record(record)
    setup = MatchSetup("towers", rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options), replay=rec)
    h = Headless(seed=rec.setup.seed, setup=setup)
    t = h.machine.stack[0]
    tap(h, R, wait=1)
    assert t.speed == 2
    tap(h, L, wait=1)
    assert t.speed == 1
    tap(h, B, wait=1)
    assert t.jump == 1
    tap(h, UP, wait=1)
    tap(h, UP, wait=1)
    assert t.jump == 21
    tap(h, A, wait=1)
    assert t.jump is None and t.game.progress() + 1 == 21
    h.frame()


def test_a_game_saved_and_resumed_in_the_front_end(tmp_path):
    from tdream.platform.replay import resume_record
    path = tmp_path / "r.tdr"
    h = Headless(seed=7, setup=TowersSetup(7, ["human", "yuka"]), record_path=str(path))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    while t.game.turn < 8:
        h.step(ap.buttons(h.machine))
    h.machine.reset(TitleScene())                  # quit mid-game: the record stays
    played = t.game.progress()
    r = resume_record(str(path))
    assert r.session.match.progress() == played
    setup = MatchSetup("towers", r.record.setup.seed, r.record.setup.kinds, dict(r.record.setup.options), resume=r)
    h2 = Headless(seed=7, setup=setup, record_path=str(path))
    t2 = h2.machine.stack[0]
    assert t2.game.fingerprint() == r.session.match.fingerprint() and t2.shown.owner == t2.game.owner
    ap2 = FRONTEND.autopilot()
    for _ in range(60000):
        h2.step(ap2.buttons(h2.machine))
        if isinstance(h2.machine.stack[-1], ResultsScene):
            break
    assert t2.game.over
    h2.machine.close()
    assert verify_paths([str(path)], False, None, None) == 0


def test_the_title_demo_plays_two_characters_and_records_nothing(tmp_path):
    from tdream.frontend.scenes.title import DEMO_AFTER, DemoScene
    h = Headless(seed=8, settings=Settings(last={"game": "towers"}), record_path=str(tmp_path / "none.tdr"))
    m = h.machine
    for _ in range(DEMO_AFTER + 5):
        h.step()
    assert isinstance(m.stack[-1], DemoScene)
    demo = m.stack[-1]
    for _ in range(1500):
        h.step()
    assert demo.table.game.turn > 2 and "human" not in demo.table.kinds
    assert demo.table.host.setup.game == "towers"
    h.step(A)
    assert isinstance(m.stack[-1], TitleScene) and not (tmp_path / "none.tdr").exists()


def test_the_setup_screen_sets_every_option_by_pad():
    """Every option of GAME.options (players from the seats), the level and the talk, by pad."""
    h = Headless(seed=1, settings=Settings(last={"game": "towers"}))
    m = h.machine
    tap(h, 1 << 10)                              # Start: the menu
    tap(h, A)                                    # Free play
    s = m.stack[-1]
    assert isinstance(s, SetupScene)
    def row(name):
        while s.rows[s.index] != name:
            tap(h, UP, wait=1)
    row("seat2")
    tap(h, LEFT, wait=1)                         # a third seat: random, then a character
    tap(h, LEFT, wait=1)
    row("claim_mode")
    tap(h, RIGHT, wait=1)
    row("demolish")
    tap(h, RIGHT, wait=1)
    tap(h, RIGHT, wait=1)
    row("size")
    tap(h, LEFT, wait=1)
    row("level")
    tap(h, RIGHT, wait=1)
    row("first_player")
    tap(h, RIGHT, wait=1)
    setup = s.match_setup(m)
    assert setup.options == {"claim_mode": "literal", "first_player": "random", "demolish": "war", "size": 7,
                             "players": 3}
    assert setup.seats[0] == "human" and setup.seats[1].endswith(":hard") and setup.seats[2].endswith(":hard")
    assert check_options(GAME, setup.options) == []
    tap(h, 1 << 10)
    t = m.stack[-1]
    assert isinstance(t, TableScene) and t.game.n == 7 and len(t.names) == 3
    h.frame()


def test_continue_on_the_title_resumes_an_unfinished_towers_game(tmp_path):
    """The shell's Continue lists the unfinished records of the game chosen on the title; A goes
    on from the last whole turn at the Towers table."""
    from tdream.frontend.constants import START
    h = Headless(seed=3, setup=TowersSetup(3, ["human", "hazumi"]), record_dir=str(tmp_path))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    while t.game.turn < 6:
        h.step(ap.buttons(h.machine))
    played = t.game.progress()
    h.machine.reset(TitleScene("towers"))
    m = h.machine
    tap(h, START)
    while m.stack[-1].menu.items[m.stack[-1].menu.index] != "Continue":
        tap(h, DOWN)
    tap(h, A)
    tap(h, A)
    t2 = m.stack[-1]
    assert isinstance(t2, TableScene) and t2.host.setup.resume is not None
    assert t2.game.progress() == played and t2.kinds == ["human", "hazumi"]
    h.frame()


def test_a_walled_in_human_is_told_to_pass():
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / "wall.yaml")
    m = sc.match
    m.apply(Place("a2", 1))
    p = PlacePrompt(m, 1, "Yuka")
    assert p.walled and "walled in" in p.text()
    assert p.keys()[0] == "B: pass" and "B, then A passes" in p.lines(None)[0][0]
    p.choose(None, "Build a tower")                      # nowhere to build: said, and the board stays shut
    assert p.mode == "board" and p.message.startswith("TG4.3: walled in")       # said to him: no name
    p.handle(None, _Pads(B), 0)
    assert p.mode == "menu" and p.items[p.menu.index] == "Pass the turn"     # issue 22: the cursor on Pass


class _Pads:
    """One frame of pad 1 pressing ``bits`` (a prompt's ``handle`` reads only this)."""

    def __init__(self, bits: int) -> None:
        self.pressed = self.held = [bits, 0, 0, 0]

    def press(self, pad: int, mask: int) -> bool:
        return bool(self.pressed[pad] & mask)

    repeat = press


def test_a_walled_in_human_with_only_a_pass_is_told_so_T3_4():
    """Walled in with no double turn to declare (no tower of 3, T5.2): the question says a pass
    is all he can do, and the B menu opens on Pass."""
    from tdream.games.towers.match import TowersMatch
    m, _ = TowersMatch.from_position(["Ann", "Bo"], full_options(GAME, {"players": 2}), 1,
                                     [(0, 1, 1), (1, 0, 2), (8, 0, 1)], [2, 2], 1)
    p = PlacePrompt(m, 1, "Bo")
    assert p.walled and p.only_pass and p.text() == "Bo: walled in: pass (T3.4)."
    p.handle(None, _Pads(B), 0)
    assert p.items[p.menu.index] == "Pass the turn"


# ---------------------------------------------------------------- issue 22: coordinates, walls, status
@pytest.mark.parametrize("n", range(6, 13))
def test_the_board_edges_are_labelled_off_the_squares_TG1_1(n):
    """Every board size 6-12: the columns' letters above the board and the rows' numbers at its
    left, each inside the board's area and on none of the squares."""
    from tdream.games.towers.frontend import boardview as bv
    from tdream.games.towers.frontend.layout import BOARD, cell_size, origin
    h = Headless(seed=1, setup=TowersSetup(1, ["human", "joji"], {"size": n, "first_player": "random"}))
    t = h.machine.stack[0]
    prompt_of(t, 0, PlacePrompt, h=h)
    said = []
    font = h.machine.font
    draw = font.draw
    font.draw = lambda surface, text, x, y, *a, **k: said.append((text, x, y, k.get("align", "left"), *a)) or \
        draw(surface, text, x, y, *a, **k)
    try:
        t.draw_board(h.machine, h.surface)
    finally:
        del font.draw
    cell, (ox, oy) = cell_size(n), origin(n)
    assert ox + n * cell <= BOARD[0] + BOARD[2] and oy + n * cell <= BOARD[1] + BOARD[3]
    letters = {s[0]: s for s in said if s[0] in bv.COLUMNS[:n] and s[2] < oy}
    numbers = {s[0]: s for s in said if s[0].isdigit() and s[1] < ox and s[2] >= oy}
    assert sorted(letters) == sorted(bv.COLUMNS[:n]) and sorted(numbers, key=int) == [str(i) for i in range(1, n + 1)]
    for i in range(n):
        _, x, y, align, *_ = letters[bv.COLUMNS[i]]
        assert align == "centre" and ox + i * cell < x < ox + (i + 1) * cell and 0 <= y and y + 8 <= oy + 1
        _, x, y, align, *_ = numbers[str(i + 1)]
        assert align == "right" and x < ox and oy + i * cell <= y < oy + (i + 1) * cell
        assert x - font.width(str(i + 1), "small") >= BOARD[0]


def test_the_demolition_preview_warns_when_it_walls_the_demolisher_in_TG7_3():
    """Issue 22, 6: demolishing d4 would wall Player 1 in after the turn unless he builds there
    again: the preview says so first, in red, with the rule; a1's demolition warns of nothing."""
    from tdream.frontend.constants import RED
    from tdream.platform.scenario import load_scenario
    m = load_scenario(DATA / "vacate.yaml").match
    p = PlacePrompt(m, 0, "Player 1")
    p.mode, p.demolish_cursor = "demolish", m.geo.index["d4"]
    text, colour = p.lines(None)[0]
    assert colour == RED and text.startswith("TG7.3: d4 is Kenta's after this turn; unless Player 1 builds there")
    p.demolish_cursor = m.geo.index["a1"]
    assert all(not t.startswith("TG7.3") for t, _ in p.lines(None))


def test_a_rivals_double_turn_that_walls_you_in_is_warned_of_TG4_3():
    """Issue 22, 6: Kenta (a tower of 3, double turns left) could wall Player 1 in with towers on
    b1 and a2: the board prompt warns on those squares and elsewhere, the double turn's menu
    line says it too."""
    from tdream.platform.scenario import load_scenario
    m = load_scenario(DATA / "double.yaml").match
    p = PlacePrompt(m, 0, "Player 1")
    assert p.threats == [] and p.doubles == [("b1", "a2", 1)]
    p.cursor = m.geo.index["a2"]
    p.square_info()
    assert p.lines(None)[0][0] == "Danger: a double turn of Kenta's on b1 and a2 walls you in (TG4.3, T5.1)."
    p.cursor = m.geo.index["e5"]
    p.square_info()
    assert p.lines(None)[0][0].startswith("Careful: a double turn of Kenta's")
    p.mode = "menu"
    p.menu.index = p.items.index("Declare a double turn")
    assert any("double turn on b1 and a2" in t for t, _ in p.lines(None))


def test_the_status_page_lists_each_players_double_turns_and_T5_2():
    """Issue 22, 6: the status page says each player's double turns left and whether T5.2 (a
    tower of 3 or more) allows one now."""
    from tdream.games.towers.frontend.status import double_line
    h = Headless(seed=0, setup=practice("double"))
    t = h.machine.stack[0]
    prompt_of(t, 0, PlacePrompt, h=h)
    assert double_line(t.game, 0) == "Double turns: 2 left. T5.2: no 3+ tower yet."
    assert double_line(t.game, 1) == "Double turns: 2 left. T5.2: may declare now."
    t.game.doubles[1] = 0
    assert double_line(t.game, 1) == "Double turns: none left (T5.1)."


def test_a_long_question_wraps_whole_and_its_first_line_stays_whole():
    """Issue 22, 3: the text box wraps a prompt's question instead of cutting it (a long name),
    and the small line under it that matters most is there in full."""
    h = Headless(seed=0, setup=practice("threat"))
    t = h.machine.stack[0]
    p = prompt_of(t, 0, PlacePrompt, h=h)
    p.name = "Hikozaemon the Very Long-Named"
    p.cursor = next(i for i in range(p.match.geo.cells) if p.match.owner[i] >= 0)
    p.square_info()
    said = []
    font = h.machine.font
    draw = font.draw
    font.draw = lambda surface, text, x, y, colour=None, face="main", *a, **k: said.append((text, y, face)) or \
        draw(surface, text, x, y, colour, face, *a, **k)
    try:
        t.draw_box(h.machine, h.surface)
    finally:
        del font.draw
    main = [text for text, y, face in said if face == "main"]
    small = [text for text, y, face in said if face == "small"]
    assert len(main) >= 2 and " ".join(main) == p.text()
    first = p.lines(h.machine)[0][0]
    assert " ".join(small).startswith(first)
    assert all(b[1] - a[1] >= 8 for a, b in zip(said, said[1:]))       # rows apart, none touching


def test_a_double_turn_out_of_turn_is_answered_through_session_next(monkeypatch):
    """Issue 37: the confirmed Y is given through the drive loop (``TableScene.answer``): only
    while ``Session.next`` names Player 2's seat (``Next.others``); when the drive loop says he
    does not answer now, A gives nothing and says so."""
    from tdream.frontend.match import MatchHost
    h = Headless(seed=0, setup=practice("duo"))
    t = h.machine.stack[0]
    prompt_of(t, 0, PlacePrompt, h=h, connected=0b0011)
    assert t.host.next().others == (1,) and t.out_of_turn() == (1,)
    seen = []
    t.host.session.observers.append(lambda s, seat, a, events, g: seen.append((seat, a)))
    monkeypatch.setattr(MatchHost, "may_answer", lambda self, seat: False)
    tap(h, Y, pad=1, connected=0b0011)
    tap(h, A, pad=1, connected=0b0011)
    assert seen == [] and "does not answer now" in t.toast
    monkeypatch.undo()
    tap(h, Y, pad=1, connected=0b0011)
    tap(h, A, pad=1, connected=0b0011)
    assert seen == [(1, DECLARE)]
