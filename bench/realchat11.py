"""A haystack of help sessions (47 sessions over ten months, one fact in passing each): recall and the block.

    .venv/bin/python bench/realchat11.py --base-url http://127.0.0.1:8013 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

One user (bench/realchat11_en.py and realchat11_en_late.py: 47 sessions from January to November, 16 of them
holding no fact; 51 questions, 6 of them abstention) in LongMemEval's manner: long task-focused help sessions
(debugging, trip plans, recipes, tax, a cover letter, a bike, a phone, a move) where one user sentence in passing
holds the fact; questions on a user's fact, on what the assistant said, on a preference the answer must surface, on
a value changed two or three times (the newest first), on time counted from the day the question is asked, and on
counts across sessions. Written before reading the extractor or the recall code. A time question tells the service
its day the way an agent that knows the date can, in its own words: "Today is Tuesday, 10 November 2026. How many
weeks ago did we move house?" (neither mem0's ``search`` nor ``POST /api/v1/context`` takes a date of asking).
Sessions, questions and scores as bench/realchat4.py does them (its helpers): mem0's ``add`` or the sessions API;
evidence found at k = 1, 5, 10 in mem0's ``search`` (every fact of a count or list); ``POST /api/v1/context`` with
a 400-token budget; the newer value of a knowledge update first; abstention questions shown, not scored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat11_en
from longmem import write_set
from realchat4 import _ask, _ingest, _print, summary


def dated(question: tuple[Any, ...], asked: str = realchat11_en.ASKED) -> tuple[Any, ...]:
    """A time question with the day it is asked in front ("Today is Tuesday, 10 November 2026. …")."""
    if question[1] != "temporal":
        return question
    day = date.fromisoformat(asked)
    return (question[0], question[1], f"Today is {day:%A}, {day.day} {day:%B %Y}. {question[2]}", *question[3:])


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    user = f"rc11-{int(time.time())}"
    origin, sessions = _ingest(client, http, user, realchat11_en.SESSIONS)
    questions = [_ask(client, http, user, origin, dated(q)) for q in realchat11_en.QUESTIONS]
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
        write_set(args.result, "realchat11", "realchat11 (English)", outcome["summary"])


if __name__ == "__main__":
    main()
