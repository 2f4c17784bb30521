"""The engine's reasons in the language on screen.

The match says why an answer is refused in English, starting with the rule (``T3.1: d4 holds
Kenta's 5``). The screen says each form listed in ``REASONS`` again from its template
(``tdream/frontend/screen_reasons.py``: the same words in English; Japanese from ja.yaml), the
rule ID kept in front. The support rule's reason (T3.3) is said shorter, part by part, so that it
fits the text box: which of (a), (b) and (c) fails and by how much. A reason of a form not known
here is shown as the engine wrote it. The seats' names in it are said as the screen says them
(``text.shown_name``: the characters in Japanese letters in Japanese); said to the seat it is
about (``subject``: his name already stands before it), a reason leaves his name out ("Player 1:
T5.2: no tower of size 3 or more yet", not "Player 1: T5.2: Player 1 has no tower ...").
"""
from __future__ import annotations

import re

from ....frontend.screen_reasons import Reasons
from ....frontend.text import shown_name, tr

_T33 = re.compile(r"T3\.3: (?P<parts>.+?)(?: \(the largest at (?P<square>\w+) is (?P<top>\d)\))?$")
_UNSUPPORTED = re.compile(r"T7\.1: removing (?P<square>\w+) would leave (?P<what>.+) unsupported$")
_TOWER = re.compile(r"(?P<square>\w+) \((?P<who>.+?)'s (?P<size>\d)\)")


# T3.3's failing conditions, said short ("#mine": towers tall enough all round, none of them his)
_PARTS = Reasons.of("towers", forms=(
    (r"fewer than two supports of (?P<t>\d)\+ \((?P<k>\d)\)", "{k} of two {t}+ beside"),
    (r"(?P<k>\d) supports of (?P<t>\d)\+ but none his", "{k} {t}+ beside, none yours"),
    (r"fewer than two assists of (?P<t>\d)\+ \((?P<k>\d)\)", "{k} of two {t}+ at corners"),
    (r"a support and (?P<k>\d) assists but none his", "one beside and {k} at corner(s), none yours"),
    (r"#mine (?P<t>\d)", "{t}+ beside and at corners, none yours"),
))


def support_parts(parts: str) -> str:
    """T3.3's failing conditions, short: "no own 6+ beside, 1 of two 4+ beside, ..."."""
    out = []
    items = parts.split(", and ")
    both = [re.fullmatch(r"(\d) supports of (\d)\+ but none his", p) for p in items]
    if any(both) and any(re.fullmatch(r"a support and (\d) assists but none his", p) for p in items):
        t = next(b for b in both if b).group(2)
        items = [p for p in items if not re.fullmatch(r"(\d supports of \d\+|a support and \d assists) but none his", p)]
        items.append(f"#mine {t}")
    for part in items:
        m = re.fullmatch(r"no own neighbour larger than (\d)", part)
        if m:
            a = int(m.group(1)) + 1
            out.append(tr("no own {a}+ beside", a=a) if a <= 9 else tr("no own taller tower beside"))
        else:
            out.append(_PARTS.explain(part))
    return tr(", ").join(out)


def _special(reason: str) -> str | None:
    """T3.3's reason said short, part by part, and T7.1's towers left unsupported; None for the rest."""
    m = _T33.match(reason)
    if m:
        parts = support_parts(m.group("parts"))
        if m.group("square"):
            return tr("T3.3: {parts} (the largest at {square} is {top})", parts=parts, square=m.group("square"),
                      top=m.group("top"))
        return tr("T3.3: {parts}", parts=parts)
    m = _UNSUPPORTED.match(reason)
    if m:
        what = tr(", ").join(tr("{square} ({who}'s {size})", **REASONS.said(t.groupdict()))
                             for t in _TOWER.finditer(m.group("what")))
        return tr("T7.1: removing {square} would leave {what} unsupported", square=m.group("square"), what=what)
    return None


NAMES = ("who", "other", "claimer", "by")          # the fields that hold a seat's name
REASONS = Reasons.of("towers", patterns={"square": r"\w+", "size": r"\d", "need": r"\d", "n": r"\d+"}, forms=(
    "T3.1: {square} holds {who}'s {size}",
    "T3.1: {square} is claimed by {who}",
    (r"TG1\.1: no square (?P<square>\S+) on the (?P<n>\d+)x\d+ board", "TG1.1: no square {square} on the {n}x{n} board"),
    (r"T1\.2: a tower is size 1-9, not (?P<size>.+)", "T1.2: a tower is size 1-9, not {size}"),
    "TG5.1: a double turn is declared during a turn, before its placement or pass",
    "T5.1: {who} has no double turn left (two a game)",
    "T5.2: {who} has no tower of size {need} or more",
    "T7.1: demolition is not played (option demolish: none)",
    "T7.1: only the acting player demolishes, on his turn",
    "T7.1: one demolition a turn",
    "T7.1: {square} holds no tower of {who}'s",
    "TG5.1: it is {who}'s turn; {other} may only declare a double turn",
    "TG2.1: {who} has picked already",
    "TG6.1: {who} is asked to end the game, not {other}",
    "T6.1: the game is over ({why})",
    "TG2.1: the game awaits the secret picks (pick), not {kind}",
    "TG6.1: the game awaits {who}'s answer to end the game? (end), not {kind}",
    "TG3.3: the game awaits {who}'s turn (place), not {kind}",
    "TG2.1: picks are for two players",
    (r"T2\.1: a pick is a size 1-9, not (?P<size>.+)", "T2.1: a pick is a size 1-9, not {size}"),
    "TG2.1: the other pick is hidden in this view",
    "TG3.3: no seat {seat} in this game",
    "TG4.3: {who} is walled in: nowhere to build",
    "TG7.3: {square} is {claimer}'s after this turn; {who} is walled in then, whatever he builds (TG4.3)",
    "TG7.3: {square} is {claimer}'s after this turn; unless {who} builds there now, he is walled in (TG4.3)",
), own=(                                            # said to the seat they are about: no name
    (r"T5\.1: (?P<who>.+) has no double turn left \(two a game\)", "T5.1: no double turn left (two a game)"),
    (r"T5\.2: (?P<who>.+) has no tower of size (?P<need>\d) or more", "T5.2: no tower of size {need} or more yet"),
    (r"TG4\.3: (?P<who>.+) is walled in: nowhere to build", "TG4.3: walled in, nowhere to build"),
    (r"T7\.1: (?P<square>\w+) holds no tower of (?P<who>.+)'s", "T7.1: no tower of yours to demolish"),
), say=dict.fromkeys(NAMES, shown_name), first=_special)
_FORMS, _OWN = REASONS.forms, REASONS.own          # (pattern, template)

explain = REASONS.explain


def refused_size(reason: str | None, size: int) -> str:
    """Why ``size`` cannot stand on the square (the reason ``largest_size`` gives for the next
    size up), short: "Not 5 (T3.3): no own 6+ beside, ..."."""
    if not reason:
        return tr("9 is the tallest tower (T1.2).")
    m = _T33.match(reason)
    if m:
        return tr("Not {size} (T3.3): {parts}.", size=size, parts=support_parts(m.group("parts")))
    return explain(reason)


__all__ = ["explain", "refused_size", "support_parts"]
