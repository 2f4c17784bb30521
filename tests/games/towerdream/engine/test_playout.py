"""Random playouts over many seeds and all eight boards, checking invariants after every input
(STYLE.md rule 13)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdream.games.towerdream.ai import RandomPlayer
from tdream.games.towerdream.data import board_ids
from tdream.games.towerdream.rules import VACANT, new_game
from tdream.games.towerdream.rules import events as ev

BOARDS = board_ids()
MAX_INPUTS = 20_000


def check_invariants(g):
    """While the game awaits ``company`` or ``survivor``, the Landmark just placed belongs to no
    group yet: the checks look at the board without it."""
    pending = g.placed if g.phase in ("company", "survivor") else -1
    if pending >= 0:
        saved = g.owner[pending]
        g.owner[pending] = VACANT
        g.covered -= 1
        g.holdings[saved].remove(pending)
        try:
            _check(g)
        finally:
            g.owner[pending] = saved
            g.covered += 1
            g.holdings[saved].append(pending)
            g.holdings[saved].sort()
    else:
        _check(g)


def group(g, start, seen):
    """The connected group of Landmarks holding ``start`` (marks ``seen``), as R7.2 reads it."""
    seen[start] = True
    stack, out = [start], []
    while stack:
        x = stack.pop()
        out.append(x)
        for n in g.board.adjacent[x]:
            if not seen[n] and g.owner[n] != VACANT:
                seen[n] = True
                stack.append(n)
    return out


def _check(g):
    b = g.board
    assert all(c >= 0 for c in g.cash), g.cash
    # Companies: Level = size of its connected group; members connected; mark in its group.
    for c, mark in enumerate(g.mark):
        members = g.members[c]
        if mark < 0:
            assert members == []
            continue
        assert len(members) >= 2 and g.company[mark] == c and mark in members
        assert all(g.company[x] == c for x in members)
        seen = [False] * b.land_count
        assert sorted(group(g, members[0], seen)) == sorted(members), "a Company is exactly its connected group"
    assert sum(len(m) for m in g.members) == sum(1 for c in g.company if c >= 0)
    # Every connected group of Landmarks is wholly one Company or wholly loose.
    seen = [False] * b.land_count
    for x in range(b.land_count):
        if g.owner[x] != VACANT and not seen[x]:
            grp = group(g, x, seen)
            assert len({g.company[y] for y in grp}) == 1
    # Floors stand only on Company Lands; bookkeeping agrees with the board.
    for x in range(b.land_count):
        if g.floors[x]:
            assert g.company[x] >= 0 and g.owner[x] != VACANT
        if g.owner[x] == VACANT:
            assert g.floors[x] == 0 and g.company[x] == -1
    for p in range(len(g.names)):
        lands = [x for x in range(b.land_count) if g.owner[x] == p]
        assert g.holdings[p] == lands
        assert g.nfloors[p] == sum(g.floors[x] for x in lands)
    assert g.covered == sum(1 for o in g.owner if o != VACANT)
    assert g._big == sum(1 for m in g.members if len(m) >= g.ruleset.unabsorbable_level)


def check_shared_event(g, mover, answer, e):
    """The events the engine makes once per board and seat count (``game.Tables``) say
    what the input did: the seat whose turn it was (``mover``), the board's spaces and Lands."""
    spaces, road = g.board.spaces, len(g.board.spaces)
    if isinstance(e, (ev.DiceRolled, ev.Moved, ev.Passed, ev.Landed, ev.LandmarkPlaced)):
        assert e.player == mover, e
    if isinstance(e, ev.DiceRolled):
        assert e.value == answer.value, e
    elif isinstance(e, ev.Moved):
        assert e.end == (e.start + e.steps) % road, e
    elif isinstance(e, (ev.Passed, ev.Landed)):
        assert e.kind == spaces[e.space].kind, e
    elif isinstance(e, ev.LandmarkPlaced):
        assert e.land == answer.land and g.owner[g.land_index(e.land)] == e.player, e


def play(board_id, seed, boards, ruleset, check_every=1):
    g, events = new_game(ruleset, boards[board_id], list("ABCD"), seed=seed)
    players = [RandomPlayer(seed * 7 + i) for i in range(4)]
    fingerprints = []
    for n in range(MAX_INPUTS):
        aw = g.awaiting()
        if aw is None:
            break
        answers = g.legal_answers()
        assert len(answers) > 0, f"no legal answers while awaiting {aw}"
        a = g.sample_chance() if aw.player < 0 else players[aw.player].choose(g)
        before = list(g.cash)
        turn, mover = g.turn, g.seat
        events = g.apply(a)
        delta = [0] * 4
        for e in events:
            # The engine makes events with tuple.__new__ on its hot paths: every field given.
            assert len(e) == len(type(e)._fields), f"{type(e).__name__} made with {len(e)} fields"
            check_shared_event(g, mover, a, e)
            if isinstance(e, ev.Payment):
                assert e.amount > 0
                if e.payer >= 0:
                    delta[e.payer] -= e.amount
                if e.payee >= 0:
                    delta[e.payee] += e.amount
        assert [b + d for b, d in zip(before, delta)] == g.cash, "every change of cash is a Payment"
        if n % check_every == 0:
            check_invariants(g)
        if g.turn != turn:
            fingerprints.append(g.fingerprint())
            assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":")), \
                "the hand-written canonical JSON is json.dumps's"
    else:
        raise AssertionError(f"{board_id} seed {seed}: no end after {MAX_INPUTS} inputs")
    assert g.over and g.legal_answers() == []
    check_invariants(g)
    return g, fingerprints


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=st.sampled_from(BOARDS), seed=st.integers(0, 2**32))
def test_random_playout_keeps_every_invariant_and_ends(board, seed, boards, ruleset):
    g, _ = play(board, seed, boards, ruleset)
    assert g.over_reason in ("percent", "broke", "stalemate", "rounds")
    if g.over_reason == "broke":
        assert g.broke >= 0
    else:
        assert g.broke == -1


def test_every_board_plays_to_the_end(boards, ruleset):
    for board in BOARDS:
        for seed in range(3):
            g, _ = play(board, seed, boards, ruleset, check_every=5)
            assert g.over


def test_same_seed_twice_same_fingerprint_turn_by_turn(boards, ruleset):
    for board in ("classic-10", "hong-kong"):
        _, a = play(board, 77, boards, ruleset, check_every=50)
        _, b = play(board, 77, boards, ruleset, check_every=50)
        assert a == b and len(a) > 10
        _, c = play(board, 78, boards, ruleset, check_every=50)
        assert c != a


def test_house_rule_options_playouts(boards, ruleset):
    for opts in ({"players": 2}, {"players": 3, "build_scope": "line"}, {"max_rounds": 5},
                 {"end_percent": 30, "starting_cash": 500, "salary": 0}):
        n = opts.get("players", 4)
        g, _ = new_game(ruleset, boards["classic-7"], list("ABCD")[:n], seed=5, options=opts)
        players = [RandomPlayer(i) for i in range(n)]
        while (aw := g.awaiting()) is not None:
            g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
        check_invariants(g)
        if "max_rounds" in opts:
            assert g.round <= 5


def test_canonical_json_is_json_dumps_in_every_phase(boards, ruleset):
    """Names outside ASCII, cash above the small-int table, pending effects and debts: the
    fingerprint's hand-written JSON matches json.dumps at every input."""
    for board in ("classic-7", "hong-kong", "nightmare-13"):
        g, _ = new_game(ruleset, boards[board], ["タマ", "Ünï", "C\"q", "D"], seed=11,
                        options={"starting_cash": 2500, "salary": 700})
        players = [RandomPlayer(i) for i in range(4)]
        phases = set()
        while (aw := g.awaiting()) is not None:
            phases.add(g.phase)
            assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))
            g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
        assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))
        assert {"roll", "place", "build"} <= phases
