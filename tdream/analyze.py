"""``tdream analyze RECORD...`` (docs/FORMATS.md sections 1 and 9): each record's analysis, a
summary in the terminal (a progress bar while it runs), ``--json`` and ``--png``.

A finished analysis is kept beside its record (``RECORD.analysis.json``, atomically) and shown at
once the next time, for the same seed and method; ``--again`` analyses it anew. The record itself
is only read. An analysis file may be given in a record's place (its chart drawn, its JSON shown).
"""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from .errors import FormatError, TdreamError
from .platform import registry
from .platform.analysis import (SUFFIX, Analysis, Method, dumps, keep, kept_for, method, open_record, read_report)
from .platform.simulate import progress_bar


def command(args, jobs: int) -> int:
    reports = []
    for i, path in enumerate(args.records):
        report, colours = _report(path, args, jobs)
        reports.append(report)
        if args.png:
            _png(report, args.png if len(args.records) == 1 else _numbered(args.png, i + 1), colours)
    if args.json:
        sys.stdout.write(dumps(reports[0]) if len(reports) == 1 else
                         json.dumps(reports, ensure_ascii=False, indent=1) + "\n")
    else:
        for report in reports:
            print(summary(report))
    return 0


def _numbered(path: str, n: int) -> str:
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{n}{p.suffix or '.png'}"))


def _report(path: str, args, jobs: int) -> tuple[dict, dict[str, int] | None]:
    """The analysis of ``path`` (kept, or made now) and the record's seat colours (None: an
    analysis file given, by seat order)."""
    if path.endswith(SUFFIX) or path.endswith(".json"):
        return read_report(path), None
    record = open_record(path, args.force)
    colours = record.setup.colours
    if not args.again:
        kept = kept_for(record, args.seed, args.decisions, method_of(args))
        if kept is not None:
            return kept, colours
    analysis = Analysis(record, args.seed, args.decisions, method_of(args))
    show = sys.stderr.isatty()
    last = [-1]

    def progress(done: int, total: int) -> None:
        if show and (done * 100 // max(1, total) != last[0] or done == total):
            last[0] = done * 100 // max(1, total)
            progress_bar(done, total, sys.stderr)

    report = analysis.run(jobs, args.cluster, progress)
    if args.keep:
        try:
            keep(record, report)
        except OSError as e:
            print(f"{record.path}: the analysis is not kept beside it ({e.strerror or e})", file=sys.stderr)
    return report, colours


def method_of(args) -> Method:
    """analysis.yaml's method, with ``--playouts N``: N playouts a position (the cheap ordering's
    no more than that)."""
    meth = method()
    n = getattr(args, "playouts", None)
    if n is None:
        return meth
    return dataclasses.replace(meth, playouts=n, order_playouts=min(meth.order_playouts, n), block=min(meth.block, n))


def _png(report: dict, path: str, colours: dict[str, int] | None = None) -> None:
    from .frontend.analysis_chart import colours_of, save_png  # pygame: only for --png
    try:
        save_png(report, path, colours=colours_of(report, colours))
    except OSError as e:
        raise TdreamError(f"{path}: cannot write the chart ({e.strerror or e})") from None


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def summary(report: dict) -> str:
    """The terminal's summary: each player's chances at the start, the middle and the end, luck,
    decisions' cost and marks; then every marked decision."""
    rec, meth = report["record"], report["method"]
    game = registry.get(rec["game"])
    names = rec["names"]
    turns = report["turns"]
    totals = report["totals"]
    luck_se = totals.get("luck_se") or [0.0] * len(names)
    out = [f"{game.name}: {len(turns) - 1} turns, {rec['inputs']} inputs"
           + ("" if rec["finished"] else " (unfinished)"),
           f"method: {meth['playouts']} playouts a position by the {meth['policy']} player, decisions ordered by "
           f"{meth['order_playouts']}, the {meth['leaders']} leaders played out; seed {meth['seed']}"]
    width = max(len(n) for n in names)
    mid = turns[len(turns) // 2]
    out.append(f"{'':{width}}   start    turn {mid['turn']:<3}  end     luck          lost  ?!  ?  ??")
    for s, name in enumerate(names):
        marks = totals["marks"][s]
        out.append(f"{name:{width}}  {_pct(turns[0]['chances'][s])}  {_pct(mid['chances'][s])}  "
                   f"{_pct(turns[-1]['chances'][s])}  {100 * totals['luck'][s]:+6.1f} ±{100 * luck_se[s]:4.1f}"
                   f"  {totals['cost'][s]:6.1f}"
                   f"  {marks.get('?!', 0):2}  {marks.get('?', 0):2}  {marks.get('??', 0):2}")
    se = max((x for t in turns for x in t["se"]), default=0.0)
    out.append(f"(each chance within ±{100 * se:.1f} points, one standard error; luck and lost in points)")
    marked = [d for d in report["decisions"] if d["mark"]]
    if marked:
        out.append("marked decisions:")
        for d in marked:
            out.append(f"  turn {d['turn']:>3} {names[d['seat']]}: {d['answer']} {d['mark']} "
                       f"(-{d['cost']:.1f} ±{d['se']:.1f}); better: {d['best']} ({_pct(d['best_chance']).strip()})")
    return "\n".join(out)


__all__ = ["command", "summary", "FormatError"]
