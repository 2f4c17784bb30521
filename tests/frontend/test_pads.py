"""Pads (issue 5): keyboard as pad 1, presses and repeats by frame, SDL game controllers hot-plugged
and counted once, with a real SDL virtual joystick through ctypes where the library is found."""
import ctypes
import glob
import os

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdream.frontend.constants import A, B, BIT, DOWN, REPEAT_EVERY, REPEAT_HOLD, START
from tdream.frontend.pads import Buttons, PadFrame, PadReader


@pytest.fixture(scope="module")
def display():
    pygame.display.init()
    yield
    # leave the display up: other front-end tests share the process


def test_buttons_press_is_the_frame_it_goes_down():
    b = Buttons()
    b.feed(PadFrame((A, 0, 0, 0)))
    assert b.press(0, A) and not b.press(1, A)
    b.feed(PadFrame((A, 0, 0, 0)))
    assert not b.press(0, A) and b.hold(0, A)
    b.feed(PadFrame((0, 0, 0, 0)))
    b.feed(PadFrame((A, 0, 0, 0)))
    assert b.press(0, A)


def test_buttons_repeat_after_hold_then_every_few_frames():
    b = Buttons()
    fired = []
    for f in range(REPEAT_HOLD + 3 * REPEAT_EVERY + 1):
        b.feed(PadFrame((DOWN, 0, 0, 0)))
        if b.repeat(0, DOWN):
            fired.append(f)
    assert fired[0] == 0
    assert fired[1:] == [REPEAT_HOLD + k * REPEAT_EVERY for k in range(len(fired) - 1)]
    assert len(fired) == 5


@given(st.lists(st.tuples(*[st.sampled_from([0, 0, A, DOWN, A | DOWN, 0xFFF, 1 << 11]) for _ in range(4)]),
                max_size=80))
@settings(max_examples=150, deadline=None)
def test_buttons_hold_press_and_age_as_counted_frame_by_frame(frames):
    """``feed`` skips pads with nothing held then or now: every figure stays what counting every
    button of every pad each frame gives."""
    b = Buttons()
    ages = [[0] * 12 for _ in range(4)]
    held = [0] * 4
    for buttons in frames:
        b.feed(PadFrame(buttons, 0b1111))
        for p in range(4):
            assert b.pressed[p] == buttons[p] & ~held[p]
            held[p] = buttons[p]
            ages[p] = [ages[p][i] + 1 if buttons[p] >> i & 1 else 0 for i in range(12)]
        assert b.held == held and b.age == ages
        assert [b.repeat(p, DOWN) for p in range(4)] == [
            bool(b.pressed[p] & DOWN) or (ages[p][DOWN.bit_length() - 1] > REPEAT_HOLD
                                          and (ages[p][DOWN.bit_length() - 1] - REPEAT_HOLD - 1) % REPEAT_EVERY == 0)
            for p in range(4)]


def test_keyboard_is_pad_one_as_presentation_maps_it(display):
    r = PadReader()
    for key, button in (("x", "a"), ("z", "b"), ("return", "start"), ("right shift", "select"), ("a", "y")):
        r.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key), mod=0))
        assert r.frame().buttons[0] & BIT[button], key
        r.handle(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(key), mod=0))
        assert r.frame().buttons[0] == 0


def test_a_tap_within_one_frame_still_counts(display):
    r = PadReader()
    k = pygame.key.key_code("x")
    r.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))
    r.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0))
    assert r.frame().buttons[0] == A
    assert r.frame().buttons[0] == 0


def test_f11_and_alt_enter_toggle_fullscreen_not_start(display):
    r = PadReader()
    r.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
    assert r.toggle_fullscreen
    r.toggle_fullscreen = False
    r.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT))
    assert r.toggle_fullscreen and r.frame().buttons[0] & START == 0


def test_events_of_unknown_controllers_are_ignored(display):
    r = PadReader()
    r.handle(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=99, button=0))
    r.handle(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=99, button=0, joy=0))
    assert r.frame() == PadFrame((0, 0, 0, 0), 0b0001)


# ---------------------------------------------------------------- a real virtual controller
def _sdl():
    import pygame as pg
    folder = os.path.join(os.path.dirname(pg.__file__), "..", "pygame_ce.libs")
    paths = sorted(glob.glob(os.path.join(folder, "libSDL2-2*"))) + sorted(glob.glob(os.path.join(folder, "SDL2*.dll")))
    for name in paths + ["libSDL2-2.0.so.0", "libSDL2.dylib"]:
        try:
            lib = ctypes.CDLL(name)
            lib.SDL_JoystickAttachVirtual
            return lib
        except (OSError, AttributeError):
            continue
    return None


class Virtual:
    """An SDL virtual game controller (SDL_JoystickAttachVirtual), pressed through ctypes."""

    def __init__(self, sdl) -> None:
        self.sdl = sdl
        sdl.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        self.index = sdl.SDL_JoystickAttachVirtual(1, 6, 15, 0)    # SDL_JOYSTICK_TYPE_GAMECONTROLLER
        if self.index < 0:
            pytest.skip("SDL cannot attach a virtual joystick here")
        self.joy = sdl.SDL_JoystickOpen(self.index)

    def set(self, button: int, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self.joy, button, 1 if down else 0)
        self.sdl.SDL_JoystickUpdate()

    def detach(self) -> None:
        self.sdl.SDL_JoystickClose(self.joy)
        self.sdl.SDL_JoystickDetachVirtual(self.index)


@pytest.fixture
def virtual(display):
    sdl = _sdl()
    if sdl is None:
        pytest.skip("the SDL library pygame uses was not found")
    pygame.event.clear()
    v = Virtual(sdl)
    yield v
    try:
        v.detach()
    except Exception:
        pass
    pygame.event.clear()


def test_virtual_controller_hot_plugs_into_pad_one_and_counts_each_press_once(virtual):
    r = PadReader()
    r.poll()
    assert [p for p, _, _ in r.pads()] == [0]
    assert r.frame().connected & 0b0001
    virtual.set(1, True)              # SDL "b": the right face button, SNES A by position
    r.poll()
    frame = r.frame()
    assert frame.buttons[0] == A      # one press, though a joystick event came too
    virtual.set(1, False)
    r.poll()
    assert r.frame().buttons[0] == 0
    virtual.set(0, True)              # SDL "a" (bottom) is SNES B
    r.poll()
    assert r.frame().buttons[0] == B
    virtual.set(0, False)
    virtual.detach()
    r.poll()
    assert r.pads() == []


def test_second_controller_takes_pad_two_and_a_remap_applies_at_once(virtual):
    maps: dict = {}
    r = PadReader(maps)
    r.poll()
    second = Virtual(virtual.sdl)
    try:
        r.poll()
        assert [p for p, _, _ in r.pads()] == [0, 1]
        assert r.frame().connected == 0b0011
        second.set(1, True)
        r.poll()
        assert r.frame().buttons == (0, A, 0, 0)
        second.set(1, False)
        maps[r.pads()[0][2]] = {"a": "a"}          # the remap screen's result: bottom button is A
        virtual.set(0, True)
        r.poll()
        assert r.frame().buttons[0] & A
        virtual.set(0, False)
    finally:
        second.detach()
    r.poll()
    assert r.frame().connected == 0b0001 | (1 << r.pads()[0][0])


def test_the_remap_screen_saves_a_controllers_mapping_by_guid(virtual):
    """Options > Controls: "press A, press B, ..." on a real (virtual) controller."""
    from tdream.frontend.run import make_machine
    from tdream.frontend.scenes.remap import ORDER, RemapScene
    m = make_machine(0)
    r = PadReader(m.settings.mappings)
    m.reader = r
    r.poll()
    guid = r.pads()[0][2]
    m.push(RemapScene(0))
    sdl_for = {"a": 1, "b": 2, "x": 0, "y": 3, "l": 9, "r": 10, "start": 6, "select": 4, "up": 11, "down": 12,
               "left": 13, "right": 14}                  # a player who wants B and X turned round
    virtual.set(sdl_for["a"], True)                       # A (SDL "b" by default) on the controller: remap it
    r.poll()
    m.step(r.frame())
    virtual.set(sdl_for["a"], False)
    r.poll()
    m.step(r.frame())
    assert m.stack[-1].device == guid
    for snes in ORDER[1:]:
        virtual.set(sdl_for[snes], True)
        r.poll()
        m.step(r.frame())
        virtual.set(sdl_for[snes], False)
        r.poll()
        m.step(r.frame())
    assert not isinstance(m.stack[-1], RemapScene)
    mapping = m.settings.mappings[guid]
    assert mapping["b"] == "a" and mapping["x"] == "b" and mapping["a"] == "x" and mapping["dpup"] == "up" \
        and len(mapping) == 12
    virtual.set(2, True)                                  # SDL "x" now means SNES B
    r.poll()
    assert r.frame().buttons[0] & B
    virtual.set(2, False)


def test_the_keyboard_is_remapped_from_the_controls_screen_and_applies_at_once():
    """Issue 36: Options > Controls remaps the keyboard (it said "Plug in a controller to remap
    it"): A pressed on the keyboard starts "press A, press B, ...", the new keys are saved in the
    settings and pad 1 reads them at once."""
    from tdream.frontend.run import make_machine
    from tdream.frontend.scenes.remap import ORDER, RemapScene
    m = make_machine(0)
    r = PadReader(m.settings.mappings)
    m.reader = r
    m.push(RemapScene(0))
    keys = {"a": "x", "b": "k", "x": "j", "y": "h", "l": "u", "r": "i", "start": "space", "select": "tab",
            "up": "w", "down": "s", "left": "a", "right": "d"}
    for snes in ORDER:
        code = pygame.key.key_code(keys[snes])
        r.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        m.step(r.frame())
        r.handle(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
        m.step(r.frame())
    assert not isinstance(m.stack[-1], RemapScene)
    assert m.settings.mappings["keyboard"] == {v: k for k, v in keys.items()} and m.settings_changed
    r.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code("k"), mod=0))
    assert r.frame().buttons[0] == B                  # k is B now
    again = PadReader(m.settings.mappings)            # and after a restart, from the settings
    again.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code("j"), mod=0))
    assert again.frame().buttons[0] == BIT["x"]
