"""Mnemara: long-term memory for LLM agents."""

import os

# numpy's OpenBLAS would start one thread per core and keep them spinning after each product; a search's
# one matrix-vector product (memories/scope_index.py) is faster alone than the cores it steals from
# the embedding model and PostgreSQL (search p95 23 → 18 ms). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
