"""Tower Up told as text (``tdream play --text``): one English line an event worth telling,
with the seats' names (the end is told by text play itself, after the last comments)."""
from __future__ import annotations

from ...platform.telling import describer, index_of, indices_of
from . import events as ev
from .data import COLOURS

# The events told in one line of their fields, a seat by its name (``telling.tell``).
LINES = {
    ev.FirstPlayerDrawn: "{player} goes first.",
    ev.DeckReshuffled: "The discards are shuffled into a new deck of {cards} cards.",
    ev.MarketShrank: "No card is left to deal: the market holds {size}.",
    ev.StartFloorPlaced: "A {colour} floor starts a tower on {site}.",
    ev.StartSiteMissing: "No empty site may take a {colour} first floor.",
    ev.TurnPassed: "{player} can neither take a card nor build, and passes.",
}

REASONS = {"roof": "a player placed his last roof (U5.1)", "supply": "a colour ran out in the supply (U5.2)",
           "city": "the city has no site left to build on (UG5.2)", "stuck": "nobody could play (E10)"}


def _floors(colours) -> str:
    if not colours:
        return "nothing"
    counts: dict[str, int] = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{n} {c}" for c, n in counts.items())


def _names(match, seats) -> str:
    return ", ".join(match.names[s] for s in seats) or "nobody"


def _more(e, match) -> str | None:
    """The events told by more than their fields."""
    n = match.names
    t = type(e)
    if t is ev.ObjectivesDrawn:
        cat = match.rules.objectives
        return "Objectives: " + "; ".join(f"{cat[o].name} ({cat[o].text.rstrip('.')})" for o in e.objectives) + "."
    if t is ev.StartingFloors:
        return f"{n[e.player]} {'chooses' if e.chosen else 'starts with'} {_floors(e.colours)}."
    if t is ev.CardDealt:
        return f"{_card(match, e.card)} is dealt into the market."
    if t is ev.TurnStarted:
        what = " (extra turn)" if e.extra else " (final turn)" if e.final else ""
        return f"Turn {e.turn + 1}: {n[e.player]}{what}."
    if t is ev.CardTaken:
        return f"{n[e.player]} takes {_card(match, e.card)} and gains {_floors(e.colours)}."
    if t is ev.ColourRanOut:
        if e.instead:
            return f"No {e.colour} floor is left: {n[e.player]} takes {e.instead} instead."
        return f"No {e.colour} floor is left, and the supply is empty."
    if t is ev.VehicleMoved:
        lost = f" ({e.lost} lost at the end of the track)" if e.lost else ""
        return f"{n[e.player]}'s {e.colour} vehicle moves from column {e.start} to {e.end}{lost}."
    if t is ev.ExtraTurnEarned:
        again = " again" if e.chain > 1 else ""
        return f"All of {n[e.player]}'s vehicles reach star column {e.star}: an extra turn{again}!"
    if t is ev.ExtraTurnLost:
        why = "the last roof" if e.reason == "last_roof" else "the build that closed the city"
        return f"{n[e.player]}'s extra turn is lost with {why}."
    if t is ev.FloorsDiscarded:
        return f"{n[e.player]} gives back {_floors(e.colours)} to keep 10 floors."
    if t is ev.Built:
        on = f", adding a floor to {', '.join(e.neighbours)}" if e.neighbours else ""
        return f"{n[e.player]} builds a {e.colour} tower on {e.site}{on}."
    if t is ev.RoofPlaced:
        return f"{n[e.player]} roofs {e.site} ({e.height} high); {e.left} roof{'s' if e.left != 1 else ''} left."
    if t is ev.RoofCovered:
        whose = "his own" if e.owner == e.by else f"{n[e.owner]}'s"
        return f"{n[e.by]} covers {whose} roof on {e.site}."
    if t is ev.ObjectiveMet:
        return f"{n[e.player]} meets {match.rules.objectives[e.objective].name} and takes the {e.chip} chip."
    if t is ev.EndBegun:                 # the final turns are told once, when they begin (after
        return f"The end begins: {REASONS.get(e.reason, e.reason)}."     # the trigger's own score)
    if t is ev.FinalTurnsBegin:
        return f"Final turns: {_names(match, e.final_turns)}, one each, each scoring at the end of his own."
    if t is ev.Scored:
        return (f"{n[e.player]} scores {e.total}: vehicles {e.vehicles}, cone {e.cone} ({e.visible} visible "
                f"roof{'s' if e.visible != 1 else ''}), chips {e.chips}.")
    return None             # GameEnded among them: text play tells the end last


# One line for ``e``, or None for an event not worth a line (the end: text play tells it).
describe = describer(LINES, _more)


def turn_breaks(events: list) -> list[int]:
    """Where in ``events`` a new turn begins (text play tells the comments of a turn before it)."""
    return indices_of(events, ev.TurnStarted)


def _counted(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def card_words(card) -> str:
    """A card as a person reads it (UG1.3): its floors by colour, in the card's order ("2 black
    floors and 1 white floor", "2 wild floors"), and the vehicles its cars move ("moving the white
    and brown vehicles"; a colour twice: "moving the white vehicle two columns", UG4.0)."""
    order: list[str] = []
    counts: dict[str, int] = {}
    for f in card.floors:
        name = "wild" if f < 0 else COLOURS[f]
        if name not in counts:
            order.append(name)
        counts[name] = counts.get(name, 0) + 1
    parts = [_counted(counts[name], f"{name} floor") for name in order]
    floors = " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if not card.vehicles:
        return floors or "nothing"
    moved: list[str] = []
    for v in card.vehicles:
        if COLOURS[v] not in moved:
            moved.append(COLOURS[v])
    if len(moved) == 1:
        k = len(card.vehicles)
        what = f"{moved[0]} vehicle" + ("" if k == 1 else " two columns" if k == 2 else f" {k} columns")
    else:
        what = ", ".join(moved[:-1]) + " and " + moved[-1] + " vehicles"
    return f"{floors}, moving the {what}" if floors else f"moving the {what}"


def _card(match, cid: str) -> str:
    """A card by its id and what it shows: "k33 (1 brown floor, moving the white and brown vehicles)"."""
    card = match.rules.cards.get(cid)
    if card is None:
        return cid
    return f"{cid} ({card_words(card)})"


def ends_at(events: list) -> int | None:
    """The index of the event that says the match is over (its comments come before it), or None."""
    return index_of(events, ev.GameEnded)


__all__ = ["describe", "turn_breaks", "ends_at", "card_words", "REASONS"]
