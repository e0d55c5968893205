"""A third Chinese long-term memory set (life-task help with long answers, two friends chatting).

    .venv/bin/python bench/realchat8.py --base-url http://127.0.0.1:8013 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

Two scopes (bench/realchat8_zh.py: 25 sessions over eight months, 6 of them filler; 61 questions, 6 of them
abstention): a man who asks the assistant for help with life tasks (租房, 看病, 择校, 报税, 求职, 装修) and whose
facts come on the way, the assistant answering at length (some answers are asked about later); and two friends
chatting (both ``role: user`` with a ``name``), asked about in the third person. Values revised up to three times
(the newest must come first), dates said the Chinese way (腊月, 端午前, 上上个月, 开学那周), questions in other
words than the facts (宠物 for 猫, 交通工具 for a car). Written before reading the extractor or the recall code.
Sessions, questions and scores as bench/realchat4.py does them (its helpers): mem0's ``add`` or the sessions API;
evidence found at k = 1, 5, 10 in mem0's ``search``; ``POST /api/v1/context`` with a 400-token budget; the newer
value of a knowledge update first; abstention questions shown, not scored.
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
import realchat8_zh
from longmem import write_set
from realchat4 import _ask, _ingest, _print, summary


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    stamp = int(time.time())
    sessions, questions = [], []
    for who, data, asked in (("life", realchat8_zh.LIFE, realchat8_zh.QUESTIONS_LIFE),
                             ("pals", realchat8_zh.PALS, realchat8_zh.QUESTIONS_PALS)):
        user = f"rc8-{who}-{stamp}"
        origin, kept = _ingest(client, http, user, data)
        sessions += kept
        questions += [_ask(client, http, user, origin, q) for q in asked]
    return {"sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8013")
    parser.add_argument("--key", required=True)
    parser.add_argument("--out", help="the whole run (sessions kept, every question's first memories) as JSON")
    parser.add_argument("--result", help="bench/results/longmem.json: this set's row (bench/longmem.py)")
    args = parser.parse_args()
    outcome = run(args.base_url, args.key)
    if args.out:
        Path(args.out).write_text(json.dumps(outcome, ensure_ascii=False, indent=1))
    _print(outcome)
    if args.result:
        write_set(args.result, "realchat8", "realchat8 (Chinese)", outcome["summary"])


if __name__ == "__main__":
    main()
