"""The ruleset data against RULES.md: the G8.3 price table, piles, slot, Event kinds."""
from tdream.games.towerdream.rules.ruleset import EFFECTS, PILES

import re

from tests.conftest import DOCS


def _g83() -> dict:
    """RULES.md G8.3's table: id -> (name, Japanese name, business, price at Level 2, rise a Level)."""
    rows = re.findall(r"^  \| (\w+) \| (.+?) \((.+?)\) \| (.+?) \| (\d+) \+ (\d+)\(L-2\) \|", (DOCS / "RULES.md").read_text(),
                      re.M)
    return {r[0]: (r[1], r[2], r[3], int(r[4]), int(r[5])) for r in rows}


G83 = _g83()


def test_nine_companies_in_g83_order(ruleset):
    assert len(G83) == 9
    assert [c.id for c in ruleset.companies] == list(G83)
    assert [c.name for c in ruleset.companies] == [v[0] for v in G83.values()]
    assert [c.business for c in ruleset.companies] == [v[2] for v in G83.values()]


def test_company_names_have_the_cartridge_s_japanese(ruleset):
    """Issue 14 (12): the names shown in Japanese are G8.3's katakana (and the business too)."""
    from tdream.frontend.text import load_all_ja
    ja = load_all_ja()
    for c in ruleset.companies:
        assert ja[c.name] == G83[c.id][1] and ja.get(c.business), c.id


def test_the_rules_hash_ignores_names_and_follows_prices(tmp_path):
    """Issue 14 (12): a record names the rules it was played with; a name shown on screen is not
    a rule, a price is."""
    import shutil

    from tdream.games.towerdream.data.loader import DATA_DIR, load_ruleset
    for f in ("ruleset.yaml", "cards.yaml", "slot.yaml", "events.yaml"):
        shutil.copy(DATA_DIR / f, tmp_path / f)
    base = load_ruleset(tmp_path / "ruleset.yaml").data_hash
    text = (tmp_path / "ruleset.yaml").read_text()
    (tmp_path / "ruleset.yaml").write_text(text.replace('name: "Casey\'s"', 'name: "Someone Else"').replace(
        "# G8.3", "# a comment changed, G8.3"))
    assert load_ruleset(tmp_path / "ruleset.yaml").data_hash == base
    (tmp_path / "ruleset.yaml").write_text(text.replace("{2: 100, 3: 110,", "{2: 100, 3: 111,"))
    assert load_ruleset(tmp_path / "ruleset.yaml").data_hash != base


def test_price_table_matches_the_g83_formula_for_levels_2_to_40(ruleset):
    for c in ruleset.companies:
        base, step = G83[c.id][3:]
        for level in range(2, 41):
            assert c.price(level) == base + step * (level - 2), (c.id, level)


def test_price_past_level_40_is_as_at_40(ruleset):
    for c in ruleset.companies:
        assert c.price(41) == c.price(40) and c.price(99) == c.price(40)


def test_g83_spot_values(ruleset):
    by = {c.id: c for c in ruleset.companies}
    assert (by["ace"].price(5), by["ace"].price(13)) == (130, 210)
    assert (by["iris"].price(5), by["iris"].price(13)) == (450, 850)
    assert (by["gaia"].price(13), by["helix"].price(2)) == (585, 240)


def test_default_options_are_the_rules(ruleset):
    assert ruleset.options == {"starting_cash": 1500, "salary": 1500, "end_percent": 75, "players": 4,
                               "build_scope": "any", "max_rounds": None}
    assert (ruleset.fee_base, ruleset.fee_tower, ruleset.fee_grand_tower) == (50, 65, 100)
    assert (ruleset.sell_limit, ruleset.sell_percent, ruleset.forced_percent) == (3, 75, 25)
    assert (ruleset.bonus_base, ruleset.bonus_multiplier, ruleset.unabsorbable_level) == (2000, 13, 13)


def test_four_piles_of_at_least_12_cards_with_unique_ids(ruleset):
    for pile in PILES:
        assert len(ruleset.pile_cards(pile)) >= 12
    ids = [c.id for c in ruleset.cards]
    assert len(ids) == len(set(ids))


def test_cards_use_every_effect_primitive(ruleset):
    used = {name for c in ruleset.cards for name, _ in c.effects}
    assert used == set(EFFECTS)


def test_pile_flavours_r5_2(ruleset):
    def moves(pile):
        return sum(1 for c in ruleset.cards if c.pile == pile
                   for n, _ in c.effects if n in ("move", "move_to", "roll_again"))

    def biggest(pile):
        return max(abs(v) for c in ruleset.cards if c.pile == pile for n, v in c.effects
                   if n in ("gain", "pay") and isinstance(v, int))
    assert moves("crocodile") > len(ruleset.pile_cards("crocodile")) // 2      # mostly movement
    assert biggest("squid") > biggest("octopus") > biggest("crab")              # risk by pile
    cash = ("gain", "pay", "collect_each", "pay_each", "salary", "pay_percent", "pay_per_property",
            "collect_per_property")
    octo = [c for c in ruleset.cards if c.pile == "octopus"]
    assert sum(1 for c in octo if all(n in cash for n, _ in c.effects)) > len(octo) // 2   # mostly cash


def test_slot_has_four_reels_and_a_prize_for_every_symbol_and_count(ruleset):
    slot = ruleset.slot
    assert len(slot.reels) == 4
    for s in slot.symbols:
        assert set(slot.prizes[s]) == {1, 2, 3, 4}
        for strip in slot.reels:
            assert s in strip


def test_extra_event_kinds(ruleset):
    assert {"taxi", "banana", "half-salary", "island", "pinch", "lift"} <= set(ruleset.event_kinds)
