"""The TAS window (issue 38): ``tdream play --tas [MOVIE]`` and Options > TAS tools.

The game's picture at the left, the TAS panel at the right (``tas_view``), the tools on keys of
their own (``TasKeys``, BizHawk's defaults where they fit, ``settings.tas_keys`` remaps them): a
TAS key never reaches a pad, because the window reads every event first and hands the pad
reader only the others (with the input roll open, its editing keys are the roll's too).

The session starts paused. Each frame goes through ``Tas.advance(live)``: the live pads while
recording, the movie's input in read-only; the wall clock only paces it (``TasWindow.tick(now)``
steps what is due at the speed chosen, a frame advance tap steps one frame whatever the clock
says), so a test drives it with posted events and no clock.
"""
from __future__ import annotations

import os
import sys
import time
from typing import Callable

import pygame
from pygame._sdl2 import video

from ..errors import TdreamError
from .constants import FRAME_S, BUTTONS
from .pads import PadFrame, PadReader, keyboard_map
from .run import open_display, window_problem
from .settings import TAS_KEYS, split_key
from .tas import Tas
from .tas_view import CANVAS, RollLayout, shown_pads
from . import tas_view
from .display import MARGIN

SPEEDS = (100, 50, 25, 12, 6, 3)      # per cent of 60.0988 Hz (BizHawk's slow motion steps)
HOLD_S = 0.35                         # frame advance held this long runs at the speed chosen
FF_BUDGET_S = 1 / 30                  # fast-forward: steps for this long between two pictures
FF_MOST = 2000                        # and at most this many frames between two pictures
MAX_CATCH_UP = 8
MESSAGE_S = 6.0                       # a notice stays this long (or until the next)
ROLL_KEYS = ("up", "down", "left", "right", "page up", "page down", "home", "end", "space", "return",
             "escape", "backspace", "delete")


class TasKeys:
    """The TAS keys: (modifiers, key code) -> action, from ``TAS_KEYS`` and the settings' changes."""

    def __init__(self, changes: dict | None = None) -> None:
        self.specs: dict[str, tuple[str, ...]] = {}
        self.chords: dict[tuple[frozenset[str], int], str] = {}
        for action, keys in {**TAS_KEYS, **(changes or {})}.items():
            specs = (keys,) if isinstance(keys, str) else tuple(keys)
            self.specs[action] = specs
            for spec in specs:
                mods, name = split_key(spec.lower())
                try:
                    code = pygame.key.key_code(name)
                except (ValueError, pygame.error):       # refused on load already (settings.tas_key_problems)
                    continue
                self.chords.setdefault((mods, code), action)

    def action(self, key: int, mod: int) -> str | None:
        """The action of ``key`` pressed with the modifiers ``mod`` (a key bound without Shift
        still works with Shift held, unless Shift+key is bound itself)."""
        mods = frozenset(n for n, bit in (("shift", pygame.KMOD_SHIFT), ("ctrl", pygame.KMOD_CTRL),
                                           ("alt", pygame.KMOD_ALT)) if mod & bit)
        found = self.chords.get((mods, key))
        if found is None and "shift" in mods:
            found = self.chords.get((mods - {"shift"}, key))
        return found

    def words(self, action: str) -> str:
        """The first key of ``action`` as the help says it: "Shift+F1", "Ctrl+S", "Pause"."""
        spec = self.specs.get(action, ("",))[0]
        mods, name = split_key(spec.lower())
        shown = name.upper() if len(name) == 1 or (name[0] == "f" and name[1:].isdigit()) else name.title()
        return "+".join([m.title() for m in ("ctrl", "alt", "shift") if m in mods] + [shown])

    def clashes(self, mappings: dict | None) -> list[str]:
        """The pad keys (the keyboard's map) a TAS key takes: those never reach the pad."""
        out = []
        for name, button in keyboard_map(mappings).items():
            try:
                code = pygame.key.key_code(name)
            except (ValueError, pygame.error):
                continue
            action = self.chords.get((frozenset(), code))
            if action is not None:
                out.append(f"the key {name!r} is the TAS key of {action}: pad 1's {button} is not on it here")
        return out


class TasDisplay:
    """The TAS window: the canvas (picture and panel) at a whole-number scale, centred."""

    def __init__(self, settings, title: str = "tdream TAS") -> None:
        self.settings = settings
        sizes = pygame.display.get_desktop_sizes()
        self.desktop = sizes[0] if sizes else (CANVAS[0] * 3, CANVAS[1] * 3)
        self.shown = settings.scale
        self.scale = self.window_scale()
        self.window = video.Window(title, size=(CANVAS[0] * self.scale, CANVAS[1] * self.scale), resizable=True)
        self.renderer = video.Renderer(self.window, accelerated=-1, vsync=False)
        self.texture = video.Texture(self.renderer, CANVAS, streaming=True)
        self.fullscreen = False
        self.dst = (0, 0, CANVAS[0] * self.scale, CANVAS[1] * self.scale)
        if settings.fullscreen:
            self.toggle_fullscreen()

    def window_scale(self) -> int:
        """The scale chosen (0: the largest that fits the desktop), at most the largest that fits."""
        most = max(1, min((self.desktop[0] - MARGIN[0]) // CANVAS[0], (self.desktop[1] - MARGIN[1]) // CANVAS[1]))
        return min(self.settings.scale, most) if self.settings.scale else most

    def resize(self) -> None:
        if self.settings.scale == self.shown:
            return
        self.shown = self.settings.scale
        self.scale = self.window_scale()
        if not self.fullscreen:
            self.window.size = (CANVAS[0] * self.scale, CANVAS[1] * self.scale)

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window.set_windowed()
            self.window.size = (CANVAS[0] * self.scale, CANVAS[1] * self.scale)
        else:
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen

    def present(self, canvas: pygame.Surface) -> None:
        self.texture.update(canvas)
        ww, wh = self.window.size
        scale = max(1, min(ww // CANVAS[0], wh // CANVAS[1]))
        if not self.fullscreen and self.settings.scale:
            scale = min(scale, self.settings.scale)
        w, h = CANVAS[0] * scale, CANVAS[1] * scale
        self.dst = ((ww - w) // 2, (wh - h) // 2, w, h)
        r = self.renderer
        r.draw_color = (0, 0, 0, 255)
        r.clear()
        self.texture.draw(dstrect=self.dst)
        r.present()

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point of the window in canvas pixels."""
        x, y, w, h = self.dst
        return ((pos[0] - x) * CANVAS[0] // max(1, w), (pos[1] - y) * CANVAS[1] // max(1, h))

    def close(self) -> None:
        self.window.destroy()


class TasWindow:
    """What the TAS window shows and does: its modes, the roll, the help; one ``handle(event)``
    per event and one ``tick(now)`` per pass of the loop."""

    def __init__(self, tas, path: str, keys: TasKeys | None = None, reader=None, sound=None) -> None:
        self.tas = tas
        self.path = path
        self.keys = keys or TasKeys()
        self.reader = reader
        self.sound = sound
        self.paused = True                  # a TAS starts paused
        self.speed_index = 0
        self.fast_forward = False
        self.pending = 0                    # frame advance taps not yet stepped
        self.advance_key: int | None = None     # the frame advance key held, and since when
        self.advance_since: float | None = None
        self.due: float | None = None
        self.slot = 0                       # the slot last saved or loaded
        self.roll_open = False
        self.roll_at = 1                    # the roll's cursor: a frame, a pad, a button
        self.roll_pad = 0
        self.roll_button = 0
        self.roll_top = 1
        self.branches_open = False
        self.branch_at = 0
        self.help_open = False
        self.note: str | None = None        # a marker's note being typed
        self.note_skip = ""                 # the text of the key that opened it, not typed into it
        self.message: str | None = None
        self.message_at = 0.0
        self.held: dict[int, str] = {}      # TAS keys held: key code -> action
        self.quit = False
        self.dirty = True                   # the picture must be drawn again
        self.preview: str | None = None
        self._preview_at: int | None = None
        self.now = 0.0

    # ---------------------------------------------------------------- words
    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    def key_words(self, action: str) -> str:
        return self.keys.words(action)

    def help_lines(self) -> list[tuple[str, str]]:
        k = self.key_words
        return [
            (k("frame_advance"), "frame advance: a tap steps one frame; held, it runs at the speed"),
            (", ".join(self.keys.specs["pause"]).title(), "pause / run (the TAS starts paused)"),
            (f"{k('slower')}  {k('faster')}", "slower / faster: " + " ".join(f"{s}%" for s in SPEEDS)),
            (k("fast_forward") + " (held)", "fast-forward, as fast as the machine goes"),
            (f"{k('save_1')}..{k('save_9')[-2:]}", "save a state in slot 1-9"),
            (f"{k('load_1')}..{k('load_9')[-2:]}", "load slot 1-9 (recording: the movie is cut there, the tail kept"),
            ("", "as a branch, rerecords +1; read-only: the movie kept and played on)"),
            (k("read_only"), "read-only / recording"),
            (k("write"), "write the movie and its .tas project (also done on quit)"),
            (k("roll"), "the input roll, open / closed (opening it pauses)"),
            ("  Up Down PgUp PgDn", "roll: a frame, a page up or down"),
            ("  Home End", "roll: the first frame, the last one"),
            ("  Left Right, Space", "roll: the button under the cursor; Space toggles it"),
            ("  Return, click a frame", "roll: seek to that frame"),
            ("  click a button", "roll: toggle it (the game runs again to the current frame)"),
            (f"  {k('marker')}", "a marker on the roll's row (or this frame): type its note, Return"),
            (k("branches"), "branches: Up Down choose, Return restores one, Esc closes"),
            (k("help"), "this help"),
            ("F11", "fullscreen"),
            ("the pad keys", "the game's pads, as ever: their input is recorded while recording"),
        ]

    def say(self, text: str | None) -> None:
        if text:
            self.message, self.message_at = text, self.now
            self.dirty = True

    def take_message(self) -> None:
        """The TAS's last notice or refusal, shown and cleared there."""
        if self.tas.message:
            self.say(self.tas.message)
            self.tas.message = None

    # ---------------------------------------------------------------- events
    def handle(self, e) -> None:
        """One pygame event: a TAS key's action, the roll's keys and clicks, the rest to the pads."""
        t = e.type
        if t == pygame.QUIT:
            self.quit = True
            return
        if t in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN):
            self.dirty = True
        if self.note is not None and t in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self._note_event(e)
            return
        if t == pygame.TEXTINPUT:
            return
        if t == pygame.KEYDOWN:
            if self.help_open:
                self.help_open = False
                return
            action = self.keys.action(e.key, e.mod)
            if action is not None:
                self.held[e.key] = action
                self.act(action, e.key, getattr(e, "unicode", ""))
                return
            name = pygame.key.name(e.key)
            if self.branches_open and name in ROLL_KEYS:
                self._branch_key(name)
                return
            if self.roll_open and name in ROLL_KEYS:
                self._roll_key(name)
                return
        elif t == pygame.KEYUP:
            action = self.held.pop(e.key, None)
            if action is not None:
                self.dirty = True
                if action == "frame_advance" and e.key == self.advance_key:
                    self.advance_key = self.advance_since = None
                elif action == "fast_forward":
                    self.fast_forward = False
                    self.due = None
                return
            if (self.roll_open or self.branches_open) and pygame.key.name(e.key) in ROLL_KEYS:
                return
        elif t == pygame.MOUSEBUTTONDOWN and self.roll_open and e.button == 1 and self.display_to_canvas:
            self.click(*self.display_to_canvas(e.pos))
            return
        elif t == pygame.MOUSEWHEEL and self.roll_open:
            self.roll_move(-3 * e.y)
            return
        if self.reader is not None:
            self.reader.handle(e)

    # the window's mapping of a mouse point to the canvas (set by the window; a test gives its own)
    display_to_canvas: Callable[[tuple[int, int]], tuple[int, int]] | None = None

    def act(self, action: str, key: int | None = None, text: str = "") -> None:
        """Do a TAS action (``key``: the key that asked, ``text``: the character it types)."""
        tas = self.tas
        if action == "frame_advance":
            self.paused = True
            self.pending += 1
            self.advance_key, self.advance_since = key, None
        elif action == "pause":
            self.paused = not self.paused
            self.due = None
        elif action in ("slower", "faster"):
            self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + (1 if action == "slower" else -1)))
            self.due = None
            self.say(f"speed {self.speed}%")
        elif action == "fast_forward":
            self.fast_forward = True
        elif action == "read_only":
            tas.readonly = not tas.readonly
            self.say("read-only: loads keep the movie and play it on" if tas.readonly
                     else "recording: the pads write the movie from here")
        elif action == "roll":
            self.roll_open = not self.roll_open
            self.branches_open = False
            if self.roll_open:
                self.paused = True
                self.roll_at = max(1, tas.frame)
        elif action == "help":
            self.help_open = True
        elif action == "write":
            self.write()
        elif action == "marker":
            frame = self.roll_at if self.roll_open else tas.frame
            if frame in tas.markers:
                tas.mark(frame, "")
                self.say(f"marker at frame {frame:,} removed")
            elif frame >= 1:
                self.roll_at = frame
                self.note = ""
                self.note_skip = text       # the marker key's own character comes as text too: not the note's
                pygame.key.start_text_input()
        elif action == "branches":
            self.branches_open = not self.branches_open
            self.branch_at = min(self.branch_at, max(0, len(tas.branches) - 1))
            if self.branches_open:
                self.paused = True
        elif action.startswith("save_"):
            k = int(action[5:])
            tas.save(k)
            self.slot = k
            self.say(tas.message or f"slot {k} saved at frame {tas.frame:,}")
            tas.message = None
        elif action.startswith("load_"):
            k = int(action[5:])
            if tas.load(k):
                self.slot = k
                self.say(tas.message or f"slot {k} loaded: frame {tas.frame:,}")
                tas.message = None
                self.roll_at = max(1, tas.frame)
            else:
                self.take_message()

    def _note_event(self, e) -> None:
        if e.type == pygame.TEXTINPUT:
            if self.note_skip and e.text == self.note_skip:
                self.note_skip = ""
                return
            self.note = (self.note or "") + e.text
            return
        self.note_skip = ""
        name = pygame.key.name(e.key)
        if name in ("return", "enter"):
            text = (self.note or "").strip() or "marker"
            self.tas.mark(self.roll_at, text)
            self.say(f"marker at frame {self.roll_at:,}: {text}")
            self.note = None
            pygame.key.stop_text_input()
        elif name == "escape":
            self.note = None
            pygame.key.stop_text_input()
        elif name == "backspace":
            self.note = (self.note or "")[:-1]

    def _roll_key(self, name: str) -> None:
        lay = self.roll_layout()
        if name == "up":
            self.roll_move(-1)
        elif name == "down":
            self.roll_move(1)
        elif name == "page up":
            self.roll_move(-lay.rows)
        elif name == "page down":
            self.roll_move(lay.rows)
        elif name == "home":
            self.roll_move(-self.roll_at)
        elif name == "end":
            self.roll_move(max(len(self.tas.inputs), self.tas.frame) - self.roll_at)
        elif name in ("left", "right"):
            pads = lay.pads
            col = pads.index(self.roll_pad) * 12 + self.roll_button if self.roll_pad in pads else 0
            col = (col + (1 if name == "right" else -1)) % (12 * len(pads))
            self.roll_pad, self.roll_button = pads[col // 12], col % 12
        elif name == "space":
            self.toggle(self.roll_at, self.roll_pad, self.roll_button)
        elif name == "return":
            self.seek(self.roll_at)
        elif name == "escape":
            self.roll_open = False

    def _branch_key(self, name: str) -> None:
        n = len(self.tas.branches)
        if name in ("up", "down") and n:
            self.branch_at = (self.branch_at + (1 if name == "down" else -1)) % n
        elif name == "return" and n:
            self.tas.restore_branch(self.branch_at)
            self.say(self.tas.message or f"branch {self.branch_at + 1} restored: frame {self.tas.frame:,}")
            self.tas.message = None
            self.branches_open = False
            self.roll_at = max(1, self.tas.frame)
        elif name == "escape":
            self.branches_open = False

    def roll_move(self, by: int) -> None:
        self.roll_at = max(1, self.roll_at + by)

    def roll_layout(self) -> RollLayout:
        rows = RollLayout((0,), 1).rows
        if not self.roll_top <= self.roll_at < self.roll_top + rows:
            self.roll_top = max(1, self.roll_at - rows // 2)
        return RollLayout(shown_pads(self.tas, self.roll_top, rows), self.roll_top)

    def click(self, x: int, y: int) -> None:
        """A click on the canvas: a frame's number seeks there, a button's cell toggles it."""
        hit = self.roll_layout().hit(x, y)
        if hit is None:
            return
        kind, frame, pad, button = hit
        self.roll_at = frame
        if kind == "frame":
            self.seek(frame)
        else:
            self.roll_pad, self.roll_button = pad, button
            self.toggle(frame, pad, button)

    def toggle(self, frame: int, pad: int, button: int) -> None:
        tas = self.tas
        if not 1 <= frame <= len(tas.inputs):
            self.say(f"frame {frame:,} is past the movie's end (frame {len(tas.inputs):,}): "
                     f"advance to it first")
            return
        tas.toggle(frame, pad, button)
        on = "on" if tas.inputs[frame - 1].buttons[pad] >> button & 1 else "off"
        again = f"; ran again to frame {tas.frame:,}" if frame <= tas.frame else ""
        self.say(tas.message or f"frame {frame:,}: pad {pad + 1} {BUTTONS[button].title()} {on}{again}")
        tas.message = None

    def seek(self, frame: int) -> None:
        tas = self.tas
        frame = min(frame, len(tas.inputs))
        tas.seek(frame)
        self.say(tas.message or f"at frame {tas.frame:,}")
        tas.message = None

    def write(self) -> bool:
        try:
            self.tas.write(self.path)
        except (OSError, TdreamError) as e:
            problems = getattr(e, "problems", None) or [str(e)]
            self.say(f"not written: {problems[0]}")
            return False
        self.say(f"written: {os.path.basename(self.path)} ({len(self.tas.inputs):,} frames, "
                 f"{self.tas.rerecords} rerecords)")
        return True

    # ---------------------------------------------------------------- frames
    def tick(self, now: float) -> int:
        """Step what is due at ``now``: frame advance taps (one frame each, whatever the clock),
        frames at the speed chosen while running or frame advance is held, as many as fit in a
        picture's time while fast-forwarding. Returns the frames stepped."""
        self.now = now
        if self.message and now - self.message_at > MESSAGE_S:
            self.message = None
            self.dirty = True
        steps = 0
        if self.note is None:
            while self.pending and not self.fast_forward:
                self.pending -= 1
                if self.step_one():
                    steps += 1
            if self.advance_key is not None and self.advance_since is None:
                self.advance_since = now
            held = self.advance_since is not None and now - self.advance_since >= HOLD_S
            if self.fast_forward:
                self.pending = 0
                start = time.perf_counter()
                while steps < FF_MOST and time.perf_counter() - start < FF_BUDGET_S:
                    if not self.step_one(quiet=True):
                        break
                    steps += 1
            elif not self.paused or held:
                interval = FRAME_S * 100 / self.speed
                if self.due is None or now - self.due > 0.25:
                    self.due = now
                n = 0
                while now >= self.due and n < MAX_CATCH_UP:
                    self.due += interval
                    n += 1
                    if not self.step_one():
                        break
                    steps += 1
        if steps:
            self.dirty = True
            if self.roll_open:
                self.roll_at = max(1, self.tas.frame)
        if self._preview_at != self.tas.frame or steps or self.dirty:     # a load, an edit: the same frame anew
            self._preview_at = self.tas.frame
            self.preview = self.tas.press_preview()
        self.take_message()
        return steps

    def step_one(self, quiet: bool = False) -> bool:
        """One frame through the TAS (the live pads while recording); False (and paused) when it
        stepped none: the movie ran out in read-only, or the machine quit."""
        live = self.reader.frame() if self.reader is not None else PadFrame.idle()
        if not self.tas.advance(live):
            self.paused, self.fast_forward, self.pending = True, False, 0
            self.advance_key = self.advance_since = None
            self.take_message()
            return False
        machine = self.tas.machine
        if self.sound is not None and not quiet:
            for name in machine.sounds:
                self.sound.play(name)
        machine.splits.clear()
        return True

    def draw(self, canvas: pygame.Surface, picture: pygame.Surface) -> None:
        self.tas.machine.draw(picture)
        tas_view.draw(canvas, self.tas.machine.font, self, picture)
        self.dirty = False


def default_path(seed: int) -> str:
    """Where a TAS started without a file is written: the user's data folder, tas/."""
    import platformdirs  # the user's folders: only when one is read or written
    folder = os.path.join(platformdirs.user_data_dir("tdream"), "tas")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, time.strftime("%Y%m%d-%H%M%S") + f"-{seed}.tdm")


def open_tas(path: str, seed: int, settings, author: str = "") -> Tas:
    """The TAS of ``path``: opened when the file is there (FormatError on bad input), else new."""
    if os.path.exists(path):
        return Tas.open(path)
    return Tas(seed, settings, author=author)


def run_tas_window(path: str | None, settings, seed: int, author: str = "", fullscreen: bool = False,
                   scale: int | None = None, warning: str | None = None) -> int:
    """A TAS in a window until it is closed; the movie (and its ``.tas``) written on the way out.
    Returns the exit code (2: no window, or a movie that cannot be opened, in one line)."""
    why = window_problem()
    if why:
        print(f"tdream: {why}", file=sys.stderr)
        return 2
    path = path or default_path(seed)
    try:
        tas = open_tas(path, seed, settings, author)
    except TdreamError as e:
        for line in getattr(e, "problems", None) or [str(e)]:
            print(line, file=sys.stderr)
        return 2
    if warning:
        print(f"tdream: {warning}", file=sys.stderr)
    display = open_display(TasDisplay, settings, fullscreen, scale)
    if display is None:
        tas.close()
        return 2
    keys = TasKeys(settings.tas_keys)
    for clash in keys.clashes(settings.mappings):
        print(f"tdream: {clash}", file=sys.stderr)
    from .sound import Sound  # the window's alone: headless runs never load it
    reader = PadReader(settings.mappings)
    sound = Sound(settings.music, settings.sound)
    ui = TasWindow(tas, path, keys, reader, sound)
    ui.display_to_canvas = display.to_canvas
    print(f"tdream: TAS {'of ' + path if os.path.exists(path) else 'to be written to ' + path} "
          f"({keys.words('help')}: the keys)", file=sys.stderr)
    code = 0
    try:
        code = loop(ui, display)
    finally:
        if ui.tas.inputs or os.path.exists(path):
            if ui.write():
                print(f"tdream: {ui.message}: {path}", file=sys.stderr)
            else:
                print(f"tdream: {path}: {ui.message}", file=sys.stderr)
                code = 2
        sound.close()
        tas.close()
        display.close()
    return code


def loop(ui: TasWindow, display: TasDisplay) -> int:
    """The window's loop: events, the frames due, a picture when something changed."""
    canvas = pygame.Surface(CANVAS)
    picture = pygame.Surface((CANVAS[0] - tas_view.PANEL_W, CANVAS[1]))
    reader = ui.reader
    shown_at = 0.0
    while not ui.quit:
        for e in pygame.event.get():
            ui.handle(e)
        if reader is not None and reader.toggle_fullscreen:
            reader.toggle_fullscreen = False
            display.toggle_fullscreen()
            ui.dirty = True
        if reader is not None and (reader.quit or reader.exposed):
            ui.quit = ui.quit or reader.quit
            reader.exposed, ui.dirty = False, True
        now = time.perf_counter()
        ui.tick(now)
        machine = ui.tas.machine
        if ui.sound is not None:
            ui.sound.music(None if ui.paused and not ui.fast_forward else machine.song)
        if machine.settings_changed:             # the Options inside the TAS: the window follows, nothing saved
            machine.settings_changed = False
            display.resize()
            if ui.sound is not None:
                ui.sound.set_volumes(ui.tas.machine.settings.music, ui.tas.machine.settings.sound)
            ui.dirty = True
        if ui.dirty or now - shown_at > 1.0:
            ui.draw(canvas, picture)
            display.present(canvas)
            shown_at = now
        running = not ui.paused or ui.fast_forward or ui.advance_key is not None
        wait = (ui.due - time.perf_counter()) if running and ui.due is not None else 1 / 120
        if not ui.fast_forward and wait > 0.002:
            time.sleep(min(wait - 0.001, 1 / 60))
    return 0
