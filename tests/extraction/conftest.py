"""Extraction test helpers: run queued jobs in-process, and a mocked Anthropic network.

Claude is reached through the REAL anthropic client; only its HTTP transport is replaced
(``httpx2.MockTransport``, see STACK.md), so request building, response parsing and error mapping are
the SDK's own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import anthropic
import httpx2
import pytest
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from memories.extraction import claude as claude_module
from memories.extraction import prompts

API = "/api/v1"


def run_jobs(*, include_delayed: bool = False, limit: int = 50) -> int:
    """Run what a worker would run now, in this process (like ``db_worker --batch``).

    ``include_delayed``: also run extraction tasks scheduled for later (a retry after a 429), as if the
    delay had passed — tests never sleep. Watchdogs stay scheduled unless they are due.
    """
    worker = Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
                    max_tasks=None, worker_id="pytest", excluded_queue_names=[])
    for ran in range(limit):
        if include_delayed:
            DBTaskResult.objects.filter(status="READY", task_path="memories.extraction.tasks.extraction_run").update(
                run_after=timezone.now())
        row = DBTaskResult.objects.ready().first()
        if row is None:
            return ran
        row.claim("pytest")
        worker.run_task(row)
    raise AssertionError("jobs kept coming")


def post_messages(kc: Any, session: str, scope: str, *texts: str | tuple[str, str], expect: int = 202,
                  **extra: Any) -> Any:
    messages = [{"role": t[0], "content": t[1]} if isinstance(t, tuple) else {"role": "user", "content": t}
                for t in texts]
    response = kc.client.post(f"{API}/sessions/{session}/messages", {"scope": scope, "messages": messages, **extra},
                              format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def close(kc: Any, session: str) -> str:
    response = kc.client.post(f"{API}/sessions/{session}/close", format="json")
    assert response.status_code == 202, response.content[:2000]
    return str(response.json()["job"])


def job(kc: Any, job_id: str) -> dict[str, Any]:
    response = kc.client.get(f"{API}/jobs/{job_id}")
    assert response.status_code == 200, response.content[:2000]
    return dict(response.json())


def memories(kc: Any, scope: str, **filters: Any) -> list[dict[str, Any]]:
    response = kc.client.get(f"{API}/memories", {"scope": scope, "limit": 200, **filters})
    assert response.status_code == 200, response.content[:2000]
    return list(response.json()["results"])


# --------------------------------------------------------------------------- mocked Anthropic network

def tool_answer(tool_input: dict[str, Any], *, name: str = prompts.MEMORIES_TOOL_NAME,
                stop_reason: str = "tool_use") -> tuple[int, dict[str, Any]]:
    return 200, {"id": "msg_test", "type": "message", "role": "assistant", "model": "claude-test",
                 "content": [{"type": "tool_use", "id": "toolu_test", "name": name, "input": tool_input}],
                 "stop_reason": stop_reason, "stop_sequence": None, "usage": {"input_tokens": 120, "output_tokens": 30}}


def text_answer(text: str, *, stop_reason: str = "end_turn") -> tuple[int, dict[str, Any]]:
    return 200, {"id": "msg_test", "type": "message", "role": "assistant", "model": "claude-test",
                 "content": [{"type": "text", "text": text}], "stop_reason": stop_reason, "stop_sequence": None,
                 "usage": {"input_tokens": 100, "output_tokens": 5}}


def summary_answer(summary: str) -> tuple[int, dict[str, Any]]:
    return tool_answer({"summary": summary}, name=prompts.SUMMARY_TOOL_NAME)


def error_answer(status: int, kind: str) -> tuple[int, dict[str, Any]]:
    return status, {"type": "error", "error": {"type": kind, "message": "mocked"}}


class FakeClaude:
    """Answers queued per request; records every request body the SDK sent."""

    def __init__(self) -> None:
        self.answers: list[tuple[int, dict[str, Any]] | Callable[[dict[str, Any]], tuple[int, dict[str, Any]]]] = []
        self.requests: list[dict[str, Any]] = []

    def handle(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        assert request.url.path == "/v1/messages"
        assert self.answers, "Claude was called more often than the test expected"
        answer = self.answers.pop(0)
        status, payload = answer(body) if callable(answer) else answer
        return httpx2.Response(status, json=payload)


@pytest.fixture
def fake_claude(settings: Any) -> Iterator[FakeClaude]:
    settings.ANTHROPIC_API_KEY = "test-key"
    settings.ANTHROPIC_MODEL = "claude-test-model"
    fake = FakeClaude()
    client = anthropic.Anthropic(api_key="test-key", max_retries=0,
                                 http_client=httpx2.Client(transport=httpx2.MockTransport(fake.handle)))
    claude_module.set_client(client)
    yield fake
    claude_module.set_client(None)
