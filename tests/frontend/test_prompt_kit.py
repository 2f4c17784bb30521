"""The pieces the games' prompts share (``frontend/prompt_kit.py``): key steps in order, the board
cursor's nearest point, an answer offered to the match first (or given as checked), a sound only
with a machine, dice stopped with A."""
from tdream.frontend.constants import DOWN, LEFT, RIGHT, UP, A
from tdream.frontend.pads import Buttons, PadFrame
from tdream.frontend.prompt_kit import Offers, Spins, move_nearest, nearest, play, steps


def pressed(mask: int) -> Buttons:
    b = Buttons()
    b.feed(PadFrame((mask, 0, 0, 0)))
    return b


def test_steps_come_in_the_order_given_for_the_keys_pressed():
    b = pressed(LEFT | RIGHT)
    assert steps(b, 0, (LEFT, -1), (RIGHT, 1), (UP, 5)) == [-1, 1]
    assert steps(b, 0, (RIGHT, 1), (LEFT, -1)) == [1, -1]
    assert steps(pressed(0), 0, (LEFT, -1)) == []


def test_nearest_goes_the_way_pressed_and_stays_when_nothing_lies_there():
    points = [(0, 0), (10, 0), (10, 3), (0, 10)]
    assert nearest(points, 0, 1, 0) == 1              # straight right beats right and a little down
    assert nearest(points, 0, 0, 1) == 3
    assert nearest(points, 0, -1, 0) == 0             # nothing to the left


def test_move_nearest_steps_through_in_order_when_nothing_lies_that_way():
    points = [(0, 0), (10, 0), (20, 0)]
    assert move_nearest(pressed(RIGHT), 0, points, 0) == 1
    assert move_nearest(pressed(LEFT), 0, points, 0) == 2           # nothing left of the first: the last
    assert move_nearest(pressed(DOWN), 0, points, 2) == 0           # nothing below the last: the first


class _Match:
    def check(self, answer, seat):
        return None if answer == "ok" else f"T1.1: {answer} is not allowed"


class _Asking(Offers):
    def __init__(self) -> None:
        self.match, self.seat, self.answer, self.refused = _Match(), 0, None, None

    def refuse(self, m, why):
        self.refused = why


class _Sounds:
    def __init__(self) -> None:
        self.sounds: list[str] = []

    def sound(self, name: str) -> None:
        self.sounds.append(name)


def test_offer_gives_what_the_match_takes_and_refuses_the_rest():
    p, m = _Asking(), _Sounds()
    assert not p.offer(m, "no") and p.answer is None and p.refused == "T1.1: no is not allowed"
    assert m.sounds == []
    assert p.offer(m, "ok", sound="") and p.answer == "ok" and m.sounds == []
    assert _Asking().offer(m, "ok") and m.sounds == ["select"]


def test_give_answers_as_checked_with_its_sound_and_play_needs_a_machine():
    p, m = _Asking(), _Sounds()
    p.give(m, "no")                                   # the prompt checked it itself: the match is not asked
    assert p.answer == "no" and p.refused is None and m.sounds == ["select"]
    play(None, "blip")                                # headless: no machine, no sound
    play(m, "")
    play(m, "cancel")
    assert m.sounds == ["select", "cancel"]


class _Die(Spins):
    def __init__(self) -> None:
        self.face, self.spun, self.answer = 0, 0, None

    def spin(self) -> None:
        self.face = (self.face + 1) % 6

    def stopped(self):
        return self.face + 1


def test_spins_turn_every_frame_until_a_stops_them_on_that_frame():
    die, m = _Die(), _Sounds()
    for _ in range(3):
        die.handle(m, pressed(0), 0)
    assert die.face == 3 and die.spun == 3 and die.answer is None and m.sounds == ["blip"]
    die.handle(m, pressed(A), 0)
    assert die.answer == 4 and die.face == 3 and m.sounds == ["blip", "select"]


class _Match6:
    def fingerprint(self) -> str:
        return "0123456789abcdef" * 4


class _Rolled(Spins):
    def spin(self) -> None:
        self.face = self.rng.below(6) + 1


def test_start_seeds_the_spin_so_the_same_state_gives_the_same_faces():
    a, b, c = _Rolled(), _Rolled(), _Rolled()
    a.start(_Match6())
    b.start(None, "0123456789abcdef")                 # the match's fingerprint, or the state given
    c.start(None, "fedcba9876543210")
    faces = [(a.face, b.face, c.face)]
    for _ in range(8):
        for die in (a, b, c):
            die.spin()
        faces.append((a.face, b.face, c.face))
    assert a.spun == 0 and all(x == y for x, y, _ in faces)
    assert [z for _, _, z in faces] != [x for x, _, _ in faces]
