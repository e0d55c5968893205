"""The Python client for the Mnemara REST API v1 (see docs/client.md): ``Mnemara`` (sync) and ``AsyncMnemara``
(asyncio), with the same methods. Importable without Django: it needs only ``httpx``.

Both are thin transports over one core: ``operations.py`` builds each call (path, body, Idempotency-Key,
how to read the answer) and ``core.py`` decides what an answer means (a result, an exception, a retry);
here the calls are sent, with httpx' sync or async client. One client holds one connection pool: close it
(or use it as a context manager) when done.

Time: ``timeout`` (default 10 s) bounds a whole call, retries included; each attempt waits at most what is
left of it (connecting at most ``connect_timeout``), so a server that accepts and never answers fails the
call within ``timeout``. Concurrency: at most ``max_concurrency`` calls of one client are in flight at once
(its connection pool holds as many connections); further calls wait for a free slot — an ``asyncio.gather``
of thousands of calls queues in the client, not in httpx' pool — and a call's ``timeout`` starts when it gets
its slot. Retries: only calls that are safe to repeat are retried — reads, search and context, the saves,
puts, deletes, merges and erasures (which carry an Idempotency-Key), and any write sent with the caller's
``idempotency_key=`` — on 429, 5xx and network failures, with exponential backoff, honouring
``Retry-After``; a failure to connect is retried for any call.
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator, Mapping
from typing import Any, Generic, ParamSpec, TypeVar, overload

import httpx

from mnemara.client import operations
from mnemara.client.core import (
    Accepted,
    Answer,
    AuthenticationError,
    Call,
    Conflict,
    Context,
    ErasureReceipt,
    Gone,
    IdempotencyKeyReused,
    ImportStatus,
    Job,
    KeyEntry,
    KeyPage,
    Memory,
    MemoryVersion,
    Message,
    MnemaraError,
    Namespace,
    NamespacePage,
    NetworkError,
    NotFound,
    Page,
    PermissionDenied,
    Plan,
    PreconditionFailed,
    RateLimited,
    Resolution,
    RetryPolicy,
    SearchHit,
    ServerError,
    Session,
    TooLarge,
    Turn,
    Unmerged,
    ValidationError,
    VersionConflict,
    error_for,
    network_error,
)

__all__ = [
    "Accepted",
    "AsyncMnemara",
    "AuthenticationError",
    "Conflict",
    "Context",
    "ErasureReceipt",
    "Gone",
    "IdempotencyKeyReused",
    "ImportStatus",
    "Job",
    "KeyEntry",
    "KeyPage",
    "Memory",
    "MemoryVersion",
    "Message",
    "Mnemara",
    "MnemaraError",
    "Namespace",
    "NamespacePage",
    "NetworkError",
    "NotFound",
    "Page",
    "PermissionDenied",
    "PreconditionFailed",
    "RateLimited",
    "Resolution",
    "SearchHit",
    "ServerError",
    "Session",
    "TooLarge",
    "Turn",
    "Unmerged",
    "ValidationError",
    "VersionConflict",
]

USER_AGENT = "mnemara-python/0.1"
DEFAULT_TIMEOUT = 10.0
DEFAULT_CONNECT_TIMEOUT = 5.0
WRITE_LSN_HEADER, MIN_LSN_HEADER = "Mnemara-Write-Lsn", "Mnemara-Min-Lsn"
#: Calls of one client in flight at once (and connections in its pool); the others wait for a slot.
DEFAULT_MAX_CONCURRENCY = 16

P = ParamSpec("P")
T = TypeVar("T")


def _lsn_value(lsn: str) -> int:
    try:
        high, low = lsn.split("/")
        return (int(high, 16) << 32) | int(low, 16)
    except ValueError:
        return -1


class _Client:
    """What both clients share: configuration, the retry policy, the per-attempt timeout."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float, connect_timeout: float, max_retries: int,
                 backoff: float, max_concurrency: int) -> None:
        if not base_url:
            raise ValueError("base_url is required, e.g. http://127.0.0.1:8000")
        if not isinstance(api_key, str) or not api_key.strip():
            # What the server would answer without a key, said before any request is made.
            raise AuthenticationError("An API key is required (api_key is empty): create one in the dashboard, "
                                      "Settings → API keys.", code="unauthenticated")
        if timeout <= 0:
            raise ValueError("timeout must be positive (seconds)")
        if max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.max_concurrency = max_concurrency
        self.policy = RetryPolicy(max_retries=max(0, max_retries), backoff=backoff)
        self._options: dict[str, Any] = {
            "base_url": f"{self.base_url}/api/v1/",
            "headers": {"Authorization": f"Bearer {api_key}", "User-Agent": USER_AGENT, "Accept": "application/json"},
            # As many connections as calls in flight, so a call that has its slot finds a connection; waiting
            # for one anyway (a pool shared otherwise) fails after connect_timeout instead of hanging.
            "limits": httpx.Limits(max_connections=max_concurrency, max_keepalive_connections=max_concurrency),
        }
        self._write_lsn: str | None = None

    def _headers(self, call: Call[Any]) -> Mapping[str, str]:
        """The call's headers, and the position of this client's last write when the server reads from a replica
        (docs/scaling.md): the read then sees that write, whichever process answers it."""
        if self._write_lsn is None:
            return call.headers
        return {**call.headers, MIN_LSN_HEADER: self._write_lsn}

    def _remember(self, response: httpx.Response) -> None:
        lsn = response.headers.get(WRITE_LSN_HEADER)
        if lsn and (self._write_lsn is None or _lsn_value(lsn) > _lsn_value(self._write_lsn)):
            self._write_lsn = lsn

    def __repr__(self) -> str:  # never the key
        return f"{type(self).__name__}({self.base_url!r})"

    def _attempt_timeout(self, remaining: float) -> httpx.Timeout:
        remaining = max(remaining, 0.001)
        limit = min(self.connect_timeout, remaining)
        return httpx.Timeout(remaining, connect=limit, pool=limit)

    def _failed(self, call: Call[Any], exc: httpx.TransportError) -> NetworkError:
        return network_error(call, self._options["base_url"], exc, timed_out=isinstance(exc, httpx.TimeoutException))


class _Operation(Generic[P, T]):
    """A method of ``Mnemara`` made from an operation of ``operations.py``: same signature, runs it."""

    def __init__(self, plan: Callable[P, Plan[T]]) -> None:
        self.plan = plan
        self.__doc__, self.__wrapped__ = plan.__doc__, plan  # help() and inspect.signature() show the operation

    @overload
    def __get__(self, client: None, owner: type) -> _Operation[P, T]: ...
    @overload
    def __get__(self, client: Mnemara, owner: type) -> Callable[P, T]: ...
    def __get__(self, client: Mnemara | None, owner: type) -> Callable[P, T] | _Operation[P, T]:
        if client is None:
            return self

        @functools.wraps(self.plan)
        def run(*args: P.args, **kwargs: P.kwargs) -> T:
            return client._run(self.plan(*args, **kwargs))

        return run


class _AsyncOperation(Generic[P, T]):
    """A method of ``AsyncMnemara`` made from an operation of ``operations.py``: same signature, awaitable."""

    def __init__(self, plan: Callable[P, Plan[T]]) -> None:
        self.plan = plan
        self.__doc__, self.__wrapped__ = plan.__doc__, plan  # help() and inspect.signature() show the operation

    @overload
    def __get__(self, client: None, owner: type) -> _AsyncOperation[P, T]: ...
    @overload
    def __get__(self, client: AsyncMnemara, owner: type) -> Callable[P, Coroutine[Any, Any, T]]: ...
    def __get__(self, client: AsyncMnemara | None, owner: type,
                ) -> Callable[P, Coroutine[Any, Any, T]] | _AsyncOperation[P, T]:
        if client is None:
            return self

        @functools.wraps(self.plan)
        async def run(*args: P.args, **kwargs: P.kwargs) -> T:
            return await client._run(self.plan(*args, **kwargs))

        return run


class Mnemara(_Client):
    """A client for one Mnemara server and one API key.

    >>> with Mnemara("http://127.0.0.1:8000", api_key) as memory:
    ...     memory.save("Prefers answers in Chinese", scope="user/123", type="preference")
    ...     print(memory.context("What language?", scope="user/123").block)
    """

    def __init__(self, base_url: str, api_key: str, *, timeout: float = DEFAULT_TIMEOUT,
                 connect_timeout: float = DEFAULT_CONNECT_TIMEOUT, max_retries: int = 3, backoff: float = 0.5,
                 transport: httpx.BaseTransport | None = None, sleep: Callable[[float], None] = time.sleep,
                 max_concurrency: int = DEFAULT_MAX_CONCURRENCY) -> None:
        super().__init__(base_url, api_key, timeout=timeout, connect_timeout=connect_timeout,
                         max_retries=max_retries, backoff=backoff, max_concurrency=max_concurrency)
        self._sleep = sleep
        self._slots = threading.BoundedSemaphore(max_concurrency)  # threads sharing the client
        self._http = httpx.Client(transport=transport, **self._options)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Mnemara:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _send(self, call: Call[T]) -> T:
        with self._slots:  # the call's time starts with its slot; its retries keep the slot
            return self._attempts(call)

    def _attempts(self, call: Call[T]) -> T:
        deadline = time.monotonic() + self.timeout
        attempt = 0
        while True:
            remaining = deadline - time.monotonic()
            answer: Answer | None = None
            try:
                response = self._http.request(call.method, call.path, json=call.json, params=call.params,
                                              headers=self._headers(call), timeout=self._attempt_timeout(remaining))
            except httpx.TransportError as exc:
                failure: MnemaraError = self._failed(call, exc)
                connect_failed = isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout)
            else:
                self._remember(response)
                answer = Answer.decode(response.status_code, response.headers, response.content)
                if answer.status < 400:
                    return call.parse(answer)
                failure, connect_failed = error_for(answer), False
            wait = self.policy.delay(call, attempt, answer, connect_failed=connect_failed,
                                     remaining=deadline - time.monotonic())
            if wait is None:
                raise failure
            self._sleep(wait)
            attempt += 1

    def _run(self, plan: Plan[T]) -> T:
        try:
            call = next(plan)
            while True:
                call = plan.send(self._send(call))
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    # Every operation, from operations.py (signatures and docstrings there).
    save = _Operation(operations.save)
    save_many = _Operation(operations.save_many)
    get = _Operation(operations.get)
    update = _Operation(operations.update)
    deprecate = _Operation(operations.deprecate)
    restore = _Operation(operations.restore)
    delete = _Operation(operations.delete)
    history = _Operation(operations.history)
    merge = _Operation(operations.merge)
    unmerge = _Operation(operations.unmerge)
    list_page = _Operation(operations.list_page)
    search = _Operation(operations.search)
    context = _Operation(operations.context)
    feedback = _Operation(operations.feedback)
    add_messages = _Operation(operations.add_messages)
    session = _Operation(operations.session)
    close_session = _Operation(operations.close_session)
    extract = _Operation(operations.extract)
    job = _Operation(operations.job)
    import_history = _Operation(operations.import_history)
    import_status = _Operation(operations.import_status)
    export_subject = _Operation(operations.export_subject)
    erase_subject = _Operation(operations.erase_subject)
    put = _Operation(operations.put)
    get_by_key = _Operation(operations.get_by_key)
    delete_by_key = _Operation(operations.delete_by_key)
    keys = _Operation(operations.keys)
    namespaces = _Operation(operations.namespaces)

    def list(self, *, page_size: int | None = None, **filters: Any) -> Iterator[Memory]:
        """Every memory matching the filters, newest first, fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = self.list_page(cursor=cursor, limit=page_size, **filters)
            yield from page.results
            if not page.next:
                return
            cursor = page.next

    def iter_keys(self, scope: str, *, prefix: str | None = None, descendants: bool = False,
                  with_memory: bool = False, page_size: int | None = None) -> Iterator[KeyEntry]:
        """Every key of the scope (``keys``' order), fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = self.keys(scope, prefix=prefix, descendants=descendants, with_memory=with_memory,
                                  limit=page_size, cursor=cursor)
            yield from page.results
            if not page.next:
                return
            cursor = page.next

    def iter_namespaces(self, prefix: str | None = None, *, page_size: int | None = None) -> Iterator[Namespace]:
        """Every scope that holds live memories within ``prefix``, fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = self.namespaces(prefix, limit=page_size, cursor=cursor)
            yield from page.results
            if not page.next:
                return
            cursor = page.next


class AsyncMnemara(_Client):
    """``Mnemara`` for asyncio (LangGraph, LlamaIndex, the OpenAI Agents SDK, …): the same methods, awaited.

    >>> async with AsyncMnemara("http://127.0.0.1:8000", api_key) as memory:
    ...     await memory.save("Prefers answers in Chinese", scope="user/123", type="preference")
    ...     print((await memory.context("What language?", scope="user/123")).block)
    """

    def __init__(self, base_url: str, api_key: str, *, timeout: float = DEFAULT_TIMEOUT,
                 connect_timeout: float = DEFAULT_CONNECT_TIMEOUT, max_retries: int = 3, backoff: float = 0.5,
                 transport: httpx.AsyncBaseTransport | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 max_concurrency: int = DEFAULT_MAX_CONCURRENCY) -> None:
        super().__init__(base_url, api_key, timeout=timeout, connect_timeout=connect_timeout,
                         max_retries=max_retries, backoff=backoff, max_concurrency=max_concurrency)
        self._sleep = sleep
        self._slots = asyncio.Semaphore(max_concurrency)  # bound to the event loop that first waits on it
        self._http = httpx.AsyncClient(transport=transport, **self._options)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncMnemara:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _send(self, call: Call[T]) -> T:
        async with self._slots:  # the call's time starts with its slot; its retries keep the slot
            return await self._attempts(call)

    async def _attempts(self, call: Call[T]) -> T:
        deadline = time.monotonic() + self.timeout
        attempt = 0
        while True:
            remaining = deadline - time.monotonic()
            answer: Answer | None = None
            try:
                response = await self._http.request(call.method, call.path, json=call.json, params=call.params,
                                                    headers=self._headers(call),
                                                    timeout=self._attempt_timeout(remaining))
            except httpx.TransportError as exc:
                failure: MnemaraError = self._failed(call, exc)
                connect_failed = isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout)
            else:
                self._remember(response)
                answer = Answer.decode(response.status_code, response.headers, response.content)
                if answer.status < 400:
                    return call.parse(answer)
                failure, connect_failed = error_for(answer), False
            wait = self.policy.delay(call, attempt, answer, connect_failed=connect_failed,
                                     remaining=deadline - time.monotonic())
            if wait is None:
                raise failure
            await self._sleep(wait)
            attempt += 1

    async def _run(self, plan: Plan[T]) -> T:
        try:
            call = next(plan)
            while True:
                call = plan.send(await self._send(call))
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    save = _AsyncOperation(operations.save)
    save_many = _AsyncOperation(operations.save_many)
    get = _AsyncOperation(operations.get)
    update = _AsyncOperation(operations.update)
    deprecate = _AsyncOperation(operations.deprecate)
    restore = _AsyncOperation(operations.restore)
    delete = _AsyncOperation(operations.delete)
    history = _AsyncOperation(operations.history)
    merge = _AsyncOperation(operations.merge)
    unmerge = _AsyncOperation(operations.unmerge)
    list_page = _AsyncOperation(operations.list_page)
    search = _AsyncOperation(operations.search)
    context = _AsyncOperation(operations.context)
    feedback = _AsyncOperation(operations.feedback)
    add_messages = _AsyncOperation(operations.add_messages)
    session = _AsyncOperation(operations.session)
    close_session = _AsyncOperation(operations.close_session)
    extract = _AsyncOperation(operations.extract)
    job = _AsyncOperation(operations.job)
    import_history = _AsyncOperation(operations.import_history)
    import_status = _AsyncOperation(operations.import_status)
    export_subject = _AsyncOperation(operations.export_subject)
    erase_subject = _AsyncOperation(operations.erase_subject)
    put = _AsyncOperation(operations.put)
    get_by_key = _AsyncOperation(operations.get_by_key)
    delete_by_key = _AsyncOperation(operations.delete_by_key)
    keys = _AsyncOperation(operations.keys)
    namespaces = _AsyncOperation(operations.namespaces)

    async def list(self, *, page_size: int | None = None, **filters: Any) -> AsyncIterator[Memory]:
        """Every memory matching the filters, newest first, fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = await self.list_page(cursor=cursor, limit=page_size, **filters)
            for memory in page.results:
                yield memory
            if not page.next:
                return
            cursor = page.next

    async def iter_keys(self, scope: str, *, prefix: str | None = None, descendants: bool = False,
                        with_memory: bool = False, page_size: int | None = None) -> AsyncIterator[KeyEntry]:
        """Every key of the scope (``keys``' order), fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = await self.keys(scope, prefix=prefix, descendants=descendants, with_memory=with_memory,
                                  limit=page_size, cursor=cursor)
            for entry in page.results:
                yield entry
            if not page.next:
                return
            cursor = page.next

    async def iter_namespaces(self, prefix: str | None = None, *, page_size: int | None = None,
                              ) -> AsyncIterator[Namespace]:
        """Every scope that holds live memories within ``prefix``, fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = await self.namespaces(prefix, limit=page_size, cursor=cursor)
            for namespace in page.results:
                yield namespace
            if not page.next:
                return
            cursor = page.next
