"""Claude extraction through the real anthropic client with a mocked network (httpx2.MockTransport)."""

from __future__ import annotations

from datetime import UTC

import pytest
from django.utils import timezone

from memories.extraction import prompts
from memories.models import ExtractionUsage, Job, Memory
from tests.extraction.conftest import (
    API,
    close,
    error_answer,
    job,
    memories,
    post_messages,
    run_jobs,
    summary_answer,
    text_answer,
    tool_answer,
)

pytestmark = pytest.mark.usefixtures("fake_embedder")
SCOPE = "user/9"


def candidate(content, *, type="fact", entity="", confidence=0.95, provenance="stated", source_turns=(1,),
              updates=None):
    return {"type": type, "content": content, "entity": entity, "confidence": confidence, "provenance": provenance,
            "source_turns": list(source_turns), "updates": updates}


def extract(kc, *texts, expect=202):
    messages = [{"role": r, "content": c} for r, c in texts]
    response = kc.client.post(f"{API}/extract", {"scope": SCOPE, "messages": messages}, format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def stored(tenant):
    from tenants.scoping import tenant_scope

    with tenant_scope(tenant):
        return list(Memory.objects.order_by("created_at").values_list("content", "status", "provenance"))


def test_it_stores_stated_facts_active_and_inferred_ones_pending(alice, fake_claude):
    fake_claude.answers.append(tool_answer({"memories": [
        candidate("Works at Acme as a data engineer", entity="person:self/employer"),
        candidate("Probably based in Berlin", confidence=0.9, provenance="inferred"),
    ]}))
    job_id = extract(alice, ("user", "I'm a data engineer at Acme."), ("assistant", "Nice! Berlin office?"))["job"]
    run_jobs()
    done = job(alice, job_id)
    assert (done["status"], done["extractor"]) == ("succeeded", "claude")
    assert [r["action"] for r in done["resolutions"]] == ["created", "pending"]
    rows = {m["content"]: m for m in memories(alice, SCOPE)}
    assert rows["Works at Acme as a data engineer"]["status"] == "active"
    inferred = rows["Probably based in Berlin"]
    assert (inferred["status"], inferred["provenance"]) == ("pending", "inferred")
    assert inferred["confidence"] < 0.8  # capped below the review threshold by the write flow
    [item] = alice.client.get(f"{API}/review").json()["results"]
    assert (item["kind"], item["memory"]["id"]) == ("pending", inferred["id"])


def test_it_sends_the_model_the_tool_schema_and_known_memories_with_short_ids(alice, fake_claude):
    post = alice.client.post(f"{API}/memories", [
        {"scope": SCOPE, "content": "Likes a blue theme", "type": "preference", "entity": "preference:theme"},
        {"scope": SCOPE, "content": "Project is called Starlight", "entity": "project:starlight/name"},
    ], format="json")
    assert post.status_code == 201
    blue_id = next(m["id"] for m in post.json() if m["type"] == "preference")
    fake_claude.answers.append(lambda body: tool_answer({"memories": [candidate(
        "Prefers a green theme", type="preference", entity="theme", source_turns=[1],
        updates=_ref_of(body, "Likes a blue theme"))]}))
    job_id = extract(alice, ("user", "Actually make the theme green."))["job"]
    run_jobs()

    [request] = fake_claude.requests
    assert request["model"] == "claude-test-model"
    assert request["tools"] == [prompts.MEMORIES_TOOL]
    assert request["tool_choice"] == {"type": "tool", "name": "record_memories"}
    assert request["system"] == prompts.EXTRACTION_SYSTEM
    text = request["messages"][0]["content"]
    assert "[1] (" in text and "[2] (" in text and blue_id not in text  # short ids, never UUIDs
    today = timezone.now().astimezone(UTC).date().isoformat()  # each turn shows the day it was said
    assert f"<new_turns>\n[1] user ({today}): Actually make the theme green.\n</new_turns>" in text

    [resolution] = job(alice, job_id)["resolutions"]
    # The model's short id mapped back: same entity as the blue theme, so the policy pairs them.
    assert resolution["action"] == "conflict" and resolution["related"] == [blue_id]


def _ref_of(body, content):
    text = body["messages"][0]["content"]
    line = next(line for line in text.splitlines() if line.endswith(content))
    return int(line[1:line.index("]")])


def test_it_drops_what_only_the_assistant_said_unless_the_user_confirmed(alice, fake_claude):
    fake_claude.answers.append(tool_answer({"memories": [
        candidate("Has a dog called Rex", source_turns=[2]),
        candidate("Lives in Lyon", source_turns=[2, 3]),
    ]}))
    job_id = extract(alice, ("user", "I need a pet sitter."), ("assistant", "For your dog Rex, in Lyon?"),
                     ("user", "Yes, Lyon is right."))["job"]
    run_jobs()
    assert [r["action"] for r in job(alice, job_id)["resolutions"]] == ["created"]
    assert [m["content"] for m in memories(alice, SCOPE)] == ["Lives in Lyon"]


@pytest.mark.parametrize(("answer", "reason"), [
    (tool_answer({"memories": [{"type": "opinion", "content": "x", "entity": "", "confidence": 1,
                                "provenance": "stated", "source_turns": [1]}]}), "memories/0/type: enum"),
    (tool_answer({"memories": [candidate("no provenance") | {"provenance": None}]}), "memories/0/provenance"),
    (tool_answer({"items": []}), "malformed_response"),
    (tool_answer({"memories": [candidate("Likes tea")]}, stop_reason="max_tokens"), "cut off"),
    (text_answer("Here are the memories: ..."), "no record_memories tool call"),
])
def test_a_malformed_answer_hands_the_batch_to_the_offline_extractor(alice, fake_claude, answer, reason):
    fake_claude.answers.append(answer)
    job_id = extract(alice, ("user", "I like tea."))["job"]
    run_jobs()
    done = job(alice, job_id)
    assert (done["status"], done["extractor"]) == ("succeeded", "rules")  # the job says who did the work …
    assert done["error"].startswith("claude_fallback: malformed_response") and reason in done["error"]  # … and why
    assert stored(alice.tenant) == [("The user likes tea", "active", "stated")]


def test_a_refusal_hands_the_batch_to_the_offline_extractor(alice, fake_claude):
    fake_claude.answers.append(text_answer("I can't help with that.", stop_reason="refusal"))
    job_id = extract(alice, ("user", "I moved to Lisbon in May."))["job"]
    run_jobs()
    done = job(alice, job_id)
    assert (done["status"], done["extractor"]) == ("succeeded", "rules")
    assert done["error"] == "claude_fallback: refused: the model declined to answer"
    assert stored(alice.tenant) == [("The user moved to Lisbon in May.", "active", "stated"),
                                    ("The user lives in Lisbon.", "active", "stated")]  # the state the move left


@pytest.mark.parametrize(("status", "kind", "code"), [(429, "rate_limit_error", "rate_limited"),
                                                       (529, "overloaded_error", "overloaded")])
def test_it_retries_a_rate_limited_call_later_then_succeeds(alice, fake_claude, status, kind, code):
    fake_claude.answers += [error_answer(status, kind), tool_answer({"memories": [candidate("Likes tea")]})]
    job_id = extract(alice, ("user", "I like tea."))["job"]
    assert run_jobs() == 1  # the retry is scheduled for later, not run at once
    waiting = job(alice, job_id)
    assert (waiting["status"], waiting["attempts"]) == ("queued", 1)
    assert waiting["error"].startswith(code)
    run_jobs(include_delayed=True)
    done = job(alice, job_id)
    assert (done["status"], done["attempts"], done["error"]) == ("succeeded", 2, "")
    assert stored(alice.tenant) == [("Likes tea", "active", "stated")]


def test_after_the_bounded_attempts_the_offline_extractor_takes_the_batch(alice, fake_claude, settings):
    settings.JOB_MAX_ATTEMPTS = 3
    fake_claude.answers += [error_answer(429, "rate_limit_error")] * 3
    job_id = extract(alice, ("user", "I like tea."))["job"]
    run_jobs(include_delayed=True)
    done = job(alice, job_id)
    assert (done["status"], done["attempts"], done["extractor"]) == ("succeeded", 3, "rules")
    assert done["error"] == "claude_fallback: rate_limited: Anthropic answered 429"
    assert len(fake_claude.requests) == 3
    assert stored(alice.tenant) == [("The user likes tea", "active", "stated")]


def test_it_summarises_a_closed_session_with_a_second_tool(alice, fake_claude):
    fake_claude.answers += [tool_answer({"memories": [candidate("Project is called Starlight",
                                                                entity="project:starlight/name")]}),
                            summary_answer("The user is planning the Starlight prototype.")]
    post_messages(alice, "s-9", SCOPE, "My project is called Starlight.", ("assistant", "Great name."))
    job_id = close(alice, "s-9")
    run_jobs()
    assert job(alice, job_id)["status"] == "succeeded"
    assert [r["tools"][0]["name"] for r in fake_claude.requests] == ["record_memories", "record_summary"]
    assert fake_claude.requests[1]["tools"] == [prompts.SUMMARY_TOOL]
    session = alice.client.get(f"{API}/sessions/s-9").json()
    assert session["summary"] == ("The user is planning the Starlight prototype.\n"
                                  "[extraction] 1 kept (0 merged with known memories), 0 turns skipped")
    assert session["extracted_through"] == 2


def test_it_stops_at_the_daily_spend_cap(alice, fake_claude):
    alice.tenant.extraction_daily_cap = 1
    alice.tenant.save()
    fake_claude.answers.append(tool_answer({"memories": []}))
    first = extract(alice, ("user", "Hello."))["job"]
    queued_before_cap = extract(alice, ("user", "Hello again."))["job"]
    run_jobs()
    assert job(alice, first)["status"] == "succeeded"
    capped = job(alice, queued_before_cap)  # the offline extractor took it: a greeting, skipped, and said so
    assert (capped["status"], capped["extractor"]) == ("succeeded", "rules")
    assert capped["error"].startswith("claude_fallback: spend_cap_reached")
    assert [(r["action"], r["reason"]) for r in capped["resolutions"]] == [("skipped", "greeting")]
    assert len(fake_claude.requests) == 1

    response = alice.client.post(f"{API}/extract", {"scope": SCOPE, "messages": [{"role": "user", "content": "Hi"}]},
                                 format="json")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "spend_cap_reached"
    from tenants.scoping import tenant_scope

    with tenant_scope(alice.tenant):
        usage = ExtractionUsage.objects.get()
        assert (usage.calls, usage.input_tokens, usage.output_tokens) == (1, 120, 30)
        assert Job.objects.count() == 2


def test_it_never_shows_the_model_another_tenants_memories(alice, bob, fake_claude):
    bob.client.post(f"{API}/memories", {"scope": SCOPE, "content": "Globex secret roadmap", "type": "fact"},
                    format="json")
    fake_claude.answers.append(tool_answer({"memories": []}))
    job_id = extract(alice, ("user", "What is on the roadmap?"))["job"]
    run_jobs()
    assert fake_claude.requests and "Globex secret roadmap" not in str(fake_claude.requests)
    assert bob.client.get(f"{API}/jobs/{job_id}").status_code == 404
