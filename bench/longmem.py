"""One table for the long-term memory sets scored the same way (bench/realchat4.py, realchat5.py, 6 … 13).

Each script's ``--result bench/results/longmem.json`` puts its own set's row in the one file (the other sets' rows
are kept): a set a row, so docs/benchmarks.md (held to 400 lines) holds them in one section; each set's figures by
kind (first / top 5 / top 10 / block) stay in the file's ``sets``, not shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from realchat4 import BUDGET, DEPTHS

TITLE = "Long-term memory sets through the API: evidence in mem0's search, the context block"
COMMAND = ("bench/realchat4.py (or realchat5.py, 6, 7, 8, 9, 10, 11, 12, 13) --base-url URL --key KEY "
           "--result bench/results/longmem.json")


def _cells(v: dict[str, Any]) -> list[str]:
    return [*(f"{v[f'top{k}']:.0%}" for k in DEPTHS), f"{v['block']:.0%}"]


def _number(key: str) -> tuple[int, str]:
    """realchat4 before realchat10."""
    digits = "".join(c for c in key if c.isdigit())
    return int(digits or 0), key


def write_set(path: str, key: str, label: str, s: dict[str, Any]) -> None:
    """Put set ``key``'s summary ``s`` (bench/realchat4.py's ``summary``) in the table at ``path``."""
    from report import write_result

    file = Path(path)
    sets: dict[str, Any] = json.loads(file.read_text())["sets"] if file.exists() else {}
    kinds = "; ".join(f"{kind} ({v['questions']}) " + " / ".join(_cells(v)) for kind, v in s["by_kind"].items())
    sets[key] = {"row": [label, s["all"]["questions"], *_cells(s["all"]), s["newer_first"]],
                 "note": f"{label}: {kinds}; {s['sessions']} sessions ({s['filler_sessions']} filler), "
                         f"{s['memories']} memories, {s['junk']} junk by rule, {s['abstain']} abstention questions "
                         f"({s['abstain_empty']} answered with no memory; on average "
                         f"{s.get('abstain_found', '?')} of k = 10 results, a block of {s.get('abstain_block', '?')} "
                         "characters)"}
    write_result(path, title=TITLE, command=COMMAND,
                 columns=["set", "questions", "evidence first", "in top 5", "in top 10",
                          f"in the {BUDGET}-token block", "newer value first"],
                 rows=[sets[k]["row"] for k in sorted(sets, key=_number)])  # the kinds stay in "sets", not shown
    result = json.loads(file.read_text())
    file.write_text(json.dumps(result | {"sets": sets}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
