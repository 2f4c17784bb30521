"""Chip sound (tdream/frontend/sound.py and the games' banks): what the synthesizers make, the
one namespace of every game's sounds, and a Sound that never raises.

The audio driver is SDL's dummy one (tests/conftest.py), so the mixer may start or not; either
way every method must run.
"""
import time

import numpy as np
import pygame
import pytest

from tdream.frontend import sound
from tdream.frontend.sound import (EFFECTS, MUSIC, Bank, Sound, effect_names, game_banks, music_names, synth_effect,
                                   synth_music)
from tdream.frontend.scenes.title import playable
from tdream.frontend.frontends import frontend_of

RATES = (32000, 44100, 48000)
# Length range of each effect in seconds (the brief: a ~20 ms blip, jingles of 0.5-2 s, ...).
LENGTHS = {"step": (0.01, 0.08), "dice": (0.2, 0.8), "dice_stop": (0.1, 0.5), "cash_in": (0.2, 1.0),
           "cash_out": (0.2, 0.8), "build": (0.3, 1.0), "merge": (0.5, 2.0), "fanfare": (0.5, 2.0),
           "slot_reel": (0.1, 0.5), "slot_stop": (0.08, 0.4), "slot_win": (0.5, 2.0), "jackpot": (0.5, 2.1),
           "card_flip": (0.08, 0.4), "blip": (0.012, 0.03), "select": (0.05, 0.3), "cancel": (0.05, 0.3),
           "broke": (0.8, 2.5), "event": (0.3, 1.2)}


ALL_EFFECTS = effect_names()            # the shell's and every game's
ALL_MUSIC = music_names()


@pytest.fixture(scope="module")
def effects():
    return {(n, r): synth_effect(n, r) for n in ALL_EFFECTS for r in RATES}


@pytest.fixture(scope="module")
def loops():
    return {(n, r): synth_music(n, r) for n in ALL_MUSIC for r in RATES}


def seamless(x: np.ndarray) -> bool:
    """The jump from the last sample back to the first is no bigger than the loop's own large
    sample-to-sample steps (1.5 times their 99th percentile)."""
    return abs(float(x[0]) - float(x[-1])) <= 1.5 * float(np.percentile(np.abs(np.diff(x)), 99))


def dominant_hz(x: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x)), 1 << 16))
    return float(np.argmax(spectrum)) * rate / (1 << 16)


def assert_signal(x, min_peak: float, min_rms: float, what) -> None:
    """Mono float32, finite, peak between ``min_peak`` and 0.8, RMS above ``min_rms``."""
    assert x.dtype == np.float32 and x.ndim == 1, what
    assert np.isfinite(x).all(), what
    peak = float(np.max(np.abs(x)))
    assert min_peak <= peak <= 0.8, (what, peak)
    assert float(np.sqrt(np.mean(x.astype(float) ** 2))) > min_rms, what


def test_names_are_the_agreed_ones():
    assert EFFECTS == ("build", "fanfare", "card_flip", "blip", "select", "cancel")
    assert MUSIC == ("title", "play", "tension", "results") and ALL_MUSIC == MUSIC
    assert len(ALL_EFFECTS) == 18 and len(set(ALL_EFFECTS)) == 18
    assert set(LENGTHS) == set(ALL_EFFECTS)


def test_a_games_own_effects_join_the_shells_after_them():
    banks = game_banks()
    assert set(banks["towerdream"].effects) == {"step", "dice", "dice_stop", "cash_in", "cash_out", "merge",
                                                "slot_reel", "slot_stop", "slot_win", "jackpot", "broke", "event"}
    assert ALL_EFFECTS[:len(EFFECTS)] == EFFECTS
    assert set(ALL_EFFECTS) == set(EFFECTS).union(*(b.effects for b in banks.values()))
    assert not set(EFFECTS) & set(banks["towerdream"].effects)


def test_a_name_taken_twice_is_refused(monkeypatch):
    taken = Bank(effects={"blip": (lambda rate: sound.Mix(rate), 0.5)})
    monkeypatch.setattr(sound, "game_banks", lambda: {"somegame": taken})
    sound._all_sounds.cache_clear()
    try:
        with pytest.raises(ValueError, match="somegame: sound effect 'blip'"):
            effect_names()
    finally:
        monkeypatch.undo()
        sound._all_sounds.cache_clear()
    assert "blip" in effect_names()


def test_the_shells_sound_module_names_no_game():
    from pathlib import Path

    from tdream.platform import registry
    text = Path(sound.__file__).read_text(encoding="utf-8").lower()
    for word in (*registry.ids(), "company", "jackpot", "slot", "reel", "landmark", "wealth", "board", "pile",
                 "cash", "merge", "dice"):
        assert word.lower() not in text, word


@pytest.mark.parametrize("game_id", playable())
def test_every_games_table_asks_for_a_loop_there_is(game_id):
    """A table that asked for a loop by a name nobody has would play in silence (Sound ignores it)."""
    from tdream.frontend.run import Headless
    from tdream.platform import registry
    h = Headless(seed=3)
    h.machine.push(frontend_of(game_id).demo_scene(3))
    for _ in range(30):
        h.step()
    assert h.machine.song is not None and h.machine.song in ALL_MUSIC, h.machine.song


@pytest.mark.parametrize("name", ALL_EFFECTS)
def test_effect_is_float32_audible_and_in_range_at_every_rate(effects, name):
    for rate in RATES:
        x = effects[name, rate]
        assert_signal(x, 0.1, 0.01, (name, rate))
        lo, hi = LENGTHS[name]
        assert lo <= len(x) / rate <= hi, (name, rate, len(x) / rate)


@pytest.mark.parametrize("name", ALL_EFFECTS)
def test_effect_starts_and_ends_at_silence(effects, name):
    x = effects[name, 32000]
    assert abs(float(x[0])) < 1e-3 and abs(float(x[-1])) < 1e-3, name


def test_effect_length_does_not_depend_on_rate(effects):
    for name in ALL_EFFECTS:
        lengths = [len(effects[name, r]) / r for r in RATES]
        assert max(lengths) - min(lengths) < 0.002, (name, lengths)


def test_effect_is_deterministic():
    assert np.array_equal(synth_effect("dice", 32000), synth_effect("dice", 32000))


def test_blip_sounds_at_its_note_b5():
    assert dominant_hz(synth_effect("blip", 48000), 48000) == pytest.approx(987.8, rel=0.03)


def test_cash_in_rings_higher_than_cash_out(effects):
    assert dominant_hz(effects["cash_in", 32000], 32000) > 1.5 * dominant_hz(effects["cash_out", 32000], 32000)


def test_step_is_soft_and_jackpot_is_loud(effects):
    peak = {n: float(np.max(np.abs(effects[n, 32000]))) for n in ("step", "blip", "jackpot", "fanfare")}
    assert peak["step"] < peak["fanfare"] and peak["blip"] < peak["jackpot"]


def test_unknown_effect_raises_key_error():
    with pytest.raises(KeyError, match="kaboom"):
        synth_effect("kaboom", 32000)
    with pytest.raises(KeyError):
        synth_music("polka", 32000)


def test_bad_rate_raises_value_error():
    with pytest.raises(ValueError, match="100"):
        synth_effect("blip", 100)


@pytest.mark.parametrize("name", ALL_MUSIC)
def test_loop_is_float32_audible_and_6_to_20_seconds(loops, name):
    for rate in RATES:
        x = loops[name, rate]
        assert_signal(x, 0.2, 0.03, (name, rate))
        assert 6.0 <= len(x) / rate <= 20.0, (name, rate, len(x) / rate)


@pytest.mark.parametrize("name", ALL_MUSIC)
def test_loop_is_seamless(loops, name):
    for rate in RATES:
        assert seamless(loops[name, rate]), (name, rate)


def test_loop_is_never_silent_for_long(loops):
    # no second of any loop is silent (the music never drops out)
    for name in ALL_MUSIC:
        x, rate = loops[name, 32000], 32000
        for s in range(int(len(x) / rate)):
            assert np.max(np.abs(x[s * rate:(s + 1) * rate])) > 0.05, (name, s)


def test_seam_check_catches_a_cut_mid_wave():
    rate = 32000
    t = np.arange(rate) / rate
    whole = np.sin(2 * np.pi * 100 * t)                   # 100 whole cycles
    assert seamless(whole)
    assert not seamless(whole[:rate - 80])                # cut a quarter of a cycle short


def test_tension_is_faster_than_play():
    assert sound.SONGS["tension"]["bpm"] > sound.SONGS["title"]["bpm"] > sound.SONGS["play"]["bpm"]


def test_pcm_matches_mixer_formats():
    x = np.array([0.0, 0.5, -0.5], dtype=np.float32)
    assert np.frombuffer(sound._pcm(x, -16, 2), np.int16).tolist() == [0, 0, 16383, 16383, -16383, -16383]
    assert np.frombuffer(sound._pcm(x, 8, 1), np.uint8).tolist() == [128, 191, 64]
    assert np.frombuffer(sound._pcm(x, 32, 1), np.float32).tolist() == [0.0, 0.5, -0.5]


@pytest.fixture
def player():
    s = Sound(music_volume=3, sound_volume=7)
    yield s
    s.close()


def busy_volumes(wait: float = 0.3) -> list[float]:
    """The volumes of the channels playing, once a music fade-in (60 ms) is over."""
    time.sleep(wait)
    return [pygame.mixer.Channel(i).get_volume() for i in range(pygame.mixer.get_num_channels())
            if pygame.mixer.Channel(i).get_busy()]


def test_every_method_runs_with_the_dummy_driver(player):
    for name in ALL_EFFECTS:
        player.play(name)
    player.play("kaboom")                                 # ignored
    player.music("play")
    player.music("play")                                  # keeps playing
    player.music("no-such-song")
    player.set_volumes(10, 0)
    player.play("blip")
    player.music(None)
    player.close()
    player.close()
    player.play("step")                                   # after close: a no-op
    player.music("title")
    assert not player.enabled


def test_sound_plays_at_the_mixer_rate(player):
    if not player.enabled:
        pytest.skip("the dummy driver gave no mixer here")
    assert player.rate == pygame.mixer.get_init()[0]
    player.play("fanfare")
    snd = player._cache["fanfare"]
    assert snd.get_length() == pytest.approx(len(synth_effect("fanfare", player.rate)) / player.rate, abs=0.01)


def test_volumes_map_0_to_10_onto_0_to_1():
    s = Sound(music_volume=0, sound_volume=10)
    try:
        assert (s.music_level, s.sound_level) == (0.0, 1.0)
        s.set_volumes(5, 2)
        assert (s.music_level, s.sound_level) == (0.5, 0.2)
        s.set_volumes(-3, 14)                             # clamped
        assert (s.music_level, s.sound_level) == (0.0, 1.0)
    finally:
        s.close()


def test_volumes_are_applied_to_the_channels(player):
    if not player.enabled:
        pytest.skip("the dummy driver gave no mixer here")
    player.music("results")
    assert any(v == pytest.approx(0.3, abs=0.01) for v in busy_volumes())
    player.play("jackpot")
    assert any(v == pytest.approx(0.7, abs=0.01) for v in busy_volumes())
    player.set_volumes(9, 1)
    volumes = busy_volumes(0.0)
    assert any(v == pytest.approx(0.9, abs=0.01) for v in volumes)
    assert any(v == pytest.approx(0.1, abs=0.01) for v in volumes)
    assert not any(v == pytest.approx(0.3, abs=0.01) or v == pytest.approx(0.7, abs=0.01) for v in volumes)


def test_same_music_again_keeps_playing(player):
    if not player.enabled:
        pytest.skip("the dummy driver gave no mixer here")
    player.music("title")
    channel = player._music_channels[player._music_index]
    player.music("title")
    assert player._music_channels[player._music_index] is channel and channel.get_busy()
    player.music("play")
    assert player.current == "play" and player._music_channels[player._music_index] is not channel
    player.music(None)
    assert player.current is None


def test_no_audio_device_means_silent_and_never_raising(monkeypatch):
    if pygame.mixer.get_init() is not None:
        pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sound(music_volume=4, sound_volume=6)
    assert not s.enabled
    assert (s.music_level, s.sound_level) == (0.4, 0.6)
    s.play("fanfare")
    s.play("kaboom")
    s.music("title")
    s.music(None)
    s.set_volumes(10, 10)
    s.close()
    assert s._cache == {}                                 # nothing was even synthesized
    assert pygame.mixer.get_init() is None


def test_effects_never_take_the_music_channels(player):
    if not player.enabled:
        pytest.skip("the dummy driver gave no mixer here")
    player.music("tension")
    music = player._music_channels[player._music_index]
    for _ in range(3 * sound.EFFECT_CHANNELS):            # more effects than channels
        player.play("jackpot")
    assert music.get_busy() and music.get_sound() is player._cache["music:tension"]
    assert not player._music_channels[1 - player._music_index].get_busy()
