"""The Campaign (issue 8; PRESENTATION.md "Modes"): a profile's run through Tower Dream's eight
boards against the characters of one grade a board (data/campaign.yaml); a top-two place
unlocks the next board; progress is kept after each board."""
from __future__ import annotations

from ....frontend.constants import DOWN, GOLD, GREY, INK, LEFT, RIGHT, START, UP, WHITE, A, B
from ....frontend.machine import Scene
from ....frontend.scenes.modes import ProfileScene
from ....frontend.text import shown_name, tr
from ....frontend.widgets import cursor, fit, skyline, window
from ....platform.roster import character
from .. import GAME
from ..campaign import load_campaign
from .table import GameSetup, TableScene

CAMPAIGN = load_campaign()


def opponents(stage: int, seed: int = 0) -> list[str]:
    """The rivals of a campaign board: the characters of its grade (campaign.yaml)."""
    return list(CAMPAIGN[stage][2])



class CampaignScene(Scene):
    """The Campaign (issue 8): a profile's run through the eight boards; a win or a top-two
    place unlocks the next; progress is kept after each board."""

    overlay_at = (4, 202, "left")        # the speedrun overlays under the boards' notes, over the keys' line
                                         # (the profile's name has the top right)
    stage: int                           # the stage reached and whether the run is cleared, once loaded
    finished: bool

    def __init__(self) -> None:
        self.profile: str | None = None
        self.index = 0
        self.asked = False
        self.playing = False

    def enter(self, m) -> None:
        if self.profile is None and not self.asked:
            self.asked = True
            m.push(ProfileScene(self.chosen, allow_none=False, title="Campaign: who?"))
            return
        self.load(m)

    def chosen(self, name) -> None:
        if not name:
            self.cancel = True
        self.profile = name or None

    def load(self, m) -> None:
        self.stage, self.finished = (m.records.campaign(self.profile, GAME.id)
                                     if m.records is not None and self.profile else (0, False))
        self.index = min(self.stage, len(CAMPAIGN) - 1)

    def update(self, m) -> None:
        if getattr(self, "cancel", False) or (self.asked and self.profile is None and m.stack[-1] is self):
            m.pop()
            return
        if self.profile is not None and (not hasattr(self, "stage") or self.playing):
            self.playing = False            # back from a board: its result may have unlocked the next
            self.load(m)

    def handle(self, m, b) -> None:
        if self.profile is None or not hasattr(self, "stage"):
            return
        pad = next((p for p in range(4) if b.pressed[p]), 0)
        if b.repeat(pad, UP | LEFT):
            self.index = max(0, self.index - 1)
        elif b.repeat(pad, DOWN | RIGHT):
            self.index = min(self.unlocked(), self.index + 1)
        if b.press(pad, B):
            m.pop()
        elif b.press(pad, A | START):
            seed = (m.seed * 31 + self.index * 7 + m.frame) & 0xFFFFFFFF
            board, grade, _ = CAMPAIGN[self.index]
            prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
            me = prefs.get(self.profile, {})
            setup = GameSetup(board, seed, ["human"] + opponents(self.index, seed), {}, mode="campaign",
                              profiles=[self.profile], stage=self.index,
                              colours={self.profile: me["colour"]} if me else {},
                              pads=[me["pad"] - 1] if me else [])
            self.playing = True
            m.match_started()               # its seed is its own (board and frame), but it is one of the sitting's
            m.push(TableScene(setup))

    def unlocked(self) -> int:
        return min(self.stage, len(CAMPAIGN) - 1)

    def resume(self, m) -> None:
        self.load(m)

    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        m.font.draw(surface, tr("CAMPAIGN"), 8, 4, GOLD, shadow=INK)
        if self.profile is None or not hasattr(self, "stage"):
            return
        m.font.draw(surface, self.profile, 248, 4, WHITE, shadow=INK, align="right")
        window(surface, (4, 20, 248, 12 * len(CAMPAIGN) + 10))
        for i, (board, grade, _rivals) in enumerate(CAMPAIGN):
            y = 25 + i * 12
            state = (tr("cleared") if i < self.stage or self.finished else tr("now") if i == self.stage
                     else tr("locked"))
            colour = GREY if i > self.stage else WHITE
            label = f"{i + 1}. {tr(GAME.board(board).name)}"
            face = "main" if m.font.width(label) <= 140 else "small"
            m.font.draw(surface, fit(m.font, label, 140, face), 16, y + (0 if face == "main" else 2), colour, face)
            m.font.draw(surface, tr("grade {grade}", grade=grade), 196, y + 2, colour, "small", align="right")
            m.font.draw(surface, state, 248, y + 2, GOLD if state == tr("now") else colour, "small", align="right")
            if i == self.index:
                cursor(surface, 8, y + 3, m.frame)
        rivals = ", ".join(shown_name(character(r).name) for r in CAMPAIGN[self.index][2])
        m.font.draw(surface, tr("Rivals: {names}", names=rivals), 128, 128, WHITE, "small", INK, align="centre")
        msg = (tr("The whole run is cleared! Play any board again.") if self.finished
               else tr("Win or finish second to unlock the next board."))
        m.font.draw(surface, msg, 128, 138, WHITE, "small", INK, align="centre")
        if self.finished and m.records is not None:          # the run's results
            st = m.records.stats(self.profile, game=GAME.id)
            window(surface, (48, 146, 160, 52))
            m.font.draw(surface, tr("CAMPAIGN CLEAR!"), 128, 150, GOLD, align="centre")
            m.font.draw(surface, tr("{games} game(s), {wins} win(s), best Wealth {best}G", games=st.games, wins=st.wins,
                                    best=f"{st.best_score:,}"), 128, 166, WHITE, "small", align="centre")
            m.font.draw(surface, tr("Largest lead {lead}G", lead=f"{st.largest_lead:,}"), 128, 178, WHITE, "small",
                        align="centre")
        m.font.draw(surface, tr("A: play   B: back"), 128, 214, WHITE, "small", INK, align="centre")
