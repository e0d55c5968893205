"""The service's Prometheus metrics, defined once; the code that does the work observes them, GET /metrics
(``server/runtime/health.py``) exposes them.

Under ``make run`` every process (both web workers and the background worker) writes its values to
files in ``PROMETHEUS_MULTIPROC_DIR`` (set and emptied by ``server/runtime/supervise.py``), and a scrape of any
web worker sums them all. Without that variable each process counts for itself (tests, manage.py).
Labels never carry a raw path or an identifier: routes are URL patterns, actions are vocabularies.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

REQUEST_SECONDS = Histogram(
    "mnemara_http_request_duration_seconds", "HTTP requests by URL pattern, method and status.",
    ["route", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
SEARCH_SECONDS = Histogram(
    "mnemara_search_duration_seconds", "memory_search (POST /memories/search, /context, the dashboard), "
    "from validation to ranked hits.", ["mode"],
    buckets=(0.0025, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))
QUERY_EMBEDDING_SECONDS = Histogram(
    "mnemara_query_embedding_duration_seconds", "Embedding one search query (a cached vector included).",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25))
WRITE_RESOLUTIONS = Counter(
    "mnemara_write_resolutions", "Committed outcomes of the write flow, by resolution.", ["action"])
JOB_FAILURES = Counter(
    "mnemara_job_failures", "Background jobs that failed for good (their attempts spent), by kind.", ["kind"])
ERASURES = Counter("mnemara_subject_erasures", "Completed GDPR erasures of a subject.")

# Memory of each process (under make run: one series per live process, labelled by pid): the in-process search
# index (memories/recall/index/cache.py) and the embedding models, each loaded once per process
# (memories/embeddings.py: the growth of the process's RSS while its weights loaded).
SEARCH_INDEX_BYTES = Gauge("mnemara_search_index_bytes", "Bytes the in-process search index holds (estimated "
                           "per index: arrays exactly, Python objects from their sizes).", multiprocess_mode="liveall")
SEARCH_INDEX_BUDGET_BYTES = Gauge("mnemara_search_index_budget_bytes",
                                  "The index's budget: MNEMARA_SEARCH_INDEX_MAX_MB.", multiprocess_mode="liveall")
SEARCH_INDEX_MEMORIES = Gauge("mnemara_search_index_memories", "Memories the in-process search index holds.",
                              multiprocess_mode="liveall")
SEARCH_INDEX_PENDING = Gauge("mnemara_search_index_pending", "Large scopes being loaded and HNSW graphs being "
                             "built off the request path (queued or running).", multiprocess_mode="liveall")
SEARCH_INDEX_GRAPHS = Counter("mnemara_search_index_graphs", "Large scopes' HNSW graphs installed in the "
                              "index, by how: built, or restored from a saved file (memories/recall/graph_files.py).",
                              ["how"])
SEARCH_INDEX_SCOPES = Gauge("mnemara_search_index_scopes", "Scopes the in-process search index holds.",
                            multiprocess_mode="liveall")
EMBEDDING_MODEL_BYTES = Gauge("mnemara_embedding_model_bytes", "Resident memory an embedding model added to its "
                              "process when it loaded (once per process).", ["model"], multiprocess_mode="liveall")
PROCESS_BASE_BYTES = Gauge("mnemara_process_base_bytes", "The process's resident memory once started and warmed, "
                           "before its embedding models loaded (Python, Django, the libraries, the tokenizers).",
                           multiprocess_mode="liveall")
