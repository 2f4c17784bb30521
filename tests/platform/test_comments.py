"""The characters' comments, for every game (issue 21): each game's lines speak of that game only,
and text play tells them at the right moment: before the next turn's or round's line, never after
the game-over line (which says why the match ended in words), a character not seated labelled as
watching, as at the table."""
import io
import re

import pytest

from tdream.platform import registry
from tdream.platform.roster import CHARACTER_IDS, character
from tdream.platform.session import Seat, Session
from tdream.platform.textplay import play_text

# Each game's own words (from its RULES doc and its things): no other game's lines may use one
# unless they are that game's words too. English words match whole (and with a plural s);
# Japanese ones anywhere in a line.
OWN = {
    "towerdream": {
        "en": ("Landmark", "Company", "Companies", "merger", "merge", "merged", "merging", "Jackpot", "slot",
               "salary", "fee", "Wealth", "Bank", "Owner Bonus", "Building Mark", "Ubbo", "Land", "money", "cash",
               "coin", "wallet", "purse", "price", "octopus", "crocodile", "taxi", "dice", "die", "card", "Floor",
               "square"),
        "ja": ("ランドマーク", "会社", "合併", "ジャックポット", "スロット", "給料", "銀行", "お金", "財布", "値段",
               "小銭", "料金", "タクシー", "フロア"),
    },
    "towers": {
        "en": ("storey", "square", "double turn", "walled", "demolish", "territory"),
        "ja": ("二回行動",),
    },
    "cattower": {
        "en": ("footprint", "butterfly", "butterflies", "cushion", "mouse", "mice", "dish", "dishes", "sheet",
               "cell", "die", "dice", "square", "floor"),
        "ja": ("足あと", "フェルト", "チョウ", "クッション", "ネズミ"),
    },
    "towerup": {
        "en": ("roof", "vehicle", "chip", "objective", "market", "supply", "cone", "star column", "card", "floor"),
        "ja": ("屋根", "目標", "ストック", "線路"),
    },
}


def game_lines(game_id: str) -> list[tuple[str, str, str, str]]:
    """Every comment line of a game's data: (speaker, slot, English, Japanese)."""
    if game_id == "towerdream":
        from tdream.games.towerdream.data.comments import comments
        lines = comments()
    elif game_id == "towers":
        from tdream.games.towers.commentary import comments
        lines = comments()[1]
    elif game_id == "cattower":
        from tdream.games.cattower.commentary import game_comments
        lines = game_comments()[1]
    else:
        from tdream.games.towerup.commentary import game_comments
        lines = game_comments()[1]
    return [(who, slot, li.en, li.ja) for who, table in lines.items() for slot, items in table.items()
            for li in items]


def _uses(text: str, word: str, ja: bool) -> bool:
    if ja:
        return word in text
    return re.search(rf"\b{re.escape(word)}(s|es)?\b", text, re.IGNORECASE) is not None


def test_every_game_has_its_own_words():
    assert set(OWN) == set(registry.ids())


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_no_line_of_a_game_names_another_games_words(game_id):
    foreign = {}
    for other, words in OWN.items():
        if other == game_id:
            continue
        for lang in ("en", "ja"):
            mine = OWN[game_id][lang]
            for w in words[lang]:
                if not any(_uses(w, m, lang == "ja") or _uses(m, w, lang == "ja") for m in mine):
                    foreign.setdefault((lang, w), other)
    found = []
    lines = game_lines(game_id)
    assert len(lines) > 100
    for who, slot, en, ja in lines:
        for (lang, w), other in foreign.items():
            if _uses(en if lang == "en" else ja, w, lang == "ja"):
                found.append(f"{who}.{slot}: {en if lang == 'en' else ja!r} names {other}'s {w!r}")
    assert found == []


def test_the_word_check_can_fail():
    assert _uses("Back in my day, towers were half the price.", "price", False)
    assert _uses("Two Landmarks here", "Landmark", False) and not _uses("Landmarked", "Landmark", False)
    assert _uses("ジャックポットだ", "ジャックポット", True)


# ---------------------------------------------------------------- text play
LINEUPS = {"towerdream": ["kenta", "random", "joji", "marimo"], "towers": ["joji", "random"],
           "cattower": ["kenta", "random", "joji", "marimo"], "towerup": ["kenta", "random", "joji", "marimo"]}
TURN_LINE = {"towerdream": re.compile(r"^-- Turn \d+"), "towers": re.compile(r"^Turn \d+:"),
             "cattower": re.compile(r"^Round \d+:"), "towerup": re.compile(r"^Turn \d+:")}
COMMENT = re.compile(r'^    ([^:"]+): "')


def seats_of(game_id: str) -> list[Seat]:
    return [Seat(character(k).name if k in CHARACTER_IDS else "Rand", k) for k in LINEUPS[game_id]]


def told(game_id: str, seed: int, talk: str = "always") -> tuple[list[str], Session]:
    game = registry.get(game_id)
    session, events = Session.start(game, seats_of(game_id), {}, seed)
    out = io.StringIO()
    assert play_text(session, out, events=events, talk=talk) == 0
    return out.getvalue().split("\n"), session


def test_turn_lines_are_known_for_every_game():
    assert set(TURN_LINE) == set(LINEUPS) == set(OWN)


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_text_play_ends_with_the_game_over_line_in_words(game_id):
    lines, session = told(game_id, 5)
    game, res = session.game, session.match.result()
    over = [i for i, line in enumerate(lines) if line.startswith("Game over")]
    assert len(over) == 1, over
    i = over[0]
    assert lines[i] == f"Game over: {game.words.reason(res.reason)}."
    assert game.words.reason(res.reason) != res.reason            # words, not the raw reason
    rest = [line for line in lines[i + 1:] if line.strip()]
    assert len(rest) == len(session.match.names)                  # the standings, then nothing
    assert all(re.match(r"^  \d\. ", line) for line in rest)
    assert not any(COMMENT.match(line) for line in lines[i:])
    assert any(COMMENT.match(line) for line in lines[:i])        # talk=always: they spoke


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_text_play_tells_a_turns_comments_before_the_next_turns_line(game_id):
    """The same match told again by hand: each input's events cut where a turn (or round) line is
    told (the text's own turn lines, not the game's ``turn_breaks``), each piece's lines and then
    the comments on that piece, the game-over line last. Text play must print exactly that."""
    lines, session = told(game_id, 7)
    game = registry.get(game_id)
    s2, events = Session.start(game, seats_of(game_id), {}, 7)
    seated = {s.name for s in seats_of(game_id)}
    com = game.commentary(s2.kinds, 7, "always")
    expected: list[str] = []
    turns = 0

    def tell(evs):
        nonlocal turns
        told_lines = [game.narration.describe(e, s2.match) for e in evs]
        cuts = [i for i, t in enumerate(told_lines) if i > 0 and t and TURN_LINE[game_id].match(t.lstrip("\n"))]
        turns += sum(1 for t in told_lines if t and TURN_LINE[game_id].match(t.lstrip("\n")))
        start = 0
        for c in cuts + [len(evs)]:
            if c > start:
                expected.extend(x for t in told_lines[start:c] if t for x in t.split("\n"))
                for comment in com.react(s2.match, evs[start:c]):
                    who = character(comment.speaker.split(":")[0]).name
                    expected.append(f'    {who}{"" if who in seated else ", watching"}: "{comment.en}"')
            start = c
    tell(list(events))
    while s2.match.awaiting() is not None:
        tell(s2.advance())
    res = s2.match.result()
    expected += ["", f"Game over: {game.words.reason(res.reason)}."]
    expected += [f"  {r}. {s2.match.names[p]}: {res.scores[p]}{game.words.unit}"
                 for r, g in enumerate(res.ranking, 1) for p in g]
    assert turns > 3 and sum(1 for x in expected if COMMENT.match(x)) >= 5     # they spoke (Towers' watchers less: issue 36)
    assert lines[:-1] == expected             # (the last element: the final newline's empty string)


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_text_play_labels_a_character_not_seated_as_watching(game_id):
    lines = told(game_id, 10)[0] + told(game_id, 1)[0]
    seated = {character(k).name for k in LINEUPS[game_id] if k in CHARACTER_IDS}
    names = {character(c).name for c in CHARACTER_IDS}
    watching = 0
    for line in lines:
        m = COMMENT.match(line)
        if not m:
            continue
        who = m.group(1)
        if who.endswith(", watching"):
            base = who.removesuffix(", watching")
            assert base in names and base not in seated, line
            watching += 1
        elif who in names:
            assert who in seated, line                      # a watcher is never shown as seated
    assert watching > 0
