"""A seat's view of a Tower Dream game (the protocol's ``view(seat)``).

In Tower Dream every seat knows the same: everything but what nobody knows yet, the order of
the card piles and the state of the RNG. ``SealedView`` is the live game, read-only, without
those: reading ``piles``, ``discards`` or ``rng``, sampling chance or applying an answer raises
``HiddenError``. ``copy()`` gives a game to look ahead on, its piles in a fixed order (their
cards, not their order) and its RNG zeroed, so that nothing played on it can reveal the next card.
"""
from __future__ import annotations

HIDDEN = frozenset({"piles", "discards", "rng", "sample_chance", "chance_outcomes", "to_json", "canonical_json",
                    "fingerprint"})
# Bound once: the hot queries of CPU players cost no more on the view than on the game.
PASSED = ("awaiting", "legal_answers", "check", "line_owners", "all_line_owners", "fee_outlook", "owner_bonuses",
          "owners_of", "price_of", "price", "wealth", "ranking", "companies", "properties",
          "land_index", "land_name", "company_index", "company_id", "progress", "scores")


class HiddenError(AttributeError):
    """A player asked for what no seat may know."""


class SealedView:
    __slots__ = ("_game",) + PASSED

    def __init__(self, game) -> None:
        object.__setattr__(self, "_game", game)
        for name in PASSED:
            object.__setattr__(self, name, getattr(game, name))

    def __getattr__(self, name: str):
        if name in HIDDEN:
            raise HiddenError(f"{name}: hidden from every seat (the card order and the RNG)")
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._game, name)

    def __setattr__(self, name, value) -> None:
        raise AttributeError(f"a view is read-only ({name})")

    def apply(self, *args, **kwargs):
        raise HiddenError("a view is read-only: look ahead on view.copy()")

    def view(self, seat: int):
        return self

    def copy(self):
        """A game in this state to look ahead on: the piles' cards in a fixed order, the RNG at 0."""
        g = self._game.copy()
        seal(g)
        return g


def seal(game) -> None:
    """Forget what nobody may know in ``game`` (a copy): each pile's order and the RNG."""
    for p in game.piles:
        game.piles[p] = sorted(game.piles[p])
    game.rng.state = 0
