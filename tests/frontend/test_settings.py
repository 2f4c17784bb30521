"""Settings (issue 5): a missing or damaged file means defaults and one line of warning, never a
crash; saving is atomic."""
import os

from tdream.frontend.settings import Settings, load_settings, save_settings
from tests.conftest import run_cli


def test_missing_file_is_the_defaults_without_a_warning(tmp_path):
    s, warning = load_settings(tmp_path / "none.yaml")
    assert s == Settings() and warning is None


def test_damaged_yaml_is_the_defaults_with_one_line_naming_the_file(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("format: tdream-settings\nversion: 1\ntext_speed: [fast\n")
    s, warning = load_settings(p)
    assert s == Settings()
    assert str(p) in warning and "\n" not in warning and "default" in warning


def test_binary_garbage_is_the_defaults(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_bytes(b"\x00\xff\xfe garbage")
    s, warning = load_settings(p)
    assert s == Settings() and warning


def test_bad_values_fall_back_one_by_one(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("format: tdream-settings\nversion: 1\ntext_speed: fast\nscale: 99\nmystery: 1\nscanlines: yes\n")
    s, warning = load_settings(p)
    assert s.text_speed == "fast" and s.scale == 0 and s.scanlines is True
    assert "scale" in warning and "mystery" in warning


def test_a_newer_version_is_not_read(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("format: tdream-settings\nversion: 9\ntext_speed: fast\n")
    s, warning = load_settings(p)
    assert "version" in warning


def test_save_then_load_round_trips_and_leaves_no_temp_file(tmp_path):
    p = tmp_path / "cfg" / "settings.yaml"
    s = Settings(text_speed="slow", anim_speed="fast", scale=3, scanlines=True, mappings={"abc": {"a": "b"}})
    save_settings(s, p)
    assert load_settings(p) == (s, None)
    assert os.listdir(p.parent) == ["settings.yaml"]


def test_play_starts_with_a_damaged_settings_file(tmp_path):
    cfg = tmp_path / "tdream"
    cfg.mkdir()
    (cfg / "settings.yaml").write_text("{{{ not yaml")
    r = run_cli("play", "--headless-frames", "30", env={"XDG_CONFIG_HOME": str(tmp_path),
                                                         "XDG_DATA_HOME": str(tmp_path / "data")})
    assert r.returncode == 0, r.stderr
    assert "settings" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_the_titles_last_game_and_each_games_set_up_survive_a_restart(tmp_path):
    """Seen live: the title kept `last: {game: cattower}` and the next start threw every game's
    last set-up away with a warning, because `last` allowed only mappings."""
    p = tmp_path / "settings.yaml"
    s = Settings()
    s.last = {"game": "cattower", "cattower": {"level": "hard"}, "towerdream": {"board": "classic-7"}}
    save_settings(s, p)
    again, warning = load_settings(p)
    assert warning is None and again.last == s.last
    p.write_text("format: tdream-settings\nversion: 1\nlast: {game: [cattower]}\n")
    again, warning = load_settings(p)
    assert again.last == {} and "last" in warning


def test_a_long_warning_on_the_title_wraps_inside_its_window():
    from tests.frontend.screens import _DRAWN, Session, _watch_drawing, visible_texts
    warning = "/root/.config/tdream/settings.yaml: last: not the title's last game and a mapping of game ids"
    import tdream.frontend.scenes.title  # noqa: F401  (loaded first, so that its windows are watched)
    _watch_drawing()
    s = Session()
    s.m.warning = warning
    s.step(0, 40)
    _DRAWN.clear()
    s.h.frame()
    box = next(c for c in _DRAWN if c[0] == "cover" and c[1:3] == (4, 4))       # the warning's window
    said = [t for t in visible_texts(_DRAWN) if t[0] in warning]
    assert "".join(t[0] for t in said).replace(" ", "") == warning.replace(" ", "")   # nothing cut
    assert all(box[1] <= x and x + w <= box[1] + box[3] and y + h <= box[2] + box[4] for _, x, y, w, h in said)
