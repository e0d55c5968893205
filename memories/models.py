"""Memory domain models. Every row carries ``tenant`` (TenantOwned) and queries go through tenancy."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.db.models.functions import Now
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from memories.choices import (
    BulkStatus,
    ChangeKind,
    JobKind,
    JobStatus,
    MemoryType,
    Provenance,
    ReviewKind,
    ReviewReason,
    ReviewResolution,
    ReviewStatus,
    Status,
    VersionReason,
)
from tenants.owned import TenantOwned

EMBEDDING_DIMENSIONS = 384


class Scope(TenantOwned):
    """A namespace path inside a tenant: ``user/123``, ``user/123/project/456``, ``team/ops``."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    path = models.CharField(max_length=255)
    created_at = models.DateTimeField(default=timezone.now)
    # The latest change stamp of the scope's searchable memories. Written only by the triggers of
    # migration 0007 (never lowered: a stale save keeps the higher value); read by memories.recall.index.cache.
    search_seq = models.BigIntegerField(default=0, db_default=0, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "path"], name="scope_unique_path")]
        indexes = [models.Index(fields=["tenant", "path"], name="scope_tenant_path_pattern",
                                opclasses=["", "varchar_pattern_ops"])]

    def __str__(self) -> str:
        return self.path



def text_rules_version() -> int:
    """Which rules build a memory's ``search_text`` (``write.text.search_text``): 1 plain words, 2 with
    English stems (``settings.RECALL_STEMMING``); 3 and 4 the same without a leading speaker label
    (``settings.RECALL_LABEL_WORDS`` off); 5–8 the same with role words (``settings.RECALL_ROLE_WORDS``); 9–16 the
    same with a pronoun jieba fused split off (``write.segment``: 我国庆 → 我 · 国庆). Rows built by other rules are
    rebuilt by ``manage.py reindex_text``."""
    return ((2 if settings.RECALL_STEMMING else 1) + (0 if settings.RECALL_LABEL_WORDS else 2)
            + (4 if settings.RECALL_ROLE_WORDS else 0) + 8)

class Memory(TenantOwned):
    """The current state of one remembered thing. Every change also writes a MemoryVersion."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="memories")
    # The person the memory was first written about (the API's "subject"); ``subjects`` holds every person
    # it is about, this one included: a memory derived from others carries all of theirs (lineage).
    subject = models.ForeignKey("tenants.Subject", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="memories")
    subjects = models.ManyToManyField("tenants.Subject", through="MemorySubject", related_name="linked_memories",
                                      blank=True)
    type = models.CharField(max_length=16, choices=MemoryType.choices, default=MemoryType.FACT)
    content = models.TextField()
    content_hash = models.CharField(max_length=64)
    entity = models.CharField(max_length=255, blank=True, default="")
    # The attribute slots the content fills, "subject|attribute" (memories/write/slots.py): two live memories of
    # a scope filling one slot with different values contradict each other as two of one ``entity`` do.
    slots = ArrayField(models.CharField(max_length=200), default=list, blank=True)
    # The people/slot rules that read the content (memories.write.mentions.PEOPLE_RULES_VERSION); memories
    # read by older rules (or none: written before them) are read again by ``manage.py backfill_people``.
    people_version = models.SmallIntegerField(default=0, db_default=0)
    # A caller's exact address for the memory (PUT /keys/memory: memories/write/flow.memory_put), unique among
    # the scope's settled live memories; NULL for memories saved without one. Not case-folded, unlike
    # ``entity``. Collation "C": keys sort and compare by code point, and their indexes serve that order.
    key = models.CharField(max_length=255, null=True, blank=True, db_collation="C")
    metadata = models.JSONField(default=dict, blank=True)
    confidence = models.FloatField(default=1.0)
    provenance = models.CharField(max_length=16, choices=Provenance.choices, default=Provenance.STATED)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    source_session = models.CharField(max_length=200, blank=True, default="")
    valid_from = models.DateTimeField(default=timezone.now)
    valid_to = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    # The primary embedding model's vector (settings.EMBEDDING_MODELS[0]), the model that made it, and the
    # share of the content that model reads (memories.embeddings, coverage; NULL: not measured yet, read
    # as 1.0). The other models' vectors are MemoryVector rows.
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS, null=True, blank=True)
    embedding_model = models.CharField(max_length=100, blank=True, default="")
    embedding_coverage = models.FloatField(null=True, blank=True)
    # Words for full-text search: the content segmented (jieba for Chinese), lower-cased.
    search_text = models.TextField(blank=True, default="")
    # The rules that built search_text (write.text.search_text_version); others are rebuilt by reindex_text.
    search_text_version = models.SmallIntegerField(default=text_rules_version)
    search_vector = models.GeneratedField(
        expression=SearchVector("search_text", config="simple"),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    # Stamped by a trigger (migration 0007) whenever a column the search indexes hold changes.
    search_seq = models.BigIntegerField(default=0, db_default=0, editable=False)
    version = models.PositiveIntegerField(default=1)
    superseded_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # A person kept this memory active alongside others about the same entity (memories/write/truth.py):
    # the one deliberate exception to "at most one active fact or preference per (scope, entity)".
    kept_alongside = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            # Concurrent identical writes: the database, not only the application, refuses the twin. Keyed
            # memories are addressed, not deduplicated: two keys may hold the same text.
            models.UniqueConstraint(
                fields=["tenant", "scope", "content_hash"],
                condition=Q(status__in=["active", "pending", "conflicted"], key__isnull=True),
                name="memory_unique_live_content",
            ),
            # One memory per key among a scope's settled live memories, and at most one pending proposal
            # to replace it (a low-confidence or inferred write waits in review beside what it would change).
            models.UniqueConstraint(
                fields=["tenant", "scope", "key"],
                condition=Q(status__in=["active", "conflicted"], key__isnull=False),
                name="memory_unique_live_key",
            ),
            models.UniqueConstraint(
                fields=["tenant", "scope", "key"],
                condition=Q(status="pending", key__isnull=False),
                name="memory_unique_pending_key",
            ),
            models.CheckConstraint(condition=Q(confidence__gte=0) & Q(confidence__lte=1), name="memory_confidence_0_1"),
        ]
        indexes = [
            models.Index(fields=["tenant", "scope", "status"], name="memory_tenant_scope_status"),
            # The memories just before and after one in its session (recall's neighbours in SQL).
            models.Index(fields=["scope", "source_session", "valid_from", "created_at", "id"],
                         name="memory_scope_session_order", condition=~Q(source_session="")),
            models.Index(fields=["tenant", "scope", "entity", "type"], name="memory_tenant_scope_entity"),
            models.Index(fields=["tenant", "updated_at", "id"], name="memory_tenant_updated"),
            models.Index(fields=["tenant", "subject"], name="memory_tenant_subject"),
            models.Index(fields=["scope", "search_seq"], name="memory_scope_search_seq"),
            # GET /memories pages newest first (keyset on created_at, id), per scope or tenant-wide.
            models.Index(fields=["tenant", "scope", "created_at", "id"], name="memory_tenant_scope_created"),
            models.Index(fields=["tenant", "created_at", "id"], name="memory_tenant_created"),
            models.Index(fields=["tenant", "expires_at"], name="memory_tenant_expires",
                         condition=Q(expires_at__isnull=False)),
            # GET /keys pages a scope's keys in order (and by prefix).
            models.Index(fields=["tenant", "scope", "key"], name="memory_tenant_scope_key",
                         condition=Q(key__isnull=False)),
            GinIndex(fields=["search_vector"], name="memory_search_vector_gin"),
            # Used by recall only for scopes above settings.HNSW_MIN_SCOPE_ROWS (see memories/recall/sources.py).
            HnswIndex(fields=["embedding"], name="memory_embedding_hnsw", m=16, ef_construction=64,
                      opclasses=["vector_cosine_ops"]),
        ]

    def __str__(self) -> str:
        return f"{self.type}: {self.content[:60]}"

    # How often search returned the memory lives in MemoryAccess (below); these read it, from what
    # memories.selectors.access_load attached or else with one query.
    @property
    def access_count(self) -> int:
        return self._access()[0]

    @property
    def last_accessed_at(self) -> datetime | None:
        return self._access()[1]

    def access_set(self, count: int, last_at: datetime | None) -> None:
        self.__dict__["_access_known"] = (count, last_at)

    # Everyone the memory is about (external ids), as a loader attached them (selectors.subject_names_load,
    # the search's hit query); None until one did.
    def subject_names_set(self, names: list[str]) -> None:
        self.__dict__["_subject_names"] = names

    def subject_names_known(self) -> list[str] | None:
        return self.__dict__.get("_subject_names")

    def _access(self) -> tuple[int, datetime | None]:
        known = self.__dict__.get("_access_known")
        if known is None:
            row = None
            if not self._state.adding and self.pk is not None:
                row = MemoryAccess.objects.filter(memory_id=self.pk).values_list("count", "last_at").first()
            known = row or (0, None)
            self.__dict__["_access_known"] = known
        return known

    def refresh_from_db(self, using: str | None = None, fields: Any = None, from_queryset: Any = None) -> None:
        if fields is None:  # a full refresh re-reads the access counts too (loading one deferred field does not)
            self.__dict__.pop("_access_known", None)
        super().refresh_from_db(using=using, fields=fields, from_queryset=from_queryset)


class MemoryVector(TenantOwned):
    """A memory's vector from one of the secondary embedding models (the primary's is on the memory row),
    with the share of the content the model reads. Any dimensions: each model its own. Written with its
    memory by the write flow, or later by re-embedding (``memories.write.reembed``), which stamps the
    memory for the search indexes; deleted with its memory (erasure reaches it) or when its model is
    dropped from the configuration."""

    # No single-column indexes on the two keys: ``memoryvector_unique`` (memory, model) and
    # ``memoryvector_tenant_model`` lead with them, and each index costs every inserted vector.
    tenant = models.ForeignKey("tenants.Tenant", on_delete=models.CASCADE, related_name="+", editable=False,
                               db_index=False)
    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="vectors", db_index=False)
    model = models.CharField(max_length=100)
    coverage = models.FloatField(default=1.0)
    embedding = VectorField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["memory", "model"], name="memoryvector_unique")]
        indexes = [models.Index(fields=["tenant", "model"], name="memoryvector_tenant_model")]


class MemorySubject(TenantOwned):
    """A person a memory is about. Links are only ever added (a merge, an update or a supersession carries
    the subjects of every memory it derives from), and removed with their memory: GDPR access and erasure
    follow them, so they reach every copy of a person's data."""

    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="subject_links")
    subject = models.ForeignKey("tenants.Subject", on_delete=models.PROTECT, related_name="memory_links")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["memory", "subject"], name="memorysubject_unique")]
        indexes = [models.Index(fields=["tenant", "subject"], name="memorysubject_tenant_subject")]


class MemoryMention(TenantOwned):
    """A person a memory's content names (memories/write/people.py), beside the people it is about
    (``MemorySubject``): "Joanna said Nate is training" filed under Joanna mentions Nate. ``name`` is as found,
    case-folded ("nate", "张伟"), or "~role" for a person known only by their role to the speaker ("my cousin":
    "~cousin"); ``kin`` is that role when the text says it; ``subject`` is the known person the name is (their
    external id or an alias), when there is one. Rewritten with the memory's content; erasure of a person reaches
    the memories that mention them (memories/compliance/subjects.py)."""

    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="mentions")
    name = models.CharField(max_length=200)
    kin = models.CharField(max_length=40, blank=True, default="")
    subject = models.ForeignKey("tenants.Subject", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="mentions")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "memory", "name"], name="memorymention_unique")]
        indexes = [models.Index(fields=["tenant", "name"], name="memorymention_tenant_name"),
                   models.Index(fields=["tenant", "subject"], name="memorymention_tenant_subject")]


class MemoryVersion(TenantOwned):
    """An immutable snapshot per change. Never updated; deleted only with its memory (erasure/DELETE)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    change = models.CharField(max_length=16, choices=ChangeKind.choices)
    actor = models.CharField(max_length=200)
    # ``reason``: what the API shows (English for the system's reasons, a person's words as typed). The
    # dashboard puts a system reason into the reader's language from its code and parameters.
    reason = models.CharField(max_length=500, blank=True, default="")
    reason_code = models.CharField(max_length=32, choices=VersionReason.choices, blank=True, default="")
    reason_params = models.JSONField(default=dict, blank=True)
    scope_path = models.CharField(max_length=255)
    type = models.CharField(max_length=16, choices=MemoryType.choices)
    content = models.TextField()
    entity = models.CharField(max_length=255, blank=True, default="")
    key = models.CharField(max_length=255, null=True, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    confidence = models.FloatField()
    provenance = models.CharField(max_length=16, choices=Provenance.choices)
    status = models.CharField(max_length=16, choices=Status.choices)
    source_session = models.CharField(max_length=200, blank=True, default="")
    valid_from = models.DateTimeField()
    valid_to = models.DateTimeField(null=True, blank=True)
    superseded_by_id_value = models.UUIDField(null=True, blank=True)
    # The memory's subjects (ids) when this version was written: the lineage is kept on every version.
    subject_ids = ArrayField(models.UUIDField(), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["memory", "version"], name="memoryversion_unique")]
        indexes = [models.Index(fields=["tenant", "created_at"], name="memoryversion_tenant_created"),
                   GinIndex(fields=["subject_ids"], name="memoryversion_subject_ids")]


class Session(TenantOwned):
    """Short-term memory of one conversation: its turns and a rolling summary."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    session_key = models.CharField(max_length=200)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="sessions")
    subject = models.ForeignKey("tenants.Subject", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="sessions")
    summary = models.TextField(blank=True, default="")
    turn_count = models.PositiveIntegerField(default=0)
    extracted_through = models.PositiveIntegerField(default=0)
    # Highest turn seq already handed to an extraction job (so appends never schedule a range twice).
    scheduled_through = models.PositiveIntegerField(default=0)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        # A session id names a conversation within one scope: the same id in another scope is another
        # session (a key limited to one scope can neither see nor take over a session elsewhere).
        constraints = [models.UniqueConstraint(fields=["tenant", "scope", "session_key"],
                                               name="session_unique_scope_key")]


class SessionTurn(TenantOwned):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="turns")
    seq = models.PositiveIntegerField()
    role = models.CharField(max_length=16)
    content = models.TextField()
    # The speaker's name, when the message carried one (a conversation between named people); "" otherwise.
    name = models.CharField(max_length=100, blank=True, default="")
    # When the turn was said: the message's ``created_at`` (imported history), else when it arrived.
    created_at = models.DateTimeField(default=timezone.now)
    # When this server received it: retention counts from here (a year-old imported turn is kept as long as
    # one said today).
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "seq"], name="sessionturn_unique_seq")]


class ReviewItem(TenantOwned):
    """A pending memory or a conflict pair waiting for a human."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=16, choices=ReviewKind.choices)
    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="review_items")
    other_memory = models.ForeignKey(Memory, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    subject = models.ForeignKey("tenants.Subject", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="review_items")
    reason = models.CharField(max_length=500, blank=True, default="")  # English, for the API
    reason_code = models.CharField(max_length=32, choices=ReviewReason.choices, blank=True, default="")
    reason_params = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=ReviewStatus.choices, default=ReviewStatus.OPEN)
    resolution = models.CharField(max_length=16, choices=ReviewResolution.choices, blank=True, default="")
    resolved_by = models.CharField(max_length=200, blank=True, default="")
    resolved_at = models.DateTimeField(null=True, blank=True)
    # What a person's resolution changed: {memory id: [status before, version after]} and what it merged
    # into; an undo is possible while every one of those memories is still at that version.
    resolution_params = models.JSONField(default=dict, blank=True)
    # The item this one re-asks, after a decision elsewhere changed one of its sides (truth.py).
    replaces = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["tenant", "status", "created_at"], name="reviewitem_tenant_status")]

    @property
    def sides(self) -> list[Memory]:
        """Its memories, the older (the one it would change, or contradicts) first."""
        return [m for m in (self.other_memory, self.memory) if m is not None]


class Job(TenantOwned):
    """A background job as the API reports it (GET /api/v1/jobs/{id}); the queue row is django-tasks'."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=32, choices=JobKind.choices)
    status = models.CharField(max_length=16, choices=JobStatus.choices, default=JobStatus.QUEUED)
    session = models.ForeignKey(Session, null=True, blank=True, on_delete=models.SET_NULL, related_name="jobs")
    scope = models.ForeignKey(Scope, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    subject = models.ForeignKey("tenants.Subject", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    input = models.JSONField(default=dict, blank=True)
    extractor = models.CharField(max_length=32, blank=True, default="")
    resolutions = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    task_result_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta(TenantOwned.Meta):
        # The recovery sweep looks for running jobs whose lease ran out, across tenants.
        indexes = [models.Index(fields=["status", "started_at"], name="job_status_started")]


class HistoryImport(TenantOwned):
    """One bulk import of history (docs/api.md §8.4). What it wrote at once (turns, exported memories) is
    counted here; its extraction runs as one ``import`` job that takes the conversations' ``close`` jobs
    (``jobs``: ``[[job id, line number], …]``, oldest conversation first) one after the other. Progress is
    read from those jobs, so it is always what happened. Content-free: ids, numbers and line numbers."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    actor = models.CharField(max_length=200)
    job = models.ForeignKey(Job, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    jobs = models.JSONField(default=list, blank=True)
    conversations = models.PositiveIntegerField(default=0)
    turns_added = models.PositiveIntegerField(default=0)
    turns_present = models.PositiveIntegerField(default=0)
    memories_created = models.PositiveIntegerField(default=0)  # from export lines (extraction: in ``jobs``)
    memories_present = models.PositiveIntegerField(default=0)
    lines_skipped = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        indexes = [models.Index(fields=["tenant", "created_at"], name="historyimport_tenant_created")]


class ImportedMemory(TenantOwned):
    """An exported memory already imported here, by its id in the export: importing the file again adds
    nothing. Kept when the memory goes (erased, deleted), so a re-import does not bring it back."""

    origin = models.UUIDField()
    memory = models.ForeignKey(Memory, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "origin"], name="importedmemory_unique_origin")]


class ExtractionUsage(TenantOwned):
    """Model calls and tokens spent on extraction per tenant per day: the spend guard's counter."""

    day = models.DateField()
    calls = models.PositiveIntegerField(default=0)
    input_tokens = models.PositiveBigIntegerField(default=0)
    output_tokens = models.PositiveBigIntegerField(default=0)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "day"], name="extractionusage_unique_day")]


class KeySearchDay(TenantOwned):
    """How many searches an API key made on one day, and the last one's time: the agent page's count.
    Counted by ``memories.recall.access.searches_counted`` (``POST /memories/search``, ``/context`` and mem0's
    search; MCP tools reach them through the REST API), off the response's critical path. Counts only: never
    what was asked, nobody's data (it goes with its tenant)."""

    actor = models.CharField(max_length=200)  # key:<prefix>
    day = models.DateField()
    searches = models.PositiveIntegerField(default=0)
    last_at = models.DateTimeField()

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "actor", "day"], name="keysearchday_unique")]


class Feedback(TenantOwned):
    """An agent's word on memories it recalled: useful or not (for ``query``), or a correction."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    memory_ids = models.JSONField(default=list)
    useful = models.BooleanField(null=True)
    correction = models.TextField(blank=True, default="")
    query = models.TextField(blank=True, default="")  # what the agent asked when it recalled them
    reason = models.TextField(blank=True, default="")  # why the agent corrects them (shown beside the proposal)
    actor = models.CharField(max_length=200)
    # The review item of its correction (a pending proposal paired with the memory it corrects), if any.
    review_item = models.ForeignKey(ReviewItem, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        indexes = [models.Index(fields=["tenant", "created_at"], name="feedback_tenant_created")]


class MemoryAccess(models.Model):
    """How often search returned a memory, and when it last did. A narrow table of its own: bumping
    these numbers on the memory row would rewrite its wide tuple and insert into every index of
    memories_memory, HNSW included (docs/recall.md, "Access tracking"); here it is an upsert of a
    narrow row.

    No tenant column: rows are only ever read and written by the ids of memories that a tenant-scoped
    query returned, and they go with their memory (CASCADE)."""

    memory = models.OneToOneField(Memory, primary_key=True, on_delete=models.CASCADE, related_name="+")
    count = models.PositiveIntegerField(default=0)
    last_at = models.DateTimeField(null=True, blank=True)


class SearchRemoval(models.Model):
    """Written only by a trigger (migration 0007): memories of ``scope_id`` were deleted at ``seq``.
    An in-process search index reloads a scope whose latest removal changed (memories/recall/index/cache.py).
    Holds no tenant data (a scope id and a number); ``run_maintenance`` prunes old rows."""

    scope_id = models.UUIDField()
    seq = models.BigIntegerField()
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        indexes = [models.Index(fields=["scope_id", "seq"], name="searchremoval_scope_seq"),
                   models.Index(fields=["created_at"], name="searchremoval_created")]


class ExportRun(TenantOwned):
    """One JSONL audit export file (one per tenant and window; a re-run regenerates it in place)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    window_start = models.DateTimeField()
    window_end = models.DateTimeField()
    schema_version = models.CharField(max_length=16)
    file_path = models.CharField(max_length=500)
    manifest = models.JSONField(default=dict)
    sha256 = models.CharField(max_length=64)
    line_count = models.PositiveIntegerField(default=0)
    size_bytes = models.PositiveBigIntegerField(default=0)
    # Which Subjects' data the file holds, by their random UUIDs (no personal identifier is kept here),
    # so an erasure receipt can list the exports that predate it and still contain the person.
    subject_ids = ArrayField(models.UUIDField(), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # Set when a person whose data the file holds is erased after it was made (docs/compliance.md): the file
    # must be re-issued (rewritten without them) or deleted. ``flagged_erasures`` counts those erasures.
    flagged_at = models.DateTimeField(null=True, blank=True)
    flagged_erasures = models.PositiveIntegerField(default=0)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "window_start", "window_end"],
                                               name="exportrun_unique_window")]


class WorkerHeartbeat(models.Model):
    """The last sign of life of each background worker (``manage.py run_worker``), across tenants:
    GET /healthz and /metrics tell a queue that waits because no worker runs from one that is busy."""

    worker_id = models.CharField(primary_key=True, max_length=64)
    hostname = models.CharField(max_length=255)
    pid = models.PositiveIntegerField()
    started_at = models.DateTimeField(default=timezone.now)
    beat_at = models.DateTimeField(default=timezone.now, db_index=True)


class ScheduledRun(models.Model):
    """One period's run of a schedule the worker keeps (``memories.compliance.schedule``), across tenants: the
    row is written with the task it enqueues, and the unique (schedule, period) lets only one worker do so."""

    schedule = models.CharField(max_length=64)
    period = models.CharField(max_length=32)  # e.g. "2026-12-04T20" for an hourly schedule
    enqueued_at = models.DateTimeField(default=timezone.now)
    task_result_id = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["schedule", "period"], name="scheduledrun_unique_period")]
        indexes = [models.Index(fields=["schedule", "-enqueued_at"], name="scheduledrun_latest")]


class ReviewBulk(TenantOwned):
    """One decision for every review item a filter matched ("Accept all 400 matching"), made by the worker item
    by item (``memories.write.review_bulk``), with its progress, and undone as a whole if asked. Holds ids and
    counts only: what the items say stays on the items."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    action = models.CharField(max_length=16, choices=ReviewResolution.choices)
    actor = models.CharField(max_length=200)
    undone_by = models.CharField(max_length=200, blank=True, default="")
    status = models.CharField(max_length=16, choices=BulkStatus.choices, default=BulkStatus.QUEUED)
    item_ids = ArrayField(models.UUIDField(), default=list)  # in the queue's order, as the person confirmed them
    undo_ids = ArrayField(models.UUIDField(), default=list)  # the items it resolved, latest first (set by undo)
    filtered_by = ArrayField(models.CharField(max_length=32), default=list, blank=True)  # filter names, no values
    processed = models.PositiveIntegerField(default=0)  # items done in the current phase (decide, then undo)
    counts = models.JSONField(default=dict)  # resolved, skipped, refused; then reopened, kept
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta(TenantOwned.Meta):
        indexes = [models.Index(fields=["tenant", "-created_at"], name="reviewbulk_latest")]

    @property
    def total(self) -> int:
        return len(self.undo_ids) if self.status in (BulkStatus.UNDO_QUEUED, BulkStatus.UNDOING,
                                                      BulkStatus.UNDONE) else len(self.item_ids)

    @property
    def active(self) -> bool:
        return self.status not in (BulkStatus.DONE, BulkStatus.UNDONE)
