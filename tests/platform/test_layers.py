"""Issue 21 (4): every game equal in the shell. Nothing outside a game's folder names the game:
the platform, the shell and the command line (everything in tdream/ but tdream/games/ and the
registry) name no game's id or term (``GameDef.terms``: its name and the words only it has); a
game's folder names no other game's package. Code, comments and data alike."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdream.platform import registry
from tests.conftest import ROOT

PACKAGE = ROOT / "tdream"
ALLOWED = {PACKAGE / "platform" / "registry.py"}         # the one place that names every game


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in list(folder.rglob("*.py")) + list(folder.rglob("*.yaml")) if p not in ALLOWED)


def _names(game, quoted: bool = True) -> list:
    """A game's id as its package or folder, and (``quoted``) as a string."""
    gid = re.escape(game.id)
    return [re.compile(p) for p in (rf"games\.{gid}\b", rf"games/{gid}\b") + ((rf"[\"']{gid}[\"']",) if quoted else ())]


def _terms(game) -> list:
    """Its terms (its name among them), whole words in any case (``wealth`` is Wealth)."""
    return [re.compile(rf"(?<!\w){t}(?!\w)", re.I) for t in game.terms]


def _hits(path: Path, patterns: list) -> list[str]:
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(ROOT) if ROOT in path.parents else path
    return [f"{where}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
            for pat in patterns for m in pat.finditer(text)]


GAMES = [registry.get(g) for g in registry.ids()]


def test_every_game_declares_its_terms():
    assert all(g.terms for g in GAMES), [g.id for g in GAMES if not g.terms]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_platform_and_the_shell_name_no_game(game):
    patterns = _names(game) + _terms(game)
    hits = [h for f in _files(PACKAGE) if PACKAGE / "games" not in f.parents for h in _hits(f, patterns)]
    assert not hits, "\n".join(hits[:40])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_game_names_another(game):
    patterns = [p for other in GAMES if other.id != game.id for p in _names(other, quoted=False)]   # "towers" is a word too
    folder = PACKAGE / "games" / game.id
    hits = [h for f in _files(folder) for h in _hits(f, patterns)]
    assert not hits, "\n".join(hits[:40])


def test_the_check_finds_a_name_where_one_is(tmp_path):
    """The check can fail: a file naming a game is caught."""
    game = GAMES[0]
    f = tmp_path / "x.py"
    f.write_text(f'GAME = "{game.id}"  # from tdream.games.{game.id}: {game.terms[1]}\n'.replace("?", "").replace("\\", ""))
    assert len(_hits(f, _names(game))) == 2 and len(_hits(f, _terms(game))) == 1
