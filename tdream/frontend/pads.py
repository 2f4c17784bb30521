"""Pads: pygame events in, SNES-pad button states out (STYLE.md rule 10).

``PadReader`` is the one module that reads input events. Keyboard is pad 1 (PRESENTATION.md);
SDL game controllers take pads 1-4 in the order they are plugged, keyed by joystick instance id
(``Controller.id`` is not unique over hot-plugs), and may come and go at any time. A game
controller sends both controller and joystick events: only the controller ones count, so each
press counts once. Each frame the reader hands the machine a ``PadFrame``: four 12-bit states
(FORMATS.md section 4 order) and which pads are connected.

``Buttons`` turns those states into presses (the frame a button goes down) and repeats (held
buttons, Pyxel's ``btnp(hold, repeat)``): frame-counted, so pure.
"""
from __future__ import annotations

from types import ModuleType
from typing import NamedTuple

from .constants import (BIT, BUTTONS, DOWN, LEFT, PADS, REPEAT_EVERY, REPEAT_HOLD, RIGHT, SELECT, START, UP, A, B, L, R,
                        X, Y)


class PadFrame(NamedTuple):
    buttons: tuple[int, int, int, int]      # held buttons per pad, 12 bits each
    connected: int = 0b0001                 # bit i: pad i+1 has a device (pad 1: the keyboard)

    @staticmethod
    def idle() -> "PadFrame":
        return PadFrame((0, 0, 0, 0), 0b0001)


class Buttons:
    """Presses and repeats from held states, frame by frame."""

    def __init__(self) -> None:
        self.held = [0] * PADS
        self.pressed = [0] * PADS
        self.age = [[0] * len(BUTTONS) for _ in range(PADS)]
        self.connected = 0b0001

    def feed(self, frame: PadFrame) -> None:
        self.connected = frame.connected
        held, pressed = self.held, self.pressed
        for p in range(PADS):
            now = frame.buttons[p]
            was = held[p]
            pressed[p] = now & ~was
            if not now and not was:
                continue        # nothing held, then or now: every age is 0 already (most pads, most frames)
            held[p] = now
            ages = self.age[p]
            for i in range(len(BUTTONS)):
                ages[i] = ages[i] + 1 if now >> i & 1 else 0

    def press(self, pad: int, mask: int) -> bool:
        return bool(self.pressed[pad] & mask)

    def repeat(self, pad: int, mask: int) -> bool:
        """Pressed now, or held long enough to repeat (menus, cursors)."""
        if self.pressed[pad] & mask:
            return True
        for i in range(len(BUTTONS)):
            if mask >> i & 1:
                a = self.age[pad][i]
                if a > REPEAT_HOLD and (a - REPEAT_HOLD - 1) % REPEAT_EVERY == 0:
                    return True
        return False

    def hold(self, pad: int, mask: int) -> bool:
        return bool(self.held[pad] & mask)

    def held_any(self, mask: int) -> bool:
        """``mask`` held on any pad."""
        held = self.held
        return bool((held[0] | held[1] | held[2] | held[3]) & mask)

    def any_press(self, mask: int) -> int:
        """The first pad (0-3) with a press of ``mask``, or -1."""
        for p in range(PADS):
            if self.pressed[p] & mask:
                return p
        return -1


# Keyboard: pad 1 (PRESENTATION.md). pygame key names, so the table reads as the spec does.
KEYBOARD = {"up": "up", "down": "down", "left": "left", "right": "right", "z": "b", "x": "a", "a": "y",
            "s": "x", "q": "l", "w": "r", "return": "start", "right shift": "select"}

def keyboard_map(mappings: dict | None) -> dict[str, str]:
    """The keyboard's keys (pygame names) to the SNES pad's buttons: a remap saved in the
    settings (``mappings["keyboard"]``, Options > Controls), else ``KEYBOARD``."""
    mine = (mappings or {}).get("keyboard")
    return dict(mine) if isinstance(mine, dict) and mine else dict(KEYBOARD)


# An SDL game controller's buttons to the SNES pad, by position (SNES A is the right face button,
# B the bottom one, X the top, Y the left). A remap (settings, per controller GUID) replaces it.
CONTROLLER_DEFAULT = {"b": "a", "a": "b", "y": "x", "x": "y", "leftshoulder": "l", "rightshoulder": "r",
                      "start": "start", "back": "select", "dpup": "up", "dpdown": "down",
                      "dpleft": "left", "dpright": "right"}
SDL_BUTTONS = ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
               "rightshoulder", "dpup", "dpdown", "dpleft", "dpright")
AXIS_DEAD = 16000


class PadReader:
    """Reads pygame events; knows which device is which pad. The only reader of input events."""

    def __init__(self, mappings: dict | None = None) -> None:
        import pygame  # pygame: only where a surface or the window is made
        self.pg = pygame
        self.keys: dict[int, int] = {}
        self.set_keyboard(keyboard_map(mappings))
        self.key_bits = 0
        self.latched = [0] * PADS               # presses that came and went within one frame
        self.devices: dict[int, dict] = {}      # instance id -> {controller, pad, guid, bits, axis}
        self.mappings = mappings if mappings is not None else {}
        self.quit = False
        self.toggle_fullscreen = False
        self.exposed = False                    # the window was shown again or resized: draw it anew
        self.raw: list[tuple[int, str]] = []    # (instance id, SDL button name) pressed: for remapping
        self.raw_keys: list[int] = []
        self.controller: ModuleType | None       # pygame's game controller module, if this SDL has one
        try:
            from pygame._sdl2 import controller  # pygame: only where a surface or the window is made
            controller.init()
            self.controller = controller
        except Exception:            # no controller support in this SDL: keyboard only
            self.controller = None

    def set_keyboard(self, mapping: dict[str, str]) -> None:
        """The keyboard's keys from now on (pygame key names to SNES buttons); a name pygame does
        not know is left out."""
        keys: dict[int, int] = {}
        for name, button in mapping.items():
            try:
                code = self.pg.key.key_code(name)
            except (ValueError, self.pg.error):
                continue
            if button in BIT:
                keys[code] = BIT[button]
        self.keys = keys
        self.key_bits = 0

    # ---------------------------------------------------------------- devices
    def _free_pad(self) -> int:
        used = {d["pad"] for d in self.devices.values()}
        for p in range(PADS):
            if p not in used:
                return p
        return -1

    def _add(self, device_index: int) -> None:
        if self.controller is None or not self.controller.is_controller(device_index):
            return
        try:
            c = self.controller.Controller(device_index)
            joy = c.as_joystick()
            iid = joy.get_instance_id()
            guid = joy.get_guid()
        except Exception:
            return
        if iid in self.devices:
            return
        pad = self._free_pad()
        if pad < 0:
            return
        self.devices[iid] = {"controller": c, "pad": pad, "guid": guid, "bits": 0, "axis": 0,
                             "name": c.name}

    def _remove(self, iid: int) -> None:
        d = self.devices.pop(iid, None)
        if d is not None:
            try:
                d["controller"].quit()
            except Exception:
                pass

    def mapping(self, guid: str) -> dict[str, str]:
        return self.mappings.get(guid) or CONTROLLER_DEFAULT

    def pads(self) -> list[tuple[int, str, str]]:
        """The connected controllers: (pad 0-3, name, GUID)."""
        return sorted((d["pad"], d["name"], d["guid"]) for d in self.devices.values())

    # ---------------------------------------------------------------- events
    def handle(self, e) -> None:
        pg = self.pg
        t = e.type
        if t == pg.QUIT:
            self.quit = True
        elif t in (pg.WINDOWEXPOSED, pg.WINDOWRESIZED, pg.WINDOWSIZECHANGED, pg.WINDOWRESTORED, pg.WINDOWSHOWN):
            self.exposed = True
        elif t == pg.KEYDOWN:
            self.raw_keys.append(e.key)
            if e.key == pg.K_F11 or (e.key == pg.K_RETURN and e.mod & pg.KMOD_ALT):
                self.toggle_fullscreen = True
                return
            bit = self.keys.get(e.key)
            if bit:
                self.key_bits |= bit
                self.latched[0] |= bit
        elif t == pg.KEYUP:
            bit = self.keys.get(e.key)
            if bit:
                self.key_bits &= ~bit
        elif t == pg.CONTROLLERDEVICEADDED:
            self._add(e.device_index)
        elif t == pg.CONTROLLERDEVICEREMOVED:
            self._remove(e.instance_id)
        elif t in (pg.CONTROLLERBUTTONDOWN, pg.CONTROLLERBUTTONUP):
            d = self.devices.get(e.instance_id)
            if d is None or not 0 <= e.button < len(SDL_BUTTONS):
                return
            name = SDL_BUTTONS[e.button]
            snes = self.mapping(d["guid"]).get(name)
            if t == pg.CONTROLLERBUTTONDOWN:
                self.raw.append((e.instance_id, name))
                if snes:
                    d["bits"] |= BIT[snes]
                    self.latched[d["pad"]] |= BIT[snes]
            elif snes:
                d["bits"] &= ~BIT[snes]
        elif t == pg.CONTROLLERAXISMOTION:
            d = self.devices.get(e.instance_id)
            if d is None:
                return
            if e.axis == 0:       # left stick x
                d["axis"] = (d["axis"] & ~(LEFT | RIGHT)) | (LEFT if e.value < -AXIS_DEAD else RIGHT if e.value > AXIS_DEAD else 0)
            elif e.axis == 1:
                d["axis"] = (d["axis"] & ~(UP | DOWN)) | (UP if e.value < -AXIS_DEAD else DOWN if e.value > AXIS_DEAD else 0)
            self.latched[d["pad"]] |= d["axis"]
        # JOY* events of game controllers are the same presses again: ignored (counted once).

    def poll(self) -> None:
        for e in self.pg.event.get():
            self.handle(e)

    def frame(self) -> PadFrame:
        """This frame's pad states (and clears the within-frame latches)."""
        bits = [0] * PADS
        bits[0] = self.key_bits
        connected = 0b0001
        for d in self.devices.values():
            bits[d["pad"]] |= d["bits"] | d["axis"]
            connected |= 1 << d["pad"]
        out = tuple(b | lat for b, lat in zip(bits, self.latched))
        self.latched = [0] * PADS
        return PadFrame(out, connected)  # type: ignore[arg-type]


__all__ = ["PadFrame", "Buttons", "PadReader", "KEYBOARD", "keyboard_map", "CONTROLLER_DEFAULT", "SDL_BUTTONS",
           "A", "B", "X", "Y", "L", "R", "UP", "DOWN", "LEFT", "RIGHT", "START", "SELECT"]
