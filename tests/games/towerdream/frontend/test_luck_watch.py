"""The luck watch at Tower Dream's slot machine (issue 38): what the next A stops, in the words
the slot's result uses, short enough for the TAS strip, and read without changing the reels."""
import copy

import pytest

from tdream.rng import Rng

from tdream.frontend.font import Font
from tdream.frontend.run import init_pygame
from tdream.frontend.text import set_language, tr_in
from tdream.games.towerdream import GAME
from tdream.games.towerdream.frontend.prompts import DicePrompt
from tdream.games.towerdream.frontend.setpieces import SlotPrompt

STRIP_W = 128            # half the 256-pixel picture: the strip holds the counters beside it


def state(prompt) -> dict:
    """The prompt's fields as plain values (its RNG by its state; the match it reads left out)."""
    return {k: (v.state if isinstance(v, Rng) else copy.deepcopy(v)) for k, v in vars(prompt).items()
            if k not in ("match", "game")}


@pytest.fixture(scope="module")
def font():
    init_pygame(True)
    return Font()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_reel_stop_is_said_in_the_slots_words_and_fits(font, lang):
    match, _ = GAME.new_match(["a", "b", "c", "d"], {}, 1)
    prompt = SlotPrompt(match, "NEO", "ab" * 32)
    set_language(lang)
    try:
        for reel, strip in enumerate(prompt.strips):
            prompt.stopped = reel
            for i, symbol in enumerate(strip):
                prompt.index[reel] = i
                before = state(prompt)
                assert prompt.would_stop() == (reel, symbol)
                words = prompt.press_preview(None)
                assert state(prompt) == before, "the watch moved a reel"
                assert words is not None and words.endswith(" " + tr_in("towerdream", symbol.upper()))
                assert str(reel + 1) in words
                assert font.width("4P " + words, "small") <= STRIP_W, words
        prompt.stopped = len(prompt.strips)
        assert prompt.press_preview(None) is None          # every reel stopped: nothing left to press for
    finally:
        set_language("en")


def test_the_die_says_the_face_it_shows(font):
    match, _ = GAME.new_match(["a", "b"], {}, 2)
    assert match.awaiting().kind == "roll"                 # a new match starts with the first roll
    prompt = DicePrompt(match, "NEO", "cd" * 32)
    seen = set()
    for _ in range(60):
        before = state(prompt)
        words = prompt.press_preview(None)
        assert state(prompt) == before
        assert words == f"A now: {prompt.face.value}"
        seen.add(words)
        prompt.spin()
    assert len(seen) > 1
