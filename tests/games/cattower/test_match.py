"""The match as data: JSON round trips, fingerprints, copies, determinism, options."""
import json

import pytest

from tdream.games.cattower import GAME
from tdream.platform.conformance import random_session


def test_json_round_trip_at_every_point():
    s = random_session(GAME, 7, seats=3)
    m = s.match
    while m.awaiting() is not None:
        back = GAME.match_from_json(json.loads(json.dumps(m.to_json())))
        assert back.fingerprint() == m.fingerprint()
        assert back.awaiting() == m.awaiting()
        s.advance()
    assert GAME.match_from_json(m.to_json()).result() == m.result()


def test_fingerprint_is_sha256_of_canonical_json():
    import hashlib
    m, _ = GAME.new_match(["A", "B"], {}, 1)
    canon = json.dumps(m.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert m.fingerprint() == hashlib.sha256(canon.encode()).hexdigest()


def test_copy_is_independent():
    m, _ = GAME.new_match(["A", "B"], {}, 1)
    c = m.copy()
    c.apply(c.sample_chance())
    assert m.phase == "roll" and c.phase == "draft"


def test_same_seed_same_trail_and_progress_counts_rounds():
    def trail(seed):
        s = random_session(GAME, seed, seats=2)
        out = []
        while s.match.awaiting() is not None:
            s.advance()
            out.append(s.match.fingerprint())
        return out, s.match
    a, ma = trail(3)
    b, _ = trail(3)
    assert a == b
    assert ma.progress() == ma.round and ma.progress() > 10


def test_options_are_checked_and_have_rule_ids_and_help():
    assert {o.name: o.rule for o in GAME.options} == {"pass_footprints": "C2.3", "dishes": "C5.4",
                                                      "felt_needs_one": "CG5.2"}
    assert all(o.help for o in GAME.options)
    with pytest.raises(ValueError, match="dishes"):
        GAME.new_match(["A", "B"], {"dishes": "plates"}, 0)
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new_match(["A", "B"], {"size": 3}, 0)
    assert GAME.variant({"dishes": "kinds"}) == "dishes-kinds"


def test_variants_are_named_as_a_player_would_in_continue_and_the_records():
    """Issue 23, 7: never the key ("dishes-goods") on Continue or in ``tdream records``; issue 36:
    the game as written is CAT TOWER, not an option's label ("dishes by good"), and a house rule
    is named by what it changes, in 16 letters at most (the Records' list of last games)."""
    for options, name, text in (({}, "CAT TOWER", "as written"), ({"dishes": "kinds"}, "dishes by kind", None),
                                ({"felt_needs_one": True}, "felt needed", None),
                                ({"dishes": "kinds", "felt_needs_one": True}, "2 house rules", None)):
        variant = GAME.variant(options)
        assert GAME.variant_name(variant) == name and GAME.variant_text(variant) == (text or name)
        assert "-" not in name and "dishes by good" not in name and len(name) <= 16


def test_from_json_refuses_another_game_or_sheet():
    m, _ = GAME.new_match(["A", "B"], {}, 1)
    data = m.to_json()
    with pytest.raises(ValueError):
        GAME.match_from_json(dict(data, game="towers"))
    with pytest.raises(ValueError):
        GAME.match_from_json(dict(data, sheet="0" * 16))


def test_game_module_imports_no_pygame():
    import subprocess
    import sys
    code = ("import sys, tdream.games.cattower as g; from tdream.games.cattower import players, queries, commentary, "
            "narration; assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
