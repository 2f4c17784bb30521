"""Where the program's data folders live. The games' board data: ``boards/<game id>/`` at the top of the repository (the
design card's layout), installed as the package ``tdream.boards`` (pyproject.toml maps that
package onto the same folder, so a wheel carries it). ``board_folder(game_id)`` finds it either way.

A player's own board file goes in the same folder (a game may also read a folder of the
player's own, named by an environment variable); each game validates what it finds there and
leaves a bad file out.

The shell's assets (``assets/``: the font atlas, the shared sprites, the Japanese text) are
installed the same way, as the package ``tdream.assets``: ``assets_root()`` finds them."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def boards_root() -> Path:
    """``tdream/boards/`` when installed from a wheel, else the repository's ``boards/``."""
    inside = _HERE / "boards"
    return inside if inside.is_dir() else _HERE.parent / "boards"


def assets_root() -> Path:
    """``tdream/assets/`` when installed from a wheel, else the repository's ``assets/``."""
    inside = _HERE / "assets"
    return inside if inside.is_dir() else _HERE.parent / "assets"


def board_folder(game_id: str) -> Path:
    """A game's board data folder: ``boards/<game_id>/``."""
    return boards_root() / game_id


def with_boards(own: list[Path], game_id: str, was_in: Path) -> list[Path]:
    """``own`` (a game's package YAML) and its board files, in the order they had when they lay
    in ``was_in`` inside the package: a movie's data hash reads the files in this order, so the
    move to ``boards/`` left every shipped movie's hash as it was."""
    boards = sorted(board_folder(game_id).glob("*.yaml"))
    placed = {f: was_in / f.name for f in boards}
    return sorted(own + [f for f in boards if f not in own], key=lambda f: placed.get(f, f))
