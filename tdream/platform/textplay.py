"""A CPU match of any game told in text (``tdream play --text``), with the characters' comments.

The match is played by the drive loop (``Session``); each input's events are told by the game
(``GameDef.describe``), then the comments on them (``GameDef.commentary``), the comments of a turn
before the next turn begins (``GameDef.turn_breaks``).
"""
from __future__ import annotations

from .roster import CHARACTER_IDS, character


def speaker(cid: str) -> str:
    base = cid.split(":")[0]
    return character(base).name if base in CHARACTER_IDS else base.replace("-", " ").capitalize()


def play_text(session, out, max_turns: int | None = None, events=(), talk: str = "sometimes") -> int:
    """Tell ``session``'s match from where it stands to its end, or for ``max_turns`` more turns."""
    game, match = session.game, session.match
    stop = match.progress() + max_turns if max_turns is not None else None
    commentary = game.commentary(session.kinds, session.seed, talk)

    def tell(evs) -> None:
        cuts = game.turn_breaks(evs) + [len(evs)]
        start = 0
        for cut in cuts:
            segment = evs[start:cut] if cut > start else []
            if cut > start:
                for e in segment:
                    line = game.describe(e, match)
                    if line:
                        print(line, file=out)
                if commentary is not None:
                    for c in commentary.react(match, segment):
                        print(f"    {speaker(c.speaker)}: \"{c.en}\"", file=out)
            start = cut

    try:
        tell(list(events))
        while match.awaiting() is not None:
            if stop is not None and match.progress() >= stop:
                print(f"\n(stopped after turn {stop}; standings now)", file=out)
                scores = match.scores()
                order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
                for rank, p in enumerate(order, 1):
                    print(f"  {rank}. {match.names[p]}: {scores[p]}", file=out)
                break
            evs = session.advance()
            if evs is None:
                raise RuntimeError("a human seat in a text game")
            tell(evs)
    finally:
        session.close()
    return 0


__all__ = ["play_text", "speaker"]
