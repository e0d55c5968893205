"""``MnemaraStore`` (mnemara/client/langgraph.py) against the live test server: a port of LangGraph's store
conformance checks (its own test-suite is not packaged: langgraph-checkpoint-conformance covers checkpointers
only), written from ``BaseStore``'s documentation and ``InMemoryStore``'s behaviour.

Each check runs through the sync methods (``Mnemara``), the async ones (``AsyncMnemara``) and, where it says so,
the async methods of a store that has only a sync client (run in a worker thread): the same answers each way.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Iterator
from datetime import datetime
from typing import Any, NotRequired, TypedDict

import pytest
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    MatchCondition,
    PutOp,
    SearchOp,
)

from mnemara.client import AsyncMnemara, Mnemara
from mnemara.client.langgraph import MnemaraStore
from tests.client.conftest import TIMEOUT
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)


class Calls:
    """A store's methods called the same way in every mode: ``put`` is ``store.put`` (sync) or
    ``loop.run_until_complete(store.aput(...))`` (async), one event loop per test."""

    def __init__(self, store: MnemaraStore, loop: asyncio.AbstractEventLoop | None) -> None:
        self.store = store
        self.loop = loop

    def __getattr__(self, name: str) -> Any:
        if self.loop is None:
            return getattr(self.store, name)
        method = getattr(self.store, f"a{name}")
        loop = self.loop
        return lambda *args, **kwargs: loop.run_until_complete(method(*args, **kwargs))


def calls_for(mode: str, url: str, secret: str, **options: Any) -> Iterator[Calls]:
    sync = Mnemara(url, secret, backoff=0.05, timeout=TIMEOUT)
    if mode == "sync":
        yield Calls(MnemaraStore(sync, **options), None)
    else:
        loop = asyncio.new_event_loop()
        if mode == "async":
            async_client = AsyncMnemara(url, secret, backoff=0.05, timeout=TIMEOUT)
            yield Calls(MnemaraStore(async_client, **options), loop)
            loop.run_until_complete(async_client.aclose())
        else:  # "thread": the async methods of a store with a sync client only
            yield Calls(MnemaraStore(sync, **options), loop)
        loop.close()
    sync.close()


@pytest.fixture(params=["sync", "async"])
def store(request, live_server, alice: KeyedClient, warm_embedder: None) -> Iterator[Calls]:
    yield from calls_for(request.param, live_server.url, alice.secret)


@pytest.fixture(params=["sync", "async", "thread"])
def any_store(request, live_server, alice: KeyedClient, warm_embedder: None) -> Iterator[Calls]:
    yield from calls_for(request.param, live_server.url, alice.secret, scope_prefix="agents/lg")


# --------------------------------------------------------------------------- put / get / delete

def test_it_puts_gets_updates_and_deletes(any_store: Calls) -> None:
    any_store.put(("users", "123"), "prefs", {"language": "zh", "tags": ["a", "b"]})
    item = any_store.get(("users", "123"), "prefs")
    assert isinstance(item, Item)
    assert (item.namespace, item.key, item.value) == (("users", "123"), "prefs", {"language": "zh", "tags": ["a", "b"]})
    assert isinstance(item.created_at, datetime) and item.created_at.tzinfo is not None
    any_store.put(("users", "123"), "prefs", {"language": "en"})
    updated = any_store.get(("users", "123"), "prefs")
    assert updated.value == {"language": "en"}  # a put replaces the value
    assert updated.created_at == item.created_at and updated.updated_at > item.updated_at
    assert any_store.get(("users", "123"), "missing") is None
    assert any_store.get(("users", "456"), "prefs") is None
    any_store.delete(("users", "123"), "prefs")
    assert any_store.get(("users", "123"), "prefs") is None
    any_store.delete(("users", "123"), "prefs")  # deleting what is not there is no error


def test_it_keeps_two_keys_with_equal_values(store: Calls, alice_memory: Mnemara) -> None:
    value = {"text": "The user's favourite colour is teal."}
    store.put(("users", "1"), "colour", value)
    store.put(("users", "1"), "colour-again", value)
    assert store.get(("users", "1"), "colour").value == value
    assert store.get(("users", "1"), "colour-again").value == value
    assert sorted(i.key for i in store.search(("users",))) == ["colour", "colour-again"]
    first, second = (alice_memory.get_by_key("users/1", k) for k in ("colour", "colour-again"))
    assert first.id != second.id and first.resolution is None
    store.delete(("users", "1"), "colour")
    assert store.get(("users", "1"), "colour-again").value == value


def test_search_by_meaning_returns_both_keys_of_an_equal_value(store: Calls) -> None:
    value = {"text": "The user's favourite colour is teal."}
    store.put(("users", "1"), "colour", value)
    store.put(("users", "1"), "colour-again", value)
    assert sorted(i.key for i in store.search(("users",), query="favourite colour")) == ["colour", "colour-again"]


def test_the_memories_go_through_the_write_flow(store: Calls, alice_memory: Mnemara) -> None:
    store.put(("docs",), "note", {"text": "Deploys happen on Tuesdays."})
    store.put(("docs",), "note", {"text": "Deploys happen on Thursdays."})
    memory = alice_memory.get_by_key("docs", "note")
    assert memory.content == '{"text": "Deploys happen on Thursdays."}' and memory.version == 2
    assert [v.version for v in alice_memory.history(memory.id)] == [1, 2]
    assert memory.metadata == {"langgraph_store": 1, "value": {"text": "Deploys happen on Thursdays."}}


# --------------------------------------------------------------------------- names and values

def test_it_refuses_namespaces_langgraph_and_mnemara_refuse(store: Calls) -> None:
    doc = {"foo": "bar"}
    for namespace in [(), ("the", "thing.about"), ("some", "fun", ""), ("langgraph", "foo"), ("a\x00",)]:
        with pytest.raises(InvalidNamespaceError):
            store.put(namespace, "foo", doc)
    with pytest.raises(InvalidNamespaceError, match="at most 8 segments"):
        store.put(tuple("abcdefghi"), "foo", doc)
    with pytest.raises(InvalidNamespaceError, match="at most 64"):
        store.put(("x" * 65,), "foo", doc)
    with pytest.raises(InvalidNamespaceError, match="at most 255"):
        store.put(tuple("y" * 60 for _ in range(5)), "foo", doc)
    with pytest.raises(ValueError, match="cannot be empty"):
        store.put(("ok",), "", doc)
    with pytest.raises(ValueError, match="at most 255"):
        store.put(("ok",), "k" * 256, doc)
    # "langgraph" is refused as a root label by put() only, as in LangGraph; below the root it is a label
    store.put(("foo", "langgraph", "foo"), "bar", doc)
    assert store.get(("foo", "langgraph", "foo"), "bar").value == doc


def test_a_bad_operation_stops_the_batch_before_anything_is_written(store: Calls) -> None:
    with pytest.raises(InvalidNamespaceError):
        store.batch([PutOp(("fine",), "a", {"n": 1}), PutOp(("not.fine",), "b", {"n": 2})])
    assert store.get(("fine",), "a") is None


LABELS = ["a/b", "x y", "50%", "café", "用户", "tab\tstop", "zero\u200bwidth", "emoji🙂", "-_:@", "UPPER", "\u0085"]


def test_any_label_and_key_round_trip(store: Calls) -> None:
    keys = [" spaced ", "50%", "path/to/file.md", "a\x00b", "%41", "用户", "\u202eright-to-left"]
    for label in LABELS:
        store.put(("odd", label), keys[len(label) % len(keys)], {"label": label})
    for label in LABELS:
        [item] = store.search(("odd", label))
        assert (item.namespace, item.key, item.value) == (("odd", label), keys[len(label) % len(keys)],
                                                           {"label": label})
        assert store.get(("odd", label), item.key).value == {"label": label}
    assert sorted(store.list_namespaces(prefix=("odd",))) == sorted(("odd", label) for label in LABELS)


def test_values_round_trip_exactly(store: Calls, alice_memory: Mnemara) -> None:
    values: list[dict[str, Any]] = [
        {"int": 2**62, "float": 0.1, "whole": 3.0, "tiny": 1e-7, "bool": True, "none": None, "list": [1, [2, [3]]]},
        {"deep": {"a": {"b": {"c": {"d": 1}}}}},  # deeper than metadata holds: kept as JSON text
        {"big": 1e300, "negative_zero": -0.0, "nul": "a\x00b", "surrogate": "\ud800", "nan": math.nan},
        {"中文": "用户喜欢喝黑咖啡", "mixed": ["x", 1, {"y": False}]},
        {},
    ]
    for i, value in enumerate(values):
        store.put(("values",), f"v{i}", value)
    for i, value in enumerate(values):
        got = store.get(("values",), f"v{i}").value
        if i == 2:
            assert math.isnan(got.pop("nan")) and math.copysign(1, got["negative_zero"]) < 0
            value = {k: v for k, v in value.items() if k != "nan"}
        assert got == value and all(type(got[k]) is type(value[k]) for k in value)
    assert "value_json" in alice_memory.get_by_key("values", "v1").metadata
    assert alice_memory.get_by_key("values", "v0").metadata["value"]["int"] == 2**62


# --------------------------------------------------------------------------- search

DOCS = [
    ("doc1", {"text": "red apple", "color": "red", "score": 4.5, "meta": {"kind": "fruit", "tags": ["x"]}}),
    ("doc2", {"text": "red car", "color": "red", "score": 3.0, "meta": {"kind": "vehicle", "tags": ["x", "y"]}}),
    ("doc3", {"text": "green apple", "color": "green", "score": 4.0, "meta": {"kind": "fruit", "tags": []}}),
    ("doc4", {"text": "blue car", "color": "blue", "score": 3.5, "meta": {"kind": "vehicle", "tags": ["y"]}}),
]


def put_docs(store: Calls, namespace: tuple[str, ...] = ("test",)) -> None:
    for key, value in DOCS:
        store.put(namespace, key, value)


def keys(items: list[Any]) -> list[str]:
    return [item.key for item in items]


def test_it_searches_by_prefix_and_filter(store: Calls) -> None:
    put_docs(store, ("test", "a"))
    store.put(("test", "b"), "doc5", {"text": "yellow banana", "color": "yellow", "score": 2.0})
    store.put(("other",), "doc6", {"text": "red herring", "color": "red", "score": 1.0})
    assert sorted(keys(store.search(("test",)))) == ["doc1", "doc2", "doc3", "doc4", "doc5"]
    assert sorted(keys(store.search(("test", "a")))) == ["doc1", "doc2", "doc3", "doc4"]
    assert len(store.search(())) == 6
    assert store.search(("nothing", "here")) == []
    assert sorted(keys(store.search(("test",), filter={"color": "red"}))) == ["doc1", "doc2"]
    assert sorted(keys(store.search((), filter={"color": "red"}))) == ["doc1", "doc2", "doc6"]
    assert sorted(keys(store.search(("test",), filter={"score": {"$gt": 3.2}}))) == ["doc1", "doc3", "doc4"]
    assert keys(store.search(("test",), filter={"score": {"$gte": 4.0}, "color": "green"})) == ["doc3"]
    assert sorted(keys(store.search(("test",), filter={"score": {"$lt": 3.5}}))) == ["doc2", "doc5"]
    assert sorted(keys(store.search(("test",), filter={"score": {"$lte": 3.5, "$ne": 2.0}}))) == ["doc2", "doc4"]
    assert keys(store.search(("test",), filter={"color": {"$eq": "blue"}})) == ["doc4"]
    assert sorted(keys(store.search(("test",), filter={"meta": {"kind": "fruit"}}))) == ["doc1", "doc3"]
    assert keys(store.search(("test",), filter={"meta": {"tags": ["x"]}})) == ["doc1"]  # lists: equal, not contained
    assert store.search(("test",), filter={"color": "purple"}) == []
    [item] = store.search(("test", "b"))
    assert item.namespace == ("test", "b") and item.score is None


def test_comparisons_are_numeric_for_numbers_and_lexical_for_strings(store: Calls) -> None:
    for key, score in [("a", 2), ("b", 9), ("c", 10), ("d", 11), ("e", 9.5)]:
        store.put(("scores",), key, {"score": score, "name": f"name-{key}"})
    store.put(("scores",), "f", {"score": "10", "name": None})

    def found(conditions: dict[str, Any]) -> list[str]:
        return sorted(keys(store.search(("scores",), filter=conditions)))

    assert found({"score": {"$gte": 10}}) == ["c", "d"]  # not "9" >= "10", and not the string "10"
    assert found({"score": {"$gt": 9}}) == ["c", "d", "e"]
    assert found({"score": {"$lt": 10}}) == ["a", "b", "e"]
    assert found({"score": {"$lte": 9}}) == ["a", "b"]
    assert found({"name": {"$gt": "name-c"}}) == ["d", "e"]
    assert found({"score": "10"}) == ["f"] and found({"score": 10}) == ["c"]


def test_it_pages_search_results_newest_first(store: Calls) -> None:
    for i in range(7):
        store.put(("paged",), f"item{i}", {"i": i})
    store.put(("paged",), "item0", {"i": 0, "touched": True})
    everything = store.search(("paged",), limit=100)
    assert keys(everything) == ["item0", "item6", "item5", "item4", "item3", "item2", "item1"]
    assert keys(store.search(("paged",), limit=3)) == keys(everything)[:3]
    assert keys(store.search(("paged",), limit=3, offset=3)) == keys(everything)[3:6]
    assert keys(store.search(("paged",), limit=3, offset=6)) == keys(everything)[6:]
    assert store.search(("paged",), offset=7) == []
    assert keys(store.search(("paged",), filter={"i": {"$gte": 2}}, limit=2, offset=1)) == ["item5", "item4"]


def test_it_searches_by_meaning(store: Calls) -> None:
    put_docs(store)
    results = store.search(("test",), query="apple", filter={"color": "red"})
    assert keys(results) == ["doc1", "doc2"] and all(isinstance(r.score, float) for r in results)
    assert results[0].score >= results[1].score
    assert keys(store.search(("test",), query="car", filter={"color": "red"}))[0] == "doc2"
    assert keys(store.search(("test",), query="blue car", filter={"score": {"$gt": 3.2}}))[0] == "doc4"
    assert keys(store.search(("test",), query="apple", filter={"score": {"$gte": 4.0}, "color": "green"})) == ["doc3"]
    assert len(store.search(("test",), query="apple")) == 4  # every match, relevant or not, as LangGraph ranks
    assert keys(store.search((), query="a green apple"))[0] == "doc3"
    # edge cases of LangGraph's own suite: an empty query lists; long and odd queries still search
    assert len(store.search(("test",), query="")) == 4
    assert len(store.search(("test",), query="test " * 500)) == 4
    assert len(store.search(("test",), query="test!@#$%^&*()")) == 4


def test_search_by_meaning_pages_and_follows_updates(store: Calls) -> None:
    for i in range(5):
        store.put(("pages",), f"doc{i}", {"text": f"test document number {i}"})
    first, second = store.search(("pages",), query="test", limit=2), store.search(("pages",), query="test",
                                                                                   limit=2, offset=2)
    assert len(first) == len(second) == 2 and not set(keys(first)) & set(keys(second))
    assert len(store.search(("pages",), query="test", limit=10)) == 5

    store.put(("zoo",), "doc1", {"text": "zany zebra Xerxes"})
    store.put(("zoo",), "doc2", {"text": "something about dogs"})
    store.put(("zoo",), "doc3", {"text": "text about birds"})
    assert store.search(("zoo",), query="Zany Xerxes")[0].key == "doc1"
    store.put(("zoo",), "doc1", {"text": "new text about dogs"})
    # the server's score is relative (1 = first in every ranking), so the update shows in the ranking
    assert store.search(("zoo",), query="new text about dogs")[0].key == "doc1"
    assert store.search(("zoo",), query="text about birds")[0].key == "doc3"
    store.put(("zoo",), "doc4", {"text": "new text about dogs"}, index=False)
    assert "doc4" not in keys(store.search(("zoo",), query="new text about dogs", limit=3))
    assert store.get(("zoo",), "doc4").value == {"text": "new text about dogs"}  # still there, just not indexed
    assert "doc4" in keys(store.search(("zoo",)))


def test_index_fields_choose_what_is_searched(live_server, alice: KeyedClient, alice_memory: Mnemara,
                                              warm_embedder: None) -> None:
    with Mnemara(live_server.url, alice.secret, timeout=TIMEOUT) as client:
        store = MnemaraStore(client, index={"dims": 384, "embed": "ignored", "fields": ["summary"]})
        store.put(("notes",), "a", {"summary": "Quarterly budget review", "body": "zebra giraffe"})
        store.put(("notes",), "b", {"summary": "Zoo trip", "body": "budget"}, index=["body", "summary"])
        assert alice_memory.get_by_key("notes", "a").content == "Quarterly budget review"
        assert alice_memory.get_by_key("notes", "b").content == "budget\nZoo trip"
        assert store.search(("notes",), query="quarterly budget review")[0].key == "a"
        store.put(("paths",), "doc3", {"key0": "aaa", "key1": "bbb", "key2": "ccc"}, index=["key0", "key1"])
        store.put(("paths",), "doc4", {"key0": "eee", "key1": "bbb", "key3": "ggg"}, index=["key1", "key3"])
        store.put(("paths",), "doc5", {"key0": "hhh"}, index=["missing"])  # no text to index: like index=False
        assert keys(store.search(("paths",), query="aaa")) == ["doc3", "doc4"]
        assert keys(store.search(("paths",), query="ggg")) == ["doc4", "doc3"]
        assert alice_memory.get_by_key("paths", "doc5").content == "doc5"
        assert [(i.key, i.score) for i in store.search(("paths",), filter={"key0": "hhh"})] == [("doc5", None)]


def test_non_ascii_text_is_searched(store: Calls) -> None:
    texts = {"1": "这是中文", "2": "これは日本語です", "3": "이건 한국어야", "4": "Это русский", "5": "यह रूसी है"}
    for key, text in texts.items():
        store.put(("user_123", "memories"), key, {"text": text})
    for key, text in texts.items():
        assert store.search(("user_123", "memories"), query=text)[0].key == key


# --------------------------------------------------------------------------- list_namespaces

NAMESPACES = [("a", "b", "c"), ("a", "b", "d", "e"), ("a", "b", "d", "i"), ("a", "b", "f"), ("a", "c", "f"),
              ("b", "a", "f"), ("users", "123"), ("users", "456", "settings"), ("admin", "users", "789")]


def test_it_lists_namespaces(store: Calls) -> None:
    assert store.list_namespaces() == []
    for i, namespace in enumerate(NAMESPACES):
        store.put(namespace, f"id_{i}", {"data": f"value_{i:02d}"})
    assert store.list_namespaces() == sorted(NAMESPACES)
    assert store.list_namespaces(prefix=("a", "b")) == [("a", "b", "c"), ("a", "b", "d", "e"), ("a", "b", "d", "i"),
                                                         ("a", "b", "f")]
    assert store.list_namespaces(suffix=("f",)) == [("a", "b", "f"), ("a", "c", "f"), ("b", "a", "f")]
    assert store.list_namespaces(prefix=("a",), suffix=("f",)) == [("a", "b", "f"), ("a", "c", "f")]
    assert store.list_namespaces(prefix=("a", "b"), max_depth=3) == [("a", "b", "c"), ("a", "b", "d"), ("a", "b", "f")]
    assert store.list_namespaces(max_depth=2) == [("a", "b"), ("a", "c"), ("admin", "users"), ("b", "a"),
                                                  ("users", "123"), ("users", "456")]
    assert store.list_namespaces(prefix=("a", "b"), limit=2) == [("a", "b", "c"), ("a", "b", "d", "e")]
    assert store.list_namespaces(prefix=("a", "b"), offset=2) == [("a", "b", "d", "i"), ("a", "b", "f")]
    assert store.list_namespaces(prefix=("a", "*", "f")) == [("a", "b", "f"), ("a", "c", "f")]
    assert store.list_namespaces(suffix=("*", "f")) == [("a", "b", "f"), ("a", "c", "f"), ("b", "a", "f")]
    assert store.list_namespaces(prefix=("*", "users")) == [("admin", "users", "789")]
    assert store.list_namespaces(prefix=("users", "*"), suffix=("*", "settings")) == [("users", "456", "settings")]
    assert store.list_namespaces(prefix=("nonexistent",)) == []
    assert store.list_namespaces(prefix=("users", "123")) == [("users", "123")]
    store.delete(("users", "123"), "id_6")
    assert ("users", "123") not in store.list_namespaces()  # a namespace lives as long as it holds an item


def test_a_condition_path_may_be_one_string(store: Calls) -> None:
    for namespace in [("test", "documents", "public"), ("test", "images", "public"), ("prod", "documents", "private")]:
        store.put(namespace, "doc", {"content": "x"})
    [public, under_test] = store.batch([
        # typed as a tuple, but LangGraph's own Postgres tests pass a bare string
        ListNamespacesOp(match_conditions=(MatchCondition("suffix", "public"),)),  # type: ignore[arg-type]
        ListNamespacesOp(match_conditions=(MatchCondition("prefix", "test"),), max_depth=2),  # type: ignore[arg-type]
    ])
    assert public == [("test", "documents", "public"), ("test", "images", "public")]
    assert under_test == [("test", "documents"), ("test", "images")]


def test_it_pages_namespaces(store: Calls) -> None:
    for i in range(12):
        store.put(("namespace", f"sub_{i:02d}"), f"id_{i:02d}", {"data": i})
    assert store.list_namespaces(prefix=("namespace",), limit=5) == [("namespace", f"sub_{i:02d}") for i in range(5)]
    assert store.list_namespaces(prefix=("namespace",), limit=5, offset=5) == [
        ("namespace", f"sub_{i:02d}") for i in range(5, 10)]
    assert store.list_namespaces(prefix=("namespace",), limit=5, offset=10) == [
        ("namespace", f"sub_{i:02d}") for i in range(10, 12)]


# --------------------------------------------------------------------------- batches, prefixes, tenancy, TTL

def test_a_batch_answers_in_order(store: Calls) -> None:
    results = store.batch([
        PutOp(("batch",), "one", {"n": 1}),
        GetOp(("batch",), "one"),
        PutOp(("batch", "sub"), "two", {"n": 2}),
        SearchOp(("batch",), filter={"n": {"$gte": 1}}),
        ListNamespacesOp(max_depth=1),
        PutOp(("batch",), "one", None),
        GetOp(("batch",), "one"),
    ])
    assert results[0] is None and results[2] is None and results[5] is None
    assert isinstance(results[1], Item) and results[1].value == {"n": 1}
    assert sorted(keys(results[3])) == ["one", "two"]
    assert results[4] == [("batch",)]
    assert results[6] is None


def test_a_reordered_batch_answers_in_order(store: Calls) -> None:
    store.put(("test", "foo"), "key1", {"data": "value1"})
    store.put(("test", "bar"), "key2", {"data": "value2"})
    results = store.batch([
        SearchOp(("test",), limit=5),
        GetOp(("test", "bar"), "key2"),
        ListNamespacesOp(limit=5),
        PutOp(("test",), "key3", {"data": "value3"}),
        GetOp(("test", "foo"), "key1"),
        GetOp(("test",), "key4"),
    ])
    assert sorted(keys(results[0])) == ["key1", "key2"]
    assert results[1].value == {"data": "value2"} and results[4].value == {"data": "value1"}
    assert results[2] == [("test", "bar"), ("test", "foo")]
    assert results[3] is None and results[5] is None
    assert store.get(("test",), "key3").value == {"data": "value3"}


def test_the_scope_prefix_holds_the_store(any_store: Calls, alice_memory: Mnemara) -> None:
    any_store.put(("users", "1"), "k", {"v": 1})
    assert alice_memory.get_by_key("agents/lg/users/1", "k").metadata["value"] == {"v": 1}
    alice_memory.put("agents/lg", "stray", "A memory at the prefix itself.")
    alice_memory.put("agents/lg/users/1", "foreign", "Not written by the store.")
    assert any_store.list_namespaces() == [("users", "1")]
    assert keys(any_store.search(())) == ["k"]
    assert any_store.get(("users", "1"), "foreign") is None


def test_another_tenant_sees_nothing(store: Calls, live_server, bob: KeyedClient) -> None:
    store.put(("users", "1"), "secret", {"text": "Alice's only."})
    with Mnemara(live_server.url, bob.secret, timeout=TIMEOUT) as bob_client:
        bobs = MnemaraStore(bob_client)
        assert bobs.get(("users", "1"), "secret") is None
        assert bobs.search(("users",)) == [] and bobs.search(("users",), query="Alice") == []
        assert bobs.list_namespaces() == []


def test_ttl_sets_the_expiry(store: Calls, alice_memory: Mnemara) -> None:
    store.put(("ttl",), "soon", {"v": 1}, ttl=30)
    store.put(("ttl",), "never", {"v": 2})
    soon, never = (alice_memory.get_by_key("ttl", k) for k in ("soon", "never"))
    assert soon.expires_at is not None and soon.updated_at is not None
    assert 29 * 60 < (soon.expires_at - soon.updated_at).total_seconds() < 31 * 60
    assert never.expires_at is None
    store.put(("ttl",), "gone", {"text": "Short-lived."}, ttl=0.02)  # 1.2 seconds
    time.sleep(1.5)
    assert store.get(("ttl",), "gone") is None
    assert "gone" not in keys(store.search(("ttl",))) + keys(store.search(("ttl",), query="Short-lived"))


def test_inferred_items_wait_in_review_and_are_still_found(live_server, alice: KeyedClient, alice_memory: Mnemara,
                                                           warm_embedder: None) -> None:
    with Mnemara(live_server.url, alice.secret, timeout=TIMEOUT) as client:
        store = MnemaraStore(client, provenance="inferred", confidence=0.7, type="note")
        store.put(("agent",), "guess", {"text": "The user probably lives in Lisbon."})
        memory = alice_memory.get_by_key("agent", "guess")
        assert (memory.status, memory.type, memory.provenance) == ("pending", "note", "inferred")
        item = store.get(("agent",), "guess")
        assert item is not None and item.value == {"text": "The user probably lives in Lisbon."}
        assert keys(store.search(("agent",))) == ["guess"]
        assert keys(store.search(("agent",), query="Where does the user live?")) == ["guess"]


def test_a_store_with_only_an_async_client_refuses_sync_calls(live_server, alice: KeyedClient) -> None:
    store = MnemaraStore(AsyncMnemara(live_server.url, alice.secret))
    with pytest.raises(TypeError, match="async methods"):
        store.get(("a",), "b")


# --------------------------------------------------------------------------- a graph

class State(TypedDict):
    user_id: str
    message: str
    answer: NotRequired[str]


def remember_and_recall(state: State, *, store: BaseStore) -> dict[str, str]:
    namespace = ("users", state["user_id"], "memories")
    if state["message"].startswith("remember: "):
        store.put(namespace, "fact-" + str(len(store.search(namespace, limit=100))),
                  {"text": state["message"].removeprefix("remember: ")})
        return {"answer": "noted"}
    hits = store.search(namespace, query=state["message"], limit=1)
    return {"answer": hits[0].value["text"] if hits else "I don't know"}


def test_a_langgraph_graph_keeps_long_term_memory_across_threads(live_server, alice: KeyedClient,
                                                                 warm_embedder: None) -> None:
    from langgraph.graph import END, START, StateGraph

    builder = StateGraph(State)
    builder.add_node("memory", remember_and_recall)
    builder.add_edge(START, "memory")
    builder.add_edge("memory", END)
    with Mnemara(live_server.url, alice.secret, timeout=TIMEOUT) as client:
        graph = builder.compile(store=MnemaraStore(client, scope_prefix="agents/chat"))
        graph.invoke({"user_id": "7", "message": "remember: The user's dog is called Biscuit."},
                     {"configurable": {"thread_id": "one"}})
        graph.invoke({"user_id": "7", "message": "remember: The user works night shifts."},
                     {"configurable": {"thread_id": "one"}})
        answer = graph.invoke({"user_id": "7", "message": "What is my dog's name?"},
                              {"configurable": {"thread_id": "two"}})["answer"]
        assert answer == "The user's dog is called Biscuit."
        assert client.get_by_key("agents/chat/users/7/memories", "fact-1").metadata["value"] == {
            "text": "The user works night shifts."}
