"""The status screen (X at the table): every seat's score by good (C5.7), footprints, houses
chosen (C5.1), the towers' completion values and marks (C4.1) and who leads each tower's felt
and by how much (C5.2), one page of the shell's status screen (B, X or Start closes it)."""
from __future__ import annotations

from ....frontend.constants import B, GOLD, LABEL, PLAYER_COLOURS, RED, START, WHITE, X
from ....frontend.scenes.status import Page, Status
from ....frontend.text import tr
from ....frontend.widgets import fit
from .. import queries
from ..scoring import PARTS
from . import sheetview as sv

MARK_X, MARK_STEP = 144, 24          # the seats' completion marks (right edges), tokens under them
FELT_X = 252                         # the felt lead's right edge (C5.2)


def draw_status(status, m, surface, y: int) -> None:
    """The one page: every seat's score by good and total, footprints and houses; the towers'
    completion values and marks and their felt leads; who is one cell from the end."""
    t = status.table
    shown = t.shown
    font = m.font
    font.draw(surface, tr("STATUS: round {r}", r=shown.round), 128, 5, GOLD, align="centre")
    x0 = 96
    for i, part in enumerate(PARTS):
        sv.icon(surface, sv.PART_GOOD[part], x0 + i * 18 + 6, 22)
    font.draw(surface, tr("total"), 250, 21, LABEL, "small", align="right")
    bd = t.breakdown()
    for p, name in enumerate(t.names):
        c = t.colour_of[p]
        sv.token(m, surface, c, p, 6, y)
        font.draw(surface, fit(font, name, 72), 16, y, PLAYER_COLOURS[c], "small")
        for i, part in enumerate(PARTS):
            font.draw(surface, str(bd[p][part]), x0 + i * 18 + 14, y, WHITE, "small", align="right")
        font.draw(surface, str(bd[p]["total"]), 250, y, GOLD, "small", align="right")
        chosen = [h[0] for h in shown.houses[p]]
        font.draw(surface, tr("footprints {k}", k=shown.footprints[p]), 16, y + 9, LABEL, "small")
        font.draw(surface, tr("houses:"), 100, y + 9, LABEL, "small")
        hx = 100 + font.width(tr("houses:"), "small") + 3
        for j, g in enumerate(chosen):
            sv.icon(surface, g, hx + j * 8, y + 10)
        if not chosen:
            font.draw(surface, "-", hx, y + 9, LABEL, "small")
        y += 19
    y += 2
    font.draw(surface, tr("Towers: first / later value (C4.1)"), 8, y, GOLD, "small")
    font.draw(surface, tr("felt"), 252, y, sv.GOOD_COLOURS[2], "small", align="right")
    y += 10
    marks = queries.completion_marks(shown)
    leads = queries.felt_leads(shown)
    for tm, lead in zip(marks, leads):
        font.draw(surface, tr("Tower {t} ({h} high): {a} / {b}", t=tm.tower, h=tm.height, a=tm.first, b=tm.later),
                  8, y, WHITE if tm.first_open else LABEL, "small")
        for p, sm in enumerate(tm.seats):
            label = {"open": "-", "crossed": "x", "first": str(sm.points), "later": str(sm.points)}[sm.status]
            colour = {"open": LABEL, "crossed": RED, "first": GOLD, "later": WHITE}[sm.status]
            font.draw(surface, label, MARK_X + p * MARK_STEP, y, colour, "small", align="right")
        draw_felt_lead(status, m, surface, lead, y)
        y += 9
    for p in range(len(t.names)):
        sv.token(m, surface, t.colour_of[p], p, MARK_X - 10 + p * MARK_STEP, y + 1)
    y += 12
    for ne in queries.near_end(shown):           # every word, four of them above the overlays' line
        for line in font.wrap(tr("{who}: 1 cell from the end ({cell}, C4.2).", who=t.names[ne.seat], cell=ne.cell),
                              240, "small"):
            font.draw(surface, line, 8, y, RED, "small")
            y += 9


def draw_felt_lead(status, m, surface, lead, y: int) -> None:
    """A tower's felt (C5.2): the leader's token and "+N" (how many felt ahead of the next),
    "tie N" when several have the most, "-" when nobody has any there."""
    font = m.font
    text, colour = felt_lead_text(lead)
    font.draw(surface, text, FELT_X, y, colour, "small", align="right")
    if len(lead.leaders) == 1:
        p = lead.leaders[0]
        sv.token(m, surface, status.table.colour_of[p], p, FELT_X - font.width(text, "small") - 10, y + 1)


def felt_lead_text(lead) -> tuple[str, tuple]:
    """The felt column's words for one tower (``queries.FeltLead``)."""
    if lead.most == 0:
        return "-", LABEL
    if len(lead.leaders) > 1:
        return tr("tie {k}", k=lead.most), WHITE
    return f"+{lead.lead}", sv.GREEN


# one page, its heading its own; "B: back" on the bottom line right of the timer and pads (the page
# ends above them); Start closes it too
STATUS = Status((Page("Status", draw_status),), top=32, foot=(212, 212), close=B | X | START)
