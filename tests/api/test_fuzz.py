"""Property tests: malformed and extreme input to every memory, review and feedback endpoint.

Whatever arrives (wrong types, huge or deeply nested JSON, NUL, lone surrogates, NaN/inf, giant
numbers and strings, lists for objects, broken UTF-8 …) the answer is never a 500, every error has
the API error format, and a refused request writes nothing (row counts unchanged).
"""

from __future__ import annotations

import json
import os
import uuid
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import API, assert_error, create, review_items, row_counts
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db

# MNEMARA_FUZZ_EXAMPLES=500 for a deeper run; the default keeps the suite fast.
FUZZ = settings(max_examples=int(os.environ.get("MNEMARA_FUZZ_EXAMPLES", "40")), deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

EXTREME_STRINGS = st.sampled_from([
    "", " ", "\x00", "a\x00b", "\ud800", "x\udfffy", "\u202e\u200b\ufeff", "💥" * 3000, "x" * 8001, "y" * 200_000,
    "ß" * 200, "ﬃ" * 100, "user//1", "/", "../../etc", "user/1\n", "null", "true", "0", "-1", "1e400", "NaN",
    "%s%s%n", "\\", "'; DROP TABLE memories_memory; --", "<script>alert(1)</script>", "我" * 9000,
])
STRINGS = st.text(st.characters(exclude_categories=()), max_size=40) | EXTREME_STRINGS
NUMBERS = (st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=True, allow_infinity=True)
           | st.sampled_from([0, -1, 1, 0.5, 2**63, -(2**63) - 1, 1e308, -0.0, 10**300]))
SCALARS = st.none() | st.booleans() | NUMBERS | STRINGS
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(STRINGS, inner, max_size=4),
                    max_leaves=12)

PLAUSIBLE = {
    "scope": st.sampled_from(["user/1", "user/1/project/2", "team/ops", "用户/一"]),
    "content": st.text(st.characters(exclude_categories=()), min_size=1, max_size=60),
    "type": st.sampled_from(["fact", "preference", "task", "summary", "note"]),
    "entity": st.text(max_size=30),
    "metadata": st.dictionaries(st.text(max_size=8), SCALARS, max_size=3),
    "confidence": st.floats(min_value=0, max_value=1),
    "provenance": st.sampled_from(["stated", "inferred"]),
    "subject": st.text(min_size=1, max_size=10),
    "source_session": st.text(max_size=10),
    "valid_from": st.sampled_from(["2024-01-01T00:00:00Z", "2024-13-45T99:00:00Z", "0001-01-01T00:00:00+14:00"]),
    "valid_to": st.sampled_from(["2023-01-01T00:00:00Z", "9999-12-31T23:59:59Z", None]),
    "expires_at": st.sampled_from(["2020-01-01T00:00:00Z", "9999-12-31T23:59:59-12:00", None, 0]),
    "status": st.sampled_from(["active", "pending", "conflicted", "deprecated"]),
    "version": st.integers(min_value=-3, max_value=5) | NUMBERS,
    "reason": STRINGS,
    "action": st.sampled_from(["accept", "reject", "keep_old", "keep_new", "merge", "ACCEPT", ""]),
    "ids": st.lists(st.uuids().map(str) | STRINGS, max_size=4),
    "memory_ids": st.lists(st.uuids().map(str) | STRINGS, max_size=4),
    "useful": st.booleans() | st.none() | STRINGS,
    "correction": STRINGS,
    "query": STRINGS,
}


def objects(*names: str) -> st.SearchStrategy[dict[str, Any]]:
    """Objects with some of ``names``, each plausible or arbitrary, plus stray keys now and then."""
    fields = {name: PLAUSIBLE.get(name, JSON) | JSON for name in names}
    return st.builds(lambda known, extra: {**extra, **known},
                     st.fixed_dictionaries({}, optional=fields), st.dictionaries(STRINGS, JSON, max_size=2))


def deep(depth: int, kind: str) -> str:
    return ('{"a":' * depth + "1" + "}" * depth) if kind == "object" else ("[" * depth + "]" * depth)


RAW = st.one_of(
    st.binary(max_size=64),  # anything, including broken UTF-8
    st.sampled_from([b"", b"{", b"[", b"null", b"{}", b"[]", b'"x"', b"1", b"NaN", b"Infinity", b"-Infinity",
                     b'{"scope": "user/1", "content": NaN}',
                     b'{"confidence": 1e400, "scope": "user/1", "content": "x"}',
                     b'{"scope": "user/1", "content": "x", "metadata": {"n": 1e400}}',
                     b'{"scope": "user/1", "content": "x", "metadata": {"n": -Infinity}}',
                     b'{"scope": "user/1", "content": "\\u0000"}', b'{"scope": "user/1", "content": "\\ud800"}',
                     b'{"scope": "user/1", "content": "x", "metadata": {"\\u0000": "\\ud800"}}',
                     b'{"scope": "user/1", "content": "x", "metadata": {"k": "a\\u0000b"}}',
                     b'{"scope": "user/1", "content": "x", "metadata": {"k": "\\udfff"}}',
                     b'{"scope": "user/1", "content": "x", "version": 1' + b"0" * 5000 + b"}",
                     b'{"scope": "user/1", "content": "x", "x": "' + b"9" * 5000 + b'"}',
                     b'{"scope": "user/1", "content": "x", "metadata": {"n": ' + b"9" * 5000 + b"}}"]),
    st.builds(lambda d, k: deep(d, k).encode(), st.sampled_from([6, 50, 1000, 5000, 100_000]),
              st.sampled_from(["object", "list"])),
    st.builds(lambda d: ('{"scope": "user/1", "content": "deep", "metadata": ' + deep(d, "object") + "}").encode(),
              st.sampled_from([6, 200, 5000, 100_000])),
)


def body(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[bytes]:
    """JSON bodies from ``strategy`` (NaN/inf and escaped surrogates included) or raw bytes."""
    encoded = strategy.map(lambda v: json.dumps(v, ensure_ascii=True, allow_nan=True).encode())
    return st.one_of(encoded, encoded, encoded, RAW)


def send(kc: KeyedClient, method: str, url: str, raw: bytes = b"", **headers: str) -> Any:
    """One request; a 5xx fails; an error has the error format and leaves every row count as it was."""
    before = row_counts(kc.tenant)
    client: Any = kc.client  # the stubs want str data; bytes (broken UTF-8 included) is the point here
    response = client.generic(method, url, data=raw, content_type="application/json", **headers)
    assert response.status_code < 500, (response.status_code, raw[:300], response.content[:500])
    if method == "HEAD":  # no body to check
        assert row_counts(kc.tenant) == before
    elif response.status_code >= 400:
        assert_error(response, response.status_code)
        assert row_counts(kc.tenant) == before, (response.status_code, raw[:300])
    else:
        json.loads(response.content or b"null")
    return response


@pytest.fixture
def world(alice: KeyedClient, fake_embedder: object) -> dict[str, str]:
    """A memory to change, a pair to merge, and an open review item."""
    target = create(alice, content="The fuzz target memory.")
    a = create(alice, content="Merge source A for fuzzing.")
    b = create(alice, content="Merge source B for fuzzing.")
    pending = create(alice, content="A pending memory for review fuzzing.", confidence=0.1)
    [item] = review_items(alice)
    return {"target": target["id"], "a": a["id"], "b": b["id"], "pending": pending["id"], "item": item["id"]}


MEMORY_FIELDS = ("scope", "content", "type", "entity", "metadata", "confidence", "provenance", "subject",
                 "source_session", "valid_from", "valid_to", "expires_at")


@FUZZ
@given(raw=body(objects(*MEMORY_FIELDS) | st.lists(objects(*MEMORY_FIELDS), max_size=3) | JSON))
def test_it_survives_any_create(alice: KeyedClient, fake_embedder: object, raw: bytes) -> None:
    send(alice, "POST", f"{API}/memories", raw)


@FUZZ
@given(raw=body(objects("content", "type", "entity", "metadata", "confidence", "status", "valid_to", "expires_at",
                        "version", "reason") | JSON),
       if_match=st.none() | STRINGS.filter(lambda s: "\n" not in s and "\r" not in s) | st.just('"1"'))
def test_it_survives_any_patch(alice: KeyedClient, world: dict[str, str], raw: bytes, if_match: str | None) -> None:
    headers = {} if if_match is None else {"HTTP_IF_MATCH": if_match}
    send(alice, "PATCH", f"{API}/memories/{world['target']}", raw, **headers)


@FUZZ
@given(raw=body(objects("reason", "version") | JSON), action=st.sampled_from(["deprecate", "restore"]),
       if_match=st.none() | STRINGS.filter(lambda s: "\n" not in s and "\r" not in s))
def test_it_survives_any_state_change(alice: KeyedClient, world: dict[str, str], raw: bytes, action: str,
                                      if_match: str | None) -> None:
    headers = {} if if_match is None else {"HTTP_IF_MATCH": if_match}
    send(alice, "POST", f"{API}/memories/{world['target']}/{action}", raw, **headers)


@FUZZ
@given(ids=st.lists(st.sampled_from(["a", "b", "target", "pending"]), max_size=4),
       extra=body(objects("content", "reason") | JSON))
def test_it_survives_any_merge(alice: KeyedClient, world: dict[str, str], ids: list[str], extra: bytes) -> None:
    try:
        data = json.loads(extra)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict) and ids:
        data["ids"] = [world[k] for k in ids]
        extra = json.dumps(data, ensure_ascii=True, allow_nan=True).encode()
    send(alice, "POST", f"{API}/memories/merge", extra)


@FUZZ
@given(raw=body(objects("action", "content", "reason") | JSON))
def test_it_survives_any_review_resolution(alice: KeyedClient, world: dict[str, str], raw: bytes) -> None:
    send(alice, "POST", f"{API}/review/{world['item']}/resolve", raw)


@FUZZ
@given(raw=body(objects("memory_ids", "useful", "correction") | JSON))
def test_it_survives_any_feedback(alice: KeyedClient, world: dict[str, str], raw: bytes) -> None:
    send(alice, "POST", f"{API}/feedback", raw)


QUERY_KEYS = st.sampled_from(["scope", "scope_prefix", "type", "status", "subject", "entity", "q", "updated_since",
                              "cursor", "limit", "include_expired"]) | st.text(max_size=5)


@FUZZ
@given(query=st.lists(st.tuples(QUERY_KEYS, st.binary(max_size=30) | STRINGS.map(lambda s: s.encode("utf-8",
                                                                                                   "surrogatepass"))),
                      max_size=4),
       path=st.sampled_from(["memories", "review"]))
def test_it_survives_any_list_query(alice: KeyedClient, world: dict[str, str], query: list[tuple[str, bytes]],
                                    path: str) -> None:
    from urllib.parse import quote, quote_from_bytes

    qs = "&".join(f"{quote(k, safe='')}={quote_from_bytes(v, safe='')}" for k, v in query)
    send(alice, "GET", f"{API}/{path}?{qs}")


@FUZZ
@given(which=st.sampled_from(["target", "pending", "random"]),
       method=st.sampled_from(["GET", "DELETE", "PUT", "POST", "OPTIONS", "HEAD"]),
       suffix=st.sampled_from(["", "/history", "/deprecate", "/restore"]),
       if_match=st.none() | STRINGS.filter(lambda s: "\n" not in s and "\r" not in s))
def test_it_survives_any_method_on_a_memory(alice: KeyedClient, world: dict[str, str], which: str, method: str,
                                            suffix: str, if_match: str | None) -> None:
    memory_id = world.get(which, str(uuid.uuid4()))
    headers = {} if if_match is None else {"HTTP_IF_MATCH": if_match}
    response = send(alice, method, f"{API}/memories/{memory_id}{suffix}", b"", **headers)
    if which == "random" and method in ("GET", "DELETE") and suffix in ("", "/history"[: len(suffix)]):
        assert response.status_code in (404, 405)


@FUZZ
@given(raw=body(objects(*MEMORY_FIELDS, "status", "version", "action", "ids", "memory_ids") | JSON),
       route=st.sampled_from(["PATCH target", "DELETE target", "POST target/deprecate", "POST target/restore",
                              "GET target/history", "GET target", "POST merge", "POST resolve", "POST feedback"]))
def test_it_answers_another_tenant_404_whatever_it_sends(alice: KeyedClient, bob: KeyedClient, world: dict[str, str],
                                                         raw: bytes, route: str) -> None:
    method, _, where = route.partition(" ")
    url = {"merge": f"{API}/memories/merge", "resolve": f"{API}/review/{world['item']}/resolve",
           "feedback": f"{API}/feedback"}.get(where, f"{API}/memories/{where.replace('target', world['target'])}")
    if where in ("merge", "feedback"):  # point the body at alice's memories
        key = "ids" if where == "merge" else "memory_ids"
        raw = json.dumps({key: [world["a"], world["b"]], "useful": True}).encode()
    before = row_counts(alice.tenant)
    client: Any = bob.client
    response = client.generic(method, url, data=raw, content_type="application/json", HTTP_IF_MATCH='"1"')
    assert_error(response, 404)  # before the body is even looked at: nothing about alice's data leaks
    assert row_counts(alice.tenant) == before


@pytest.mark.django_db
@pytest.mark.parametrize("raw", [b'{"action": "\\ud800"}', b'{"action": "x", "note": "\\udfff"}',
                                 b'{"\\ud800": 1}'])
def test_a_lone_surrogate_anywhere_is_a_400_not_a_500(alice: KeyedClient, world: dict[str, str], raw: bytes) -> None:
    """Hypothesis found it: an invalid choice is echoed in the error message, which could not be encoded."""
    response = send(alice, "POST", f"{API}/review/{world['item']}/resolve", raw)
    assert response.status_code == 400
    assert "surrogate" in assert_error(response, 400)["error"]["message"]


@pytest.mark.django_db
def test_an_escaped_surrogate_pair_is_ordinary_text(alice: KeyedClient, fake_embedder: object) -> None:
    raw = b'{"scope": "user/1", "content": "Party \\ud83c\\udf89 on Friday"}'
    response = send(alice, "POST", f"{API}/memories", raw)
    assert response.status_code == 201 and response.json()["content"] == "Party 🎉 on Friday"
