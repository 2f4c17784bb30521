"""Tower Dream's state in parts, for a record's divergence reports (FORMATS.md section 3), and
its fingerprints as version-1 records made them (the seats' kinds were in the state then)."""
from __future__ import annotations

import hashlib
import json

from ...platform.protocol import LegacyRecords

# The state's top-level keys, grouped into the parts a divergence report names.
PARTS = {
    "players": ("names", "cash", "pos", "skip"),
    "lands": ("owner", "floors", "company"),
    "companies": ("mark",),
    "turn": ("turn", "round", "seat", "phase", "player", "space", "placed", "over", "over_reason", "broke"),
    "jackpot": ("jackpot",),
    "cards": ("piles", "discards", "pile"),
    "rng": ("rng",),
    "pending": ("candidates", "debts", "after_debt", "effects", "effect_source", "offer", "after_sell",
                "pending_floors"),
    "setup": ("version", "ruleset", "board", "options"),
}
_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode


def part_hashes(game, kinds: list[str] | None = None) -> str:
    """Six hex digits of the hash of each part of the state, in ``PARTS`` order (with ``kinds``
    among the players' part, as version 1 had them)."""
    state = game.to_json()
    if kinds is not None:
        state = dict(state, kinds=kinds)
    out = []
    for part, keys in PARTS.items():
        if part == "players" and kinds is not None:
            keys = ("names", "kinds", "cash", "pos", "skip")
        text = _ENCODE({k: state[k] for k in keys})
        out.append(hashlib.sha256(text.encode()).hexdigest()[:6])
    return "".join(out)


def seat_kinds(game, seats: list[dict]) -> list[str]:
    """The kinds of the seats in the game's turn order (a record lists them as given)."""
    by_name = {s["name"]: s["kind"] for s in seats}
    return [by_name[n] for n in game.names]


class VersionOne(LegacyRecords):
    """Tower Dream's version-1 records: the header named the board (``board``), and the
    checkpoints hashed the seats' kinds with the state."""

    header_keys = ("board",)

    def header(self, header: dict, options: dict, start: dict | None) -> tuple[dict, dict | None]:
        """The header's board is the option ``board`` (and a scenario position's board)."""
        board = header["board"]
        return dict(options, board=board), (dict(start, board=board) if start is not None else None)

    def fingerprint(self, match, seats: list[dict], parts: bool = True) -> tuple[str, str]:
        """(fingerprint, part hashes) of a version-1 record's checkpoint (``parts=False``: "")."""
        kinds = seat_kinds(match, seats)
        return match.fingerprint(kinds), part_hashes(match, kinds) if parts else ""
