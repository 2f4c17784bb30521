"""Data files: loading and validating the ruleset, cards, slot, Event kinds and boards."""
from .loader import board_ids, boards_dir, check_effects, check_options, load_board, load_ruleset

__all__ = ["board_ids", "boards_dir", "check_effects", "check_options", "load_board", "load_ruleset"]
