"""Issue 39: a movie that starts on a user folder of its own (a netplay sitting's: the host's),
kept beside it as MOVIE.user and named by the header's ``user`` digest (FORMATS.md section 4)."""
from __future__ import annotations

import io
import sqlite3
import zipfile

from tdream.cli import main
from tdream.frontend.movie import BlankUser, MovieWriter, UserFolder, load_movie, user_of, user_path
from tdream.frontend.pads import PadFrame
from tdream.frontend.run import headless_on, verify_paths
from tdream.frontend.settings import Settings
from tdream.platform.database import RecordsDB

FRAMES = 240


def _folder(tmp_path) -> UserFolder:
    """A user folder with a profile and a saved game."""
    db_path = tmp_path / "src" / "records.db"
    db = RecordsDB(db_path)
    db.profile("Ann")
    db.close()
    saves = tmp_path / "src" / "records"
    (saves / "sub").mkdir(parents=True)
    (saves / "sub" / "a.tdr").write_text("not really a record\n")
    con = sqlite3.connect(str(db_path))
    data = con.serialize()
    con.close()
    return UserFolder.of(data, saves)


def _movie(tmp_path, folder: UserFolder) -> str:
    path = str(tmp_path / "m.tdm")
    settings = Settings()
    with BlankUser(folder) as blank:
        profiles = [p["name"] for p in blank.db.profiles()]
        assert profiles == ["Ann"], "the machine's folder starts with the folder's profile"
        m = headless_on(blank, 11, settings).machine
        writer = MovieWriter(path, 11, settings, user=folder)
        for i in range(FRAMES):
            frame = PadFrame((1 << 3 if i % 20 == 5 else 0, 0, 0, 0), 1)
            m.step(frame)
            writer.add(frame, m)
        writer.close(m)
        m.close()
    return path


def test_a_movie_on_a_user_folder_verifies_and_names_it(tmp_path, capsys):
    folder = _folder(tmp_path)
    path = _movie(tmp_path, folder)
    movie = load_movie(path)
    assert movie.user == folder.digest() and movie.header["user"] == folder.digest()
    assert user_path(path).read_bytes() == folder.to_bytes()
    back = user_of(movie)
    assert back == folder and [n for n, _ in back.files] == ["sub/a.tdr"]
    assert verify_paths([path], None, None) == 0
    assert "ok" in capsys.readouterr().out


def test_the_same_folder_is_the_same_bytes(tmp_path):
    """Made the same way in two places (two computers), a folder is the same bytes and digest."""
    a, b = _folder(tmp_path / "a"), _folder(tmp_path / "b")
    assert a.to_bytes() == b.to_bytes() and a.digest() == b.digest()
    assert UserFolder.from_bytes(a.to_bytes(), "x") == a
    changed = UserFolder(a.db, (("sub/a.tdr", b"another"),))
    assert changed.digest() != a.digest()


def test_a_missing_damaged_or_other_folder_is_one_line_and_exit_2(tmp_path, capsys):
    folder = _folder(tmp_path)
    path = _movie(tmp_path, folder)
    before = open(path, encoding="utf-8").read()
    side = user_path(path)
    good = side.read_bytes()
    cases = {
        "missing": None,
        "damaged": b"PK\x03\x04 not a zip",
        "other": UserFolder(None, (("x.tdr", b"other"),)).to_bytes(),
    }
    for name, data in cases.items():
        if data is None:
            side.unlink()
        else:
            side.write_bytes(data)
        assert main(["movie", "verify", path]) == 2, name
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and str(side) in err[0], (name, err)
        side.write_bytes(good)
    assert open(path, encoding="utf-8").read() == before


def test_a_folder_with_a_way_out_is_refused(tmp_path):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("records/../../evil", b"x")
    try:
        UserFolder.from_bytes(out.getvalue(), "f.user")
    except Exception as e:
        assert "f.user" in str(e) and "not a user folder's file" in str(e)
    else:
        raise AssertionError("a path out of the records folder was taken")


def test_export_and_import_carry_the_folder(tmp_path, capsys):
    folder = _folder(tmp_path)
    path = _movie(tmp_path, folder)
    text = str(tmp_path / "m.txt")
    again = str(tmp_path / "again.tdm")
    assert main(["movie", "export", path, text]) == 0
    assert user_path(text).read_bytes() == folder.to_bytes()
    assert main(["movie", "import", text, again]) == 0
    assert open(again, "rb").read() == open(path, "rb").read()
    assert user_path(again).read_bytes() == folder.to_bytes()
    capsys.readouterr()
