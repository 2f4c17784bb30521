"""Tower Dream's own sound effects (PRESENTATION.md "Sound"): steps, dice, money in and out,
mergers, the slot machine, the Jackpot, Events and going broke. Written as data (``EFFECTS``: each
effect its loudness, ``peak``, and its parts placed in time) for the shell's chip voices
(``tdream/frontend/sound.py``, ``effects_of``), all but the dice's rattle, made here; given to the
shell as a ``Bank`` (the front-end module's ``sound_bank()``). The shared ones (build, fanfare, card
flip, blips) and the music are the shell's.
"""
from __future__ import annotations

import numpy as np

from ....frontend.sound import Bank, Mix, effects_of, noise, tone


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


EFFECTS = {
    "step": {"peak": 0.3, "parts": [
        dict(tone="E6", dur=0.012, duty=0.125, a=0.001, d=0.01, s=0.0, r=0.01, bend=-5, bend_time=0.02),
        dict(noise=12000.0, dur=0.012, seed=10, d=0.004, r=0.006, gain=0.3),
    ]},
    "dice": {"peak": 0.4},    # 12 random clicks: made by _fx_dice
    "dice_stop": {"peak": 0.55, "parts": [
        dict(noise=5000.0, dur=0.03, seed=30, d=0.012, r=0.015, gain=0.7),
        dict(hit="kick", gain=0.6),
        dict(at=0.06, tone="G5", dur=0.05, duty=0.25, d=0.05, s=0.3, r=0.015, gain=0.5),
        dict(at=0.11, tone="C6", dur=0.12, duty=0.25, d=0.06, s=0.0, r=0.04, gain=0.5),
    ]},
    "cash_in": {"peak": 0.55, "echo": [0.09, 0.35], "parts": [
        dict(tone="A5", dur=0.05, duty=0.5, d=1.0, s=1.0, r=0.004),
        dict(at=0.05, tone="E6", dur=0.3, duty=0.5, d=0.1, s=0.0, r=0.05),
    ]},
    "cash_out": {"peak": 0.55, "parts": [
        dict(tone="E5", dur=0.06, duty=0.25, d=1.0, s=1.0, r=0.005),
        dict(at=0.06, tone="A4", dur=0.22, duty=0.25, d=0.12, s=0.1, r=0.05, bend=-1, bend_time=0.2),
        dict(at=0.06, tone="A3", dur=0.2, wave="triangle", d=0.1, s=0.2, r=0.05, gain=0.6),
    ]},
    "merge": {"peak": 0.7, "parts": [
        dict(tone=["C5", "E5", "G5", "C6", "E6", "G6"], every=0.06, dur=0.05, duty=0.25, d=0.05, s=0.3, r=0.015,
             gain=0.55),
        dict(at=0.4, tone=["F5", "A5"], dur=0.1, duty=0.5, d=0.08, s=0.5, r=0.02, gain=0.45),
        dict(at=0.4, tone="F2", dur=0.11, wave="triangle", s=0.8, r=0.02, gain=0.8),
        dict(at=0.54, tone=["G5", "B5"], dur=0.1, duty=0.5, d=0.08, s=0.5, r=0.02, gain=0.45),
        dict(at=0.54, tone="G2", dur=0.11, wave="triangle", s=0.8, r=0.02, gain=0.8),
        dict(at=0.68, tone="E6", dur=0.38, duty=0.25, d=0.25, s=0.5, r=0.12, vib=0.25, gain=0.4),
        dict(at=0.68, tone=["C6", "G5"], dur=0.38, duty=0.5, d=0.25, s=0.5, r=0.12, vib=0.25, gain=0.4),
        dict(at=0.68, tone="C3", dur=0.38, wave="triangle", d=0.3, s=0.5, r=0.12, gain=0.8),
        dict(at=0.68, hit="crash", gain=0.25),
    ]},
    "slot_reel": {"peak": 0.35, "parts": [      # four ticks in 0.2 s, all ended inside it: it spins on in a loop
        dict(at=0.002, every=0.05, tone=["E6", "B5", "E6", "B5"], dur=0.01, duty=0.125, a=0.001, d=0.008, s=0.0,
             r=0.008),
        dict(at=0.002, every=0.05, noise=10000.0, count=4, dur=0.01, seed=50, d=0.003, r=0.005, gain=0.4),
        dict(at=0.19, silence=0.01),
    ]},
    "slot_stop": {"peak": 0.55, "parts": [
        dict(hit="kick", gain=0.8),
        dict(noise=3000.0, dur=0.04, seed=60, d=0.015, r=0.02, gain=0.6),
        dict(at=0.02, tone="A5", dur=0.06, duty=0.25, d=0.04, s=0.0, r=0.04, gain=0.45),
    ]},
    "slot_win": {"peak": 0.7, "echo": [0.12, 0.3], "parts": [
        dict(tone=["C5", "E5", "G5", "C6", "E5", "G5", "C6", "E6"], every=0.05, dur=0.045, duty=0.25, d=0.04, s=0.3,
             r=0.01, gain=0.5),
        dict(at=0.42, tone="E6", dur=0.35, duty=0.25, d=0.2, s=0.4, r=0.12, vib=0.3, gain=0.4),
        dict(at=0.42, tone=["C6", "G5"], dur=0.35, duty=0.5, d=0.2, s=0.4, r=0.12, vib=0.3, gain=0.4),
        dict(at=0.42, tone="C3", dur=0.35, wave="triangle", d=0.3, s=0.5, r=0.12, gain=0.8),
    ]},
    "jackpot": {"peak": 0.75, "parts": [
        dict(tone=["C5", "D5", "E5", "F5", "G5", "A5", "B5", "C6"], every=0.045, dur=0.04, duty=0.25, d=0.04, s=0.4,
             r=0.008, gain=0.45),
        dict(at=0.36, every=0.09, tone=["G5", "C6", "E6", "G6"], dur=0.08, duty=0.25, d=0.06, s=0.5, r=0.01, gain=0.5),
        dict(at=0.36, every=0.09, tone=["C3", "E3", "G3", "C4"], dur=0.08, wave="triangle", s=0.8, r=0.01, gain=0.7),
        dict(at=0.72, every=0.031, tone=["E6", "G6", "E6", "G6", "E6", "G6", "E6", "G6", "E6", "G6", "E6", "G6", "E6",
             "G6", "E6", "G6"], dur=0.027, duty=0.125, d=0.03, s=0.5, r=0.004, gain=0.35),
        dict(at=0.72, tone="G2", dur=0.48, wave="triangle", d=0.5, s=0.7, r=0.02, gain=0.7),
        dict(at=1.22, tone="C7", dur=0.55, duty=0.25, d=0.3, s=0.4, r=0.15, vib=0.3, gain=0.3),
        dict(at=1.22, tone=["G6", "E6", "C6"], dur=0.55, duty=0.5, d=0.3, s=0.4, r=0.15, vib=0.3, gain=0.3),
        dict(at=1.22, tone="C3", dur=0.55, wave="triangle", d=0.4, s=0.5, r=0.15, gain=0.8),
        dict(at=1.22, hit="crash", gain=0.3),
        dict(at=1.22, hit="kick", gain=0.5),
    ]},
    "broke": {"peak": 0.65, "parts": [      # a falling C minor arpeggio, then a long sinking B3 over a sagging bass
        dict(tone=["G4", "Eb4", "C4"], every=0.22, dur=0.19, duty=0.5, d=0.15, s=0.5, r=0.03, bend=-0.4, bend_time=0.19,
             gain=0.5),
        dict(at=0.66, tone="B3", dur=0.7, duty=0.5, d=0.4, s=0.5, r=0.15, vib=0.35, vib_hz=4.0, vib_delay=0.15,
             bend=-1.5, bend_time=0.85, gain=0.55),
        dict(at=0.0, tone="C3", dur=0.42, wave="triangle", d=0.4, s=0.6, r=0.15, gain=0.8),
        dict(at=0.44, tone="Ab2", dur=0.2, wave="triangle", d=0.4, s=0.6, r=0.15, gain=0.8),
        dict(at=0.66, tone="G2", dur=0.7, wave="triangle", d=0.4, s=0.6, r=0.15, gain=0.8),
    ]},
    "event": {"peak": 0.6, "echo": [0.11, 0.35], "parts": [      # a rising augmented arpeggio: something is about to happen
        dict(tone=["C5", "E5", "G#5", "C6"], every=0.06, dur=0.07, duty=0.25, d=0.08, s=0.3, r=0.06, gain=0.5),
        dict(at=0.24, tone="E6", dur=0.22, duty=0.25, d=0.08, s=0.3, r=0.06, vib=0.2, vib_delay=0.05, gain=0.5),
        dict(tone="C3", dur=0.45, wave="triangle", d=0.3, s=0.4, r=0.1, gain=0.7),
    ]},
}
BANK = Bank(effects=effects_of(EFFECTS, __name__, {"dice": _fx_dice}))
