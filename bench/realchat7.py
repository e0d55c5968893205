"""A large-haystack English long-memory set (42 sessions, long assistant answers, asides): recall and the block.

    .venv/bin/python bench/realchat7.py --base-url http://127.0.0.1:8016 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

One user (bench/realchat7_en.py: 42 sessions over eight months, 15 of them filler; 49 questions, 5 of them
abstention), LongMemEval-style: the assistant writes long answers (code, recipes, itineraries, letters) and the
user's facts are asides in task messages. Written before reading the extractor or the recall code. Sessions,
questions and scores as bench/realchat4.py does them (its helpers): mem0's ``add`` or the sessions API; evidence
found at k = 1, 5, 10 in mem0's ``search``; ``POST /api/v1/context`` with a 400-token budget; the newer value of a
knowledge update first; abstention questions shown, not scored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat7_en
from longmem import write_set
from realchat4 import _ask, _ingest, _print, summary


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    user = f"rc7-{int(time.time())}"
    origin, sessions = _ingest(client, http, user, realchat7_en.SESSIONS)
    questions = [_ask(client, http, user, origin, q) for q in realchat7_en.QUESTIONS]
    return {"user": user, "sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8016")
    parser.add_argument("--key", required=True)
    parser.add_argument("--out", help="the whole run (sessions kept, every question's first memories) as JSON")
    parser.add_argument("--result", help="bench/results/longmem.json: this set's row (bench/longmem.py)")
    args = parser.parse_args()
    outcome = run(args.base_url, args.key)
    if args.out:
        Path(args.out).write_text(json.dumps(outcome, ensure_ascii=False, indent=1))
    _print(outcome)
    if args.result:
        write_set(args.result, "realchat7", "realchat7 (English)", outcome["summary"])


if __name__ == "__main__":
    main()
