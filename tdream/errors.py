"""The one small error hierarchy (STYLE.md rule 7).

Every message quotes the input and where it was (file:line, turn, step). The command line turns
these into one line per problem on stderr and exit code 2; a traceback means a bug.
"""
from __future__ import annotations


class TdreamError(Exception):
    """Base of every error the program reports to a person."""


class DataError(TdreamError):
    """A data file (board, ruleset, cards, slot, events) is malformed or impossible.

    ``problems`` holds one ``file:line: key.path: what is wrong`` line per problem.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class FormatError(DataError):
    """A scenario, record, movie or save file is malformed (same message shape as DataError)."""


class IllegalAnswer(TdreamError):
    """An answer the game refuses; the message names the rule it breaks."""

