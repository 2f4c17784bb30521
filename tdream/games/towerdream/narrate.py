"""A CPU game told in plain text (``tdream play`` until the front end exists)."""
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
        case ev.Merged(s, absorbed, land, level):
            return f"Merger! {company(s)} absorbs {', '.join(company(c) for c in absorbed)} (Level {level}{ubbo(level)})."
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
        case ev.GameOver(reason, wealth, ranking):
            lines = [f"\nGame over ({reason})."]
            for rank, group in enumerate(ranking, 1):
                for p in group:
                    lines.append(f"  {rank}. {n[p]}: {wealth[p]}G")
            return "\n".join(lines)
    return None


def _say(commentary, game, events: list, out) -> None:
    if events:
        for c in commentary.react(game, events):
            print(f"    {speaker_name(c.speaker)}: \"{c.en}\"", file=out)


def play_text(game, players: dict, out, max_turns: int | None = None, writer=None, events=(), talk: str = "sometimes",
              seed: int = 0) -> int:
    """Tell a CPU game in text from where ``game`` stands, to its end or for ``max_turns`` more
    turns, with the roster's comments (``talk``: how often, docs/AI.md)."""
    from .ai.commentary import Commentary
    stop = game.turn - 1 + max_turns if max_turns is not None else 1 << 62
    commentary = Commentary(game.kinds, seed, talk)
    try:
        while True:
            segment: list = []
            for e in events:
                if isinstance(e, ev.TurnStarted):
                    _say(commentary, game, segment, out)     # comments before the next turn's header
                    segment = []
                    if e.turn > stop:
                        break
                segment.append(e)
                line = describe(e, game)
                if line:
                    print(line, file=out)
            _say(commentary, game, segment, out)
            aw = game.awaiting()
            if aw is None:
                break
            if game.turn > stop:
                print(f"\n(stopped after turn {stop}; standings now)", file=out)
                wealth = game.wealth()
                for rank, group in enumerate(game.ranking(wealth), 1):
                    for p in group:
                        print(f"  {rank}. {game.names[p]}: {wealth[p]}G", file=out)
                break
            answer = game.sample_chance() if aw.player < 0 else players[aw.player].choose(game)
            events = game.apply(answer)
            if writer is not None:
                writer.add(game, answer, events)
    finally:
        if writer is not None:
            writer.close()
    return 0
