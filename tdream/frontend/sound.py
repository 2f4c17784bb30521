"""Chip sound made by code: the voices, the shell's effects and music loops (PRESENTATION.md
"Sound"), and the banks that gather every game's own.

Everything is synthesized with numpy, nothing is loaded or downloaded: pulse waves with a duty
cycle (12.5, 25, 50 %), a 4-bit stepped triangle for bass, sample-and-hold noise for percussion,
each note shaped by a short attack/decay/sustain/release envelope, with vibrato, pitch bends and an
SFC-style echo where they help. A gentle Gaussian low-pass stands in for the SFC's sample
interpolation. The melodies are our own, written below as note grids; the effects are parts placed
in time, written as data (``sounds.yaml``, read by ``load_bank``; a game's bank uses ``effects_of`` too).

The voices (``tone``, ``noise``, ``kick``, ``snare``, ``hat``, ``crash``, placed on a ``Mix``) are
for the games too: a game's front-end module may give the shell a ``Bank`` of its own effects and
loops (``sound_bank()``, made in its folder). All names share one namespace, so the logic asks for
a sound by name alone (``Machine.sound(name)``, ``Machine.song``); a name taken twice is refused.

``synth_effect`` and ``synth_music`` are pure functions of the name and the sample rate (the noise
comes from fixed seeds) and return mono float32 in [-1, 1]. A music loop is rendered on a circular
buffer (notes that ring past the end continue at the start), so it repeats with no seam.

``Sound`` plays them through pygame.mixer at the rate, sample format and channel count the mixer
actually has (we ask for the SFC's 32 kHz, 16-bit stereo). Each sound is synthesized on first use
and cached. With no audio device the mixer fails to start and ``Sound`` is silent: every method is
a no-op that never raises. Sound never changes the game.
"""
from __future__ import annotations

import contextlib
import functools
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

import numpy as np
import pygame

from ..errors import DataError
from ..yamlio import Problems, Schema, read_yaml
from .frontends import frontends


@contextlib.contextmanager
def _quiet_stderr():
    """Silence the C libraries' own messages (file descriptor 2) while the mixer starts."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


MIXER_RATE = 32000                  # the SFC's DSP runs at 32 kHz
MUSIC_PEAK = 0.55                   # loops sit under the effects
LOWPASS_HZ = 6500.0                 # -3 dB point of the Gaussian smoothing (SFC interpolation is soft)
EFFECT_CHANNELS = 6                 # effects may overlap this many deep
FADE_MS = 2.0                       # the fade at both ends of an effect

Signal = np.ndarray


# --- notes -------------------------------------------------------------------------------------

_STEPS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
_NOTE = r"[A-G](#|b)?[0-9]"            # a note name effects_of takes


def _midi(note: str) -> int:
    """MIDI number of a note name such as ``C5``, ``F#4`` or ``Bb3`` (A4 = 69 = 440 Hz)."""
    acc = note[1:-1]
    return 12 * (int(note[-1]) + 1) + _STEPS[note[0]] + acc.count("#") - acc.count("b")


def _hz(note: str | int) -> float:
    m = _midi(note) if isinstance(note, str) else note
    return 440.0 * 2.0 ** ((m - 69) / 12)


# --- oscillators and envelopes -----------------------------------------------------------------

def _envelope(rate: int, dur: float, a: float, d: float, s: float, r: float) -> Signal:
    """Attack ``a`` s, exponential decay (time constant ``d``) to level ``s``, held for ``dur`` s,
    then a linear release of ``r`` s to exactly zero."""
    n = max(1, int(round((dur + r) * rate)))
    t = np.arange(n) / rate
    env = np.minimum(t / max(a, 1.0 / rate), 1.0) * (s + (1.0 - s) * np.exp(-t / max(d, 1e-4)))
    env *= np.clip(1.0 - (t - dur) / max(r, 1.0 / rate), 0.0, 1.0)
    return env


def _phase(rate: int, hz: float, n: int, bend: float = 0.0, bend_time: float = 0.0, vib: float = 0.0,
           vib_hz: float = 5.5, vib_delay: float = 0.12) -> Signal:
    """Oscillator phase in cycles: a steady pitch, or one that bends ``bend`` semitones over
    ``bend_time`` s and/or wobbles ``vib`` semitones after ``vib_delay`` s."""
    t = np.arange(n) / rate
    if not bend and not vib:
        return hz * t
    semis = np.zeros(n)
    if bend:
        semis += bend * np.clip(t / max(bend_time, 1e-4), 0.0, 1.0)
    if vib:
        semis += vib * np.sin(2 * np.pi * vib_hz * t) * np.clip((t - vib_delay) / 0.1, 0.0, 1.0)
    return np.cumsum(hz * 2.0 ** (semis / 12)) / rate


def _pulse(phase: Signal, duty: float) -> Signal:
    # Without the DC offset (2 * duty - 1) a narrow pulse would thump at note edges.
    return np.where(phase % 1.0 < duty, 1.0, -1.0) - (2 * duty - 1)


def _triangle(phase: Signal) -> Signal:
    tri = 1.0 - 4.0 * np.abs((phase % 1.0) - 0.5)           # -1..1
    return np.round((tri + 1.0) * 7.5) / 7.5 - 1.0           # 16 steps, like a chip's triangle


def tone(rate: int, note: str | int | float, dur: float, wave: str = "pulse", duty: float = 0.5,
          a: float = 0.003, d: float = 0.2, s: float = 0.6, r: float = 0.03, **mod) -> Signal:
    """One note: ``note`` is a name, a MIDI number (int) or a frequency in Hz (float)."""
    hz = note if isinstance(note, float) else _hz(note)
    env = _envelope(rate, dur, a, d, s, r)
    ph = _phase(rate, hz, len(env), **mod)
    osc = _triangle(ph) if wave == "triangle" else _pulse(ph, duty)
    return osc * env


def noise(rate: int, dur: float, clock: float | tuple[float, float], seed: int, a: float = 0.001,
           d: float = 0.05, s: float = 0.0, r: float = 0.01, bright: bool = False) -> Signal:
    """Sample-and-hold noise: a new random level ``clock`` times a second (a (start, end) pair
    sweeps it); ``bright`` takes the difference of successive samples (a crude high-pass)."""
    env = _envelope(rate, dur, a, d, s, r)
    n = len(env)
    steps: np.ndarray
    if isinstance(clock, tuple):
        steps = np.cumsum(np.linspace(clock[0], clock[1], n)) / rate
    else:
        steps = np.arange(n) * (clock / rate)
    idx = steps.astype(np.int64)
    levels = np.random.default_rng(seed).uniform(-1.0, 1.0, int(idx[-1]) + 2)
    sig = levels[idx]
    if bright:
        sig = np.diff(sig, prepend=sig[0]) * 0.7
    return sig * env


def kick(rate: int, seed: int = 0) -> Signal:
    """A triangle thump sweeping from about 165 Hz down to 45 Hz, with a click of noise."""
    env = _envelope(rate, 0.11, 0.001, 0.05, 0.0, 0.03)
    t = np.arange(len(env)) / rate
    ph = np.cumsum(45.0 + 120.0 * np.exp(-t / 0.025)) / rate
    out = (1.0 - 4.0 * np.abs((ph % 1.0) - 0.5)) * env
    click = noise(rate, 0.02, 6000.0, seed, d=0.006, r=0.005)
    out[:len(click)] += 0.25 * click
    return out


def snare(rate: int, seed: int = 1) -> Signal:
    hit = noise(rate, 0.1, 9000.0, seed, d=0.05, r=0.03)
    body = tone(rate, 190.0, 0.04, "triangle", d=0.02, s=0.0, r=0.01)
    hit[:len(body)] += 0.5 * body
    return hit


def hat(rate: int, seed: int = 2) -> Signal:
    return noise(rate, 0.03, float(rate), seed, d=0.012, r=0.01, bright=True)


def crash(rate: int, seed: int = 3) -> Signal:
    return noise(rate, 0.6, float(rate), seed, d=0.25, r=0.2, bright=True)


# --- mixing ------------------------------------------------------------------------------------

class Mix:
    """Signals placed at times; ``loop`` (seconds) makes a circular buffer of that length."""

    def __init__(self, rate: int, loop: float | None = None) -> None:
        self.rate = rate
        self.parts: list[tuple[int, Signal]] = []
        self.loop_n = int(round(loop * rate)) if loop else 0

    def add(self, at: float, sig: Signal, gain: float = 1.0) -> None:
        self.parts.append((int(round(at * self.rate)), sig * gain))

    def echo(self, delay: float, feedback: float, taps: int = 2) -> None:
        """The SFC's echo, crudely: fading copies of everything placed so far."""
        base = list(self.parts)
        for k in range(1, taps + 1):
            shift = int(round(k * delay * self.rate))
            self.parts += [(i + shift, sig * feedback ** k) for i, sig in base]

    def render(self) -> Signal:
        if self.loop_n:
            out = np.zeros(self.loop_n)
            for start, sig in self.parts:
                pos, rest = start % self.loop_n, sig
                while len(rest):                      # wrap the tail around to the start
                    take = min(len(rest), self.loop_n - pos)
                    out[pos:pos + take] += rest[:take]
                    rest, pos = rest[take:], 0
            return out
        end = max(start + len(sig) for start, sig in self.parts)
        out = np.zeros(end)
        for start, sig in self.parts:
            out[start:start + len(sig)] += sig
        return out


def _lowpass(x: Signal, rate: int, circular: bool) -> Signal:
    sigma = 0.1325 / LOWPASS_HZ * rate                   # Gaussian: -3 dB at LOWPASS_HZ
    half = max(1, int(np.ceil(3 * sigma)))
    k = np.exp(-0.5 * (np.arange(-half, half + 1) / sigma) ** 2)
    k /= k.sum()
    if circular:
        return np.convolve(np.concatenate([x[-half:], x, x[:half]]), k, mode="valid")
    return np.convolve(x, k, mode="same")


def _finish(x: Signal, rate: int, peak: float, loop: bool) -> Signal:
    x = _lowpass(x, rate, circular=loop)
    if loop:
        x = x - x.mean()
    else:
        f = min(len(x) // 2, max(1, int(FADE_MS / 1000 * rate)))
        ramp = np.linspace(0.0, 1.0, f)
        x[:f] *= ramp
        x[-f:] *= ramp[::-1]
    top = float(np.max(np.abs(x)))
    if top > 0:
        x = x * (peak / top)
    return x.astype(np.float32)


# --- effects written as data ------------------------------------------------------------------
# A bank's effects may be data (a YAML file, ``load_bank``, or a table in a game's code,
# ``effects_of``): each effect its loudness (``peak``), its parts placed on a ``Mix`` in order, and
# an ``echo`` over them all::
#
#   format: tdream-sounds
#   version: 1
#   effects:
#     select:
#       peak: 0.45
#       echo: [0.09, 0.35]                     # Mix.echo(delay, feedback), when it has one
#       parts:
#         - {tone: E6, dur: 0.04, duty: 0.25, d: 0.05, s: 0.6, r: 0.005}
#         - {at: 0.045, tone: A6, dur: 0.05, duty: 0.25, d: 0.03, s: 0.2, r: 0.025}
#
# A part is one voice: ``tone`` (a note, its ``tone`` keywords beside it), ``noise`` (its clock, or
# a [start, end] sweep; ``noise`` keywords beside it), ``hit`` (``kick`` or ``crash``) or ``silence``
# (seconds of it, to pad an effect to its length), at ``at`` seconds, times ``gain``. A list of notes
# (or ``count`` noises, the seed one up each time, or hits) is a run, note i at ``at + i * every``.

_PART = {"tone": ("dur", "wave", "duty", "a", "d", "s", "r", "bend", "bend_time", "vib", "vib_hz", "vib_delay"),
         "noise": ("dur", "seed", "a", "d", "s", "r", "bright", "count"), "hit": ("count",), "silence": ()}
_HITS: dict[str, Callable[[int], Signal]] = {"kick": kick, "snare": snare, "crash": crash}
_GRIDS = ("lead", "chords", "bass", "drums")
_SONG = ("bpm", "lead_duty", "lead_gain", "arp_gain", "bass_gain", "drum_gain", "echo", "arp") + _GRIDS


def _part_signals(rate: int, part: Mapping) -> list[tuple[float, Signal]]:
    """A part's signals at ``rate``, each with its time: one, or a run's."""
    kw = {k: v for k, v in part.items() if k not in ("at", "every", "gain", "count", "tone", "noise", "hit", "silence")}
    at, every = part.get("at", 0), part.get("every", 0)
    if "tone" in part:
        notes = part["tone"] if isinstance(part["tone"], list) else [part["tone"]]
        return [(at + i * every, tone(rate, note, **kw)) for i, note in enumerate(notes)]
    if "noise" in part:
        clock = tuple(part["noise"]) if isinstance(part["noise"], list) else part["noise"]
        seed = kw.pop("seed")
        return [(at + i * every, noise(rate, clock=clock, seed=seed + i, **kw)) for i in range(part.get("count", 1))]
    if "hit" in part:
        return [(at + i * every, _HITS[part["hit"]](rate)) for i in range(part.get("count", 1))]
    return [(at, np.zeros(int(part["silence"] * rate)))]


def _score(parts: list, echo: list | None) -> Callable[[int], Mix]:
    """The maker of an effect written as data (``effects_of``)."""
    def make(rate: int) -> Mix:
        m = Mix(rate)
        for part in parts:
            for at, sig in _part_signals(rate, part):
                m.add(at, sig, part.get("gain", 1.0))
        if echo:
            m.echo(*echo)
        return m
    return make


def load_bank(path, makers: Mapping[str, Callable[[int], Mix]] | None = None) -> Bank:
    """The effects (``effects_of``, in the file's order) and music loops (``songs``: each as
    ``synth_music`` reads it) of a ``tdream-sounds`` file (above). Raises DataError naming the
    file, line and problem."""
    data = read_yaml(path, DataError)
    probs = Problems(str(path), DataError)
    schema = Schema(probs)
    if not schema.mapping(data, "", required=("format", "version", "effects"), optional=("songs",)):
        probs.raise_if_any()
    if data["format"] != "tdream-sounds" or data["version"] != 1:
        probs.at(data, "format", "format", "must be tdream-sounds, version 1")
    songs = data.get("songs", {})
    for name, song in songs.items():
        if not schema.mapping(song, f"songs.{name}", required=_SONG, parent=songs, key=name):
            continue
        for k in _SONG:
            want, words = (list, "a list") if k == "arp" else (str, "text") if k in _GRIDS else ((int, float), "a number")
            if not isinstance(song[k], want):
                probs.at(song, k, f"songs.{name}.{k}", f"must be {words}")
    probs.raise_if_any()
    return Bank(effects_of(data["effects"], str(path), makers), dict(songs))


def effects_of(effects: Mapping, where: str, makers: Mapping[str, Callable[[int], Mix]] | None = None) -> dict:
    """``effects`` (each effect's name to its ``peak`` and ``parts``, and ``echo`` where it has one:
    a ``tdream-sounds`` file's, or a table written so in a game's code), each (maker, peak) as a
    ``Bank`` holds them; an effect with no ``parts`` is made by ``makers[name]`` (one made by code,
    a rattle of random clicks). Raises DataError naming ``where`` (and the line, read from a file),
    the effect and the problem."""
    probs = Problems(where, DataError)
    schema = Schema(probs)
    out: dict = {}
    makers = makers or {}
    if not isinstance(effects, Mapping):
        probs.add(0, "effects", "must map each effect's name to it")
        probs.raise_if_any()
    for name, node in effects.items():
        path = f"effects.{name}"
        if not schema.mapping(node, path, required=("peak",), optional=("parts", "echo"), parent=effects, key=name):
            continue
        if not isinstance(node["peak"], float) or not 0 < node["peak"] <= 1:
            probs.at(node, "peak", f"{path}.peak", "must be a loudness above 0.0, at most 1.0")
        if "parts" not in node:
            if name not in makers:
                probs.at(effects, name, path, "has no parts, and no code makes it")
            out[name] = (makers.get(name), node["peak"])
            continue
        if not schema.sequence(node, "parts", f"{path}.parts"):
            continue
        for i, part in enumerate(node["parts"]):
            voices = [k for k in _PART if isinstance(part, Mapping) and k in part]
            at = f"{path}.parts[{i}]"
            if len(voices) != 1:
                probs.at(node["parts"], i, at, f"needs one voice of {', '.join(_PART)}")
            elif schema.mapping(part, at, required=(voices[0],), optional=("at", "every", "gain") + _PART[voices[0]]):
                if voices[0] == "tone":
                    bad = [n for n in (part["tone"] if isinstance(part["tone"], list) else [part["tone"]])
                           if not isinstance(n, str) or not re.fullmatch(_NOTE, n)]
                    if bad:
                        probs.at(part, "tone", f"{at}.tone", f"{bad[0]!r} is not a note (C5, F#4, Bb3)")
                if voices[0] == "hit" and part["hit"] not in _HITS:
                    probs.at(part, "hit", f"{at}.hit", f"is not one of {', '.join(_HITS)}")
        out[name] = (_score(node["parts"], node.get("echo")), node["peak"])
    probs.raise_if_any()
    return out


@dataclass(frozen=True)
class Bank:
    """Sounds by name: effects (name -> (maker, peak): the maker builds a ``Mix`` at a sample
    rate, the peak is its loudness) and music loops (name -> a song in the ``SONGS`` format).
    The shell has one (``SHARED``); a game's front-end module may add its own (``sound_bank()``)."""
    effects: Mapping[str, tuple[Callable[[int], Mix], float]] = field(default_factory=dict)
    songs: Mapping[str, dict] = field(default_factory=dict)


def synth_effect(name: str, rate: int) -> np.ndarray:
    """The sound effect ``name`` (the shell's or a game's) at ``rate`` Hz: mono float32 in [-1, 1].

    Raises KeyError for an unknown name, ValueError for a rate below 8000 Hz."""
    effects = _all_sounds().effects
    if name not in effects:
        raise KeyError(f"no sound effect {name!r} (effects: {', '.join(effects)})")
    _check_rate(rate)
    make, peak = effects[name]
    return _finish(make(rate).render(), rate, peak, loop=False)


def _check_rate(rate: int) -> None:
    if not isinstance(rate, (int, np.integer)) or rate < 8000:
        raise ValueError(f"sample rate {rate!r} Hz: need a whole number of at least 8000")


# --- music -------------------------------------------------------------------------------------
# A song (``sounds.yaml``'s ``songs``: its numbers, bpm and each part's gain and duty, and its grids)
# is a loop of whole bars in 4/4. The lead is a grid of eighth notes: a note name starts a
# note, "." holds it, "-" is a rest, "|" marks a bar (ignored). The chords (two a bar) give the
# bass (``bass``: one token per eighth, R root, 5 fifth, O octave, "." hold, "-" rest) and the
# arpeggio (``arp``: chord-tone indexes, one per sixteenth). ``drums`` is one bar of sixteenths:
# k kick, s snare, h hat, "." nothing.

_CHORDS = {"": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10), "m7": (0, 3, 7, 10), "maj7": (0, 4, 7, 11)}

_ROOTS = {n: _STEPS[n[0]] + n[1:].count("#") - n[1:].count("b")
          for n in ("C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B")}


def _chord(name: str) -> tuple[int, tuple[int, ...]]:
    """Root pitch class and intervals of a chord symbol such as ``Am``, ``E7`` or ``Bb``."""
    root = name[:2] if len(name) > 1 and name[1] in "#b" else name[:1]
    return _ROOTS[root], _CHORDS[name[len(root):]]


def _grid(text: str) -> list[tuple[int, int, str]]:
    """(start step, length in steps, note) for each note of a lead grid."""
    notes: list[list] = []
    step = 0
    for tok in text.replace("|", " ").split():
        if tok == ".":
            if notes and notes[-1][0] + notes[-1][1] == step:
                notes[-1][1] += 1
        elif tok != "-":
            notes.append([step, 1, tok])
        step += 1
    return [(s, n, note) for s, n, note in notes] + [(step, 0, "")]   # a sentinel with the total


def synth_music(name: str, rate: int) -> np.ndarray:
    """The music loop ``name`` (the shell's or a game's) at ``rate`` Hz: mono float32 in [-1, 1], a
    whole number of bars long, which repeats seamlessly. Raises KeyError for an unknown name."""
    songs = _all_sounds().songs
    if name not in songs:
        raise KeyError(f"no music {name!r} (music: {', '.join(songs)})")
    _check_rate(rate)
    song = songs[name]
    beat = 60.0 / song["bpm"]
    eighth, sixteenth = beat / 2, beat / 4
    *lead, (total, _, _) = _grid(song["lead"])
    chords = song["chords"].split()
    if total != len(chords) * 4:
        raise ValueError(f"music {name!r}: the lead has {total} eighths, the chords {len(chords) * 4}")
    m = Mix(rate, loop=total * eighth)

    for step, length, note in lead:
        dur = length * eighth - 0.02
        m.add(step * eighth, tone(rate, note, dur, duty=song["lead_duty"], d=0.25, s=0.55, r=0.05,
                                  vib=0.2 if length >= 3 else 0.0), song["lead_gain"])
    if song["echo"]:
        m.echo(3 * sixteenth, song["echo"])

    for c, symbol in enumerate(chords):                       # each chord lasts half a bar
        root, ivs = _chord(symbol)
        at = c * 2 * beat
        bass_root = 48 + root if root <= 3 else 36 + root     # keep the root between E2 and Eb3
        pitch = {"R": bass_root, "5": bass_root + 7, "O": bass_root + 12}
        *bass, _ = _grid(" ".join(str(pitch[t]) if t in pitch else t for t in song["bass"]))
        for step, length, midi in bass:
            m.add(at + step * eighth, tone(rate, int(midi), length * eighth * 0.8, "triangle", d=0.3, s=0.7,
                                           r=0.03), song["bass_gain"])
        for k in range(8):
            midi = 60 + root + ivs[song["arp"][k % len(song["arp"])] % len(ivs)]
            m.add(at + k * sixteenth, tone(rate, midi + (12 if midi < 64 else 0), sixteenth * 0.6, duty=0.125,
                                           d=0.04, s=0.2, r=0.02), song["arp_gain"])

    hits = {"k": (kick(rate), 1.0), "s": (snare(rate), 0.7), "h": (hat(rate), 0.35)}
    bar = 8 * eighth
    for b in range(total // 8):
        for k, ch in enumerate(song["drums"]):
            if ch in hits:
                sig, gain = hits[ch]
                m.add(b * bar + k * sixteenth, sig, gain * song["drum_gain"])
    return _finish(m.render(), rate, MUSIC_PEAK, loop=True)


# --- the banks ---------------------------------------------------------------------------------

SHARED = load_bank(Path(__file__).with_name("sounds.yaml"))
SONGS = SHARED.songs
EFFECTS = tuple(SHARED.effects)         # the shell's own; effect_names() adds the games'
MUSIC = tuple(SHARED.songs)


def game_banks() -> dict[str, Bank]:
    """Each game's own sounds (its front end's ``sound_bank()``), by game id; games without sounds
    of their own (the default) are left out."""
    banks = {gid: front.sound_bank() for gid, front in frontends().items()}
    return {gid: bank for gid, bank in banks.items() if bank is not None}


@functools.lru_cache(maxsize=1)
def _all_sounds() -> Bank:
    """The shell's sounds and every game's in one namespace: ``Machine.sound(name)`` names no game.
    Raises ValueError when a game's name is taken already (a bug of that game's bank)."""
    effects, songs = dict(SHARED.effects), dict(SHARED.songs)

    def add(gid: str, kind: str, mine: dict, theirs: Mapping) -> None:
        for name, value in theirs.items():
            if name in mine:
                raise ValueError(f"{gid}: sound {kind} {name!r} is already the shell's or another game's")
            mine[name] = value
    for gid, bank in game_banks().items():
        add(gid, "effect", effects, bank.effects)
        add(gid, "music", songs, bank.songs)
    return Bank(effects, songs)


def effect_names() -> tuple[str, ...]:
    """Every sound effect: the shell's, then each game's in registry order."""
    return tuple(_all_sounds().effects)


def music_names() -> tuple[str, ...]:
    """Every music loop: the shell's, then each game's in registry order."""
    return tuple(_all_sounds().songs)


# --- playback ----------------------------------------------------------------------------------

def _level(volume: int) -> float:
    return min(10, max(0, int(volume))) / 10.0


class Sound:
    """Effects and music through pygame.mixer; silent (and never raising) with no audio device.

    Two reserved channels carry the music (one fades out while the other starts), the rest the
    effects. Volumes are 0-10 (settings), applied as channel volumes 0.0-1.0."""

    def __init__(self, music_volume: int = 6, sound_volume: int = 8) -> None:
        self.enabled = False
        self.music_level = _level(music_volume)
        self.sound_level = _level(sound_volume)
        self.current: str | None = None            # the music playing, if any
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._music_channels: list[pygame.mixer.Channel] = []
        self._effect_channels: list[pygame.mixer.Channel] = []
        self._next_effect = 0                        # the channel to take when all are busy
        self._music_index = 0
        self._owns_mixer = False
        self._format: tuple[int, int, int] | None = None
        try:
            was_running = pygame.mixer.get_init() is not None
            with _quiet_stderr():       # a machine without sound: ALSA prints its search to stderr
                pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=2, buffer=512)
            self._format = pygame.mixer.get_init()
            if self._format is None:
                return
            self._owns_mixer = not was_running
            pygame.mixer.set_num_channels(2 + EFFECT_CHANNELS)
            pygame.mixer.set_reserved(2)
            self._music_channels = [pygame.mixer.Channel(0), pygame.mixer.Channel(1)]
            self._effect_channels = [pygame.mixer.Channel(2 + i) for i in range(EFFECT_CHANNELS)]
        except (pygame.error, OSError, NotImplementedError):
            return
        self.enabled = True

    @property
    def rate(self) -> int:
        return self._format[0] if self._format else 0

    def _sound(self, name: str, loop: bool) -> pygame.mixer.Sound:
        key = ("music:" if loop else "") + name
        if key not in self._cache:
            if self._format is None:
                raise RuntimeError("no mixer: sounds play only while the sound is on")
            rate, size, channels = self._format
            mono = synth_music(name, rate) if loop else synth_effect(name, rate)
            self._cache[key] = pygame.mixer.Sound(buffer=_pcm(mono, size, channels))
        return self._cache[key]

    def play(self, name: str) -> None:
        """Play the effect ``name`` once, over whatever else is playing; unknown names are ignored."""
        if not self.enabled or name not in _all_sounds().effects or self.sound_level == 0:
            return
        try:
            # A free effect channel, else the one after the last we took (round robin: the one
            # that has played longest). Not pygame.mixer.find_channel: that may hand out the
            # reserved music channels.
            free = [c for c in self._effect_channels if not c.get_busy()]
            if free:
                channel = free[0]
            else:
                channel = self._effect_channels[self._next_effect]
            self._next_effect = (self._effect_channels.index(channel) + 1) % len(self._effect_channels)
            channel.set_volume(self.sound_level)
            channel.play(self._sound(name, loop=False))
        except pygame.error:
            pass

    def music(self, name: str | None) -> None:
        """Loop the music ``name`` (the same name again keeps it playing), or stop it with None.
        Unknown names are ignored."""
        if not self.enabled or (name is not None and name not in _all_sounds().songs):
            return
        try:
            old = self._music_channels[self._music_index]
            if name is not None and name == self.current and old.get_busy():
                return
            old.fadeout(150)
            self.current = name
            if name is None:
                return
            self._music_index = 1 - self._music_index
            channel = self._music_channels[self._music_index]
            channel.set_volume(self.music_level)
            channel.play(self._sound(name, loop=True), loops=-1, fade_ms=60)
        except pygame.error:
            pass

    def set_volumes(self, music_volume: int, sound_volume: int) -> None:
        """Volumes 0-10 (clamped); they apply at once, also to what is playing."""
        self.music_level = _level(music_volume)
        self.sound_level = _level(sound_volume)
        if not self.enabled:
            return
        try:
            self._music_channels[self._music_index].set_volume(self.music_level)
            for channel in self._effect_channels:
                channel.set_volume(self.sound_level)
        except pygame.error:
            pass

    def close(self) -> None:
        """Stop everything; shut the mixer down if we started it. Later calls are no-ops."""
        if not self.enabled:
            return
        self.enabled = False
        self.current = None
        try:
            pygame.mixer.stop()
            if self._owns_mixer:
                pygame.mixer.quit()
        except pygame.error:
            pass
        self._cache.clear()


def _pcm(mono: np.ndarray, size: int, channels: int) -> bytes:
    """Mono float samples as the mixer's interleaved PCM bytes (``size`` as get_init reports it:
    bits, negative when signed; 32 is float)."""
    x = np.clip(mono, -1.0, 1.0)
    if size == -16:
        a = (x * 32767).astype(np.int16)
    elif size == 16:
        a = (x * 32767 + 32768).astype(np.uint16)
    elif size == -8:
        a = (x * 127).astype(np.int8)
    elif size == 8:
        a = (x * 127 + 128).astype(np.uint8)
    elif size == -32:
        a = (x * 2147483647).astype(np.int32)
    else:
        a = x.astype(np.float32)
    return np.repeat(a[:, None], channels, axis=1).tobytes() if channels > 1 else a.tobytes()
