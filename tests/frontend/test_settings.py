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
