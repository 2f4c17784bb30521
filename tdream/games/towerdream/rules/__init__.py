"""The rules engine: a pure, deterministic state machine (no pygame, no clock, no I/O).

Public API: ``new_game`` / ``Game.from_position`` to start, then ``awaiting``, ``legal_answers``,
``check``, ``apply``, ``chance_outcomes``, ``sample_chance``; answers from ``answers``, events from
``events``.
"""
from . import answers, events  # noqa: E402
from .answers import answer_from_step  # noqa: E402
from .board import Board
from .game import BANK, VACANT, Awaiting, Game, new_game
from ....rng import Rng, derive_seed
from .ruleset import Ruleset

__all__ = ["answers", "events", "answer_from_step", "Board", "BANK", "VACANT", "Awaiting", "Game",
           "new_game", "Rng", "derive_seed", "Ruleset"]
