"""What each new write relates to, found for a whole batch at once.

One query fetches, for every item of the batch, the up-to-20 best candidates in its scope: the same
content (the duplicate key, expired twins included), the same entity and type, or a near-duplicate
vector of the same type by the primary model (its vector is on the memory row), best first. For each
secondary model (vectors in ``MemoryVector``) one more query reads the batch's scopes' vectors once, and
numpy finds each item's near-duplicates among them (``secondary_near``), each model at its threshold. Ranking
the final list happens in Python (``rank_related``), together with the memories this batch has already
created or changed, so item 7 sees what items 1-6 did. There each pair is compared by the model that
reads both texts (``memories.embeddings.judge``: all-MiniLM for two English-like texts, USE when either
is Chinese or they are in different languages); when no model reads both, by the primary model, whose
similarity then also needs shared words (the policy's ``min_word_overlap``).

The vector distance is computed exactly (``+ 0.0`` keeps the planner off the HNSW index: the
filtered-HNSW trap in STACK.md) and the query (``sql.related_candidates``) names the tenant explicitly,
since raw SQL does not go through the tenant-scoped manager; the rows are then loaded through it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from memories.choices import LIVE_STATUSES
from memories.embeddings import READS_MIN, Embedded, embedders, get_embedder, judge, profile
from memories.models import Memory, Scope
from memories.write import sql, text
from memories.write.anchors import texts_sameness
from memories.write.changes import change_query, change_words, changed_from, subject_of
from memories.write.people import memory_speaker, speaker_of
from memories.write.plain import speaker_subject
from memories.write.policy import SLOT_TYPES, Related, Sameness, same_wording, word_overlap
from memories.write.slots import Slot, covers, linking_slot, other_subjects, slots_of
from memories.write.vectors import secondary_attach, unit_vectors_from_binary, vectors_of
from tenants.scoping import get_active_tenant

if TYPE_CHECKING:
    from memories.write.prepare import Prepared

CANDIDATES_PER_ITEM = 20
# Above this many memories to compare by a secondary model (or this many per item of the batch: a single
# write into a large scope reads less in SQL, which compares in the database), the batch's scopes are
# compared in SQL.
SCOPE_VECTORS_MAX = 10_000
SCOPE_VECTORS_PER_ITEM = 200


def _vector_literal(found: Embedded | None) -> str | None:
    return None if found is None else "[" + ",".join(map(str, found.vector)) + "]"


def related_prefetch(items: Sequence[tuple[Scope, Prepared]], near_duplicate: float, now: datetime,
                     vectors_ready: Callable[[], None] | None = None) -> list[list[Memory]]:
    """For each (scope, item): the stored memories it may relate to. One query for the batch by the primary
    model (and the same content and entity), one per secondary model (``secondary_near``), and one for the
    candidates' secondary vectors. ``vectors_ready``: called between the first query and the others, which
    need the items' secondary vectors (``prepare.prepare_inputs_primary_first``'s ``finish``).

    A memory that is a candidate of several items is ONE instance, so a change made while applying
    one item is seen by the next.
    """
    if not items:
        return []
    params = _prefetch_params(items, near_duplicate, now)
    pairs = sql.related_candidates(params)
    if vectors_ready is not None:
        vectors_ready()
    in_sql: list[int] = []
    for j, name in enumerate(e.name for e in embedders()[1:]):
        found = secondary_near(items, name, params)
        if found is not None:
            pairs += found
            continue
        in_sql.append(j)  # too many memories to compare here: the database compares them, item by item
        params[f"model_{j}"] = name
        params[f"emb_{j}"] = [_vector_literal(p.embedded.get(name)) for _, p in items]
        params[f"max_distance_{j}"] = 1.0 - profile(name).near_duplicate
    pairs += sql.related_candidates(params, in_sql, primary=False)
    return _memories_per_item(len(items), pairs)


def _prefetch_params(items: Sequence[tuple[Scope, Prepared]], near_duplicate: float, now: datetime
                     ) -> dict[str, Any]:
    """The candidate query's parameters: one array per column, an element per item."""
    params: dict[str, Any] = {
        "idx": list(range(len(items))), "scope": [scope.pk for scope, _ in items],
        "hash": [p.content_hash for _, p in items], "entity": [p.entity for _, p in items],
        "type": [p.input.type for _, p in items],
        "slots": ["\n".join(p.slot_keys) for _, p in items],
        "wording": ["".join(p.search_text.split()) for _, p in items],  # policy.same_wording
        "change": [change_query(change_words(p.indexed)) for _, p in items],  # changes.py
        "emb": ["[" + ",".join(map(str, p.embedding or [])) + "]" for _, p in items],
        "tenant": get_active_tenant().pk, "live": list(LIVE_STATUSES), "slot_types": sorted(SLOT_TYPES), "now": now,
        "max_distance": 1.0 - near_duplicate, "limit": CANDIDATES_PER_ITEM,
    }
    primary = get_embedder().name
    params["primary_reads"] = [p.embedded[primary].coverage >= READS_MIN if primary in p.embedded else False
                               for _, p in items]
    params["reads_min"] = READS_MIN
    return params


def _memories_per_item(n: int, pairs: list[tuple[int, uuid.UUID]]) -> list[list[Memory]]:
    """The (item index, memory id) pairs as each item's memories, loaded once (one instance per memory)."""
    ids = {memory_id for _, memory_id in pairs}
    loaded = {m.pk: m for m in Memory.objects.select_related("scope", "subject").defer("search_vector")
              .filter(pk__in=ids)} if ids else {}
    secondary_attach(loaded.values())
    found_per_item: list[list[Memory]] = [[] for _ in range(n)]
    for idx, memory_id in pairs:
        if memory_id in loaded and loaded[memory_id] not in found_per_item[idx]:
            found_per_item[idx].append(loaded[memory_id])
    return found_per_item


def secondary_near(items: Sequence[tuple[Scope, Prepared]], model: str,
                   params: Mapping[str, Any]) -> list[tuple[int, uuid.UUID]] | None:
    """(item index, memory id) pairs: for each item with a vector of secondary ``model``, up to
    ``CANDIDATES_PER_ITEM`` live memories of its scope and type whose vector of that model is within the
    model's near-duplicate threshold, nearest first (then newest). Only the memories the primary model
    cannot read, for an item it reads: those pairs are the primary's to judge.

    The scopes' vectors are read once for the whole batch (``sql.SCOPE_VECTORS_SQL``, binary) and compared
    here; item by item in SQL, each item re-read its scope's vectors (about half the database's time of a
    mixed batch, docs/benchmarks.md). None when the scopes hold more than ``SCOPE_VECTORS_MAX`` such
    memories, or more than ``SCOPE_VECTORS_PER_ITEM`` per item: the caller then asks the database
    (``RELATED_SECONDARY_SQL``)."""
    wanted = [(idx, scope.pk, p) for idx, (scope, p) in enumerate(items) if model in p.embedded]
    if not wanted:
        return []
    reads = params["primary_reads"]
    most = min(SCOPE_VECTORS_MAX, SCOPE_VECTORS_PER_ITEM * len(wanted))
    rows = sql.scope_vectors({
        "model": model, "tenant": params["tenant"], "scopes": list({scope_id for _, scope_id, _ in wanted}),
        "live": params["live"], "now": params["now"], "types": list({p.input.type for _, _, p in wanted}),
        "all_scopes": list({scope_id for idx, scope_id, _ in wanted if not reads[idx]}),
        "reads_min": READS_MIN, "limit": most + 1})
    if len(rows) > most:
        return None
    dimensions = len(wanted[0][2].embedded[model].vector)
    rows = [row for row in rows if len(row[5]) == 4 + 4 * dimensions]  # a vector of another size: not comparable
    if not rows:
        return []
    matrix = unit_vectors_from_binary([bytes(row[5]) for row in rows]).astype(np.float64)
    by_scope: dict[uuid.UUID, list[int]] = {}
    for i, row in enumerate(rows):
        by_scope.setdefault(row[1], []).append(i)
    types = np.asarray([row[2] for row in rows], dtype=object)
    unread = np.asarray([bool(row[4]) for row in rows])
    newest = np.asarray([-row[3].timestamp() for row in rows])
    limit = 1.0 - profile(model).near_duplicate
    pairs: list[tuple[int, uuid.UUID]] = []
    for idx, scope_id, p in wanted:
        slots = np.asarray(by_scope.get(scope_id, []), dtype=np.int64)
        if not len(slots):
            continue
        slots = slots[(types[slots] == p.input.type) & (unread[slots] | (not reads[idx]))]
        distances = 1.0 - matrix[slots] @ _unit(p.embedded[model].vector)
        near = distances <= limit
        slots, distances = slots[near], distances[near]
        for slot in slots[np.lexsort((newest[slots], distances))][:CANDIDATES_PER_ITEM]:
            pairs.append((idx, rows[slot][0]))
    return pairs


def _unit(vector: Any) -> np.ndarray:
    unit = np.asarray(vector, dtype=np.float64)
    norm = float(np.linalg.norm(unit))
    return unit / norm if norm else unit


def _unit_vectors(holder: Any, vectors: Mapping[str, Embedded]) -> dict[str, np.ndarray]:
    """The holder's vectors as float64 unit arrays, each computed once per vector object (a batch compares
    each memory many times; an update in place brings new vector objects)."""
    cache: dict[str, tuple[int, np.ndarray]] = holder.__dict__.setdefault("_unit_vectors", {})
    units = {}
    for name, found in vectors.items():
        cached = cache.get(name)
        if cached is None or cached[0] != id(found.vector):
            cached = cache[name] = (id(found.vector), _unit(found.vector))
        units[name] = cached[1]
    return units


def compare(m: Memory, p: Prepared) -> tuple[str, float]:
    """(model, cosine similarity) of a stored memory and a new write, by the model that reads both texts
    (``judge``); by the primary model when none does (a model name of ""), 0.0 when vectors are missing."""
    mine, theirs = vectors_of(m), p.embedded
    model = judge([e.name for e in embedders()], {n: e.coverage for n, e in mine.items()},
                  {n: e.coverage for n, e in theirs.items()})
    left, right = _unit_vectors(m, mine), _unit_vectors(p, theirs)
    name = model or get_embedder().name
    if name not in left or name not in right:
        return "", 0.0
    return (model or ""), float(left[name] @ right[name])


def memory_slots(memory: Memory) -> tuple[Slot, ...]:
    """The slots a stored memory fills, with their values (derived again from its content: ``Memory.slots``
    keeps only the keys), cached on the instance per content."""
    if not memory.slots:
        return ()
    cached = memory.__dict__.get("_slots")
    if cached is None or cached[0] != memory.content:
        cached = memory.__dict__["_slots"] = (memory.content, slots_of(memory.content, memory_speaker(memory)))
    return cached[1]


#: A related memory with its sort key: (not the same content, not the same entity or slot and type,
#: -similarity, -updated_at).
_Ranked = tuple[tuple[bool, bool, float, float], Memory, Related]


def rank_related(p: Prepared, scope: Scope, candidates: Iterable[Memory], near_duplicate: float,
                 now: datetime) -> tuple[list[tuple[Memory, Related]], list[Memory]]:
    """The related memories, best first (exact duplicate, same entity, most similar, newest), and the
    expired live twins of the new content (invisible, so to be retired rather than answered). A memory with
    another ``key`` than the write's (None counts as one) relates only by entity and type."""
    seen: set[uuid.UUID] = set()
    ranked: list[_Ranked] = []
    expired_twins: list[Memory] = []
    for m in candidates:
        if m.pk in seen or m.scope_id != scope.pk or m.status not in LIVE_STATUSES:
            continue
        seen.add(m.pk)
        visible = m.expires_at is None or m.expires_at > now
        if m.pk == p.input.corrects and visible:
            ranked.append(_corrected(p, m))
        elif m.pk == p.input.replaces and visible and m.type == p.input.type:
            ranked.append(_replaced(p, m))
        elif m.key != p.input.key:
            ranked += _other_key(p, m, visible)
        elif not visible:
            expired_twins += [m] if m.content_hash == p.content_hash else []
        else:
            ranked += _compared(p, m, near_duplicate)
    ranked.sort(key=lambda entry: entry[0])
    return [(m, r) for _, m, r in ranked[:CANDIDATES_PER_ITEM]], expired_twins


def own_words(m: Memory) -> str:
    """A memory's own search words: its ``search_text`` without the words of the turn it was drawn from
    (``text.indexed_words``), which the conflict policy does not read."""
    return text.search_text(m.content) if text.said_in(m.metadata) else m.search_text


def _corrected(p: Prepared, m: Memory) -> _Ranked:
    """What an agent's correction names relates to it whatever the texts say (policy.py, last row)."""
    same_content = m.content_hash == p.content_hash and m.key == p.input.key
    return ((not same_content, False, -2.0, 0.0), m, Related(
        type=m.type, confidence=m.confidence, provenance=m.provenance, status=m.status,
        same_content=same_content, same_entity=bool(p.entity) and m.entity == p.entity, similarity=0.0,
        word_overlap=word_overlap(own_words(m), p.search_text), corrected=True))


def _replaced(p: Prepared, m: Memory) -> _Ranked:
    """What a person's own correction names is the same fact (``MemoryInput.replaces``): related as one entity."""
    same_content = m.content_hash == p.content_hash and m.key == p.input.key
    return ((not same_content, False, -2.0, 0.0), m, Related(
        type=m.type, confidence=m.confidence, provenance=m.provenance, status=m.status,
        same_content=same_content, same_entity=True, similarity=0.0,
        word_overlap=word_overlap(own_words(m), p.search_text)))


def _other_key(p: Prepared, m: Memory, visible: bool) -> list[_Ranked]:
    """Keyed memories are addressed, not deduplicated: across keys (or between a keyed memory and an unkeyed
    one) equal or similar text relates nothing; only the same entity and type do."""
    if not (visible and p.entity and m.entity == p.entity and m.type == p.input.type):
        return []
    return [((True, False, 0.0, -m.updated_at.timestamp()), m, Related(
        type=m.type, confidence=m.confidence, provenance=m.provenance, status=m.status,
        same_content=False, same_entity=True, similarity=0.0, word_overlap=0.0))]


def _about_others(p: Prepared, m: Memory, theirs: tuple[Slot, ...]) -> bool:
    """Both fill slots, of other people (``slots.other_subjects``; "my cousin" of two speakers is two people)."""
    return bool(theirs) and bool(p.slots) and other_subjects(p.slots, theirs, _two_speakers(p, m))


def _two_speakers(p: Prepared, m: Memory) -> bool:
    """Whether two different people say the write and the memory (their subjects, else their speaker labels):
    then "my cousin" in each is two people."""
    said = {(p.input.subject or speaker_subject(p.indexed) or "").casefold(),
            (speaker_of(m) or speaker_subject(m.content) or "").casefold()}
    return "" not in said and len(said) == 2


def _siblings(p: Prepared, m: Memory) -> bool:
    """Whether both were drawn from the same turn by one extraction ("我姐姐离婚了，心疼她" kept as two memories):
    the extractor split them because they say two things, so one never retires the other by likeness alone."""
    mine, theirs = _drawn_from(p.input.metadata), _drawn_from(m.metadata)
    return mine is not None and mine == theirs


def _drawn_from(metadata: object) -> tuple[str, str, str] | None:
    extraction = metadata.get("extraction") if isinstance(metadata, dict) else None
    if not isinstance(extraction, dict) or not extraction.get("said") or not extraction.get("job"):
        return None
    return str(extraction["job"]), str(extraction.get("turns")), str(extraction["said"])


def _keyed_apart(p: Prepared, m: Memory, theirs: tuple[Slot, ...]) -> bool:
    """Both keyed, to other entities ("preference:吃火锅" / "preference:烧烤"), or both likes of other things by
    their slots ("The user likes Thai food" / "The user also loves Mexican food": ``like:<thing>`` is additive)."""
    if p.entity and m.entity:
        return m.entity != p.entity
    return _likes_apart(p.slots, theirs)


def _likes_apart(new: tuple[Slot, ...], old: tuple[Slot, ...]) -> bool:
    """Every slot of both a like, and none of one thing."""
    if not new or not old or not all(s.attribute.startswith("like:") for s in (*new, *old)):
        return False
    return not {s.attribute for s in new} & {s.attribute for s in old}


def _slot_link(p: Prepared, m: Memory, same_content: bool, same_entity: bool
               ) -> tuple[tuple[Slot, ...], Slot | None] | None:
    """The stored memory's slots and the slot both fill with other values (``linking_slot``), or None when the two
    cannot relate: about other people (or events), or of two types, unless both are of ``SLOT_TYPES`` and a slot
    links them ("The user likes sushi" a preference, "The user has gone off sushi" a fact)."""
    same_type = m.type == p.input.type
    if not (same_content or same_type or {m.type, p.input.type} <= SLOT_TYPES):
        return None
    theirs = memory_slots(m)
    if not (same_content or same_entity) and _about_others(p, m, theirs):
        return None  # about other people (or events): another fact, however alike the words
    slot = linking_slot(p.slots, theirs) if not same_content else None
    if slot is None and not same_content and not _siblings(p, m):
        slot = _changed(p, m)
    return (theirs, slot) if same_content or same_type or slot else None


def _changed(p: Prepared, m: Memory) -> Slot | None:
    """The slot a statement of change fills for a state said before of the same subject (``changes.py``):
    ``<subject>|change:<word>``, the word both name."""
    words = change_words(p.indexed)
    word = changed_from(p.indexed, words, m.content, own_words(m)) if words else ""
    return Slot(subject_of(p.indexed), "change:" + word, p.indexed) if word else None


def _compared(p: Prepared, m: Memory, near_duplicate: float) -> list[_Ranked]:
    """A visible memory at the write's key (or both unkeyed): related when it says the same, is about the same
    entity or slot, is worded the same, or is a near-duplicate; never when it is about other people."""
    same_content = m.content_hash == p.content_hash
    same_entity = bool(p.entity) and m.entity == p.entity
    same_type = m.type == p.input.type
    linked = _slot_link(p, m, same_content, same_entity)
    if linked is None:
        return []
    theirs, slot = linked
    model, similarity = compare(m, p)
    near = profile(model).near_duplicate if model else near_duplicate
    worded = same_wording(own_words(m), p.search_text)
    if not (same_content or same_entity or worded or slot or similarity >= near):
        return []
    if not (same_content or same_entity or worded or slot) and _siblings(p, m):
        return []  # two statements the extractor drew apart from one turn: alike, not one fact said twice
    # Only a near-duplicate needs to know whether both name the same things.
    sameness = texts_sameness(m.content, p.indexed) if not same_content else Sameness.SAME
    related = Related(type=m.type, confidence=m.confidence, provenance=m.provenance, status=m.status,
                      same_content=same_content, same_entity=same_entity, similarity=similarity,
                      word_overlap=word_overlap(own_words(m), p.search_text), model=model, sameness=sameness,
                      same_wording=worded, same_slot=slot.key if slot else "",
                      slot_covers=covers(p.slots, theirs),
                      other_entity=_keyed_apart(p, m, theirs))
    key = (not same_content, not ((same_entity or slot is not None) and same_type), -similarity,
           -m.updated_at.timestamp())
    return [(key, m, related)]
