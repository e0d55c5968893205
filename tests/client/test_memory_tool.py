"""Claude's memory tool backed by Mnemara: a replayed tool-use conversation (view → create → str_replace → view →
delete) through the chat loop, against the live test server, with Claude as the real anthropic SDK on an httpx2
mock transport. Every write goes through the write flow: versions, audit, the policy (Claude's notes are
inferred, so they wait in review), and path traversal is refused."""

from __future__ import annotations

import io
import json
from typing import Any

import anthropic
import httpx2
import pytest
from anthropic.lib.tools import ToolError
from django.core.management import call_command

from memories.models import Memory, MemoryVersion, ReviewItem
from mnemara.client import Mnemara
from mnemara.client.chat import ChatConfig, Conversation, chat_turn
from mnemara.client.memory_tool import MnemaraMemoryTool, key_of
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.conftest import KeyedClient

FILES = "user/123/claude"


class ScriptedClaude:
    """Answers each Messages API call with the next scripted turn (tool uses, then a text) and keeps the requests,
    as a real memory-tool conversation goes: Claude calls the tool, reads each result, calls again."""

    def __init__(self, *turns: list[dict[str, Any]] | str) -> None:
        self.turns = list(turns)
        self.requests: list[dict[str, Any]] = []

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        turn = self.turns.pop(0) if self.turns else "Done."
        content: list[dict[str, Any]]
        if isinstance(turn, str):
            content, stop = [{"type": "text", "text": turn}], "end_turn"
        else:
            content = [{"type": "tool_use", "id": f"toolu_{len(self.requests)}_{i}", "name": "memory", "input": use}
                       for i, use in enumerate(turn)]
            stop = "tool_use"
        return httpx2.Response(200, json={
            "id": f"msg_{len(self.requests)}", "type": "message", "role": "assistant", "model": body["model"],
            "content": content, "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": 50, "output_tokens": 10}})

    def client(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="test", max_retries=0,
                                   http_client=httpx2.Client(transport=httpx2.MockTransport(self.handler)))

    def results(self) -> list[dict[str, Any]]:
        """Every tool_result sent back to Claude, in order."""
        return [block for request in self.requests for message in request["messages"][-1:]
                if message["role"] == "user" and isinstance(message["content"], list)
                for block in message["content"] if block.get("type") == "tool_result"]


def config() -> ChatConfig:
    return ChatConfig(scope="user/123", session_id="memory-tool-1", subject="123", model="claude-test-model")


PROFILE = "# Profile\nPrefers dark roast coffee.\nWorks on Project Atlas."
CONVERSATION: list[list[dict[str, Any]] | str] = [
    [{"command": "view", "path": "/memories"}],
    [{"command": "create", "path": "/memories/profile.md", "file_text": PROFILE}],
    [{"command": "str_replace", "path": "/memories/profile.md", "old_str": "dark roast", "new_str": "light roast"}],
    [{"command": "view", "path": "/memories/profile.md"}],
    [{"command": "create", "path": "/memories/scratch.md", "file_text": "Draft: ask about the deadline."},
     {"command": "view", "path": "/memories/../../user/999/secrets.md"}],
    [{"command": "delete", "path": "/memories/scratch.md"}],
    "Noted: light roast, and Project Atlas.",
]


@pytest.mark.django_db(transaction=True)
def test_it_replays_a_memory_tool_conversation_through_the_write_flow(alice_memory: Mnemara,
                                                                      alice: KeyedClient) -> None:
    claude = ScriptedClaude(*CONVERSATION)
    tool = MnemaraMemoryTool(alice_memory, FILES, subject="123")
    result = chat_turn(memory=alice_memory, claude=claude.client(), config=config(), conversation=Conversation(),
                       user_message="I switched to light roast. Remember that.", memory_tool=tool)

    assert result.answer == "Noted: light roast, and Project Atlas."
    assert claude.requests[0]["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    listing, created, edited, viewed, scratch, escape, deleted = claude.results()
    assert not listing["is_error"] and listing["content"].endswith("-\t/memories")
    assert created["content"] == "File created successfully at: /memories/profile.md"
    assert "light roast" in edited["content"] and not edited["is_error"]
    assert "     2\tPrefers light roast coffee." in viewed["content"]
    assert not scratch["is_error"] and deleted["content"] == "Successfully deleted /memories/scratch.md"
    assert escape["is_error"] and "would escape /memories" in escape["content"]

    with tenant_scope(alice.tenant):
        profile = Memory.objects.get(scope__path=FILES, key="profile.md")
        # Claude's notes are inferred: the policy keeps them pending, in the review queue, like any other write.
        assert profile.provenance == "inferred" and profile.status == "pending" and profile.confidence < 0.8
        assert profile.content == PROFILE.replace("dark", "light") and profile.subject.external_id == "123"
        assert ReviewItem.objects.filter(memory=profile, status="open").exists()
        versions = list(MemoryVersion.objects.filter(memory=profile).order_by("version"))
        assert [(v.version, v.change, v.key) for v in versions] == [(1, "create", "profile.md"),
                                                                   (2, "update", "profile.md")]
        assert "dark roast" in versions[0].content and versions[0].actor.startswith("key:")
        assert not Memory.objects.filter(scope__path=FILES, key="scratch.md").exists()
        events = AuditEvent.objects.filter(target_type="memory")
        assert set(events.filter(target_id=str(profile.pk)).values_list("action", flat=True)) == {
            "memory.created", "memory.updated"}
        assert events.filter(action="memory.deleted").count() == 1
        assert not Memory.objects.filter(scope__path__startswith="user/999").exists()
    # The turn itself still goes to the session, as without the tool.
    assert alice_memory.session("memory-tool-1").turns


@pytest.mark.django_db(transaction=True)
def test_a_malformed_tool_use_is_an_error_result_and_the_turn_goes_on(alice_memory: Mnemara) -> None:
    """What a model may send that the tool's schema does not allow (a missing field, a mistyped one, an unknown
    command) reaches Claude as an error result naming it; the chat turn goes on (it raised a TypeError or
    NotImplementedError before). A number written as a string is read as the number."""
    claude = ScriptedClaude(
        [{"command": "create", "path": "/memories/plan.md"},
         {"command": "create", "path": "/memories/plan.md", "file_text": ["a", "list"]},
         {"command": "append", "path": "/memories/plan.md", "text": "x"},
         {"path": "/memories"},
         {"command": "create", "path": "/memories/plan.md", "file_text": "Step one\nStep three\n"},
         {"command": "insert", "path": "/memories/plan.md", "insert_line": "1", "insert_text": "Step two\n"},
         {"command": "view", "path": "/memories/plan.md", "view_range": "1-2"}],
        "Planned.")
    tool = MnemaraMemoryTool(alice_memory, FILES, provenance="stated", confidence=1.0)
    result = chat_turn(memory=alice_memory, claude=claude.client(), config=config(), conversation=Conversation(),
                       user_message="Plan my week.", memory_tool=tool)

    assert result.answer == "Planned."
    missing, mistyped, unknown, nameless, created, inserted, bad_range = claude.results()
    assert missing == {**missing, "is_error": True, "content": "Invalid input for create: file_text: Field required."}
    assert mistyped["is_error"] and mistyped["content"].startswith("Invalid input for create: file_text: ")
    for refused in (unknown, nameless):
        assert refused["is_error"] and "`command` is one of view, create, str_replace, insert, delete, rename" in \
            refused["content"]
    assert not created["is_error"] and not inserted["is_error"]
    assert bad_range["is_error"] and bad_range["content"].startswith("Invalid input for view: view_range: ")
    assert alice_memory.get_by_key(FILES, "plan.md").content == "Step one\nStep two\nStep three\n"


@pytest.mark.django_db(transaction=True)
def test_a_trusted_handler_writes_active_versions_and_moves_files(alice_memory: Mnemara, alice: KeyedClient) -> None:
    tool = MnemaraMemoryTool(alice_memory, FILES, provenance="stated", confidence=1.0)
    tool.call({"command": "create", "path": "/memories/projects/atlas.md", "file_text": "Atlas ships in May."})
    tool.call({"command": "insert", "path": "/memories/projects/atlas.md", "insert_line": 1,
               "insert_text": "Owner: Rui."})
    assert alice_memory.get_by_key(FILES, "projects/atlas.md").content == "Atlas ships in May.\nOwner: Rui.\n"
    listing = str(tool.call({"command": "view", "path": "/memories"}))
    assert "/memories/projects/\n" in listing + "\n" and "/memories/projects/atlas.md" in listing
    tool.call({"command": "rename", "old_path": "/memories/projects", "new_path": "/memories/archive"})
    moved = alice_memory.get_by_key(FILES, "archive/atlas.md")
    assert moved.status == "active" and moved.content == "Atlas ships in May.\nOwner: Rui.\n"
    numbered = str(tool.call({"command": "view", "path": "/memories/archive/atlas.md", "view_range": [2, -1]}))
    assert numbered.endswith("     2\tOwner: Rui.\n     3\t")
    with pytest.raises(ToolError, match="already exists"):
        tool.call({"command": "create", "path": "/memories/archive/atlas.md", "file_text": "again"})
    with pytest.raises(ToolError, match="did not appear"):
        tool.call({"command": "str_replace", "path": "/memories/archive/atlas.md", "old_str": "nowhere",
                   "new_str": "x"})
    secret = str(tool.call({"command": "create", "path": "/memories/keys.md",
                            "file_text": "Prod key sk-ant-api03-" + "b" * 40}))
    assert secret.startswith("File created")
    assert "sk-ant" not in alice_memory.get_by_key(FILES, "keys.md").content  # redacted by the write flow
    with pytest.raises(ToolError, match="at most"):
        tool.call({"command": "create", "path": "/memories/big.md", "file_text": "x" * 8001})
    tool.call({"command": "delete", "path": "/memories/archive"})
    assert [e.key for e in alice_memory.iter_keys(FILES)] == ["keys.md"]


@pytest.mark.parametrize("path", [
    "/memories/../etc/passwd", "/memories/a/../../b", "../memories/x", "/etc/passwd", "/memoriesx/a",
    "/memories/a\\..\\b", "/memories/a/%2e%2e/b", "/memories/%2F..", "/memories/a\x00b", "/memories//a",
    "/memories/./a", "/memories/a/\u2025/b", "/memories/\u2024\u2024/x", "memories/a", "/memories/a\u202eb", "",
])
def test_it_refuses_paths_that_could_escape(path: str) -> None:
    with pytest.raises(ToolError):
        key_of(path)


def test_it_maps_paths_to_keys() -> None:
    assert key_of("/memories") == key_of("/memories/") == ""
    assert key_of("/memories/notes/todo.md") == "notes/todo.md"
    assert key_of("/memories/projects/") == "projects"
    assert key_of("/memories/日本/メモ.md") == "日本/メモ.md"


@pytest.mark.django_db(transaction=True)
def test_the_chat_command_offers_the_memory_tool(live_server, alice: KeyedClient, warm_embedder: None,
                                                 settings) -> None:
    settings.ANTHROPIC_API_KEY = "sk-ant-test"
    claude = ScriptedClaude([{"command": "create", "path": "/memories/name.md", "file_text": "The user is Ada."}],
                            "Hello Ada, noted.")
    out, err = io.StringIO(), io.StringIO()
    call_command("chat", "--scope", "user/123", "--session", "chat-tool", "--url", live_server.url,
                 "--api-key", alice.secret, "--memory-tool", stdin=io.StringIO("I am Ada\n"), claude=claude.client(),
                 stdout=out, stderr=err)
    assert out.getvalue().strip() == "Hello Ada, noted."
    assert "user/123/claude" in err.getvalue()
    assert claude.requests[0]["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    with tenant_scope(alice.tenant):
        assert Memory.objects.get(scope__path="user/123/claude", key="name.md").status == "pending"


@pytest.mark.django_db(transaction=True)
def test_the_async_handler_runs_the_same_commands(live_server, alice: KeyedClient, warm_embedder: None) -> None:
    import asyncio

    from mnemara.client import AsyncMnemara
    from mnemara.client.memory_tool import AsyncMnemaraMemoryTool

    async def run() -> tuple[str, str]:
        async with AsyncMnemara(live_server.url, alice.secret, timeout=60.0) as memory:
            tool = AsyncMnemaraMemoryTool(memory, FILES)
            await tool.call({"command": "create", "path": "/memories/a.md", "file_text": "One.\nTwo."})
            await tool.call({"command": "str_replace", "path": "/memories/a.md", "old_str": "Two.",
                             "new_str": "Three."})
            with pytest.raises(ToolError, match="must start with /memories"):
                await tool.call({"command": "view", "path": "/etc/passwd"})
            return str(await tool.call({"command": "view", "path": "/memories/a.md"})), (
                await memory.get_by_key(FILES, "a.md")).status

    shown, status = asyncio.run(run())
    assert "     2\tThree." in shown and status == "pending"
