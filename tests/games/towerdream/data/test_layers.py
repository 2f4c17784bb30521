"""Issue 37 (3): Tower Dream's layers import one way. Its data reads files and builds the rules'
values; it never imports the characters (``ai``) or anything above them, so that the AI may read
the data (``ai.roster`` does) without a circle."""
import ast

from tests.conftest import ROOT

GAME = ROOT / "tdream" / "games" / "towerdream"
ABOVE_DATA = ("ai", "frontend", "campaign", "scenario", "narrate", "style", "cli")


def imports_above(path) -> list[str]:
    """The imports in ``path`` (a module of the game's ``data`` folder) of a part of the game above
    its data, anywhere in the file (in a function too): `line: module`."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level else [(node.module or "").split("towerdream.", 1)[-1]]
            if node.level == 1 or (node.level == 0 and "towerdream" not in (node.module or "")):
                continue                     # its own folder, or another package
            mod = (node.module or "") if node.level != 0 else names[0]
            if mod.split(".")[0] in ABOVE_DATA or (node.level == 2 and not mod and
                                                   any(a.name in ABOVE_DATA for a in node.names)):
                out.append(f"{node.lineno}: {mod or [a.name for a in node.names]}")
    return out


def test_the_data_imports_nothing_above_it():
    found = {p.name: imports_above(p) for p in sorted((GAME / "data").glob("*.py"))}
    assert found and not any(found.values()), found


def test_the_check_finds_an_import_of_the_ai(tmp_path):
    f = tmp_path / "loader.py"
    f.write_text("from ..rules.board import Board\nfrom .loader import x\n"
                 "def f():\n    from ..ai.roster import roster\n    from .. import campaign\n")
    assert imports_above(f) == ["4: ai.roster", "5: ['campaign']"]
