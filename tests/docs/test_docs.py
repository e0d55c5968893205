"""The docs state what is true now: docs/benchmarks.md is the renderer's output of bench/results/*.json, and
no doc, template or docstring points a reader at an issue number (there is no tracker to follow)."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
# "issue 12", "issues 13 and 14", "Issue #7"; in Markdown also a bare "(#33)" or " #33" (not a "](#13-…)" anchor).
ISSUE_WORDS = re.compile(r"\bissues? #?\d+", re.IGNORECASE)
BARE_NUMBER = re.compile(r"(?<![\]\w/&#])#\d+\b(?!-)")


def report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_report", ROOT / "bench" / "report.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in out.stdout.split() if "node_modules" not in name]


def issue_references(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        hits = ISSUE_WORDS.findall(line)
        if path.suffix == ".md":
            hits += BARE_NUMBER.findall(line)
        found += [f"{path.relative_to(root)}:{number}: {hit}" for hit in hits]
    return found


def test_benchmarks_md_is_the_rendered_results() -> None:
    expected = report().render()
    assert (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8") == expected, (
        "docs/benchmarks.md is stale: run `make bench-report` and commit it")


def test_benchmarks_md_is_short() -> None:
    assert len((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8").splitlines()) <= 400


def test_every_result_has_the_documented_format() -> None:
    module = report()
    for path in sorted((ROOT / "bench" / "results").glob("*.json")):
        module.check_result(path.name, json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("bad, message", [
    ({"title": "t", "command": "c", "date": "d", "load": "1.0", "columns": ["a", "b"], "rows": [["1"]]},
     "row 1 must be a list of 2 cells"),
    ({"title": "t", "command": "c", "date": "d", "columns": ["a"], "rows": [["1"]]}, "missing load"),
    ({"title": "t", "command": "", "date": "d", "load": "1", "columns": ["a"], "rows": [["1"]]},
     "command must be a non-empty string"),
    ({"title": "t", "command": "c", "date": "d", "load": "1", "columns": ["a"], "rows": [["1"]], "notes": [3]},
     "notes must be a string or a list of strings"),
])
def test_a_result_of_another_format_is_refused_with_the_reason(bad: dict[str, object], message: str) -> None:
    module = report()
    with pytest.raises(module.BadResult, match=message):
        module.check_result("x.json", bad)


def test_a_result_may_carry_more_than_the_renderer_shows(tmp_path: Path) -> None:
    module = report()
    result = {"title": "T", "command": "c", "date": "d", "load": 1.5, "columns": ["a"], "rows": [[1]],
              "notes": "one note", "machine": "2 cores"}
    (tmp_path / "x.json").write_text(json.dumps(result))
    (tmp_path / "h.md").write_text("# H\n")
    (tmp_path / "f.md").write_text("## F\n")
    text = module.render(tmp_path, tmp_path / "h.md", tmp_path / "f.md")
    assert "load average 1.5" in text and "- one note" in text and "2 cores" not in text


def test_write_result_writes_what_the_renderer_reads(tmp_path: Path) -> None:
    module = report()
    module.write_result(tmp_path / "x.json", title="T", command="bench/x.py", columns=["n", "rate"],
                        rows=[[1, "2.5/s"]], notes=["a note"])
    result = module.check_result("x.json", json.loads((tmp_path / "x.json").read_text()))
    assert result["date"] and result["load"] and result["rows"] == [["1", "2.5/s"]]
    (tmp_path / "h.md").write_text("# H\n")
    (tmp_path / "f.md").write_text("## F\n")
    text = module.render(tmp_path, tmp_path / "h.md", tmp_path / "f.md")
    assert "## T\n\n`bench/x.py`, measured " in text and "| 1 | 2.5/s |" in text and "- a note" in text


def test_no_doc_mentions_an_issue_number() -> None:
    files = [path for path in tracked("*.md", "*.py", "*.html", ".env.example", "Makefile")
             if path != Path(__file__).resolve()]  # this file spells the patterns out
    assert len(files) > 100
    found = [hit for path in files for hit in issue_references(path)]
    assert found == []


def test_the_issue_number_check_sees_what_it_should(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("as issue 12 asked\nsee (#33)\n[Errors](#13-errors) and colour #eef0f3\nIssues 4 and 5\n")
    hits = [hit.split(": ", 1)[1] for hit in issue_references(doc, tmp_path)]
    assert hits == ["issue 12", "#33", "Issues 4"]



def test_a_result_names_the_command_without_its_json_path(monkeypatch: pytest.MonkeyPatch) -> None:
    module = report()
    monkeypatch.setattr("sys.argv", [str(ROOT / "bench" / "ingest.py"), "--batches", "6", "--json", "x.json"])
    assert module.command_line() == ".venv/bin/python bench/ingest.py --batches 6"
