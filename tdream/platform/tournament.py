"""``tdream tournament``: the roster round robin of any game (issue 4; issue 15 for every game).

Every set of as many characters as the game seats by default (four of the nine: 126 sets; two:
36) plays with each character in each seat in turn (the seats rotated; a game
may then draw the turn order), ``rounds`` times over. A win counts 1 shared among those tied first. Prints each character's win rate, the mean
by grade (the game's own grades: ``GameDef.grade``; a round robin of all nine at ``normal`` also
says the grades it gives by ``roster.rank_grades``, how a game's grades are measured), and the
head-to-head table (how often the row finished ahead of the column when both sat at the table;
ties count half).
"""
from __future__ import annotations

from itertools import combinations

from . import registry
from .roster import CHARACTER_IDS, rank_grades
from .simulate import simulate
from .options import full_options, seat_count


def lineups(characters: list[str], seats: int = 4) -> list[list[str]]:
    out = []
    for group in combinations(characters, seats):
        for r in range(seats):
            out.append(list(group[r:] + group[:r]))
    return out


def tournament(rounds: int = 1, game_id: str | None = None, seed: int = 0, jobs: int = 1,
               characters: list[str] | None = None, difficulty: str = "normal", progress=None,
               options: dict | None = None, cluster: str | None = None) -> dict:
    """The round robin (``cluster``: played on a Ray cluster, as ``simulate``'s)."""
    game = registry.get(game_id)
    chars = list(characters or [c for c in CHARACTER_IDS if c in game.cpu_kinds()])
    kinds = [c if difficulty == "normal" else f"{c}:{difficulty}" for c in chars]
    opts = full_options(game, options)
    table = lineups(kinds, min(seat_count(game, opts) or game.default_seats, len(kinds)))
    games = len(table) * rounds
    style_figures = game.style is not None
    wins = {k: 0.0 for k in kinds}
    seats = {k: 0 for k in kinds}
    ahead = {a: {b: 0.0 for b in kinds} for a in kinds}
    met = {a: {b: 0 for b in kinds} for a in kinds}
    results = []
    for r in simulate(games, game.id, seed, jobs=jobs, style=style_figures, lineups=table, options=options,
                      cluster=cluster):
        results.append(r)
        for p, k in enumerate(r.kinds):
            seats[k] += 1
            if p in r.winners:
                wins[k] += 1 / len(r.winners)
        for p, a in enumerate(r.kinds):
            for q, b in enumerate(r.kinds):
                if p != q:
                    met[a][b] += 1
                    ahead[a][b] += 1.0 if r.ranks[p] < r.ranks[q] else 0.5 if r.ranks[p] == r.ranks[q] else 0.0
        if progress is not None:
            progress(len(results), games)
    rates = {k: round(wins[k] / seats[k], 4) if seats[k] else 0.0 for k in kinds}
    grade = {k: game.grade(k) for k in kinds}           # this game's grades ("" for a kind with none)
    grades: dict[str, list[float]] = {}
    for k in kinds:
        if grade[k]:
            grades.setdefault(grade[k], []).append(rates[k])
    out = {
        "game": game.id, "games": games, "variant": game.variant(opts), "difficulty": difficulty,
        "win_rate": rates, "grade": grade,
        "grade_win_rate": {g: round(sum(v) / len(v), 4) for g, v in sorted(grades.items())},
        "head_to_head": {a: {b: round(ahead[a][b] / met[a][b], 3) for b in kinds if met[a][b]} for a in kinds},
    }
    if sorted(kinds) == sorted(CHARACTER_IDS):         # all nine at normal: the grades this run gives
        out["measured_grade"] = rank_grades({k: round(100 * rates[k], 1) for k in kinds})
    if game.style is not None:
        out.update(game.style.summary(results, kinds))       # the game's own style figures
    return out


def format_tournament(t: dict) -> list[str]:
    kinds = list(t["win_rate"])
    name = registry.get(t["game"]).name
    where = f" on {t['variant']}" if t["variant"] else ""
    out = [f"{name} round robin{where}, {t['games']} games, difficulty {t['difficulty']}", ""]
    measured = t.get("measured_grade")
    out.append(f"{'character':<14} grade  win rate" + ("  this run" if measured else ""))
    for k in sorted(kinds, key=lambda k: -t["win_rate"][k]):
        grade = t["grade"].get(k) or "-"
        out.append(f"{k:<14} {grade:>5}  {100 * t['win_rate'][k]:6.1f}%" + (f"  {measured[k]:>8}" if measured else ""))
    out.append("")
    out.append("by grade: " + (", ".join(f"{g} {100 * v:.1f}%" for g, v in t["grade_win_rate"].items())
                               or "none (no graded character played)"))
    if measured:
        unlike = [k for k in kinds if measured[k] != t["grade"].get(k)]
        out.append("the grades this run gives (by win rate: the three best A, two B, two C, the last two D): "
                   + (f"unlike the game's data for {', '.join(f'{k} {measured[k]}' for k in unlike)}"
                      if unlike else "the same as the game's data"))
    out.append("")
    heads = [k.split(":")[0] for k in kinds]           # whole names: each column as wide as its name
    widths = [max(7, len(h) + 2) for h in heads]
    first = max([14] + [len(k) + 1 for k in kinds])
    out.append("head to head (row ahead of column):")
    out.append(f"{'':<{first}}" + "".join(f"{h:>{w}}" for h, w in zip(heads, widths)))
    for a in kinds:
        row = "".join(f"{100 * t['head_to_head'][a][b]:{w - 1}.0f}%" if b in t["head_to_head"][a] else f"{'-':>{w}}"
                      for b, w in zip(kinds, widths))
        out.append(f"{a:<{first}}{row}")
    if "style" not in t:
        return out
    style = registry.get(t["game"]).style
    FIGURES = style.figures if style is not None else ()
    out.append("")
    out.append("style figures (mean per game; * = the roster's highest):")
    fw = [max(10, len(f) + 2) for f in FIGURES]       # whole figure names
    out.append(f"{'':<{first}}" + "".join(f"{f:>{w}}" for f, w in zip(FIGURES, fw)))
    for k in kinds:
        cells = []
        for f, w in zip(FIGURES, fw):
            mark = "*" if t["style_leaders"].get(f) == k else " "
            cells.append(f"{t['style'][k][f]:{w - 1}.2f}{mark}")
        out.append(f"{k:<{first}}" + "".join(cells))
    led = [k for k, ok in t["signature_led"].items() if ok]
    out.append("")
    out.append(f"leads on its own figure: {len(led)} of {len(kinds)}"
               + (f" (not: {', '.join(k for k in kinds if k not in led)})" if len(led) < len(kinds) else ""))
    return out
