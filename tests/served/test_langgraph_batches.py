"""LangGraph's own ``test_large_batches_async`` against the served stack (``make run``'s supervisor, uvicorn web
workers and the background worker, over real sockets).

The stack here embeds with the fake model alone (``MNEMARA_EMBEDDING_BACKEND=fake``): what the test proves is
that a gather of far more store operations than the async client's concurrency cap all complete through it, not
which memory ranks first, and with the real models the writes' embeddings took most of its time. The product with
its real models is what ``test_served.py`` serves.

Its size: LangGraph's loops and their mix of operations, with N = 20 keys where LangGraph has 100: 1,200 operations
in one ``asyncio.gather``, 75 times the cap of 16 (the cap's own test, tests/client/test_client_transport.py, gathers
1,000 calls). N = 100 (6,000 operations, 2,000 of them puts: minutes on a loaded machine) adds no kind of
operation, no ``max_depth`` (M = 10 here too) and no namespace that N = 20 lacks.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tests.served.conftest import FAKE_EMBEDDER, Served, ServedData, start_service
from tests.served.test_served import logged_exceptions

KEYS = 20  # LangGraph's N (100 in its suite): 1,200 gathered operations, 75 times the client's cap


@pytest.fixture(scope="module")
def served(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The service with the fake embedder, on a free port, on the test database, until the module ends."""
    with start_service(served_data, tmp_path_factory.mktemp("served-fake"), extra_env=FAKE_EMBEDDER) as service:
        yield service


def test_langgraphs_large_batches_async_complete_on_the_async_client(served: Served) -> None:
    """LangGraph's own ``test_large_batches_async`` (its SQLite store's suite: M = 10, N = 100 there, 20 here: see
    the module's docstring) on ``MnemaraStore(AsyncMnemara)``: 1,200 operations in one ``asyncio.gather``; the
    client lets ``max_concurrency`` of them reach the server at a time and queues the others (without that cap
    they stalled in httpx' pool)."""
    from mnemara.client import AsyncMnemara
    from mnemara.client.langgraph import MnemaraStore

    async def large_batches() -> int:
        # The call timeout starts when a call gets its slot; generous, as everywhere here (a shared machine).
        async with AsyncMnemara(served.url, served.data.key, timeout=120, backoff=0.2) as client:
            store = MnemaraStore(client, scope_prefix="served-langgraph")
            n, m_count = KEYS, 10
            coros: list[Any] = []
            for m in range(m_count):
                for i in range(n):
                    namespace = ("test", "foo", "bar", "baz", str(m % 2))
                    coros.append(store.aput(namespace, f"key{i}", value={"foo": "bar" + str(i)}))
                    coros.append(asyncio.create_task(store.aget(namespace, f"key{i}")))
                    coros.append(asyncio.create_task(store.alist_namespaces(prefix=None, max_depth=m + 1)))
                    coros.append(asyncio.create_task(store.asearch(("test",))))
                    coros.append(store.aput(namespace, f"key{i}", value={"foo": "bar" + str(i)}))
                    coros.append(store.adelete(namespace, f"key{i}"))
            results = await asyncio.gather(*coros)
            return len(results)

    assert asyncio.run(large_batches()) == KEYS * 10 * 6


def test_it_logged_no_traceback(served: Served) -> None:
    text = served.log.read_text(errors="replace")
    first = text.find("Traceback (most recent call last):")
    assert Counter(logged_exceptions(text)) == Counter(), text[max(0, first - 300):first + 2500]
