"""A LangGraph store (``BaseStore``) kept in Mnemara: long-term memory for LangGraph graphs that goes through the
server's write flow, versions, audit, erasure and export like every other memory (docs/client.md, "LangGraph").

How LangGraph's items map onto keyed memories (docs/api.md §4.10):

- **namespace → scope.** ``("users", "123", "memories")`` is the scope ``users/123/memories`` (below
  ``scope_prefix`` when one is given). Each label becomes one segment, escaped so that every label LangGraph
  accepts round-trips: a character a scope segment refuses (``/``, spaces, ASCII punctuation other than
  ``_ : @ -``, controls, invisible format characters) is written as ``.XX`` per UTF-8 byte (upper-case hex), and
  so is ``.`` itself (LangGraph refuses ``.`` in labels, which is why it is free to be the escape):
  ``("a/b", "x y")`` → ``a.2Fb/x.20y``. The server's limits then hold on the escaped path — at most 8 segments
  (``scope_prefix``'s included), 64 characters a segment, 255 in all — and a namespace beyond them raises
  ``InvalidNamespaceError`` saying which limit.
- **key → key**, exact, with ``%XX`` (UTF-8 bytes) for ``%`` and the characters a key refuses (controls,
  invisible format, private-use and surrogate code points, a space at either end); at most 255 characters
  escaped, not empty (``ValueError``).
- **value → memory.** The value (a JSON object) is kept in ``metadata["value"]``, exactly (jsonb keeps numbers
  and strings; key order is not kept, as in LangGraph's Postgres store). A value the server's metadata cannot
  hold as JSON exactly — deeper than 4 levels, NaN/infinity, NUL or lone surrogates, floats of 1e16 or more, or
  -0.0 — is kept as its JSON text in ``metadata["value_json"]`` instead. ``metadata["langgraph_store"] = 1``
  marks the store's memories, ``metadata["unindexed"]`` the items put with ``index=False`` or without text at
  their index fields. The metadata is at most 16 KiB of JSON (the server's default; beyond: ``TooLarge``).
  ``content`` is the text LangGraph would embed (``index`` fields, default ``"$"``: the whole value as JSON; at
  most 8,000 characters; an unindexed item's key): what the server embeds and searches. Items are saved
  ``type="fact"``, ``provenance="stated"``, confidence 1.0, so they are active at once (each put a new version);
  ``Item.created_at``/``updated_at`` are the memory's.
- **Equal values under two keys are two memories** (keys are addressed, not deduplicated).

Operations: ``get`` is ``get_by_key``; ``put`` is ``put`` (``value=None``: ``delete_by_key``); ``search`` without
a query lists the keys below the prefix with their memories (``GET /keys?descendants=true&with_memory=true``),
newest update first, filtered here; with a query it is the server's hybrid search over the prefix's scopes
(``floor=False``, at most its best 100 hits; ``score`` is the server's, relative: 1 = first in every ranking),
filtered here, unindexed items left out (as LangGraph's Postgres store does); the server drops near-identical
hits, so of two keys with equal values a query finds one. ``filter`` supports LangGraph's exact matches (nested
objects and lists) and ``$eq``, ``$ne``, ``$gt``, ``$gte``, ``$lt``, ``$lte`` (numbers with numbers, strings with
strings). ``list_namespaces`` lists the scopes holding keys (``GET /namespaces``), then applies prefix/suffix
conditions (``*`` wildcards), ``max_depth``, ``offset`` and ``limit`` here. A batch runs its operations in order,
one request (or a few pages) each.

Not mapped: ``IndexConfig``'s ``dims``/``embed`` (the server embeds with its own models; only ``fields`` is used);
TTL is an expiry set at write time (``ttl`` minutes → ``expires_at``; a put refreshes it, reads do not:
``refresh_ttl`` and ``TTLConfig.refresh_on_read`` are ignored; an expired item is gone everywhere and deleted by
maintenance, ``sweep_interval_minutes`` is not used).

Sync and async: ``MnemaraStore(Mnemara(...))`` (async calls run it in a worker thread),
``MnemaraStore(AsyncMnemara(...))`` (async only), or both: ``MnemaraStore(sync_client, aclient=async_client)``.
Each operation is written once, as a plan of client calls; the two runners only send them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import operator as operator_module
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, TypeVar

from langgraph.store.base import (
    BaseStore,
    GetOp,
    IndexConfig,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    TTLConfig,
    get_text_at_path,
    validate_op_namespace,
)

from mnemara.client import steps
from mnemara.client.core import KeyPage, Memory, NamespacePage, NotFound, SearchHit
from mnemara.client.http import AsyncMnemara, Mnemara
from mnemara.client.steps import Plan, Step

__all__ = ["MnemaraStore", "key_decode", "key_encode", "label_decode", "label_encode"]

T = TypeVar("T")

#: The server's limits (docs/api.md §11, defaults).
MAX_SCOPE_DEPTH = 8
MAX_SEGMENT_CHARS = 64
MAX_SCOPE_CHARS = 255
MAX_KEY_CHARS = 255
MAX_CONTENT_CHARS = 8000
MAX_QUERY_CHARS = 2000
MAX_SEARCH_K = 100
MAX_SEARCH_SCOPES = 20
MAX_METADATA_DEPTH = 5
PAGE_SIZE = 200

MARKER = "langgraph_store"
VALUE = "value"
VALUE_JSON = "value_json"
UNINDEXED = "unindexed"
LIVE_STATUSES = ("active", "conflicted", "pending")
#: A jsonb number comes back as Python reads its digits: from 1e16 on a float would come back an int.
_EXACT_FLOAT_LIMIT = 1e16

_SEGMENT_ASCII = frozenset("_:@-")
_KEY_REFUSED = frozenset({"Cc", "Cf", "Co", "Cs"})
_LABEL_ESCAPES = re.compile(r"(?:\.[0-9A-F]{2})+")
_KEY_ESCAPES = re.compile(r"(?:%[0-9A-F]{2})+")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


# --------------------------------------------------------------------------- names

def _segment_keeps(ch: str) -> bool:
    """Can a scope segment hold ``ch`` as itself? (``tenants/paths.py``'s rule, with ``.`` kept for escapes.)"""
    codepoint = ord(ch)
    if codepoint < 0x80:
        return ch.isalnum() or ch in _SEGMENT_ASCII
    return codepoint >= 0xA0 and not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cs")


def _escape(ch: str, mark: str) -> str:
    return "".join(f"{mark}{byte:02X}" for byte in ch.encode("utf-8", "surrogatepass"))


def _unescape(text: str, pattern: re.Pattern[str]) -> str:
    def decoded(match: re.Match[str]) -> str:
        return bytes.fromhex(match.group(0).replace(match.group(0)[0], "")).decode("utf-8", "surrogatepass")

    return pattern.sub(decoded, text)


def label_encode(label: str) -> str:
    """A namespace label as a scope segment: ``.XX`` for each UTF-8 byte of a character a segment refuses and of
    ``.``."""
    return "".join(ch if _segment_keeps(ch) else _escape(ch, ".") for ch in label)


def label_decode(segment: str) -> str:
    """The label of a segment ``label_encode`` wrote; ``ValueError`` for a segment it cannot have written."""
    label = _unescape(segment, _LABEL_ESCAPES)
    if label_encode(label) != segment:
        raise ValueError(f"{segment!r} is not a LangGraph namespace label")
    return label


def key_encode(key: str) -> str:
    """A LangGraph key as a Mnemara key: ``%XX`` for each UTF-8 byte of ``%``, of a control, format, private-use or
    surrogate character, and of a space at either end."""
    last = len(key) - 1
    return "".join(
        _escape(ch, "%") if ch == "%" or unicodedata.category(ch) in _KEY_REFUSED or (i in (0, last) and ch.isspace())
        else ch for i, ch in enumerate(key))


def key_decode(key: str) -> str:
    return _unescape(key, _KEY_ESCAPES)


# --------------------------------------------------------------------------- values

def _exact_in_jsonb(value: Any, depth: int = 0) -> bool:
    """Does ``value`` come back from a jsonb column exactly as it is (and within the metadata's depth)?"""
    if isinstance(value, dict):
        return depth < MAX_METADATA_DEPTH - 1 and all(isinstance(k, str) and not _UNSTORABLE.search(k)
                                                      and _exact_in_jsonb(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return depth < MAX_METADATA_DEPTH - 1 and all(_exact_in_jsonb(v, depth + 1) for v in value)
    if isinstance(value, str):
        return not _UNSTORABLE.search(value)
    if isinstance(value, float):
        negative_zero = value == 0 and math.copysign(1, value) < 0
        return math.isfinite(value) and abs(value) < _EXACT_FLOAT_LIMIT and not negative_zero
    return value is None or isinstance(value, (bool, int))


def metadata_of(value: Mapping[str, Any], *, indexed: bool = True) -> dict[str, Any]:
    """The memory's metadata for a LangGraph value: the value itself, or its JSON text when jsonb would change it."""
    plain = dict(value)
    json.dumps(plain)  # a TypeError here names what is not JSON, before anything is sent
    metadata: dict[str, Any] = {MARKER: 1}
    if _exact_in_jsonb(plain):
        metadata[VALUE] = plain
    else:
        text = json.dumps(plain, ensure_ascii=False)
        metadata[VALUE_JSON] = json.dumps(plain) if _UNSTORABLE.search(text) else text
    if not indexed:
        metadata[UNINDEXED] = True
    return metadata


def value_of(memory: Memory) -> dict[str, Any] | None:
    """The LangGraph value a memory holds; None for a memory the store did not write."""
    metadata = memory.metadata
    if metadata.get(MARKER) != 1:
        return None
    if VALUE_JSON in metadata:
        return dict(json.loads(metadata[VALUE_JSON]))
    return dict(metadata.get(VALUE) or {})


def _visible(text: str) -> bool:
    return any(unicodedata.category(ch)[0] in "LMNPS" for ch in text)


def indexed_text(value: Mapping[str, Any], paths: Sequence[str]) -> str:
    """The text the server embeds and searches: the value's text at the index paths ("" when there is none)."""
    text = "\n".join(t for path in paths for t in get_text_at_path(value, path) if t.strip())[:MAX_CONTENT_CHARS]
    text = _UNSTORABLE.sub("\ufffd", text)  # the API refuses NUL and lone surrogates; the value keeps them
    return text if _visible(text) else ""


def content_of(key: str, text: str) -> str:
    """A memory's content: the indexed text; for an item with none, its key (what a person sees in the dashboard)."""
    return next((t for t in (text, key[:MAX_CONTENT_CHARS]) if _visible(t)), "LangGraph item")


# --------------------------------------------------------------------------- filters

def _operator_holds(actual: Any, operator: str, expected: Any) -> bool:
    if operator == "$eq":
        return bool(actual == expected)
    if operator == "$ne":
        return bool(actual != expected)
    comparisons = {"$gt": operator_module.gt, "$gte": operator_module.ge, "$lt": operator_module.lt,
                   "$lte": operator_module.le}
    if operator not in comparisons:
        raise ValueError(f"Unsupported filter operator: {operator}")
    # as LangGraph's Postgres store: numbers compare as numbers, strings as strings, anything else never
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (actual, expected))
    if numbers or (isinstance(actual, str) and isinstance(expected, str)):
        return bool(comparisons[operator](actual, expected))
    return False


def value_matches(actual: Any, expected: Any) -> bool:
    """LangGraph's filter semantics: operators (``{"$gt": 3}``), nested objects matched field by field, lists and
    scalars by equality."""
    if isinstance(expected, dict):
        if any(str(k).startswith("$") for k in expected):
            return all(_operator_holds(actual, op, v) for op, v in expected.items())
        return isinstance(actual, dict) and all(value_matches(actual.get(k), v) for k, v in expected.items())
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, (list, tuple)) and len(actual) == len(expected)
                and all(value_matches(a, e) for a, e in zip(actual, expected, strict=True)))
    return bool(actual == expected)


def passes(value: Mapping[str, Any], conditions: Mapping[str, Any] | None) -> bool:
    return all(value_matches(value.get(k), v) for k, v in (conditions or {}).items())


def _condition_path(condition: MatchCondition) -> tuple[str, ...]:
    """A condition's path as labels (a bare string is one label, as LangGraph's Postgres store reads it)."""
    return (condition.path,) if isinstance(condition.path, str) else tuple(condition.path)


def namespace_matches(namespace: tuple[str, ...], condition: MatchCondition) -> bool:
    path = _condition_path(condition)
    if len(namespace) < len(path):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[len(namespace) - len(path):]
    if condition.match_type not in ("prefix", "suffix"):
        raise ValueError(f"Unsupported match type: {condition.match_type}")
    return all(p == "*" or p == n for n, p in zip(part, path, strict=True))


# --------------------------------------------------------------------------- plans

@dataclass(frozen=True)
class Layout:
    """Where and how the store writes: the scope prefix, the index paths and what each memory is saved as."""

    prefix: tuple[str, ...] = ()
    index_paths: tuple[str, ...] = ("$",)
    type: str = "fact"
    provenance: str = "stated"
    confidence: float = 1.0
    subject: str | None = None

    def scope(self, namespace: Sequence[str]) -> str | None:
        """The scope of a namespace (None for the empty namespace without a prefix); ``InvalidNamespaceError``
        beyond the server's limits."""
        segments = [*self.prefix]
        for label in namespace:
            if not label:
                raise InvalidNamespaceError(f"Namespace labels cannot be empty: {tuple(namespace)}")
            segment = label_encode(label)
            if len(segment) > MAX_SEGMENT_CHARS:
                raise InvalidNamespaceError(
                    f"The label {label!r} of {tuple(namespace)} is {len(segment)} characters as a Mnemara scope "
                    f"segment ({segment!r}); a segment holds at most {MAX_SEGMENT_CHARS}.")
            segments.append(segment)
        if len(segments) > MAX_SCOPE_DEPTH:
            raise InvalidNamespaceError(
                f"{tuple(namespace)} has {len(namespace)} labels; a Mnemara scope has at most {MAX_SCOPE_DEPTH} "
                f"segments ({len(self.prefix)} taken by the scope prefix).")
        path = "/".join(segments)
        if len(path) > MAX_SCOPE_CHARS:
            raise InvalidNamespaceError(f"{tuple(namespace)} is {len(path)} characters as a Mnemara scope; a scope "
                                        f"path holds at most {MAX_SCOPE_CHARS}.")
        return path or None

    def namespace(self, scope: str) -> tuple[str, ...] | None:
        """The namespace a scope holds; None for a scope outside the prefix or not written by ``label_encode``."""
        segments = tuple(scope.split("/"))
        if segments[: len(self.prefix)] != self.prefix or len(segments) == len(self.prefix):
            return None
        try:
            return tuple(label_decode(s) for s in segments[len(self.prefix):])
        except ValueError:
            return None

    def item(self, memory: Memory, score: float | None = None) -> SearchItem | None:
        namespace = self.namespace(memory.scope)
        value = value_of(memory)
        if namespace is None or value is None or memory.key is None:
            return None
        created = memory.created_at or datetime.now(timezone.utc)
        return SearchItem(namespace=namespace, key=key_decode(memory.key), value=value, created_at=created,
                          updated_at=memory.updated_at or created, score=score)


def _key(key: str) -> str:
    if not key:
        raise ValueError("A LangGraph key stored in Mnemara cannot be empty.")
    encoded = key_encode(key)
    if len(encoded) > MAX_KEY_CHARS:
        raise ValueError(f"The key {key[:40]!r}… is {len(encoded)} characters as a Mnemara key; "
                         f"at most {MAX_KEY_CHARS}.")
    return encoded


def _plain(item: SearchItem) -> Item:
    return Item(value=item.value, key=item.key, namespace=item.namespace, created_at=item.created_at,
                updated_at=item.updated_at)


def get_plan(layout: Layout, op: GetOp) -> Plan[Item | None]:
    scope = layout.scope(op.namespace)
    if scope is None:
        return None
    try:
        memory = yield Step("get_by_key", (scope, _key(op.key)))
    except NotFound:
        return None
    item = layout.item(memory)
    return _plain(item) if item is not None else None


def put_plan(layout: Layout, op: PutOp) -> Plan[None]:
    scope = layout.scope(op.namespace)
    if scope is None:
        raise InvalidNamespaceError("Namespace cannot be empty.")
    key = _key(op.key)
    if op.value is None:
        with contextlib.suppress(NotFound):
            yield Step("delete_by_key", (scope, key))
        return None
    text = "" if op.index is False else indexed_text(op.value, layout.index_paths if op.index is None else op.index)
    expires_at = datetime.now(timezone.utc) + timedelta(minutes=op.ttl) if op.ttl is not None else None
    yield Step("put", (scope, key, content_of(op.key, text)), {
        "type": layout.type, "metadata": metadata_of(op.value, indexed=bool(text)),
        "confidence": layout.confidence, "provenance": layout.provenance, "subject": layout.subject,
        "expires_at": expires_at})
    return None


def _roots(layout: Layout, namespace_prefix: Sequence[str]) -> Plan[list[str]]:
    """The scopes whose subtrees hold the prefix's items: its own scope, or every top-level scope for ``()``."""
    scope = layout.scope(namespace_prefix)
    if scope is not None:
        return [scope]
    roots: dict[str, None] = {}  # in order, once each ("a" < "a-b" < "a/x" in code point order)
    cursor: str | None = None
    while True:
        page: NamespacePage = yield Step("namespaces", (None,), {"limit": PAGE_SIZE, "cursor": cursor})
        roots.update(dict.fromkeys(namespace.scope.split("/")[0] for namespace in page.results))
        if not page.next:
            return list(roots)
        cursor = page.next


def _listed(layout: Layout, roots: Sequence[str]) -> Plan[list[SearchItem]]:
    items: list[SearchItem] = []
    for root in roots:
        cursor: str | None = None
        while True:
            try:
                page: KeyPage = yield Step("keys", (root,), {"descendants": True, "with_memory": True,
                                                             "limit": PAGE_SIZE, "cursor": cursor})
            except NotFound:  # a top-level scope outside the API key's prefixes
                break
            items.extend(item for entry in page.results if entry.memory is not None
                         and (item := layout.item(entry.memory)) is not None)
            if not page.next:
                break
            cursor = page.next
    return items


def _found(layout: Layout, roots: Sequence[str], query: str) -> Plan[list[SearchItem]]:
    """The server's best hits for ``query`` below the roots, best first, one per key (the memory ``get`` answers
    with, when a proposal waits beside it), without the items put with ``index=False``."""
    hits: list[SearchHit] = []
    for start in range(0, len(roots), MAX_SEARCH_SCOPES):
        hits.extend((yield Step("search", (query[:MAX_QUERY_CHARS],), {
            "scopes": list(roots[start : start + MAX_SEARCH_SCOPES]), "descendants": True, "k": MAX_SEARCH_K,
            "include_statuses": list(LIVE_STATUSES), "filters": {MARKER: 1}, "floor": False})))
    hits.sort(key=lambda hit: (hit.memory.status == "pending", -hit.score))
    items: dict[tuple[tuple[str, ...], str], SearchItem] = {}
    for hit in hits:
        item = layout.item(hit.memory, hit.score)
        if item is not None and not hit.memory.metadata.get(UNINDEXED):
            items.setdefault((item.namespace, item.key), item)
    return sorted(items.values(), key=lambda item: -(item.score or 0.0))


def search_plan(layout: Layout, op: SearchOp) -> Plan[list[SearchItem]]:
    roots = yield from _roots(layout, op.namespace_prefix)
    if op.query:
        items = yield from _found(layout, roots, op.query)
    else:
        items = yield from _listed(layout, roots)
        items.sort(key=lambda item: (item.updated_at, item.namespace, item.key), reverse=True)
    matching = [item for item in items if passes(item.value, op.filter)]
    return matching[op.offset : op.offset + op.limit]


def list_namespaces_plan(layout: Layout, op: ListNamespacesOp) -> Plan[list[tuple[str, ...]]]:
    conditions = tuple(op.match_conditions or ())
    literal: list[str] = []
    for condition in conditions[:1]:
        if condition.match_type == "prefix":
            for label in _condition_path(condition):
                if label == "*":
                    break
                literal.append(label)
    prefix = layout.scope(literal)
    found: set[tuple[str, ...]] = set()
    cursor: str | None = None
    while True:
        try:
            page: NamespacePage = yield Step("namespaces", (prefix,), {"limit": PAGE_SIZE, "cursor": cursor})
        except NotFound:
            return []
        for entry in page.results:
            namespace = layout.namespace(entry.scope) if entry.keys else None
            if namespace is not None and all(namespace_matches(namespace, c) for c in conditions):
                found.add(namespace[: op.max_depth] if op.max_depth is not None else namespace)
        if not page.next:
            break
        cursor = page.next
    return sorted(found)[op.offset : op.offset + op.limit]


def plan_of(layout: Layout, op: Op) -> Plan[Result]:
    if isinstance(op, GetOp):
        return get_plan(layout, op)
    if isinstance(op, PutOp):
        return put_plan(layout, op)
    if isinstance(op, SearchOp):
        return search_plan(layout, op)
    if isinstance(op, ListNamespacesOp):
        return list_namespaces_plan(layout, op)
    raise ValueError(f"Unknown operation type: {type(op).__name__}")


def _checked(layout: Layout, ops: Iterable[Op]) -> list[Op]:
    """The batch's operations, each namespace checked before any of them runs (so a bad one writes nothing)."""
    checked = list(ops)
    for op in checked:
        validate_op_namespace(op)
        if isinstance(op, (GetOp, PutOp)):
            if layout.scope(op.namespace) is None:
                raise InvalidNamespaceError("Namespace cannot be empty.")
            _key(op.key)
        elif isinstance(op, SearchOp):
            layout.scope(op.namespace_prefix)
    return checked


# --------------------------------------------------------------------------- the store

def _prefix(scope_prefix: str | None) -> tuple[str, ...]:
    path = (scope_prefix or "").strip().strip("/")
    return tuple(path.split("/")) if path else ()


class MnemaraStore(BaseStore):
    """LangGraph's long-term memory store on a Mnemara server (see the module's docstring for the mapping).

    >>> store = MnemaraStore(Mnemara("http://127.0.0.1:8000", key), scope_prefix="agents/support")
    >>> store.put(("users", "123"), "language", {"text": "Prefers answers in Chinese"})
    >>> store.search(("users", "123"), query="Which language?")
    """

    supports_ttl = True

    def __init__(self, client: Mnemara | AsyncMnemara, *, aclient: AsyncMnemara | None = None,
                 scope_prefix: str | None = None, index: IndexConfig | None = None, ttl: TTLConfig | None = None,
                 type: str = "fact", provenance: str = "stated", confidence: float = 1.0,
                 subject: str | None = None) -> None:
        self.client = client if isinstance(client, Mnemara) else None
        self.aclient = aclient or (client if isinstance(client, AsyncMnemara) else None)
        if self.client is None and self.aclient is None:
            raise TypeError("MnemaraStore needs a Mnemara or an AsyncMnemara client")
        self.index_config = index
        self.ttl_config = ttl
        fields = (index or {}).get("fields") or ["$"]
        self.layout = Layout(prefix=_prefix(scope_prefix), index_paths=tuple(fields), type=type,
                             provenance=provenance, confidence=confidence, subject=subject)
        self.layout.scope(())  # the prefix alone must fit the server's limits

    def _run(self, plan: Plan[T]) -> T:
        assert self.client is not None
        return steps.run(plan, self.client)

    async def _arun(self, plan: Plan[T]) -> T:
        assert self.aclient is not None
        return await steps.arun(plan, self.aclient)

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        if self.client is None:
            raise TypeError("This MnemaraStore has only an AsyncMnemara client: use the async methods "
                            "(aget, aput, asearch, …), or pass a Mnemara client too.")
        return [self._run(plan_of(self.layout, op)) for op in _checked(self.layout, ops)]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        checked = _checked(self.layout, ops)
        if self.aclient is None:
            return await asyncio.to_thread(self.batch, checked)
        return [await self._arun(plan_of(self.layout, op)) for op in checked]
