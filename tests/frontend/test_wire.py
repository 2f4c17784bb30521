"""Netplay's wire protocol (``tdream.frontend.wire``) and links (``netlink``): every kind framed
and read back, and what is not one of ours refused with one line (``WireError``), never a
traceback of another kind."""
import json
import socket
import struct
import time

import pytest

from tdream.frontend import wire
from tdream.frontend.netlink import BACKLOG, FLOOD, Lag, Link, lag_from_env
from tdream.frontend.wire import FROM_GUEST, FROM_HOST, Decoder, WireError


def frame_of(kind: int, payload: bytes) -> bytes:
    """A message framed by hand (bounds not checked: to send what ``message`` refuses)."""
    return struct.pack(">BH", kind, len(payload)) + payload


def decode(accepts, data: bytes) -> list:
    return Decoder(accepts).feed(data)


# ---------------------------------------------------------------- round trips
CONTROL = {wire.REFUSE: {"why": "the table is full"}, wire.WELCOME: {"pads": [1, 2], "name": "G"},
           wire.LOBBY: {"rows": [{"name": "Host", "pads": [1], "rtt": 0, "role": "host"}], "delay": 4},
           wire.START: {"seed": 5, "settings": {"text_speed": "fast"}, "author": "", "delay": 3,
                        "names": {"0": "Host"}, "frame": 0},
           wire.DESYNC: {"frame": 120, "why": "hashes differ"}, wire.BYE: {"why": "left", "frame": 9}}


@pytest.mark.parametrize("kind", sorted(CONTROL))
def test_a_control_message_reads_back(kind):
    data = wire.control(kind, CONTROL[kind])
    side = FROM_HOST
    [(k, payload)] = decode(side, data)
    assert k == kind
    fields = {key: type(value) for key, value in CONTROL[kind].items()}
    assert wire.read_control(k, payload, fields) == CONTROL[kind]


def test_a_hello_reads_back_with_its_magic_and_version():
    body = {"program": "tdream 1", "nonce": "ab", "pads": 2, "ok": True}
    data = wire.control(wire.HELLO, body)
    assert data[3:7] == wire.MAGIC and data[7] == wire.PROTOCOL
    for side in (FROM_HOST, FROM_GUEST):
        [(k, payload)] = decode(side, data)
        assert k == wire.HELLO
        assert wire.read_control(k, payload, {"program": str, "nonce": str, "pads": int, "ok": bool}) == body


def test_read_control_keeps_only_the_fields_asked():
    [(k, payload)] = decode(FROM_HOST, wire.control(wire.REFUSE, {"why": "x", "extra": [1, 2]}))
    assert wire.read_control(k, payload, {"why": str}) == {"why": "x"}


@pytest.mark.parametrize("bits", [[0], [0xFFF, 0, 0x800], [1, 2, 3, 4]])
def test_an_input_reads_back(bits):
    [(k, payload)] = decode(FROM_GUEST, wire.pack_input(123456, 0b101, bits))
    assert k == wire.INPUT
    assert wire.read_input(payload) == (123456, 0b101, bits)


@pytest.mark.parametrize("count", [0, 1, 7, wire.MAX_FRAMES])
def test_frames_read_back(count):
    frames = [(((i * 7) & 0xFFF, i & 0xFFF, 0xFFF, 0), i & 0xF) for i in range(count)]
    [(k, payload)] = decode(FROM_HOST, wire.pack_frames(99, frames))
    assert k == wire.FRAMES
    assert wire.read_frames(payload) == (99, frames)


def test_more_frames_than_a_message_holds_are_refused_when_made():
    with pytest.raises(ValueError):
        wire.pack_frames(0, [((0, 0, 0, 0), 1)] * (wire.MAX_FRAMES + 1))


def test_the_small_binary_kinds_read_back():
    [(k, p)] = decode(FROM_GUEST, wire.pack_hash(600, "0123456789abcdef" + "ff" * 24))
    assert k == wire.HASH and wire.read_hash(p) == (600, "0123456789abcdef")
    commit = wire.commitment(70, 2, 0x100, b"n" * 16)
    [(k, p)] = decode(FROM_GUEST, wire.pack_seal(70, 2, commit))
    assert k == wire.SEAL and wire.read_seal(p) == (70, 2, commit)
    [(k, p)] = decode(FROM_GUEST, wire.pack_reveal(70, 2, 0x100, b"n" * 16))
    assert k == wire.REVEAL and wire.read_reveal(p) == (70, 2, 0x100, b"n" * 16)
    [(k, p)] = decode(FROM_HOST, wire.pack_wait(80, 0b0110))
    assert k == wire.WAIT and wire.read_wait(p) == (80, 0b0110)
    for kind, side in ((wire.OPEN, FROM_HOST), (wire.READY, FROM_GUEST)):
        [(k, p)] = decode(side, wire.pack_frame_number(kind, 4242))
        assert k == kind and wire.read_frame_number(p) == 4242
    for side in (FROM_HOST, FROM_GUEST):
        for kind in (wire.PING, wire.PONG):
            [(k, p)] = decode(side, wire.message(kind, struct.pack(">d", 1.5)))
            assert k == kind and struct.unpack(">d", p)[0] == 1.5


def test_a_commitment_binds_frame_pad_buttons_and_nonce():
    c = wire.commitment(10, 1, 0x100, b"a" * 16)
    assert c == wire.commitment(10, 1, 0x100, b"a" * 16)
    others = {wire.commitment(11, 1, 0x100, b"a" * 16), wire.commitment(10, 2, 0x100, b"a" * 16),
              wire.commitment(10, 1, 0x200, b"a" * 16), wire.commitment(10, 1, 0x100, b"b" * 16)}
    assert c not in others and len(others) == 4


def test_every_kind_has_a_name_bounds_and_a_direction():
    assert set(wire.SIZES) == set(wire.NAMES)
    assert wire.FROM_GUEST | wire.FROM_HOST == set(wire.NAMES)
    for lo, hi in wire.SIZES.values():
        assert 0 < lo <= hi <= wire.MAX_PAYLOAD < 1 << 16


def test_message_refuses_a_payload_out_of_its_bounds():
    with pytest.raises(ValueError):
        wire.message(wire.PING, b"1234567")
    with pytest.raises(ValueError):
        wire.message(wire.HASH, b"x" * 13)


# ---------------------------------------------------------------- the decoder
def test_several_messages_in_one_read_come_out_in_order():
    data = wire.pack_input(1, 1, [1]) + wire.pack_hash(60, "ab" * 8) + wire.pack_input(2, 1, [2])
    got = decode(FROM_GUEST, data)
    assert [k for k, _ in got] == [wire.INPUT, wire.HASH, wire.INPUT]


def test_a_partial_message_is_kept_until_whole():
    data = wire.pack_input(7, 1, [3]) + wire.control(wire.BYE, {"why": "done"})
    d = Decoder(FROM_GUEST)
    got = []
    for i in range(len(data)):                   # a byte at a time
        got += d.feed(data[i:i + 1])
        if i < len(wire.pack_input(7, 1, [3])) - 1:
            assert got == []
    assert [k for k, _ in got] == [wire.INPUT, wire.BYE]
    assert wire.read_input(got[0][1]) == (7, 1, [3])
    assert d.buffer == bytearray()


def test_a_header_alone_waits_for_its_payload():
    d = Decoder(FROM_HOST)
    frames = wire.pack_frames(0, [((1, 2, 3, 4), 15)] * 100)
    assert d.feed(frames[:3]) == []
    assert d.feed(frames[3:500]) == []
    [(k, p)] = d.feed(frames[500:])
    assert k == wire.FRAMES and len(wire.read_frames(p)[1]) == 100


@pytest.mark.parametrize("kind", [0, max(wire.NAMES) + 1, 99, 255])
def test_an_unknown_kind_is_refused(kind):
    with pytest.raises(WireError, match=f"unknown message kind {kind}"):
        decode(FROM_GUEST, bytes([kind, 0, 4]) + b"abcd")


def test_an_unknown_kind_is_refused_from_its_header_alone():
    with pytest.raises(WireError, match="unknown"):
        decode(FROM_HOST, bytes([200, 0xFF, 0xFF]))


@pytest.mark.parametrize("kind", sorted(wire.FROM_HOST - wire.FROM_GUEST))
def test_a_host_only_kind_is_refused_by_a_host(kind):
    lo, _ = wire.SIZES[kind]
    with pytest.raises(WireError, match="not one this side takes"):
        decode(FROM_GUEST, frame_of(kind, b"\0" * lo))


@pytest.mark.parametrize("kind", sorted(wire.FROM_GUEST - wire.FROM_HOST))
def test_a_guest_only_kind_is_refused_by_a_guest(kind):
    lo, _ = wire.SIZES[kind]
    with pytest.raises(WireError, match="not one this side takes"):
        decode(FROM_HOST, frame_of(kind, b"\0" * lo))


@pytest.mark.parametrize("kind", sorted(wire.NAMES))
def test_a_size_out_of_bounds_is_refused_before_its_payload_comes(kind):
    lo, hi = wire.SIZES[kind]
    side = FROM_GUEST if kind in FROM_GUEST else FROM_HOST
    for length in {lo - 1, hi + 1, 0xFFFF} - {-1}:
        if lo <= length <= hi:
            continue
        with pytest.raises(WireError, match="bytes .its bounds"):
            decode(side, struct.pack(">BH", kind, length))     # the header is enough to refuse it


def test_what_a_decoder_buffers_is_bounded_by_one_message():
    d = Decoder(FROM_HOST)
    frames = wire.pack_frames(0, [((0, 0, 0, 0), 1)] * wire.MAX_FRAMES)
    d.feed(frames[:-1])
    assert len(d.buffer) < wire.HEADER + wire.MAX_PAYLOAD


# ---------------------------------------------------------------- read_control refuses
def hello_payload(body: bytes, magic: bytes = wire.MAGIC, version: int = wire.PROTOCOL) -> bytes:
    return magic + bytes([version]) + body


@pytest.mark.parametrize("body", [b"not json", b"\xff\xfe", b"{", b"", b"{'a': 1}"])
def test_read_control_refuses_what_is_not_json(body):
    with pytest.raises(WireError, match="not JSON"):
        wire.read_control(wire.REFUSE, body, {"why": str})
    with pytest.raises(WireError, match="not JSON"):
        wire.read_control(wire.HELLO, hello_payload(body), {"program": str})


@pytest.mark.parametrize("body", ["[1, 2]", "3", '"text"', "null", "true"])
def test_read_control_refuses_what_is_not_an_object(body):
    with pytest.raises(WireError, match="not a JSON object"):
        wire.read_control(wire.LOBBY, body.encode(), {"rows": list})


def test_read_control_refuses_a_missing_key():
    with pytest.raises(WireError, match="without 'why'"):
        wire.read_control(wire.BYE, b'{"frame": 1}', {"why": str})


@pytest.mark.parametrize("value", ['"5"', "5.0", "true", "null", "[5]", '{"a": 5}', str(2 ** 60)])
def test_read_control_refuses_a_number_of_another_type(value):
    with pytest.raises(WireError, match="'seed' is not int"):
        wire.read_control(wire.START, f'{{"seed": {value}}}'.encode(), {"seed": int})


@pytest.mark.parametrize("fields,body", [
    ({"why": str}, {"why": 3}),
    ({"why": str}, {"why": "x" * 501}),
    ({"ok": bool}, {"ok": 1}),
    ({"rows": list}, {"rows": {"a": 1}}),
    ({"rows": list}, {"rows": [[[[[1]]]]]}),            # deeper than JSON_DEPTH
    ({"names": dict}, {"names": [1]}),
    ({"names": dict}, {"names": {"a": {"b": {"c": {"d": {}}}}}}),
])
def test_read_control_refuses_wrong_types_and_shapes(fields, body):
    with pytest.raises(WireError, match="is not"):
        wire.read_control(wire.WELCOME, json.dumps(body).encode(), fields)


def test_read_control_refuses_a_hello_with_another_magic():
    with pytest.raises(WireError, match="not a tdream netplay peer"):
        wire.read_control(wire.HELLO, hello_payload(b"{}", magic=b"XXXX"), {})
    with pytest.raises(WireError, match="not a tdream netplay peer"):
        wire.read_control(wire.HELLO, b"GET / HTTP/1.1", {})


@pytest.mark.parametrize("version", [0, wire.PROTOCOL + 1, 255])
def test_read_control_refuses_a_hello_of_another_protocol_version(version):
    with pytest.raises(WireError, match=f"netplay protocol {version}, this program speaks {wire.PROTOCOL}"):
        wire.read_control(wire.HELLO, hello_payload(b'{"program": "x"}', version=version), {"program": str})


# ---------------------------------------------------------------- the binary readers refuse
@pytest.mark.parametrize("extra", [1, 3, 5])
def test_read_input_refuses_an_odd_length(extra):
    payload = struct.pack(">IB", 1, 1) + b"\0" * extra
    with pytest.raises(WireError, match="an input message of"):
        wire.read_input(payload)


@pytest.mark.parametrize("bit", [12, 13, 15])
def test_read_input_refuses_a_button_past_12(bit):
    payload = struct.pack(">IBH", 1, 1, 1 << bit)
    with pytest.raises(WireError, match="past the pad's 12"):
        wire.read_input(payload)


@pytest.mark.parametrize("count,extra", [(2, 0), (1, 1), (1, -1), (0, 9), (6000, 0)])
def test_read_frames_refuses_a_length_that_is_not_its_count(count, extra):
    body = struct.pack(">IH", 0, count) + struct.pack(">HHHHB", 0, 0, 0, 0, 1) + b"\0" * max(0, extra)
    if extra < 0:
        body = body[:extra]
    with pytest.raises(WireError, match="a frames message of"):
        wire.read_frames(body)


@pytest.mark.parametrize("pads", [(1 << 12, 0, 0, 0), (0, 0, 0, 0xF000), (0, 0x2000, 0, 0)])
def test_read_frames_refuses_a_button_past_12(pads):
    body = struct.pack(">IH", 0, 1) + struct.pack(">HHHHB", *pads, 1)
    with pytest.raises(WireError, match="past the pad's 12"):
        wire.read_frames(body)


def test_read_frames_refuses_a_fifth_pad_connected():
    body = struct.pack(">IH", 0, 1) + struct.pack(">HHHHB", 0, 0, 0, 0, 0x10)
    with pytest.raises(WireError, match="fifth pad"):
        wire.read_frames(body)


def test_seal_and_reveal_refuse_a_fifth_pad_or_a_13th_button():
    with pytest.raises(WireError):
        wire.read_seal(struct.pack(">IB", 1, 4) + b"\0" * 32)
    with pytest.raises(WireError):
        wire.read_reveal(struct.pack(">IBH", 1, 4, 0) + b"\0" * 16)
    with pytest.raises(WireError):
        wire.read_reveal(struct.pack(">IBH", 1, 0, 1 << 12) + b"\0" * 16)


# ---------------------------------------------------------------- links
def pair(accepts_a=FROM_HOST, accepts_b=FROM_GUEST):
    """Two links over a TCP connection on the loopback (a's decoder takes ``accepts_a``)."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        a = socket.create_connection(listener.getsockname(), timeout=5)
        b, _ = listener.accept()
    return Link(a, accepts_a), Link(b, accepts_b)


def pump_until(link: Link, want: int, other: Link | None = None, seconds: float = 2.0) -> list:
    got: list = []
    end = time.monotonic() + seconds
    while len(got) < want and time.monotonic() < end and not link.closed:
        if other is not None:
            other.pump(time.monotonic())
        got += link.pump(time.monotonic())
        time.sleep(0.001)
    return got


def test_a_link_carries_messages_both_ways():
    guest, host = pair()
    try:
        guest.send(wire.pack_input(5, 1, [0x10]))
        host.send(wire.pack_frames(0, [((1, 0, 0, 0), 1)]))
        got = pump_until(host, 1, guest)
        assert [(k, wire.read_input(p)) for k, p in got] == [(wire.INPUT, (5, 1, [0x10]))]
        got = pump_until(guest, 1, host)
        assert [k for k, _ in got] == [wire.FRAMES]
        assert guest.sent == host.received > 0
    finally:
        guest.close("test")
        host.close("test")


def test_a_link_closes_with_one_line_on_garbage():
    guest, host = pair()
    try:
        guest.sock.sendall(b"\x63garbage")
        assert pump_until(host, 1) == []
        assert host.closed == "unknown message kind 99"
    finally:
        guest.close("test")
        host.close("test")


def test_a_link_closes_on_a_flood():
    guest, host = pair()
    try:
        guest.sock.sendall(wire.message(wire.PING, b"\0" * 8) * (FLOOD + 50))
        pump_until(host, 10 ** 9, seconds=1.0)
        assert host.closed and host.closed.startswith("a flood")
    finally:
        guest.close("test")
        host.close("test")


def test_a_link_whose_peer_stops_reading_is_dropped():
    host, guest = pair(FROM_GUEST, FROM_HOST)
    try:
        chunk = wire.pack_frames(0, [((0, 0, 0, 0), 1)] * wire.MAX_FRAMES)
        sends = 0
        while not host.closed and sends < 4 * BACKLOG // len(chunk) + 1000:       # the guest never reads
            host.send(chunk)
            host.pump(0.0)
            sends += 1
        assert host.closed is not None and host.closed.startswith("stopped reading")
    finally:
        guest.close("test")
        host.close("test")


def test_a_link_tells_a_closed_peer():
    guest, host = pair()
    guest.close("bye")
    try:
        assert pump_until(host, 1) == []
        assert host.closed == "the connection closed"
    finally:
        host.close("test")


def test_the_lag_holds_messages_back_in_order():
    lag = Lag((100, 100), jitter=0, stall=0)
    times = [lag.release(t) for t in (0.0, 0.01, 0.02)]
    assert times == pytest.approx([0.05, 0.06, 0.07])
    lag = Lag((80, 150), jitter=30, stall=400, every=1.0, seed=3)
    times = [lag.release(i * 0.01) for i in range(1000)]
    assert times == sorted(times)                                    # TCP's order is kept
    gaps = [t - i * 0.01 for i, t in enumerate(times)]
    assert min(gaps) >= 0.04 and max(gaps) >= 0.4                    # half a round trip, and stalls


def test_lag_from_env(monkeypatch):
    monkeypatch.setenv("TDREAM_NETPLAY_LAG", "150-80/30/400")
    lag = lag_from_env()
    assert lag is not None and (lag.rtt, lag.jitter, lag.stall) == ((80, 150), 30, 400)
    monkeypatch.setenv("TDREAM_NETPLAY_LAG", "fast")
    assert lag_from_env() is None
    monkeypatch.delenv("TDREAM_NETPLAY_LAG")
    assert lag_from_env() is None
