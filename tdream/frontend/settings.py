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
    tas_keys: dict = field(default_factory=dict)     # the TAS window's keys the player changed: {action: key or [keys]}


# The TAS window's keys (issue 38), BizHawk's defaults where they fit: a key is a pygame key name,
# with "shift+", "ctrl+" or "alt+" before it for a chord. None of them is a pad's key by default
# (pads.KEYBOARD): BizHawk's Q (read-only) is pad 1's L here, so read-only is O. The settings'
# ``tas_keys`` replaces an action's keys (a name or a list of names); the others keep these.
TAS_KEYS: dict[str, tuple[str, ...]] = {
    "frame_advance": ("f",),
    "pause": ("pause", "p"),
    "slower": ("-", "[-]"),
    "faster": ("=", "[+]"),
    "fast_forward": ("tab",),
    "read_only": ("o",),
    "roll": ("r",),
    "help": ("h",),
    "write": ("ctrl+s",),
    "marker": ("m",),
    "branches": ("b",),
    **{f"save_{k}": (f"shift+f{k}",) for k in range(1, 10)},
    **{f"load_{k}": (f"f{k}",) for k in range(1, 10)},
}
TAS_MODIFIERS = ("shift", "ctrl", "alt")


def split_key(spec: str) -> tuple[frozenset[str], str]:
    """A TAS key's modifiers and its key name: "shift+f1" -> ({"shift"}, "f1"); "+" alone and
    "[+]" (the keypad's) are key names."""
    parts = spec.split("+")
    mods: set[str] = set()
    while len(parts) > 1 and parts[0] in TAS_MODIFIERS and parts[1:] != [""] and parts[1:] != ["]"]:
        mods.add(parts.pop(0))
    return frozenset(mods), "+".join(parts)


def tas_key_problems(value) -> list[str]:
    """What is wrong with a ``tas_keys`` mapping (the settings file's): unknown actions, keys that
    are not pygame key names, one key for two actions."""
    if not isinstance(value, dict):
        return ["tas_keys: not a mapping of TAS actions to keys"]
    import warnings  # the key names are checked only when a file gives some (start-up)
    import pygame  # the key names are checked only when a file gives some (start-up)
    problems = []
    taken: dict[str, str] = {}
    for action, keys in {**TAS_KEYS, **value}.items():
        if action not in TAS_KEYS:
            problems.append(f"tas_keys: unknown action {action!r} (the actions: {', '.join(TAS_KEYS)})")
            continue
        specs = [keys] if isinstance(keys, str) else keys
        if not isinstance(specs, (list, tuple)) or not specs or not all(isinstance(k, str) for k in specs):
            problems.append(f"tas_keys: {action}: {keys!r} is not a key name or a list of them")
            continue
        for spec in specs:
            mods, name = split_key(spec.lower())
            with warnings.catch_warnings():          # names only: no display needed
                warnings.simplefilter("ignore")
                try:
                    pygame.key.key_code(name)
                except (ValueError, pygame.error):
                    problems.append(f"tas_keys: {action}: {spec!r} is not a key (pygame's key names, with "
                                    f"shift+, ctrl+ or alt+ before them)")
                    continue
            chord = "+".join(sorted(mods) + [name])
            if chord in taken and taken[chord] != action:
                problems.append(f"tas_keys: {action}: {spec!r} is {taken[chord]}'s key too")
            taken[chord] = action
    return problems


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
        elif key == "tas_keys":
            said = tas_key_problems(value)
            if said:
                problems.extend(said)
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
