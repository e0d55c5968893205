"""The ASGI application that ``python -m server.runtime.serve`` (what ``make run`` starts) serves with
uvicorn; how it is built and why: ``server/runtime/serve.py``. Building it starts nothing: the threads,
the MCP session managers and the warm-up start with the ASGI lifespan."""

from __future__ import annotations

import os

# numpy's OpenBLAS would start one thread per core and keep them spinning after each product; a search's
# one matrix-vector product is faster alone than the cores it steals from the embedding model and
# PostgreSQL (docs/benchmarks.md). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")

from server.runtime.serve import application as build

application = build()
