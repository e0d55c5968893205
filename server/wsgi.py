"""The WSGI application, for operators who run a WSGI server behind a buffering proxy; ``make run`` serves
``server/asgi.py`` (README, Operations). A WSGI server has no lifespan, so loading this module is this
process's start: its threads start and it warms up here, before the server takes requests."""

from __future__ import annotations

import logging
import os

# As in server/asgi.py: numpy's OpenBLAS on one thread. Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")

from django.core.wsgi import get_wsgi_application

application = get_wsgi_application()  # first: it sets Django up, which the imports below need

from memories.periodic import web_threads_start  # noqa: E402
from server.runtime.health import WARM  # noqa: E402
from server.runtime.serve import warm_up  # noqa: E402

web_threads_start()
try:
    warm_up(application, web_threads=False)
except Exception:  # the database away at start, say: serve anyway, cold, as the ASGI lifespan does
    logging.getLogger(__name__).exception("warm-up failed; serving cold")
WARM.set()
