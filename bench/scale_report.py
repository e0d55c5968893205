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
    ("web process, HTTP search p50 / p95 (ms; since the reference scope: after each scope's first search)",
     ("web_process", "http_ms"), "pair"),
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
    if kind == "load":  # every run merged into the column: its load before / after
        runs = result.get("runs") or [(value, result.get("load_after") or [0])]
        shown = list(dict.fromkeys(f"{before[0]:.1f} / {after[0]:.1f}" for before, after in runs))
        return "; ".join(shown)
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


LAYOUTS = {"one": "one scope", "tenants": "1,000 tenants"}


def _series(results: list[dict[str, Any]], layout: str, *keys: str) -> list[tuple[int, float]]:
    rows = sorted((r for r in results if r["layout"] == layout), key=lambda r: r["memories"])
    return [(r["memories"], float(v)) for r in rows if (v := _get(r, *keys))]


def _log_axes(ax: Any, results: list[dict[str, Any]]) -> None:
    """Log scales on both axes; x ticks at the measured sizes, y ticks 1-2-5 and at least two decades shown
    (so a flat curve looks flat)."""
    sizes = sorted({r["memories"] for r in results})
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(sizes[0] / 1.6, sizes[-1] * 1.6)
    ax.set_xticks(sizes)
    ax.set_xticklabels([f"{n // 1000:,}k" if n < 10**6 else f"{n // 10**6}M" for n in sizes])
    ys = [y for line in ax.get_lines() for y in line.get_ydata()]
    if ys:
        low, high = min(ys) / 4, max(ys) * 4
        if high / low < 100:
            middle = (low * high) ** 0.5
            low, high = middle / 10, middle * 10
        ax.set_ylim(low, high)
        steps = (1, 2, 5) if high / low < 2000 else (1,)
        ticks = [m * 10**e for e in range(-3, 8) for m in steps if low <= m * 10**e <= high]
        ax.set_yticks(ticks)
        ax.set_yticklabels([f"{t:,.0f}" if t >= 1 else f"{t:g}" for t in ticks])
    ax.minorticks_off()
    ax.grid(True, which="major", alpha=0.3)


def _label_ends(ax: Any, ends: list[tuple[float, float, str, str]]) -> None:
    """Write each curve's name after its last point; names of ends closer than ~1.4× in y move apart."""
    ends = sorted(ends, key=lambda e: (e[0], e[1]))
    for i, (x, y, text, colour) in enumerate(ends):
        near_below = i > 0 and ends[i - 1][0] == x and y / ends[i - 1][1] < 1.4
        near_above = i + 1 < len(ends) and ends[i + 1][0] == x and ends[i + 1][1] / y < 1.4
        shift = 5 if near_below else -5 if near_above else 0
        ax.annotate(text, (x, y), xytext=(6, shift), textcoords="offset points", va="center", fontsize=8,
                    color=colour)


def charts(results: list[dict[str, Any]]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    fig, ax = plt.subplots(figsize=(9, 5.2))
    ends: list[tuple[float, float, str, str]] = []
    colours = {"search_index": "tab:blue", "search_sql": "tab:orange", "search_hnsw": "tab:green"}
    names = {"search_index": "in-process index", "search_sql": "SQL exact", "search_hnsw": "SQL HNSW"}
    for layout, (marker, style) in (("one", ("o", "-")), ("tenants", ("s", "--"))):
        for key, label in names.items():
            points = _series(results, layout, key, "warm_ms", "p50")
            if not points:
                continue
            text = f"{label}, {LAYOUTS[layout]}"
            ax.plot(*zip(*points, strict=True), style, marker=marker, color=colours[key], label=text)
            ends.append((*points[-1], text, colours[key]))
    _log_axes(ax, results)
    _label_ends(ax, ends)
    ax.set_xlim(right=max(r["memories"] for r in results) * 12)  # room for the labels
    ax.set_xlabel("memories in the database (one scope: all in it; 1,000 tenants: N / 1,000 a scope)")
    ax.set_ylabel("search p50, warm (ms, log)")
    ax.set_title("Search latency against N (2 shared cores under load: see the table's load row)")
    ax.legend(fontsize=8, loc="upper left")
    path = ROOT / "docs" / "scaling-search.png"
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    made.append(path)

    panels = [(("index_load", "load_ms"), "load one scope into the index (s)", 1e-3),
              (("erasure", "ms"), "subject erasure incl. VACUUM (s)", 1e-3),
              (("list_paging", "page_ms", "p50"), "list page of 50, p50 (ms)", 1.0),
              (("weekly_export", "ms"), "weekly export (ms)", 1.0),
              (("size", "bytes_per_memory"), "database KB per memory", 1e-3),
              (("web_process", "rss_after_mb"), "web process RSS (MB)", 1.0)]
    fig, axes = plt.subplots(2, 3, figsize=(11, 6.4))
    for ax, (keys, title, scale) in zip(axes.flat, panels, strict=True):
        lines = {layout: [(n, v * scale) for n, v in _series(results, layout, *keys)] for layout in LAYOUTS}
        for layout, (marker, style, colour) in (("one", ("o", "-", "tab:blue")),
                                                ("tenants", ("s", "--", "tab:red"))):
            points = lines[layout]
            if not points:
                continue
            ax.plot(*zip(*points, strict=True), style, marker=marker, color=colour, label=LAYOUTS[layout])
            other = dict(lines["tenants" if layout == "one" else "one"])
            for x, y in points:  # each value written by its point: above it, below where the other is higher
                below = y < other.get(x, 0) or (y == other.get(x) and layout == "tenants")
                ax.annotate(f"{y:,.0f}" if y >= 100 else f"{y:.3g}", (x, y), xytext=(0, -12 if below else 6),
                            textcoords="offset points", ha="center", fontsize=7, color=colour)
        _log_axes(ax, results)
        ax.set_title(title, fontsize=9)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=2, fontsize=9, bbox_to_anchor=(0.5, 0.995))
    fig.suptitle("Other costs against N (memories in the database; log scales)", y=0.945, fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.92))
    path = ROOT / "docs" / "scaling-costs.png"
    fig.savefig(path, dpi=100)
    plt.close(fig)
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


def load_all(path: Path) -> list[dict[str, Any]]:
    """The results a file holds: one (a ``--out`` file, a log) or several (a ``--json`` file)."""
    if path.suffix == ".log":
        return [load(path)]
    found = json.loads(path.read_text())
    return list(found) if isinstance(found, list) else [found]


def keep(path: Path, result: dict[str, Any]) -> None:
    """Add ``result`` to the list in ``path`` (``measure --json``): merged into the entry of the same layout and
    size, whose steps it measured again replaced (a later ``--only recall`` keeps the search steps)."""
    found = load_all(path) if path.exists() else []
    same = [r for r in found if (r["layout"], r["memories"]) == (result["layout"], result["memories"])]
    found = [r for r in found if r not in same] + [{k: v for r in [*same, result] for k, v in r.items()}]
    found.sort(key=lambda r: (r["layout"] != "one", r["memories"]))
    path.write_text(json.dumps(found, indent=1) + "\n")


PATHS = (("search_index", "in-process index", "warm_ms", "warm_cpu_ms"),
         ("search_sql", "SQL exact", "warm_ms", "warm_cpu_ms"),
         ("search_hnsw", "SQL HNSW", "warm_ms", "warm_cpu_ms"),
         ("web_process", "HTTP, web process", "http_ms", "http_cpu_ms"))


def ratio_table(results: list[dict[str, Any]]) -> str:
    """Each size's search against the reference scope measured beside it in the same run (``ratio``: p95 over
    the reference's p95; CPU: the mean CPU ms per search, the process's every thread), with the load average
    at the step's start and end. Runs from before the reference was measured are left out."""
    lines = ["| memories in the scope | search | p95 ms | 1k p95 ms | p95 ratio | CPU ms | 1k CPU ms | CPU ratio "
             "| load |", "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        for key, label, wall, cpu in PATHS:
            step = r.get(key)
            if not isinstance(step, dict) or "ratio" not in step:
                continue
            ref = step["reference"]
            size = f"{r['scope_memories']:,}" + (" (1,000 tenants)" if r["layout"] == "tenants" else "")
            lines.append(f"| {size} | {label} | {step[wall]['p95']:.0f} | {ref['wall_ms']['p95']:.0f} | "
                         f"{step['ratio']['p95']:.2f} | {step[cpu]['mean']:.1f} | {ref['cpu_ms']['mean']:.1f} | "
                         f"{step['ratio']['cpu']:.2f} | {step['load'][0]:.1f}–{step['load'][-1]:.1f} |")
    return "\n".join(lines)


RATIOS_BEGIN, RATIOS_END = "<!-- ratios: bench/scale.py report --write -->", "<!-- /ratios -->"


def write_ratios(text: str, doc: Path = ROOT / "docs" / "scaling.md") -> None:
    """Replace the ratio table between its two markers in docs/scaling.md."""
    content = doc.read_text()
    start, end = content.index(RATIOS_BEGIN) + len(RATIOS_BEGIN), content.index(RATIOS_END)
    doc.write_text(content[:start] + "\n" + text + "\n" + content[end:])


def report(files: list[Path], *, write: bool = False) -> None:
    merged: dict[tuple[str, int], dict[str, Any]] = {}
    loaded = [item for f in files for item in load_all(f)]
    for result in loaded:  # several results of one stage (e.g. a log and a later run of the missing steps)
        # merge in the order given: a later one's steps replace an earlier one's
        column = merged.setdefault((result["layout"], result["memories"]), {"runs": []})
        runs = column["runs"]
        if result.get("load_before"):
            runs.append((result["load_before"], result.get("load_after") or [0]))
        column.update(result)
        column["runs"] = runs
    results = list(merged.values())
    results.sort(key=lambda r: (r["layout"] != "one", r["memories"]))
    ratios = ratio_table(results)
    print(ratios)
    if write:
        write_ratios(ratios)
        print("wrote docs/scaling.md's ratio table")
        return
    print(table(results))
    for path in charts(results):
        print(f"wrote {path.relative_to(ROOT)}")
