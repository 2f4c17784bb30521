"""``tdream bench`` (FORMATS.md section 5): every game's speed figures.

The default game keeps the names section 5 gives it (``engine_turns_per_s``, ``engine_games_per_s``,
``replay_verify_turns_per_s``, ``ai_decision_ms_p99`` and ``_hard``); every other game's carry
its id (``<id>_turns_per_s`` or ``<id>_rounds_per_s``, then ``<id>_replay_verify_<unit>_per_s``
and ``<id>_ai_decision_ms_p99`` / ``_hard``). The platform is below the front end: the front
end's figures (frames, startup, movie verify, memory) are ``tdream.frontend.bench``'s, and the
command line (``cmd_bench``) prints these, then those, then which engine build ran.
"""
from __future__ import annotations

from . import registry
from .simulate import bench_decisions, bench_matches, bench_replay

UNITS = {"_turns_per_s": "turns/s", "_rounds_per_s": "rounds/s", "_games_per_s": "games/s", "_ms_p99": "ms",
         "_ms_p50": "ms", "_ms_p99_hard": "ms", "_ms_p99_setpiece": "ms", "_ms_p50_setpiece": "ms",
         "frames_per_s": "frames/s", "startup_s": "s", "peak_rss_mb": "MB"}


def units(name: str) -> str:
    for suffix, unit in sorted(UNITS.items(), key=lambda kv: -len(kv[0])):
        if name.endswith(suffix):
            return unit
    return ""


def game_figures(game, seconds: float) -> dict:
    """One game's figures: whole ``random`` matches, replay verify, CPU decisions."""
    unit = game.progress_unit
    if game.id == registry.LEGACY:       # the first game keeps FORMATS.md section 5's names
        prefix, verify = "engine", "replay_verify"
    else:
        prefix, verify = game.id, f"{game.id}_replay_verify"
    turns, games = bench_matches(game, seconds)
    out = {f"{prefix}_{unit}_per_s": turns, f"{prefix}_games_per_s": games,
           f"{verify}_{unit}_per_s": bench_replay(game)}
    for level in ("normal", "hard"):
        lineups = game.program.bench_lineups
        tables = lineups(level) if lineups is not None else None
        if tables is None:
            kind = "cpu" if level == "normal" else f"cpu:{level}"
            tables = [[kind] * game.default_seats]
        key = "ai_decision_ms_p99" if game.id == registry.LEGACY else f"{game.id}_ai_decision_ms_p99"
        out[key + ("" if level == "normal" else f"_{level}")] = bench_decisions(game, tables)
    return out


def figures(seconds: float = 5.0, game_id: str | None = None) -> dict:
    """Every game's figures (or one game's, with ``game_id``), in the registry's order."""
    out: dict = {}
    for gid in ([game_id] if game_id else registry.ids()):
        out.update(game_figures(registry.get(gid), seconds))
    return out


__all__ = ["figures", "game_figures", "units"]
