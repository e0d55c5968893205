"""Every environment variable Mnemara reads, declared once: name, type, default, bounds, meaning and area.

``server/settings.py`` reads them through the typed readers below (``text``, ``integer``, ``number``, ``flag``,
``items``, ``numbers``, ``data``, ``path``), which parse a value, check its bounds and refuse a name that is not
declared here. ``.env.example`` and ``docs/configuration.md`` are generated from ``SETTINGS``
(``make settings-docs``, i.e. ``python -m mnemara.kernel.config --write``), and ``tests/mnemara/test_config.py``
fails when code reads an undeclared name or when a generated file is stale.

A new setting is one line in ``SETTINGS`` (then ``make settings-docs``), e.g.::

    Setting("MNEMARA_EXAMPLE_SECONDS", "float", 5.0, "What it does, in one line.", "Operations", low=0),

An empty value counts as unset, except for text settings. A flag is on for 1, true, yes or on (any case).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal


class ConfigError(ValueError):
    """A setting read that its declaration does not allow; raised while settings load, so the process stops
    naming the variable. (Not Django's ImproperlyConfigured: the supervisor reads settings without Django.)"""


Kind = Literal["text", "int", "float", "flag", "list", "floats", "json", "path"]
TRUE = frozenset({"1", "true", "yes", "on"})


@dataclass(frozen=True)
class Setting:
    name: str
    kind: Kind
    default: Any  # the parsed value when unset ("" for none); a path setting's is relative to the repository
    meaning: str  # one line: what it changes, and its unit
    area: str  # the section of docs/configuration.md and .env.example it is listed in
    low: float | None = None  # bounds, inclusive (numbers; for list kinds each item)
    high: float | None = None
    choices: tuple[str, ...] = ()  # text settings: the values allowed
    example: str = ""  # a value to show where the default is empty

    def shown(self) -> str:
        """The default as one writes it in the environment."""
        value = self.default
        if value == "":
            return ""
        if self.kind == "flag":
            return "1" if value else "0"
        if self.kind in ("list", "floats"):
            return ",".join(_number(v) if isinstance(v, float) else str(v) for v in value)
        if self.kind == "json":
            return json.dumps(value)
        if self.kind == "path":
            return f"./{value}"
        if self.kind == "float":
            return _number(value)
        return str(value)

    def bounds(self) -> str:
        if self.choices:
            return " / ".join(self.choices)
        if self.low is not None and self.high is not None:
            return f"{_number(self.low)} – {_number(self.high)}"
        if self.low is not None:
            return f"≥ {_number(self.low)}"
        if self.high is not None:
            return f"≤ {_number(self.high)}"
        return ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# The areas, in the order the generated files list them.
AREAS = ("Django and the web", "Database", "Embeddings", "Writes and limits", "Recall", "Extraction and jobs",
         "Operations", "Webhooks", "Client")
AREA_NOTES = {"Client": "Read by the client's MCP server (`python -m mnemara.client.mcp`) and by `manage.py chat` "
                        "and `manage.py mcp_server`, not by the server."}

_TLS = "Behind a TLS proxy: the header it sets to https, e.g. X-Forwarded-Proto (only if it always overwrites it)."
SETTINGS_LIST: tuple[Setting, ...] = (
    # --- Django and the web ---
    Setting("SECRET_KEY", "text", "dev-only-insecure-secret-key-change-me-in-production",
            "Django's signing key: required in production (sessions, CSRF, invitation links).", "Django and the web"),
    Setting("DEBUG", "flag", False, "Django's debug pages; never in production.", "Django and the web"),
    Setting("ALLOWED_HOSTS", "list", ["127.0.0.1", "localhost", "testserver"],
            "Host names the server answers to, comma-separated.", "Django and the web"),
    Setting("CSRF_TRUSTED_ORIGINS", "list", [], "Origins (scheme://host) allowed to post dashboard forms, "
            "comma-separated.", "Django and the web", example="https://mnemara.example.com"),
    Setting("SECURE_COOKIES", "flag", False, "Session and CSRF cookies marked Secure (always so over TLS).",
            "Django and the web"),
    Setting("MNEMARA_PROXY_SSL_HEADER", "text", "", _TLS, "Django and the web", example="X-Forwarded-Proto"),
    Setting("MNEMARA_FORWARDED_ALLOW_IPS", "text", "", "Reverse proxies (addresses or networks, comma-separated; "
            "`*` for any) whose X-Forwarded-For/-Proto are believed; unset: none, the client address is the "
            "peer's.", "Django and the web", example="127.0.0.1"),
    Setting("MNEMARA_HSTS_SECONDS", "int", 31_536_000, "Strict-Transport-Security max-age on answers over TLS.",
            "Django and the web", low=0),
    Setting("MNEMARA_MAX_REQUEST_BYTES", "int", 10 * 1024 * 1024, "Largest request body, in bytes.",
            "Django and the web", low=1),
    Setting("MNEMARA_PASSWORD_HASHERS", "list", [], "Django's password hashers (dotted paths, comma-separated): "
            "the first hashes new passwords, the others still check older hashes; unset: Django's list (PBKDF2 "
            "first). The browser tests' stack uses a fast one.", "Django and the web",
            example="django.contrib.auth.hashers.ScryptPasswordHasher"),
    Setting("API_THROTTLE_RATE", "text", "6000/min", "Requests per API key (DRF rate: n/sec, n/min, n/hour).",
            "Django and the web"),
    Setting("LOG_LEVEL", "text", "INFO", "Level of the log on stdout.", "Django and the web",
            choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")),
    # --- Database ---
    Setting("DATABASE_URL", "text", "", "PostgreSQL (with pgvector) to use; unset: the embedded server in "
            "MNEMARA_PGDATA.", "Database", example="postgresql://user:pass@host:5432/mnemara"),
    Setting("MNEMARA_PGDATA", "path", ".pgdata", "The embedded server's data directory (keep the path short).",
            "Database"),
    Setting("MNEMARA_DB_NAME", "text", "", "Another database on the same server (e.g. a test's worker on the "
            "test database).", "Database"),
    Setting("MNEMARA_TEST_DB_NAME", "text", "test_mnemara", "Name of the test database (concurrent runs each "
            "need their own).", "Database"),
    Setting("DB_CONN_MAX_AGE", "int", 60, "Seconds a database connection is reused.", "Database", low=0),
    Setting("MNEMARA_REPLICA_URL", "text", "", "A streaming replica for searches, context blocks and lists; "
            "unset: every read on the primary.", "Database", example="postgresql://user:pass@replica:5432/mnemara"),
    Setting("MNEMARA_REPLICA_PIN_SECONDS", "float", 30.0, "An API key's reads stay on the primary this long after "
            "its write (unless the replica replayed it).", "Database", low=0),
    Setting("MNEMARA_REPLICA_RETRY_SECONDS", "float", 5.0, "A replica that failed to answer is skipped this long.",
            "Database", low=0),
    Setting("TASKS_BACKEND", "text", "django_tasks_db.DatabaseBackend", "django-tasks backend of the job queue.",
            "Database"),
    # --- Embeddings ---
    Setting("MNEMARA_EMBEDDING_MODELS", "list", ["all-MiniLM-L6-v2", "use-multilingual-v3"],
            "Embedding models, primary first; `name=/dir` adds a local sentence-transformers model (then "
            "manage.py reembed).", "Embeddings"),
    Setting("MNEMARA_EMBEDDING_THRESHOLDS", "json", {}, "Per-model threshold overrides (ModelProfile fields), "
            "e.g. `{\"use-multilingual-v3\": {\"floor\": 0.45}}`.", "Embeddings"),
    Setting("MNEMARA_EMBEDDING_BACKEND", "text", "onnx", "How models run: ONNX Runtime, torch, or hashed "
            "trigrams (development only).", "Embeddings", choices=("onnx", "sentence-transformers", "fake")),
    Setting("MNEMARA_ONNX_PATH", "path", ".cache/all-MiniLM-L6-v2.onnx", "The primary model exported to ONNX "
            "(written once from the sentence-transformers model).", "Embeddings"),
    Setting("MNEMARA_EMBEDDING_BATCH_SIZE", "int", 64, "Texts per model run.", "Embeddings", low=1),
    Setting("MNEMARA_EMBEDDING_THREADS", "int", 0, "Parallel model runs for a batch (ONNX) or torch's threads; "
            "0: one per CPU.", "Embeddings", low=0),
    Setting("MNEMARA_NEAR_DUPLICATE_THRESHOLD", "float", 0.92, "Cosine similarity at which two memories are "
            "the same fact.", "Embeddings", low=0, high=1),
    Setting("MNEMARA_NEAR_DUPLICATE_MIN_WORD_OVERLAP", "float", 0.5, "...and the share of words they must have "
            "in common (Jaccard).", "Embeddings", low=0, high=1),
    # --- Writes and limits ---
    Setting("MNEMARA_MAX_CONTENT_CHARS", "int", 8000, "Longest memory content, in characters.",
            "Writes and limits", low=1),
    Setting("MNEMARA_MAX_BATCH_SIZE", "int", 500, "Memories per batch write.", "Writes and limits", low=1),
    Setting("MNEMARA_MAX_METADATA_BYTES", "int", 16 * 1024, "Largest metadata object, in bytes of JSON.",
            "Writes and limits", low=1),
    Setting("MNEMARA_MAX_METADATA_DEPTH", "int", 5, "Deepest nesting of metadata.", "Writes and limits", low=1),
    Setting("MNEMARA_SECRETS_POLICY", "text", "redact", "What a write containing a secret (API key, password) "
            "gets.", "Writes and limits", choices=("redact", "reject")),
    Setting("MNEMARA_EXPORT_DIR", "path", "exports", "Where the weekly JSONL audit exports are written.",
            "Writes and limits"),
    Setting("MNEMARA_ERASURE_VACUUM_FULL", "flag", False, "Erasure runs VACUUM FULL at once (no residual bytes, "
            "locks the tables) instead of VACUUM.", "Writes and limits"),
    Setting("MNEMARA_COMPACT_MAINTENANCE_MB", "int", 1024, "maintenance_work_mem of a compaction (VACUUM FULL) in "
            "MB: the HNSW rebuilds run in memory when their graph fits.", "Writes and limits", low=64, high=65536),
    # --- Recall ---
    Setting("MNEMARA_HNSW_MIN_SCOPE_ROWS", "int", 50_000, "Larger scopes, when SQL answers them, are searched "
            "with HNSW; up to it: an exact scan.", "Recall", low=0),
    Setting("MNEMARA_HNSW_EF_SEARCH", "int", 1000, "pgvector's hnsw.ef_search for those searches.", "Recall",
            low=1, high=1000),
    Setting("MNEMARA_HNSW_SCAN_ROWS", "int", 1000, "Rows the HNSW iterative scan returns before the best k are kept "
            "(at least the search's candidate pool): a fixed number, a cost flat in the scope's size.", "Recall",
            low=0, high=100_000),
    Setting("MNEMARA_HNSW_SCAN_SHARE", "float", 0.0, "Share of the HNSW index's rows its iterative scan returns "
            "before the best k are kept, when more than MNEMARA_HNSW_SCAN_ROWS (0: none; a cost that grows with "
            "the index).", "Recall", low=0, high=1),
    Setting("MNEMARA_LEXICAL_MATCH_ROWS", "int", 4000, "In scopes above MNEMARA_HNSW_MIN_SCOPE_ROWS, the most "
            "full-text matches ranked in SQL, the query's rarest words' first, then its other words' when too "
            "few; 0: every match.", "Recall", low=0),
    Setting("MNEMARA_SEARCH_INDEX", "flag", True, "The in-process search index; off: every search in SQL.",
            "Recall"),
    Setting("MNEMARA_SEARCH_INDEX_MAX_MB", "float", 1024.0, "Megabytes of search indexes one process keeps.",
            "Recall", low=0),
    Setting("MNEMARA_SEARCH_INDEX_MAX_ROWS", "int", 200_000, "Memories one process keeps in its search indexes.",
            "Recall", low=0),
    Setting("MNEMARA_SEARCH_INDEX_VECTORS", "text", "float16", "Precision of the indexed vectors.", "Recall",
            choices=("float16", "float32")),
    Setting("MNEMARA_SEARCH_INDEX_ANN_MIN_ROWS", "int", 20_000, "From this many memories a search may return, a "
            "scope's vector list comes from an HNSW graph in the index (usearch) instead of an exact product.",
            "Recall", low=1),
    Setting("MNEMARA_SEARCH_INDEX_BACKGROUND_ROWS", "int", 20_000, "From this many memories in a search's "
            "scopes, the index loads them off the request path; SQL answers until it is ready.", "Recall", low=0),
    Setting("MNEMARA_SEARCH_INDEX_ANN_EF", "int", 256, "Candidates the in-process HNSW graph keeps while it "
            "searches (its ef; at least the candidate pool).", "Recall", low=16, high=10_000),
    Setting("MNEMARA_SEARCH_INDEX_GRAPHS_SAVED", "flag", True, "Save a large scope's HNSW graphs to disk after "
            "they are built, so that a restart restores them instead of building them again.", "Recall"),
    Setting("MNEMARA_SEARCH_INDEX_GRAPH_DIR", "path", ".cache/graphs", "Where the saved graphs are kept (per "
            "tenant and scope; they hold copies of the memories' vectors: erasures delete them).", "Recall"),
    Setting("MNEMARA_SEARCH_INDEX_POSTINGS_TOP", "int", 2000, "A word held by more memories than this is scored "
            "by BM25 only in its best-scoring memories of that many.", "Recall", low=100),
    Setting("MNEMARA_SEARCH_INDEX_WARM_SCOPES", "int", 50, "Recently used scopes whose indexes a web process "
            "loads before it reports ready.", "Recall", low=0),
    Setting("MNEMARA_SEARCH_INDEX_WARM_ROWS", "int", 50_000, "...and at most this many of their memories "
            "(0: none).", "Recall", low=0),
    Setting("MNEMARA_ACCESS_FLUSH_SECONDS", "float", 1.0, "How often each process writes the access counts of "
            "its searches (and the searches per key).", "Recall", low=0.01),
    Setting("MNEMARA_SEARCH_INDEX_SWEEP_SECONDS", "float", 30.0, "Longest an erased memory stays in a process's "
            "search index (0: until searched).", "Recall", low=0),
    Setting("MNEMARA_RECALL_UNREVIEWED_DAYS", "float", 7.0, "Memories waiting in review longer than this many "
            "days are searched too, each hit marked unreviewed (0: never).", "Recall", low=0),
    Setting("MNEMARA_RECALL_STEMMING", "flag", True, "Stemmed full-text search (after a change: manage.py "
            "reindex_text).", "Recall"),
    Setting("MNEMARA_RECALL_SPEAKER_LABELS", "flag", True, "A leading speaker label (\"Caroline: …\", \"用户：…\") "
            "is the subject of a write that names none.", "Recall"),
    Setting("MNEMARA_RECALL_ROLE_WORDS", "flag", True, "Index and search a kinship or role word with its role in "
            "English (老婆 → wife, mom → mother; after a change: manage.py reindex_text).", "Recall"),
    Setting("MNEMARA_RECALL_LABEL_WORDS", "flag", True, "Keep a leading speaker label's words in the lexical text "
            "(after a change: manage.py reindex_text).", "Recall"),
    Setting("MNEMARA_RECALL_BATCH_SESSIONS", "flag", True, "The memories of one batch (or one mem0 run_id) sent "
            "without a source_session form a session in arrival order.", "Recall"),
    Setting("MNEMARA_RECALL_BM25_B", "float", 0.3, "BM25's length normalisation (Lucene's: 0.75).", "Recall",
            low=0, high=1),
    Setting("MNEMARA_RECALL_BM25_DELTA", "float", 1.0, "BM25+'s lower bound per matched term.", "Recall", low=0),
    Setting("MNEMARA_RECALL_FUSION", "text", "zscore", "How the vector and word lists are fused (z-scores keep "
            "score magnitudes).", "Recall", choices=("zscore", "rrf")),
    Setting("MNEMARA_RECALL_LEXICAL_WEIGHT", "float", 2.0, "Weight of the word list against the vector list's "
            "1.0 (zscore fusion).", "Recall", low=0),
    Setting("MNEMARA_RECALL_ONE_PER_TURN", "flag", True, "A hit extracted from the same turn as an earlier hit "
            "waits behind the hits from other turns at least as close to the query (memories.recall.turns).",
            "Recall"),
    Setting("MNEMARA_RECALL_NEIGHBOUR_WEIGHT", "float", 0.3, "Share of the score of the memory written just "
            "before or after in its session that a memory gains.", "Recall", low=0),
    Setting("MNEMARA_RECALL_CONTEXT_WEIGHT", "float", 0.5, "Share of the word score of the memory written just "
            "before in its session that a memory's word score gains (the contextual word field).", "Recall", low=0),
    Setting("MNEMARA_RECALL_FEEDBACK", "float", 0.25, "Feedback from the best hits: a candidate's vector "
            "similarity gains this share of its dot product with the mean vector of the best first-pass hits.",
            "Recall", low=0),
    Setting("MNEMARA_RECALL_FEEDBACK_SEEDS", "int", 3, "How many of the best first-pass hits give feedback.",
            "Recall", low=1),
    Setting("MNEMARA_RECALL_CONTEXT_OTHER_SPEAKER", "flag", True, "The contextual word field only for a reply: "
            "the memory before has a subject (speaker) and it is another.", "Recall"),
    Setting("MNEMARA_RECALL_CONTEXT_REPLIES", "flag", True, "/context: a question's memory is followed by the "
            "next one of its session (its answer).", "Recall"),
    Setting("MNEMARA_RECALL_HOP_BOOST", "float", 0.0, "A question naming no person: share of the best score "
            "among the memories about the person its best matches share that those memories gain (two hops).",
            "Recall", low=0),
    Setting("MNEMARA_RECALL_HOP_SEEDS", "int", 10, "The best matches whose shared person is the two-hop bridge.",
            "Recall", low=0),
    Setting("MNEMARA_RECALL_PERSON_WEIGHT", "float", 0.5, "A question naming one person is also searched as its "
            "topic (without the name) among that person's memories, interleaved at this weight (0: off).",
            "Recall", low=0),
    Setting("MNEMARA_RECALL_CATEGORY_BOOST", "float", 1.0, "A question asking for a category (\"Which cities…\"): "
            "share of their score the memories naming an instance of it gain.", "Recall", low=0),
    Setting("MNEMARA_RECALL_ATTRIBUTE_BOOST", "float", 1.0, "A question asking for a person's attribute (job, "
            "home, age, …): the memories filling that attribute's slot gain this share of the best candidate's "
            "score (1: they come first; 0: off).",
            "Recall", low=0),
    Setting("MNEMARA_RECALL_PASTIME_BOOST", "float", 0.5, "A question asking what a person likes to do "
            "(hobbies, pastimes): the memories stating a liking or pastime of that person gain this share of the "
            "best candidate's score (0: off).", "Recall", low=0),
    Setting("MNEMARA_RECALL_SUCCESSOR_DISCOUNT", "float", 0.95, "A retired memory the question matches hands this "
            "share of its fused score to the live memory that replaced it (docs/recall.md; 0: off).", "Recall",
            low=0, high=1),
    Setting("MNEMARA_RECALL_CATEGORY_BOOST_ZH", "float", 0.0, "The same for a question with Chinese "
            "(\"小林去过哪些城市？\"; 0: off, as it cost the Chinese development set).", "Recall", low=0),
    Setting("MNEMARA_RECALL_CATEGORY_SEEDS", "int", 30, "The best matches of each list whose words are read for "
            "a category's instances.", "Recall", low=0),
    Setting("MNEMARA_RECALL_TIME_BOOST", "float", 0.4, "\"When\" questions: share of their score memories that "
            "state a time gain.", "Recall", low=0),
    Setting("MNEMARA_RECALL_DATE_BOOST", "float", 2.0, "A question naming a date (\"on 25 May, 2022\", "
            "\"in July\", 5月25日): share of their score memories valid then gain.", "Recall", low=0),
    Setting("MNEMARA_RECALL_SUBJECT_BOOST", "float", 0.4, "A question naming one subject: share of their score "
            "that subject's memories gain.", "Recall", low=0),
    Setting("MNEMARA_RECALL_CANDIDATE_POOL", "int", 100, "Memories in each candidate list, whatever k (at least "
            "the largest k, 100).", "Recall", low=100),
    Setting("MNEMARA_RECALL_ZSCORE_DEPTH", "int", 50, "Z-scores are taken over each candidate list's best this "
            "many.", "Recall", low=2),
    Setting("MNEMARA_RECALL_NEIGHBOUR_SEEDS", "int", 10, "The best this many of each list bring their session "
            "neighbours into the candidates.", "Recall", low=0),
    Setting("MNEMARA_RECALL_QUERY_PARTS", "flag", True, "Compound and chatty queries are searched as their "
            "questions, without the chatter before the real one.", "Recall"),
    Setting("MNEMARA_RECALL_COMPARISON_PARTS", "flag", True, "A Chinese question comparing two people or things "
            "(A和B谁…, 分别, 是不是同一…) is searched once per side.", "Recall"),
    Setting("MNEMARA_RECALL_KIN_NAMES", "flag", True, "A Chinese question naming a person by kinship or role word "
            "(我表哥, 周浩的上司) is also searched by the name the memories give them, and the reverse; an English one "
            "by the names bound to its kinship words (the user's boyfriend).", "Recall"),
    Setting("MNEMARA_RECALL_DIALOGUE_LAST_WEIGHT", "float", 1.0, "A dialogue query is also searched as its last "
            "user turn, at this weight against the whole dialogue's 1 (0: off).", "Recall", low=0),
    Setting("MNEMARA_RECALL_CONTEXT_PROFILE", "flag", True, "/context: a question about one person opens the block "
            "with their profile (each attribute's current value), counted in the token budget.", "Recall"),
    # --- Extraction and jobs ---
    Setting("ANTHROPIC_API_KEY", "text", "", "Claude for extraction; unset: the rule-based extractor runs "
            "offline.", "Extraction and jobs"),
    Setting("MNEMARA_ANTHROPIC_MODEL", "text", "claude-sonnet-4-6", "The Claude model extraction uses.",
            "Extraction and jobs"),
    Setting("MNEMARA_ANTHROPIC_MAX_TOKENS", "int", 2048, "Output tokens of one extraction call.",
            "Extraction and jobs", low=1),
    Setting("MNEMARA_ANTHROPIC_TIMEOUT", "float", 60.0, "Seconds one extraction call may take.",
            "Extraction and jobs", low=0),
    Setting("MNEMARA_ANTHROPIC_MAX_RETRIES", "int", 2, "The Anthropic SDK's own retries inside one attempt.",
            "Extraction and jobs", low=0),
    Setting("MNEMARA_EXTRACT_EVERY_N_TURNS", "int", 6, "A session's turns between two extractions.",
            "Extraction and jobs", low=1),
    Setting("MNEMARA_EXTRACTION_DAILY_TOKEN_CAP", "int", 0, "Extraction tokens per tenant and day; 0: no cap.",
            "Extraction and jobs", low=0),
    Setting("MNEMARA_EXTRACTION_MAX_TRANSCRIPT_CHARS", "int", 60_000, "Longest transcript sent to one "
            "extraction, in characters.", "Extraction and jobs", low=1),
    Setting("MNEMARA_JOB_MAX_ATTEMPTS", "int", 3, "Attempts of a job that hits 429/529 before it fails for good.",
            "Extraction and jobs", low=1),
    Setting("MNEMARA_JOB_RETRY_DELAY_SECONDS", "float", 30.0, "First wait before a job's next attempt "
            "(doubles each attempt).", "Extraction and jobs", low=0),
    Setting("MNEMARA_JOB_LEASE_SECONDS", "float", 300.0, "A running job whose worker died is re-queued after "
            "this long.", "Extraction and jobs", low=0),
    Setting("MNEMARA_SESSION_MAX_MESSAGES", "int", 100, "Messages per session request.", "Extraction and jobs",
            low=1),
    Setting("MNEMARA_SESSION_MAX_MESSAGE_CHARS", "int", 20_000, "Longest session message, in characters.",
            "Extraction and jobs", low=1),
    Setting("MNEMARA_SESSION_MAX_REQUEST_CHARS", "int", 200_000, "Characters per session request, all messages "
            "together.", "Extraction and jobs", low=1),
    Setting("MNEMARA_SESSION_CLOCK_SKEW_SECONDS", "float", 300.0, "How far ahead of the server's clock a "
            "message's created_at may be (then it counts as now).", "Extraction and jobs", low=0),
    Setting("MNEMARA_IMPORT_MAX_LINES", "int", 5_000, "Lines per history import.", "Extraction and jobs", low=1),
    Setting("MNEMARA_IMPORT_MAX_MESSAGES", "int", 5_000, "Messages per imported conversation.",
            "Extraction and jobs", low=1),
    # --- Operations ---
    Setting("MNEMARA_WEB_THREADS", "int", 8, "Threads per web process running Django (one database connection "
            "each).", "Operations", low=1),
    Setting("MNEMARA_QUERY_THREADS", "int", 4, "Threads per process embedding search queries.", "Operations",
            low=1),
    Setting("MNEMARA_MALLOC_ARENAS", "int", 2, "glibc malloc arenas per web or worker process (0: glibc's "
            "default, 8 per core).", "Operations", low=0),
    Setting("MALLOC_ARENA_MAX", "int", "", "glibc's own; set, it wins over MNEMARA_MALLOC_ARENAS.", "Operations",
            low=1),
    Setting("MNEMARA_MCP_API_URL", "text", "", "Base URL the hosted /mcp endpoint calls the API at; unset: this "
            "process's own socket.", "Operations", example="http://127.0.0.1:8000"),
    Setting("MNEMARA_MCP_API_TIMEOUT", "float", 30.0, "Seconds one hosted MCP tool call may take, retries "
            "included.", "Operations", low=0),
    Setting("MNEMARA_WORKER_HEARTBEAT_SECONDS", "float", 5.0, "How often manage.py run_worker records that it is "
            "alive.", "Operations", low=0),
    Setting("MNEMARA_WORKER_POLL_SECONDS", "float", 1.0, "How long manage.py run_worker waits, its queue empty, "
            "before it asks for a task again (its --interval).", "Operations", low=0.01),
    Setting("MNEMARA_HEALTH_HEARTBEAT_MAX_AGE", "float", 30.0, "/healthz is degraded when no worker beat this "
            "long while tasks wait.", "Operations", low=0),
    Setting("MNEMARA_HEALTH_QUEUE_MAX_AGE", "float", 300.0, "...or when a ready task waited this long.",
            "Operations", low=0),
    Setting("MNEMARA_SCHEDULE_TICK_SECONDS", "float", 60.0, "How often each worker asks the database what its "
            "schedule has due (hourly maintenance with the weekly audit export); 0: the worker schedules nothing.",
            "Operations", low=0),
    Setting("MNEMARA_METRICS_TOKEN", "text", "", "GET /metrics answers only with `Authorization: Bearer <token>`; "
            "unset: 404.", "Operations"),
    Setting("PROMETHEUS_MULTIPROC_DIR", "text", "", "Where every process writes its metrics (set by "
            "server.runtime.supervise: `./.cache/prometheus/<port>`).", "Operations"),
    # --- Webhooks ---
    Setting("MNEMARA_WEBHOOK_RETRY_DELAYS", "floats", [30.0, 120.0, 600.0, 3600.0, 21600.0], "Seconds between a "
            "failed webhook attempt and the next (one more attempt than delays).", "Webhooks", low=0),
    Setting("MNEMARA_WEBHOOK_TIMEOUT_SECONDS", "float", 10.0, "One webhook request's timeout.", "Webhooks", low=0),
    Setting("MNEMARA_WEBHOOK_ALLOW_LOOPBACK", "flag", False, "Receivers on 127.0.0.1, ::1 or localhost allowed "
            "(local use).", "Webhooks"),
    Setting("MNEMARA_WEBHOOK_ALLOW_PRIVATE", "flag", False, "Private, link-local and reserved receiver addresses "
            "allowed.", "Webhooks"),
    Setting("MNEMARA_WEBHOOK_LOG_DAYS", "int", 30, "Days finished deliveries are kept.", "Webhooks", low=0),
    # --- Client: read by the client's MCP server (python -m mnemara.client.mcp) and manage.py chat / mcp_server,
    # not by the server. The client imports nothing of the server, so it reads them itself. ---
    Setting("MNEMARA_URL", "text", "", "The server the client's MCP server and chat call.", "Client",
            example="http://127.0.0.1:8000"),
    Setting("MNEMARA_API_KEY", "text", "", "Their API key.", "Client"),
    Setting("MNEMARA_DEFAULT_SCOPE", "text", "", "Scope their tools use when a call names none.", "Client",
            example="user/chen"),
    Setting("MNEMARA_TIMEOUT", "float", "", "Seconds one client request may take (unset: the client's default).",
            "Client", low=0),
    Setting("MNEMARA_READ_ONLY", "flag", False, "The client's MCP server offers only the reading tools "
            "(1, true or yes).", "Client"),
)
SETTINGS: dict[str, Setting] = {s.name: s for s in SETTINGS_LIST}


def declared(name: str, kind: Kind) -> Setting:
    found = SETTINGS.get(name)
    if found is None:
        raise ConfigError(f"{name} is not declared in mnemara/kernel/config.py SETTINGS")
    if found.kind != kind:
        raise ConfigError(f"{name} is declared as {found.kind}, read as {kind}")
    return found


def _raw(setting: Setting) -> str | None:
    value = os.environ.get(setting.name)
    if value is None or (value.strip() == "" and setting.kind != "text"):
        return None
    return value


def _bounded(setting: Setting, value: float) -> float:
    if (setting.low is not None and value < setting.low) or (setting.high is not None and value > setting.high):
        raise ConfigError(f"{setting.name}={value:g}: must be {setting.bounds()}")
    return value


def _parsed(setting: Setting, raw: str, parse: Any) -> Any:
    try:
        return parse(raw.strip())
    except ValueError:
        raise ConfigError(f"{setting.name}={raw!r}: not {'an integer' if parse is int else 'a number'}") \
            from None


def text(name: str) -> str:
    setting = declared(name, "text")
    raw = _raw(setting)
    value = setting.default if raw is None else raw
    if setting.choices and value not in setting.choices:
        raise ConfigError(f"{name}={value!r}: must be one of {', '.join(setting.choices)}")
    return str(value)


def integer(name: str) -> int:
    setting = declared(name, "int")
    raw = _raw(setting)
    return int(_bounded(setting, setting.default if raw is None else _parsed(setting, raw, int)))


def number(name: str) -> float:
    setting = declared(name, "float")
    raw = _raw(setting)
    return float(_bounded(setting, setting.default if raw is None else _parsed(setting, raw, float)))


def flag(name: str) -> bool:
    setting = declared(name, "flag")
    raw = _raw(setting)
    return bool(setting.default) if raw is None else raw.strip().lower() in TRUE


def items(name: str) -> list[str]:
    """A comma-separated list, blanks dropped."""
    setting = declared(name, "list")
    raw = _raw(setting)
    return list(setting.default) if raw is None else [s.strip() for s in raw.split(",") if s.strip()]


def numbers(name: str) -> list[float]:
    setting = declared(name, "floats")
    raw = _raw(setting)
    if raw is None:
        return list(setting.default)
    return [_bounded(setting, _parsed(setting, s, float)) for s in raw.split(",") if s.strip()]


def data(name: str) -> Any:
    setting = declared(name, "json")
    raw = _raw(setting)
    if raw is None:
        return setting.default
    try:
        return json.loads(raw)
    except ValueError:
        raise ConfigError(f"{name}: not valid JSON") from None


def path(name: str, base: Path) -> Path:
    """The value as given (relative to the working directory), or the default under ``base``."""
    setting = declared(name, "path")
    raw = _raw(setting)
    return Path(raw) if raw is not None else base / setting.default


# --------------------------------------------------------------------------- the generated files

GENERATED = "Generated from mnemara/kernel/config.py by `make settings-docs`: edit it there, not here."


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_env_example() -> str:
    lines = ["# Every environment variable Mnemara reads, with its default.", f"# {GENERATED}",
             "# Copy to .env (not committed) or export them. Meanings, types and bounds: docs/configuration.md."]
    for area in AREAS:
        lines += ["", f"# --- {area} ---"]
        if area in AREA_NOTES:
            lines.append(f"# {AREA_NOTES[area]}")
        for s in SETTINGS_LIST:
            if s.area == area:
                example = f"  # unset; e.g. {s.example}" if s.example and not s.shown() else ""
                lines.append(f"# {s.name}={s.shown()}{example}")
    return "\n".join(lines) + "\n"


def render_markdown() -> str:
    out = [
        "# Configuration", "",
        f"<!-- {GENERATED} -->", "",
        "Mnemara is configured by environment variables only (`.env.example` lists them with their defaults).",
        "Each is read once, when a process starts; a value out of its bounds or not of its type stops the",
        "start with a message naming the variable. An empty value counts as unset (text settings aside).",
        "A flag is on for `1`, `true`, `yes` or `on`, off for anything else. Durations are in seconds.", "",
    ]
    for area in AREAS:
        rows = [s for s in SETTINGS_LIST if s.area == area]
        out += [f"## {area}", ""]
        if area in AREA_NOTES:
            out += [AREA_NOTES[area], ""]
        out += ["| Variable | Type | Default | Bounds | Meaning |", "|---|---|---|---|---|"]
        for s in rows:
            default = f"`{s.shown()}`" if s.shown() else "unset"
            meaning = s.meaning + (f" Example: `{s.example}`." if s.example else "")
            out.append(f"| `{s.name}` | {s.kind} | {_cell(default)} | {_cell(s.bounds())} | {_cell(meaning)} |")
        out.append("")
    return "\n".join(out)


def generated_files(root: Path) -> dict[Path, str]:
    return {root / ".env.example": render_env_example(), root / "docs" / "configuration.md": render_markdown()}


def main(argv: list[str]) -> int:
    root = Path.cwd()
    stale = [p for p, text in generated_files(root).items() if not p.exists() or p.read_text() != text]
    if "--write" in argv:
        for p, content in generated_files(root).items():
            p.write_text(content)
        print(f"wrote {', '.join(str(p.relative_to(root)) for p in generated_files(root))}")
        return 0
    for p in stale:
        print(f"{p.relative_to(root)} is stale: run `make settings-docs`")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
