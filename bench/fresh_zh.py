"""A fresh Chinese set (bench/fresh_zh_set.py) through mem0's SDK, no key, scored as bench/others_words.py does.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh_zh.py --pgdata /tmp/pg-NAME [--port 8015] [--json F]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh_zh.py --url http://127.0.0.1:8015 --key KEY

Reuses ``bench/others_words.py``'s runner and scoring (facts kept, compounds split, junk, exchanges, contradictions
retired with the current value first, traps held and found) on a set written by a new hand before reading the
extractor's rules: 口语, 网络用语, emoji, no subject, comma run-ons, named third parties, times, mixed English.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEM0_TELEMETRY", "False")

import fresh_zh_set
import locomo
import others_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pgdata", type=Path, help="a throwaway embedded data directory for a server of our own")
    parser.add_argument("--port", type=int, default=8015)
    parser.add_argument("--url", help="a running server instead (loopback), with --key")
    parser.add_argument("--key", help="its API key")
    parser.add_argument("--json", help="write the full per-item results here")
    args = parser.parse_args()
    if not args.url and not args.pgdata:
        sys.exit("give --pgdata, or --url and --key")
    from mem0 import MemoryClient

    others_words.MESSAGES = fresh_zh_set.MESSAGES  # type: ignore[attr-defined]
    others_words.EXCHANGES = fresh_zh_set.EXCHANGES  # type: ignore[attr-defined]
    others_words.PAIRS = fresh_zh_set.PAIRS  # type: ignore[attr-defined]
    with contextlib.ExitStack() as stack:
        if args.url:
            base, key = args.url.rstrip("/"), args.key
        else:
            base, key = stack.enter_context(locomo.own_server(args.pgdata, args.port, 1, False))
        client = MemoryClient(api_key=key, host=f"{base}/mem0")
        rest = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        stamp = f"fz{int(time.time())}"
        msgs = others_words.run_messages(client, stamp)
        exch = others_words.run_exchanges(client, stamp)
        prs = others_words.run_pairs(client, rest, stamp)
    others_words.show(msgs, exch, prs)
    figures = others_words.summary(msgs, exch, prs)["zh"]
    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "messages": msgs, "exchanges": exch,
                                               "pairs": prs}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
