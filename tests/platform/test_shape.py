"""Issue 37 (4): a smaller ``GameDef``. The protocol's static half stays at most 40 members (its
own, not ``object``'s): a game's words, style figures, version-1 records, command line and
narration are each one value, and the option helpers are ``platform/options.py``'s functions."""
from __future__ import annotations

from tdream.platform import options, protocol
from tdream.platform.protocol import GameDef

MOST = 40


def members(cls: type) -> list[str]:
    """The names a class defines itself (attributes, methods and properties; not dunders)."""
    return sorted(n for n in vars(cls) if not (n.startswith("__") and n.endswith("__")))


def test_gamedef_has_at_most_40_members():
    mine = members(GameDef)
    assert len(mine) <= MOST, f"{len(mine)} members: {', '.join(mine)}"


def test_the_grouped_values_are_the_protocol_s_and_have_their_defaults():
    game = GameDef()
    assert game.words == protocol.Words() and game.words.reason("x") == "x" and game.words.part("a_b") == "A b"
    assert game.style is None and game.program == protocol.Program()
    assert game.legacy.header_keys == () and game.legacy.fingerprint(None, []) is None
    assert game.narration.describe(None, None) is None and game.narration.ends_at([]) is None
    assert not any(hasattr(GameDef, n) for n in options.__all__)


def test_the_count_can_fail():
    class Bigger(GameDef):
        pass
    for i in range(MOST):
        setattr(Bigger, f"extra_{i}", i)
    assert len(members(Bigger)) == MOST
    assert len(members(GameDef)) + len(members(Bigger)) > MOST
