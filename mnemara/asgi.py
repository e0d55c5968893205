"""The ASGI application ``make run`` serves with uvicorn (README, Operations).

uvicorn reads every request on its event loop. Django runs here through its WSGI handler on a fixed
pool of ``MNEMARA_WEB_THREADS`` threads, and a request reaches a thread only once its whole body has
arrived: a client that sends slowly holds a coroutine, never a thread, so it cannot starve the others
(bench/slow_clients.py). The threads live as long as the process, so each keeps its database
connection between requests (``CONN_MAX_AGE``), as under a threaded WSGI server.

Why not Django's own ASGI handler: it runs each request on a new thread and crosses between that
thread and the event loop several times per request, ~2.4 ms more per request than a threaded WSGI
server on 2 cores where this bridge costs ~0.3 ms (bench/server_overhead.py, docs/benchmarks.md), and
a new thread needs a new (or pooled) connection. Here a request crosses once each way.

``/mcp`` (MCP over Streamable HTTP) is routed by path to its own ASGI app beside Django; it needs the
lifespan events (uvicorn's default, ``--lifespan on``) to run its session managers, and starts them on its
first request if a server sends none.
"""

from __future__ import annotations

import os

# As in mnemara/wsgi.py: numpy's OpenBLAS on one thread. Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemara.settings")  # before the imports below read settings

from django.conf import settings
from django.core.wsgi import get_wsgi_application

from mnemara.buffered import BufferedWSGI
from mnemara.mcp_http import HostedMCP, Router
from mnemara.startup import web_process_settle

django_application = get_wsgi_application()
web_process_settle()
# A body above Django's own limit is refused before it is held in memory (413, the API's error format).
django_buffered = BufferedWSGI(django_application, threads=settings.WEB_THREADS,
                               max_body=settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 64 * 1024)
# /mcp: MCP over Streamable HTTP, each request with its caller's key (mnemara/mcp_http.py); the rest: Django.
application = Router(django_buffered, HostedMCP(executor=django_buffered.executor))
