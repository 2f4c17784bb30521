"""Issue 21: every game's set-up shows the characters' grades of that game (``GameDef.grade``,
from the game's own data), in the seat rows ("Joji (A)") and the portrait panel ("Strength A"),
never Tower Dream's everywhere."""
import pytest

from tdream.frontend.frontends import frontend_of
from tdream.frontend.run import Headless
from tdream.platform import registry
from tdream.platform.roster import CHARACTER_IDS, GRADES


def _drawn_texts(monkeypatch) -> list[str]:
    """Every text the font draws from now on (the list fills as the scene draws)."""
    from tdream.frontend import font
    texts: list[str] = []
    draw = font.Font.draw

    def logged(self, surface, text, *args, **kwargs):
        texts.append(text)
        return draw(self, surface, text, *args, **kwargs)
    monkeypatch.setattr(font.Font, "draw", logged)
    return texts


def _shown(monkeypatch, game_id: str) -> dict[str, tuple[str, list[str]]]:
    """For each of the nine in seat 2 of the game's Free play set-up: (the seat row's value, the
    texts of the panel beside it)."""
    h = Headless(seed=1)
    m = h.machine
    scene = frontend_of(game_id).mode_scene(m, "Free play")
    m.push(scene)
    h.step(0)
    texts = _drawn_texts(monkeypatch)
    out = {}
    for cid in CHARACTER_IDS:
        scene.seats[1] = cid
        texts.clear()
        scene.draw_info(m, h.surface, "seat1")
        out[cid] = (scene.label("seat1")[1], list(texts))
    return out


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_set_up_shows_the_games_own_grade(monkeypatch, game_id):
    game = registry.get(game_id)
    for cid, (row, panel) in _shown(monkeypatch, game_id).items():
        grade = game.grade(cid)
        assert grade in GRADES, (game_id, cid, grade)
        assert row.endswith(f"({grade})"), (game_id, cid, row)
        assert f"Strength {grade}" in panel, (game_id, cid, panel)
        others = {f"Strength {g}" for g in GRADES if g != grade}
        assert not others & set(panel), (game_id, cid, panel)


def test_a_character_graded_otherwise_than_in_tower_dream_shows_his_grade_here(monkeypatch):
    """The games' grades are measured apart (their styles data): in each other game some of the
    nine have a grade unlike their Tower Dream one, and the set-up shows that one."""
    dream = registry.get("towerdream")
    for game_id in registry.ids():
        if game_id == "towerdream":
            continue
        game = registry.get(game_id)
        unlike = [c for c in CHARACTER_IDS if game.grade(c) != dream.grade(c)]
        assert unlike, f"{game_id}: every grade is Tower Dream's"
        shown = _shown(monkeypatch, game_id)
        for cid in unlike:
            row, panel = shown[cid]
            assert row.endswith(f"({game.grade(cid)})") and not row.endswith(f"({dream.grade(cid)})"), (game_id, row)
            assert f"Strength {dream.grade(cid)}" not in panel, (game_id, cid, panel)
