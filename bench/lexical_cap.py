"""What a smaller cap on a large scope's word list (``MNEMARA_LEXICAL_MATCH_ROWS``) costs in recall: the same
questions searched through the API's view (DRF's test client, as ``bench/sql_statements.py``: a scope above
``MNEMARA_HNSW_MIN_SCOPE_ROWS`` is searched in SQL) under each cap, on a database filled by
``bench/scale.py fill``/``grow``; each cap's answers compared with a reference cap's. The in-process index is
off (``MNEMARA_SEARCH_INDEX``), so a scope that would fit in it (100k) is searched in SQL as a 1M one is.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/lexical_cap.py --db scale_one --pgdata /tmp/pg-million-s \
        --corpus /tmp/million-corpus.npz [--questions 40] [--caps 0,100000,4000,2000,1000] [--base 4000] \
        [--json out.json]

Each cap's answers are compared with the first cap's (0: every match ranked, the exact list) and with
``--base``'s (the default), which is also run a second time (``again``: the noise floor of the search itself).
Per cap, the mean over the questions (and the worst question) of:

- ``final_ids``: overlap@10 of the search's results (the memories' ids) with the reference's;
- ``final_text``: the same by content (multiset): the fill repeats each sentence ~300 times at 1M, so a copy of
  the same sentence in place of another is the same answer;
- ``words_ids`` / ``words_text``: overlap of the word list itself (its best 10, by id and by the rows' search
  text) with the reference's.
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LISTS: list[list[tuple[Any, ...]]] = []  # the word lists of the current search (``bounded_lexical_rows``' rows)


def overlap(a: list[Any], b: list[Any]) -> float:
    """|a ∩ b| / |b| as multisets (b: the reference), 1.0 when both are empty."""
    if not b:
        return 1.0 if not a else 0.0
    return sum((collections.Counter(a) & collections.Counter(b)).values()) / len(b)


def report(found: dict[str, dict[str, Any]], questions: list[str], ref_name: str, names: list[str]) -> None:
    """The table of every run in ``names`` against the run ``ref_name``."""
    reference = found[ref_name]
    rows = sum(reference[q]["word_rows"] for q in questions) / len(questions)
    print(f"\n{len(questions)} questions, against cap {ref_name} (its word list {rows:.1f} rows)")
    print("| cap | final overlap@10 ids (worst) | final by content (worst) | word list top 10 ids (worst) "
          "| word list top 10 by text (worst) |")
    print("|---|---|---|---|---|")
    for name in names:
        scores: dict[str, list[float]] = collections.defaultdict(list)
        for q in questions:
            got, ref = found[name][q], reference[q]
            for key, field in (("final_ids", "ids"), ("final_text", "texts"), ("words_ids", "word_ids"),
                               ("words_text", "word_texts")):
                scores[key].append(overlap(got[field], ref[field]))
        cells = " | ".join(f"{sum(v) / len(v):.3f} ({min(v):.2f})" for v in scores.values())
        print(f"| {name} | {cells} |")


def record() -> None:
    """Keep every word list the searches rank (the module's function, wrapped where ``SqlSource`` calls it)."""
    from memories.recall import sources

    def recorded(original: Any) -> Any:
        def rows(*args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
            found = original(*args, **kwargs)
            LISTS.append(found)
            return found
        return rows

    sources.bounded_lexical_rows = recorded(sources.bounded_lexical_rows)  # a cap
    sources.lexical_rows = recorded(sources.lexical_rows)  # cap 0: every match ranked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default="scale_one")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-million-s"))
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/million-corpus.npz"))
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--caps", default="0,100000,4000,2000,1000")
    parser.add_argument("--base", type=int, default=4000, help="also compared against; run twice (the noise)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from bench.scale import corpus, setup

    setup(args.pgdata, args.db)
    os.environ["MNEMARA_SEARCH_INDEX"] = "off"  # every search in SQL: the 100k scope too, as a scope above the index's
    import django

    django.setup()
    logging.getLogger("mnemara.request").setLevel(logging.WARNING)
    from django.conf import settings

    from memories.models import Memory
    from memories.periodic import web_threads_start
    from mnemara.kernel.threads import THREADS

    web_threads_start()  # as a web process: the word list on the side connection
    from bench.scale_measure import client_for
    from tenants.models import Tenant

    tenant = Tenant.objects.filter(slug__startswith="scale-one-").order_by("slug").first()
    client = client_for(tenant)
    questions = [str(q) for q in corpus(args.corpus)["questions"][: args.questions]]
    caps = [int(c) for c in args.caps.split(",")]
    runs = [(str(c), c) for c in caps] + ([(f"{args.base} again", args.base)] if args.base in caps else [])
    record()

    def ask(question: str, cap: int) -> dict[str, Any]:
        settings.LEXICAL_MATCH_ROWS = cap
        LISTS.clear()
        THREADS.submit("side", lambda: None).result()
        response = client.post("/api/v1/memories/search", {"query": question, "scope": "user/main", "k": 10},
                               format="json")
        if response.status_code != 200:
            raise RuntimeError(f"{response.status_code} {response.content[:300]!r}")
        hits = response.json()["results"]
        words = [row for rows in LISTS for row in rows]
        texts = dict(Memory.unscoped.filter(pk__in=[r[0] for r in words[:10]]).values_list("pk", "search_text"))
        return {"ids": [h["memory"]["id"] for h in hits], "texts": [h["memory"]["content"] for h in hits],
                "word_ids": [str(r[0]) for r in words[:10]], "word_texts": [texts.get(r[0]) for r in words[:10]],
                "word_rows": len(words)}

    for question in questions[:2]:  # warm: models, caches, the first connection's set-up
        ask(question, caps[-1])
    found: dict[str, dict[str, Any]] = {name: {} for name, _ in runs}
    for i, question in enumerate(questions):
        for name, cap in runs:
            found[name][question] = ask(question, cap)
        print(f"{i + 1}/{len(questions)}", file=sys.stderr, flush=True)
    THREADS.stop()
    for ref_name in dict.fromkeys([runs[0][0], str(args.base)]):
        if ref_name in found:
            report(found, questions, ref_name, [name for name, _ in runs if name != ref_name])
    if args.json:
        args.json.write_text(json.dumps({"db": args.db, "questions": len(questions), "caps": args.caps,
                                         "answers": found}, indent=1))


if __name__ == "__main__":
    main()
