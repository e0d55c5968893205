"""Client-call plans for the adapters built on the client (Claude's memory tool, the LangGraph store).

An adapter writes each of its operations once, as a generator that yields ``Step``s (the client calls it
needs) and returns its answer; ``run`` drives it with a ``Mnemara`` and ``arun`` with an ``AsyncMnemara``,
so the sync and async adapters share every line of logic. A client error is thrown into the plan, which
may handle it (e.g. a ``NotFound`` that means "no such file") or let it out.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mnemara.client.core import MnemaraError

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One client call a plan asks for: ``client.<method>(*args, **kwargs)``."""

    method: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)


Plan = Generator[Step, Any, T]


def run(plan: Plan[T], client: Any) -> T:
    """Drive ``plan`` with a synchronous client; its return value."""
    try:
        step = next(plan)
        while True:
            try:
                result = getattr(client, step.method)(*step.args, **step.kwargs)
            except MnemaraError as exc:
                step = plan.throw(exc)
            else:
                step = plan.send(result)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


async def arun(plan: Plan[T], client: Any) -> T:
    """Drive ``plan`` with an asynchronous client; its return value."""
    try:
        step = next(plan)
        while True:
            try:
                result = await getattr(client, step.method)(*step.args, **step.kwargs)
            except MnemaraError as exc:
                step = plan.throw(exc)
            else:
                step = plan.send(result)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
