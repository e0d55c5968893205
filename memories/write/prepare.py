"""Preparing writes: validate, refuse or redact secrets, normalise, embed — before any transaction.

Slow work (the embedding) happens here, so the write transaction that follows never waits on it.

What is stored and what is indexed (``stored_and_indexed``): a keyed memory is an exact address, so its content
is kept byte for byte as sent (blank lines, indentation, trailing newlines, ``\r``; only secrets are redacted);
a memory without a key is stored normalised (``text.normalise_content``). Either way the normalised text is what
is indexed and compared: the duplicate key (``content_hash``), ``search_text`` and the embeddings.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
from django.conf import settings
from django.utils import timezone

from memories.choices import MemoryType, Provenance
from memories.embeddings import Embedded, embed_all, embed_primary_first, get_embedder
from memories.models import Memory, Scope
from memories.write import redaction, text, validation
from memories.write.mentions import PEOPLE_RULES_VERSION, known_names, people_in
from memories.write.people import Person, owner_keys, slot_speaker
from memories.write.slots import Slot, slot_keys, slots_of
from memories.write.vectors import primary_fields
from mnemara.kernel.errors import TooLarge, ValidationFailed
from tenants.models import Subject
from tenants.paths import validate_scope_path
from tenants.scoping import get_active_tenant


@dataclass(frozen=True)
class Recorded:
    """A memory's state as a Mnemara export recorded it (``memories.extraction.imports``): the decisions of
    the conflict policy and of reviewers were made where it came from, so it is written as it was."""

    status: str
    superseded_by: uuid.UUID | None = None  # the memory of THIS tenant that replaced it


@dataclass
class MemoryInput:
    scope: str
    content: str
    type: str = MemoryType.FACT
    entity: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    confidence: float = 1.0
    provenance: str = Provenance.STATED
    subject: str | None = None
    source_session: str = ""
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    expires_at: datetime | None = None
    key: str | None = None  # an exact address (``memories.write.keyed``); None: not addressed
    recorded: Recorded | None = None
    # An agent's correction (memories/write/feedback.py): the memory it corrects. The write then waits in
    # review paired with that memory, whatever the policy would say otherwise (policy.py, last row).
    corrects: uuid.UUID | None = None
    # A person's own correction in a conversation ("不对，他不是花生过敏，是芒果过敏"; the offline extractor,
    # memories/extraction/corrections.py): the memory it corrects is the same fact, so the policy decides the write
    # as that fact's newer state (superseded when both are high), whatever the texts say.
    replaces: uuid.UUID | None = None


@dataclass
class Prepared:
    """One input after validation and normalisation, with its vectors (computed for the whole batch): one
    per configured model in ``embedded``; ``embedding`` is the primary model's."""

    input: MemoryInput
    content: str  # what is stored: exact for a keyed memory, normalised otherwise
    indexed: str  # what is hashed, searched and embedded: always normalised
    entity: str
    confidence: float
    content_hash: str
    search_text: str
    redacted: list[str]
    embedding: list[float] | np.ndarray | None = None
    embedded: dict[str, Embedded] = field(default_factory=dict)
    slots: tuple[Slot, ...] = ()  # the attribute slots the content fills (memories/write/slots.py)
    people: list[Person] = field(default_factory=list)  # the people it names (memories/write/mentions.py)
    known: dict[str, uuid.UUID] = field(default_factory=dict)  # the batch's known names → subject ids
    # What the lexical index holds (``Memory.search_text``): ``search_text`` and the words of what the memory was
    # drawn from (``text.indexed_words``); "": only its own words.
    searched: str = ""

    @property
    def stored_search_text(self) -> str:
        return self.searched or self.search_text

    @property
    def slot_keys(self) -> list[str]:
        return owner_keys(slot_keys(self.slots), self.input.subject, self.input.scope)


def prepare(item: MemoryInput, threshold: float, prefix: str = "") -> Prepared:
    item.scope = validate_scope_path(item.scope, prefix=prefix)
    validation.validate_content(item.content, prefix)
    validation.validate_choice(item.type, "type", MemoryType, prefix)
    validation.validate_choice(item.provenance, "provenance", Provenance, prefix)
    confidence = validation.validate_confidence(item.confidence, prefix)
    item.metadata = validation.validate_metadata(item.metadata, prefix)
    entity = validation.validate_no_nul(validation.validate_entity(item.entity, prefix), "entity", prefix)
    validation.validate_no_nul(item.content, "content", prefix)
    validation.validate_no_nul(item.source_session or "", "source_session", prefix)
    if item.valid_to and item.valid_from and item.valid_to < item.valid_from:
        raise validation.field_error("valid_to", "valid_to is before valid_from.", prefix)
    if item.subject is not None:
        validation.validate_no_nul(item.subject, "subject", prefix)
    if item.key is not None:
        validation.validate_key(item.key, "key", prefix)
    content, indexed, redacted = stored_and_indexed(item.content, exact=item.key is not None, prefix=prefix)
    if item.provenance == Provenance.INFERRED and confidence >= threshold:
        # Inferred memories never enter as high-confidence facts.
        confidence = round(max(0.0, threshold - 0.01), 4)
    own = text.search_text(indexed)
    return Prepared(item, content, indexed, entity, confidence, text.content_hash(indexed), own,
                    redacted, slots=slots_of(indexed, slot_speaker(item.subject, item.scope)),
                    searched=text.indexed_words(indexed, text.said_in(item.metadata)))


def stored_and_indexed(raw: str, *, exact: bool, prefix: str = "") -> tuple[str, str, list[str]]:
    """(the content to store, the text to index, the kinds of secret redacted) of a validated content.

    ``exact`` (keyed memories): the secrets are redacted in the text as sent, leaving every other byte as it was,
    when that gives the same text as redacting the normalised one. Otherwise a secret shows only once whitespace
    and invisible characters are folded (a key split by a zero-width space, a card number with doubled spaces):
    the content is then stored normalised and redacted — exactness yields to the secrets filter, never the
    other way round. With ``SECRETS_POLICY = "reject"`` a secret found either way refuses the write.
    """
    normalised, redacted = filter_secrets(text.normalise_content(raw), prefix)
    content, indexed = normalised, normalised
    if exact:
        kept, kinds = filter_secrets(raw, prefix)
        if text.normalise_content(kept) == normalised:  # else a secret hides in the formatting
            content, redacted = kept, kinds
    if not indexed:
        raise validation.field_error("content", "Content is empty after normalisation.", prefix)
    return content, indexed, redacted


def filter_secrets(content: str, prefix: str) -> tuple[str, list[str]]:
    cleaned, kinds = redaction.redact(content)
    if kinds and settings.SECRETS_POLICY == "reject":
        raise ValidationFailed(f"{prefix}content contains a secret ({', '.join(sorted(set(kinds)))}); not stored.",
                               code="secret_detected", fields={f"{prefix}content": ["Contains a credential."]})
    return cleaned, kinds


def prepare_inputs(items: Sequence[MemoryInput]) -> list[Prepared]:
    """Validate, normalise and embed by every configured model (at once, each on its own thread)."""
    prepared = _validated(items)
    for p, vectors in zip(prepared, embed_all([p.indexed for p in prepared]), strict=True):
        p.embedded = vectors
        p.embedding = vectors[get_embedder().name].vector
    return prepared


def prepare_inputs_primary_first(items: Sequence[MemoryInput]) -> tuple[list[Prepared], Callable[[], None]]:
    """As ``prepare_inputs``, but each ``Prepared.embedded`` holds only the primary model's vector until
    ``finish()`` (call it before anything compares or stores the other models' vectors): they are computed
    meanwhile on their own thread (``embeddings.embed_primary_first``). For batches: the primary model's
    parallel runs get the cores to themselves."""
    prepared = _validated(items)
    embedded, finish = embed_primary_first([p.indexed for p in prepared])
    for p, vectors in zip(prepared, embedded, strict=True):
        p.embedded = vectors  # the same dicts finish() completes
        p.embedding = vectors[get_embedder().name].vector
    return prepared, finish


def _validated(items: Sequence[MemoryInput]) -> list[Prepared]:
    if len(items) > settings.MAX_BATCH_SIZE:
        raise TooLarge(f"At most {settings.MAX_BATCH_SIZE} memories per request.", code="batch_too_large")
    threshold = get_active_tenant().review_threshold
    many = len(items) > 1
    prepared = [prepare(item, threshold, f"{i}." if many else "") for i, item in enumerate(items)]
    known = known_names([p.indexed for p in prepared])
    for p in prepared:
        p.people, p.known = people_in(p.indexed, known), known
    return prepared


def memory_new(p: Prepared, scope: Scope, subject: Subject | None, status: str) -> Memory:
    item = p.input
    now = timezone.now()
    return Memory(
        scope=scope, subject=subject, type=item.type, content=p.content, content_hash=p.content_hash,
        entity=p.entity, slots=p.slot_keys, people_version=PEOPLE_RULES_VERSION, key=item.key,
        metadata=item.metadata, confidence=p.confidence, provenance=item.provenance,
        status=status, source_session=item.source_session or "", valid_from=item.valid_from or now,
        valid_to=item.valid_to, expires_at=item.expires_at, search_text=p.stored_search_text, created_at=now,
        updated_at=now, superseded_by_id=item.recorded.superseded_by if item.recorded else None,
        **primary_fields(p.embedded),
    )
