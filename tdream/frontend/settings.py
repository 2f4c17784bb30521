"""Player settings, kept in the user config folder (platformdirs) as YAML.

A missing file means the defaults; a damaged one means the defaults and one line of warning
(the damaged file is left where it is, never overwritten until the player saves new settings).
Writes are atomic (temp + rename). Settings change how the game looks, sounds and how long
things take; none changes an outcome (FORMATS.md section 4).
"""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import yaml

from .constants import ANIM_SPEEDS, TEXT_SPEEDS

FORMAT = "tdream-settings"
VERSION = 1
TALK = ("never", "rarely", "sometimes", "often", "always")
CHOICES = {
    "text_speed": tuple(TEXT_SPEEDS),
    "anim_speed": tuple(ANIM_SPEEDS),
    "talk": TALK,
    "language": ("en", "ja"),
}


@dataclass
class Settings:
    text_speed: str = "normal"
    anim_speed: str = "normal"
    skip_cpu: bool = False          # skip CPU players' animations
    talk: str = "sometimes"         # how often the characters comment
    music: int = 6                  # volumes 0-10
    sound: int = 8
    scale: int = 0                  # 0: the largest whole number that fits
    fullscreen: bool = False
    aspect_87: bool = False         # 8:7 pixel aspect, as on a CRT
    scanlines: bool = False
    language: str = "en"
    timer: bool = False             # the in-game timer (speedruns)
    input_display: bool = False
    livesplit: bool = False         # send splits to a LiveSplit Server on localhost
    mappings: dict = field(default_factory=dict)     # controller GUID or "keyboard" -> {SDL button or key: SNES button}
    last: dict = field(default_factory=dict)         # the set-up last started, per game: {board, profiles}


def settings_path() -> Path:
    import platformdirs  # the user's folders: only when one is read or written
    return Path(platformdirs.user_config_dir("tdream")) / "settings.yaml"


def _check(data) -> tuple[Settings, list[str]]:
    problems: list[str] = []
    s = Settings()
    if not isinstance(data, dict):
        return s, ["not a mapping"]
    if data.get("format") != FORMAT:
        problems.append(f"format is {data.get('format')!r}, not {FORMAT}")
    if not isinstance(data.get("version"), int) or data.get("version", 0) > VERSION:
        problems.append(f"version {data.get('version')!r} is not one this program reads (<= {VERSION})")
    known = {f.name: f for f in fields(Settings)}
    for key, value in data.items():
        if key in ("format", "version"):
            continue
        if key not in known:
            problems.append(f"unknown key {key!r}")
            continue
        default = getattr(s, key)
        if key in CHOICES:
            if value not in CHOICES[key]:
                problems.append(f"{key}: {value!r} is not one of {', '.join(CHOICES[key])}")
                continue
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                problems.append(f"{key}: {value!r} is not true or false")
                continue
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
                problems.append(f"{key}: {value!r} is not a whole number 0-10")
                continue
        elif key == "mappings":
            if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
                problems.append("mappings: not a mapping of controller GUIDs to button maps")
                continue
        elif key == "last":
            # the game the title showed last ("game": an id), then each game's last set-up
            if not isinstance(value, dict) or not all(isinstance(k, str) and (isinstance(v, str) if k == "game"
                                                                              else isinstance(v, dict))
                                                      for k, v in value.items()):
                problems.append("last: not the title's last game and a mapping of game ids to their last set-up")
                continue
        setattr(s, key, value)
    return s, problems


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings and a one-line warning (or None). Never raises for a bad file."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), f"{path}: cannot read ({e.strerror}); using the default settings"
    except UnicodeDecodeError:
        return Settings(), f"{path}: damaged settings (not UTF-8 text); using the defaults"
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        return Settings(), f"{path}{where}: damaged settings ({getattr(e, 'problem', e)}); using the defaults"
    settings, problems = _check(data)
    if problems:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return Settings(), f"{path}: not a settings file ({problems[0]}); using the defaults"
        return settings, f"{path}: {'; '.join(problems)}; those settings are the defaults"
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": FORMAT, "version": VERSION, **asdict(settings)}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    os.replace(tmp, path)
