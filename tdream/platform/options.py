"""A game's options as the platform reads them: from the command line, a record, a scenario or the
set-up screen, against the game's ``GameDef.options`` (each an ``OptionSpec``) and its
``seat_option``. The game declares; these check, fill in and parse, the same way for every game."""
from __future__ import annotations

from typing import Any

from .protocol import GameDef, OptionSpec


def option(game: GameDef, name: str) -> OptionSpec:
    """The option called ``name``; raises KeyError."""
    for o in game.options:
        if o.name == name:
            return o
    raise KeyError(name)


def parse_option(game: GameDef, name: str, text: str) -> Any:
    """The value of ``--option NAME=TEXT`` (or of the flag that stands for it). Raises ValueError
    with one line ("no such board 'x' (known: ...)")."""
    return option(game, name).parse(text)


def default_options(game: GameDef) -> dict:
    return {o.name: o.default for o in game.options}


def check_options(game: GameDef, options: dict) -> list[tuple[str, str]]:
    """(option name, what is wrong) for each unknown or bad option."""
    out = []
    known = {o.name: o for o in game.options}
    for k, v in options.items():
        if k not in known:
            out.append((k, f"unknown option (known: {', '.join(known)})"))
        else:
            why = known[k].check(v)
            if why:
                out.append((k, why))
    return out


def full_options(game: GameDef, options: dict | None) -> dict:
    """The defaults with ``options`` over them."""
    opts = default_options(game)
    opts.update(options or {})
    return opts


def seat_count(game: GameDef, options: dict) -> int | None:
    """How many seats ``options`` ask for, if the game's seat option says; else None."""
    v = options.get(game.seat_option) if game.seat_option else None
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def options_for(game: GameDef, options: dict | None, seats: int) -> dict:
    """The whole options of a match of ``seats`` seats: the defaults, ``options`` over them, the
    seat option set to ``seats``. Raises ValueError (one line) for a seat count the game does not
    seat, a seat option that says another, or a bad option."""
    lo, hi = game.seats
    if not lo <= seats <= hi:
        raise ValueError(f"{game.name} seats {lo}-{hi} players, not {seats}")
    given = dict(options or {})
    if game.seat_option is not None:
        said = given.get(game.seat_option)
        if said is not None and said != seats:
            raise ValueError(f"{seats} seats, but the option {game.seat_option}={said} says {said}: give one of them")
        given[game.seat_option] = seats
    for key, why in check_options(game, given):
        raise ValueError(f"{key}: {why}")
    return full_options(game, given)


__all__ = ["option", "parse_option", "default_options", "check_options", "full_options", "seat_count", "options_for"]
