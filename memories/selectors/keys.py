"""Keyed memories: what a key answers with, the keys of a scope and the namespaces, a page at a time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q
from django.db.models.functions import Collate

from memories.choices import LIVE_STATUSES, Status
from memories.models import Memory
from memories.selectors.memory import not_expired, visible_memories
from memories.selectors.pagination import decode_position, encode_position
from mnemara.kernel.errors import NotFound
from tenants.paths import scope_filter


def _live_now() -> Q:
    return Q(status__in=LIVE_STATUSES) & not_expired()


def _settled_twin() -> Exists:
    """A settled live memory at the same scope and key (a pending proposal beside it is not what the key
    answers with)."""
    return Exists(Memory.objects.filter(scope_id=OuterRef("scope_id"), key=OuterRef("key"),
                                        status__in=(Status.ACTIVE, Status.CONFLICTED)).filter(not_expired()))


def memory_at_key(scope: str, key: str, prefixes: Sequence[str] = ()) -> Memory:
    """What the key answers with: its settled (active or conflicted) memory, else its pending proposal. 404
    when it holds neither (or it is expired, or outside the key's ``prefixes``)."""
    rows = list(visible_memories(prefixes).filter(_live_now(), scope__path=scope, key=key))
    found = min(rows, key=lambda m: m.status == Status.PENDING, default=None)
    if found is None:
        raise NotFound("No memory has this key.", code="key_not_found")
    return found


def memories_at_key(scope: str, key: str, prefixes: Sequence[str] = ()) -> list[Memory]:
    """Every live memory at the key: the one it answers with first, then its pending proposal if any."""
    rows = list(visible_memories(prefixes).filter(status__in=LIVE_STATUSES, scope__path=scope, key=key))
    return sorted(rows, key=lambda m: m.status == Status.PENDING)


def keys_page(*, scope: str, prefixes: Sequence[str] = (), descendants: bool = False, prefix: str = "",
              cursor: str | None = None, limit: int = 50) -> tuple[list[Memory], str | None]:
    """The keys of a scope (and with ``descendants`` the scopes below it), sorted by (scope, key), one memory
    per key (what the key answers with), a page at a time."""
    qs = visible_memories(prefixes).filter(_live_now(), key__isnull=False)
    qs = qs.filter(scope_filter([scope])) if descendants else qs.filter(scope__path=scope)
    if prefix:
        qs = qs.filter(key__startswith=prefix)
    # Code point order, as Python's sorted() orders them: keys are stored with collation "C"; paths are compared
    # in it here, whatever the database's collation.
    qs = qs.exclude(Q(status=Status.PENDING) & _settled_twin()).annotate(path_c=Collate("scope__path", "C"))
    position = decode_position(cursor, 2) if cursor else None
    if position is not None:
        qs = qs.filter(Q(path_c__gt=position[0]) | Q(path_c=position[0], key__gt=position[1]))
    rows: list[Memory] = list(qs.order_by("path_c", "key")[: limit + 1])
    if len(rows) > limit:
        last = rows[limit - 1]
        return rows[:limit], encode_position(last.scope.path, last.key or "")
    return rows, None


def busiest_scope(prefixes: Sequence[str] = ()) -> str | None:
    """The scope (within ``prefixes``) holding the most live memories, or None: the example scope of the
    snippets shown with a new API key, so that they answer with something when run as copied."""
    row = (Memory.objects.filter(scope_filter(prefixes), _live_now()).order_by().values("scope__path")
           .annotate(n=Count("id")).order_by("-n", "scope__path").first())
    return row["scope__path"] if row else None


def namespaces_page(*, prefix: str = "", prefixes: Sequence[str] = (), cursor: str | None = None,
                    limit: int = 100) -> tuple[list[dict[str, Any]], str | None]:
    """The scopes holding live memories (within ``prefix``, a scope path, and the key's ``prefixes``), in code
    point order, with how many live memories and keys each holds."""
    qs = Memory.objects.filter(scope_filter(prefixes), _live_now())
    if prefix:
        qs = qs.filter(scope_filter([prefix]))
    qs = qs.annotate(path_c=Collate("scope__path", "C"))
    position = decode_position(cursor, 1) if cursor else None
    if position is not None:
        qs = qs.filter(path_c__gt=position[0])
    rows = list(qs.order_by().values("path_c").annotate(memories=Count("id"), keys=Count("key", distinct=True))
                .order_by("path_c")[: limit + 1])
    page = [{"scope": r["path_c"], "memories": r["memories"], "keys": r["keys"]} for r in rows[:limit]]
    return page, encode_position(page[-1]["scope"]) if len(rows) > limit else None
