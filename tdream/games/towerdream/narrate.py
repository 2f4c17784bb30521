"""Tower Dream's events told in one English line each (``tdream play --text``); the end is told by
text play itself (``GameDef.words``), after the last comments."""
from __future__ import annotations

from .ai.commentary import speaker_name
from .rules import events as ev


def describe(event, game) -> str | None:
    """One line for an event, or None for events not worth telling."""
    n = game.names

    def who(p):
        return "the Bank" if p < 0 else n[p]

    def company(cid: str) -> str:
        """The cartridge's name of a Company (G8.3), never its id."""
        return next((c.name for c in game.ruleset.companies if c.id == cid), cid)

    def ubbo(level: int) -> str:
        return ", an Ubbo Company" if level >= game.ruleset.unabsorbable_level else ""
    match event:
        case ev.TurnOrderDrawn(seats):
            return "Turn order: " + ", ".join(seats)
        case ev.TurnStarted(p, turn, rnd):
            return f"\n-- Turn {turn} (round {rnd}): {n[p]}, {game.cash[p]}G"
        case ev.TurnSkipped(p, _):
            return f"{n[p]} sits this turn out."
        case ev.DiceRolled(p, v):
            return f"{n[p]} rolls {v}."
        case ev.Landed(p, s, kind):
            return f"{n[p]} lands on {game.board.space_label(s)}."
        case ev.Payment(payer, payee, amount, reason, detail):
            if detail in {c.id for c in game.ruleset.companies}:
                detail = company(detail)
            return f"  {who(payer)} pays {who(payee)} {amount}G ({reason.replace('_', ' ')}{', ' + detail if detail else ''})."
        case ev.LandmarkPlaced(p, land):
            return f"{n[p]} places a Landmark on {land}."
        case ev.LandmarkClaimed(p, land):
            return f"{n[p]} claims the Bank's Landmark on {land}."
        case ev.CompanyStarted(p, c, land, level):
            return f"{n[p]} starts {company(c)} on {land} (Level {level})."
        case ev.CompanyGrew(c, land, level):
            return f"{company(c)} grows to Level {level}{ubbo(level)}."
        case ev.Absorbed(c, s, _level, price, _top, _sub):
            # R7.8 told before what it does (issue 36): the sales and bonuses that follow are the merger's
            return (f"Merger! {company(s)} absorbs {company(c)}: its Floors and Building Mark go to the Bank at "
                    f"{price}G each, its owners are paid their bonuses.")
        case ev.Merged(s, absorbed, land, level):
            return f"{company(s)} is now Level {level}{ubbo(level)}."
        case ev.FloorsBuilt(p, land, k, total):
            return f"{n[p]} builds {k} Floor{'s' if k > 1 else ''} on {land} ({total} now)."
        case ev.CardDrawn(p, pile, card):
            return f"{n[p]} draws from the {pile} pile: {game.ruleset.card(card).text}"
        case ev.SlotSpun(p, symbols, matched):
            return f"Slot: {' '.join(symbols)} ({matched} matched)."
        case ev.JackpotWon(p, land, k):
            return f"JACKPOT! {n[p]} drops {k} Floors on {land}."
        case ev.EventResolved(p, kind):
            return f"{game.ruleset.event_kinds[kind].name}: {game.ruleset.event_kinds[kind].text}"
        case ev.WentBroke(p):
            return f"{n[p]} goes broke!"
        case ev.GameOver():
            return None         # text play tells the end last, after the comments (its reason in words)
    return None


def turn_breaks(events: list) -> list[int]:
    """Where in ``events`` a new turn begins (its comments come before it: text play)."""
    return [i for i, e in enumerate(events) if isinstance(e, ev.TurnStarted)]


def ends_at(events: list) -> int | None:
    """The index of the event that says the match is over (its comments come before it), or None."""
    return next((i for i, e in enumerate(events) if isinstance(e, ev.GameOver)), None)
