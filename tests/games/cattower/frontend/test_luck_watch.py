"""The luck watch at CAT TOWER's human roll (issue 38): the dice A would give on this frame,
ascending as the table tells a roll, short enough for the TAS strip, read without a tumble."""
import copy

import pytest

from tdream.rng import Rng

from tdream.frontend.font import Font
from tdream.frontend.run import init_pygame
from tdream.frontend.text import set_language
from tdream.games.cattower import GAME
from tdream.games.cattower.frontend.prompts import RollPrompt

STRIP_W = 128            # half the 256-pixel picture: the strip holds the counters beside it


def state(prompt) -> dict:
    """The prompt's fields as plain values (its RNG by its state; the match it reads left out)."""
    return {k: (v.state if isinstance(v, Rng) else copy.deepcopy(v)) for k, v in vars(prompt).items()
            if k not in ("match", "game")}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_roll_is_said_as_its_dice_and_fits(lang, players):
    init_pygame(True)
    font = Font()
    match, _ = GAME.new_match([f"P{k}" for k in range(players)], {}, 3)
    prompt = RollPrompt(match, 0, "P0", "ef" * 32)
    set_language(lang)
    try:
        seen = set()
        for _ in range(60):
            before = state(prompt)
            words = prompt.press_preview(None)
            assert state(prompt) == before, "the watch tumbled the dice"
            dice = " ".join(map(str, sorted(prompt.faces)))
            assert len(prompt.faces) == players + 1 and words is not None and words.endswith(dice)
            assert font.width("4P " + words, "small") <= STRIP_W, words
            seen.add(words)
            prompt.spin()
        assert len(seen) > 1
    finally:
        set_language("en")
