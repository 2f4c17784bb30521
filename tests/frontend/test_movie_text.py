"""Issue 38 (2-3, 5): the movie header's author, rerecords and start, a movie written whole
(``write_movie``, ``remake``) and the movie's text form (``tdream movie export`` / ``import``,
FORMATS.md section 4)."""
import itertools
import json
from pathlib import Path

import pytest

from tdream import cli
from tdream.errors import FormatError
from tdream.frontend import run
from tdream.frontend.constants import A, B, START, UP, X
from tdream.frontend.movie import (FRAME_WIDTH, MovieWriter, load_movie, movie_text, new_header, text_legend,
                                   write_movie)
from tdream.frontend.pads import PadFrame, PadReader
from tdream.frontend.run import record_headless, remake
from tdream.frontend.settings import Settings
from tests.conftest import ROOT, run_cli

from .test_blank_user import BusyClock

SHIPPED = [ROOT / "tests" / "frontend" / "data" / "whole-game.tdm",
           *sorted((ROOT / "tests" / "games").glob("*/frontend/data/whole-game.tdm"))]
SHORT = ROOT / "tests" / "games" / "towerup" / "frontend" / "data" / "whole-game.tdm"   # the shortest
KEEP = "a movie already here\n"


def test_every_shipped_movie_is_found():
    assert len(SHIPPED) == 4 and all(p.exists() for p in SHIPPED)


@pytest.mark.parametrize("movie", SHIPPED, ids=lambda p: p.parts[-4])
def test_export_then_import_gives_the_shipped_movie_byte_for_byte(movie, tmp_path):
    text, back = tmp_path / "movie.txt", tmp_path / "back.tdm"
    r = run_cli("movie", "export", str(movie), str(text))
    assert r.returncode == 0 and r.stderr == "", r.stdout + r.stderr
    frames = load_movie(movie).end["frames"]
    lines = text.read_text().splitlines()
    assert f"frames: {frames}" in lines
    assert len(lines) - lines.index(f"frames: {frames}") - 1 == frames      # exactly N frame lines
    r = run_cli("movie", "import", str(text), str(back))
    assert r.returncode == 0 and r.stderr == "", r.stdout + r.stderr
    assert back.read_bytes() == movie.read_bytes()


@pytest.fixture(scope="module")
def short_text(tmp_path_factory):
    """The shortest shipped movie's text form."""
    path = tmp_path_factory.mktemp("text") / "short.txt"
    path.write_text(movie_text(load_movie(SHORT)))
    return path


def frame_line(text: str, frame: int) -> int:
    """The index (from 0) in ``text.split("\\n")`` of frame ``frame``'s line."""
    return text.split("\n").index("frames: " + str(sum(1 for _ in load_movie(SHORT).frames()))) + frame


def test_the_text_has_a_fixed_column_per_button_per_pad(short_text):
    text = short_text.read_text()
    lines = text.split("\n")
    legend = lines[frame_line(text, 0) - 1]
    assert legend == text_legend() and legend.startswith("#")
    frames = list(load_movie(SHORT).frames())
    for k in (1, 2, 3, 4, len(frames)):
        line = lines[frame_line(text, k)]
        buttons, connected = frames[k - 1]
        assert line[:FRAME_WIDTH] == str(k).rjust(FRAME_WIDTH) and len(line) == FRAME_WIDTH + 1 + 4 * 13 + 1
        for pad in range(4):
            for b in range(12):
                col = FRAME_WIDTH + 1 + 13 * pad + b
                assert line[col] == (legend[col] if buttons[pad] >> b & 1 else ".")
        assert line[-1] == format(connected, "x")


def edited(short_text, tmp_path, change) -> Path:
    lines = short_text.read_text().split("\n")
    change(lines, frame_line(short_text.read_text(), 0))
    path = tmp_path / "edited.txt"
    path.write_text("\n".join(lines))
    return path


def test_an_edited_text_imports_into_a_movie_that_verifies(short_text, tmp_path):
    """Pad 2's X held on frame 2 (pad 2 is not connected: nothing reads it) and a frame line
    without its number: the movie made from it holds the press and verifies."""
    def change(lines, at):
        line = lines[at + 2]
        col = FRAME_WIDTH + 1 + 13 + 6
        assert line[col] == "."
        lines[at + 2] = line[:col] + "X" + line[col + 1:]
        lines[at + 5] = lines[at + 5].lstrip(" 0123456789")
    text = edited(short_text, tmp_path, change)
    out = tmp_path / "edited.tdm"
    r = run_cli("movie", "import", str(text), str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    movie = load_movie(out)
    frames = list(movie.frames())
    assert frames[1][0][1] == X and all(buttons[1] == 0 for buttons, _ in frames[2:])
    assert len(frames) == movie.end["frames"] == load_movie(SHORT).end["frames"]
    assert out.read_bytes() != SHORT.read_bytes()
    r = run_cli("movie", "verify", str(out))
    assert r.returncode == 0 and r.stdout.startswith("ok"), r.stdout + r.stderr


def _replace(index: int, old: str, new: str, count: int = 1):
    def change(lines, at):
        assert old in lines[at + index]
        lines[at + index] = lines[at + index].replace(old, new, count)
    return change


def _header(old: str, new: str):
    def change(lines, at):
        i = next(i for i, line in enumerate(lines) if line.startswith(old))
        lines[i] = new
    return change


def _insert_header(line: str):
    def change(lines, at):
        lines.insert(lines.index("pads: 4") + 1, line)
    return change


def _count(n: int):
    def change(lines, at):
        lines[at] = f"frames: {n}"
    return change


def _letter(lines, at):                      # pad 1's A column holds B on frame 3
    line = lines[at + 3]
    col = FRAME_WIDTH + 1 + 4
    lines[at + 3] = line[:col] + "B" + line[col + 1:]


BAD = [
    (_letter, 3, "column 14: pad 1's A column holds 'B'"),
    (_replace(3, "|", "", 1), 3, "too short"),
    (_replace(3, ".|", "..|", 1), 3, "too long"),
    (_replace(3, " 1", ".1"), 3, "expected a space"),
    (_replace(3, " 1", " g", 1), 3, "one hex digit"),
    (_replace(3, "|", ".", 1), 3, "expected '|' between pad 1 and pad 2"),
    (_replace(3, "       3 ", "       4 "), 3, "frame number 4 out of order"),
    (_count(3367), 3368, "frame 3368, but line"),
    (_count(3369), None, "3368 frame lines, but"),
    (_insert_header("author: 3"), "pads+1", "author must be a string"),
    (_insert_header("rerecords: -1"), "pads+1", "rerecords must be a whole number"),
    (_insert_header('start: "savestate"'), "pads+1", 'start must be "power on"'),
    (_insert_header("nonsense"), "pads+1", "expected 'key: value'"),
    (_header("seed:", "seed: [1"), "seed", "not a JSON value"),
    (_header("data_hash:", 'data_hash: "0000000000000000"'), None, "other rules data"),
    (_header("frames:", "frames:"), "frames", "'frames:' without a count"),
    (lambda lines, at: lines.insert(at + 601, "@600 0123456789abcdef"), 601, "checkpoint or end line"),
]


@pytest.mark.parametrize("change, line, words", BAD, ids=[w.split(":")[0][:30] for _, _, w in BAD])
def test_a_bad_text_is_refused_in_one_line_and_the_movie_kept(short_text, tmp_path, capsys, change, line, words):
    text = edited(short_text, tmp_path, change)
    out = tmp_path / "kept.tdm"
    out.write_text(KEEP)
    code = cli.main(["movie", "import", str(text), str(out)])
    err = capsys.readouterr().err
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"{text}:") and "Traceback" not in err
    lines = text.read_text().split("\n")
    if isinstance(line, int):                                 # the frame's line
        assert err.startswith(f"{text}:{frame_line(short_text.read_text(), 0) + line + 1}:"), err
    elif line == "pads+1":                                    # the line put in after pads
        assert err.startswith(f"{text}:{lines.index('pads: 4') + 2}:"), err
    elif isinstance(line, str):                               # the header key's line
        first = next(i for i, t in enumerate(lines) if t.startswith(line + ":"))
        assert err.startswith(f"{text}:{first + 1}:"), err
    assert out.read_text() == KEEP


def test_a_text_whose_game_quits_before_its_last_frame_is_refused(tmp_path, capsys):
    """Start, Up (the menu's last item: Quit), A: the game quits at frame 10; frames after it
    cannot be in a movie."""
    movie = load_movie(SHORT)
    taps = itertools.chain.from_iterable([t, 0, 0] for t in (0, START, UP, A))
    frames = [(b, 0, 0, 0) for b in taps] + [(0, 0, 0, 0)] * 5
    movie.runs = [(1, b, 1) for b in frames]
    text, out = tmp_path / "quits.txt", tmp_path / "quits.tdm"
    text.write_text(movie_text(movie))
    out.write_text(KEEP)
    code = cli.main(["movie", "import", str(text), str(out)])
    err = capsys.readouterr().err
    first = text.read_text().split("\n").index(f"frames: {len(frames)}") + 1
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"{text}:{first + 11}: the game quits at frame 10; the movie has {len(frames)} frames")
    assert out.read_text() == KEEP
    with pytest.raises(FormatError, match="quits at frame 10"):
        remake(movie.header, [PadFrame(b, 1) for b in frames])
    checks, end, games = remake(movie.header, [PadFrame(b, 1) for b in frames[:10]])   # up to the quit: a movie
    assert end["frames"] == 10 and checks == {} and games == ["towerdream"]


@pytest.mark.parametrize("case", ["missing", "text form", "version 1", "itself", "no folder", "import no folder",
                                  "import onto itself"])
def test_export_and_import_refuse_what_they_cannot_do_in_one_line(short_text, tmp_path, capsys, case):
    old = ROOT / "tests" / "games" / "towerdream" / "data" / "v1" / "whole-game-before-issue-14.tdm"
    target = tmp_path / "kept.txt"
    target.write_text(KEEP)
    copy = tmp_path / "movie.tdm"
    copy.write_bytes(SHORT.read_bytes())
    args, words = {
        "missing": (["export", str(tmp_path / "none.tdm"), str(target)], "cannot read"),
        "text form": (["export", str(short_text), str(target)], "text form"),
        "version 1": (["export", str(old), str(target)], "record it again"),
        "itself": (["export", str(copy), str(copy)], "the movie itself"),
        "no folder": (["export", str(copy), str(tmp_path / "no" / "x.txt")], "its folder must exist"),
        "import no folder": (["import", str(short_text), str(tmp_path / "no" / "x.tdm")], "its folder must exist"),
        "import onto itself": (["import", str(target.with_name("t.txt")), str(target.with_name("t.txt"))],
                               "the text itself"),
    }[case]
    if case == "import onto itself":
        target.with_name("t.txt").write_text(short_text.read_text())
    code = cli.main(["movie", *args])
    err = capsys.readouterr().err
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert target.read_text() == KEEP and copy.read_bytes() == SHORT.read_bytes()
    assert not (tmp_path / "no").exists()


def test_a_text_form_given_to_verify_says_to_import_it(short_text):
    r = run_cli("movie", "verify", str(short_text))
    assert r.returncode == 2 and "movie import" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_old_movies_read_the_new_fields_as_their_defaults():
    for path in SHIPPED:
        movie = load_movie(path)
        assert "author" not in movie.header and "start" not in movie.header
        assert (movie.author, movie.rerecords, movie.start) == ("", 0, "power on")


def test_a_movie_reads_its_author_and_rerecords(tmp_path):
    text = SHORT.read_text().replace("pads: 4\n", 'pads: 4\nauthor: "Ann"\nrerecords: 51\nstart: "power on"\n')
    path = tmp_path / "a.tdm"
    path.write_text(text)
    movie = load_movie(path)
    assert (movie.author, movie.rerecords, movie.start) == ("Ann", 51, "power on")
    for bad, words in (('author: null', "author must be a string"), ("rerecords: 1.5", "rerecords must be"),
                       ("rerecords: true", "rerecords must be"), ('start: "savestate 3"', "start must be")):
        key = bad.split(":")[0]
        path.write_text("\n".join(bad if line.startswith(key + ":") else line for line in text.split("\n")))
        r = run_cli("movie", "verify", str(path)) if key == "start" else None
        if r is not None:
            assert r.returncode == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1
        with pytest.raises(FormatError, match=words) as e:
            load_movie(path)
        line = text.split("\n").index(next(t for t in text.split("\n") if t.startswith(key + ":"))) + 1
        assert e.value.problems[0].startswith(f"{path}:{line}:")


class Played:
    games_played = ["towerdream", "towers"]

    def state_hash(self):
        return "0" * 64


def test_movie_writer_writes_author_rerecords_and_start_after_pads(tmp_path):
    path = tmp_path / "w.tdm"
    w = MovieWriter(str(path), 3, Settings(), author="Ann")
    for _ in range(3):
        w.add(PadFrame((0, 0, 0, 0), 1), Played())
    w.close(Played())
    lines = path.read_text().split("\n")
    at = lines.index("pads: 4")
    assert lines[at + 1:at + 5] == ['author: "Ann"', "rerecords: 0", 'start: "power on"', "frames:"]
    movie = load_movie(path)
    assert (movie.author, movie.rerecords, movie.start, movie.games) == ("Ann", 0, "power on", Played.games_played)
    assert json.loads(lines[1].split(": ")[1]) == 2


def test_write_movie_gives_the_bytes_movie_writer_wrote_live(tmp_path):
    """A movie recorded live (runs cut at checkpoints, a run at the last frame) and the same
    frames written whole with remake's checkpoints and end: the same bytes, author and all."""
    settings = Settings()
    presses = itertools.cycle([0] * 7 + [A] * 3 + [0] * 90 + [B] + [0] * 60)
    live = tmp_path / "live.tdm"
    m = record_headless(live, 5, settings, lambda m: PadFrame((next(presses), 0, 0, 0), 1), 1250)
    assert m.frame == 1250
    movie = load_movie(live)
    assert movie.header == new_header(5, settings)          # the live header: nothing played but the title's
    header = new_header(5, settings, "Ann", 7)
    frames = [PadFrame(b, c) for b, c in movie.frames()]
    checks, end, games = remake(header, frames)
    assert sorted(checks) == [600, 1200] and dict(movie.checks) == checks and end == movie.end
    whole = tmp_path / "whole.tdm"
    write_movie(whole, movie.header, frames, checks, end, games)
    assert whole.read_bytes() == live.read_bytes()
    write_movie(whole, header, frames, checks, end, games)
    assert load_movie(whole).author == "Ann" and load_movie(whole).rerecords == 7
    with pytest.raises(ValueError, match="checkpoint for frame 1200"):
        write_movie(tmp_path / "x.tdm", header, frames, {600: checks[600]}, end, games)
    assert not (tmp_path / "x.tdm").exists()


def test_play_author_names_the_movie_recorded_in_the_window(tmp_path, monkeypatch, capsys):
    """``tdream play --movie FILE --author NAME`` (the window on SDL's dummy driver, closed after
    a few frames): the header names the author; --author without --movie is refused."""
    monkeypatch.setattr(run, "time", BusyClock())
    count = itertools.count()

    def frame(reader):
        if next(count) > 30:
            reader.quit = True
        return PadFrame.idle()
    monkeypatch.setattr(PadReader, "frame", frame)
    path = tmp_path / "ann.tdm"
    assert cli.main(["play", "--movie", str(path), "--seed", "3", "--author", "Ann Speed"]) == 0
    movie = load_movie(path)
    assert movie.author == "Ann Speed" and movie.rerecords == 0 and movie.end is not None
    assert cli.main(["play", "--author", "Ann", "--seed", "3"]) == 2
    assert "--author" in capsys.readouterr().err
