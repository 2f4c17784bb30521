"""The Towers screens' words: every template (those in lists and tables too, and the engine's
reasons as ``explain`` says them again) has its Japanese with the same fields; a reason's rule
ID stays in front in both languages."""
import random

import pytest

from tdream.frontend.text import fields, load_all_ja, load_ja, set_language
from tdream.games.towers import GAME
from tdream.games.towers.answers import DECLARE, Demolish, Pick, Place
from tdream.games.towers.frontend import explain as ex
from tdream.games.towers.frontend import prompts, results, setup, status, table
from tests.conftest import ROOT

JA = ROOT / "tdream" / "games" / "towers" / "frontend" / "ja.yaml"


def templates() -> set[str]:
    """The templates the screens give ``tr`` from lists and tables (the literal ones are found
    by tests/frontend/test_text.py)."""
    out = set(prompts.PlacePrompt.MENU) | {"Yes, pass", "No, back", "Yes, end the game", "No, play on"}
    out |= set(prompts.PlacePrompt.LABELS.values()) | {t for _, t in ex._OWN}
    out |= {"the tower", "the demolition", "the double turn"}          # what a take-back names
    for spec in GAME.options:                                          # the set-up's words (GAME.options)
        out |= {spec.label, spec.setup_help, *spec.past_seats} | {t for _, t in spec.words + spec.value_help}
    out |= {t for t in setup.SETUP.helps.values()} | {setup.SETUP.title, setup.SETUP.style_title}
    out.discard("")
    out |= set(setup.plays().values()) | {t for _, t in ex._FORMS}
    out |= set(table.REASONS.values()) | set(results.REASONS.values()) | {p.title for p in status.STATUS.pages}
    out |= {GAME.name, "{who} goes first (by the picks).", "{who} goes first (drawn at random).",
            "{who} goes first (as set up).", "A person with a pad: the keyboard is pad 1. A: choose a profile.",
            "Plays any legal move at random.", "Nobody sits here. Towers is for 2 to 4 players.",
            "How well the characters play: easy, normal or hard.", "How often the characters comment on the game.",
            "The board's side, 6 to 12 squares (T1.1). 8x8 is the game as written.",
            "With 3 or 4 players the first player is drawn: secret picks are for two (TG2.1).",
            "{who} declares a double turn: an extra turn after this one ({left} left).",
            "{who} declares a double turn out of turn: an extra turn after this one ({left} left)."}
    from tdream.games.towers import frontend
    out.add(frontend.SUBTITLE)
    return out


def test_every_template_of_the_screens_has_japanese():
    ja = load_all_ja()
    missing = sorted(t for t in templates() if t not in ja)
    assert not missing, missing


def test_the_japanese_file_keeps_the_fields_and_loads_with_the_others():
    for en, ja in load_ja(JA).items():
        assert fields(en) == fields(ja), en
    load_all_ja()                                   # no template given two Japanese texts


def _reasons(seed: int) -> list[str]:
    """The engine's reasons met in random positions: every refused placement, size, declaration
    and demolition a screen may show."""
    rng = random.Random(seed)
    out = []
    for demolish in ("none", "advanced", "war"):
        m, _ = GAME.new_match(["A", "B"], {"first_player": "random", "demolish": demolish}, seed)
        for _ in range(40):
            if m.over:
                break
            seat = m.to_move
            for sq in m.geo.names[:: 7]:
                top, why = m.largest_size(sq, seat)
                out.append(why)
                out.append(m.check(Place(sq, min(9, top + 1 + rng.randrange(3))), seat))
                out.append(m.check(Demolish(sq), seat))
            out.append(m.check(DECLARE, seat))
            out.append(m.check(DECLARE, 1 - seat))
            out.append(m.check(Place("a1", 1), 1 - seat))
            answers = m.legal_answers()
            m.apply(answers[rng.randrange(len(answers))])
    return [r for r in out if r]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_engine_reason_is_said_again_with_its_rule_in_front(seed):
    reasons = _reasons(seed)
    assert len({r.split(":")[0] for r in reasons}) >= 5
    try:
        for r in reasons:
            set_language("en")
            english = ex.explain(r)
            assert english.split(":")[0] == r.split(":")[0]
            if not r.startswith("T3.3"):
                assert english == r                            # the engine's own words in English
            set_language("ja")
            japanese = ex.explain(r)
            assert japanese != r and japanese.startswith(r.split(":")[0]), r
            assert not any(w in japanese for w in (" beside", " holds ", " claimed ", " has no ")), japanese
    finally:
        set_language("en")


def test_the_size_refusal_is_short_enough_for_two_lines():
    """T3.3's reason for the next size up fits the text box's two small lines (48 characters each)."""
    m, _ = GAME.new_match(["A", "B"], {"first_player": "random"}, 3)
    worst = 0
    for _ in range(30):
        if m.over:
            break
        for sq in m.geo.names:
            top, why = m.largest_size(sq, m.to_move)
            if top and top < 9:
                worst = max(worst, len(ex.refused_size(why, top + 1)))
        m.apply(m.legal_answers()[len(m.legal_answers()) // 3])
    assert 0 < worst <= 96, worst


def test_a_pick_is_never_shown_in_the_other_seats_view():
    """TG2.1 as the screens rely on it: after one pick the other seat's view holds 0, not it."""
    m, _ = GAME.new_match(["A", "B"], {}, 1)
    m.apply(Pick(7), seat=0)
    assert m.view(1).picks[0] == 0 and m.view(0).picks[0] == 7
