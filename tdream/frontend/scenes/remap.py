"""Controls (PRESENTATION.md screen 16): "press A, press B, ..." on a controller; the mapping is
saved per controller GUID in the settings. The keyboard's keys are listed (pad 1)."""
from __future__ import annotations

from ..constants import GOLD, WHITE, rgb15
from ..machine import Scene
from ..text import tr
from ..pads import KEYBOARD
from ..widgets import window
from ..widgets import skyline

ORDER = ("a", "b", "x", "y", "l", "r", "start", "select", "up", "down", "left", "right")


KEY_NAMES = {"up": "Up", "down": "Down", "left": "Left", "right": "Right", "return": "Enter",
             "right shift": "Right Shift", "z": "Z", "x": "X", "a": "A", "s": "S", "q": "Q", "w": "W"}


class RemapScene(Scene):
    """Needs the live PadReader (``m.reader``); without a controller it shows the keyboard map."""

    def __init__(self, pad: int) -> None:
        self.pad = pad
        self.step = 0
        self.mapping: dict[str, str] = {}
        self.device = None
        self.age = 0

    def enter(self, m) -> None:
        reader = m.reader
        if reader is not None:
            reader.raw.clear()
            pads = reader.pads()
            mine = [d for d in pads if d[0] == self.pad] or pads
            self.device = mine[0] if mine else None

    def handle(self, m, b) -> None:
        self.age += 1
        reader = m.reader
        if self.device is None or reader is None:
            if b.any_press(0xFFF) >= 0:
                m.pop()
            return
        guid = self.device[2]
        for iid, name in reader.raw:
            dev = reader.devices.get(iid)
            if dev is None or dev["guid"] != guid or name in self.mapping:
                continue
            self.mapping[name] = ORDER[self.step]
            self.step += 1
            if self.step == len(ORDER):
                m.settings.mappings[guid] = dict(self.mapping)
                m.settings_changed = True
                m.pop()
                break
        reader.raw.clear()

    def draw(self, m, surface) -> None:
        font = m.font
        skyline(surface, 0)
        window(surface, (24, 30, 208, 164))
        font.draw(surface, tr("CONTROLS"), 128, 36, GOLD, align="centre")
        if self.device is None:
            font.draw(surface, tr("Keyboard (pad 1):"), 36, 54, WHITE, "small")
            for i, (key, button) in enumerate(KEYBOARD.items()):
                x, y = 36 + (i // 6) * 96, 66 + (i % 6) * 10
                font.draw(surface, KEY_NAMES.get(key, key), x, y, rgb15(200, 216, 248), "small")
                font.draw(surface, button.upper(), x + 88, y, WHITE, "small", align="right")
            font.draw(surface, tr("Plug in a controller to remap it."), 36, 136, WHITE, "small")
            font.draw(surface, tr("F11 or Alt+Enter: fullscreen"), 36, 148, WHITE, "small")
            font.draw(surface, tr("Any button: back"), 36, 172, rgb15(160, 168, 200), "small")
            return
        font.draw(surface, self.device[1][:30], 128, 52, WHITE, "small", align="centre")
        want = ORDER[self.step] if self.step < len(ORDER) else ""
        font.draw(surface, tr("Press {button}", button=want.upper()), 128, 80, GOLD if (m.frame // 15) % 2 else WHITE, align="centre")
        for i, b in enumerate(ORDER[:self.step]):
            sdl = [k for k, v in self.mapping.items() if v == b][0]
            font.draw(surface, f"{b.upper():6} = {sdl}", 44 + (i // 6) * 96, 110 + (i % 6) * 10,
                      rgb15(200, 216, 248), "small")
