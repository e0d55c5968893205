"""Erasure follows every copy of a person's data (subject lineage).

A canary about one person is written through every path that writes or derives a memory — create,
batch create, an update in place of someone else's memory, a supersession, a conflict pair, merge
(API and review queue), PATCH, the dashboard's edit, extraction from a conversation, feedback — mostly
in a shared team scope, so the personal scope cannot be what finds it. The person's export holds all
of it; after the erasure no table holds a byte of it and neither search nor /context returns it.

Then every review decision on either side of a pair, with a note naming the person; undo; each merge path;
and, over all of them at once, a byte scan of the table files after ``run_maintenance --compact``.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from memories.write.revisions import memory_revise
from tenants.models import Role
from tenants.scoping import tenant_scope
from tenants.services import member_add
from tests.compliance.conftest import API, bytes_hits, canary_hits, schema_files
from tests.extraction.conftest import post_messages, run_jobs

pytestmark = pytest.mark.django_db

CANARY = "zq-canary-4417"
PERSON, OTHER, TEAM = "p-canary", "p-other", "team/ops"


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


def save(kc: Any, body: dict[str, Any] | list[dict[str, Any]], expect: int = 201) -> Any:
    response = kc.client.post(f"{API}/memories", body, format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def fact(content: str, subject: str, **extra: Any) -> dict[str, Any]:
    return {"scope": TEAM, "content": content, "subject": subject, "type": "fact", **extra}


def write_canary_everywhere(kc: Any) -> dict[str, str]:
    """Every write path, each leaving the canary somewhere. Returns memory ids by path."""
    ids: dict[str, str] = {}
    ids["create"] = save(kc, fact(f"{CANARY} phone +44 20 7946 0001", PERSON))["id"]
    ids["batch"] = save(kc, [fact(f"{CANARY} badge 42", PERSON), fact("Office opens at 9", OTHER)])[0]["id"]
    # An update in place: someone else's low-confidence memory overwritten by a write about the person.
    low = save(kc, fact("Desk is by the window", OTHER, entity="desk", confidence=0.5))
    updated = save(kc, fact(f"{CANARY} desk is by the door", PERSON, entity="desk"))
    assert updated["resolution"]["action"] == "updated" and updated["id"] == low["id"]
    ids["update"] = updated["id"]
    # A supersession: the person's fact replaced by a write about someone else, which derives from it.
    save(kc, fact(f"{CANARY} parking spot 7", PERSON, entity="parking"))
    superseding = save(kc, fact("Parking spot 9", OTHER, entity="parking"))
    assert superseding["resolution"]["action"] == "superseded"
    ids["supersede"] = superseding["id"]
    # A conflict pair, then resolved by merging it in the review queue.
    save(kc, {**fact(f"{CANARY} likes the dark theme", PERSON, entity="theme"), "type": "preference"})
    conflict = save(kc, {**fact("Likes the light theme", OTHER, entity="theme"), "type": "preference"})
    assert conflict["resolution"]["action"] == "conflict"
    item = next(i for i in kc.client.get(f"{API}/review").json()["results"] if i["kind"] == "conflict")
    merged_in_review = kc.client.post(f"{API}/review/{item['id']}/resolve", {"action": "merge"}, format="json")
    assert merged_in_review.status_code == 200, merged_in_review.content[:2000]
    # The API's merge of the person's memory into a team memory about someone else.
    team = save(kc, fact("The team meets on Mondays", OTHER))
    merged = kc.client.post(f"{API}/memories/merge", {"ids": [ids["create"], team["id"]]}, format="json")
    assert merged.status_code == 201, merged.content[:2000]
    ids["merge"] = merged.json()["id"]
    assert set(merged.json()["subjects"]) == {PERSON, OTHER}
    # PATCH of someone else's memory... no: a PATCH keeps the memory's people; the person's badge edited.
    badge = kc.client.get(f"{API}/memories/{ids['batch']}").json()
    patched = kc.client.patch(f"{API}/memories/{ids['batch']}", {"content": f"{CANARY} badge 43"}, format="json",
                              HTTP_IF_MATCH=f'"{badge["version"]}"')
    assert patched.status_code == 200, patched.content[:2000]
    # The dashboard's edit (the same service as PATCH), on the superseding memory that carries the person.
    current = kc.client.get(f"{API}/memories/{ids['supersede']}").json()
    with tenant_scope(kc.tenant):
        memory_revise(memory_id=ids["supersede"], expected_version=current["version"],
                      changes={"content": f"Parking spot 9, was {CANARY}'s"}, actor="user:admin")
    # Extraction from a conversation about the person, in the team scope.
    post_messages(kc, "s-canary", TEAM, f"Remember: {CANARY} badge colour is teal", subject=PERSON)
    closed = kc.client.post(f"{API}/sessions/s-canary/close", format="json")
    assert closed.status_code == 202
    run_jobs()
    # Feedback with a correction naming the person's memory.
    feedback = kc.client.post(f"{API}/feedback", {"memory_ids": [ids["merge"]], "correction": f"{CANARY} is wrong"},
                              format="json")
    assert feedback.status_code in (200, 201), feedback.content[:2000]
    return ids


def test_it_exports_and_then_erases_every_copy_of_a_person(alice, fake_embedder, offline) -> None:
    ids = write_canary_everywhere(alice)
    exported = alice.client.get(f"{API}/subjects/{PERSON}/export").json()
    exported_ids = {m["id"] for m in exported["memories"]}
    assert {ids["create"], ids["batch"], ids["update"], ids["supersede"], ids["merge"]} <= exported_ids
    assert any(CANARY in m["content"] for m in exported["memories"] if m["source_session"] == "s-canary")
    assert exported["feedback"] and exported["sessions"]
    searched = alice.client.post(f"{API}/memories/search", {"query": CANARY, "scope": TEAM, "k": 50,
                                                          "include_statuses": ["active", "pending", "conflicted",
                                                                               "deprecated"]}, format="json")
    assert any(CANARY in hit["memory"]["content"] for hit in searched.json()["results"])

    erased = alice.client.delete(f"{API}/subjects/{PERSON}")

    assert erased.status_code == 200, erased.content[:2000]
    assert canary_hits(CANARY) == {}
    for statuses in (["active"], ["active", "pending", "conflicted", "deprecated"]):
        found = alice.client.post(f"{API}/memories/search", {"query": CANARY, "scope": TEAM, "k": 50,
                                                           "include_statuses": statuses}, format="json").json()
        assert not [h for h in found["results"] if CANARY in h["memory"]["content"]]
    block = alice.client.post(f"{API}/context", {"query": CANARY, "scope": TEAM}, format="json").json()
    assert CANARY not in block["block"]
    # The other person's own memories outlive the erasure.
    remaining = alice.client.get(f"{API}/memories", {"scope": TEAM, "subject": OTHER}).json()["results"]
    assert any(m["content"] == "Office opens at 9" for m in remaining)


def test_it_carries_every_source_subject_into_a_merge_and_an_update(alice, fake_embedder) -> None:
    first = save(alice, fact("Speaks Dutch", "a"))
    second = save(alice, fact("Speaks Welsh", "b"))
    merged = alice.client.post(f"{API}/memories/merge", {"ids": [first["id"], second["id"]]}, format="json").json()
    assert merged["subject"] == "a" and merged["subjects"] == ["a", "b"]
    history = alice.client.get(f"{API}/memories/{merged['id']}/history").json()["results"]
    assert history
    low = save(alice, fact("Lunch at noon", "c", entity="lunch", confidence=0.4))
    updated = save(alice, fact("Lunch at one", "d", entity="lunch"))
    assert updated["id"] == low["id"] and updated["subjects"] == ["c", "d"]
    with tenant_scope(alice.tenant):
        from memories.models import MemoryVersion

        versions = list(MemoryVersion.objects.filter(memory_id=low["id"]).order_by("version")
                        .values_list("subject_ids", flat=True))
    assert len(versions[0]) == 1 and len(versions[-1]) == 2  # each version records the people it was about


@pytest.mark.parametrize(("action", "derived"), [("keep_new", True), ("accept", True), ("keep_old", False),
                                               ("reject", False)])
def test_a_review_decision_carries_the_persons_lineage_to_the_winner(alice, fake_embedder, action, derived) -> None:
    """The audit's reproduction (keep_new): a subject-less preference that won over the person's now stands in
    for it, so it is about the person and their erasure erases it, as after the write flow's supersession.
    When the person's memory wins, the other one is not theirs and outlives the erasure."""
    mine = save(alice, {**fact(f"{CANARY} likes the dark theme", PERSON, entity="theme"), "type": "preference"})
    other = save(alice, {"scope": TEAM, "content": "The team prefers the light theme", "entity": "theme",
                         "type": "preference"})
    assert other["resolution"]["action"] == "conflict"
    item = next(i for i in alice.client.get(f"{API}/review").json()["results"] if i["kind"] == "conflict")
    resolved = alice.client.post(f"{API}/review/{item['id']}/resolve", {"action": action}, format="json")
    assert resolved.status_code == 200, resolved.content[:2000]
    exported = {m["id"] for m in alice.client.get(f"{API}/subjects/{PERSON}/export").json()["memories"]}
    assert mine["id"] in exported and (other["id"] in exported) is derived
    assert alice.client.delete(f"{API}/subjects/{PERSON}").status_code == 200
    assert canary_hits(CANARY) == {}
    outlives = alice.client.get(f"{API}/memories/{other['id']}").status_code == 200
    assert outlives is not derived


def test_a_merges_reason_is_kept_only_where_the_persons_erasure_reaches(alice, fake_embedder) -> None:
    """The audit's reproduction: the free-text reason of a merge involving the person was stored on the other
    source's versions too, which outlive the erasure."""
    mine = save(alice, fact("Owns a red bicycle", PERSON))
    theirs = save(alice, {"scope": TEAM, "content": "The team keeps bicycles in the basement", "type": "fact"})
    merged = alice.client.post(f"{API}/memories/merge", {"ids": [mine["id"], theirs["id"]],
                                                         "reason": f"{CANARY} asked for this merge"}, format="json")
    assert merged.status_code == 201, merged.content[:2000]
    history = alice.client.get(f"{API}/memories/{merged.json()['id']}/history").json()["results"]
    assert any(CANARY in (v.get("reason") or "") for v in history)  # the note is kept where it belongs
    assert alice.client.delete(f"{API}/subjects/{PERSON}").status_code == 200
    assert canary_hits(CANARY) == {}
    assert alice.client.get(f"{API}/memories/{theirs['id']}").status_code == 200  # not the person's: it stays


# --------------------------------------------------------------------------- every review decision, with a note

def review_pair(kc: Any, kind: str, mine: str, scope: str = TEAM) -> tuple[str, str, str]:
    """A review item between the person's memory and the other person's, the person's on the ``mine`` side
    ("new": the item's memory; "old": the memory it would change). A conflict pair of preferences, or a
    pending low-confidence fact beside a confident one. Returns (the person's id, the other's id, item id)."""
    if kind == "conflict":
        texts = {"me": f"{CANARY} likes the dark theme", "other": "Likes the light theme"}
        body: dict[str, Any] = {"entity": "theme", "type": "preference"}
    else:
        texts = {"me": f"{CANARY} desk is by the door", "other": "Desk is by the window"}
        body = {"entity": "desk", "type": "fact"}
    first, second = ("other", "me") if mine == "new" else ("me", "other")
    ids = {}
    for who in (first, second):
        person = PERSON if who == "me" else OTHER
        low = {"confidence": 0.4} if kind == "pending" and who == second else {}
        answer = save(kc, {**fact(texts[who], person), **body, **low, "scope": scope})
        ids[who] = answer["id"]
    assert answer["resolution"]["action"] == kind, answer["resolution"]
    items = kc.client.get(f"{API}/review").json()["results"]
    item = next(i for i in items if i["memory"]["id"] == ids[second])
    assert item["kind"] == kind and item["other_memory"]["id"] == ids[first]
    return ids["me"], ids["other"], item["id"]


def winner_of(kind: str, action: str, mine: str) -> str | None:
    """Whose memory a decision keeps over the other ("me" or "other"): it then stands in for both and carries
    both people. Merge makes a third memory (about both); keep_both and a pending item's reject keep none."""
    if action in ("merge", "keep_both") or (action == "reject" and kind == "pending"):
        return None
    new_wins = action in ("accept", "keep_new")
    return "me" if new_wins == (mine == "new") else "other"


DECISIONS = [(kind, action, mine) for kind, actions in (("conflict", ("accept", "keep_new", "keep_old", "reject",
                                                                       "keep_both", "merge")),
                                                        ("pending", ("accept", "keep_new", "keep_old", "reject",
                                                                     "merge")))
             for action in actions for mine in ("new", "old")]


@pytest.mark.parametrize(("kind", "action", "mine"), DECISIONS)
def test_every_review_decision_and_its_note_go_with_the_person(alice, fake_embedder, kind, action, mine) -> None:
    """Whichever side the person's memory is on and whatever is decided, with a note that names them: after
    their erasure no row holds the canary (the note included), what derives from theirs is gone, and the
    other person's memory that does not derive from theirs outlives it."""
    my_id, their_id, item_id = review_pair(alice, kind, mine)
    note = f"asked by {CANARY} on the phone"
    resolved = alice.client.post(f"{API}/review/{item_id}/resolve", {"action": action, "reason": note},
                                 format="json")
    assert resolved.status_code == 200, resolved.content[:2000]
    winner = winner_of(kind, action, mine)
    derived = winner == "other"  # the other person's memory now stands in for the person's
    exported = alice.client.get(f"{API}/subjects/{PERSON}/export").json()
    assert my_id in {m["id"] for m in exported["memories"]}
    assert (their_id in {m["id"] for m in exported["memories"]}) is derived
    assert next(r for r in exported["review_items"] if r["id"] == item_id)["note"] == note
    if winner is not None:  # the note is in the history of the memory about both people
        history = alice.client.get(f"{API}/memories/{my_id if winner == 'me' else their_id}/history").json()
        assert any(v["reason"].endswith(note) for v in history["results"])

    assert alice.client.delete(f"{API}/subjects/{PERSON}").status_code == 200

    assert canary_hits(CANARY) == {}
    assert (alice.client.get(f"{API}/memories/{their_id}").status_code == 200) is not derived


@pytest.fixture
def dashboard(alice_tenant: Any, settings: Any) -> Client:
    """An admin of alice's tenant signed in to the dashboard (the screens that merge and undo)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # access, not hashing, tested
    member_add(tenant=alice_tenant, email="admin@acme.test", role=Role.ADMIN, password="a long test password")
    client = Client()
    assert client.login(username="admin@acme.test", password="a long test password")
    return client


UNDOABLE = [(kind, action, mine) for kind, action, mine in DECISIONS if action != "merge"]


@pytest.mark.parametrize(("kind", "action", "mine"), UNDOABLE)
def test_an_undone_decision_and_the_next_one_go_with_the_person(alice, dashboard, fake_embedder, kind, action,
                                                                 mine) -> None:
    """The dashboard's undo puts the memories back as they were; what the decision carried stays carried (links
    are only ever added), the next decision carries again, and no note of either survives the erasure."""
    my_id, their_id, item_id = review_pair(alice, kind, mine)
    decided = dashboard.post(reverse("dashboard:review-resolve", args=[item_id]),
                             {"action": action, "reason": f"first try for {CANARY}"})
    assert decided.status_code == 303, decided.content[:2000]
    undone = dashboard.post(reverse("dashboard:review-undo", args=[item_id]))
    assert undone.status_code == 303
    reopened = alice.client.get(f"{API}/review").json()["results"]
    assert item_id in {i["id"] for i in reopened}  # open again: the undo restored the question
    again = "keep_old" if action in ("accept", "keep_new") else "keep_new"
    redecided = alice.client.post(f"{API}/review/{item_id}/resolve",
                                  {"action": again, "reason": f"second try for {CANARY}"}, format="json")
    assert redecided.status_code == 200, redecided.content[:2000]
    exported = {m["id"] for m in alice.client.get(f"{API}/subjects/{PERSON}/export").json()["memories"]}
    derived = winner_of(kind, action, mine) == "other" or winner_of(kind, again, mine) == "other"
    assert my_id in exported and (their_id in exported) is derived

    assert alice.client.delete(f"{API}/subjects/{PERSON}").status_code == 200

    assert canary_hits(CANARY) == {}
    assert (alice.client.get(f"{API}/memories/{their_id}").status_code == 200) is not derived


@pytest.mark.parametrize("path", ["dashboard", "dashboard review", "api"])
def test_a_merge_on_every_path_goes_with_the_person_and_keeps_the_others_source(alice, dashboard, fake_embedder,
                                                                               path) -> None:
    """The dashboard's merge of chosen memories, the dashboard's merge of a review pair and the API's merge: the
    merged memory (and its note naming the person) is theirs and goes; the other person's source stays."""
    my_id, their_id, item_id = review_pair(alice, "conflict", "new")
    merged_text, note = f"{CANARY} and the team: dark and light themes", f"merged for {CANARY}"
    if path == "dashboard":
        response = dashboard.post(reverse("dashboard:merge-preview"),
                                  {"ids": [my_id, their_id], "content": merged_text, "reason": note})
    elif path == "dashboard review":
        response = dashboard.post(reverse("dashboard:review-resolve", args=[item_id]),
                                  {"action": "merge", "content": merged_text, "reason": note})
    else:
        response = alice.client.post(f"{API}/memories/merge", {"ids": [my_id, their_id], "content": merged_text,
                                                               "reason": note}, format="json")
    assert response.status_code in (201, 303), response.content[:2000]
    merged = alice.client.get(f"{API}/memories", {"scope": TEAM, "status": "active"}).json()["results"]
    merged_id = next(m["id"] for m in merged if m["content"] == merged_text)
    assert alice.client.get(f"{API}/memories/{merged_id}").json()["subjects"] == sorted([PERSON, OTHER])
    exported = {m["id"] for m in alice.client.get(f"{API}/subjects/{PERSON}/export").json()["memories"]}
    assert {my_id, merged_id} <= exported and their_id not in exported

    assert alice.client.delete(f"{API}/subjects/{PERSON}").status_code == 200

    assert canary_hits(CANARY) == {}
    assert alice.client.get(f"{API}/memories/{merged_id}").status_code == 404
    assert alice.client.get(f"{API}/memories/{their_id}").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_compaction_leaves_no_byte_of_a_person_decided_merged_undone_and_noted(alice, dashboard, fake_embedder,
                                                                             offline) -> None:
    """The audit's check, over every path at once: the canary through every write path, every review decision
    on both sides of a pair (each with a note naming the person), an undo, a merge on each path, a deprecation
    and a restore with notes. After the erasure and ``run_maintenance --compact`` no row holds it and no data
    file of the schema's tables, their indexes and TOAST holds a byte of it (WAL is out of scope)."""
    write_canary_everywhere(alice)
    for n, (kind, action, mine) in enumerate(DECISIONS):
        *_, item_id = review_pair(alice, kind, mine, scope=f"{TEAM}/pair{n}")  # one pair per team scope
        resolved = alice.client.post(f"{API}/review/{item_id}/resolve",
                                     {"action": action, "reason": f"{action} for {CANARY}"}, format="json")
        assert resolved.status_code == 200, resolved.content[:2000]
        if n == 0:  # undone in the dashboard, then decided again
            assert dashboard.post(reverse("dashboard:review-undo", args=[item_id])).status_code == 303
            again = alice.client.post(f"{API}/review/{item_id}/resolve",
                                      {"action": "keep_old", "reason": f"again for {CANARY}"}, format="json")
            assert again.status_code == 200, again.content[:2000]
    mine = save(alice, fact(f"{CANARY} takes the 8:15 train", PERSON))
    theirs = save(alice, fact("The team takes the 9:00 train", OTHER))
    merged = dashboard.post(reverse("dashboard:merge-preview"), {"ids": [mine["id"], theirs["id"]],
                                                                  "reason": f"dashboard merge for {CANARY}"})
    assert merged.status_code == 303, merged.content[:2000]
    remembered = alice.client.post(f"{API}/memories", fact(f"{CANARY} sits in room 4", PERSON), format="json",
                                   HTTP_IDEMPOTENCY_KEY="canary-retry-1")  # its answer is remembered for 24 h
    assert remembered.status_code == 201, remembered.content[:2000]
    note = save(alice, fact(f"{CANARY} parks on level 2", PERSON))
    for change in ("deprecate", "restore"):
        changed = alice.client.post(f"{API}/memories/{note['id']}/{change}", {"reason": f"{change}: {CANARY}"},
                                    format="json")
        assert changed.status_code == 200, changed.content[:2000]
    assert bytes_hits(schema_files(), CANARY) > 0  # the scan sees the canary before

    assert alice.client.delete(f"{API}/subjects/{PERSON}").status_code == 200
    call_command("run_maintenance", "--compact", stdout=io.StringIO())

    assert canary_hits(CANARY) == {}
    files = schema_files()
    assert bytes_hits(files, CANARY) == 0
    assert bytes_hits(files, "The team takes the 9:00 train") > 0  # real data read: the other person's stays
