"""The ruleset: Companies, fees, limits, options, cards, slot machine and Event kinds.

Static data, loaded once (by ``tdream.games.towerdream.data``) and never changed by a game (STYLE.md rule 2).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# The effect primitives of docs/games/towerdream.md: name -> what its value is.
EFFECTS = {
    "gain": "amount", "pay": "amount", "collect_each": "amount", "pay_each": "amount",
    "salary": "percent1000", "pay_percent": "percent", "pay_per_property": "amount",
    "collect_per_property": "amount", "free_floors": "floors", "lose_floors": "floors",
    "sell_offer": "offer", "jackpot_add": "floors", "skip_turns": "turns",
    "move": "steps", "move_to": "kind", "roll_again": "true",
}
MOVEMENT_EFFECTS = ("move", "move_to", "roll_again")
PILES = ("squid", "octopus", "crab", "crocodile")

# RULES.md section 10: the house-rule options and their defaults.
DEFAULT_OPTIONS = {
    "starting_cash": 1500,
    "salary": 1500,
    "end_percent": 75,
    "players": 4,
    "build_scope": "any",
    "max_rounds": None,
}

Effect = tuple[str, object]


@dataclass(frozen=True, slots=True)
class CompanySpec:
    """One of the nine Companies (G8.2, G8.3)."""

    id: str
    name: str                 # the cartridge's name (G8.3), shown on screen; never part of the rules' hash
    prices: tuple[int, ...]   # prices[L] for L in 0..40; entries 0 and 1 are unused (0)
    business: str = ""        # what it does (G8.3), shown with its name

    def price(self, level: int) -> int:
        """The Floor price at ``level`` (G8.3: past 40, as at 40)."""
        return self.prices[level if level <= 40 else 40]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    pile: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class EventKind:
    id: str
    name: str
    host: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    symbols: tuple[str, ...]
    reels: tuple[tuple[str, ...], ...]
    prizes: dict = field(hash=False)   # symbol -> {matched: effects}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything a game needs besides its board."""

    id: str
    data_hash: str            # 16 hex: a hash of what changes play (never the names and texts shown)
    companies: tuple[CompanySpec, ...]
    options: dict = field(hash=False)          # defaults (RULES.md section 10)
    fee_base: int = 50
    fee_tower: int = 65
    fee_grand_tower: int = 100
    tower_floors: int = 13
    grand_tower_floors: int = 20
    sell_limit: int = 3
    sell_percent: int = 75
    forced_percent: int = 25
    build_limit: int = 3
    max_floors: int = 20
    unabsorbable_level: int = 13
    bonus_base: int = 2000
    bonus_multiplier: int = 13
    die_sides: int = 10
    cards: tuple[Card, ...] = ()
    slot: Slot = field(default_factory=lambda: Slot((), (), {}))   # (none: a ruleset made by hand)
    event_kinds: dict = field(default_factory=dict, hash=False)   # id -> EventKind
    earlier_hashes: dict = field(default_factory=dict, hash=False)  # an older data_hash -> the new one of its rules

    def plays_like(self, data_hash: str) -> bool:
        """A record made with rules of ``data_hash`` plays the same with this ruleset."""
        return data_hash == self.data_hash or self.earlier_hashes.get(data_hash) == self.data_hash

    def company_index(self, company_id: str) -> int:
        for i, c in enumerate(self.companies):
            if c.id == company_id:
                return i
        raise KeyError(company_id)

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def pile_cards(self, pile: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if c.pile == pile)
