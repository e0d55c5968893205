"""What a web process does once at start, whichever server runs it (``mnemara/wsgi.py``, ``mnemara/asgi.py``)."""

from __future__ import annotations

import gc
import sys

# How long a thread may hold the GIL while another waits (Python's default: 5 ms). A search embeds its
# query on a second thread (memories/recall/search.py); with 5 ms that thread often waited longer for the
# GIL than the model took to run.
SWITCH_INTERVAL = 0.0005


def web_process_settle() -> None:
    """Load the embedding models now rather than on the first request, then take everything loaded so
    far (Django, numpy, the models) out of the garbage collector's sight: a full collection over it is
    a pause that would land in some search's latency (measured: docs/benchmarks.md)."""
    from memories.embeddings import warm_up

    warm_up()
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL)
