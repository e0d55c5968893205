"""A fifth Chinese long-term memory set: a haystack of long task-help sessions, and dialogue as the query.

    .venv/bin/python bench/realchat12.py --base-url http://127.0.0.1:8014 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

One user (bench/realchat12_zh.py: 42 sessions over ten months, 18 of them filler; 39 questions and 19 dialogues,
8 of them abstention): long task-focused help sessions (résumé, PPT, tax, travel plans, Excel, weekly reports,
renovation budget …) where one user sentence in passing holds the fact. Every session date is moved by the days
between the set's ``QUESTION_DAY`` and today, so "两周前" and "上个月" in a question mean what they meant when the
set was written. A dialogue query (MADial-Bench style: the last 2–4 turns of a new conversation in which a memory
would help) goes to mem0's ``search`` and ``POST /api/v1/context`` as an agent passes the chat so far: one text,
a turn a line ("用户：…" / "助手：…"). Written before reading the extractor or the recall code. Sessions, questions
and scores as bench/realchat4.py does them (its helpers); the dialogues are their own kind in the summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat12_zh
from longmem import write_set
from realchat4 import _ask, _depths, _ingest, _print, summary

ROLES = {"user": "用户", "assistant": "助手"}


def dialogue_text(turns: list[tuple[str, str]]) -> str:
    """The chat so far as an agent passes it to search and context: a turn a line, its speaker first."""
    return "\n".join(f"{ROLES[role]}：{text}" for role, text in turns)


def _moved(sessions: list[dict[str, Any]], today: date) -> list[dict[str, Any]]:
    """The sessions in date order, each date moved so the set's question day is ``today``."""
    shift = today - date.fromisoformat(realchat12_zh.QUESTION_DAY)
    moved = [s | {"date": (date.fromisoformat(s["date"]) + shift).isoformat()} for s in sessions]
    return sorted(moved, key=lambda s: s["date"])


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    user = f"rc12-{int(time.time())}"
    origin, sessions = _ingest(client, http, user, _moved(realchat12_zh.SESSIONS, datetime.now(UTC).date()))
    asked = [*realchat12_zh.QUESTIONS,
             *((qid, kind, dialogue_text(turns), *rest) for qid, kind, turns, *rest in realchat12_zh.DIALOGUES)]
    questions = [_ask(client, http, user, origin, q) for q in asked]
    result = summary(questions, sessions)
    if rows := [q for q in questions if q["kind"] == "dialogue"]:
        result["by_kind"]["dialogue"] = _depths(rows)
    return {"sessions": sessions, "questions": questions, "summary": result}


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
        write_set(args.result, "realchat12", "realchat12 (Chinese)", outcome["summary"])


if __name__ == "__main__":
    main()
