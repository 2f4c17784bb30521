"""The YAML reader: libyaml's parser where PyYAML has it, the pure one for every refusal. Both
must read every file the project ships to the same values, types and lines."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tdream import yamlio
from tdream.errors import FormatError

ROOT = Path(__file__).resolve().parents[2]


def shipped_yaml() -> list[Path]:
    """Every YAML file of the tree (data, scenarios, test data), not those of hidden folders
    (a virtual environment's packages, git's)."""
    return sorted(p for ext in ("*.yaml", "*.yml") for p in ROOT.rglob(ext)
                  if not any(part.startswith(".") or part in ("build", "__pycache__")
                             for part in p.relative_to(ROOT).parts))


def shape(value):
    """A value with its reader's types and lines spelled out, to compare two readers exactly."""
    if isinstance(value, dict):
        return ("map", type(value).__name__, getattr(value, "line", None), sorted(getattr(value, "key_lines", {}).items()),
                [(k, shape(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("seq", type(value).__name__, getattr(value, "line", None), getattr(value, "item_lines", None),
                [shape(v) for v in value])
    return (type(value).__name__, value)


needs_libyaml = pytest.mark.skipif(yamlio._FastLoader is None, reason="PyYAML built without libyaml")


@needs_libyaml
def test_both_readers_read_every_shipped_file_alike():
    files = shipped_yaml()
    assert len(files) > 200
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = yaml.load(text, Loader=yamlio._FastLoader)  # noqa: S506
        pure = yaml.load(text, Loader=yamlio._Loader)  # noqa: S506
        assert shape(fast) == shape(pure), path


@needs_libyaml
@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",                  # a duplicate key: our constructor's words
    "a: [1, 2\nb: 3\n",              # a flow sequence left open
    "a:\n\t- 1\n",                   # a tab where indentation is
    "- a\nb: 1\n",                   # a mapping after a sequence
    "a: *nothing\n",                 # an unknown alias
    "? [1, 2]\n: x\n",               # an unhashable key
])
def test_a_refused_text_gets_the_pure_readers_message(text):
    with pytest.raises(FormatError) as fast:
        yamlio.parse_yaml(text, "f.yaml")
    saved = yamlio._FastLoader
    yamlio._FastLoader = None
    try:
        with pytest.raises(FormatError) as pure:
            yamlio.parse_yaml(text, "f.yaml")
    finally:
        yamlio._FastLoader = saved
    assert fast.value.problems == pure.value.problems
    assert fast.value.problems[0].startswith("f.yaml:")


@needs_libyaml
def test_the_fast_reader_is_the_one_used(monkeypatch):
    calls = []
    real = yaml.load

    def spy(text, Loader):  # noqa: N803 - PyYAML's name
        calls.append(Loader)
        return real(text, Loader=Loader)  # noqa: S506
    monkeypatch.setattr(yamlio.yaml, "load", spy)
    value = yamlio.parse_yaml("a:\n  - 1\n  - 2\n", "f.yaml")
    assert calls == [yamlio._FastLoader]
    assert value == {"a": [1, 2]} and value.key_lines == {"a": 1} and value["a"].item_lines == [2, 3]
