"""Large scopes enter the in-process index off the request path.

A scope of at least ``SEARCH_INDEX_BACKGROUND_ROWS`` memories (together with the other scopes of its search)
takes minutes to load into a web process and to get its HNSW graphs (docs/scaling.md): too long for the search
that first asks for it. Such a search is answered from SQL (``SqlSource``: HNSW above ``HNSW_MIN_SCOPE_ROWS``)
while the scope is loaded and its graphs built behind it, on the process's one build thread (``ann.BUILDS``: one
scope or graph at a time, one core). The in-process index answers once ``ready`` says so: every scope is cached
for the active tenant with the latest removal the search sees (an erasure since makes it load again, in the
background too) and no graph of it is on its way. Inside a transaction it must also be exactly the version the
transaction sees, since a private index of a large scope is not loaded on the request path either.

A restart's warm-up (``memories/recall/warm.py``) asks for the recently used large scopes the same way, after
the small ones are loaded, so readiness never waits for a large scope.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django.conf import settings
from django.db import connection

from memories.embeddings import embedders
from memories.recall.index import ann
from memories.recall.index.cache import CACHE, ScopeIndex, ScopeState
from tenants.models import Tenant
from tenants.scoping import get_active_tenant, tenant_scope


def ready(states: Sequence[ScopeState], *, private: bool) -> bool:
    """Whether the cached indexes can answer a search of these scopes now, with no load on the request path."""
    tenant_id = get_active_tenant().pk
    for state in states:
        index = CACHE.cached(state.scope_id)
        if index is None or index.tenant_id != tenant_id or index.version.removed != state.version.removed:
            return False
        if private and index.version != state.version:
            return False
        with index.lock:
            if index.builds:
                return False
    return True


def warm(states: Sequence[ScopeState]) -> None:
    """Load these scopes of the active tenant into the index and build the graphs their searches need, off the
    request path (at most one job per scope queued or running)."""
    tenant = get_active_tenant()
    for state in states:
        ann.BUILDS.submit(("load", state.scope_id), functools.partial(_load, tenant, state))


def _load(tenant: Tenant, state: ScopeState) -> None:
    try:
        with tenant_scope(tenant):
            indexes = CACHE.indexes([state])
        for index in indexes:
            start_graphs(index)
    finally:
        connection.close()  # the build thread's own connection: not kept between jobs


def start_graphs(index: ScopeIndex) -> None:
    """Ask for the graph of each model that judges at least ``SEARCH_INDEX_ANN_MIN_ROWS`` of the scope's memories
    when every model reads the query (a query only one model reads asks for its own on its first search)."""
    with index.lock:
        judged = index.judged([True] * len(embedders()))
        for k, embedder in enumerate(embedders()):
            model = None if k == 0 else embedder.name
            matrix = index.matrix(model)
            if (matrix is not None and model not in index.graphs
                    and int((judged == k).sum()) >= settings.SEARCH_INDEX_ANN_MIN_ROWS):
                ann.start_build(index, model, *matrix)

