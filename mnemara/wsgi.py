"""The WSGI application, for operators who run a WSGI server behind a buffering proxy; ``make run`` serves
``mnemara/asgi.py`` (README, Operations)."""

from __future__ import annotations

import os

# numpy's OpenBLAS would start one thread per core and keep them spinning after each product; a search's
# one matrix-vector product (memories/recall/index/cache.py) is faster alone than the cores it steals
# from the embedding model and PostgreSQL (docs/benchmarks.md). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from django.core.wsgi import get_wsgi_application

from mnemara.startup import web_process_settle

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemara.settings")
application = get_wsgi_application()
web_process_settle()
