"""A fourth Chinese long-term memory set (a family group chat, 微信体 bursts, values tracked over months).

    .venv/bin/python bench/realchat10.py --base-url http://127.0.0.1:8013 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

Two scopes (bench/realchat10_zh.py: 28 sessions over eight months, 7 of them filler; 51 questions, 6 of them
abstention): a mother whose family group chat goes in as she sees it (her turns plain ``user``, the others with
the name she gives them: 妈妈, 老公, 女儿, 表姐), asked about from her side (我闺女, 我妈); and a young man who writes
in 微信体 (short bursts in a row, emoji, English mixed in) and tracks 尿酸, 体重, 存款 and 基金定投 over months,
makes plans and moves them, and counts his films (each one scored). Dates the lunar and holiday way (腊八, 腊月
二十五, 清明, 端午, 国庆); questions in other words than the facts (学琴, 亲戚, 药, 锻炼). Written before reading the
extractor or the recall code. Sessions, questions and scores as bench/realchat4.py does them (its helpers).
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
import realchat10_zh
from longmem import write_set
from realchat4 import _ask, _ingest, _print, summary


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    stamp = int(time.time())
    sessions, questions = [], []
    for who, data, asked in (("fam", realchat10_zh.FAM, realchat10_zh.QUESTIONS_FAM),
                             ("wx", realchat10_zh.WX, realchat10_zh.QUESTIONS_WX)):
        user = f"rc10-{who}-{stamp}"
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
        write_set(args.result, "realchat10", "realchat10 (Chinese)", outcome["summary"])


if __name__ == "__main__":
    main()
