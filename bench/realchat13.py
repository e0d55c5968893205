"""A family's group chat (35 sessions over eight months, four named speakers): recall and the block.

    .venv/bin/python bench/realchat13.py --base-url http://127.0.0.1:8013 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

One group (bench/realchat13_en.py: 35 sessions from February to September, 7 of them banter with no fact; 51
questions, 6 of them abstention): short chat turns, each sent with its speaker's ``name`` (mem0's ``add`` and the
sessions API both take it), people talking about each other and about people outside the chat, nicknames, photos
described, plans made and called off, one person's car changed twice. The questions are an agent's about one
person ("What car does Tom drive now?"), about the group, about time, counts across sessions, and about a person
who never said it. Written before reading the extractor or the recall code. Neither mem0's ``search`` nor ``POST
/api/v1/context`` takes the person asked about: the question names them, which is how an agent can say so (the
block's profile reads that name). A time question carries its day as realchat11.py sends it ("Today is Friday, 2
October 2026. …"). Sessions, questions and scores as bench/realchat4.py does them (its helpers).
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
import realchat13_en
from longmem import write_set
from realchat4 import _ask, _ingest, _print, summary
from realchat11 import dated


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    user = f"rc13-{int(time.time())}"
    origin, sessions = _ingest(client, http, user, realchat13_en.SESSIONS)
    questions = [_ask(client, http, user, origin, dated(q, realchat13_en.ASKED)) for q in realchat13_en.QUESTIONS]
    return {"user": user, "sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


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
        write_set(args.result, "realchat13", "realchat13 (English)", outcome["summary"])


if __name__ == "__main__":
    main()
