"""Mnemara's Python client, importable without Django (see docs/client.md).

``http``: the REST API v1 client (needs only ``httpx``), whose names are re-exported here:
``from mnemara.client import Mnemara``. ``mcp``: an MCP server on that client (needs the ``mcp`` SDK).
``chat``: a Claude chat loop with memory (needs the ``anthropic`` SDK). Neither is imported here.
"""

from __future__ import annotations

from mnemara.client.http import *  # noqa: F403 - the package's public names are http's
from mnemara.client.http import __all__ as __all__
