"""Tower Dream's own sound effects (PRESENTATION.md "Sound"): steps, dice, money in and out,
mergers, the slot machine, the Jackpot, Events and going broke. Made from the shell's chip voices
(``tdream/frontend/sound.py``) and given to it as a ``Bank`` (the front-end module's
``sound_bank()``); the shared ones (build, fanfare, card flip, blips) and the music are the
shell's. The number beside each effect in ``BANK`` is its loudness (peak).
"""
from __future__ import annotations

import numpy as np

from ....frontend.sound import Bank, Mix, crash, kick, noise, tone


def _fx_step(rate: int) -> Mix:
    m = Mix(rate)
    m.add(0, tone(rate, "E6", 0.012, duty=0.125, a=0.001, d=0.01, s=0.0, r=0.01, bend=-5, bend_time=0.02))
    m.add(0, noise(rate, 0.012, 12000.0, 10, d=0.004, r=0.006), 0.3)
    return m


def _fx_dice(rate: int) -> Mix:
    # 12 clicks in 0.48 s, every one ended before the buffer does: played back to back (or looped)
    # it rattles on evenly.
    m = Mix(rate)
    rng = np.random.default_rng(20)
    notes = ["C6", "E6", "G6", "A6", "D6", "F6", "B5", "C7"]
    for i in range(12):
        at = 0.002 + i * 0.04 + rng.uniform(0.0, 0.012)
        m.add(at, noise(rate, 0.012, 14000.0, 21 + i, d=0.004, r=0.006), 0.6)
        m.add(at, tone(rate, notes[int(rng.integers(len(notes)))], 0.008, duty=0.125, a=0.001, d=0.006,
                       s=0.0, r=0.006), 0.5)
    m.add(0.47, np.zeros(int(0.01 * rate)))           # pad to exactly 0.48 s
    return m


def _fx_dice_stop(rate: int) -> Mix:
    m = Mix(rate)
    m.add(0, noise(rate, 0.03, 5000.0, 30, d=0.012, r=0.015), 0.7)
    m.add(0, kick(rate), 0.6)
    m.add(0.06, tone(rate, "G5", 0.05, duty=0.25, d=0.05, s=0.3, r=0.015), 0.5)
    m.add(0.11, tone(rate, "C6", 0.12, duty=0.25, d=0.06, s=0.0, r=0.04), 0.5)
    return m


def _fx_cash_in(rate: int) -> Mix:
    m = Mix(rate)
    m.add(0, tone(rate, "A5", 0.05, duty=0.5, d=1.0, s=1.0, r=0.004))
    m.add(0.05, tone(rate, "E6", 0.3, duty=0.5, d=0.1, s=0.0, r=0.05))
    m.echo(0.09, 0.35)
    return m


def _fx_cash_out(rate: int) -> Mix:
    m = Mix(rate)
    m.add(0, tone(rate, "E5", 0.06, duty=0.25, d=1.0, s=1.0, r=0.005))
    m.add(0.06, tone(rate, "A4", 0.22, duty=0.25, d=0.12, s=0.1, r=0.05, bend=-1, bend_time=0.2))
    m.add(0.06, tone(rate, "A3", 0.2, "triangle", d=0.1, s=0.2, r=0.05), 0.6)
    return m


def _fx_merge(rate: int) -> Mix:
    m = Mix(rate)
    for i, note in enumerate(("C5", "E5", "G5", "C6", "E6", "G6")):
        m.add(i * 0.06, tone(rate, note, 0.05, duty=0.25, d=0.05, s=0.3, r=0.015), 0.55)
    for at, notes, bass in ((0.40, ("F5", "A5"), "F2"), (0.54, ("G5", "B5"), "G2")):
        for note in notes:
            m.add(at, tone(rate, note, 0.1, duty=0.5, d=0.08, s=0.5, r=0.02), 0.45)
        m.add(at, tone(rate, bass, 0.11, "triangle", s=0.8, r=0.02), 0.8)
    for note, duty in (("E6", 0.25), ("C6", 0.5), ("G5", 0.5)):
        m.add(0.68, tone(rate, note, 0.38, duty=duty, d=0.25, s=0.5, r=0.12, vib=0.25), 0.4)
    m.add(0.68, tone(rate, "C3", 0.38, "triangle", d=0.3, s=0.5, r=0.12), 0.8)
    m.add(0.68, crash(rate), 0.25)
    return m


def _fx_slot_reel(rate: int) -> Mix:
    # Four ticks in 0.2 s, all ended inside it, so it can spin on in a loop.
    m = Mix(rate)
    for i in range(4):
        at = 0.002 + i * 0.05
        m.add(at, tone(rate, "B5" if i % 2 else "E6", 0.01, duty=0.125, a=0.001, d=0.008, s=0.0, r=0.008))
        m.add(at, noise(rate, 0.01, 10000.0, 50 + i, d=0.003, r=0.005), 0.4)
    m.add(0.19, np.zeros(int(0.01 * rate)))           # pad to exactly 0.2 s
    return m


def _fx_slot_stop(rate: int) -> Mix:
    m = Mix(rate)
    m.add(0, kick(rate), 0.8)
    m.add(0, noise(rate, 0.04, 3000.0, 60, d=0.015, r=0.02), 0.6)
    m.add(0.02, tone(rate, "A5", 0.06, duty=0.25, d=0.04, s=0.0, r=0.04), 0.45)
    return m


def _fx_slot_win(rate: int) -> Mix:
    m = Mix(rate)
    run = ("C5", "E5", "G5", "C6", "E5", "G5", "C6", "E6")
    for i, note in enumerate(run):
        m.add(i * 0.05, tone(rate, note, 0.045, duty=0.25, d=0.04, s=0.3, r=0.01), 0.5)
    for note, duty in (("E6", 0.25), ("C6", 0.5), ("G5", 0.5)):
        m.add(0.42, tone(rate, note, 0.35, duty=duty, d=0.2, s=0.4, r=0.12, vib=0.3), 0.4)
    m.add(0.42, tone(rate, "C3", 0.35, "triangle", d=0.3, s=0.5, r=0.12), 0.8)
    m.echo(0.12, 0.3)
    return m


def _fx_jackpot(rate: int) -> Mix:
    m = Mix(rate)
    scale = ("C5", "D5", "E5", "F5", "G5", "A5", "B5", "C6")
    for i, note in enumerate(scale):
        m.add(i * 0.045, tone(rate, note, 0.04, duty=0.25, d=0.04, s=0.4, r=0.008), 0.45)
    for i, note in enumerate(("G5", "C6", "E6", "G6")):
        m.add(0.36 + i * 0.09, tone(rate, note, 0.08, duty=0.25, d=0.06, s=0.5, r=0.01), 0.5)
        m.add(0.36 + i * 0.09, tone(rate, ("C3", "E3", "G3", "C4")[i], 0.08, "triangle", s=0.8, r=0.01), 0.7)
    for i in range(16):                                 # a trill, 32nd notes
        m.add(0.72 + i * 0.031, tone(rate, "G6" if i % 2 else "E6", 0.027, duty=0.125, d=0.03, s=0.5,
                                     r=0.004), 0.35)
    m.add(0.72, tone(rate, "G2", 0.48, "triangle", d=0.5, s=0.7, r=0.02), 0.7)
    for note, duty in (("C7", 0.25), ("G6", 0.5), ("E6", 0.5), ("C6", 0.5)):
        m.add(1.22, tone(rate, note, 0.55, duty=duty, d=0.3, s=0.4, r=0.15, vib=0.3), 0.3)
    m.add(1.22, tone(rate, "C3", 0.55, "triangle", d=0.4, s=0.5, r=0.15), 0.8)
    m.add(1.22, crash(rate), 0.3)
    m.add(1.22, kick(rate), 0.5)
    return m


def _fx_broke(rate: int) -> Mix:
    # A falling C minor arpeggio, then a long sinking B3 over a sagging bass.
    m = Mix(rate)
    for i, note in enumerate(("G4", "Eb4", "C4")):
        m.add(i * 0.22, tone(rate, note, 0.19, duty=0.5, d=0.15, s=0.5, r=0.03, bend=-0.4, bend_time=0.19), 0.5)
    m.add(0.66, tone(rate, "B3", 0.7, duty=0.5, d=0.4, s=0.5, r=0.15, vib=0.35, vib_hz=4.0, vib_delay=0.15,
                     bend=-1.5, bend_time=0.85), 0.55)
    for note, at, dur in (("C3", 0.0, 0.42), ("Ab2", 0.44, 0.2), ("G2", 0.66, 0.7)):
        m.add(at, tone(rate, note, dur, "triangle", d=0.4, s=0.6, r=0.15), 0.8)
    return m


def _fx_event(rate: int) -> Mix:
    # A rising augmented arpeggio: something is about to happen.
    m = Mix(rate)
    for i, note in enumerate(("C5", "E5", "G#5", "C6", "E6")):
        m.add(i * 0.06, tone(rate, note, 0.07 if i < 4 else 0.22, duty=0.25, d=0.08, s=0.3, r=0.06,
                             vib=0.2 if i == 4 else 0.0, vib_delay=0.05), 0.5)
    m.add(0, tone(rate, "C3", 0.45, "triangle", d=0.3, s=0.4, r=0.1), 0.7)
    m.echo(0.11, 0.35)
    return m


BANK = Bank(effects={
    "step": (_fx_step, 0.3), "dice": (_fx_dice, 0.4), "dice_stop": (_fx_dice_stop, 0.55),
    "cash_in": (_fx_cash_in, 0.55), "cash_out": (_fx_cash_out, 0.55), "merge": (_fx_merge, 0.7),
    "slot_reel": (_fx_slot_reel, 0.35), "slot_stop": (_fx_slot_stop, 0.55), "slot_win": (_fx_slot_win, 0.7),
    "jackpot": (_fx_jackpot, 0.75), "broke": (_fx_broke, 0.65), "event": (_fx_event, 0.6)})
