"""The machine: scenes on a stack, stepped once a logic frame by that frame's pad input.

``Machine.step(frame)`` is the whole of the game's logic for one frame and depends only on the
seed, the settings that change timing, and the pad states so far (FORMATS.md section 4): no
clock, no unseeded randomness. ``Machine.draw(surface)`` paints the 256x224 frame and changes
nothing. Scenes have ``enter``/``exit``/``handle``/``update``/``draw`` (Tuxemon's lifecycle);
only the top scene handles input and updates; scenes are drawn bottom-up from the last opaque one.
"""
from __future__ import annotations

import hashlib
import json

import pygame

from ..platform.session import Session
from ..rng import Rng, derive_seed
from .constants import ANIM_SPEEDS, DIM, GOLD, INK, PLAYER_COLOURS, TEXT_SPEEDS, WHITE, H, W, game_time
from .frontends import frontend_of
from .pads import Buttons, PadFrame
from .text import set_language


class Scene:
    opaque = True          # hides the scenes below it
    # Where the timer and the input display go on this screen (speedruns): a strip of 10 pixels
    # that grows from ``x`` ("right": leftwards, "left": rightwards), or a column down from
    # (x, y) right-aligned at x ("column": the timer, then a pad a row), placed where the screen
    # shows nothing a player needs (issue 14: never over a menu; issue 36: nor over a header,
    # a board's edge or what the text box tells).
    overlay_at: tuple[int, int, str] = (W - 2, 1, "right")
    # Where the timer goes when not in the same strip (x, y, align) (None: first in the strip)
    timer_at: tuple[int, int, str] | None = None
    # Y held fast-forwards animations (PRESENTATION.md); a scene whose game gives Y a meaning
    # of its own (an out-of-turn answer on Y) turns that off
    y_fast_forwards = True

    def hidden_pads(self, m: "Machine") -> int:
        """Pads whose buttons the input display must not show now (bit p: pad p+1): a secret
        answer being given on them, on a screen the other players see (issue 36)."""
        return 0

    def secret_pads(self, m: "Machine") -> int:
        """Pads answering in secret now (bit p: pad p+1): netplay seals what they answer with
        until every one of them has answered (FORMATS.md section 8). A secret answer is given
        with a press of A, and nothing else its pad does changes the state until then."""
        return 0

    def press_preview(self, m: "Machine") -> str | None:
        """The luck watch (issue 38, FORMATS.md section 4): in a few words, the chance outcome that
        A pressed on this frame would give (a die or reel a person stops: "A now: 7"), or None
        where no press decides one; the top scene's is the one that counts (only it reads the
        pads). Computed without changing anything: it reads the scene, never turns a spin or sets
        a field (the machine's ``state_hash`` is the same after it)."""
        return None

    def enter(self, m: "Machine") -> None:
        pass

    def exit(self, m: "Machine") -> None:
        pass

    def handle(self, m: "Machine", b: Buttons) -> None:
        pass

    def update(self, m: "Machine") -> None:
        pass

    def draw(self, m: "Machine", surface: pygame.Surface) -> None:
        pass


class Machine:
    def __init__(self, font, art, settings, seed: int = 0, setup=None, record_dir=None, record_path=None,
                 warning: str | None = None, records=None, today: str = "", home=None, movie: bool = False) -> None:
        self.font = font
        self.art = art
        self.settings = settings
        self.seed = seed
        self.matches = 0                           # new matches this sitting has started (their seeds: match_seed)
        self.buttons = Buttons()
        self.frame = 0
        self.cosmetic = Rng(seed ^ 0x5EED_C05E)     # sparkles and chatter: never outcomes
        self.stack: list[Scene] = []
        self.quit = False
        self.record_dir = record_dir
        self.record_path = record_path
        self.warning = warning
        self.notice: str | None = None             # the title's line on the compiled engine (the window's); not state
        self.shortfall: tuple[int, int] | None = None   # (scale chosen, scale shown) when the screen is too small; not state
        self.reader = None                         # the PadReader, when a real one runs (remap screen)
        self.records = records                     # the records database (issue 8), or None
        self.games_played: list[str] = []         # every game a table or demo started (movies' header)
        self.settings_changed = False              # a scene changed the settings: the window saves them
        self.tas_asked = False                     # Options > TAS tools: the window opens a TAS; not state
        self.today = today                         # the date games are recorded with (from outside: no clock)
        self.splits: list[tuple[str, str]] = []    # (start/split/end, in-game time): for LiveSplit; not state
        self.sounds: list[str] = []                # effects to play this frame (sound.EFFECTS); not state
        self.song: str | None = None               # the music loop wanted now (sound.MUSIC); not state
        self.home_factory = home                   # the title's scene, made anew each time
        self.jobs: list = []                       # background work (analyses), first come first: the first's
        #                                            ``step(machine)`` a frame until it returns True; state
        self.movie = movie                         # a movie records or plays: the user folders are its own
        #                                            blank ones (FORMATS.md section 4)
        set_language(settings.language)            # a table made now tells its first lines in it
        if setup is not None:                      # a match straight away: the game's own table
            if setup.resume is None and setup.replay is None and setup.scenario is None and setup.mode != "demo":
                self.match_started()               # a new one (tdream play --game): it played match_seed
            self.push(frontend_of(setup.gamedef.id).table_scene(setup))
        else:
            self.home()

    # ---------------------------------------------------------------- timing (settings, never outcomes)
    def text_frames(self) -> float:
        return TEXT_SPEEDS[self.settings.text_speed]

    def anim(self, frames: int, cpu: bool = False) -> int:
        """How many frames an animation of ``frames`` takes now (speed setting, Y held, CPU skip)."""
        k = ANIM_SPEEDS[self.settings.anim_speed]
        if cpu and self.settings.skip_cpu:
            k *= 0.25
        return max(1, int(frames * k))

    def fast(self) -> bool:
        """Y held on any pad: fast-forward (unless the scene on top gives Y another meaning)."""
        if self.stack and not self.stack[-1].y_fast_forwards:
            return False
        return self.buttons.held_any(1 << 7)

    # ---------------------------------------------------------------- the matches of a sitting
    @property
    def match_seed(self) -> int:
        """The seed of the next new match this sitting starts (issue 21): the first plays the
        machine's seed itself, the k-th after it ``derive_seed(seed, k)``. A set-up screen draws its
        random line-up and makes its match with it; demos, resumed games, scenarios and watched
        records have seeds of their own."""
        return self.seed if self.matches == 0 else derive_seed(self.seed, self.matches)

    def match_started(self) -> None:
        """A new match's table starts (a set-up screen, the campaign, ``tdream play --game``): the
        next one plays the next seed. Counted here, not when a set-up screen opens, so going back
        out of one uses up no seed."""
        self.matches += 1

    # ---------------------------------------------------------------- the stack
    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter(self)

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.exit(self)
        if not self.stack:
            self.quit = True
        return scene

    def replace(self, scene: Scene) -> None:
        old = self.stack.pop()
        old.exit(self)
        self.push(scene)

    def home_scene(self) -> Scene:
        """The title, where every session starts and ends (given by the one who made the
        machine: the machine imports no scene)."""
        return self.home_factory()

    def home(self) -> None:
        """Back to the title, on top of whatever is left."""
        self.push(self.home_scene())

    def reset(self, scene: Scene) -> None:
        self.close()
        self.quit = False
        self.push(scene)

    def close(self) -> None:
        """Every scene exits (a game's record is closed): the machine is done."""
        while self.stack:
            self.stack.pop().exit(self)
        self.quit = True

    # ---------------------------------------------------------------- one frame
    def step(self, frame: PadFrame) -> None:
        set_language(self.settings.language)
        self.sounds.clear()
        self.buttons.feed(frame)
        top = self.top
        top.handle(self, self.buttons)
        if self.stack and self.stack[-1] is top:
            top.update(self)
        elif self.stack:
            self.stack[-1].update(self)
        if self.jobs and self.jobs[0].step(self):  # whatever screen shows: a fixed share a frame, no clock
            self.jobs.pop(0)
        self.frame += 1

    def secret_pads(self) -> int:
        """Every scene's ``secret_pads`` (netplay's sealed answers)."""
        mask = 0
        for scene in self.stack:
            mask |= scene.secret_pads(self)
        return mask

    def sound(self, name: str) -> None:
        """Ask for a sound effect (the window plays it; headless runs drop it)."""
        if len(self.sounds) < 16:
            self.sounds.append(name)

    def split(self, kind: str) -> None:
        self.splits.append((kind, game_time(self.frame)))

    # ---------------------------------------------------------------- the state, hashed
    def state_hash(self) -> str:
        """sha256 of everything the logic holds (movies' checkpoints and end): the frame count,
        the pads' held buttons, the matches started, and every scene's plain data (a game by its
        fingerprint).

        An attribute whose name starts with ``_`` is a cache of drawing (pictures, text laid out),
        never state: drawing may fill those and nothing else, so that a movie recorded in a window
        (drawing whenever the display can) verifies headless (never drawing)."""
        data = {"frame": self.frame, "held": self.buttons.held, "quit": self.quit, "matches": self.matches,
                "scenes": [[type(sc).__name__, _plain(sc, 0)] for sc in self.stack]}
        if self.jobs:                              # (only then: a sitting without any hashes as before)
            data["jobs"] = [_plain(job, 0) for job in self.jobs]
        return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def draw(self, surface: pygame.Surface) -> None:
        set_language(self.settings.language)
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(self, surface)
        if self.settings.timer or self.settings.input_display:
            top = self.stack[-1] if self.stack else Scene()
            x, y, align = top.overlay_at
            if top.timer_at is not None:         # the timer apart, the pads in the strip
                if self.settings.timer:
                    tx, ty, talign = top.timer_at
                    self.draw_timer(surface, tx, ty, talign)
                if self.settings.input_display:
                    self.draw_inputs(surface, x, y, align)
                return
            if align == "column":               # stacked down from (x, y), right-aligned at x
                if self.settings.timer:
                    self.draw_timer(surface, x, y, "right")
                    y += 11
                if self.settings.input_display:
                    self.draw_inputs(surface, x, y, "column")
                return
            step = -1 if align == "right" else 1
            if self.settings.timer:
                x += step * (self.draw_timer(surface, x, y, align) + 3)
            if self.settings.input_display:
                self.draw_inputs(surface, x, y, align)

    def draw_timer(self, surface: pygame.Surface, x: int, y: int, align: str) -> int:
        """The in-game timer (speedruns): time from power on, h:mm:ss.ff; returns its width."""
        text = game_time(self.frame)
        w = self.font.width(text, "small") + 4
        left = x - w if align == "right" else x
        pygame.draw.rect(surface, INK, (left, y - 1, w, 10))
        self.font.draw(surface, text, left + 2, y, GOLD, "small")
        return w

    def draw_inputs(self, surface: pygame.Surface, x: int, y: int, align: str) -> None:
        """Each connected pad's buttons this frame: a small pad, lit where pressed."""
        pads = [p for p in range(4) if self.buttons.connected >> p & 1]
        hidden = 0                               # any scene's secret (a pause menu over the picks too)
        for scene in self.stack:
            hidden |= scene.hidden_pads(self)
        for i, p in enumerate(pads):
            x0 = x - (len(pads) - i) * 30 if align == "right" else x - 28 if align == "column" else x + i * 30
            px, py = x0, y - 1 + (12 * i if align == "column" else 0)
            held = 0 if hidden >> p & 1 else self.buttons.held[p]
            pygame.draw.rect(surface, INK, (px, py, 28, 11))
            pygame.draw.rect(surface, PLAYER_COLOURS[p], (px, py, 28, 11), 1)
            spots = ((4, 2), (4, 8), (1, 5), (7, 5), (24, 5), (21, 8), (21, 2), (18, 5), (3, 0), (24, 0), (14, 6),
                     (11, 6))
            for k, (dx, dy) in enumerate(spots):
                colour = WHITE if held >> k & 1 else DIM
                pygame.draw.rect(surface, colour, (px + dx, py + dy + (1 if k < 8 else 0), 2, 2))


def _plain(value, depth: int):
    """Plain data of a scene's state: numbers, text, lists and dicts of them, the front end's own
    small objects (scenes, menus, text boxes, prompts, beats) field by field without their ``_``
    caches, a match by its fingerprint; pictures and services (font, art, views) are left out, and
    so is what a game's class marks ``hashed = False`` (a view of the match, drawn, never state)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return round(value, 6)
    if depth > 4:
        return None
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    fingerprint = getattr(value, "fingerprint", None)
    if fingerprint is not None and hasattr(value, "awaiting"):
        return fingerprint()
    if isinstance(value, Session):                  # the drive loop: its match, and how far it has got
        return {"match": value.match.fingerprint(), "inputs": value.inputs}
    module = type(value).__module__
    if (module.startswith("tdream.frontend") or ".frontend." in module) and hasattr(value, "__dict__") \
            and not module.endswith(("art", "font", "display")) and getattr(type(value), "hashed", True):
        return {k: _plain(v, depth + 1) for k, v in vars(value).items() if not k.startswith("_")}
    return None

