"""Style figures and the round robin (issue 4)."""
import json

from tdream.games.towerdream.rules import events as ev
from tdream.games.towerdream import GAME
from tdream.platform.simulate import play_game
from tdream.games.towerdream.style import FIGURES, SIGNATURE, StyleCounter, average_by_kind, leaders
from tests.conftest import run_cli, seated


def test_style_counts_agree_with_the_events(ruleset, boards):
    from tdream.games.towerdream.ai import make_player
    from tdream.games.towerdream.rules import new_game
    game, _ = new_game(ruleset, boards["classic-10"], list("ABCD"), seed=21)
    players = {i: make_player(k, i) for i, k in enumerate(seated(game, list("ABCD"), ["joji", "kenta", "yuka",
                                                                                           "random"]))}
    counter = StyleCounter(4)
    built = [0] * 4
    fees = [0] * 4
    placed = [0] * 4
    while (aw := game.awaiting()) is not None:
        answer = game.sample_chance() if aw.player < 0 else players[aw.player].choose(game)
        events = game.apply(answer)
        counter.observe(game, aw.player, answer, events)
        for e in events:
            if isinstance(e, ev.FloorsBuilt):
                built[e.player] += e.floors
            elif isinstance(e, ev.Payment) and e.reason == "fee" and e.payee >= 0:
                fees[e.payee] += e.amount
            elif isinstance(e, ev.LandmarkPlaced):
                placed[e.player] += 1
    figures = counter.figures(game)
    assert [f["floors_built"] for f in figures] == built and sum(built) > 0
    assert [f["fee_income"] for f in figures] == fees
    assert [f["landmarks"] for f in figures] == placed
    assert abs(sum(f["cash_share"] for f in figures) - 1) < 0.01
    for p, f in enumerate(figures):
        assert set(f) == set(FIGURES)
        assert f["towers"] == sum(1 for x in game.holdings[p] if 13 <= game.floors[x] < 20)
        assert 0 <= f["all_in"] <= 1


def test_averages_and_leaders(ruleset, boards):
    results = [play_game(GAME, ["kenta", "hikozaemon", "random", "random"], s, {"board": "classic-7"}, style=True)
               for s in range(3)]
    avg = average_by_kind(results)
    assert set(avg) == {"kenta", "hikozaemon", "random"}
    lead = leaders(avg)
    assert set(lead) == set(FIGURES)
    assert set(SIGNATURE.values()) <= set(FIGURES)


def test_simulate_json_has_style_and_tournament_runs():
    r = run_cli("simulate", "--games", "3", "--cpus", "hazumi,random,yuderu:hard,random", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out["style"]) == {"hazumi", "random", "yuderu:hard"}
    assert set(out["style"]["hazumi"]) == set(FIGURES)
    r = run_cli("tournament", "--characters", "kenta,yuka,joji,marimo", "--json", "--seed", "1")
    assert r.returncode == 0, r.stderr
    t = json.loads(r.stdout)
    assert t["games"] == 4 and set(t["win_rate"]) == {"kenta", "yuka", "joji", "marimo"}
    assert abs(sum(t["win_rate"].values()) - 1.0) < 1e-6   # one win a game, shared on ties, 1 seat each
    r = run_cli("tournament", "--characters", "kenta,yuka,joji")
    assert r.returncode == 2 and "4 or more" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("simulate", "--games", "5", "--cpus", "all", "--json", "--seed", "3")
    assert r.returncode == 0, r.stderr
    seats = json.loads(r.stdout)["seats"]
    assert sum(seats.values()) == 20 and len(seats) >= 5     # the round robin's seatings, not four ids
    r = run_cli("simulate", "--games", "1", "--cpus", "joji:brutal")
    assert r.returncode == 2 and "unknown level" in r.stderr
