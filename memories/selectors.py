"""Every read the API and the dashboard share, and the dashboard's own (scope tree, near-duplicates,
merge suggestions, people). Tenancy comes from the active tenant (TenantManager); the one raw SQL
statement lives in ``memories/sql.py``."""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet, Sum, Value
from django.db.models.functions import Collate
from django.utils import timezone
from pgvector.django import CosineDistance

from memories import sql
from memories.choices import LIVE_STATUSES, TRUTH_TYPES, ReviewResolution, ReviewStatus, Status
from memories.embeddings import READS_MIN, embedders, get_embedder, judge, profile, secondary_embedders
from memories.models import (
    ExportRun,
    Feedback,
    KeySearchDay,
    Memory,
    MemoryAccess,
    MemoryMention,
    MemorySubject,
    MemoryVector,
    MemoryVersion,
    ReviewItem,
    Scope,
    Session,
)
from memories.recall.tokens import readable_fraction
from memories.write.policy import same_wording, word_overlap
from memories.write.truth import clash_groups, group_of
from memories.write.vectors import secondary_attach, vectors_of
from mnemara.kernel.errors import NotFound, ValidationFailed
from tenants.actors import actor_names
from tenants.models import ApiKey, AuditEvent, Subject
from tenants.paths import scope_filter


def access_load(memories: Iterable[Memory]) -> None:
    """Attach access counts (``MemoryAccess``) to loaded memories in one query, not one per memory."""
    by_id = {m.pk: m for m in memories if m.pk is not None}
    if not by_id:
        return
    found = {pk: (count, last_at) for pk, count, last_at in
             MemoryAccess.objects.filter(memory_id__in=list(by_id)).values_list("memory_id", "count", "last_at")}
    for pk, memory in by_id.items():
        memory.access_set(*found.get(pk, (0, None)))


def subject_names_load(memories: Iterable[Memory]) -> None:
    """Attach each memory's subjects (external ids, sorted) in one query."""
    by_id = {m.pk: m for m in memories if m.pk is not None and m.subject_names_known() is None}
    if not by_id:
        return
    found: dict[Any, list[str]] = {pk: [] for pk in by_id}
    for memory_id, name in (MemorySubject.objects.filter(memory_id__in=list(by_id))
                            .values_list("memory_id", "subject__external_id").order_by("subject__external_id")):
        found[memory_id].append(name)
    for pk, memory in by_id.items():
        memory.subject_names_set(found[pk])


def subject_names(memory: Memory) -> list[str]:
    """Everyone the memory is about (external ids, sorted): its lineage (``memories.write.lineage``)."""
    subject_names_load([memory])
    return memory.subject_names_known() or []


def visible_memories(prefixes: Sequence[str] = ()) -> QuerySet[Memory]:
    return Memory.objects.select_related("scope", "subject").filter(scope_filter(prefixes))


def not_expired() -> Q:
    """Memories past ``expires_at`` stop being returned at once (the retention job deletes them later)."""
    return Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now())


def memory_visible(memory_id: uuid.UUID | str, prefixes: Sequence[str] = ()) -> Memory:
    memory = visible_memories(prefixes).filter(not_expired(), pk=memory_id).first()
    if memory is None:
        raise NotFound("Memory not found.")
    return memory


def memory_history(memory: Memory) -> QuerySet[MemoryVersion]:
    return MemoryVersion.objects.filter(memory=memory).order_by("version")


def _naming(person: str) -> QuerySet[MemoryMention]:
    """The ids of the memories that mention a person: linked to the subject of that external id, or under
    that name (case aside)."""
    return MemoryMention.objects.filter(Q(subject__external_id=person) | Q(name=person.strip().casefold())
                                        ).values("memory_id")


def memory_list(qs: QuerySet[Memory], filters: dict[str, Any]) -> QuerySet[Memory]:
    if filters.get("scope"):
        # By id, looked up first: a join on the path hides the scope from the planner, which then sorts
        # the whole scope instead of reading the (tenant, scope, created_at, id) index (docs/benchmarks.md).
        scope_id = Scope.objects.filter(path=filters["scope"].strip("/")).values_list("pk", flat=True).first()
        qs = qs.filter(scope_id=scope_id) if scope_id else qs.none()
    if filters.get("scope_prefix"):
        qs = qs.filter(scope_filter([filters["scope_prefix"]]))
    for name in ("type", "status", "entity"):
        if filters.get(name):
            qs = qs.filter(**{name: filters[name]})
    if filters.get("subject"):
        qs = qs.filter(Q(subject__external_id=filters["subject"]) | Q(pk__in=_naming(filters["subject"])))
    if filters.get("q"):
        qs = qs.filter(content__icontains=filters["q"])
    if filters.get("updated_since"):
        qs = qs.filter(updated_at__gte=filters["updated_since"])
    if not filters.get("include_expired"):
        qs = qs.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
    return qs


def review_items(prefixes: Sequence[str] = (), status: str = ReviewStatus.OPEN) -> QuerySet[ReviewItem]:
    qs = ReviewItem.objects.select_related("memory__scope", "memory__subject", "other_memory__scope")
    if status:
        qs = qs.filter(status=status)
    return qs.filter(scope_filter(prefixes, "memory__scope__path"))


def review_corrections(item_ids: Iterable[uuid.UUID]) -> dict[uuid.UUID, Feedback]:
    """The agents' corrections behind review items, by item id (one query)."""
    ids = list(item_ids)
    if not ids:
        return {}
    return {f.review_item_id: f for f in Feedback.objects.filter(review_item_id__in=ids).order_by("created_at")
            if f.review_item_id is not None}


def review_context(items: Sequence[ReviewItem]) -> dict[str, Any]:
    """What a page of review items shows besides the items: the corrections behind them and everyone's names."""
    corrections = review_corrections(i.pk for i in items)
    actors = {i.resolved_by for i in items if i.resolved_by} | {f.actor for f in corrections.values()}
    return {"corrections": corrections, "actor_names": actor_names(actors)}


REVIEW_FILTERS = ("person", "scope", "reason", "agent")


def review_queue(status: str, filters: dict[str, str]) -> QuerySet[ReviewItem]:
    """The dashboard's queue: open items oldest first, resolved ones newest first; narrowed by a person
    (any case, the item's or its memory's), a scope and what lies below it, and a reason code."""
    qs = review_items(status=status).select_related("memory__subject", "other_memory__subject")
    if filters.get("person"):
        person = filters["person"]
        qs = qs.filter(Q(subject__external_id__iexact=person) | Q(memory__subject__external_id__iexact=person))
    if filters.get("scope"):
        qs = qs.filter(scope_filter([filters["scope"].strip("/")], "memory__scope__path"))
    if filters.get("reason"):
        qs = qs.filter(reason_code=filters["reason"])
    if filters.get("agent"):  # the items about what the agent wrote (its corrections too)
        qs = qs.filter(Exists(MemoryVersion.objects.filter(memory=OuterRef("memory_id"), version=1,
                                                           actor=filters["agent"])))
    if status == ReviewStatus.RESOLVED:
        return qs.order_by("-resolved_at", "-id")
    return qs.order_by("created_at", "id")


def review_counts() -> dict[str, int]:
    """Open items per kind, all of them, and resolved ones: the queue's tabs and the navigation's badge."""
    found = dict(ReviewItem.objects.filter(status=ReviewStatus.OPEN).order_by().values_list("kind")
                 .annotate(n=Count("id")).values_list("kind", "n"))
    return {"conflict": found.get("conflict", 0), "pending": found.get("pending", 0),
            "open": sum(found.values()), "clashes": len(clash_groups())}


@dataclass
class Clash:
    scope: Scope
    entity: str
    memories: list[Memory]


def entity_clashes() -> list[Clash]:
    """(scope, entity) groups with more than one active fact or preference that no person kept together."""
    groups = clash_groups()
    if not groups:
        return []
    rows = (Memory.objects.select_related("scope", "subject")
            .filter(status=Status.ACTIVE, kept_alongside=False, type__in=TRUTH_TYPES,
                    scope_id__in={s for s, _ in groups}, entity__in={e for _, e in groups})
            .order_by("-updated_at"))
    found: dict[tuple[Any, str], list[Memory]] = {}
    for m in rows:
        if (m.scope_id, m.entity) in groups:
            found.setdefault((m.scope_id, m.entity), []).append(m)
    return [Clash(ms[0].scope, entity, ms) for (_, entity), ms in found.items()]


# --------------------------------------------------------------------------- keyset pagination

def encode_position(*values: str) -> str:
    """A keyset cursor: the last row's sort values, as a base64 JSON list of strings."""
    return base64.urlsafe_b64encode(json.dumps(list(values)).encode()).decode().rstrip("=")


def decode_position(cursor: str, size: int) -> list[str]:
    """The ``size`` strings of a cursor ``encode_position`` wrote; anything else is a 400."""
    try:
        values = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError, binascii.Error) as exc:
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]}) from exc
    if not (isinstance(values, list) and len(values) == size and all(isinstance(v, str) for v in values)):
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]})
    return values


def encode_cursor(created_at: datetime, pk: object) -> str:
    return encode_position(created_at.isoformat(), str(pk))


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    created, pk = decode_position(cursor, 2)
    try:
        return datetime.fromisoformat(created), str(uuid.UUID(pk))
    except ValueError as exc:
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]}) from exc


def paginate(qs: QuerySet[Any], cursor: str | None, limit: int) -> tuple[list[Any], str | None]:
    """Newest first, stable under inserts: (created_at, id) keyset."""
    qs = qs.order_by("-created_at", "-id")
    if cursor:
        created, pk = decode_cursor(cursor)
        qs = qs.filter(Q(created_at__lt=created) | Q(created_at=created, id__lt=pk))
    rows = list(qs[: limit + 1])
    if len(rows) > limit:
        last = rows[limit - 1]
        return rows[:limit], encode_cursor(last.created_at, last.pk)
    return rows, None


# --------------------------------------------------------------------------- compliance (API and dashboard)

def memory_targets_gone(target_ids: Iterable[str]) -> dict[str, str]:
    """Of these audit targets (memory ids as text), the ones no memory page shows any more, each with why:
    ``deleted`` (deleted or purged: an event says so) or ``erased`` (an erasure leaves no id behind)."""
    ids = set()
    for raw in target_ids:
        try:
            ids.add(str(uuid.UUID(raw)))
        except (ValueError, TypeError):
            continue
    if not ids:
        return {}
    live = {str(pk) for pk in visible_memories().filter(pk__in=ids).values_list("pk", flat=True)}
    gone = ids - live
    deleted = set(AuditEvent.objects.filter(target_type="memory", target_id__in=gone,
                                            action__in=["memory.deleted", "memory.purged"])
                  .values_list("target_id", flat=True))
    return {pk: "deleted" if pk in deleted else "erased" for pk in gone}


def audit_scope_paths(events: Iterable[AuditEvent]) -> dict[int, str]:
    """For an audit page: the scope path of each event about a memory, a review item or a session that still
    exists (three queries at most). An erased or deleted memory's scope is not shown: its path may name the
    person."""
    events = list(events)
    wanted: dict[str, set[str]] = {"memory": set(), "review_item": set(), "session": set()}
    for e in events:
        if e.target_type in wanted and _is_uuid(e.target_id):
            wanted[e.target_type].add(e.target_id)
    paths = {"memory": dict(visible_memories().filter(pk__in=wanted["memory"]).values_list("pk", "scope__path")),
             "review_item": dict(ReviewItem.objects.filter(pk__in=wanted["review_item"])
                                 .values_list("pk", "memory__scope__path")),
             "session": dict(Session.objects.filter(pk__in=wanted["session"]).values_list("pk", "scope__path"))}
    found = {kind: {str(pk): path for pk, path in rows.items()} for kind, rows in paths.items()}
    return {e.pk: found[e.target_type][e.target_id] for e in events
            if e.target_type in found and e.target_id in found[e.target_type]}


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except (ValueError, TypeError):
        return False
    return True


def export_runs(*, flagged: bool | None = None) -> QuerySet[ExportRun]:
    """The active tenant's audit exports (only the flagged ones, or only the others); paginate() orders them
    newest first."""
    qs = ExportRun.objects.all()
    return qs if flagged is None else qs.filter(flagged_at__isnull=not flagged)


def export_states(export_ids: Iterable[str]) -> dict[str, str]:
    """What became of exports an erasure flagged: ``flagged`` (still), ``reissued`` (written again since) or
    ``deleted``."""
    ids = [str(i) for i in export_ids]
    runs = {str(r.pk): r for r in ExportRun.objects.filter(pk__in=ids)}
    return {i: "deleted" if i not in runs else "flagged" if runs[i].flagged_at else "reissued" for i in ids}


def export_run_get(export_id: uuid.UUID | str) -> ExportRun:
    run = ExportRun.objects.filter(pk=export_id).first()
    if run is None:
        raise NotFound("Export not found.", code="export_not_found")
    return run


def audit_events(*, action_prefix: str = "", target_type: str = "", target_id: str = "") -> QuerySet[AuditEvent]:
    """The active tenant's audit log, newest first, optionally narrowed (e.g. ``memory.`` or one target)."""
    qs = AuditEvent.objects.all()
    if action_prefix:
        qs = qs.filter(action__startswith=action_prefix)
    if target_type:
        qs = qs.filter(target_type=target_type)
    if target_id:
        qs = qs.filter(target_id=target_id)
    return qs.order_by("-created_at", "-id")


# --------------------------------------------------------------------------- the dashboard's reads

def memories_filtered(data: dict[str, Any]) -> QuerySet[Memory]:
    """The memory browser's filters (scope and below, type, person, confidence range, text)."""
    qs = visible_memories()
    if data.get("scope"):
        qs = qs.filter(scope_filter([data["scope"]]))
    if data.get("type"):
        qs = qs.filter(type=data["type"])
    if data.get("subject"):
        linked = MemorySubject.objects.filter(subject__external_id__iexact=data["subject"]).values("memory_id")
        qs = qs.filter(Q(subject__external_id__iexact=data["subject"]) | Q(pk__in=linked)
                       | Q(pk__in=_naming(data["subject"])))
    if data.get("conf_min") is not None:
        qs = qs.filter(confidence__gte=data["conf_min"])
    if data.get("conf_max") is not None:
        qs = qs.filter(confidence__lte=data["conf_max"])
    if data.get("q") and data.get("mode") != "search":
        qs = qs.filter(Q(content__icontains=data["q"]) | Q(entity__icontains=data["q"]))
    if data.get("agent"):
        qs = qs.filter(written_by(data["agent"]))
    return qs


def memory_successor(memory: Memory) -> Memory | None:
    return Memory.objects.filter(pk=memory.superseded_by_id).first() if memory.superseded_by_id else None


def memory_predecessors(memory: Memory) -> QuerySet[Memory]:
    return Memory.objects.filter(superseded_by=memory).order_by("-updated_at")[:10]


def memory_open_reviews(memory: Memory) -> QuerySet[ReviewItem]:
    return ReviewItem.objects.filter(Q(memory=memory) | Q(other_memory=memory), status=ReviewStatus.OPEN)


def review_open_count() -> int:
    return ReviewItem.objects.filter(status=ReviewStatus.OPEN).count()


def subject_ids_like(prefix: str = "", limit: int = 200) -> list[str]:
    """People's ids for a filter's suggestions (any case)."""
    qs = Subject.objects.order_by("external_id")
    if prefix:
        qs = qs.filter(external_id__istartswith=prefix)
    return list(qs.values_list("external_id", flat=True)[:limit])


def sessions_by_key(keys: Iterable[str]) -> dict[str, Session]:
    return {s.session_key: s for s in Session.objects.filter(session_key__in=set(keys))}


def scope_by_path(path: str) -> Scope | None:
    return Scope.objects.filter(path=path.strip("/")).first()


def scope_paths(limit: int | None = None) -> list[str]:
    paths = Scope.objects.order_by("path").values_list("path", flat=True)
    return list(paths[:limit] if limit is not None else paths)


def subjects() -> QuerySet[Subject]:
    return Subject.objects.all()


def subjects_with_counts(q: str = "") -> QuerySet[Subject]:
    """People with how many memories (all, live) and sessions each has; ``q`` narrows by external id."""
    qs = Subject.objects.annotate(
        n_memories=Count("memories", distinct=True),
        n_live=Count("memories", filter=Q(memories__status__in=LIVE_STATUSES), distinct=True),
        n_sessions=Count("sessions", distinct=True),
    ).order_by("external_id")
    return qs.filter(external_id__icontains=q) if q else qs


def subject_memories(subject: Subject) -> QuerySet[Memory]:
    return Memory.objects.select_related("scope").filter(subject=subject).order_by("scope__path", "-updated_at")


def subject_sessions(subject: Subject) -> QuerySet[Session]:
    return Session.objects.filter(subject=subject).order_by("-updated_at")


def subject_open_review_count(subject: Subject) -> int:
    return ReviewItem.objects.filter(subject=subject, status=ReviewStatus.OPEN).count()


@dataclass
class ScopeNode:
    path: str
    label: str
    depth: int
    count: int = 0  # memories in this scope and below
    own: bool = False  # a real Scope row (not only a prefix of one)


def scope_tree() -> list[ScopeNode]:
    """Every scope and every prefix of one, depth-first, with memory counts that include descendants."""
    counts = dict(Memory.objects.values_list("scope__path").annotate(n=Count("id")).values_list("scope__path", "n"))
    nodes: dict[str, ScopeNode] = {}
    for path in Scope.objects.values_list("path", flat=True):
        parts = path.split("/")
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            node = nodes.setdefault(prefix, ScopeNode(prefix, parts[i - 1], i - 1))
            node.count += counts.get(path, 0)
        nodes[path].own = True
    return [nodes[p] for p in sorted(nodes, key=lambda p: p.split("/"))]


def scope_roots() -> list[str]:
    return sorted({p.split("/")[0] for p in Scope.objects.values_list("path", flat=True)})


def status_counts(qs: QuerySet[Memory]) -> dict[str, int]:
    found = dict(qs.order_by().values_list("status").annotate(n=Count("id")).values_list("status", "n"))
    return {s.value: found.get(s.value, 0) for s in Status}


def vectors_tell(a: Memory, b: Memory) -> bool:
    """Can the primary model's similarity alone call these two alike? Not when either text is mostly
    words it cannot read (Chinese: all-MiniLM sees mostly [UNK] tokens, so two different facts can score
    0.8): then they must also share words, as in the write flow's near-duplicate rule."""
    if min(readable_fraction(a.content), readable_fraction(b.content)) >= READS_MIN:
        return True
    return word_overlap(a.search_text, b.search_text) >= settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP


def _pair_judge(a: Memory, b: Memory) -> str | None:
    """The model that compares two stored memories (``memories.embeddings.judge``), None if none reads both."""
    mine, theirs = vectors_of(a), vectors_of(b)
    return judge([e.name for e in embedders()], {n: v.coverage for n, v in mine.items()},
                 {n: v.coverage for n, v in theirs.items()})


def _alike(a: Memory, b: Memory, model: str) -> bool:
    """Whether ``model``'s similarity of the two counts: it is the model that reads both, or (the primary
    model, when none does) their words agree too."""
    judged = _pair_judge(a, b)
    return judged == model or (judged is None and model == get_embedder().name and vectors_tell(a, b))


def merge_threshold(model: str) -> float:
    """The similarity from which two memories compared by ``model`` may be offered as near-duplicates to
    merge (``ModelProfile.merge_suggestion``, measured per model: docs/benchmarks.md, "Numbers behind choices in
    the code")."""
    return profile(model).merge_suggestion


def contradicts(a: Memory, b: Memory) -> bool:
    """Two facts or preferences about the same entity that say different things: a conflict to decide,
    never a pair of near-duplicates to merge."""
    return group_of(a) is not None and group_of(a) == group_of(b) and a.content_hash != b.content_hash


SIMILAR_AT_LEAST = 0.5  # below this, two memories are not shown as similar at all


@dataclass
class Near:
    memory: Memory
    similarity: float
    mergeable: bool  # alike enough for the model that compared them, and not a contradiction


def near_duplicates(memory: Memory, limit: int = 5) -> list[Near]:
    """The most similar live memories of the same scope, each pair compared by the model that reads both
    (exact scans: ``+ 0.0`` keeps them off the ANN index), each saying whether a merge may be offered."""
    secondary_attach([memory])
    live = Memory.objects.select_related("scope").filter(scope_id=memory.scope_id, status__in=LIVE_STATUSES)
    found: dict[uuid.UUID, tuple[Memory, float, str]] = {}
    for name, vector in vectors_of(memory).items():
        if name == get_embedder().name:
            rows = live.filter(embedding__isnull=False, embedding_model=name).annotate(
                distance=CosineDistance("embedding", vector.vector) + Value(0.0))
        else:
            rows = live.filter(vectors__model=name).annotate(
                distance=CosineDistance("vectors__embedding", vector.vector) + Value(0.0))
        candidates = list(rows.exclude(pk=memory.pk).order_by("distance")[: 4 * limit])
        secondary_attach(candidates)
        for m in candidates:
            similarity = round(1.0 - float(m.distance), 3)  # type: ignore[attr-defined]
            if m.pk not in found and similarity >= SIMILAR_AT_LEAST and _alike(memory, m, name):
                found[m.pk] = (m, similarity, name)
    ranked = sorted(found.values(), key=lambda row: -row[1])[:limit]
    return [Near(m, similarity, similarity >= merge_threshold(name) and mergeable(memory, m))
            for m, similarity, name in ranked]


def same_entity(memory: Memory) -> QuerySet[Memory]:
    if not memory.entity:
        return Memory.objects.none()
    return (Memory.objects.select_related("scope").filter(entity=memory.entity, type=memory.type)
            .exclude(pk=memory.pk).order_by("-updated_at")[:10])


@dataclass
class MergePair:
    first: Memory
    second: Memory
    similarity: float


@dataclass
class MergeGroup:
    """Live memories of one scope that say the same thing: one suggestion, one "preview merge"."""

    memories: list[Memory]
    similarity: float  # its closest pair's

    @property
    def scope(self) -> Scope:
        return self.memories[0].scope


MERGE_SCAN_LIMIT = 500  # newest live memories per scope compared pairwise (a typed scope)
# No scope typed: the scopes of the tenant's most recently changed live memories, each scanned less deeply.
MERGE_SCOPES = 10  # at most this many scopes ...
MERGE_SCOPE_SCAN = 100  # ... their newest live memories compared pairwise (≤ 10 × 4,950 pairs per model) ...
MERGE_RECENT_ROWS = 2_000  # ... found among the tenant's newest live memories
MERGE_GROUP_MAX = 50  # a merge takes at most 50 memories (POST /memories/merge)


def mergeable(a: Memory, b: Memory) -> bool:
    """Not two answers about one entity, unless they are the same words set differently ("after 10am" /
    "after 10 am": ``policy.same_wording``), which is one answer said twice."""
    return not contradicts(a, b) or same_wording(a.search_text, b.search_text)


def merge_suggestions(scope: Scope, min_similarity: float | None = None, limit: int = 20,
                      scan: int = MERGE_SCAN_LIMIT) -> list[MergePair]:
    """Pairs of live memories in one scope alike enough to merge, by the model that reads both texts: at
    least that model's threshold (``merge_threshold``; a higher ``min_similarity`` narrows), by the primary
    model, when no model reads both, only if their words overlap too (``vectors_tell``), and never two
    different answers about one entity (``mergeable``): those are a conflict for the review queue.

    Pairwise over the newest ``scan`` rows of the scope, per model: exact, and bounded.
    """
    found: dict[tuple[uuid.UUID, uuid.UUID], dict[str, float]] = {}  # pair → {model: similarity}
    for embedder in embedders():
        threshold = max(merge_threshold(embedder.name), min_similarity or 0.0)
        for a, b, similarity in sql.merge_pairs(scope.pk, scan=scan, min_similarity=threshold,
                                                 limit=4 * limit, model=embedder.name,
                                                 primary=embedder.name == get_embedder().name):
            found.setdefault((a, b), {})[embedder.name] = similarity
    # Vectors stay in the database: which model judges a pair needs only each one's coverage.
    memories = (Memory.objects.select_related("scope", "subject").defer("embedding", "search_vector")
                .in_bulk({i for pair in found for i in pair}))
    coverages = _coverages(list(memories))
    models, primary = [e.name for e in embedders()], get_embedder().name

    def alike(a: Memory, b: Memory, model: str) -> bool:  # ``_alike`` without loading vectors
        judged = judge(models, coverages[a.pk], coverages[b.pk])
        return judged == model or (judged is None and model == primary and vectors_tell(a, b))

    pairs = [MergePair(memories[a], memories[b], round(float(s), 3)) for (a, b), by_model in found.items()
             if a in memories and b in memories and mergeable(memories[a], memories[b])
             for model, s in by_model.items() if alike(memories[a], memories[b], model)]
    pairs.sort(key=lambda pair: -pair.similarity)
    return pairs[:limit]


def _coverages(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, dict[str, float]]:
    """Each memory's models that hold a vector of it → their coverage of its text (``vectors_of``, no vectors)."""
    found: dict[uuid.UUID, dict[str, float]] = {pk: {} for pk in ids}
    primary = get_embedder().name
    for pk, model, coverage in Memory.objects.filter(pk__in=ids, embedding__isnull=False, embedding_model=primary) \
            .values_list("pk", "embedding_model", "embedding_coverage"):
        found[pk][model] = 1.0 if coverage is None else coverage
    for pk, model, coverage in MemoryVector.objects.filter(
            memory_id__in=ids, model__in=[e.name for e in secondary_embedders()]).values_list(
            "memory_id", "model", "coverage"):
        found[pk][model] = coverage
    return found


def merge_groups(pairs: Sequence[MergePair]) -> list[MergeGroup]:
    """Alike pairs joined into groups (closest pairs first): two pairs that share a memory are one suggestion,
    unless a member of one would contradict a member of the other (``mergeable``)."""
    group_of_memory: dict[uuid.UUID, MergeGroup] = {}
    groups: list[MergeGroup] = []
    for pair in sorted(pairs, key=lambda p: -p.similarity):
        left, right = group_of_memory.get(pair.first.pk), group_of_memory.get(pair.second.pk)
        if left is not None and left is right:
            continue
        if left is None and right is None:
            group = MergeGroup([pair.first, pair.second], pair.similarity)
            groups.append(group)
            group_of_memory.update({pair.first.pk: group, pair.second.pk: group})
            continue
        joined = [*(left.memories if left else [pair.first]), *(right.memories if right else [pair.second])]
        if len(joined) > MERGE_GROUP_MAX or not all(mergeable(a, b) for a in joined for b in joined if a is not b):
            continue
        keep = left or right
        assert keep is not None
        other = right if keep is left else left
        keep.memories = joined
        if other is not None:
            groups.remove(other)
        for memory in joined:
            group_of_memory[memory.pk] = keep
    for group in groups:
        group.memories.sort(key=lambda m: (m.created_at, str(m.pk)))
    return groups


def merge_suggestions_everywhere(min_similarity: float | None = None, limit: int = 20) -> list[MergeGroup]:
    """Merge suggestions without a scope: groups in the ``MERGE_SCOPES`` scopes of the tenant's most recently
    changed live memories (among its newest ``MERGE_RECENT_ROWS``), each over its newest ``MERGE_SCOPE_SCAN``
    live memories. Bounded whatever the tenant's size; a scope not among them is one the admin types."""
    scopes = Scope.objects.in_bulk(sql.merge_scopes(recent=MERGE_RECENT_ROWS, limit=MERGE_SCOPES))
    groups: list[MergeGroup] = []
    for scope in scopes.values():
        groups += merge_groups(merge_suggestions(scope, min_similarity, limit=limit, scan=MERGE_SCOPE_SCAN))
    groups.sort(key=lambda g: -g.similarity)
    return groups[:limit]


# --------------------------------------------------------------------------- erasure receipts

def erasure_receipts(limit: int = 50) -> QuerySet[AuditEvent]:
    """Stored erasure receipts (the content-free ``subject.erased`` events), newest first."""
    return AuditEvent.objects.filter(action="subject.erased").order_by("-created_at", "-id")[:limit]


def erasure_receipt(receipt_id: int) -> AuditEvent:
    event = AuditEvent.objects.filter(action="subject.erased", pk=receipt_id).first()
    if event is None:
        raise NotFound("Receipt not found.", code="receipt_not_found")
    return event


# --------------------------------------------------------------------------- agents' feedback

FEEDBACK_KINDS = ("correction", "not_useful", "useful")


def feedback_inbox(kind: str = "", agent: str = "") -> QuerySet[Feedback]:
    """Agents' feedback, newest first: corrections, "not useful" ratings (with what was asked), "useful";
    ``agent``: only what that actor sent."""
    qs = Feedback.objects.select_related("review_item").order_by("-created_at", "-id")
    if agent:
        qs = qs.filter(actor=agent)
    if kind == "correction":
        qs = qs.exclude(correction="")
    elif kind == "not_useful":
        qs = qs.filter(useful=False)
    elif kind == "useful":
        qs = qs.filter(useful=True)
    return qs


def feedback_counts() -> dict[str, int]:
    found = Feedback.objects.aggregate(n_all=Count("id"), n_correction=Count("id", filter=~Q(correction="")),
                                       n_not_useful=Count("id", filter=Q(useful=False)),
                                       n_useful=Count("id", filter=Q(useful=True)))
    return {name.removeprefix("n_"): n for name, n in found.items()}


def feedback_unanswered_count() -> int:
    """Agents' corrections no one has looked at yet (not turned into a review item)."""
    return Feedback.objects.exclude(correction="").filter(review_item__isnull=True).count()


def feedback_memories(rows: Iterable[Feedback]) -> dict[str, Memory]:
    """The memories the feedback rows name, by id (one query; erased ones are simply missing)."""
    ids = {i for f in rows for i in f.memory_ids}
    return {str(m.pk): m for m in Memory.objects.select_related("scope").filter(pk__in=ids)} if ids else {}


def memory_feedback(memory: Memory, limit: int = 20) -> tuple[dict[str, int], list[Feedback]]:
    """What agents said about one memory: counts, and the latest rows."""
    qs = Feedback.objects.filter(memory_ids__contains=[str(memory.pk)])
    found = qs.aggregate(n_useful=Count("id", filter=Q(useful=True)),
                         n_not_useful=Count("id", filter=Q(useful=False)),
                         n_corrections=Count("id", filter=~Q(correction="")))
    counts = {name.removeprefix("n_"): n for name, n in found.items()}
    return counts, list(qs.select_related("review_item").order_by("-created_at")[:limit])


# --------------------------------------------------------------------------- keyed memories

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


# --------------------------------------------------------------------------- agents (API keys) and what they did

def agents() -> list[tuple[str, str]]:
    """Every API key of the tenant, revoked ones too, as (actor, name) for the "by agent" filters."""
    return [(key.actor(), key.name.strip() or key.actor())
            for key in ApiKey.objects.order_by("revoked_at", "name", "prefix")]


def agent_key(prefix: str) -> ApiKey:
    key = ApiKey.objects.filter(prefix=prefix).first()
    if key is None:
        raise NotFound("API key not found.")
    return key


def written_by(actor: str) -> Exists:
    """Memories whose first version the actor wrote (a memory's author), for ``filter(written_by(...))``."""
    return Exists(MemoryVersion.objects.filter(memory=OuterRef("pk"), version=1, actor=actor))


TURNED_DOWN = (ReviewResolution.REJECT, ReviewResolution.KEEP_OLD)  # a person turned the newer write down


@dataclass
class AgentActivity:
    """What one API key did (the dashboard's agent page): its writes, feedback and turned-down proposals."""

    writes: int
    created: int
    feedback: int
    corrections: int
    turned_down: int
    last_write: datetime | None
    searches: int  # POST /memories/search, /context and mem0's search (KeySearchDay), all days
    searches_today: int  # since 00:00 UTC
    last_search: datetime | None
    recent_versions: list[MemoryVersion]
    recent_feedback: list[Feedback]
    recent_turned_down: list[ReviewItem]


def agent_activity(actor: str, limit: int = 20) -> AgentActivity:
    versions = MemoryVersion.objects.filter(actor=actor)
    counts = versions.aggregate(n=Count("id"), created=Count("id", filter=Q(version=1)))
    feedback = Feedback.objects.filter(actor=actor)
    fb = feedback.aggregate(n=Count("id"), corrections=Count("id", filter=~Q(correction="")))
    turned_down = (review_items(status=ReviewStatus.RESOLVED).filter(resolution__in=TURNED_DOWN)
                   .filter(Exists(MemoryVersion.objects.filter(memory=OuterRef("memory_id"), version=1, actor=actor))))
    latest = list(versions.select_related("memory").order_by("-created_at", "-id")[:limit])
    searched = KeySearchDay.objects.filter(actor=actor).aggregate(
        n=Sum("searches"), today=Sum("searches", filter=Q(day=timezone.now().date())), last=Max("last_at"))
    return AgentActivity(
        searches=searched["n"] or 0, searches_today=searched["today"] or 0, last_search=searched["last"],
        writes=counts["n"], created=counts["created"], feedback=fb["n"], corrections=fb["corrections"],
        turned_down=turned_down.count(), last_write=latest[0].created_at if latest else None,
        recent_versions=latest, recent_feedback=list(feedback.select_related("review_item")
                                                     .order_by("-created_at", "-id")[:limit]),
        recent_turned_down=list(turned_down.order_by("-resolved_at", "-id")[:limit]))
