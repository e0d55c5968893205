"""uvicorn's HTTP/1.1 protocol (h11) with two changes for kept-alive clients, given to uvicorn as its ``http``
protocol class by ``mnemara/runtime/serve.py``.

- ``TCP_NODELAY`` on every accepted TCP socket. asyncio sets it only on sockets whose protocol number is
  ``IPPROTO_TCP``; the listening socket uvicorn binds for several workers has protocol 0, so its accepted
  sockets would keep Nagle's algorithm: a response written in two pieces would wait for the client's
  delayed ACK on every request of a kept-alive connection (measured: docs/benchmarks.md,
  ``bench/keepalive.py``).
- Writes made in one turn of the event loop leave in one ``send``: a response's head and its body (the
  Django bridge hands both over together) are one segment where they fit.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class CoalescingTransport:
    """A transport that joins the writes of one event-loop turn into one write of the real transport."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(bytes(data))

    def flush(self) -> None:
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            if not self._transport.is_closing():
                self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._pending.clear()
        self._transport.abort()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(len(p) for p in self._pending)

    def __getattr__(self, name: str) -> Any:  # everything else: the real transport's
        return getattr(self._transport, name)


def no_delay(transport: asyncio.BaseTransport) -> None:
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class H11NoDelayProtocol(H11Protocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        no_delay(transport)
        super().connection_made(CoalescingTransport(transport, self.loop))  # type: ignore[arg-type]
