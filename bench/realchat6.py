"""A second Chinese long-term memory set (a paragraph writer, a 微信-style texter, a family group chat).

    .venv/bin/python bench/realchat6.py --base-url http://127.0.0.1:8014 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

Two users (bench/realchat6_zh.py: 25 sessions over eight months, 6 of them filler; 57 questions, 6 of them
abstention): an accountant who writes long paragraphs, one of whose sessions is a family group chat with three
speakers (each turn with the speaker's ``name``), and a young man who writes many short lines. Dates said the
Chinese way (农历, 五一, 国庆, 大前天), numbers in Chinese. Written before reading the extractor or the recall code.
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
import realchat6_zh
from longmem import write_set
from realchat4 import _ask, _ingest, _print, summary


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    stamp = int(time.time())
    sessions, questions = [], []
    for who, data, asked in (("para", realchat6_zh.PARA, realchat6_zh.QUESTIONS_PARA),
                             ("wx", realchat6_zh.WX, realchat6_zh.QUESTIONS_WX)):
        user = f"rc6-{who}-{stamp}"
        origin, kept = _ingest(client, http, user, data)
        sessions += kept
        questions += [_ask(client, http, user, origin, q) for q in asked]
    return {"sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8014")
    parser.add_argument("--key", required=True)
    parser.add_argument("--out", help="the whole run (sessions kept, every question's first memories) as JSON")
    parser.add_argument("--result", help="bench/results/longmem.json: this set's row (bench/longmem.py)")
    args = parser.parse_args()
    outcome = run(args.base_url, args.key)
    if args.out:
        Path(args.out).write_text(json.dumps(outcome, ensure_ascii=False, indent=1))
    _print(outcome)
    if args.result:
        write_set(args.result, "realchat6", "realchat6 (Chinese)", outcome["summary"])


if __name__ == "__main__":
    main()
