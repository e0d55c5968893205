"""The live successor found through the retired memory a question matches (memories/recall/successors.py): it is
returned (never the retired one) and says whom it replaced (``through``); a memory a person deprecated, a successor
a person deprecated, one in another scope or of another tenant, and a person's erased memories are never reached.
Real PostgreSQL, the real models, the real write flow (a newer fact about the same entity supersedes the older)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from memories.models import Memory
from tenants.scoping import tenant_scope
from tests.recall.conftest import API, contents, save, search

OTHERS = [  # what else the person said: the scope is theirs, not the pair alone
    "The user's cousin Lena works as a pharmacist in Leeds.", "The user keeps two cats, Miso and Tofu.",
    "The user is lactose intolerant.", "The user's grandmother turns ninety in April.",
    "The user is planning a road trip along the coast of Portugal.", "The user's manager is called Oskar.",
    "用户的表妹在南京读研究生。", "用户家里养了两只鹦鹉。", "用户对芒果过敏。", "用户打算明年去新疆自驾游。",
]


def _others(kc: Any, scope: str = "user/1") -> None:
    save(kc, *({"content": text, "type": "fact"} for text in OTHERS), scope=scope)


def _replaced(kc: Any, entity: str, *texts: str, scope: str = "user/1", subject: str | None = None
              ) -> list[dict[str, Any]]:
    """Each text a newer fact about ``entity``: the write flow retires the one before it."""
    extra = {"subject": subject} if subject else {}
    written = [save(kc, {"content": t, "type": "fact", "entity": entity, **extra}, scope=scope)[0] for t in texts]
    for old, new in itertools.pairwise(written):
        got = kc.client.get(f"{API}/memories/{old['id']}").json()
        assert got["status"] == "deprecated" and got["superseded_by"] == new["id"], got
    return written


def _hits(kc: Any, query: str, scope: str = "user/1", k: int = 3) -> list[dict[str, Any]]:
    return search(kc, query=query, scope=scope, k=k)["results"]


def _block_ids(kc: Any, query: str, scope: str = "user/1") -> list[str]:
    return kc.client.post(f"{API}/context", {"query": query, "scope": scope}, format="json").json()["items"]


@pytest.mark.django_db
@pytest.mark.parametrize(("entity", "texts", "question"), [
    ("sunday mornings", ["The user spends Sunday mornings at the farmers' market.",
                         "Lately the user volunteers at the animal shelter instead."],
     "What does the user do on Sunday mornings?"),
    ("晨练", ["用户每天早上在小区里打太极拳。", "用户最近改成跟着视频练瑜伽了。"], "用户早上在小区里干什么？"),
    ("commute", ["The user commutes to work by bus.", "The user now drives to the office.",
                 "These days the user cycles along the canal path."], "How does the user commute to work?"),
])
def test_the_live_successor_answers_what_its_predecessor_matched(alice, entity: str, texts: list[str],
                                                                 question: str) -> None:
    _others(alice)
    written = _replaced(alice, entity, *texts)
    hits = _hits(alice, question)
    ids = [h["memory"]["id"] for h in hits]
    assert written[-1]["id"] in ids, contents({"results": hits})
    assert not {w["id"] for w in written[:-1]} & set(ids), contents({"results": hits})
    hit = next(h for h in hits if h["memory"]["id"] == written[-1]["id"])
    assert hit["through"] in {w["id"] for w in written[:-1]} or hit["through"] is None
    assert written[-1]["id"] in _block_ids(alice, question)
    assert not {w["id"] for w in written[:-1]} & set(_block_ids(alice, question))


@pytest.mark.django_db
def test_it_is_reached_through_its_predecessor_when_only_that_matches(alice) -> None:
    _others(alice)
    old, new = _replaced(alice, "tuesday evenings", "The user sings in a choir on Tuesday evenings.",
                         "The user quit that and joined a pottery class.")
    hits = {h["memory"]["id"]: h for h in _hits(alice, "What does the user do on Tuesday evenings?")}
    assert new["id"] in hits and hits[new["id"]]["through"] == old["id"] and old["id"] not in hits, hits
    unrelated = _hits(alice, "Who is the user's manager?")
    assert unrelated[0]["memory"]["content"] == "The user's manager is called Oskar."
    assert all(h["through"] is None for h in unrelated[:1])


@pytest.mark.django_db
def test_a_question_asking_for_the_earlier_value_gets_it_not_the_route(alice) -> None:
    _others(alice)
    old, _ = _replaced(alice, "tuesday evenings", "The user sings in a choir on Tuesday evenings.",
                       "The user quit that and joined a pottery class.")
    hits = _hits(alice, "What did the user use to do on Tuesday evenings?", k=5)
    assert old["id"] in [h["memory"]["id"] for h in hits] and all(h["through"] is None for h in hits)


def _deprecated(kc: Any, memory: dict[str, Any]) -> None:
    current = kc.client.get(f"{API}/memories/{memory['id']}").json()
    response = kc.client.post(f"{API}/memories/{memory['id']}/deprecate", {}, format="json",
                              HTTP_IF_MATCH=str(current["version"]))
    assert response.status_code in (200, 204), response.content[:500]


def _none_of(kc: Any, written: list[dict[str, Any]], question: str, scope: str = "user/1") -> None:
    hits = _hits(kc, question, scope=scope, k=10)
    returned = {h["memory"]["id"] for h in hits} | set(_block_ids(kc, question, scope))
    assert not {w["id"] for w in written} & returned, contents({"results": hits})
    assert all(h["through"] is None for h in hits), hits


@pytest.mark.django_db
def test_what_a_person_deprecated_is_never_routed(alice) -> None:
    _others(alice)
    wrong = save(alice, {"content": "The user goes sailing on Saturday afternoons.", "type": "fact"})[0]
    _deprecated(alice, wrong)
    _none_of(alice, [wrong], "What does the user do on Saturday afternoons?")
    old, new = _replaced(alice, "weeknight dinners", "The user cooks Thai food on weeknights.",
                         "The user orders takeaway most evenings now.")
    _deprecated(alice, new)  # a person says the successor is wrong: nothing live ends the chain
    _none_of(alice, [old, new], "What does the user cook on weeknights?")
    gone_old, gone = _replaced(alice, "phone", "用户用的是小米手机。", "用户换了一部三星折叠屏。")
    assert alice.client.delete(f"{API}/memories/{gone['id']}").status_code == 204
    _none_of(alice, [gone_old, gone], "用户用的是什么小米手机？")


@pytest.mark.django_db
def test_a_successor_in_another_scope_or_tenant_is_never_followed(alice, bob, alice_tenant, bob_tenant) -> None:
    _others(alice)
    old, _ = _replaced(alice, "lunch", "The user eats lunch at the canteen on Fridays.",
                       "The user brings a packed lunch now.")
    elsewhere = save(alice, {"content": "The user joined a chess club.", "type": "fact"}, scope="user/2")[0]
    theirs = save(bob, {"content": "The user plays the cello.", "type": "fact"})[0]
    for target in (elsewhere, theirs):  # links the write flow never makes: the route must not follow them
        with tenant_scope(alice_tenant):
            Memory.objects.filter(pk=old["id"]).update(superseded_by_id=target["id"])
        _none_of(alice, [old, elsewhere, theirs], "What does the user eat on Fridays at the canteen?")
    with tenant_scope(bob_tenant):  # bob's scope of the same path holds nothing of alice's
        assert not [h for h in _hits(bob, "What does the user eat on Fridays?") if h["through"]]


@pytest.mark.django_db
def test_after_a_persons_erasure_nothing_of_the_old_content_is_reached(alice) -> None:
    _others(alice)
    written = _replaced(alice, "gym", "用户每周三晚上去健身房练腿。", "用户现在改成周末去爬山了。", subject="p-31")
    question = "用户周三晚上去健身房练什么？"
    assert written[-1]["id"] in [h["memory"]["id"] for h in _hits(alice, question)]
    assert alice.client.delete(f"{API}/subjects/p-31").status_code == 200
    _none_of(alice, written, question)
    found = search(alice, query=question, k=10, include_statuses=["active", "deprecated"])
    assert not [h for h in found["results"] if "健身房" in h["memory"]["content"] or "爬山" in h["memory"]["content"]]


@pytest.mark.django_db
def test_the_route_runs_only_where_a_retired_memory_was_replaced(alice, alice_tenant, monkeypatch) -> None:
    """A scope whose deprecated memories nobody replaced costs no route; a successor given later to a memory
    already deprecated (its status unchanged) is seen by the cached index at the next search."""
    from memories.recall import successors

    ranked: list[str] = []
    retired = successors._retired
    def counted(query: str, *rest: Any) -> Any:
        ranked.append(query)
        return retired(query, *rest)

    monkeypatch.setattr(successors, "_retired", counted)
    _others(alice)
    wrong = save(alice, {"content": "The user goes sailing on Saturday afternoons.", "type": "fact"})[0]
    _deprecated(alice, wrong)
    question = "What does the user do on Saturday afternoons?"
    _none_of(alice, [wrong], question)
    assert ranked == []
    later = save(alice, {"content": "These days the user is hooked on bouldering at the climbing gym.",
                         "type": "fact"})[0]
    with tenant_scope(alice_tenant):
        assert Memory.objects.filter(pk=wrong["id"]).update(superseded_by_id=later["id"]) == 1
    hits = {h["memory"]["id"]: h for h in _hits(alice, question, k=10)}
    assert ranked and wrong["id"] not in hits, hits
    assert hits[later["id"]]["through"] == wrong["id"], contents({"results": list(hits.values())})
