"""What a first search would load, loaded ahead of it (a server's warm-up, ``server/runtime/serve.py``):
every embedding model and its query path (queries of several lengths: the runtime sets up each input shape
on first sight), jieba's dictionary and part-of-speech tagger, the names of places
(``memories/write/places.py``), the tokenizer that counts a block's tokens, the validation patterns built from
Unicode's categories on first use, and the in-process index of the scopes used most recently, by one real
search in each (access not counted)."""

from __future__ import annotations

from django.conf import settings

from memories.choices import LIVE_STATUSES
from memories.embeddings import embedders, warm_up
from memories.recall import sql
from memories.recall.query import query_terms
from memories.recall.search import memory_search
from memories.recall.tokens import count_tokens
from memories.write.anchors import anchors
from memories.write.places import place_en
from memories.write.text import search_words
from memories.write.validation import content_pattern, key_pattern
from mnemara.kernel.metrics import PROCESS_BASE_BYTES
from mnemara.kernel.resident import release, resident_bytes
from tenants.models import Tenant
from tenants.paths import validate_scope_path
from tenants.scoping import tenant_scope


def recall_warm_up() -> list[tuple[Tenant, str]]:
    """Warm everything a search uses; returns the scopes whose indexes were loaded, most recent first.

    The text tools first: what the process holds then, before any model, is its base (``/metrics``:
    mnemara_process_base_bytes; each model's own growth is mnemara_embedding_model_bytes)."""
    for text in ("What does the user prefer?", "用户喜欢喝什么咖啡？"):
        search_words(text)
        query_terms(text)
        count_tokens(text)
        anchors(text)  # the write flow's part-of-speech tagger
    place_en("Portland")  # the write flow's names of places
    validate_scope_path("user/warm-up")
    content_pattern()
    key_pattern()
    release()
    PROCESS_BASE_BYTES.set(resident_bytes())
    warm_up()
    for words in (4, 8, 16, 32):
        query = " ".join(["where did the user travel last summer with her family"] * 4).split()[:words]
        for embedder in embedders():
            embedder.embed_query(" ".join(query))
    return recent_scopes_warm_up()


def recent_scopes_warm_up() -> list[tuple[Tenant, str]]:
    """Load the indexes of the most recently used scopes, up to ``SEARCH_INDEX_WARM_ROWS`` memories in all; a
    large one (``SEARCH_INDEX_BACKGROUND_ROWS``) is only asked for, loaded after the process is ready, as its
    first search would (``memories/recall/index/background.py``)."""
    budget, loaded = settings.SEARCH_INDEX_WARM_ROWS, []
    if budget <= 0 or not settings.SEARCH_INDEX_ENABLED:
        return []
    recent = sql.recent_scopes(LIVE_STATUSES, settings.SEARCH_INDEX_WARM_SCOPES)
    tenants = Tenant.objects.in_bulk({tenant_id for tenant_id, _, _ in recent})
    for tenant_id, path, size in recent:
        if tenant_id not in tenants:
            continue
        if size >= settings.SEARCH_INDEX_BACKGROUND_ROWS:  # its search answers from SQL and asks for the index
            warm_search(tenants[tenant_id], path)
            continue
        if size > budget:
            continue
        warm_search(tenants[tenant_id], path)
        budget -= size
        loaded.append((tenants[tenant_id], path))
    return loaded


def warm_search(tenant: Tenant, path: str) -> None:
    """One search of ``path`` that counts no access: its index loaded, and this thread's connection has
    run (and PostgreSQL planned) the search's statements once."""
    with tenant_scope(tenant):
        memory_search(query="warm up", scopes=[path], k=1, track_access=False)
