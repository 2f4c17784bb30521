"""Commentary: Tower Dream's moments (issue 4, PRESENTATION.md); the platform's ``Commentator``
voices them, from the lines of ``data/comments.py``.

- who speaks: every line is the speaker's own moment, so the voice is whoever that moment
  belongs to. The player concerned, if a character sits there; a rival for his side of it (the
  Line Owner who collects a fee, an owner left without a bonus in a merger); a host for the set
  pieces he runs (the taxi driver, the old man with the card piles); a spectator (a character
  not seated) for the sidelines, the start and the last turns. A human's or the ``random``
  player's moment is voiced only by a rival, a host or a spectator;
- how often: the ``talk`` option (never, rarely, sometimes, often, always); the big moments
  (a merger, a Grand Tower, the Jackpot, four of a kind, broke, the end) come twice as often,
  the sidelines a quarter as often;
- never the line said just before, by anybody, and every choice from the commentary's own
  cosmetic RNG, seeded apart from the game's: comments never change an outcome.
"""
from __future__ import annotations

from ....platform.commentary import SEAT, WATCHER, Commentator
from ..data.comments import comments
from ..rules import events as ev
from .roster import CHARACTER_IDS, roster

HOST_SLOTS = {"taxi": "taxi-driver", "pile_squid": "old-man", "pile_octopus": "old-man", "pile_crab": "old-man",
              "pile_crocodile": "old-man", "card_good": "old-man", "card_bad": "old-man"}
SPUN = ("slot_miss", "slot_miss", "slot_two", "slot_three", "slot_four")      # by the symbols matched
GOOD_EFFECTS = {"gain", "salary", "collect_each", "free_floors", "jackpot_add", "roll_again", "move", "move_to",
                "sell_offer"}


def _payment(com, game, e) -> list:
    if e.reason == "salary" and e.payee >= 0:
        return [("start_landed" if e.payee in com.landed_start else "salary", e.payee, "")]
    if e.reason in ("bonus_top", "bonus_sub") and e.payee >= 0:
        com.bonus_paid.add(e.payee)
        return [(e.reason, e.payee, "")]
    return []


def _fee(com, game, e) -> list:
    paid = sum(a for o, a in zip(e.owners, e.amounts) if o != e.player)
    size = "small" if paid < 300 else "medium" if paid < 1000 else "large"
    return [(f"fee_paid_{size}", e.player, "")] + [
        ("fee_received_small" if a < 500 else "fee_received_large", o, "") for o, a in zip(e.owners, e.amounts)
        if o != e.player]


def _placed(com, game, e) -> list:
    com.placer = e.player
    if any(type(f) in (ev.CompanyGrew, ev.Merged, ev.CompanyStarted) for f in com.input):
        return []
    return [("landmark_placed", e.player, "")]


def _grew(com, game, e) -> list:
    """A Company grew (its placer's moment; a merger's survivor too), reaching the Level of no
    absorbing the first time (R7.10)."""
    by = com.placer if com.placer >= 0 else game.seat
    out = [("company_joined" if type(e) is ev.CompanyGrew else "merger", by, "")]
    company = e.company if type(e) is ev.CompanyGrew else e.survivor
    if e.level >= game.ruleset.unabsorbable_level and company not in com.ubbo:
        com.ubbo.add(company)
        out.append(("ubbo", by, ""))
    return out


def _built(com, game, e) -> list:
    before, rs = e.total - e.floors, game.ruleset                  # R6.3: a Tower, a Grand Tower
    return [("grand_tower" if before < rs.grand_tower_floors <= e.total
             else "tower" if before < rs.tower_floors <= e.total else "floors_built", e.player, "")]


def _card(com, game, e) -> list:
    if not com.cards:
        com.cards = {c.id: c for c in game.ruleset.cards}
    return [("card_good" if _good(com.cards[e.card].effects) else "card_bad", e.player, "")]


def _event(com, game, e) -> list:
    if e.kind == "taxi":
        return [("taxi", e.player, "")]
    kind = game.ruleset.event_kinds[e.kind]
    if any(name == "skip_turns" for name, _ in kind.effects):
        return []
    return [("event_good" if _good(kind.effects) else "event_bad", e.player, "")]


class Commentary(Commentator):
    """Comments for one game. ``kinds``: what plays each seat, in turn order (character ids,
    ``random``, ``human``; ``joji:hard`` counts as Joji). Its moments: (slot, seat, speaker),
    speaker "" the seat's own voice."""

    MOMENTS = {
        ev.LandmarkClaimed: "landmark_claimed", ev.CompanyStarted: "company_started", ev.LandmarkSold: "forced_sale",
        ev.WentBroke: "broke", ev.JackpotWon: "jackpot_won", ev.JackpotMissed: "jackpot_missed",
        ev.TurnsToSkip: "island",
        ev.TurnOrderDrawn: lambda com, game, e: [("game_start", -1, "spectator")],
        ev.DiceRolled: lambda com, game, e: [("dice_high", e.player, "")] if e.value >= 9 else
        [("dice_low", e.player, "")] if e.value == 1 else [],
        ev.Payment: _payment, ev.LineFee: _fee, ev.LandmarkPlaced: _placed, ev.CompanyGrew: _grew, ev.Merged: _grew,
        ev.Absorbed: lambda com, game, e: [("absorbed", p, "") for p in e.top + e.sub],
        ev.FloorsBuilt: _built,
        ev.FloorsSold: lambda com, game, e: [("floors_sold", e.player, "")] if e.reason == "sell" else
        [("forced_sale", e.player, "")] if e.reason == "forced_sale" else [],   # sell: to the Bank at its percent
        ev.JackpotGrew: lambda com, game, e: [("jackpot_big", -1, "spectator")] if e.floors == 5 else [],
        ev.SlotSpun: lambda com, game, e: [(SPUN[min(e.matched, 4)], e.player, "")],
        ev.PileChosen: lambda com, game, e: [(f"pile_{e.pile}", e.player, "")],
        ev.CardDrawn: _card, ev.EventResolved: _event,
        ev.TurnEnded: lambda com, game, e: com.standings(game) + [("sideline", -1, "spectator")],
        ev.GameOver: lambda com, game, e: [("won" if rank == 0 else "lost", p, "")
                                           for rank, group in enumerate(e.ranking) for p in group]}
    OWN = ""
    ROLES = {"": SEAT, "spectator": WATCHER}
    BIG = frozenset({"merger", "grand_tower", "jackpot_won", "slot_four", "broke", "won", "lost", "bonus_top", "tower",
                     "game_start", "last_turns", "ubbo"})
    WEIGHT = {"sideline": 0.25}
    HOSTS = HOST_SLOTS
    REPEAT = "others"
    SALT, MIX = 0xC0EE_7A1C, 0

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        super().__init__(kinds, seed, talk)
        self.fired: set[str] = set()      # every slot that fired (spoken or not): for tests
        self.leader = self.laggard = -1
        self.final_called = False
        self.cards: dict = {}
        self.ubbo: set[str] = set()       # Companies that have reached the Level of no absorbing
        self.input: list = []             # the events of the input being read, and what they tell
        self.placer = -1
        self.landed_start: set[int] = set()
        self.bonus_paid: set[int] = set()

    def load(self):
        return comments()

    def note(self, slot: str, seat: int) -> None:
        self.fired.add(slot)

    def moments(self, game, events: list) -> list:
        """(slot, seat, speaker) for every moment in ``events``; speaker "" = the seat's own voice."""
        self.input, self.placer, self.bonus_paid = events, -1, set()
        self.landed_start = {e.player for e in events if type(e) is ev.Landed and e.kind == "start"}
        out = super().moments(game, events)
        if self.bonus_paid and any(type(f) is ev.Absorbed for f in events):    # a merger paid bonuses: not to these
            out += [("bonus_missed", p, "") for p in range(len(self.voices)) if p not in self.bonus_paid]
        return out

    def standings(self, game) -> list[tuple[str, int, str]]:
        out: list[tuple[str, int, str]] = []
        ranking = game.ranking()
        leader = ranking[0][0] if len(ranking[0]) == 1 else -1
        laggard = ranking[-1][0] if len(ranking[-1]) == 1 and len(ranking) > 1 else -1
        if leader >= 0 and leader != self.leader and game.round > 1:
            out.append(("lead", leader, ""))
        if laggard >= 0 and laggard != self.laggard and game.round > 1:
            out.append(("last", laggard, ""))
        self.leader, self.laggard = leader, laggard
        if not self.final_called and game.covered >= game.end_threshold - len(self.voices):
            self.final_called = True
            out.append(("last_turns", -1, "spectator"))
        return out


def speaker_name(speaker: str) -> str:
    """How a speaker (a character id, ``joji:hard``, a host id, ``random``) is named on screen."""
    base = speaker.split(":")[0]
    if base in CHARACTER_IDS:
        return roster()[base].name
    return {"taxi-driver": "Taxi driver", "old-man": "Old man"}.get(base, base.title())


def _good(effects) -> bool:
    for name, value in effects:
        if name in ("pay", "pay_percent", "pay_each", "pay_per_property", "lose_floors", "skip_turns"):
            return False
        if name == "move" and isinstance(value, int) and value < 0:
            return False
    return any(name in GOOD_EFFECTS for name, _ in effects)
