"""Render docs/benchmarks.md from the benchmarks' JSON results (``make bench-report``).

Each benchmark writes its current figures to ``bench/results/<script-name>.json`` (``--json PATH``, or by
hand from a run's output), one table each, in this format (bench/README.md):

    {"title": "...", "command": "...", "date": "...", "load": "...", "commit": "...",
     "columns": ["...", ...], "rows": [["...", ...], ...], "notes": ["...", ...], "order": 10}

``title``, ``command``, ``date``, ``load``, ``columns`` and ``rows`` are required; ``commit``, ``notes`` and
``order`` (the place in the document, then the file name) are optional; other keys are kept in the file and
not shown. The document is the hand-written
``bench/report_header.md``, then one section per result, then ``bench/report_footer.md``.

    .venv/bin/python bench/report.py            # rewrite docs/benchmarks.md
    .venv/bin/python bench/report.py --check    # exit 1 when docs/benchmarks.md is not the rendered output

A benchmark script records its own figures with ``write_result(path, ...)``: the date, the load average and
the commit are read at that moment.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
HEADER = ROOT / "bench" / "report_header.md"
FOOTER = ROOT / "bench" / "report_footer.md"
DOC = ROOT / "docs" / "benchmarks.md"
REQUIRED = ("title", "command", "date", "load", "columns", "rows")
OPTIONAL = ("commit", "notes", "order")


class BadResult(ValueError):
    """A result file that does not have the format the renderer reads."""


def check_result(name: str, result: Any) -> dict[str, Any]:
    """The result as read, or BadResult saying what is wrong with it."""
    if not isinstance(result, dict):
        raise BadResult(f"{name}: the file must hold one JSON object")
    missing = [key for key in REQUIRED if key not in result]
    if missing:
        raise BadResult(f"{name}: missing {', '.join(missing)}")
    check_texts(name, result)
    check_table(name, result["columns"], result["rows"])
    check_optional(name, result)
    return result


def check_texts(name: str, result: dict[str, Any]) -> None:
    for key in ("title", "command", "date"):
        if not isinstance(result[key], str) or not result[key].strip():
            raise BadResult(f"{name}: {key} must be a non-empty string")
    if not isinstance(result["load"], (str, int, float)) or not str(result["load"]).strip():
        raise BadResult(f"{name}: load must be the load average, as text (\"1.2–1.5\") or a number")


def check_table(name: str, columns: Any, rows: Any) -> None:
    if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
        raise BadResult(f"{name}: columns must be a non-empty list of strings")
    if not isinstance(rows, list) or not rows:
        raise BadResult(f"{name}: rows must be a non-empty list")
    for number, row in enumerate(rows, 1):
        if not isinstance(row, list) or len(row) != len(columns):
            raise BadResult(f"{name}: row {number} must be a list of {len(columns)} cells, one per column")


def check_optional(name: str, result: dict[str, Any]) -> None:
    notes = result.get("notes", [])
    if not isinstance(notes, (str, list)) or not all(isinstance(n, str) for n in notes):
        raise BadResult(f"{name}: notes must be a string or a list of strings")
    if not isinstance(result.get("order", 0), int):
        raise BadResult(f"{name}: order must be an integer")


def load_results(folder: Path = RESULTS) -> list[dict[str, Any]]:
    """Every result of the folder, checked, in document order."""
    results = []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise BadResult(f"{path.name}: not JSON ({exc})") from exc
        results.append((check_result(path.name, data), path.stem))
    results.sort(key=lambda pair: (pair[0].get("order", 1000), pair[1]))
    return [result | {"_name": name} for result, name in results]


def cell(value: Any) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def render_result(result: dict[str, Any]) -> str:
    script = result["_name"]
    lines = [f"## {result['title']}", ""]
    measured = f"measured {result['date']}, load average {cell(result['load'])}"
    if result.get("commit"):
        measured += f", commit {result['commit']}"
    if "\n" in result["command"]:  # a several-line command keeps its block
        lines += ["```", result["command"], "```", "", f"{measured.capitalize()} (`bench/results/{script}.json`).", ""]
    else:
        lines += [f"`{result['command']}`, {measured} (`bench/results/{script}.json`).", ""]
    lines.append("| " + " | ".join(cell(c) for c in result["columns"]) + " |")
    lines.append("|" + "---|" * len(result["columns"]))
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in result["rows"]]
    notes = result.get("notes", [])
    if isinstance(notes, str):
        notes = [notes]
    if notes:
        lines.append("")
        lines += [f"- {note}" for note in notes]
    return "\n".join(lines) + "\n"


def render(folder: Path = RESULTS, header: Path = HEADER, footer: Path = FOOTER) -> str:
    """The whole of docs/benchmarks.md."""
    parts = [header.read_text(encoding="utf-8").rstrip("\n") + "\n"]
    parts += [render_result(result) for result in load_results(folder)]
    parts.append(footer.read_text(encoding="utf-8").rstrip("\n") + "\n")
    return "\n".join(parts)


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (5-minute {five:.1f})"


def current_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


def command_line() -> str:
    """How this benchmark was started, without its ``--json PATH`` (for a result's ``command``)."""
    argv, words, skip = sys.argv, [], False
    for word in argv[1:]:
        if skip:
            skip = False
        elif word == "--json":
            skip = True
        elif not word.startswith("--json="):
            words.append(word)
    script = Path(argv[0]).resolve()
    name = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    return " ".join([".venv/bin/python", str(name), *words])


def write_result(path: str | Path, *, title: str, command: str, columns: list[str], rows: list[list[Any]],
                 notes: list[str] | None = None, load: str | None = None, order: int | None = None) -> None:
    """Write one benchmark's figures in the renderer's format; date, load and commit are taken now unless given."""
    result: dict[str, Any] = {
        "title": title,
        "command": command,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load": load or load_average(),
        "commit": current_commit(),
        "columns": columns,
        "rows": [[cell(c) for c in row] for row in rows],
        "notes": notes or [],
    }
    if order is not None:
        result["order"] = order
    check_result(str(path), result)
    Path(path).write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/benchmarks.md is stale")
    args = parser.parse_args()
    try:
        text = render()
    except BadResult as exc:
        print(f"bench/results/{exc}", file=sys.stderr)
        return 2
    if args.check:
        if DOC.read_text(encoding="utf-8") != text:
            print("docs/benchmarks.md is stale: run `make bench-report` and commit it", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
