"""Netplay's wire protocol (FORMATS.md section 8): framed, versioned messages of bounded size.

Every message is ``kind`` (1 byte), ``length`` (2 bytes, big-endian) and ``length`` bytes of
payload. Each kind has a fixed size or a bound, and a direction: a host takes only what a guest
may send, a guest only what a host may send. The first message each way is ``HELLO``, whose
payload starts with ``MAGIC`` and the protocol's version; a peer of another version is refused
before anything else is read. Control messages are JSON objects (keys checked by the reader);
the per-frame ones are packed binary. Nothing read from the network is ever executed or used as
a path: the reader turns bytes into numbers, short strings and lists of them, or raises
``WireError`` with one line.

Pure: no sockets, no clock (``netlink`` moves the bytes).
"""
from __future__ import annotations

import hashlib
import json
import struct

MAGIC = b"TDNP"
PROTOCOL = 1
HEADER = 3                       # kind, length
MAX_PAYLOAD = 60_000             # the largest message of any kind (a chunk of a sitting's frames)

# kinds
HELLO, REFUSE, WELCOME, LOBBY, PING, PONG, START, INPUT, FRAMES, HASH, DESYNC, SEAL, WAIT, OPEN, REVEAL, BYE, \
    READY, USER = range(1, 19)
NAMES = {HELLO: "hello", REFUSE: "refuse", WELCOME: "welcome", LOBBY: "lobby", PING: "ping", PONG: "pong",
         START: "start", INPUT: "input", FRAMES: "frames", HASH: "hash", DESYNC: "desync", SEAL: "seal",
         WAIT: "wait", OPEN: "open", REVEAL: "reveal", BYE: "bye", READY: "ready", USER: "user"}
# who may send what (the other side refuses the rest)
FROM_GUEST = frozenset({HELLO, PONG, PING, INPUT, HASH, SEAL, REVEAL, BYE, READY})
FROM_HOST = frozenset({HELLO, REFUSE, WELCOME, LOBBY, PING, PONG, START, FRAMES, HASH, DESYNC, WAIT, OPEN, BYE, USER})
# (smallest, largest) payload per kind
SIZES = {HELLO: (5, 2000), REFUSE: (2, 600), WELCOME: (2, 600), LOBBY: (2, 4000), PING: (8, 8), PONG: (8, 8),
         START: (2, 4000), INPUT: (6, 13), FRAMES: (6, MAX_PAYLOAD), HASH: (12, 12), DESYNC: (2, 600),
         SEAL: (37, 37), WAIT: (5, 5), OPEN: (4, 4), REVEAL: (23, 23), BYE: (2, 600), READY: (4, 4),
         USER: (9, MAX_PAYLOAD)}
USER_CHUNK = MAX_PAYLOAD - 8     # bytes of a user folder in one USER message
FRAME_BYTES = 9                  # a frame in FRAMES: four pads' 12 bits (2 bytes each) and the connected pads
MAX_FRAMES = (MAX_PAYLOAD - 6) // FRAME_BYTES    # frames in one FRAMES message
JSON_DEPTH = 4


def _a(name: str) -> str:
    """"a hello", "an input": a kind's name with its article."""
    return ("an " if name[0] in "aeiou" else "a ") + name


class WireError(Exception):
    """A message that is not one of ours (one line: what, never a traceback)."""


def message(kind: int, payload: bytes) -> bytes:
    lo, hi = SIZES[kind]
    if not lo <= len(payload) <= hi:
        raise ValueError(f"{NAMES[kind]}: {len(payload)} bytes (its bounds: {lo}-{hi})")
    return struct.pack(">BH", kind, len(payload)) + payload


def control(kind: int, data: dict) -> bytes:
    """A JSON message (hello, refuse, welcome, lobby, start, desync, bye)."""
    body = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    if kind == HELLO:
        body = MAGIC + bytes([PROTOCOL]) + body
    return message(kind, body)


class Decoder:
    """Bytes in (``feed``), whole messages out (``messages``), for one side: ``accepts`` the kinds
    the other side may send. Raises WireError on the first message that is not one of ours; what
    is buffered is bounded by one message."""

    def __init__(self, accepts: frozenset[int]) -> None:
        self.accepts = accepts
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[tuple[int, bytes]]:
        self.buffer += data
        out = []
        buf = self.buffer
        while len(buf) >= HEADER:
            kind, length = buf[0], buf[1] << 8 | buf[2]
            if kind not in NAMES:
                raise WireError(f"unknown message kind {kind}")
            if kind not in self.accepts:
                raise WireError(f"{_a(NAMES[kind])} message is not one this side takes")
            lo, hi = SIZES[kind]
            if not lo <= length <= hi:
                raise WireError(f"{_a(NAMES[kind])} message of {length} bytes (its bounds: {lo}-{hi})")
            if len(buf) < HEADER + length:
                break
            out.append((kind, bytes(buf[HEADER:HEADER + length])))
            del buf[:HEADER + length]
        return out


# ---------------------------------------------------------------- reading payloads
def read_control(kind: int, payload: bytes, fields: dict[str, type]) -> dict:
    """A JSON message's object, with exactly the types ``fields`` names for its keys (others
    left out): a hello's magic and version checked first."""
    if kind == HELLO:
        if payload[:4] != MAGIC:
            raise WireError("not a tdream netplay peer (no magic at the start of its hello)")
        if payload[4] != PROTOCOL:
            raise WireError(f"netplay protocol {payload[4]}, this program speaks {PROTOCOL}")
        payload = payload[5:]
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise WireError(f"{_a(NAMES[kind])} message that is not JSON") from None
    if not isinstance(data, dict):
        raise WireError(f"{_a(NAMES[kind])} message that is not a JSON object")
    out = {}
    for key, want in fields.items():
        if key not in data:
            raise WireError(f"{_a(NAMES[kind])} message without {key!r}")
        value = data[key]
        if not _is(value, want, 0):
            raise WireError(f"{_a(NAMES[kind])} message whose {key!r} is not {want.__name__}")
        out[key] = value
    return out


def _is(value, want: type, depth: int) -> bool:
    if want is int:
        return isinstance(value, int) and not isinstance(value, bool) and -2**53 <= value <= 2**53
    if want is bool:
        return isinstance(value, bool)
    if want is str:
        return isinstance(value, str) and len(value) <= 500
    if want is list:
        return isinstance(value, list) and depth < JSON_DEPTH and all(_plain(v, depth + 1) for v in value)
    if want is dict:
        return isinstance(value, dict) and depth < JSON_DEPTH and all(
            isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return False


def _plain(value, depth: int) -> bool:
    """Numbers, short text, and lists and objects of them, shallow."""
    if value is None or isinstance(value, (bool, float)):
        return True
    return any(_is(value, t, depth) for t in (int, str, list, dict))


# ---------------------------------------------------------------- the per-frame messages
def pack_input(frame: int, connected: int, bits: list[int]) -> bytes:
    """A guest's pads for one frame: their connected bits (bit i: its i-th pad) and buttons."""
    return message(INPUT, struct.pack(">IB", frame, connected) + b"".join(struct.pack(">H", b) for b in bits))


def read_input(payload: bytes) -> tuple[int, int, list[int]]:
    if (len(payload) - 5) % 2:
        raise WireError(f"an input message of {len(payload)} bytes")
    frame, connected = struct.unpack_from(">IB", payload)
    bits = [struct.unpack_from(">H", payload, 5 + 2 * i)[0] for i in range((len(payload) - 5) // 2)]
    if any(b >> 12 for b in bits):
        raise WireError("an input message with a button past the pad's 12")
    return frame, connected, bits


def pack_frames(first: int, frames: list[tuple[tuple[int, int, int, int], int]]) -> bytes:
    """Frames ``first``, ``first + 1``, ...: each the four pads' buttons and the connected pads."""
    body = bytearray(struct.pack(">IH", first, len(frames)))
    for buttons, connected in frames:
        body += struct.pack(">HHHHB", *buttons, connected)
    return message(FRAMES, bytes(body))


def read_frames(payload: bytes) -> tuple[int, list[tuple[tuple[int, int, int, int], int]]]:
    first, n = struct.unpack_from(">IH", payload)
    if len(payload) != 6 + n * FRAME_BYTES:
        raise WireError(f"a frames message of {len(payload)} bytes for {n} frames")
    out = []
    for i in range(n):
        a, b, c, d, connected = struct.unpack_from(">HHHHB", payload, 6 + i * FRAME_BYTES)
        if (a | b | c | d) >> 12 or connected >> 4:
            raise WireError("a frames message with a button past the pad's 12 or a fifth pad")
        out.append(((a, b, c, d), connected))
    return first, out


def pack_hash(frame: int, digest: str) -> bytes:
    return message(HASH, struct.pack(">I", frame) + bytes.fromhex(digest[:16]))


def read_hash(payload: bytes) -> tuple[int, str]:
    return struct.unpack_from(">I", payload)[0], payload[4:12].hex()


def pack_seal(frame: int, pad: int, commit: bytes) -> bytes:
    return message(SEAL, struct.pack(">IB", frame, pad) + commit)


def read_seal(payload: bytes) -> tuple[int, int, bytes]:
    frame, pad = struct.unpack_from(">IB", payload)
    if pad > 3:
        raise WireError(f"a seal for pad {pad + 1}")
    return frame, pad, payload[5:37]


def pack_reveal(frame: int, pad: int, bits: int, nonce: bytes) -> bytes:
    return message(REVEAL, struct.pack(">IBH", frame, pad, bits) + nonce)


def read_reveal(payload: bytes) -> tuple[int, int, int, bytes]:
    frame, pad, bits = struct.unpack_from(">IBH", payload)
    if pad > 3 or bits >> 12:
        raise WireError("a reveal for a fifth pad or a thirteenth button")
    return frame, pad, bits, payload[7:23]


def commitment(frame: int, pad: int, bits: int, nonce: bytes) -> bytes:
    """What a sealed answer is committed to (sha256 of the nonce, the frame, the pad, the bits)."""
    return hashlib.sha256(nonce + struct.pack(">IBH", frame, pad, bits)).digest()


def pack_frame_number(kind: int, frame: int) -> bytes:
    return message(kind, struct.pack(">I", frame))


def read_frame_number(payload: bytes) -> int:
    return struct.unpack_from(">I", payload)[0]


def pack_wait(frame: int, pads: int) -> bytes:
    return message(WAIT, struct.pack(">IB", frame, pads))


def read_wait(payload: bytes) -> tuple[int, int]:
    frame, pads = struct.unpack_from(">IB", payload)
    return frame, pads & 0xF


def pack_user(offset: int, total: int, data: bytes) -> bytes:
    """A piece of the user folder the sitting starts on (``movie.UserFolder``'s bytes)."""
    return message(USER, struct.pack(">II", offset, total) + data)


def read_user(payload: bytes) -> tuple[int, int, bytes]:
    offset, total = struct.unpack_from(">II", payload)
    return offset, total, payload[8:]
