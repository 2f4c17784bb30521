"""Issue 25: what the engine keeps from move to move equals what ``board.py``'s from-scratch
functions give, after every move of random matches, on every board size, with every demolition
and claim option: the match's ``Derived`` (support tables, claims, room, tallest towers, empty
squares), its legal answers and input points, and the search's nodes (``Model.child``,
``Model.analyse``)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdream.games.towers import CLAIM_MODES, DEMOLISH, GAME
from tdream.games.towers import board as bd
from tdream.games.towers.answers import DECLARE, END_NO, END_YES, PASS, PICKS, Demolish, Place
from tdream.games.towers.data import rules, styles
from tdream.games.towers.search import Model
from tdream.rng import Rng

OPTIONS = st.fixed_dictionaries({
    "size": st.integers(6, 12),
    "demolish": st.sampled_from(DEMOLISH),
    "claim_mode": st.sampled_from(CLAIM_MODES),
    "first_player": st.sampled_from(("pick", "random")),
    "players": st.integers(2, 4),
})
MOST_STEPS = 300
NAMES = ["Ann", "Zoë", 'Bo "the" \\ B', "太郎"]      # the canonical JSON escapes them as json does
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- the references (from scratch)
def derived_from_scratch(m) -> dict:
    geo, owner, size = m.geo, m.owner, m.size
    claims = bd.claims(geo, owner, m.counting, m.options["claim_mode"] == "enclosed")
    tall = [max([size[i] for i in range(geo.cells) if owner[i] == q] or [0]) for q in range(m.players)]
    return {"tables": [bd.support_table(geo, owner, size, q) for q in range(m.players)],
            "table_squares": [[bd.largest_size(geo, owner, size, i, q) if owner[i] == bd.EMPTY else 0
                               for i in range(geo.cells)] for q in range(m.players)],
            "claims": claims,
            "room": [len(bd.placeable(owner, claims, q)) for q in range(m.players)],
            "tall": tall,
            "empties": owner.count(bd.EMPTY)}


def derived_kept(m) -> dict:
    tables = m._tables()
    return {"tables": tables, "table_squares": tables, "claims": m.claims(), "room": m._room(), "tall": m._tall(),
            "empties": m.empties()}


def legal_from_scratch(m, seat: int) -> tuple:
    """The legal answers as the engine worked them out before issue 25: square by square."""
    if m.over:
        return ()
    need = rules().declare_min_size
    may_declare = (m.phase == "place" and m.doubles[seat] > 0
                   and any(o == seat and s >= need for o, s in zip(m.owner, m.size)))
    if m.phase == "pick":
        return PICKS if m.picks[seat] is None and seat < 2 else ()
    if m.phase == "end":
        return m.legal_answers(seat) if seat == m.player else ()
    if seat != m.player:
        return (DECLARE,) if may_declare else ()
    c = bd.claims(m.geo, m.owner, m.counting, m.options["claim_mode"] == "enclosed")
    names = m.geo.names
    items: list = []
    for i in range(m.geo.cells):
        if m.owner[i] == bd.EMPTY and (c[i] == bd.EMPTY or c[i] == seat or i == m.vacated):
            top = bd.largest_size(m.geo, m.owner, m.size, i, seat)
            items.extend(Place(names[i], s) for s in range(1, top + 1))
    if m.options["demolish"] != "none" and not m.demolished:
        for i in range(m.geo.cells):
            if m.owner[i] == seat and m.check(Demolish(names[i]), seat) is None:
                items.append(Demolish(names[i]))
    if may_declare:
        items.append(DECLARE)
    items.append(PASS)
    return tuple(items)


def assert_position(m, where: str) -> None:
    for state in (m, m.view(m.to_move)):
        assert state.canonical_json() == json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"),
                                                    ensure_ascii=True), where
    before = m.fingerprint()
    assert derived_kept(m) == derived_from_scratch(m), where
    aw = m.awaiting()
    if aw is not None:
        for seat in range(m.players):
            assert m.legal_answers(seat) == legal_from_scratch(m, seat), (where, seat)
        if aw.kind == "place":
            assert aw.others == tuple(q for q in range(m.players) if q != m.player and m.can_declare(q)), where
    assert m.fingerprint() == before, f"{where}: a cache changed the state"


def playout(options: dict, seed: int):
    """A random match, each seat answering from its own view; yields (match, step) after every input."""
    names = NAMES[:options["players"]]
    m, _ = GAME.new_match(names, options, seed)
    rng = Rng(seed ^ 0x5EED)
    for step in range(MOST_STEPS):
        aw = m.awaiting()
        if aw is None:
            return
        seat = aw.player
        others = [q for q in aw.others if rng.below(4) == 0]
        if others:
            seat = others[0]
        view = m.view(seat)
        legal = view.legal_answers(seat)
        assert legal == m.legal_answers(seat)
        answer = legal[rng.below(len(legal))]
        if answer == PASS and rng.below(8):                 # mostly build on: long games, full boards
            answer = legal[rng.below(len(legal))]
        elif answer == END_YES and rng.below(8):
            answer = END_NO
        m.apply(answer, seat=seat)
        yield m, step


# ---------------------------------------------------------------- the match
@SETTINGS
@given(OPTIONS, st.integers(0, 2**32))
def test_derived_values_and_legal_answers_equal_the_from_scratch_ones_after_every_move(options, seed):
    prev = None
    for m, step in playout(options, seed):
        assert_position(m, f"step {step}")
        if prev is not None:            # a copy made before the move keeps its own position's values
            assert derived_kept(prev) == derived_from_scratch(prev), f"copy before step {step}"
        prev = m.copy()
        if step % 11 == 0:              # a match read back from its JSON works them out afresh
            back = GAME.match_from_json(m.to_json())
            assert derived_kept(back) == derived_from_scratch(back)
            assert back.legal_answers(back.to_move) == m.legal_answers(m.to_move)


@SETTINGS
@given(OPTIONS, st.integers(0, 2**32))
def test_lazy_values_are_the_same_when_first_asked_late(options, seed):
    """Nothing asked along the way (the replay's path: no support tables kept): the first
    question at the end gets the from-scratch answers too."""
    last = None
    for m, _ in playout(options, seed):
        last = m
    if last is not None:
        assert_position(last, "the end")


# ---------------------------------------------------------------- the search
def analysis_from_scratch(model: Model, node) -> dict:
    geo = model.geo
    claim = bd.claims(geo, node.owner, node.counting, model.enclosed)
    P = model.players
    return {"claim": claim,
            "terr": [claim.count(q) for q in range(P)],
            "pot": [sum(node.m[q][i] for i in range(geo.cells) if claim[i] == q) for q in range(P)],
            "taken": [sum(node.m[q][i] for i in range(geo.cells) if claim[i] >= 0) for q in range(P)],
            "nlibs": [len(bd.liberties(geo, node.owner, q)) for q in range(P)],
            "call": sum(1 for c in claim if c >= 0)}


def node_fields(model: Model, node) -> dict:
    model.analyse(node)
    return {"owner": node.owner, "size": node.size, "ntowers": node.ntowers, "counting": node.counting,
            "m": node.m, "tot": node.tot, "scores": node.scores, "tall": node.tall, "empties": node.empties,
            "claim": node.claim, "terr": node.terr, "pot": node.pot, "taken": node.taken, "nlibs": node.nlibs,
            "call": node.call}


@SETTINGS
@given(OPTIONS, st.integers(0, 2**32))
def test_search_children_equal_nodes_made_from_scratch(options, seed):
    rng = Rng(seed)
    style = styles().styles["cpu"]
    for m, step in playout(options, seed):
        if step % 5:
            continue
        model = Model(m.geo, m.players, m.options["claim_mode"], style, m.doubles, rules().declare_min_size)
        node = model.root(m.owner, m.size, m.counting)
        assert node_fields(model, node) == node_fields(model, model.root(node.owner, node.size, m.counting))
        for ply in range(3):             # a line of placements, each child from its parent
            moves = model.moves(node, ply % m.players)
            if not moves:
                break
            sq, s = moves[rng.below(len(moves))]
            assert s == bd.largest_size(m.geo, node.owner, node.size, sq, ply % m.players)
            child = model.child(node, sq, ply % m.players, s)
            scratch = model.root(child.owner, child.size, node.counting)
            assert node_fields(model, child) == node_fields(model, scratch), (step, ply)
            got = node_fields(model, child)
            assert {k: got[k] for k in ("claim", "terr", "pot", "taken", "nlibs", "call")} == \
                analysis_from_scratch(model, child)
            assert sum(child.m[0]) == child.tot[0]
            node = child
