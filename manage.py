#!/usr/bin/env python
from __future__ import annotations

import os
import sys


def main() -> None:
    # numpy's OpenBLAS would start one thread per core and keep them spinning after each product; a search's
    # one matrix-vector product (memories/recall/index/cache.py) is faster alone than the cores it steals
    # from the embedding model and PostgreSQL (docs/benchmarks.md). Set before numpy is first imported.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
