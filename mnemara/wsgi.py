from __future__ import annotations

import gc
import os
import sys

# numpy's OpenBLAS would start one thread per core and keep them spinning after each product; a search's
# one matrix-vector product (memories/recall/index/cache.py) is faster alone than the cores it steals
# from the embedding model and PostgreSQL (docs/benchmarks.md). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemara.settings")
application = get_wsgi_application()

# How long a thread may hold the GIL while another waits (Python's default: 5 ms). A search embeds its
# query on a second thread (memories/recall/search.py); with 5 ms that thread often waited longer for the
# GIL than the model took to run.
SWITCH_INTERVAL = 0.0005


def _settle() -> None:
    """Load the embedding models now rather than on the first request, then take everything loaded so
    far (Django, numpy, the models) out of the garbage collector's sight: a full collection over it is
    a pause that would land in some search's latency (measured: docs/benchmarks.md)."""
    from memories.embeddings import warm_up

    warm_up()
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL)


_settle()
