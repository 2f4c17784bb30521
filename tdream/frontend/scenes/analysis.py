"""The Analysis screen (issue 40): a record's analysis in the window, shared by every game.

The chart of each player's chance to win (``analysis_chart``) with a cursor over the turns
(Left/Right, held repeats; L/R jump to the previous/next marked decision), each player's chance
at the cursor, total luck, points lost and marks; for a marked decision at the cursor, what was
played, what the analysis preferred and both chances. A watches the record from the cursor's
turn; B leaves.

The analysis runs in the background (``AnalysisJob``): the machine steps it every frame while it is
unfinished, ``PLAYOUTS_PER_FRAME`` playouts at a time whatever screen shows, so it can be left and
goes on; no thread, process or clock: how far it has got depends only on the frames stepped (a
movie that visits the screen replays and verifies, a savestate keeps it). Finished, it is kept
beside its record (``RECORD.analysis.json``) and read back the next time the screen opens on that
record; a kept file that is damaged or of another version is analysed anew.
"""
from __future__ import annotations

import pygame

from ...errors import TdreamError
from ...platform import registry
from ...platform.analysis import Analysis, Method, Stepper, keep, kept_for, report_of
from ..analysis_chart import colours_of, draw_chart, draw_legend, marked, turn_index
from ..constants import GOLD, GREY, INFO, INK, LABEL, LEFT, RIGHT, WHITE, A, B, L, R, rgb15
from ..frontends import frontend_of
from ..machine import Scene
from ..setups import MatchSetup
from ..text import shown_name
from ..widgets import fit, window

# Playouts a frame. Measured in a compiled tree (TDREAM_PURE unset; the 2-core machine shared with
# other work): a frame's share of a whole game's analysis took a median of 2-6 ms and 7-14 ms at
# the 99th percentile, by game, inside the frame's 16.6 ms; pure Python is some 5-10 times slower
# (the screens stay usable, the analysis takes longer).
PLAYOUTS_PER_FRAME = 3
SEED = 0                     # the analysis seed: the CLI's default, so a kept file serves both
METHOD: Method | None = None  # None: analysis.yaml's method (tests set a tiny one here)
CHART = (12, 31, 232, 96)    # the chart's rectangle on the screen


def who_of(record) -> str:
    """Whose decisions are rated: the people's (the CLI's default), or every seat's in a game of
    CPU players only (there is nothing else to mark)."""
    return "human" if "human" in record.setup.kinds else "all"


class AnalysisJob:
    """One record's analysis going on in the background (``Machine.jobs``): ``step`` runs
    ``PLAYOUTS_PER_FRAME`` playouts of it (``Analysis.stepper``'s work); once done it has the
    ``report`` and has kept it beside the record (``kept``; why not in ``unkept``). Its state holds
    no path (a movie's user folder may be anywhere: FORMATS.md section 4)."""

    def __init__(self, record, seed: int = SEED, who: str = "human", meth: Method | None = None) -> None:
        self.record = record
        self.seed = seed
        self.who = who
        self.analysis = Analysis(record, seed, who, meth)
        # the analysis's own stepper, made with a bound method (a savestate pickles it; a lambda
        # that closes over the analysis could not be)
        self.stepper = Stepper(self.analysis.work, self.make_report)
        self.playouts = 0
        self.report: dict | None = None
        self.kept = False
        self.unkept = ""

    @property
    def path(self) -> str:
        return str(self.record.path)

    def make_report(self) -> dict:
        return report_of(self.analysis.work, self.seed)

    @property
    def fraction(self) -> float:
        return self.stepper.fraction

    def step(self, m) -> bool:
        """One frame's share of the work; True once the report is there (and kept)."""
        if self.report is None and self.stepper.step(PLAYOUTS_PER_FRAME):
            self.report = report = self.stepper.report
            assert report is not None
            try:
                keep(self.record, report)
                self.kept = True
            except OSError as e:
                self.unkept = str(e.strerror or type(e).__name__)
        self.playouts = self.stepper.done_playouts
        return self.report is not None


def start_job(m, record) -> AnalysisJob:
    """The background analysis of ``record``: the one already running, or a new one (stepped by
    the machine from the next frame on)."""
    who = who_of(record)
    for job in m.jobs:
        if job.path == str(record.path) and job.who == who:
            return job
    job = AnalysisJob(record, SEED, who, METHOD)
    m.jobs.append(job)
    return job


class AnalysisScene(Scene):
    """A record's analysis (see the module's docstring). ``watching``: the table that watches
    this record (the screen opened from its replay controls): A jumps it to the cursor's turn
    rather than starting another."""

    overlay_at = (254, 1, "right")
    timer_at = (254, 213, "right")

    def __init__(self, record, watching=None) -> None:
        self.record = record
        self.watching = watching
        self.job: AnalysisJob | None = None
        self.report: dict | None = None       # a kept analysis, or the job's once it is done
        self.problem = ""                     # why there is none (a record that does not replay)
        self.cursor = 0                       # a turn: an index into the report's turns
        self.focus: int | None = None         # a marked decision at the cursor: an index into its decisions
        self.started = False

    # ---------------------------------------------------------------- the analysis
    def enter(self, m) -> None:
        if self.started:
            return
        self.started = True
        who = who_of(self.record)
        try:
            self.report = kept_for(self.record, SEED, who, METHOD)
        except TdreamError:                   # damaged, or of another version: analysed anew
            self.report = None
        if self.report is None:
            try:
                self.job = start_job(m, self.record)
            except TdreamError as e:
                self.problem = str(e).splitlines()[0].replace(str(self.record.path), "the record")[-60:]
                return
            if self.job.report is not None:
                self.report = self.job.report
        if self.report is not None:
            self.ready()

    def shown(self) -> dict:
        """The report shown (only asked once there is one)."""
        assert self.report is not None
        return self.report

    def ready(self) -> None:
        """The report is there: the cursor on the first marked decision, or at the start."""
        report = self.shown()
        marks = marked(report)
        self.focus = marks[0] if marks else None
        self.cursor = turn_index(report, report["decisions"][marks[0]]["input"]) if marks else 0

    def update(self, m) -> None:
        if self.report is None and self.job is not None and self.job.report is not None:
            self.report = self.job.report
            self.ready()

    # ---------------------------------------------------------------- the keys
    def handle(self, m, b) -> None:
        if b.any_press(B) >= 0:
            m.sound("cancel")
            m.pop()
            return
        report = self.report
        if report is None:
            return
        last = len(report["turns"]) - 1
        for p in range(4):
            if b.repeat(p, LEFT) or b.repeat(p, RIGHT):
                step = -1 if b.repeat(p, LEFT) else 1
                at = max(0, min(last, self.cursor + step))
                if at != self.cursor:
                    self.cursor = at
                    self.focus = self.mark_in(self.cursor)
                    m.sound("blip")
                break
            if b.press(p, L) or b.press(p, R):
                self.to_mark(m, -1 if b.press(p, L) else 1)
                break
        if b.any_press(A) >= 0:
            self.watch(m)

    def mark_in(self, k: int) -> int | None:
        """The first marked decision of the cursor's turn ``k``, or None."""
        report = self.shown()
        for i in marked(report):
            if turn_index(report, report["decisions"][i]["input"]) == k:
                return i
        return None

    def to_mark(self, m, way: int) -> None:
        """L/R: the previous or next marked decision (from the one focused, else the cursor's turn)."""
        report = self.shown()
        marks = marked(report)
        if self.focus is not None:
            k = marks.index(self.focus) + way
            target = marks[k] if 0 <= k < len(marks) else None
        elif way > 0:
            target = next((i for i in marks if turn_index(report, report["decisions"][i]["input"]) > self.cursor), None)
        else:
            target = next((i for i in reversed(marks)
                           if turn_index(report, report["decisions"][i]["input"]) < self.cursor), None)
        if target is None:
            m.sound("cancel")
            return
        self.focus = target
        self.cursor = turn_index(report, report["decisions"][target]["input"])
        m.sound("blip")

    def watch_turn(self) -> int:
        """The turn A watches from, as the jump window counts them (the cursor's progress + 1)."""
        return self.shown()["turns"][self.cursor]["turn"] + 1

    def watch(self, m) -> None:
        """A: the record watched from the cursor's turn (the table watching it, jumped; or a new one)."""
        turn = self.watch_turn()
        m.sound("select")
        table = self.watching
        if table is not None and not table.done and table in m.stack:
            m.pop()
            table.jump = None
            table.jump_to(m, turn)
            return
        rec = self.record
        setup = MatchSetup(rec.setup.game, rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options),
                           replay=rec, speed=1)
        table = frontend_of(rec.setup.game).table_scene(setup)
        m.push(table)
        table.jump_to(m, turn)

    # ---------------------------------------------------------------- drawing
    def names(self) -> list[str]:
        rec = self.report["record"] if self.report is not None else None
        if rec is None:
            return []
        return [shown_name(n, k == "human") for n, k in zip(rec["names"], rec["kinds"])]

    def colours(self) -> list:
        report = self.shown()
        names = report["record"]["names"]
        return colours_of(report, {n: c for n, c in self.record.setup.colours.items() if n in names})

    def unit(self) -> str:
        try:
            return "Round" if registry.get(self.record.setup.game).progress_unit == "rounds" else "Turn"
        except (TdreamError, KeyError):
            return "Turn"

    def draw(self, m, surface) -> None:
        font = m.font
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        font.draw(surface, "ANALYSIS", 128, 6, GOLD, align="centre")
        try:
            name = registry.get(self.record.setup.game).name
        except (TdreamError, KeyError):
            name = self.record.setup.game
        report = self.report
        if report is None:
            font.draw(surface, fit(font, name, 240), 128, 20, LABEL, "small", align="centre")
            self.draw_progress(m, surface)
            return
        turns = report["turns"]
        t = turns[self.cursor]
        sub = f"{name}: {self.unit().lower()} {t['turn'] + 1} of {max(1, turns[-1]['turn'])}"
        if self.cursor == len(turns) - 1 and report["record"].get("finished"):
            sub = f"{name}: the end ({turns[-1]['turn']} {self.unit().lower()}s)"
        font.draw(surface, fit(font, sub, 240), 128, 20, INFO, "small", align="centre")
        colours = self.colours()
        draw_chart(surface, pygame.Rect(CHART), report, colours, cursor=self.cursor, font=font, focus=self.focus)
        shown = dict(report, record=dict(report["record"], names=self.names()))
        y = draw_legend(surface, font, shown, colours, 12, 131, 232, chances=t["chances"], step=9)
        self.draw_detail(m, surface, y + 2, colours)
        font.draw(surface, fit(font, "<> turn  L/R marks  A: watch from here  B: back", 236), 128, 212, WHITE,
                  "small", INK, align="centre")

    def draw_detail(self, m, surface, y: int, colours) -> None:
        """Under the legend: the focused decision (played, preferred, both chances), or the luck
        of the cursor's turn."""
        font = m.font
        report = self.shown()
        names = self.names()
        if self.focus is not None:
            d = report["decisions"][self.focus]
            s = d["seat"]
            font.draw(surface, fit(font, f"{names[s]} {d['mark']}  lost {d['cost']:.0f} points (+-{d['se']:.0f})", 232),
                      12, y, colours[s], "small")
            font.draw(surface, fit(font, f"played  {d['answer']}", 196), 12, y + 9, WHITE, "small")
            font.draw(surface, f"{round(100 * d['chance'])}%", 244, y + 9, WHITE, "small", align="right")
            font.draw(surface, fit(font, f"better  {d['best']}", 196), 12, y + 18, GOLD, "small")
            font.draw(surface, f"{round(100 * d['best_chance'])}%", 244, y + 18, GOLD, "small", align="right")
            return
        turn = report["turns"][self.cursor]["turn"]
        lucks = [x for x in report["luck"] if x["turn"] == turn]
        if not lucks:
            font.draw(surface, "No marked decision here.", 12, y, LABEL, "small")
            return
        for row, x in enumerate(lucks[:3]):
            s = max(range(len(x["luck"])), key=lambda k: abs(x["luck"][k]))
            seat = x["seat"] if 0 <= x["seat"] < len(names) else s
            v = round(100 * x["luck"][seat])
            word = f"luck {x['outcome']}: {names[seat]} {v:+d}" if v else f"luck {x['outcome']}: even"
            font.draw(surface, fit(font, word, 232), 12, y + 9 * row, colours[seat] if v else LABEL, "small")

    def draw_progress(self, m, surface) -> None:
        """While it runs: a bar, how far, and that it may be left."""
        font = m.font
        x, y, w, h = CHART
        pygame.draw.rect(surface, rgb15(16, 24, 56), CHART)
        pygame.draw.rect(surface, rgb15(88, 96, 160), CHART, 1)
        if self.problem:
            font.draw(surface, "It cannot be analysed:", 128, y + 30, GOLD, "small", align="centre")
            font.draw(surface, fit(font, self.problem, w - 8), 128, y + 42, WHITE, "small", align="centre")
        else:
            frac = self.job.fraction if self.job is not None else 0.0
            queued = self.job is not None and self.job in m.jobs and m.jobs[0] is not self.job
            font.draw(surface, "After another analysis..." if queued else "Analysing the game...", 128, y + 24, WHITE,
                      align="centre")
            bar = (x + 24, y + 44, w - 48, 10)
            pygame.draw.rect(surface, INK, bar)
            pygame.draw.rect(surface, GOLD, (bar[0] + 1, bar[1] + 1, round((bar[2] - 2) * frac), bar[3] - 2))
            pygame.draw.rect(surface, LABEL, bar, 1)
            font.draw(surface, f"{int(100 * frac)}%", 128, y + 58, INFO, "small", align="centre")
            font.draw(surface, "B: leave it; it goes on.", 128, y + 72, GREY, "small", align="centre")
            if self.job is not None:
                meth = self.job.analysis.method
                whose = "every seat's decisions" if self.job.who == "all" else "the people's decisions"
                lines = [f"Each turn played out {meth.playouts} times", f"by {meth.policy} players to the end;",
                         f"{whose} rated the same way.", "Kept beside the record when done."]
                for i, line in enumerate(lines):
                    font.draw(surface, line, 128, y + h + 12 + 11 * i, LABEL, "small", align="centre")
        font.draw(surface, "B: back", 128, 212, WHITE, "small", INK, align="centre")


__all__ = ["AnalysisScene", "AnalysisJob", "start_job", "PLAYOUTS_PER_FRAME", "METHOD", "SEED"]
