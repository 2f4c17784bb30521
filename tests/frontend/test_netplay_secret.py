"""Issue 39: a secret answer never leaves its machine before every secret answer of that moment is
sealed (netplay.py's docstring, FORMATS.md section 8). A host and a guest in one process on the
loopback play a game whose two people pick in secret, driven by the autopilot on each machine;
every message each side receives is logged in order, and the order is checked."""
from __future__ import annotations

import time

from tdream.frontend import wire
from tdream.frontend.netplay import Guest, Host
from tdream.frontend.netplay_run import ScriptPads
from tdream.frontend.settings import Settings
from tdream.platform import registry

SECRET_GAME = "towers"       # its two people pick in secret (TG2.1)
LIMIT_S = 90.0


def _play(tmp_path, game: str, frames: int):
    settings = Settings(text_speed="instant", anim_speed="fast", skip_cpu=True, last={"game": game})
    host = Host(settings, str(tmp_path / "h.tdm"), seed=5, bind="127.0.0.1", port=0, log=lambda line: None)
    guest = Guest(Settings(), str(tmp_path / "g.tdm"), "127.0.0.1", host.port, ident="g" * 32, name="G",
                  log=lambda line: None)
    host.source = ScriptPads(host, game, 2)
    guest.source = ScriptPads(guest, game, 2)
    log: list[tuple[str, int, bytes]] = []          # (who did it, kind, payload) in order
    for who, link in (("host<-", None), ("guest<-", guest.link)):
        if link is None:
            continue
        pump = link.pump

        def logged(now=0.0, pump=pump, who=who):
            got = pump(now)
            log.extend((who, k, p) for k, p in got)
            return got
        link.pump = logged  # type: ignore[method-assign]
    sent = guest.sealed

    def guest_sealed(frame, pad, commit):
        log.append(("guest sealed", frame, bytes([pad])))
        sent(frame, pad, commit)
    guest.sealed = guest_sealed  # type: ignore[method-assign]
    host_seal = host.seal

    def host_sealed(frame, pad, bits):
        log.append(("host sealed", frame, bytes([pad])))
        host_seal(frame, pad, bits)
    host.seal = host_sealed  # type: ignore[method-assign]
    end = time.monotonic() + LIMIT_S
    started = False
    settle: dict = {}
    try:
        while time.monotonic() < end:
            now = time.monotonic()
            host.poll(now)
            if not started and any(p.state == "lobby" and p.role == "play" for p in host.peers):
                for peer in host.peers:
                    if peer.state == "lobby" and peer.link.pump is not None:
                        pump = peer.link.pump

                        def logged_h(now=0.0, pump=pump):
                            got = pump(now)
                            log.extend(("host<-", k, p) for k, p in got)
                            return got
                        peer.link.pump = logged_h  # type: ignore[method-assign]
                host.start(now)
                started = True
            if started:
                host.tick(now, 64)
            guest.poll(now)
            if guest.machine is not None:
                guest.tick(now, 64)
            if host.machine is not None and host.machine.frame >= frames:
                break
            revealed = [i for i, (who, kind, _) in enumerate(log) if who == "host<-" and kind == wire.REVEAL]
            if revealed and host.machine.frame >= settle.setdefault("at", host.machine.frame + 120):
                break                                # a secret moment played, and two seconds after it
            if host.over or guest.over:
                break
            time.sleep(0.0005)
    finally:
        host.stop("the test ended")
        host.finish("the test ended", time.monotonic())
        guest.close()
        host.close()
    return host, guest, log


def test_no_machine_holds_the_others_secret_answer_before_its_own_is_sealed(tmp_path):
    host, guest, log = _play(tmp_path, SECRET_GAME, 1500)
    seals = [i for i, (who, _, _) in enumerate(log) if who.endswith("sealed")]
    assert len(seals) >= 2, "the sitting reached a secret moment (a seal on each machine)"
    # The guest: the first frames message carrying a secret moment's frame comes after its own
    # seal for that moment. The host: the guest's opened answer (reveal) comes after the host's seal.
    moments = 0
    i = 0
    while i < len(seals):
        first = seals[i]
        pair = seals[i:i + 2]
        if len(pair) < 2:
            break
        whos = {log[j][0] for j in pair}
        assert whos == {"guest sealed", "host sealed"}, [log[j][0] for j in pair]
        guest_seal = next(j for j in pair if log[j][0] == "guest sealed")
        host_seal = next(j for j in pair if log[j][0] == "host sealed")
        reveal = next(j for j in range(first, len(log)) if log[j][0] == "host<-" and log[j][1] == wire.REVEAL)
        assert reveal > host_seal, "the host had the guest's answer before sealing its own"
        sealed_frame = min(log[guest_seal][1], log[host_seal][1])
        for j in range(0, guest_seal):
            who, kind, payload = log[j]
            if who == "guest<-" and kind == wire.FRAMES:
                start, frames = wire.read_frames(payload)
                assert start + len(frames) <= sealed_frame or start > sealed_frame + 10**6, \
                    "the guest got the secret moment's frame before sealing its own answer"
        moments += 1
        i += 2
    assert moments >= 1
    # and the sitting stayed one: the same frames, the same state hashes where both hashed
    n = len(guest.frames)
    assert n > 200 and host.frames[:n] == guest.frames
    both = set(host.own_hashes) & set(guest.own_hashes)
    assert both and all(host.own_hashes[f] == guest.own_hashes[f] for f in both)
