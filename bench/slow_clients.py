"""Slow clients against a running server: does /healthz still answer while they hold connections?

    .venv/bin/python bench/slow_clients.py --url http://127.0.0.1:8000 [--connections 64] [--hold 20]
        [--probes 10] [--body-bytes 5] [--key mn_…]

Opens --connections connections that each send a POST's headers (announcing a 1,000-byte JSON body) and
--body-bytes bytes of that body, then stall. While they are held (--hold seconds), GET /healthz is timed
--probes times, each on a new connection with a 5 s timeout (the bar: every probe under 1 s). At the end
it reports how many slow connections the server still held open, the probes' latencies, and closes
everything. Loopback only; at most 256 connections and 120 s.

Start the server first, as `make run` does (docs/benchmarks.md has the exact commands used), e.g.
    MNEMARA_PGDATA=/tmp/pgs .venv/bin/python -m server.runtime.supervise --port 8340
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import sys
import time
from urllib.parse import urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
PROBE_TIMEOUT = 5.0


def slow_connection(host: str, port: int, body_bytes: int, key: str) -> socket.socket:
    sock = socket.create_connection((host, port), timeout=5)
    head = (f"POST /api/v1/memories HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {key}\r\n"
            "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
    sock.sendall(head.encode() + b'{"scope": "user/slow", "content": "'[:body_bytes])
    return sock


def still_open(sock: socket.socket) -> bool:
    """True while the server neither closed the connection nor answered it."""
    sock.setblocking(False)
    try:
        sock.recv(1, socket.MSG_PEEK)  # an answer or the end of the stream: not held any more
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def probe(host: str, port: int) -> float | None:
    """Seconds for GET /healthz on a fresh connection; None if it timed out or failed."""
    started = time.perf_counter()
    try:
        conn = http.client.HTTPConnection(host, port, timeout=PROBE_TIMEOUT)
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        response.read()
        conn.close()
    except OSError:
        return None
    return time.perf_counter() - started if response.status in (200, 503) else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000 (loopback only)")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--hold", type=float, default=20.0, help="seconds to hold the slow connections")
    parser.add_argument("--probes", type=int, default=10)
    parser.add_argument("--body-bytes", type=int, default=5)
    parser.add_argument("--key", default="mn_not_a_key",
                        help="an API key, so the stalled requests get as far as reading the body")
    args = parser.parse_args()
    url = urlsplit(args.url)
    host, port = url.hostname or "", url.port or 80
    if host not in LOOPBACK:
        sys.exit("loopback addresses only")
    if not (1 <= args.connections <= 256 and 0 < args.hold <= 120 and 1 <= args.probes <= 100):
        sys.exit("bounds: 1-256 connections, at most 120 s, 1-100 probes")

    baseline = probe(host, port)
    print(f"/healthz before: {'timeout' if baseline is None else f'{baseline * 1000:.1f} ms'}")
    held = [slow_connection(host, port, args.body_bytes, args.key) for _ in range(args.connections)]
    started = time.monotonic()
    times: list[float | None] = []
    try:
        time.sleep(1.0)  # let the server pick them all up
        gap = max(0.0, (args.hold - 1.0) / args.probes - 0.05)
        for _ in range(args.probes):
            times.append(probe(host, port))
            time.sleep(gap)
        while time.monotonic() - started < args.hold:
            time.sleep(0.1)
        open_at_end = sum(still_open(sock) for sock in held)
    finally:
        for sock in held:
            sock.close()
    answered = [t * 1000 for t in times if t is not None]
    timeouts = len(times) - len(answered)
    print(f"{args.connections} slow connections (headers + {args.body_bytes} body bytes, then nothing) held "
          f"{args.hold:.0f} s; {open_at_end} still open at the end")
    if answered:
        print(f"/healthz while held: n={len(times)}  answered {len(answered)}  timeouts (> {PROBE_TIMEOUT:.0f} s) "
              f"{timeouts}  p50 {statistics.median(answered):.1f} ms  max {max(answered):.1f} ms")
    else:
        print(f"/healthz while held: n={len(times)}  answered 0  timeouts (> {PROBE_TIMEOUT:.0f} s) {timeouts}")
    under_1s = sum(1 for t in answered if t < 1000)
    print(f"verdict: {under_1s}/{len(times)} probes under 1 s")
    return 0 if under_1s == len(times) else 1


if __name__ == "__main__":
    sys.exit(main())
