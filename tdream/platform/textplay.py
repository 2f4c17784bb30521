"""A CPU match of any game told in text (``tdream play --text``), with the characters' comments.

The match is played by the drive loop (``Session``); each input's events are cut where a new turn
or round begins (``GameDef.turn_breaks``), and each piece is told by the game (``GameDef.describe``)
and then commented on (``GameDef.commentary``): the comments of a turn stand before the next turn's
line. A character who comments and is not seated is labelled as watching, as at the table. The
event that ends the match (``GameDef.ends_at``) is told last, after the comments on the last turn:
why it ended in the game's words (``GameDef.words``) and the standings.
"""
from __future__ import annotations

from .protocol import places
from .roster import CHARACTER_IDS, character


def speaker(cid: str) -> str:
    base = cid.split(":")[0]
    return character(base).name if base in CHARACTER_IDS else base.replace("-", " ").capitalize()


def comment_line(comment, seated: set[str]) -> str:
    """A comment as text play prints it: ``    Joji: "..."``, or ``    Joji, watching: "..."`` for a
    character not seated (the table's words); a host (not a character) is never watching."""
    base = comment.speaker.split(":")[0]
    who = speaker(comment.speaker)
    if base in CHARACTER_IDS and base not in seated:
        who = f"{who}, watching"
    return f"    {who}: \"{comment.en}\""


def standings(game, names, ranking, scores) -> list[str]:
    """``  1. Name: score`` for each seat by place (a tie shares its place, the next is skipped:
    1, 2, 2, 4)."""
    unit = game.words.unit
    return [f"  {rank}. {names[p]}: {scores[p]}{unit}" for rank, group in places(ranking) for p in group]


def game_over_lines(game, match) -> list[str]:
    """The last lines of a finished match: why it ended, in the game's words, and the standings."""
    res = match.result()
    return [f"\nGame over: {game.words.reason(res.reason)}."] + standings(game, match.names, res.ranking, res.scores)


def play_text(session, out, max_turns: int | None = None, events=(), talk: str = "sometimes") -> int:
    """Tell ``session``'s match from where it stands to its end, or for ``max_turns`` more turns."""
    game, match = session.game, session.match
    stop = match.progress() + max_turns if max_turns is not None else None
    commentary = game.commentary(session.kinds, session.seed, talk)
    seated = {k.split(":")[0] for k in session.kinds}
    told_end = False

    def lines(segment) -> None:
        for e in segment:
            line = game.narration.describe(e, match)
            if line:
                print(line, file=out)

    def tell(evs) -> None:
        nonlocal told_end
        end = game.narration.ends_at(evs)
        start = 0
        for cut in sorted({c for c in game.narration.turn_breaks(evs) if 0 < c < len(evs)}) + [len(evs)]:
            segment = evs[start:cut]
            if not segment:
                continue
            at = end - start if end is not None and start <= end < cut else None
            lines(segment if at is None else segment[:at])
            if commentary is not None:
                for c in commentary.react(match, segment):
                    print(comment_line(c, seated), file=out)
            if at is not None:          # the comments on the last turn, then the game over line
                lines(segment[at + 1:])
                for line in game_over_lines(game, match):
                    print(line, file=out)
                told_end = True
            start = cut

    try:
        tell(list(events))
        while match.awaiting() is not None:
            if stop is not None and match.progress() >= stop:
                print(f"\n(stopped after turn {stop}; standings now)", file=out)
                scores = match.scores()
                order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
                for rank, p in enumerate(order, 1):
                    print(f"  {rank}. {match.names[p]}: {scores[p]}{game.words.unit}", file=out)
                break
            evs = session.advance()
            if evs is None:
                raise RuntimeError("a human seat in a text game")
            tell(evs)
        if match.over and not told_end:     # a game that does not say which event ends it
            for line in game_over_lines(game, match):
                print(line, file=out)
    finally:
        session.close()
    return 0


__all__ = ["play_text", "speaker", "comment_line", "game_over_lines", "standings"]
