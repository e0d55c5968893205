"""A kept-alive connection against a new connection per request: is a client that reuses its connection slower?

    .venv/bin/python bench/keepalive.py --url http://127.0.0.1:8000 --key mn_… [--scope user/locomo]
        [--rounds 10] [--per-round 20] [--seed 400]

The same search (POST /api/v1/memories/search, one LoCoMo question, k=20, one scope, ``"floor": false`` unless
``--floor``) is sent in four ways:

- ``http.client keep-alive``: one ``http.client.HTTPConnection`` reused for every request;
- ``httpx keep-alive``: one ``httpx.Client`` (its pool keeps the connection);
- ``http.client new conn``: a new ``HTTPConnection`` per request, closed after the answer;
- ``httpx new conn``: one ``httpx.Client`` that keeps no connection (``max_keepalive_connections=0``), so every
  request opens a new one (without the cost of building a client each time).

Interleaved: every round runs each way ``--per-round`` times, in a shuffled order, so that a shared machine's
load drift hits all of them alike. Reported per way: p50, p95, mean (ms, client-side, request sent to body read);
then the gap kept-alive minus new connection for each client library (of the p50s, of the means, and the median of
the rounds' own p50 gaps, which a drift between rounds moves least), the load averages, and how
often a kept-alive connection had to be opened again (the server closed it; uvicorn closes one idle 5 s).

``--seed N`` first loads the first N turns of LoCoMo's first conversation (``../shared/data/locomo-dev.json``,
read, never copied) into ``--scope`` through POST /api/v1/memories, in batches of 100, unless the scope already
holds memories. Loopback only. No verdict is asserted; the numbers are for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
LOCOMO = ROOT.parent / "shared" / "data" / "locomo-dev.json"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
QUESTION = "When did Caroline go to the LGBTQ support group?"
WAYS = ["http.client keep-alive", "httpx keep-alive", "http.client new conn", "httpx new conn"]


def locomo_turns(path: Path, count: int) -> list[dict[str, str]]:
    sample = json.loads(path.read_text(encoding="utf-8"))[0]
    conversation = sample["conversation"]
    turns = []
    n = 1
    while f"session_{n}" in conversation and len(turns) < count:
        for turn in conversation[f"session_{n}"]:
            turns.append({"content": f"{turn['speaker']}: {turn['text']}",
                          "source_session": f"{sample['sample_id']}/session_{n}"})
        n += 1
    return turns[:count]


def seed(host: str, port: int, headers: dict[str, str], scope: str, count: int) -> None:
    conn = http.client.HTTPConnection(host, port, timeout=120)
    conn.request("GET", f"/api/v1/memories?scope={scope}", headers=headers)
    response = conn.getresponse()
    existing = json.loads(response.read())
    if response.status != 200:
        sys.exit(f"listing {scope}: {response.status} {existing}")
    if existing["results"]:
        print(f"scope {scope} already holds memories: not seeded")
        return
    turns = locomo_turns(LOCOMO, count)
    started = time.monotonic()
    for i in range(0, len(turns), 100):
        batch = [{"scope": scope, **turn} for turn in turns[i:i + 100]]
        conn.request("POST", "/api/v1/memories", body=json.dumps(batch), headers=headers)
        response = conn.getresponse()
        body = response.read()
        if response.status != 201:
            sys.exit(f"seeding: {response.status} {body[:300]!r}")
    print(f"seeded {len(turns)} LoCoMo turns into {scope} in {time.monotonic() - started:.1f} s")
    conn.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000 (loopback only)")
    parser.add_argument("--key", required=True)
    parser.add_argument("--scope", default="user/locomo")
    parser.add_argument("--question", default=QUESTION)
    parser.add_argument("--k", type=int, default=20)
    parser.add_argument("--floor", action="store_true",
                        help="keep the relevance floor (fewer hits, a small answer); by default the best k are "
                             "returned whatever their relevance (\"floor\": false), a ~19 KB answer")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--per-round", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0, help="load this many LoCoMo turns into --scope first")
    parser.add_argument("--label", default="", help="printed with the results (e.g. which server)")
    return parser.parse_args()


class Ways:
    """The four ways of sending the search, with what they saw: connections opened again, the local ports of the
    kept-alive connections (and how long one had been idle before a new one), the hits of each answer."""

    def __init__(self, host: str, port: int, path: str, body: bytes, headers: dict[str, str]) -> None:
        self.host, self.port, self.path, self.body, self.headers = host, port, path, body, headers
        base = f"http://{host}:{port}"
        self.kept = http.client.HTTPConnection(host, port, timeout=30)
        self.kept_client = httpx.Client(base_url=base, timeout=30)
        self.fresh_client = httpx.Client(base_url=base, timeout=30,
                                         limits=httpx.Limits(max_keepalive_connections=0))
        self.reopened = dict.fromkeys(WAYS, 0)
        self.local_ports: dict[str, set[int]] = {way: set() for way in WAYS}
        self.last_used: dict[str, float] = {}
        self.idle_before_new: dict[str, list[float]] = {way: [] for way in WAYS}  # a kept-alive connection changed
        self.hits: list[int] = []

    def note_port(self, way: str, local_port: int) -> None:
        now = time.monotonic()
        if self.local_ports[way] and local_port not in self.local_ports[way]:
            self.idle_before_new[way].append(now - self.last_used.get(way, now))
        self.local_ports[way].add(local_port)
        self.last_used[way] = now

    def via_http_client(self, conn: http.client.HTTPConnection, way: str) -> float:
        path, body, headers = self.path, self.body, self.headers
        began = time.perf_counter()
        try:
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.reopened[way] += 1  # closed by the server while idle: open again, time the retry
            conn.close()
            began = time.perf_counter()
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - began) * 1000
        if response.status != 200:
            raise RuntimeError(f"{way}: {response.status} {data[:300]!r}")
        if conn.sock is not None and way.endswith("keep-alive"):
            self.note_port(way, conn.sock.getsockname()[1])
        self.hits.append(len(json.loads(data)["results"]))
        return elapsed

    def one(self, way: str) -> float:
        if way == "http.client keep-alive":
            return self.via_http_client(self.kept, way)
        if way == "http.client new conn":
            conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                return self.via_http_client(conn, way)
            finally:
                conn.close()
        client = self.kept_client if way == "httpx keep-alive" else self.fresh_client
        began = time.perf_counter()
        response = client.post(self.path, content=self.body, headers=self.headers)
        elapsed = (time.perf_counter() - began) * 1000
        if response.status_code != 200:
            raise RuntimeError(f"{way}: {response.status_code} {response.text[:300]}")
        stream = response.extensions.get("network_stream")
        if way == "httpx keep-alive" and stream is not None:
            self.note_port(way, stream.get_extra_info("client_addr")[1])
        self.hits.append(len(response.json()["results"]))
        return elapsed

    def close(self) -> None:
        self.kept.close()
        self.kept_client.close()
        self.fresh_client.close()


def report(args: argparse.Namespace, ways: Ways, answer_size: int, times: dict[str, list[float]],
           round_p50s: dict[str, list[float]], loads: list[tuple[float, float, float]]) -> None:
    hits, reopened, local_ports = ways.hits, ways.reopened, ways.local_ports
    one_minute = [load[0] for load in loads]
    label = f"{args.label}: " if args.label else ""
    print(f"{label}POST {ways.path} (k={args.k}, floor {str(args.floor).lower()}, scope {args.scope}, "
          f"{min(hits)}-{max(hits)} hits, answer {answer_size} bytes), "
          f"{args.rounds} interleaved rounds of {args.per_round} per way; "
          f"load average (1 min) {min(one_minute):.1f}-{max(one_minute):.1f}")
    for way in WAYS:
        values = times[way]
        print(f"  {way:<24} n={len(values):<4} p50 {statistics.median(values):7.2f} ms"
              f"   p95 {pct(values, 0.95):7.2f} ms   mean {statistics.fmean(values):7.2f} ms")
    for lib in ("http.client", "httpx"):
        kept_values, new_values = times[f"{lib} keep-alive"], times[f"{lib} new conn"]
        p50_gap = statistics.median(kept_values) - statistics.median(new_values)
        mean_gap = statistics.fmean(kept_values) - statistics.fmean(new_values)
        pairs = zip(round_p50s[f"{lib} keep-alive"], round_p50s[f"{lib} new conn"], strict=True)
        round_gap = statistics.median(a - b for a, b in pairs)
        print(f"  gap {lib:<12} kept-alive minus new: p50 {p50_gap:+7.2f} ms   mean {mean_gap:+7.2f} ms"
              f"   median of the {args.rounds} rounds' p50 gaps {round_gap:+7.2f} ms")
    print(f"  kept-alive connections opened again after the server closed them: "
          f"http.client {reopened['http.client keep-alive']}; "
          "local ports used by the kept-alive connections: "
          f"http.client {len(local_ports['http.client keep-alive'])}, "
          f"httpx {len(local_ports['httpx keep-alive'])} (1 = one connection throughout)")
    for way in ("http.client keep-alive", "httpx keep-alive"):
        if ways.idle_before_new[way]:
            idle = ", ".join(f"{seconds:.1f}" for seconds in ways.idle_before_new[way])
            print(f"  {way}: a new connection after the old one had been idle for {idle} s")


def main() -> int:
    args = arguments()
    url = urlsplit(args.url)
    host, port = url.hostname or "", url.port or 80
    if host not in LOOPBACK:
        sys.exit("loopback addresses only")
    if not (1 <= args.rounds <= 100 and 1 <= args.per_round <= 200):
        sys.exit("bounds: 1-100 rounds of 1-200 requests")
    headers = {"Authorization": f"Bearer {args.key}", "Content-Type": "application/json"}
    if args.seed:
        seed(host, port, headers, args.scope, args.seed)
    body = json.dumps({"query": args.question, "scope": args.scope, "k": args.k, "floor": args.floor}).encode()
    path = "/api/v1/memories/search"
    base = f"http://{host}:{port}"
    ways = Ways(host, port, path, body, headers)
    for way in WAYS:  # warm: connections open, the query's vector cached, both sides' code paths run
        for _ in range(5):
            ways.one(way)
    ways.hits.clear()
    answer_size = len(httpx.post(f"{base}{path}", content=body, headers=headers, timeout=30).content)
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    round_p50s: dict[str, list[float]] = {way: [] for way in WAYS}
    loads = [os.getloadavg()]
    for n in range(args.rounds):
        order = list(WAYS)
        random.Random(n).shuffle(order)
        for way in order:
            batch = [ways.one(way) for _ in range(args.per_round)]
            times[way] += batch
            round_p50s[way].append(statistics.median(batch))
        loads.append(os.getloadavg())
    ways.close()
    report(args, ways, answer_size, times, round_p50s, loads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
