"""uvicorn's HTTP/1.1 protocol (h11) with two changes for kept-alive clients, given to uvicorn as its ``http``
protocol class by ``server/runtime/serve.py``.

- ``TCP_NODELAY`` on every accepted TCP socket. asyncio sets it only on sockets whose protocol number is
  ``IPPROTO_TCP``; the listening socket uvicorn binds for several workers has protocol 0, so its accepted
  sockets would keep Nagle's algorithm: a response written in two pieces would wait for the client's
  delayed ACK on every request of a kept-alive connection (measured: docs/benchmarks.md,
  ``bench/keepalive.py``).
- Writes made in one turn of the event loop leave in one ``send``: a response's head and its body (the
  Django bridge hands both over together) are one segment where they fit.
- A request's head (request line and headers) must arrive within ``HEAD_TIMEOUT_SECONDS`` of the
  connection's start, or of its first byte on a kept-alive connection; else the connection is closed.
  uvicorn times out only an idle kept-alive connection, and h11 has no timeout at all: a client that
  sent half a request line, or nothing, would hold the connection (and a place under
  ``--limit-concurrency``) for ever. A slow body is not timed here (a proxy's job: docs/operations.md).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT_SECONDS = 10.0


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
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        no_delay(transport)
        super().connection_made(CoalescingTransport(transport, self.loop))  # type: ignore[arg-type]
        self._head_timer = self.loop.call_later(HEAD_TIMEOUT_SECONDS, self._head_timed_out)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        waiting = self.conn.their_state is h11.IDLE and bool(self.conn.trailing_data[0])
        if not waiting:
            self._head_wait_end()
        elif self._head_timer is None:  # from the head's first byte; more bytes do not extend it
            self._head_timer = self.loop.call_later(HEAD_TIMEOUT_SECONDS, self._head_timed_out)

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_wait_end()
        super().connection_lost(exc)

    def _head_wait_end(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
