"""Issue 39 (5): a person's seat whose pad is unplugged (a netplay guest gone) may be handed to
the CPU from the pause menu; the match then goes on without him. With every pad plugged in, the
pause menu offers no such thing (so movies made before play the same)."""
from __future__ import annotations

from tdream.frontend.constants import DOWN, START, A
from tdream.frontend.run import Headless
from tdream.frontend.scenes.pause import PauseScene
from tdream.frontend.setups import MatchSetup
from tdream.platform import registry

GAME = registry.ids()[1]


def _table(connected: int):
    game = registry.get(GAME)
    cpu = next(k for k in game.cpu_kinds() if k != "random")
    h = Headless(3, setup=MatchSetup(GAME, 3, ["human", "human"] + [cpu] * (game.default_seats - 2), {}))
    for _ in range(300):
        h.step(0, connected=connected)
    table = h.machine.top
    h.step(START, connected=connected)
    h.step(0, connected=connected)
    assert isinstance(h.machine.top, PauseScene)
    return h, table, h.machine.top


def test_a_seat_on_an_unplugged_pad_is_handed_to_the_cpu_and_the_match_goes_on():
    h, table, pause = _table(0b0001)
    item = f"CPU plays for {table.names[1]}"
    assert item in pause.menu.items
    for _ in range(20):
        if pause.menu.index == pause.menu.items.index(item):
            break
        h.step(DOWN, connected=1)
        h.step(0, connected=1)
    h.step(A, connected=1)
    h.step(0, connected=1)
    assert h.machine.top is table and table.is_cpu(1) and 1 not in table.pad_of
    before = table.game.progress()
    for i in range(3000):
        h.step(A if i % 7 == 0 else 0, connected=1)
        if table.game.progress() >= before + 6:
            break
    assert table.game.progress() >= before + 6, "the match went on with the CPU in the seat"


def test_with_every_pad_plugged_in_nothing_is_offered():
    _, _, pause = _table(0b0011)
    assert not any(i.startswith("CPU plays") for i in pause.menu.items)
