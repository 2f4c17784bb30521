"""Style figures over many matches (``GameDef.style``, for ``tournament`` and
``simulate --json``): each game counts its own figures per seat (its ``StyleFigures.counter``); the
means per CPU kind, each figure's leader and whether a character leads his own figure are the
same arithmetic for every game, here."""
from __future__ import annotations


def average_by_kind(results, figures) -> dict[str, dict[str, float]]:
    """{kind: {figure: mean per game seated}} over GameResults that carry ``style``."""
    sums: dict[str, dict[str, float]] = {}
    seats: dict[str, int] = {}
    for r in results:
        if not r.style:
            continue
        for kind, fig in zip(r.kinds, r.style):
            acc = sums.setdefault(kind, {k: 0.0 for k in figures})
            for k in figures:
                acc[k] += fig[k]
            seats[kind] = seats.get(kind, 0) + 1
    return {k: {f: round(v / seats[k], 3) for f, v in acc.items()} for k, acc in sorted(sums.items())}


def leaders(averages: dict[str, dict[str, float]], figures) -> dict[str, str]:
    """For each figure, the kind with the highest average (ties: the later id)."""
    out = {}
    for f in figures:
        best = max(averages, key=lambda k: (averages[k][f], k), default=None)
        if best is not None:
            out[f] = best
    return out


def summary(results, kinds: list[str], figures, signature: dict[str, str]) -> dict:
    """{"style": means per kind, "style_leaders": {figure: kind}, "signature_led": {kind: whether
    that character leads his own figure}} (``signature``: character id -> figure; a kind with a
    level, ``joji:hard``, is its character's; ``random`` and ``cpu`` have none)."""
    style = average_by_kind(results, figures)
    led = leaders(style, figures)
    return {"style": style, "style_leaders": led,
            "signature_led": {k: led.get(signature[k.split(":")[0]]) == k
                              for k in kinds if k.split(":")[0] in signature}}


__all__ = ["average_by_kind", "leaders", "summary"]
