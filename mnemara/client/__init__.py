"""Mnemara's Python client, importable without Django (see docs/client.md).

``http``: the REST API v1 client (needs only ``httpx``), whose names are re-exported here:
``from mnemara.client import Mnemara``. ``mcp``: an MCP server on that client (needs the ``mcp`` SDK).
``chat``: a Claude chat loop with memory (needs the ``anthropic`` SDK). Neither is imported here.
"""

from __future__ import annotations

from mnemara.client.http import (
    Accepted,
    AuthenticationError,
    Conflict,
    Context,
    ErasureReceipt,
    Job,
    Memory,
    MemoryVersion,
    Message,
    Mnemara,
    MnemaraError,
    NetworkError,
    NotFound,
    Page,
    PermissionDenied,
    PreconditionFailed,
    RateLimited,
    Resolution,
    SearchHit,
    ServerError,
    TooLarge,
    ValidationError,
    VersionConflict,
)

__all__ = [
    "Accepted",
    "AuthenticationError",
    "Conflict",
    "Context",
    "ErasureReceipt",
    "Job",
    "Memory",
    "MemoryVersion",
    "Message",
    "Mnemara",
    "MnemaraError",
    "NetworkError",
    "NotFound",
    "Page",
    "PermissionDenied",
    "PreconditionFailed",
    "RateLimited",
    "Resolution",
    "SearchHit",
    "ServerError",
    "TooLarge",
    "ValidationError",
    "VersionConflict",
]
