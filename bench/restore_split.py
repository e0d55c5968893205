"""Where a restart's load of a large scope goes: its rows from SQL, the saved graphs' read, the rows' apply in the
saved slot order, and the graphs' restore (memories/recall/index/persist.py), timed one after the other.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/restore_split.py --pgdata /tmp/pg-persist-s

The database is ``bench/scale.py``'s one-scope fill (``scale_one``); the saved graphs are those a web process left
in ``MNEMARA_SEARCH_INDEX_GRAPH_DIR`` (a ``bench/scale.py measure --only web_process`` run saves them).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-scale"))
    parser.add_argument("--db", default="scale_one")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.scale import setup

    setup(args.pgdata, args.db)
    import django

    django.setup()
    from memories.models import EMBEDDING_DIMENSIONS, Scope
    from memories.recall.index import cache, persist
    from memories.recall.index.scope import ScopeIndex
    from tenants.models import Tenant
    from tenants.scoping import tenant_scope

    tenant = Tenant.objects.exclude(slug="scale-reference").get()
    scope = Scope.unscoped.get(tenant_id=tenant.pk, path="user/main")
    with tenant_scope(tenant):
        t0 = time.perf_counter()
        version, rows = cache._fetch(scope.pk, None)
        assert version is not None
        t1 = time.perf_counter()
        saved = persist.read_all(tenant.pk, scope.pk)
        t2 = time.perf_counter()
        index = ScopeIndex(scope.pk, version, EMBEDDING_DIMENSIONS)
        index.tenant_id = tenant.pk
        index.apply(persist.ordered(rows, saved))
        t3 = time.perf_counter()
        restored = persist.restore(index, saved, lambda since: [r[0] for r in cache._fetch(scope.pk, since)[1]])
        t4 = time.perf_counter()
    print(f"{len(rows)} memories: rows from SQL {t1 - t0:.1f} s, saved graphs read {t2 - t1:.2f} s "
          f"({len(saved)} files), rows ordered and applied {t3 - t2:.1f} s, restored {t4 - t3:.2f} s "
          f"({restored} graphs installed)")


if __name__ == "__main__":
    main()
