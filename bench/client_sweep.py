"""A migration sweep: the published third-party clients, driven against a running Mnemara (``make run``) the
way a developer moving a real agent over would, with plain text (no ``entity``, no structure), in English and
Chinese, unicode, long and empty texts and odd ids.

    .venv/bin/python bench/client_sweep.py --url http://127.0.0.1:8000 --key mn_… [--only mem0,mcp] [--json out]

Clients: mem0's ``MemoryClient`` and ``AsyncMemoryClient`` (``/mem0``), mem0's npm client when node and its
package are in ``.cache`` (as tests/served/test_mem0.py installs them), the LangGraph store
(``MnemaraStore``, sync and async), the MCP server at ``/mcp`` through the official ``mcp`` client, Claude's
memory tool (``MnemaraMemoryTool``) and a python client generated from ``/api/schema/`` by
openapi-python-client. Every call is recorded as ``ok``, ``wrong`` (an answer, but not the one the docs
promise: the reason is given) or ``error`` (an exception: status and body). A 500, a hang (every client has a
60 s timeout), an answer the SDK cannot parse or a message of substance that leaves nothing is a finding.

Each run uses fresh ids (``sweep-<random>-…``) and deletes what it made; it prints a table of client × method
and exits 1 when any call is not ``ok``. No Anthropic key is needed (the offline extractor reads the turns).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TIMEOUT = 60.0  # seconds a call may take before it counts as a hang

Check = Callable[[Any], str | None]  # the answer → None when right, else why it is wrong


@dataclass
class Row:
    client: str
    method: str
    case: str
    outcome: str  # ok | wrong | error
    detail: str = ""
    seconds: float = 0.0


def status_of(exc: BaseException) -> int | None:
    """The HTTP status an SDK's exception carries, whichever SDK raised it."""
    for holder in (exc, getattr(exc, "response", None)):
        for name in ("status", "status_code"):
            value = getattr(holder, name, None)
            if isinstance(value, int):
                return value
    info = getattr(exc, "debug_info", None)
    if isinstance(info, dict) and isinstance(info.get("status_code"), int):
        return int(info["status_code"])
    return None


def body_of(exc: BaseException) -> str:
    for name in ("body", "details", "response_text"):
        value = getattr(exc, name, None)
        if isinstance(value, str) and value:
            return value[:300]
        if value:
            return json.dumps(value, ensure_ascii=False, default=str)[:300]
    response = getattr(exc, "response", None)
    text = getattr(response, "text", None)
    return (text if isinstance(text, str) else str(exc))[:300]


@dataclass
class Sweep:
    """Runs calls and records their outcomes."""

    url: str
    key: str
    tag: str = field(default_factory=lambda: secrets.token_hex(3))
    rows: list[Row] = field(default_factory=list)
    verbose: bool = False

    def uid(self, name: str) -> str:
        """A fresh id for this run (a scope segment: letters, digits, ``-``)."""
        return f"sweep-{self.tag}-{name}"

    def call(self, client: str, method: str, case: str, fn: Callable[[], Any], check: Check | None = None, *,
             expect_status: int | tuple[int, ...] | None = None, expect_exc: tuple[str, ...] = ()) -> Any:
        """Run ``fn``; an exception with ``expect_status`` (a refusal the docs promise), or of a class named in
        ``expect_exc`` (a refusal in the client), is ``ok``. The answer, or None when it failed."""
        started = time.monotonic()
        answer: Any = None
        expected = (expect_status,) if isinstance(expect_status, int) else (expect_status or ())
        try:
            answer = fn()
        except Exception as exc:  # noqa: BLE001 - every failure is a row
            status = status_of(exc)
            detail = f"{type(exc).__name__} {status or ''}: {body_of(exc)}".strip()
            if self.verbose:
                traceback.print_exc()
            outcome = "ok" if (status is not None and status in expected) or type(exc).__name__ in expect_exc \
                else "error"
            self._row(client, method, case, outcome, detail, started)
            return None
        if expected or expect_exc:
            self._row(client, method, case, "wrong",
                      f"expected {expected or expect_exc}, got an answer: {str(answer)[:200]}", started)
            return answer
        why = None
        try:
            why = check(answer) if check else None
        except Exception as exc:  # noqa: BLE001 - an answer the check cannot read is a wrong shape
            why = f"unreadable answer ({type(exc).__name__}: {exc}): {str(answer)[:200]}"
        self._row(client, method, case, "wrong" if why else "ok", why or "", started)
        return answer

    def note(self, client: str, method: str, case: str, why: str | None) -> None:
        """A check that needs no call of its own (e.g. what a later read showed)."""
        self.rows.append(Row(client, method, case, "wrong" if why else "ok", why or ""))

    def _row(self, client: str, method: str, case: str, outcome: str, detail: str, started: float) -> None:
        row = Row(client, method, case, outcome, detail, round(time.monotonic() - started, 2))
        self.rows.append(row)
        if outcome != "ok" or self.verbose:
            print(f"  {outcome:5} {client} {method} [{case}] {detail[:240]}", file=sys.stderr)


async def acall(sweep: Sweep, client: str, method: str, case: str, coro: Any, check: Check | None = None,
                **expect: Any) -> Any:
    """``Sweep.call`` for a coroutine, awaited here (at most ``TIMEOUT`` seconds)."""
    import asyncio

    try:
        answer = await asyncio.wait_for(coro, TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - recorded by call()
        error = exc

        def fail() -> Any:
            raise error
        return sweep.call(client, method, case, fail, check, **expect)
    return sweep.call(client, method, case, lambda: answer, check, **expect)


def table(rows: list[Row]) -> str:
    """client × method: calls and their outcomes, then every call that was not ok."""
    grouped: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        grouped.setdefault((row.client, row.method), []).append(row)
    lines = ["| client | method | calls | ok | wrong | error |", "|---|---|---|---|---|---|"]
    for (client, method), group in grouped.items():
        counts = [sum(r.outcome == o for r in group) for o in ("ok", "wrong", "error")]
        lines.append(f"| {client} | {method} | {len(group)} | " + " | ".join(map(str, counts)) + " |")
    bad = [r for r in rows if r.outcome != "ok"]
    if bad:
        lines += ["", "Not ok:"] + [f"- {r.outcome} {r.client}.{r.method} [{r.case}]: {r.detail}" for r in bad]
    total = {o: sum(r.outcome == o for r in rows) for o in ("ok", "wrong", "error")}
    lines += ["", f"{len(rows)} calls: {total['ok']} ok, {total['wrong']} wrong, {total['error']} error"]
    return "\n".join(lines)


PARTS = ("mem0", "mem0_async", "mem0_v1", "mem0_ts", "langgraph", "mcp", "memory_tool", "generated")


def run(sweep: Sweep, only: set[str]) -> None:
    from bench import sweep_mem0, sweep_tools

    parts: dict[str, Callable[[Sweep], None]] = {
        "mem0": sweep_mem0.sync_client, "mem0_async": sweep_mem0.async_client, "mem0_ts": sweep_mem0.ts_client,
        "mem0_v1": sweep_mem0.v1_client,
        "langgraph": sweep_tools.langgraph_store, "mcp": sweep_tools.mcp_server,
        "memory_tool": sweep_tools.memory_tool, "generated": sweep_tools.generated_client,
    }
    for name in PARTS:
        if name in only:
            print(f"{name} …", file=sys.stderr)
            try:
                parts[name](sweep)
            except Exception as exc:  # noqa: BLE001 - a part that cannot go on is one error row
                traceback.print_exc()
                sweep.note(name, "(part)", "ran to the end", f"stopped: {type(exc).__name__}: {exc}"[:300])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("MNEMARA_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--key", default=os.environ.get("MNEMARA_API_KEY", ""))
    parser.add_argument("--only", default=",".join(PARTS), help="comma-separated: " + ", ".join(PARTS))
    parser.add_argument("--json", type=Path, help="write every row here")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if not args.key:
        parser.error("--key (or MNEMARA_API_KEY) is required")
    os.environ.setdefault("MEM0_TELEMETRY", "False")
    sweep = Sweep(args.url.rstrip("/"), args.key, verbose=args.verbose)
    run(sweep, {part.strip() for part in args.only.split(",") if part.strip()})
    print(table(sweep.rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in sweep.rows], ensure_ascii=False, indent=1) + "\n")
    return 0 if all(r.outcome == "ok" for r in sweep.rows) else 1


if __name__ == "__main__":
    sys.exit(main())
