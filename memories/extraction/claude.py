"""A thin wrapper around the official anthropic SDK: one forced tool call, its answer validated.

Errors are sorted into what a job does next: ``TransientError`` (429, 529/5xx, network: try again
later), ``MalformedAnswer`` / ``ModelRefused`` / ``ExtractionError`` (fail the job, store nothing).
The spend guard is charged before each call and told the tokens after it.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any, cast

import anthropic
import jsonschema
from anthropic.types import MessageParam, ToolChoiceToolParam, ToolParam, ToolUseBlock
from django.conf import settings

from memories.extraction import prompts, spend
from memories.extraction.candidates import (
    Candidate,
    ExtractionError,
    KnownMemory,
    MalformedAnswer,
    ModelRefused,
    TransientError,
    Turn,
)

logger = logging.getLogger(__name__)

_client: anthropic.Anthropic | None = None
_client_lock = threading.Lock()


def get_client() -> anthropic.Anthropic:
    """The process-wide client (it keeps a connection pool). Tests install one with ``set_client``."""
    global _client
    if _client is None:
        with _client_lock:
            if _client is None:
                _client = anthropic.Anthropic(api_key=settings.ANTHROPIC_API_KEY, timeout=settings.ANTHROPIC_TIMEOUT,
                                              max_retries=settings.ANTHROPIC_MAX_RETRIES)
    return _client


def set_client(client: anthropic.Anthropic | None) -> None:
    global _client
    _client = client


@dataclass(frozen=True)
class ToolAnswer:
    input: dict[str, Any]
    input_tokens: int
    output_tokens: int


def _schema_problem(tool: dict[str, Any], answer: object) -> str | None:
    """The first schema violation as 'path: validator' (no values: they may quote the conversation)."""
    validator = jsonschema.Draft202012Validator(tool["input_schema"])
    error = next(iter(sorted(validator.iter_errors(answer), key=lambda e: list(e.absolute_path))), None)
    if error is None:
        return None
    path = "/".join(str(p) for p in error.absolute_path) or "(root)"
    return f"{path}: {error.validator}"


def call_tool(*, system: str, message: str, tool: dict[str, Any]) -> ToolAnswer:
    """Ask the model with ``tool`` forced; return its validated input. No DB transaction may be open."""
    spend.spend_reserve_call()
    try:
        tool_choice: ToolChoiceToolParam = {"type": "tool", "name": tool["name"]}
        messages: list[MessageParam] = [{"role": "user", "content": message}]
        response = get_client().messages.create(
            model=settings.ANTHROPIC_MODEL, max_tokens=settings.ANTHROPIC_MAX_TOKENS, system=system,
            tools=[cast(ToolParam, tool)], tool_choice=tool_choice, messages=messages,
        )
    except anthropic.RateLimitError as exc:
        if isinstance(exc, anthropic.EnforcedSpendLimitReachedError):
            raise ExtractionError("the Anthropic account's spend limit is reached",
                                  code="provider_spend_limit") from exc
        raise TransientError(f"Anthropic answered {exc.status_code}", code="rate_limited") from exc
    except (anthropic.InternalServerError, anthropic.RequestTimeoutError) as exc:
        code = "overloaded" if isinstance(exc, anthropic.OverloadedError) else "server_error"
        raise TransientError(f"Anthropic answered {exc.status_code}", code=code) from exc
    except anthropic.APIConnectionError as exc:
        raise TransientError(type(exc).__name__, code="connection_error") from exc
    except anthropic.APIStatusError as exc:
        raise ExtractionError(f"Anthropic answered {exc.status_code}", code="api_error") from exc
    usage = getattr(response, "usage", None)
    input_tokens = int(getattr(usage, "input_tokens", 0) or 0)
    output_tokens = int(getattr(usage, "output_tokens", 0) or 0)
    spend.spend_record_tokens(input_tokens, output_tokens)
    if response.stop_reason == "refusal":
        raise ModelRefused("the model declined to answer")
    if response.stop_reason == "max_tokens":
        raise MalformedAnswer("the answer was cut off at max_tokens")
    block = next((b for b in response.content or [] if isinstance(b, ToolUseBlock) and b.name == tool["name"]), None)
    if block is None:
        raise MalformedAnswer(f"no {tool['name']} tool call in the answer")
    problem = _schema_problem(tool, block.input)
    if problem is not None:
        raise MalformedAnswer(f"the tool input does not match the schema ({problem})")
    assert isinstance(block.input, dict)
    return ToolAnswer(block.input, input_tokens, output_tokens)


def _candidate(raw: dict[str, Any], refs: dict[int, uuid.UUID]) -> Candidate:
    updates = raw.get("updates")
    kind = raw.get("kind") or raw["type"]
    return Candidate(type="fact" if kind == "event" else raw["type"], content=raw["content"], entity=raw["entity"],
                     confidence=float(raw["confidence"]), provenance=raw["provenance"],
                     source_turns=sorted(set(raw["source_turns"])),
                     # An id the model made up maps to nothing rather than to the wrong memory.
                     updates=refs.get(updates) if isinstance(updates, int) else None,
                     kind=kind, about=raw.get("about") or "", valid_from=_day(raw.get("valid_from")))


def _day(value: object) -> datetime | None:
    """A YYYY-MM-DD the model gave (schema-checked) as noon UTC; a day that is not a date is dropped."""
    if not isinstance(value, str):
        return None
    try:
        return datetime.combine(date.fromisoformat(value), time(12), tzinfo=UTC)
    except ValueError:
        return None


class ClaudeExtractor:
    name = "claude"

    def extract(self, turns: Sequence[Turn], known: Sequence[KnownMemory],
                context: Sequence[Turn] = ()) -> list[Candidate]:
        if not turns:
            return []
        message = prompts.extraction_message(turns, context, known)
        answer = call_tool(system=prompts.EXTRACTION_SYSTEM, message=message, tool=prompts.MEMORIES_TOOL)
        refs = {m.ref: m.id for m in known}
        return [_candidate(raw, refs) for raw in answer.input["memories"]]

    def summarise(self, previous: str, turns: Sequence[Turn]) -> str:
        if not turns:
            return previous
        answer = call_tool(system=prompts.SUMMARY_SYSTEM, message=prompts.summary_message(previous, turns),
                           tool=prompts.SUMMARY_TOOL)
        return str(answer.input["summary"]).strip()
