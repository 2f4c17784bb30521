"""What a wheel carries: every data file the program reads. ``setup.py`` maps the top-level
``boards/`` and ``assets/`` folders onto the packages ``tdream.boards`` and ``tdream.assets``, and
``pyproject.toml``'s package-data says which files of each package go in; a file left out would
play from a clone and be missing from an installed copy (the window could not start). The
files are checked against those patterns here; building a wheel needs the network, so the
README's fresh-clone check is where one is built."""
from __future__ import annotations

import ast
import fnmatch
import re
import tomllib
from pathlib import Path

from tdream.datadirs import assets_root, boards_root

ROOT = Path(__file__).resolve().parents[2]


def _package_dirs() -> dict[str, str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "package_dir":
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py gives no package_dir")


def _patterns() -> dict[str, list[str]]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]["package-data"]


def _carried(package: str, relative: str, patterns: dict[str, list[str]]) -> bool:
    return any(fnmatch.fnmatch(relative, p) for key in (package, "*") for p in patterns.get(key, ()))


def test_the_top_level_data_folders_are_packages() -> None:
    dirs = _package_dirs()
    assert dirs == {"tdream.boards": "boards", "tdream.assets": "assets"}
    assert boards_root() == ROOT / "boards" and assets_root() == ROOT / "assets"


def test_every_data_file_goes_into_the_wheel() -> None:
    patterns = _patterns()
    missing = []
    for package, folder in _package_dirs().items():
        files = [f for f in (ROOT / folder).rglob("*") if f.is_file()]
        assert files, folder
        missing += [str(f) for f in files if not _carried(package, f.relative_to(ROOT / folder).as_posix(), patterns)]
    for f in (ROOT / "tdream").rglob("*"):
        built = f.suffix in {".py", ".pyc", ".so", ".c", ".h", ".log"} or f.name.startswith("_native")  # tdream native's
        if f.is_file() and not built and "__pycache__" not in f.parts:
            package = ".".join(f.parent.relative_to(ROOT).parts)
            if not _carried(package, f.name, patterns):
                missing.append(str(f))
    assert not missing, f"files a wheel would leave out: {missing}"


def test_the_program_finds_its_folders_through_datadirs() -> None:
    """A path built from the source file's place (``parents[2] / "assets"``) breaks in a wheel."""
    built = re.compile(r"parents\[\d\]\s*/\s*\"(assets|boards)\"")
    found = [str(f) for f in (ROOT / "tdream").rglob("*.py") if built.search(f.read_text(encoding="utf-8"))
             and f.name != "fontbake.py"]             # the font baker writes the repository's atlas
    assert not found
