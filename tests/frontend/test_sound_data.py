"""Sound effects written as data (tdream/frontend/sound.py ``load_bank``): a part's voices and
runs placed as written, and a damaged file refused naming its file, line and problem."""
import numpy as np
import pytest

from tdream.errors import DataError
from tdream.frontend.sound import Mix, load_bank, noise, tone

GOOD = """format: tdream-sounds
version: 1
effects:
  ding:
    peak: 0.5
    echo: [0.05, 0.3]
    parts:
      - {every: 0.1, tone: [C5, E5], dur: 0.05, duty: 0.25, gain: 0.5}
      - {at: 0.3, noise: 4000.0, count: 2, every: 0.02, dur: 0.01, seed: 7}
  rattle:
    peak: 0.4
"""


def rattle(rate):
    m = Mix(rate)
    m.add(0, tone(rate, "A5", 0.02))
    return m


def test_an_effect_is_its_parts_placed_in_time(tmp_path):
    path = tmp_path / "sounds.yaml"
    path.write_text(GOOD)
    effects = load_bank(path, {"rattle": rattle}).effects
    assert list(effects) == ["ding", "rattle"] and effects["rattle"] == (rattle, 0.4)
    make, peak = effects["ding"]
    want = Mix(8000)
    want.add(0.0, tone(8000, "C5", 0.05, duty=0.25), 0.5)
    want.add(0.1, tone(8000, "E5", 0.05, duty=0.25), 0.5)
    want.add(0.3, noise(8000, 0.01, 4000.0, 7))
    want.add(0.32, noise(8000, 0.01, 4000.0, 8))
    want.echo(0.05, 0.3)
    assert peak == 0.5 and np.array_equal(make(8000).render(), want.render())


@pytest.mark.parametrize("change, line, words", [
    (("tone: [C5, E5]", "tone: [C5, H5]"), 8, "'H5' is not a note"),
    (("{at: 0.3, noise: 4000.0,", "{at: 0.3, hit: gong, noise: 4000.0,"), 9, "needs one voice"),
    (("duty: 0.25, gain", "duty: 0.25, loud: 2, gain"), 8, "unknown key"),
    (("  rattle:\n    peak: 0.4\n", "  hum:\n    peak: 0.4\n"), 10, "no code makes it"),
])
def test_a_damaged_file_names_its_line_and_problem(tmp_path, change, line, words):
    path = tmp_path / "sounds.yaml"
    path.write_text(GOOD.replace(*change))
    with pytest.raises(DataError) as e:
        load_bank(path, {"rattle": rattle})
    assert f"sounds.yaml:{line}:" in str(e.value) and words in str(e.value), str(e.value)
