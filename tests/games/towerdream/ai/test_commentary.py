"""Commentary (issue 4): every slot fires in simulated games, lines never repeat back to back,
and talking never changes a game."""
import re
import shutil

import pytest

from tdream.games.towerdream.ai import make_player
from tdream.games.towerdream.ai.commentary import COMMENTS_DIR, SPEAKERS, Commentary, load_comments, slots
from tdream.games.towerdream.rules import new_game
from tdream.errors import DataError

from tests.conftest import seated


def test_the_slot_list_is_fixed_and_long_enough():
    assert len(slots()) >= 40
    for needed in ("fee_paid_small", "fee_paid_large", "company_started", "company_joined", "merger", "absorbed",
                   "bonus_top", "bonus_sub", "tower", "grand_tower", "jackpot_won", "slot_four", "pile_squid",
                   "broke", "lead", "last", "last_turns", "won"):
        assert needed in slots()


def test_every_speaker_has_every_slot_in_english_and_japanese():
    lines = load_comments()
    assert set(lines) == set(SPEAKERS) and len(SPEAKERS) == 11
    for speaker, table in lines.items():
        assert list(table) == list(slots()), speaker
        for slot, options in table.items():
            assert options and all(l.en.strip() and l.ja.strip() for l in options), (speaker, slot)


def test_a_damaged_comments_file_is_named(tmp_path):
    folder = tmp_path / "comments"
    shutil.copytree(COMMENTS_DIR, folder)
    text = (folder / "joji.yaml").read_text()
    text = re.sub(r"\n  tower:\n(    .*\n)+", "\n", text, count=1)
    (folder / "joji.yaml").write_text(text)
    (folder / "old-man.yaml").unlink()
    with pytest.raises(DataError) as e:
        load_comments(folder)
    problems = "\n".join(e.value.problems)
    assert re.search(r"joji\.yaml:\d+: lines\.tower: missing", problems)
    assert "old-man.yaml:0: missing" in problems


def _play(ruleset, board, kinds, seed, talk="always"):
    names = [f"s{i}" for i in range(len(kinds))]
    game, events = new_game(ruleset, board, names, seed=seed)
    seat_kinds = seated(game, names, kinds)
    players = {i: make_player(k, seed + i) for i, k in enumerate(seat_kinds) if k != "human"}
    c = Commentary(seat_kinds, seed, talk)
    said = c.react(game, events)
    while (aw := game.awaiting()) is not None:
        answer = game.sample_chance() if aw.player < 0 else players[aw.player].choose(game)
        said += c.react(game, game.apply(answer))
    return game, c, said


def test_every_slot_fires_in_simulated_games(ruleset, boards):
    fired = set()
    games = 0
    for seed in range(60):
        for board in boards:
            _, c, _ = _play(ruleset, boards[board], ["kenta", "random", "yuderu", "random"], seed)
            fired |= c.fired
            games += 1
        if fired >= set(slots()):
            break
    assert fired == set(slots()), f"never fired in {games} games: {sorted(set(slots()) - fired)}"


def test_never_the_same_line_twice_in_a_row_and_speakers_are_right(ruleset, boards):
    _, c, said = _play(ruleset, boards["classic-10"], ["joji", "hazumi", "random", "yuka"], 4)
    assert len(said) > 50
    for a, b in zip(said, said[1:]):
        assert (a.en, a.ja) != (b.en, b.ja)
    seated = {"joji", "hazumi", "yuka"}
    for comment in said:
        if comment.slot == "sideline":
            assert comment.speaker not in seated           # spectators talk from the side
        if comment.slot in ("won", "lost", "tower", "merger", "floors_built") and comment.speaker in seated:
            assert c.voices[comment.about] == comment.speaker   # a player's own moment, in his voice


def test_talk_option_and_outcomes(ruleset, boards):
    g1, _, always = _play(ruleset, boards["classic-7"], ["joji", "kenta", "random", "yuka"], 8, "always")
    g2, _, some = _play(ruleset, boards["classic-7"], ["joji", "kenta", "random", "yuka"], 8, "rarely")
    g3, _, never = _play(ruleset, boards["classic-7"], ["joji", "kenta", "random", "yuka"], 8, "never")
    assert never == [] and 0 < len(some) < len(always)
    assert g1.fingerprint() == g2.fingerprint() == g3.fingerprint()    # comments change nothing
    with pytest.raises(ValueError):
        Commentary(["joji"], 0, "loud")


def test_regression_a_comments_file_naming_another_speaker_is_refused_cleanly(tmp_path):
    """Found by the fuzz test: the message for a wrong ``speaker:`` used a name never imported
    (NameError) instead of naming the file's line."""
    folder = tmp_path / "comments"
    shutil.copytree(COMMENTS_DIR, folder)
    f = folder / "cosmic-will.yaml"
    f.write_text(f.read_text().replace("speaker: cosmic-will", "speaker: -1", 1))
    with pytest.raises(DataError) as e:
        load_comments(folder)
    assert "cosmic-will.yaml:3" in str(e.value) and "speaker" in str(e.value)


def test_a_tower_is_what_the_rules_data_says_r6_3(ruleset, boards):
    """R6.3's Tower and Grand Tower Floor counts come from the rules data, never the code: with
    other numbers, the same Floors are another moment."""
    import dataclasses

    from tdream.games.towerdream.rules import events as ev
    g, _ = new_game(ruleset, boards["classic-7"], ["A", "B"], seed=1, options={"players": 2})
    c = Commentary(["kenta", "yuka"], 1, "always")
    built = ev.FloorsBuilt(0, "c1", 3, 13)
    assert ("tower", 0, "") in c.moments(g, [built])
    g.ruleset = dataclasses.replace(ruleset, tower_floors=15, grand_tower_floors=18)
    assert ("tower", 0, "") not in c.moments(g, [built])
    assert ("grand_tower", 0, "") in c.moments(g, [ev.FloorsBuilt(0, "c1", 3, 18)])
