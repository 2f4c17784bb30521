"""Controls (PRESENTATION.md screen 16): the keyboard's map and each controller's, and a remap of
either by "press A, press B, ...": A pressed on the keyboard remaps the keyboard (pad 1), A on a
controller remaps that controller. A keyboard remap is saved in the settings (``mappings:
keyboard: {key name: SNES button}``), a controller's by its GUID; each applies at once.

The remap reads live input (the ``PadReader``'s raw keys and buttons), which a movie does not
hold: in a movie (no live reader) the screen shows the keyboard's map only (FORMATS.md section 4).
"""
from __future__ import annotations

from ..constants import A, B, GOLD, INFO, LABEL, START, WHITE
from ..machine import Scene
from ..pads import KEYBOARD, keyboard_map
from ..text import tr
from ..widgets import skyline, window

ORDER = ("a", "b", "x", "y", "l", "r", "start", "select", "up", "down", "left", "right")
RESERVED = ("f11", "escape")         # the window's own keys, never a pad's

KEY_NAMES = {"up": "Up", "down": "Down", "left": "Left", "right": "Right", "return": "Enter",
             "right shift": "Right Shift", "left shift": "Left Shift", "space": "Space", "backspace": "Backspace",
             "tab": "Tab", "left ctrl": "Left Ctrl", "right ctrl": "Right Ctrl"}


def key_name(key: str) -> str:
    """A pygame key name as the keyboard's key cap says it."""
    return KEY_NAMES.get(key, key.upper() if len(key) == 1 else key.title())


class RemapScene(Scene):
    """The maps; A (on the device to remap) starts "press A, press B, ...", B goes back."""

    def __init__(self, pad: int) -> None:
        self.pad = pad
        self.step = 0
        self.mapping: dict[str, str] = {}
        self.device: str | None = None   # "keyboard", or a controller's GUID, once a remap has started
        self.name = ""
        self.age = 0

    def enter(self, m) -> None:
        if m.reader is not None:
            m.reader.raw.clear()
            m.reader.raw_keys.clear()

    def handle(self, m, b) -> None:
        self.age += 1
        reader = m.reader
        if self.device is None:
            if reader is not None and b.press(self.pad, A):
                self.start(m, reader)
            elif b.any_press(B | START) >= 0 or (reader is None and b.any_press(0xFFF) >= 0):
                m.pop()
            if reader is not None:
                reader.raw.clear()
                reader.raw_keys.clear()
            return
        if reader is None:
            return
        if self.device == "keyboard":
            import pygame  # pygame: only where a surface or the window is made
            for code in reader.raw_keys:
                name = pygame.key.name(code)
                if name and name not in RESERVED and name not in self.mapping:
                    self.take(m, name, reader)
                    if self.device is None:
                        break
        else:
            for iid, name in reader.raw:
                dev = reader.devices.get(iid)
                if dev is None or dev["guid"] != self.device or name in self.mapping:
                    continue
                self.take(m, name, reader)
                if self.device is None:
                    break
        reader.raw.clear()
        reader.raw_keys.clear()

    def start(self, m, reader) -> None:
        """A was pressed: on the keyboard (a key came this frame) or on a controller."""
        import pygame  # pygame: only where a surface or the window is made
        keys = [pygame.key.name(k) for k in reader.raw_keys]
        if reader.raw and not any(keyboard_map(m.settings.mappings).get(k) == "a" for k in keys):
            iid, first = reader.raw[0]
            dev = reader.devices.get(iid)
            if dev is None:
                return
            self.device, self.name = dev["guid"], dev["name"]
            self.mapping = {first: "a"}
        else:
            self.device, self.name = "keyboard", tr("Keyboard (pad 1)")
            mine = keyboard_map(m.settings.mappings)
            pressed = next((k for k in keys if mine.get(k) == "a"), None) or next(
                (k for k in keys if k and k not in RESERVED), None)
            self.mapping = {pressed: "a"} if pressed else {}
        self.step = len(self.mapping)
        m.sound("select")

    def take(self, m, name: str, reader) -> None:
        self.mapping[name] = ORDER[self.step]
        self.step += 1
        if self.step < len(ORDER):
            return
        m.settings.mappings[self.device] = dict(self.mapping)
        m.settings_changed = True
        if self.device == "keyboard":
            reader.set_keyboard(self.mapping)
        m.sound("select")
        self.device, self.step, self.mapping = None, 0, {}
        m.pop()

    def draw(self, m, surface) -> None:
        font = m.font
        skyline(surface, 0)
        window(surface, (24, 22, 208, 180))
        font.draw(surface, tr("CONTROLS"), 128, 28, GOLD, align="centre")
        if self.device is not None:
            font.draw(surface, self.name[:30], 128, 46, WHITE, "small", align="centre")
            want = ORDER[self.step] if self.step < len(ORDER) else ""
            font.draw(surface, tr("Press {button}", button=want.upper()), 128, 70, GOLD if (m.frame // 15) % 2 else WHITE,
                      align="centre")
            for i, b in enumerate(ORDER[:self.step]):
                got = [k for k, v in self.mapping.items() if v == b][0]
                shown = key_name(got) if self.device == "keyboard" else got
                font.draw(surface, f"{b.upper():6} = {shown}", 44 + (i // 6) * 96, 98 + (i % 6) * 10, INFO, "small")
            return
        keyboard = keyboard_map(m.settings.mappings)
        font.draw(surface, tr("Keyboard (pad 1):"), 36, 44, WHITE, "small")
        by_button = {button: key for key, button in keyboard.items()}
        for i, button in enumerate(ORDER):
            x, y = 33 + (i // 6) * 100, 56 + (i % 6) * 10
            font.draw(surface, key_name(by_button.get(button, "-")), x, y, INFO, "small")
            font.draw(surface, button.upper(), x + 94, y, WHITE, "small", align="right")
        if m.reader is None:           # a movie (or no window): the map only (a remap reads live input)
            lines = [tr("A movie holds no remap: the keys are the keyboard's map.") if m.movie else
                     tr("Remaps read the keys and pads live: in the window."), tr("Any button: back")]
        else:
            pads = m.reader.pads()
            lines = [tr("A on the keyboard: remap the keyboard."),
                     tr("A on a controller: remap that controller.") if pads else tr("Plug in a controller to remap it."),
                     tr("F11 or Alt+Enter: fullscreen"), tr("B: back")]
        y = 124
        for i, line in enumerate(lines):
            for row in font.wrap(line, 184, "small"):
                font.draw(surface, row, 36, y, LABEL if i == len(lines) - 1 else WHITE, "small")
                y += 9
            y += 2
        if KEYBOARD != keyboard:
            font.draw(surface, tr("(remapped)"), 220, 44, LABEL, "small", align="right")
