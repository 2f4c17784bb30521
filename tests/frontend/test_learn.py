"""Learning a game at the table (issue 36): every rule's text in both languages, word for word
the RULES file's English; the How-to-play pages; the turn log; the rule a refusal names, on
Select; a message that does not fit the text box goes on over pages, never losing a word."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tdream.errors import DataError
from tdream.frontend.learn import load_howto, load_rules, rule_ids_in, tidy
from tests.conftest import ROOT
from tdream.frontend.frontends import frontend_of

DOCS = {"towerdream": "RULES.md", "towers": "RULES-towers.md", "cattower": "RULES-cattower.md",
        "towerup": "RULES-towerup.md"}
RULE = re.compile(r"^- ([A-Z]{1,3}\d+\.\d+[a-z]?) (.*)$")


def plain(md: str) -> str:
    """A rule's Markdown as the screen shows it: no *ruling*/*design* mark before it, no
    emphasis or code marks, one space between words."""
    md = re.sub(r"^\*(ruling|design)\*\s*", "", md.strip())
    md = md.replace("**", "").replace("`", "")
    md = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"\1", md)
    return " ".join(md.split())


def doc_rules(path: Path) -> dict[str, str]:
    """Every rule of a RULES file by its ID: the bullet "- ID text" and its indented lines."""
    rules: dict[str, str] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        m = RULE.match(line)
        if m:
            current = m.group(1)
            rules[current] = m.group(2)
        elif current and line.startswith("  ") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None
    return {k: plain(v) for k, v in rules.items()}


def frontend(gid: str):
    from tdream.platform import registry
    return frontend_of(gid)


@pytest.mark.parametrize("gid", sorted(DOCS))
def test_every_rule_has_its_text_word_for_word_and_its_japanese(gid):
    want = doc_rules(ROOT / "docs" / DOCS[gid])
    have = frontend(gid).rule_texts()
    assert want, DOCS[gid]
    assert sorted(have) == sorted(want), (sorted(set(want) - set(have))[:10], sorted(set(have) - set(want))[:10])
    wrong = [rid for rid in want if have[rid]["en"] != want[rid]]
    assert not wrong, [(rid, have[rid]["en"], want[rid]) for rid in wrong[:3]]
    assert all(texts["ja"] and texts["ja"] != texts["en"] for texts in have.values())


@pytest.mark.parametrize("gid", sorted(DOCS))
def test_every_game_has_how_to_play_pages_in_both_languages(gid):
    pages = frontend(gid).howto()
    assert 3 <= len(pages) <= 12
    known = frontend(gid).rule_texts()
    for page in pages:
        assert page.title["en"] and page.title["ja"] and page.text["en"] and page.text["ja"]
        assert all(rid in known for rid in page.rules), page.rules


def test_a_damaged_howto_file_names_its_line(tmp_path):
    path = tmp_path / "howto.yaml"
    path.write_text("format: tdream-howto\nversion: 1\npages:\n  - title: {en: Goal}\n    text: {en: a, ja: b}\n"
                    "    rules: [nope]\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_howto(path)
    text = "\n".join(e.value.problems) if hasattr(e.value, "problems") else str(e.value)
    assert "howto.yaml:4" in text and "ja" in text and "'nope' is not a rule ID" in text


def test_a_damaged_rules_file_names_its_line(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("format: tdream-rules\nversion: 1\nsource: x\nrules:\n  T1.1: {en: One, ja: ''}\n  bad: {en: a, ja: b}\n",
                    encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_rules(path)
    text = str(e.value)
    assert "rules.yaml:5" in text and "is empty" in text and "rules.yaml:6" in text and "not a rule ID" in text


def test_texts_are_tidied_as_written():
    assert tidy("Two words\n  on two lines\n\nA paragraph") == "Two words on two lines\nA paragraph"
    assert tidy("にほん\nご A\nボタン") == "にほんご A ボタン"


def test_a_refusal_names_its_rules_once_each_in_order():
    assert rule_ids_in("T3.3: c4 is claimed (T3.1, TG4.3); T3.3 again") == ["T3.3", "T3.1", "TG4.3"]
    assert rule_ids_in("Player 1 has 3.5 floors") == []


@pytest.mark.parametrize("gid", sorted(DOCS))
def test_every_page_picture_is_drawn_inside_its_place(gid):
    """Each picture a page names is one the game draws (``howto_pictures``), and it draws
    something there, nothing outside it."""
    import pygame
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.learn import PICTURE
    front = frontend(gid)
    m = Headless(1).machine
    x, y, w, h = PICTURE
    for page in front.howto():
        if not page.picture:
            continue
        assert page.picture in front.howto_pictures(), page.picture
        surface = pygame.Surface((256, 224))
        surface.fill((248, 0, 248))
        front.draw_howto(m, surface, page.picture, PICTURE)
        inside = {surface.get_at((px, py))[:3] for px in range(x, x + w) for py in range(y, y + h, 3)}
        assert len(inside) > 3, page.picture                    # a picture, not a plain ground
        outside = [(px, py) for px in range(256) for py in (y - 1, y + h) if surface.get_at((px, py))[:3] != (248, 0, 248)]
        assert not outside, (page.picture, outside[:3])
