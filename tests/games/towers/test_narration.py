"""Narration: one English line per event worth telling, names not ids; score parts add up."""
from tdream.games.towers import GAME
from tdream.games.towers import events as ev
from tdream.platform.conformance import random_session


def test_every_event_of_a_game_is_told_with_seat_names():
    kinds = set()
    for options in ({"demolish": "war"}, {}, {"players": 3}):
        s = random_session(GAME, 6, options.get("players", 2), options)
        events = []
        s.observers.append(lambda _s, _seat, _a, evs, _g: events.extend(evs))
        s.run()
        for e in events:
            line = GAME.narration.describe(e, s.match)
            kinds.add(type(e).__name__)
            if type(e) is ev.GameOver:
                assert line is None                 # text play tells the end, last (GameDef.words)
                continue
            assert line and line[0].isupper() and "None" not in line
            for who in ("player", "by"):
                p = getattr(e, who, -1)
                if isinstance(p, int) and p >= 0:
                    assert s.match.names[p] in line
    assert {"TowerPlaced", "TurnStarted", "GameOver", "Passed", "EndAsked", "EndAnswered"} <= kinds


def test_describe_specific_lines():
    m, _ = GAME.new_match(["Ann", "Bob"], {}, 0)
    assert GAME.narration.describe(ev.TowerPlaced(0, "c4", 9, False, True), m) == \
        "Ann builds a size-9 tower (450 storeys) at c4."
    assert GAME.narration.describe(ev.Declared(1, 1, False), m) == "Bob declares a double turn out of turn (1 left)."
    assert GAME.narration.describe(ev.PicksRevealed((5, 5), -1), m).endswith("A tie: pick again.")
    assert "Bob is walled in by Ann" in GAME.narration.describe(ev.WalledIn(1, 0), m)
    assert GAME.narration.describe(ev.WalledIn(1, 1), m) == "Bob walls himself in: nowhere left to build."
    assert GAME.narration.describe(ev.GameOver("ended", ((0, 1),), (3, 3)), m) is None
    assert GAME.narration.describe("something else", m) is None
    assert GAME.narration.describe(ev.EndAsked(1), m) == "Bob, end the game?"           # TG6.1: a "no" always plays on
    assert GAME.words.reason("passes") == "a round of passes: every player passed (TG6.1)"


def test_score_parts_add_up_to_the_score_T6_2():
    s = random_session(GAME, 2, 2)
    s.run()
    for seat in (0, 1):
        parts = GAME.score_parts(s.match, seat)
        assert sum(p for _, p in parts) == s.match.scores()[seat]
        assert all(isinstance(label, str) for label, _ in parts)
