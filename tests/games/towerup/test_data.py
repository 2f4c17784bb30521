"""Tower Up's data (RULES-towerup.md section 1, UG6.2): the shipped files hold together, draw at
256x224, and broken files are refused with every problem as file:line: key.path: what."""
import math
import re
import shutil

import pytest

from tdream.errors import DataError
from tdream.games.towerup import data as d
from tdream.platform.protocol import PositionError

from .conftest import CARDS, GRID, PACKAGE, load


@pytest.fixture(scope="module")
def shipped():
    return d.load_shipped()


def test_cities_have_the_designed_sizes_ug1_2(shipped):
    c4, c2 = shipped.cities["city-4"], shipped.cities["city-2"]
    assert (len(c4.sites), len(c4.districts), sum(c4.park), c4.players) == (36, 5, 6, (3, 4))
    assert (len(c2.sites), len(c2.districts), sum(c2.park), c2.players) == (30, 3, 4, (2,))
    for c in (c4, c2):
        assert all(1 <= len(a) <= 5 for a in c.adj)
        # connected: every site reachable from the first
        seen, todo = {0}, [0]
        while todo:
            for t in c.adj[todo.pop()]:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        assert len(seen) == len(c.sites)


def test_cities_draw_at_256x224_with_room_for_market_and_panels(shipped):
    x0, y0, x1, y1 = shipped.area
    assert y0 >= 32 and x1 <= 256 - 64          # a market strip above, player panels to the right
    for c in shipped.cities.values():
        assert d.drawing_problems(c, shipped.area) == []
        pts = c.at
        assert min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1:]) >= d.MIN_GAP
        for a, b in c.streets:
            for s in range(len(c.sites)):
                if s not in (a, b):
                    assert d.segment_distance(pts[s], pts[a], pts[b]) >= d.STREET_CLEARANCE
        segs = [(pts[a], pts[b], {a, b}) for a, b in c.streets]
        for i, (p, q, e) in enumerate(segs):
            for r, s, f in segs[i + 1:]:
                if not e & f:
                    assert not d._cross(p, q, r, s)


def test_drawing_problems_find_crossings_and_crowding():
    rep = d.Report()
    city = d.read_city({"sites": {"p": {"district": 1, "at": [10, 50]}, "q": {"district": 1, "at": [50, 90]},
                                  "r": {"district": 1, "at": [50, 50]}, "s": {"district": 1, "at": [10, 90]},
                                  "t": {"district": 1, "at": [30, 70]}},
                        "streets": [["p", "q"], ["r", "s"], ["p", "r"], ["t", "r"]]}, (), rep)
    assert not rep, rep.items
    problems = d.drawing_problems(city, (0, 0, 200, 200))
    text = " | ".join(w for _k, w in problems)
    assert "crosses" in text and "passes over t" in text
    crowded = d.read_city({"sites": {"p": {"district": 1, "at": [10, 50]}, "q": {"district": 1, "at": [20, 50]}},
                           "streets": [["p", "q"]]}, (), rep)
    assert any("px from p" in w for _k, w in d.drawing_problems(crowded, (0, 0, 200, 200)))
    assert any("outside the map area" in w for _k, w in d.drawing_problems(crowded, (0, 100, 200, 200)))


def test_cards_follow_ug1_3_composition(shipped):
    cards = shipped.cards
    assert len(cards) == 44
    kinds = {}
    for c in cards.values():
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    assert kinds == {"three": 16, "wild": 8, "two+1": 12, "one+2": 8}
    for colour in range(4):
        assert sum(1 for c in cards.values() if c.bottom == colour) == 11
        assert all(0 <= v < 4 for c in cards.values() for v in c.vehicles)


def test_tracks_and_counts_follow_ug1_4_and_ug1_5(shipped):
    assert shipped.tracks.values == (0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 17, 20, 23, 26, 30, 35)
    assert shipped.tracks.stars == (2, 4, 6, 8, 10, 12)
    comp = shipped.components
    assert (comp.chips, comp.draw) == ((7, 5, 3, 3), 3)
    assert [(comp.supply_for(n), comp.roofs_for(n), comp.later_for(n)) for n in (2, 3, 4)] == \
        [(20, 10, (4,)), (27, 10, (3, 3)), (33, 8, (1, 3, 4))]                  # UG1.1 (issue 24)


def test_ten_objectives_are_condition_primitives_ug6_2(shipped):
    objs = shipped.objectives
    assert list(objs) == ["rainbow", "brickworks", "ground-floor", "park-life", "across-town", "skyline",
                          "neighbours", "penthouse", "open-house", "fleet"]
    assert {o.primitive for o in objs.values()} <= set(d.PRIMITIVES)
    assert len({o.primitive for o in objs.values()}) == 10


def test_shipped_files_are_marked_provisional_with_a_source():
    import yaml
    for name in ("cities.yaml", "cards.yaml", "components.yaml", "objectives.yaml"):
        data = yaml.safe_load(d.data_path(name).read_text())
        assert data["provisional"] is True and data["source"].strip()


def _broken_copy(tmp_path, name, old, new, count=1):
    for f in d.FILES:
        shutil.copy(d.data_path(f), tmp_path / f)
    text = (tmp_path / name).read_text()
    assert old in text, old
    (tmp_path / name).write_text(text.replace(old, new, count))
    return tmp_path


def test_broken_city_file_names_every_problem_with_its_line(tmp_path):
    folder = _broken_copy(tmp_path, "cities.yaml", "s2: {at: [43, 58], district: 1, park: true}",
                          "s2: {at: [43, 58], district: one, park: maybe}")
    text = (folder / "cities.yaml").read_text().replace("[s35, s36]", "[s35, s99]")
    (folder / "cities.yaml").write_text(text)
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    problems = e.value.problems
    line_s2 = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip().startswith("s2: {at: [43, 58]"))
    assert any(f"cities.yaml:{line_s2}: cities.city-4.sites.s2.district: must be a whole number" in p for p in problems)
    assert any("cities.city-4.sites.s2.park: must be true or false" in p for p in problems)
    assert any("no site s99 in the city" in p for p in problems)


def test_broken_city_drawing_is_refused(tmp_path):
    folder = _broken_copy(tmp_path, "cities.yaml", "s2: {at: [43, 58]", "s2: {at: [25, 58]")
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    assert any("cities.city-4.sites.s2.at:" in p and "px from s1" in p for p in e.value.problems)


def test_broken_cards_file_names_every_problem(tmp_path):
    folder = _broken_copy(tmp_path, "cards.yaml", "k01: {bottom: black, floors: [black, black, white]}",
                          "k01: {bottom: pink, floors: [black, black, white, grey]}")
    text = (folder / "cards.yaml").read_text().replace("k44:", "K44:").replace("vehicles: [brown]}", "vehicles: [navy]}", 1)
    (folder / "cards.yaml").write_text(text)
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    probs = e.value.problems
    assert any("cards.yaml:11: cards.k01.bottom: 'pink' is not a colour" in p for p in probs)
    assert any("cards.k01.floors: must be a list of 1-3 floor icons" in p for p in probs)
    assert any("'navy' is not a colour" in p for p in probs)
    assert any("cards.K44: a card id is lower-case" in p for p in probs)


def test_card_composition_is_checked(tmp_path):
    folder = _broken_copy(tmp_path, "cards.yaml", "k01: {bottom: black, floors: [black, black, white]}",
                          "k01: {bottom: white, floors: [black, black, white]}")
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    assert any("12 cards with bottom colour white" in p for p in e.value.problems)
    assert any("10 cards with bottom colour black" in p for p in e.value.problems)


def test_broken_components_and_objectives_are_refused(tmp_path):
    folder = _broken_copy(tmp_path, "components.yaml", "stars: [2, 4, 6, 8, 10, 12]", "stars: [4, 2]")
    text = (folder / "objectives.yaml").read_text()
    text = text.replace("condition: {visible_roofs: {count: 4}}", "condition: {visible_roof: {count: 4}}")
    text = text.replace("condition: {roofs_on_parks: {count: 3}}", "condition: {roofs_on_parks: {count: -3}}")
    (folder / "objectives.yaml").write_text(text)
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    probs = e.value.problems
    assert any("components.yaml:" in p and "tracks.stars: must be columns in rising order" in p for p in probs)
    assert any("objectives.open-house.condition.visible_roof: unknown primitive" in p for p in probs)
    assert any("objectives.park-life.condition.roofs_on_parks.count: must be a whole number" in p for p in probs)


def test_counts_by_player_count_are_checked_with_their_lines_ug1_1(tmp_path):
    folder = _broken_copy(tmp_path, "components.yaml", "supply: {2: 20, 3: 27, 4: 33}", "supply: {2: 20, 4: 33}")
    text = (folder / "components.yaml").read_text()
    text = text.replace("roofs: {2: 10, 3: 10, 4: 8}", "roofs: {2: 10, 3: ten, 4: 8}")
    text = re.sub(r"^later_floors: .*$", "later_floors: {2: [4], 3: [3], 4: [1, 2, 3]}", text, count=1,
                  flags=re.M)                                             # whatever the shipped numbers
    (folder / "components.yaml").write_text(text)
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    lines = {k: next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(k + ":"))
             for k in ("supply", "roofs", "later_floors")}
    probs = e.value.problems
    assert len(probs) == 3                                                  # every problem at once
    assert any(f"components.yaml:{lines['supply']}: supply: must give every player count 2, 3, 4" in p for p in probs)
    assert any(f"components.yaml:{lines['roofs']}: roofs.3: must be a whole number" in p for p in probs)
    assert any(f"components.yaml:{lines['later_floors']}: later_floors.3: must be a list of 2 whole numbers" in p
               for p in probs)


def test_a_plain_count_is_one_for_every_player_count_ug1_1(tmp_path):
    folder = _broken_copy(tmp_path, "components.yaml", "supply: {2: 20, 3: 27, 4: 33}", "supply: 25")
    comp = d.load_shipped(folder).components
    assert [comp.supply_for(n) for n in (2, 3, 4)] == [25, 25, 25]
    assert d.data_hash(folder) != d.data_hash()                             # the counts are played


def test_a_file_without_provenance_is_refused(tmp_path):
    folder = _broken_copy(tmp_path, "components.yaml", "provisional: true", "provisional: false")
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    assert any("components.yaml:4: provisional: must be true" in p for p in e.value.problems)


def test_a_newer_version_is_refused(tmp_path):
    folder = _broken_copy(tmp_path, "cards.yaml", "version: 1", "version: 2")
    with pytest.raises(DataError) as e:
        d.load_shipped(folder)
    assert any("cards.yaml:7: version: 2: newer than this program reads" in p for p in e.value.problems)


def test_inline_city_problems_are_position_errors_with_key_paths(game):
    bad = {"sites": {"x1": {"district": 1}, "x2": {"district": "two"}}, "streets": [["x1", "x9"], ["x1", "x1"]]}
    with pytest.raises(PositionError) as e:
        load(game, city=bad, stock={})
    paths = {p for p, _w in e.value.problems}
    assert ("city", "sites", "x2", "district") in paths
    assert ("city", "streets", 0) in paths and ("city", "streets", 1) in paths


def test_inline_cards_and_tracks_problems_are_position_errors(game):
    cards = dict(CARDS, k9={"bottom": "black", "floors": ["plaid"]})
    with pytest.raises(PositionError) as e:
        load(game, cards=cards, tracks={"values": [1, 2], "stars": [3]}, stock={})
    paths = {p for p, _w in e.value.problems}
    assert ("cards", "k9", "floors", 0) in paths and ("tracks", "values") in paths


def test_inline_city_needs_no_screen_positions(game):
    m = load(game, stock={"A": {"black": 1}})
    assert m.rules.city.sites[:3] == ("a1", "a2", "a3") and m.rules.city.at[0] is None
    assert m.rules.city.districts == (1, 2, 3)
    assert GRID["sites"]["a1"]["park"] and m.rules.city.park[0]


def test_styles_file_is_validated(tmp_path):
    text = (PACKAGE / "styles.yaml").read_text()
    bad = tmp_path / "styles.yaml"
    bad.write_text(text.replace("weights: {cover: 5.0}", "weights: {cover: lots, colour: 1}")
                   .replace("hard:   {depth: 2,", "hard:   {depth: 9,"))
    with pytest.raises(DataError) as e:
        d.read_styles(bad)
    probs = e.value.problems
    assert any("characters.yuderu.weights.cover: must be a number" in p for p in probs)
    assert any("characters.yuderu.weights.colour: unknown key" in p for p in probs)
    assert any("levels.hard.depth: 9 is out of range" in p for p in probs)


def test_styles_reply_with_is_validated(tmp_path):
    """A level's ``reply_with`` (issue 24): player counts 2-4, each once; a problem names the file and line."""
    text = (PACKAGE / "styles.yaml").read_text()
    assert "reply_with: [2]}" in text
    assert d.styles().levels["hard"]["reply_with"] == (2,)
    assert d.styles().levels["normal"]["reply_with"] == ()         # no key: never
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "reply_with: [2]}" in t)
    for wrong in ("[5]", "[2, 2]", "two", "[true]"):
        bad = tmp_path / "styles.yaml"
        bad.write_text(text.replace("reply_with: [2]}", f"reply_with: {wrong}}}"))
        with pytest.raises(DataError) as e:
            d.read_styles(bad)
        probs = e.value.problems
        assert any(f"{bad}:{line}:" in p and "levels.hard.reply_with: must be a list of player counts" in p
                   for p in probs), (wrong, probs)


def test_styles_give_every_character_weights():
    from tdream.platform.roster import CHARACTER_IDS
    st = d.styles()
    assert set(st.characters) == set(CHARACTER_IDS)
    base = dict(st.base.weights)
    for cid in CHARACTER_IDS:
        assert dict(st.characters[cid].weights) != base, cid      # each plays in his own style


def test_data_hash_changes_with_the_data(tmp_path):
    for f in d.FILES:
        shutil.copy(d.data_path(f), tmp_path / f)
    before = d.data_hash(tmp_path)
    assert before == d.data_hash() and len(before) == 16
    styles = (tmp_path / "styles.yaml").read_text()
    (tmp_path / "styles.yaml").write_text(styles + "\n# changed\n")       # a comment plays nothing
    assert d.data_hash(tmp_path) == before
    (tmp_path / "styles.yaml").write_text(styles.replace("  track: 1.0", "  track: 1.5", 1))   # a weight plays
    assert d.data_hash(tmp_path) != before
