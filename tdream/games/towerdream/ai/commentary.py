"""Commentary: engine events become the roster's comments (issue 4, PRESENTATION.md).

``tdream/data/comments/slots.yaml`` is the fixed list of slots, the same for every speaker; each
speaker's file has lines (English, Japanese) for every slot. ``Commentary.react(game, events)``
turns the events of one input into comments:

- who speaks: every line is the speaker's own moment, so the voice is whoever that moment
  belongs to. The player concerned, if a character sits there; a rival for his side of it (the
  Line Owner who collects a fee, an owner left without a bonus in a merger); a host for the set
  pieces he runs (the taxi driver, the old man with the card piles); a spectator (a character
  not seated) for the sidelines, the start and the last turns. A human's or the ``random``
  player's moment is voiced only by a rival, a host or a spectator;
- how often: the ``talk`` option (never, rarely, sometimes, often, always); the big moments
  (a merger, a Grand Tower, the Jackpot, four of a kind, broke, the end) come twice as often;
- never twice the same line in a row, and every choice from the commentary's own cosmetic RNG,
  seeded apart from the game's: comments never change an outcome.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ..data.loader import check_header
from ..rules import events as ev
from ....rng import Rng, derive_seed
from ....errors import DataError
from ....yamlio import Problems, Schema, read_yaml, short
from .roster import CHARACTER_IDS

COMMENTS_DIR = Path(__file__).resolve().parent.parent / "data" / "comments"
HOSTS = ("taxi-driver", "old-man")
SPEAKERS = CHARACTER_IDS + HOSTS
TALK = {"never": 0.0, "rarely": 0.15, "sometimes": 0.35, "often": 0.6, "always": 1.0}
BIG = {"merger", "grand_tower", "jackpot_won", "slot_four", "broke", "won", "lost", "bonus_top", "tower",
       "game_start", "last_turns", "ubbo"}
HOST_SLOTS = {"taxi": "taxi-driver", "pile_squid": "old-man", "pile_octopus": "old-man", "pile_crab": "old-man",
              "pile_crocodile": "old-man", "card_good": "old-man", "card_bad": "old-man"}
# Events that are one slot for the player they name.
SIMPLE = {ev.LandmarkClaimed: "landmark_claimed", ev.CompanyStarted: "company_started", ev.LandmarkSold: "forced_sale",
          ev.WentBroke: "broke", ev.JackpotWon: "jackpot_won", ev.JackpotMissed: "jackpot_missed",
          ev.TurnsToSkip: "island"}
GOOD_EFFECTS = {"gain", "salary", "collect_each", "free_floors", "jackpot_add", "roll_again", "move", "move_to",
                "sell_offer"}


@dataclass(frozen=True)
class Line:
    en: str
    ja: str


class Comment(NamedTuple):
    speaker: str        # a character id or a host id
    slot: str
    about: int          # the seat whose moment it is (-1: nobody in particular)
    en: str
    ja: str

    def text(self, language: str = "en") -> str:
        return self.ja if language == "ja" and self.ja else self.en


def load_slots(folder: Path | None = None) -> tuple[str, ...]:
    path = (folder or COMMENTS_DIR) / "slots.yaml"
    data = read_yaml(path, DataError)
    pr = Problems(str(path), DataError)
    sc = Schema(pr)
    if check_header(data, pr, "tdream-comment-slots") and sc.mapping(data, "", ("format", "version", "slots")) \
            and sc.mapping(
            data["slots"], "slots", (), tuple(data["slots"]) if isinstance(data["slots"], dict) else (), data, "slots"):
        for k in data["slots"]:
            if not isinstance(k, str) or not k.replace("_", "").isalnum() or not k.islower():
                pr.at(data["slots"], k, f"slots.{k}", "a slot id is lower-case letters, digits and '_'")
    pr.raise_if_any()
    return tuple(data["slots"])


def load_comments(folder: Path | None = None) -> dict[str, dict[str, tuple[Line, ...]]]:
    """Every speaker's lines by slot. Raises DataError naming every missing slot, bad line or file."""
    folder = folder or COMMENTS_DIR
    slots = load_slots(folder)
    out: dict[str, dict[str, tuple[Line, ...]]] = {}
    problems: list[str] = []
    for speaker in SPEAKERS:
        path = folder / f"{speaker}.yaml"
        pr = Problems(str(path), DataError)
        if not path.exists():
            problems.append(f"{path}:0: missing: every speaker ({', '.join(SPEAKERS)}) has a comments file")
            continue
        try:
            data = read_yaml(path, DataError)
        except DataError as e:
            problems.extend(e.problems)
            continue
        sc = Schema(pr)
        if check_header(data, pr, "tdream-comments") and sc.mapping(data, "", ("format", "version", "speaker", "lines")):
            if data["speaker"] != speaker:
                pr.at(data, "speaker", "speaker", f"{short(data['speaker'])}: this file is {speaker!r}'s")
            lines = data["lines"]
            if sc.mapping(lines, "lines", (), slots, data, "lines"):
                table: dict[str, tuple[Line, ...]] = {}
                for slot in slots:
                    if slot not in lines:
                        pr.at(lines, None, f"lines.{slot}", "missing (every speaker has a line for every slot)")
                        continue
                    items = lines[slot]
                    if not isinstance(items, list) or not items:
                        pr.at(lines, slot, f"lines.{slot}", "must be a list of one or more {en, ja} lines")
                        continue
                    got = []
                    for i, item in enumerate(items):
                        ip = f"lines.{slot}.{i}"
                        if sc.mapping(item, ip, ("en",), ("ja",), items, i) and sc.string(item, "en", f"{ip}.en") \
                                and ("ja" not in item or sc.string(item, "ja", f"{ip}.ja")):
                            if not item["en"].strip():
                                pr.at(item, "en", f"{ip}.en", "empty")
                            else:
                                got.append(Line(item["en"], item.get("ja", "")))
                    table[slot] = tuple(got)
                out[speaker] = table
        problems.extend(pr.items)
    if problems:
        raise DataError(problems)
    return out


@lru_cache(maxsize=2)
def comments() -> dict[str, dict[str, tuple[Line, ...]]]:
    return load_comments()


@lru_cache(maxsize=2)
def slots() -> tuple[str, ...]:
    return load_slots()


class Commentary:
    """Comments for one game. ``kinds``: what plays each seat, in turn order (character ids,
    ``random``, ``human``; ``joji:hard`` counts as Joji)."""

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        if talk not in TALK:
            raise ValueError(f"talk: {talk!r} is not one of {', '.join(TALK)}")
        self.voices = [k.split(":")[0] if k.split(":")[0] in CHARACTER_IDS else None for k in kinds]
        seated = {v for v in self.voices if v}
        self.spectators = [c for c in CHARACTER_IDS if c not in seated]
        self.rate = TALK[talk]
        self.rng = Rng(derive_seed(seed, 0xC0EE_7A1C))     # cosmetic: never the game's RNG
        self.lines = comments()
        self.last: Line | None = None
        self.leader = -1
        self.laggard = -1
        self.final_called = False
        self.fired: set[str] = set()      # every slot that fired (spoken or not): for tests
        self._cards: dict = {}
        self.ubbo: set[str] = set()       # Companies that have reached the Level of no absorbing

    # ------------------------------------------------------------------ events -> moments
    def moments(self, game, events: list) -> list[tuple[str, int, str]]:
        """(slot, seat, speaker) for every moment in ``events``; speaker "" = the seat's own voice."""
        out: list[tuple[str, int, str]] = []
        placer = -1
        landed_start = {e.player for e in events if type(e) is ev.Landed and e.kind == "start"}
        bonus_paid: set[int] = set()
        for e in events:
            t = type(e)
            simple = SIMPLE.get(t)
            if simple is not None:
                out.append((simple, e.player, ""))
            elif t is ev.TurnOrderDrawn:
                out.append(("game_start", -1, "spectator"))
            elif t is ev.DiceRolled:
                if e.value >= 9:
                    out.append(("dice_high", e.player, ""))
                elif e.value == 1:
                    out.append(("dice_low", e.player, ""))
            elif t is ev.Payment:
                if e.reason == "salary" and e.payee >= 0:
                    out.append(("start_landed" if e.payee in landed_start else "salary", e.payee, ""))
                elif e.reason in ("bonus_top", "bonus_sub") and e.payee >= 0:
                    out.append((e.reason, e.payee, ""))
                    bonus_paid.add(e.payee)
            elif t is ev.LineFee:
                paid = sum(a for o, a in zip(e.owners, e.amounts) if o != e.player)
                out.append(("fee_paid_small" if paid < 300 else "fee_paid_medium" if paid < 1000 else "fee_paid_large",
                            e.player, ""))
                for o, a in zip(e.owners, e.amounts):
                    if o != e.player:
                        out.append(("fee_received_small" if a < 500 else "fee_received_large", o, ""))
            elif t is ev.LandmarkPlaced:
                placer = e.player
                if not any(type(f) in (ev.CompanyGrew, ev.Merged, ev.CompanyStarted) for f in events):
                    out.append(("landmark_placed", e.player, ""))
            elif t is ev.CompanyGrew:
                out.append(("company_joined", placer if placer >= 0 else game.seat, ""))
            elif t is ev.Merged:
                out.append(("merger", placer if placer >= 0 else game.seat, ""))
            if t in (ev.CompanyGrew, ev.Merged):
                company = e.company if t is ev.CompanyGrew else e.survivor
                if e.level >= game.ruleset.unabsorbable_level and company not in self.ubbo:    # R7.10
                    self.ubbo.add(company)
                    out.append(("ubbo", placer if placer >= 0 else game.seat, ""))
            elif t is ev.Absorbed:
                for p in e.top + e.sub:
                    out.append(("absorbed", p, ""))
            elif t is ev.FloorsBuilt:
                before = e.total - e.floors
                rs = game.ruleset               # R6.3: a Tower, a Grand Tower
                slot = ("grand_tower" if before < rs.grand_tower_floors <= e.total
                        else "tower" if before < rs.tower_floors <= e.total else "floors_built")
                out.append((slot, e.player, ""))
            elif t is ev.FloorsSold:
                if e.reason == "sell":                  # to the Bank at its percent (an offer's price is another)
                    out.append(("floors_sold", e.player, ""))
                elif e.reason == "forced_sale":
                    out.append(("forced_sale", e.player, ""))
            elif t is ev.JackpotGrew:
                if e.floors == 5:
                    out.append(("jackpot_big", -1, "spectator"))
            elif t is ev.SlotSpun:
                out.append((("slot_miss", "slot_miss", "slot_two", "slot_three", "slot_four")[min(e.matched, 4)],
                            e.player, ""))
            elif t is ev.PileChosen:
                out.append((f"pile_{e.pile}", e.player, ""))
            elif t is ev.CardDrawn:
                if not self._cards:
                    self._cards = {c.id: c for c in game.ruleset.cards}
                card = self._cards[e.card]
                out.append(("card_good" if _good(card.effects) else "card_bad", e.player, ""))
            elif t is ev.EventResolved:
                if e.kind == "taxi":
                    out.append(("taxi", e.player, ""))
                else:
                    kind = game.ruleset.event_kinds[e.kind]
                    if not any(name == "skip_turns" for name, _ in kind.effects):
                        out.append(("event_good" if _good(kind.effects) else "event_bad", e.player, ""))
            elif t is ev.TurnEnded:
                out.extend(self._standings(game))
                out.append(("sideline", -1, "spectator"))
            elif t is ev.GameOver:
                for rank, group in enumerate(e.ranking):
                    for p in group:
                        out.append(("won" if rank == 0 else "lost", p, ""))
        if bonus_paid and any(type(f) is ev.Absorbed for f in events):    # a merger paid bonuses: not to these
            for p in range(len(self.voices)):
                if p not in bonus_paid:
                    out.append(("bonus_missed", p, ""))
        return out

    def _standings(self, game) -> list[tuple[str, int, str]]:
        out: list[tuple[str, int, str]] = []
        ranking = game.ranking()
        leader = ranking[0][0] if len(ranking[0]) == 1 else -1
        laggard = ranking[-1][0] if len(ranking[-1]) == 1 and len(ranking) > 1 else -1
        if leader >= 0 and leader != self.leader and game.round > 1:
            out.append(("lead", leader, ""))
        if laggard >= 0 and laggard != self.laggard and game.round > 1:
            out.append(("last", laggard, ""))
        self.leader, self.laggard = leader, laggard
        if not self.final_called:
            if game.covered >= game.end_threshold - len(self.voices):
                self.final_called = True
                out.append(("last_turns", -1, "spectator"))
        return out

    # ------------------------------------------------------------------ moments -> comments
    def react(self, game, events: list) -> list[Comment]:
        """The comments for the events of one input (often none)."""
        said: list[Comment] = []
        for slot, seat, who in self.moments(game, events):
            self.fired.add(slot)
            speaker = self._speaker(slot, seat, who)
            if speaker is None:
                continue
            rate = self.rate * (2 if slot in BIG else 1)
            if slot == "sideline":
                rate = self.rate / 4
            if rate < 1 and self.rng.below(1000) >= rate * 1000:
                continue
            line = self._line(speaker, slot)
            if line is not None:
                said.append(Comment(speaker, slot, seat, line.en, line.ja))
        return said

    def _speaker(self, slot: str, seat: int, who: str) -> str | None:
        if who == "spectator":
            pool = self.spectators or [v for v in self.voices if v]
            return pool[self.rng.below(len(pool))] if pool else None
        voice = self.voices[seat] if 0 <= seat < len(self.voices) else None
        host = HOST_SLOTS.get(slot)
        if host is not None and (voice is None or self.rng.below(2) == 0):
            return host
        return voice

    def _line(self, speaker: str, slot: str) -> Line | None:
        options = [l for l in self.lines[speaker][slot] if l != self.last]
        if not options:
            return None
        line = options[self.rng.below(len(options))]
        self.last = line
        return line


def speaker_name(speaker: str) -> str:
    """How a speaker (a character id, ``joji:hard``, a host id, ``random``) is named on screen."""
    base = speaker.split(":")[0]
    if base in CHARACTER_IDS:
        from .roster import roster
        return roster()[base].name
    return {"taxi-driver": "Taxi driver", "old-man": "Old man"}.get(base, base.title())


def _good(effects) -> bool:
    for name, value in effects:
        if name in ("pay", "pay_percent", "pay_each", "pay_per_property", "lose_floors", "skip_turns"):
            return False
        if name == "move" and isinstance(value, int) and value < 0:
            return False
    return any(name in GOOD_EFFECTS for name, _ in effects)
