"""The set-up can never start a match it cannot play (issue 36).

After one game with an unnamed human seat the records database holds profiles "Player 1" to
"Player 4"; choosing the profile "Player 1" for seat 2 while seat 1 is unnamed gave two seats
"Player 1", and Start closed the window (``ValueError: two seats have the same name``). Every
game's set-up screen is walked through every combination of seats a pad can reach (each seat
empty, a CPU, or a human without or with a profile, among them profiles named as a default
seat and as a character): each either starts a match the game seats, or stays with a reason."""
from __future__ import annotations

import itertools

import pytest

from tdream.frontend.match import seat_names
from tdream.frontend.run import Headless
from tdream.platform import registry
from tdream.platform.database import RecordsDB
from tdream.platform.session import Seat, Session
from tdream.frontend.frontends import frontend_of
from tdream.platform.options import options_for

GAMES = ["towerdream", "towers", "cattower", "towerup"]
PROFILES = ["Player 1", "Player 2", "Kenta", "Ann"]
# what a seat can hold: empty, a CPU (one whose name a profile also has, one whose not, random),
# a human with no profile or with each profile
CHOICES = [None, "kenta", "yuka", "random"] + [("human", p) for p in [None] + PROFILES]


def setup_scene(gid: str, tmp_path):
    db = RecordsDB(tmp_path / f"{gid}.sqlite")
    for name in PROFILES:
        db.profile(name)
    h = Headless(seed=4, records=db)
    m = h.machine
    m.push(frontend_of(gid).mode_scene(m, "Free play"))
    return h, m, m.stack[-1]


def started(m, scene):
    """Start on the scene as it stands: the table it would start (not entered), or None."""
    got = []
    real = m.replace
    m.replace = got.append
    try:
        scene.message = ""
        scene.start(m)
    finally:
        m.replace = real
    return got[0] if got else None


def reachable(scene, i: int) -> set:
    """What seat ``i`` can hold by left/right on its row (the screen's own ``change``), the
    others as they stand."""
    seen = set()
    before = list(scene.seats)
    for _ in range(40):
        scene.change(f"seat{i}", 1)
        seen.add(scene.seats[i])
    scene.seats = before
    return seen


@pytest.mark.parametrize("gid", GAMES)
def test_every_seat_combination_starts_a_playable_match_or_says_why(gid, tmp_path):
    h, m, scene = setup_scene(gid, tmp_path)
    game = registry.get(gid)
    seats = len(scene.seats)
    refused = played = 0
    per_seat = []
    for i in range(seats):
        can = reachable(scene, i)
        per_seat.append([c for c in CHOICES if (c[0] if isinstance(c, tuple) else c) in can])
    for combo in itertools.product(*per_seat):
        scene.seats = [c if not isinstance(c, tuple) else "human" for c in combo]
        scene.profiles = [c[1] if isinstance(c, tuple) else None for c in combo]
        if [k for k in scene.seats if k not in (None, "human", "random")] != \
                list(dict.fromkeys(k for k in scene.seats if k not in (None, "human", "random"))):
            continue                              # a character sits once: the screen never offers it twice
        table = started(m, scene)
        if table is None:
            assert scene.message, combo           # refused: with a reason on the screen
            refused += 1
            continue
        s = table.setup
        names = seat_names(list(s.seats), s.profiles)
        assert len(set(names)) == len(names), (combo, names)
        options_for(game, s.options, len(s.seats))          # the game seats them (raises if not)
        played += 1
    assert played and refused                     # both kinds of combination were met


@pytest.mark.parametrize("gid", GAMES)
def test_the_issue_s_combination_is_refused_and_a_fixed_one_plays(gid, tmp_path):
    """Seat 1 unnamed ("Player 1"), seat 2 the profile "Player 1": refused with a reason, the
    screen stays; with seat 2 the profile "Ann" the table starts and its session seats all."""
    h, m, scene = setup_scene(gid, tmp_path)
    scene.seats[:2] = ["human", "human"]
    scene.profiles[:2] = [None, "Player 1"]
    assert started(m, scene) is None and "Player 1" in scene.message
    scene.profiles[1] = "Ann"
    scene.message = ""
    scene.start(m)
    table = m.stack[-1]
    assert table is not scene and sorted(table.host.names) == sorted(set(table.host.names))
    assert "Ann" in table.host.names and "Player 1" in table.host.names
    h.step(0)


def test_seat_names_of_a_started_match_are_the_sessions():
    """What the walk checks (``seat_names``) is what the table's host seats: Session.start
    refuses two seats of one name."""
    kinds = ["human", "human"]
    names = seat_names(kinds, [None, "Player 1"])
    assert names == ["Player 1", "Player 1"]
    with pytest.raises(ValueError):
        Session.start(registry.get("towers"), [Seat(n, k) for n, k in zip(names, kinds)], {}, 1)
