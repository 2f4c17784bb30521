"""Tower Up's style figures (issue 24 point 7): counted per seat from the engine's events, averaged
per character by ``simulate --json`` and ``tournament`` through the GameDef's style hooks."""
import json

from tdream.games.towerup.style import FIGURES, SIGNATURE
from tdream.platform.roster import CHARACTER_IDS
from tdream.platform.simulate import play_game, simulate

from ...conftest import run_cli


def test_each_seat_gets_every_figure_and_they_add_up(game):
    r = play_game(game, ["cosmic-will", "hikozaemon", "yuderu"], 4, style=True)
    assert len(r.style) == 3 and all(set(f) == set(FIGURES) for f in r.style)
    assert sum(f["builds"] + f["takes"] for f in r.style) == r.turns          # every turn a take or a build
    assert sum(f["roofs_covered"] for f in r.style) == sum(f["roofs_lost"] for f in r.style)
    for f in r.style:
        played = f["builds"] + f["takes"]
        assert f["build_share"] == round(f["builds"] / played, 4)
        assert 0 <= f["visible_roofs"] <= f["builds"] and 0 <= f["track_top"] <= 15
        assert f["roof_height"] >= 1 or f["builds"] == 0


def test_every_character_has_a_signature_figure_and_the_summary_names_leaders(game):
    assert set(SIGNATURE) == set(CHARACTER_IDS) and set(SIGNATURE.values()) <= set(FIGURES)
    assert game.style.figures == FIGURES
    results = list(simulate(4, game.id, 5, cpus=["cosmic-will", "hikozaemon"], style=True, options={"players": 2}))
    out = game.style.summary(results, ["cosmic-will", "hikozaemon"])
    assert set(out["style"]) == {"cosmic-will", "hikozaemon"} and set(out["style_leaders"]) == set(FIGURES)
    assert set(out["signature_led"]) == {"cosmic-will", "hikozaemon"}
    mean = out["style"]["cosmic-will"]["builds"]
    assert mean == round(sum(f["builds"] for r in results for k, f in zip(r.kinds, r.style) if k == "cosmic-will")
                         / sum(r.kinds.count("cosmic-will") for r in results), 3)


def test_simulate_json_carries_the_style_figures():
    r = run_cli("simulate", "--game", "towerup", "--games", "2", "--seed", "3", "--players", "2", "--cpus",
                "joji,yuka", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert set(d["style"]) == {"joji", "yuka"} and set(d["style"]["joji"]) == set(FIGURES)
