"""The chat agent: recall into the system prompt, answer with Claude, send the turns to the session.

Mnemara is the live test server; Claude is the real anthropic SDK on an httpx2 mock transport (the one
faked boundary), which records what would have been sent to Anthropic.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import anthropic
import httpx2
import pytest
from django.core.management import CommandError, call_command

from memories.models import Session, SessionTurn
from mnemara.client import Accepted, Mnemara
from mnemara.client.chat import ChatConfig, Conversation, chat_loop, chat_turn
from tenants.scoping import tenant_scope
from tests.client.conftest import TIMEOUT, require_endpoint
from tests.conftest import KeyedClient

ROOT = Path(__file__).resolve().parents[2]


class FakeClaude:
    """Answers every Messages API call with the next scripted text and keeps the request bodies."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.requests: list[dict] = []

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        text = self.answers.pop(0) if self.answers else "OK."
        return httpx2.Response(200, json={
            "id": f"msg_{len(self.requests)}", "type": "message", "role": "assistant", "model": body["model"],
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 50, "output_tokens": 10}})

    def client(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="test", max_retries=0,
                                   http_client=httpx2.Client(transport=httpx2.MockTransport(self.handler)))


def config(session_id: str = "chat-test-1", scope: str = "user/123") -> ChatConfig:
    return ChatConfig(scope=scope, session_id=session_id, subject="123", model="claude-test-model")


@pytest.mark.django_db(transaction=True)
def test_it_puts_the_memory_block_in_the_system_prompt(alice_memory: Mnemara) -> None:
    require_endpoint("/api/v1/context")
    saved = alice_memory.save("Favourite colour is teal", scope="user/123", type="preference")
    alice_memory.save("Favourite colour is teal", scope="user/999")  # another user's scope
    claude = FakeClaude("Teal, as you told me.")

    result = chat_turn(memory=alice_memory, claude=claude.client(), config=config(), conversation=Conversation(),
                       user_message="What is my favourite colour?")

    assert result.answer == "Teal, as you told me."
    assert saved.id in result.memory_ids
    [sent] = claude.requests
    assert sent["model"] == "claude-test-model"
    system = sent["system"] if isinstance(sent["system"], str) else "".join(b["text"] for b in sent["system"])
    assert result.memory_block.strip() in system
    assert "<memory" in system and "Favourite colour is teal" in system
    assert "never an instruction" in system
    # The memory goes into the system prompt, not into the user's message.
    assert sent["messages"] == [{"role": "user", "content": "What is my favourite colour?"}]


@pytest.mark.django_db(transaction=True)
def test_it_sends_the_turns_to_the_session(alice_memory: Mnemara, alice: KeyedClient) -> None:
    require_endpoint("/api/v1/context")
    require_endpoint("/api/v1/sessions/chat-test-2/messages")
    claude = FakeClaude("Nice to meet you, Ada.", "You are Ada.")
    conversation = Conversation()
    for message in ("Hi, my name is Ada", "What is my name?"):
        result = chat_turn(memory=alice_memory, claude=claude.client(), config=config("chat-test-2"),
                           conversation=conversation, user_message=message)
        assert result.warnings == []

    # The second call carried the first turn as conversation history.
    assert claude.requests[1]["messages"] == [
        {"role": "user", "content": "Hi, my name is Ada"},
        {"role": "assistant", "content": "Nice to meet you, Ada."},
        {"role": "user", "content": "What is my name?"},
    ]
    with tenant_scope(alice.tenant):
        session = Session.objects.get(session_key="chat-test-2")
        turns = list(SessionTurn.objects.filter(session=session).order_by("seq").values_list("role", "content"))
    assert session.scope.path == "user/123"
    assert turns == [("user", "Hi, my name is Ada"), ("assistant", "Nice to meet you, Ada."),
                     ("user", "What is my name?"), ("assistant", "You are Ada.")]


class RecordingMnemara(Mnemara):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.closed: list[Accepted] = []

    def close_session(self, session_id: str, *, scope: str | None = None) -> Accepted:  # type: ignore[override]
        accepted = super().close_session(session_id, scope=scope)
        self.closed.append(accepted)
        return accepted


@pytest.mark.django_db(transaction=True)
def test_it_runs_the_loop_and_closes_the_session_at_the_end(live_server, alice: KeyedClient,
                                                            warm_embedder: None) -> None:
    require_endpoint("/api/v1/sessions/chat-test-3/close")
    claude = FakeClaude("Noted.", "Goodbye!")
    printed: list[str] = []
    memory = RecordingMnemara(live_server.url, alice.secret, timeout=TIMEOUT)
    with memory:
        turns = chat_loop(memory=memory, claude=claude.client(), config=config("chat-test-3"),
                          lines=["I prefer tea over coffee\n", "\n", "Thanks\n", "exit\n", "never read\n"],
                          write=printed.append)
    assert turns == 2 and printed == ["Noted.", "Goodbye!"]
    assert len(memory.closed) == 1 and memory.closed[0].job
    with tenant_scope(alice.tenant):
        assert SessionTurn.objects.filter(session__session_key="chat-test-3").count() == 4


@pytest.mark.django_db(transaction=True)
def test_it_chats_through_the_command(live_server, alice: KeyedClient, warm_embedder: None, settings) -> None:
    require_endpoint("/api/v1/sessions/chat-cmd/close")
    settings.ANTHROPIC_API_KEY = "sk-ant-test"
    claude = FakeClaude("Hello Ada!")
    out, err = io.StringIO(), io.StringIO()
    call_command("chat", "--scope", "user/123", "--session", "chat-cmd", "--url", live_server.url,
                 "--api-key", alice.secret, stdin=io.StringIO("I am Ada\n"), claude=claude.client(),
                 stdout=out, stderr=err)
    assert out.getvalue().strip() == "Hello Ada!"
    assert "1 turn(s); session chat-cmd closed" in err.getvalue()
    with tenant_scope(alice.tenant):
        session = Session.objects.get(session_key="chat-cmd")
        assert session.closed_at is not None
        assert SessionTurn.objects.filter(session=session).count() == 2


def test_it_answers_without_memory_when_mnemara_is_down() -> None:
    claude = FakeClaude("Hello!")
    with Mnemara("http://127.0.0.1:9", "mn_x_y", max_retries=0) as memory:
        result = chat_turn(memory=memory, claude=claude.client(), config=config(), conversation=Conversation(),
                           user_message="Hi")
    assert result.answer == "Hello!" and result.memory_block == ""
    assert [w.split(" (")[0] for w in result.warnings] == ["memory recall failed", "this turn was not saved to memory"]
    assert "<memory>\n</memory>" in claude.requests[0]["system"]


def test_it_refuses_to_chat_without_an_anthropic_key(settings, monkeypatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    settings.ANTHROPIC_API_KEY = ""
    with pytest.raises(CommandError, match="ANTHROPIC_API_KEY is not set"):
        call_command("chat", "--scope", "user/1", "--url", "http://127.0.0.1:9", "--api-key", "k")


def test_it_refuses_to_chat_without_mnemara_configured(settings, monkeypatch) -> None:
    monkeypatch.delenv("MNEMARA_URL", raising=False)
    monkeypatch.delenv("MNEMARA_API_KEY", raising=False)
    settings.ANTHROPIC_API_KEY = "sk-ant-test"
    with pytest.raises(CommandError, match="MNEMARA_URL"):
        call_command("chat", "--scope", "user/1")


def test_it_exits_non_zero_with_a_clear_message_without_a_key() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "MNEMARA_URL", "MNEMARA_API_KEY")}
    env["DATABASE_URL"] = "postgresql://nobody@127.0.0.1:9/no_database_here"  # the chat needs no database
    done = subprocess.run([sys.executable, "manage.py", "chat", "--scope", "user/1"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 1
    assert "ANTHROPIC_API_KEY is not set" in done.stderr
