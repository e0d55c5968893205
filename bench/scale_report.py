"""``bench/scale.py report r1.json r2.json …``: the table for docs/scaling.md and its charts
(docs/scaling-search.png, docs/scaling-costs.png: cost against the number of memories, log scales)."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _get(result: dict[str, Any], *path: str) -> Any:
    value: Any = result
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


ROWS: list[tuple[str, tuple[str, ...], str]] = [
    ("search, in-process index, warm p50 / p95 (ms)", ("search_index", "warm_ms"), "pair"),
    ("search, in-process index, cold (first search, scope load included) p50 (ms)",
     ("search_index", "cold_ms", "p50"), "num"),
    ("search, SQL exact, warm p50 / p95 (ms)", ("search_sql", "warm_ms"), "pair"),
    ("search, SQL exact, cold p50 (ms)", ("search_sql", "cold_ms", "p50"), "num"),
    ("search, SQL HNSW, warm p50 / p95 (ms)", ("search_hnsw", "warm_ms"), "pair"),
    ("search, SQL HNSW, cold p50 (ms)", ("search_hnsw", "cold_ms", "p50"), "num"),
    ("recall@10 HNSW vs exact, all-MiniLM-L6-v2", ("recall", "all-MiniLM-L6-v2", "recall@10"), "num"),
    ("recall@10 HNSW vs exact, use-multilingual-v3", ("recall", "use-multilingual-v3", "recall@10"), "num"),
    ("load one scope into the index (ms)", ("index_load", "load_ms"), "num"),
    ("index bytes per memory (float16, 2 models)", ("index_load", "bytes_per_memory"), "num"),
    ("web process RSS after the searches (MB)", ("web_process", "rss_after_mb"), "num"),
    ("web process, HTTP search p50 / p95 (ms)", ("web_process", "http_ms"), "pair"),
    ("list paging, one page of 50, p50 / p95 (ms)", ("list_paging", "page_ms"), "pair"),
    ("weekly export (ms)", ("weekly_export", "ms"), "num"),
    ("weekly export lines", ("weekly_export", "lines"), "num"),
    ("subject erasure (ms)", ("erasure", "ms"), "num"),
    ("subject erasure, memories erased", ("erasure", "memories"), "num"),
    ("reembed, ms per memory (sample of 500)", ("reembed", "per_memory_ms"), "num"),
    ("reembed, all memories, extrapolated (s)", ("reembed", "extrapolated_s"), "num"),
    ("database bytes per memory", ("size", "bytes_per_memory"), "num"),
    ("load average before / after", ("load_before",), "load"),
]


def _cell(value: Any, kind: str, result: dict[str, Any]) -> str:
    if value is None:
        return "—"
    if kind == "pair":
        return f"{value['p50']:.0f} / {value['p95']:.0f}" if value else "—"
    if kind == "load":
        after = result.get("load_after") or [0]
        return f"{value[0]:.1f} / {after[0]:.1f}"
    if isinstance(value, float):
        return f"{value:.3f}" if value < 10 else f"{value:.0f}"
    return f"{value:,}"


def table(results: list[dict[str, Any]]) -> str:
    heads = [f"{r['layout']} {r['memories'] // 1000}k" for r in results]
    lines = ["| measure | " + " | ".join(heads) + " |", "|---|" + "---|" * len(results)]
    for label, path, kind in ROWS:
        cells = [_cell(_get(r, *path), kind, r) for r in results]
        if all(c == "—" for c in cells):
            continue
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def charts(results: list[dict[str, Any]]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    for layout, marker in (("one", "o"), ("tenants", "s")):
        rows = sorted((r for r in results if r["layout"] == layout), key=lambda r: r["memories"])
        for key, label in (("search_index", "in-process index"), ("search_sql", "SQL exact"),
                           ("search_hnsw", "SQL HNSW")):
            points = [(r["memories"], _get(r, key, "warm_ms", "p50")) for r in rows if _get(r, key, "warm_ms", "p50")]
            if points:
                ax.plot(*zip(*points, strict=True), marker=marker, label=f"{label} ({layout})")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("memories in the database")
    ax.set_ylabel("search p50, warm (ms)")
    ax.set_title("Search latency against N (2 shared cores, under load)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    path = ROOT / "docs" / "scaling-search.png"
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    made.append(path)

    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    series = [(("index_load", "load_ms"), "load a scope into the index (ms)"),
              (("weekly_export", "ms"), "weekly export (ms)"),
              (("erasure", "ms"), "subject erasure (ms)"),
              (("list_paging", "page_ms", "p50"), "list page p50 (ms)"),
              (("size", "bytes_per_memory"), "database bytes per memory"),
              (("web_process", "rss_after_mb"), "web process RSS (MB)")]
    for layout, style in (("one", "-"), ("tenants", "--")):
        rows = sorted((r for r in results if r["layout"] == layout), key=lambda r: r["memories"])
        for path_keys, label in series:
            points = [(r["memories"], _get(r, *path_keys)) for r in rows if _get(r, *path_keys)]
            if points:
                ax.plot(*zip(*points, strict=True), style, marker="o", label=f"{label} ({layout})")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("memories in the database")
    ax.set_title("Other costs against N")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    path = ROOT / "docs" / "scaling-costs.png"
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    made.append(path)
    return made


_STEP = re.compile(r"^\[(?P<db>[^\]]+)\] (?P<name>\w+) \(\d+ s\): (?P<value>.*)$")
_HEAD = re.compile(r"^\[(?P<db>[^\]]+)\] (?P<n>\d+) memories, (?P<b>\d+) B/memory$")


def from_log(path: Path, layout: str) -> dict[str, Any]:
    """A measurement cut short (the machine is shared: a step may outlast its time-out): its steps from the
    log that ``measure`` prints as it goes."""
    result: dict[str, Any] = {"layout": layout, "partial": True}
    for line in path.read_text().splitlines():
        if (head := _HEAD.match(line)) is not None:
            result.update(db=head["db"], memories=int(head["n"]), size={"bytes_per_memory": int(head["b"])})
        elif (step := _STEP.match(line)) is not None:
            with contextlib.suppress(json.JSONDecodeError):  # a long value may be cut in the log
                result[step["name"]] = json.loads(step["value"])
    return result


def load(path: Path) -> dict[str, Any]:
    if path.suffix == ".log":
        return from_log(path, "tenants" if "tenants" in path.name else "one")
    return dict(json.loads(path.read_text()))


def report(files: list[Path]) -> None:
    merged: dict[tuple[str, int], dict[str, Any]] = {}
    for f in files:  # several files of one stage (e.g. a log and a later run of the missing steps) merge
        result = load(f)
        merged.setdefault((result["layout"], result["memories"]), {}).update(result)
    results = list(merged.values())
    results.sort(key=lambda r: (r["layout"] != "one", r["memories"]))
    print(table(results))
    for path in charts(results):
        print(f"wrote {path.relative_to(ROOT)}")
