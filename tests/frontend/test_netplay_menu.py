"""The title's Netplay... (issue 39): only on a window's title, a pad alone hosts, joins or watches
(an address typed on the grid), the machine only asked (``net_asked``, never state); the lobby
and the sitting's lines drawn."""
import pygame

from tdream.frontend import run
from tdream.frontend.constants import DOWN, LEFT, RIGHT, START, UP, A, B, H, W
from tdream.frontend.font import Font
from tdream.frontend.netplay_run import draw_lobby, draw_notice, draw_over, notice_at, notice_line
from tdream.frontend.pads import PadReader
from tdream.frontend.scenes.netplay_menu import GRID, ITEMS, NetplayMenuScene
from tdream.frontend.scenes.title import TitleScene


def _press(h, *buttons):
    for b in buttons:
        h.step(b)
        h.step(0)


def _title_items(m):
    title = m.stack[0]
    assert isinstance(title, TitleScene)
    return title.items(m)


def test_netplay_is_on_a_windows_title_only():
    h = run.Headless(seed=1)
    m = h.machine
    assert "Netplay..." not in _title_items(m)            # headless (tests, movies): the title's menu as ever
    m.reader = PadReader({})
    items = _title_items(m)
    assert "Netplay..." in items and items.index("Netplay...") == items.index("Options") - 1
    m.movie = True                                        # a movie (recorded or played): never
    assert "Netplay..." not in _title_items(m)
    m.close()


def test_the_title_opens_netplay_and_host_asks_the_window_with_the_pads():
    h = run.Headless(seed=1)
    m = h.machine
    m.reader = PadReader({})
    before = m.state_hash()
    _press(h, START)
    title = m.stack[0]
    for _ in range(title.menu.items.index("Netplay...")):
        _press(h, DOWN)
    _press(h, A)
    scene = m.stack[-1]
    assert isinstance(scene, NetplayMenuScene) and scene.page == "menu"
    _press(h, A)                                           # Host a table
    assert scene.page == "host" and scene.seats == 1
    _press(h, RIGHT, RIGHT, RIGHT, RIGHT)
    assert scene.seats == 4                                # 1-4 pads
    _press(h, LEFT)
    _press(h, DOWN, A)                                     # Open the table
    assert m.net_asked == ("host", {"seats": 3})
    assert before != m.state_hash()                        # the frames went on; the request is no field of it
    m.net_asked = None
    h.step(0)
    still = m.state_hash()
    m.net_asked = ("host", {"seats": 3})
    assert m.state_hash() == still
    m.close()


def test_an_address_is_typed_with_a_pad_alone():
    h = run.Headless(seed=1)
    m = h.machine
    m.reader = PadReader({})
    scene = NetplayMenuScene(0)
    m.push(scene)
    _press(h, DOWN, A)                                     # Join a table
    assert scene.page == "join"
    _press(h, RIGHT, A)                                    # "1"
    _press(h, DOWN, A)                                     # ":" (the second row's second)
    _press(h, RIGHT, RIGHT, A)                             # "]" (its fourth)
    assert scene.address == "1:]"
    _press(h, B)                                           # B erases
    assert scene.address == "1:"
    _press(h, UP, A)                                       # "3" (the first row's fourth)
    assert scene.address == "1:3"
    for _ in range(len(GRID) - 1):
        _press(h, DOWN)
    _press(h, DOWN)                                        # the keys' row: Backspace, OK
    _press(h, RIGHT, A)
    assert m.net_asked == ("join", {"address": "1:3"})
    m.close()


def test_typing_with_the_keyboard_and_ok_needs_an_address():
    h = run.Headless(seed=1)
    m = h.machine
    reader = PadReader({})
    m.reader = reader
    scene = NetplayMenuScene(0)
    m.push(scene)
    _press(h, DOWN, DOWN, A)                               # Watch a table
    assert scene.page == "watch"
    _press(h, START)                                       # nothing typed: OK asks nothing
    assert getattr(m, "net_asked", None) is None
    reader.raw_keys.extend([pygame.K_1, pygame.K_0, pygame.K_PERIOD, pygame.K_KP2, pygame.K_BACKSPACE, pygame.K_5])
    h.step(0)
    assert scene.address == "10.5" and reader.raw_keys == []
    _press(h, START)
    assert m.net_asked == ("watch", {"address": "10.5"})
    m.close()


def test_back_and_b_leave_the_menu():
    h = run.Headless(seed=1)
    m = h.machine
    m.reader = PadReader({})
    depth = len(m.stack)
    scene = NetplayMenuScene(0)
    m.push(scene)
    _press(h, A, B)                                        # host page, back to the menu
    assert scene.page == "menu" and m.stack[-1] is scene
    for _ in range(ITEMS.index("Back")):
        _press(h, DOWN)
    _press(h, A)
    assert len(m.stack) == depth and getattr(m, "net_asked", None) is None
    m.close()


def test_the_lobby_and_the_lines_are_drawn_inside_the_screen():
    from tdream.frontend.netplay import Host
    pygame.init()
    font = Font()
    surface = pygame.Surface((W, H))
    host = Host.__new__(Host)                              # the drawing's fields alone: no socket opened
    host.port, host.fixed_delay, host.over, host.owned, host.name = 47601, None, None, [0], "Host"
    host.peers = []
    host.delay_now = lambda: 4
    host.lobby = lambda: [{"name": "Host", "pads": [1], "rtt": 0, "role": "host"},
                          {"name": "Guest", "pads": [2, 3], "rtt": 87, "role": "play"},
                          {"name": "Watcher", "pads": [], "rtt": 40, "role": "watch"}]
    draw_lobby(host, surface, font, 1.0, ["192.168.1.5"])
    empty = pygame.Surface((W, H))
    draw_lobby(host, empty, font, 1.0, [])
    assert surface.get_view("2").raw != empty.get_view("2").raw      # the address is shown
    host.over = "wrong password"
    draw_lobby(host, surface, font, 1.0, [], refused_at=0.0)
    draw_notice(surface, font, "Waiting for Player 2", (W - 2, 1, "right"))
    draw_over(surface, font, "the host ended the sitting (the host left)")
    h = run.Headless(seed=1)
    x, y, align = notice_at(h.machine)
    assert 0 <= x <= W and 0 <= y < H and align in ("left", "right", "centre")
    h.machine.close()


def test_a_secret_answer_awaited_here_is_said_as_ours():
    from tdream.frontend.netplay import Guest
    g = Guest.__new__(Guest)
    g.owned, g.stall_since, g.waiting = [1], 0.0, (10, 0b10)
    assert notice_line(g, 5.0) == "The table waits for your secret answer"
    g.waiting = (10, 0b11)
    assert notice_line(g, 5.0) == "Waiting for Player 1's secret answer"


def test_the_window_hands_a_netplay_request_over(monkeypatch, tmp_path):
    from tdream.frontend.settings import Settings
    made = []
    real = run.make_machine

    def asking(*args, **kwargs):                           # the title's Netplay... chosen at power on
        m = real(*args, **kwargs)
        m.net_asked = ("join", {"address": "127.0.0.1:1"})
        made.append(m)
        return m
    monkeypatch.setattr(run, "make_machine", asking)
    got = []
    code = run.run_window(1, Settings(), None, records=False, record_dir=str(tmp_path),
                          net=lambda settings, asked: got.append(asked) or 5)
    assert code == 5 and got == [("join", {"address": "127.0.0.1:1"})]
    assert made[0].frame == 0                              # closed before a frame was stepped


def test_a_sitting_that_cannot_be_made_is_one_line(tmp_path, monkeypatch):
    from tdream.frontend import netlink
    from tdream.frontend.netplay_run import sitting_for as netplay_sitting
    monkeypatch.setattr(netlink, "CONNECT_AGAIN_S", 0.2)     # nobody will start listening there
    from tdream.frontend.settings import Settings
    movie = str(tmp_path / "s.tdm")
    for address in ("", "[::1", "1.2.3.4:99999", "1.2.3.4:x"):        # what the parser refuses: no look-up
        line = netplay_sitting("join", Settings(), address=address, movie=movie)
        assert isinstance(line, str) and "\n" not in line and ("address" in line or "port" in line), (address, line)
    line = netplay_sitting("watch", Settings(), address="127.0.0.1:1", movie=movie)   # nobody listens there
    assert isinstance(line, str) and "cannot reach 127.0.0.1:1" in line


def test_the_host_tells_its_lobby_again_when_it_changed(tmp_path):
    from tdream.frontend import wire
    from tdream.frontend.netplay import Host
    from tdream.frontend.settings import Settings
    host = Host(Settings(), str(tmp_path / "h.tdm"), 1, bind="127.0.0.1", port=0, log=lambda line: None)
    sent = []
    host.broadcast = lambda data, now, watchers=True: sent.append(data)
    rows = [{"name": "Host", "pads": [1], "rtt": 0, "role": "host"}, {"name": "G", "pads": [2], "rtt": 0,
                                                                       "role": "play"}]
    host.lobby = lambda: rows
    host.delay_now = lambda: 2
    try:
        host.poll(0.0)
        assert len(sent) == 1 and sent[0][0] == wire.LOBBY
        host.poll(0.1)
        assert len(sent) == 1                                  # nothing changed: nothing sent
        rows[1]["rtt"] = 87                                    # a round trip measured
        host.poll(0.2)
        host.delay_now = lambda: 7                             # the delay chosen
        host.poll(0.3)
        assert len(sent) == 3 and b'"rtt":87' in sent[1].replace(b" ", b"") and b'"delay":7' in sent[2].replace(b" ", b"")
    finally:
        host.listener.close()
