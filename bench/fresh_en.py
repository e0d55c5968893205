"""A fresh English set by a new hand (bench/fresh_en_set.py) through mem0's SDK, no Anthropic key.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh_en.py --pgdata /tmp/pg-NAME [--port 8014] [--json F]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh_en.py --url http://127.0.0.1:8014 --key KEY

Runs ``bench/others_words.py``'s measures (facts kept, compounds split, junk kept, exchanges, contradictions
retired and current value first, traps held and found) on the fresh set, and for each trap also whether the value
the query does not ask for was kept at all (``trap_other_kept``: a trap is no trap if one message keeps nothing).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEM0_TELEMETRY", "False")

import locomo
import others_words as ow
from fresh_en_set import CONTRADICTIONS, EXCHANGES, FACTS, JUNK, TRAPS


def as_others() -> tuple[list[Any], list[Any], list[Any]]:
    """The fresh set in others_words.py's shapes: (messages, exchanges, pairs)."""
    messages: list[Any] = [("en", text, [" ".join(f) for f in facts]) for text, facts in FACTS]
    messages += [("en", text, []) for text in JUNK]
    exchanges = [("en", [{"role": r, "content": c} for r, c in turns], [" ".join(f) for f in facts], wrong)
                 for turns, facts, wrong in EXCHANGES]
    pairs = [("en", "contra", a, b, q, cur) for a, b, q, cur, _old in CONTRADICTIONS]
    pairs += [("en", "trap", a, b, q, cur) for a, b, q, cur, _other in TRAPS]
    return messages, exchanges, pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pgdata", type=Path, help="a throwaway embedded data directory for a server of our own")
    parser.add_argument("--port", type=int, default=8014)
    parser.add_argument("--url", help="a running server instead (loopback), with --key")
    parser.add_argument("--key", help="its API key")
    parser.add_argument("--json", help="write the full per-item results here")
    args = parser.parse_args()
    if not args.url and not args.pgdata:
        sys.exit("give --pgdata, or --url and --key")
    from mem0 import MemoryClient

    messages, exchanges, pairs = as_others()
    with contextlib.ExitStack() as stack:
        if args.url:
            base, key = args.url.rstrip("/"), args.key
        else:
            base, key = stack.enter_context(locomo.own_server(args.pgdata, args.port, 1, False))
        client = MemoryClient(api_key=key, host=f"{base}/mem0")
        rest = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        stamp = f"fe{int(time.time())}"
        msgs = ow.run_messages(client, stamp, messages)
        exch = ow.run_exchanges(client, stamp, exchanges)
        prs = ow.run_pairs(client, rest, stamp, pairs)
    traps = [r for r in prs if r["kind"] == "trap"]
    # the value the query does not ask for, said in either message, is kept too (both hold)
    second_kept = [any(ow.has(m or "", other) for m in r["first_kept"] + r["second_kept"])
                   for r, (_a, _b, _q, _c, other) in zip(traps, TRAPS, strict=True)]
    ow.show(msgs, exch, prs)
    for r, ok in zip(traps, second_kept, strict=True):
        if not ok:
            kept = r["first_kept"] + r["second_kept"]
            print("TRAP2", json.dumps({"first": r["first"], "second": r["second"], "kept": kept}))
    figures = ow.summary(msgs, exch, prs)["en"]
    figures["trap_other_kept"] = f"{sum(second_kept)}/{len(second_kept)}"
    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "messages": msgs, "exchanges": exch,
                                               "pairs": prs}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
