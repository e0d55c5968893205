"""The one serving stack: ``python -m server.runtime.serve [--host H] [--port P] [--workers N]``.

``make run`` (through ``server.runtime.supervise``), the production units in docs/operations.md and the
end-to-end tests (tests/served/) all start the web server this way: uvicorn, its HTTP/1.1 protocol with
``TCP_NODELAY`` and one write per response where it fits (``server/runtime/protocol.py``), serving
``server.asgi:application``, which ``application()`` below builds:

- Starlette's router: ``/mcp`` to the hosted MCP server (``server/runtime/mcp_http.py``), everything else
  to Django through ``BufferedWSGI`` (``server/runtime/buffered.py``: a request reaches a thread only once
  its whole body has arrived; one over the limit is refused with a 413 before it is held in memory);
- its lifespan: at startup the process's threads (``mnemara.kernel.threads``, sized by
  ``settings.THREAD_POOLS``) and the MCP session managers start, then the process warms up beside serving
  (``warm_up``); GET /readyz answers "starting" until that is done. At shutdown both stop again.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from starlette.routing import Route, Router

logger = logging.getLogger(__name__)

APP = "server.asgi:application"
PROTOCOL = "server.runtime.protocol:H11NoDelayProtocol"


def warm_up(wsgi: Callable[..., Any], *, web_threads: bool = True) -> float:
    """Everything a first request would load, loaded now: the embedding models and the query path they take,
    the validation patterns, the indexes of the most recently used scopes (``memories/recall/warm.py``), one
    database connection per web thread, and requests through the whole Django stack (URL resolution,
    middleware, the sign-in page's templates, the API's error path). Then the garbage collector stops
    looking at all of it (a full collection over it would land in some search's latency), after one last
    collection and ``malloc_trim`` have given back what the warm-up only needed meanwhile. Returns the
    seconds it took. ``web_threads``: this process serves through the ``web`` pool (not under WSGI)."""
    import gc

    from django.conf import settings
    from django.db import connection

    from memories.recall.warm import recall_warm_up, warm_search
    from mnemara.kernel.requestlog import WARM_UP
    from mnemara.kernel.resident import release
    from mnemara.kernel.threads import THREADS
    from server.runtime.buffered import wsgi_environ

    started = time.monotonic()
    recent = recall_warm_up()

    def connected() -> None:  # each web thread's own connection, with the search's statements run once
        connection.ensure_connection()
        if recent:
            warm_search(*recent[0])

    if web_threads:
        THREADS.in_every_thread("web", connected)

    host = next((h.lstrip(".") for h in settings.ALLOWED_HOSTS if "*" not in h), "localhost")

    def request(path: str) -> None:
        environ = wsgi_environ({"method": "GET", "path": path, "server": (host, 80),
                                "headers": [(b"host", host.encode("idna"))]}, b"")
        environ[WARM_UP] = True  # not a client's: neither logged nor counted (mnemara/kernel/requestlog.py)
        b"".join(wsgi(environ, lambda status, headers, exc_info=None: None))

    for path in ("/accounts/login/", "/api/v1/warm-up"):
        if web_threads:
            THREADS.submit("web", request, path).result()
        else:
            request(path)
    connection.close()  # this thread's own: it serves no request
    gc.collect()
    release()  # the warm-up's garbage: pages glibc would otherwise keep (mnemara/kernel/resident.py)
    gc.freeze()
    return time.monotonic() - started


def application() -> Router:
    """The ASGI application (built once per process by ``server/asgi.py``; starts nothing by itself)."""
    from django.conf import settings
    from django.core.wsgi import get_wsgi_application

    django = get_wsgi_application()  # first: it sets Django up, which the imports below need

    from memories.periodic import threads_stop, web_threads_start
    from mnemara.kernel.threads import THREADS
    from server.runtime.buffered import BufferedWSGI
    from server.runtime.health import WARM
    from server.runtime.mcp_http import PATH, HostedMCP

    # A body above Django's own limit is refused before it is held in memory (413, the API's error format).
    bridge = BufferedWSGI(django, max_body=settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 64 * 1024)
    mcp = HostedMCP()

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        # A search embeds its query on a second thread; with Python's default 5 ms switch interval that thread
        # often waited longer for the GIL than the model took to run.
        sys.setswitchinterval(0.0005)
        web_threads_start()
        await mcp.start()
        # On a query thread: the warm-up starts every web thread and searches (which use the side thread),
        # so it can run on neither.
        warming = asyncio.wrap_future(THREADS.submit("query", _warm_then_mark, django, WARM))
        try:
            yield
        finally:
            await mcp.stop()
            await warming
            WARM.clear()
            threads_stop()  # blocks this loop only while the process stops; no database work on its thread

    return Router(routes=[Route(PATH, mcp), Route(f"{PATH}/", mcp)], default=bridge, redirect_slashes=False,
                  lifespan=lifespan)


def _warm_then_mark(django: Callable[..., Any], warm: Any) -> None:
    try:
        seconds = warm_up(django)
    except Exception:  # the database away at start, say: serve anyway, cold, and say ready (it answers)
        logger.exception("warm-up failed; serving cold")
    else:
        logger.info("warm in %.1f s (pid %s)", seconds, os.getpid())
    warm.set()


def main(argv: list[str] | None = None) -> int:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m server.runtime.serve",
                                     description="Serve the web app and /mcp (docs/operations.md).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit-concurrency", type=int, default=1000,
                        help="connections and requests one web worker holds before it answers 503")
    parser.add_argument("--graceful-seconds", type=int, default=15)
    args = parser.parse_args(argv)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's OpenBLAS on one thread (server/asgi.py)
    uvicorn.run(APP, **server_options(args, os.environ))
    return 0


def server_options(args: argparse.Namespace, environ: Mapping[str, str]) -> dict[str, Any]:
    """uvicorn's settings. Forwarded headers (``X-Forwarded-For``, ``X-Forwarded-Proto``) are believed only
    from the proxies ``MNEMARA_FORWARDED_ALLOW_IPS`` names (addresses or networks, comma-separated; ``*``
    any): uvicorn's default believes them from 127.0.0.1, where any local client may send them and pick
    the address the sign-in throttle counts."""
    proxies = environ.get("MNEMARA_FORWARDED_ALLOW_IPS", "").strip()
    return {"host": args.host, "port": args.port, "workers": args.workers, "http": PROTOCOL, "lifespan": "on",
            "access_log": False, "timeout_keep_alive": 5, "limit_concurrency": args.limit_concurrency,
            "timeout_graceful_shutdown": args.graceful_seconds,
            "proxy_headers": bool(proxies), "forwarded_allow_ips": proxies or ""}


if __name__ == "__main__":
    sys.exit(main())
