"""Erasure reaches the memories that name a person without being about them (GDPR Art. 17).

"Joanna said Nate is training for a marathon." is Joanna's memory, yet it names Nate: erasing Nate must not
leave his name in it. The memories that name the person (``mentioning``): the ones whose mentions
(``MemoryMention``: memories/write/mentions.py) are the person, by link or by one of their names (external id,
aliases, the names their mentions were found under), and any whose content or history holds one of those names
as a word (what the people reader missed). Their own memories are erased as before (``subjects.py``).

What happens to each (``MentionAction``), the default first:
- ``redact``: each of the person's names becomes a marker, "[erased person]" ("[已删除的人]" in Chinese text), in
  the content, the search words, every version, the metadata and the review notes; the vectors are computed again
  from the redacted text; the mentions and slots are read again. The memory stays where it was, live or not.
- ``delete``: the memory goes with its versions, vectors and review items. The default for a memory that is only
  about the person: once redacted it names nobody, no speaker ("I", "my", "我") and no role ("my cousin").
- ``keep``: an administrator keeps it unchanged, with a reason (an audit event on the memory).

The receipt counts each (``mentions_redacted``, ``mentions_deleted``, ``mentions_kept``); the preview
(``mentions_preview``) lists the memories and what would happen to each.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from memories.choices import LIVE_STATUSES, MentionAction
from memories.embeddings import embed_all
from memories.models import Feedback, Memory, MemoryMention, MemoryVersion, ReviewItem, text_rules_version
from memories.write import text
from memories.write.mentions import mentions_replace
from memories.write.people import memory_speaker, owner_keys, people_of, speaker_of
from memories.write.slots import slot_keys, slots_of
from memories.write.vectors import primary_fields, secondary_rows, vectors_save
from tenants.audit import audit
from tenants.idempotency import answers_forget
from tenants.models import Subject

MARK_EN = "[erased person]"
MARK_ZH = "[已删除的人]"
_ID_ONLY = re.compile(r"[\d\W_]+")
_SPEAKER = re.compile(r"(?i)\b(?:i|i'm|i've|me|my|mine|we|our|us|the user|user)\b|我|用户|咱")


MENTION_ACTIONS = list(MentionAction)


@dataclass(frozen=True)
class MentionChoice:
    """An administrator's choice for one memory that names the person (``reason``: why it is kept)."""

    action: MentionAction
    reason: str = ""


def person_names(subject: Subject) -> list[str]:
    """The names the person goes by, case-folded, longest first: external id (unless it is only digits and
    punctuation), aliases, and the names their mentions were found under."""
    names = {subject.external_id.casefold(), *(a.casefold() for a in subject.aliases or [])}
    names |= set(MemoryMention.objects.filter(subject=subject).values_list("name", flat=True).distinct())
    return sorted({n.strip() for n in names if len(n.strip()) >= 2 and not _ID_ONLY.fullmatch(n)
                   and not n.startswith("~")}, key=lambda n: (-len(n), n))


def _pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    parts = [re.escape(n) if text.has_cjk(n) else rf"(?<![\w]){re.escape(n)}(?:['’]s)?(?![\w])" for n in names]
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def redact(content: str, pattern: re.Pattern[str]) -> str:
    marker = MARK_ZH if text.has_cjk(content) else MARK_EN
    return pattern.sub(lambda m: marker + ("'s" if m.group().endswith(("'s", "’s")) else ""), content)


def mentioning(subject: Subject, own: QuerySet[Memory]) -> list[Memory]:
    """Other people's memories that name the person, in their content, an earlier version or the words they were
    drawn from (``text.said_in``) (``own``: the person's memories, erased anyway)."""
    names = person_names(subject)
    pattern = _pattern(names)
    if pattern is None:
        return []
    by_text = Q()
    for name in names:
        by_text |= (Q(content__icontains=name) | Q(versions__content__icontains=name)
                    | Q(metadata__extraction__said__icontains=name)
                    | Q(metadata__extraction__replies_to__icontains=name))
    linked = MemoryMention.objects.filter(Q(subject=subject) | Q(name__in=names)).values("memory_id")
    found = (Memory.objects.filter(Q(pk__in=linked) | by_text).exclude(pk__in=own.values("pk"))
             .select_related("scope", "subject").distinct().order_by("created_at", "id"))
    return [m for m in found if pattern.search(m.content) or pattern.search(text.said_in(m.metadata)) or any(
        pattern.search(c) for c in MemoryVersion.objects.filter(memory=m).values_list("content", flat=True))]


def default_action(memory: Memory, pattern: re.Pattern[str]) -> MentionAction:
    """Delete what is only about the person (once redacted it names nobody, no speaker, no role); else redact
    (a memory whose earlier versions only name them, too)."""
    if not pattern.search(memory.content):
        return MentionAction.REDACT
    redacted = redact(memory.content, pattern).replace(MARK_EN, " ").replace(MARK_ZH, " ")
    if people_of(redacted) or _SPEAKER.search(redacted):
        return MentionAction.REDACT
    return MentionAction.DELETE


def mentions_plan(subject: Subject, own: QuerySet[Memory],
                  choices: Mapping[str, MentionChoice] | None = None) -> list[tuple[Memory, MentionChoice]]:
    """Each memory that names the person and what happens to it: the administrator's choice (by memory id),
    else the default."""
    pattern = _pattern(person_names(subject))
    chosen = {str(k): v for k, v in (choices or {}).items()}
    plan = []
    for memory in mentioning(subject, own):
        assert pattern is not None
        plan.append((memory, chosen.get(str(memory.pk)) or MentionChoice(default_action(memory, pattern))))
    return plan


def mentions_preview(subject: Subject, own: QuerySet[Memory]) -> list[dict[str, Any]]:
    return [{"memory_id": str(m.pk), "scope": m.scope.path, "content": m.content, "status": m.status,
             "action": choice.action.value} for m, choice in mentions_plan(subject, own)]


def mentions_apply(subject: Subject, plan: list[tuple[Memory, MentionChoice]], actor: str) -> dict[str, Any]:
    """Carry out the plan, in the erasure's transaction, before the person's own memories go. Answers the
    counts and, per memory, its id and the action (no content)."""
    pattern = _pattern(person_names(subject))
    counts = {"mentions_redacted": 0, "mentions_deleted": 0, "mentions_kept": 0}
    done: list[dict[str, str]] = []
    to_delete: list[uuid.UUID] = []
    for memory, choice in plan:
        action = choice.action
        if action is MentionAction.REDACT and pattern is not None and not _redact_memory(memory, pattern, actor):
            action = MentionAction.DELETE  # redacted, it would be a twin of another live memory of its scope
        if action is MentionAction.DELETE:
            to_delete.append(memory.pk)
        elif action is MentionAction.KEEP:
            audit("memory.kept_at_erasure", actor=actor, target_type="memory", target_id=memory.pk,
                  data={"reason": choice.reason[:500]})
        counts[_COUNTED[action]] += 1
        done.append({"memory_id": str(memory.pk), "action": action.value})
    if to_delete:
        ReviewItem.objects.filter(Q(memory_id__in=to_delete) | Q(other_memory_id__in=to_delete)).delete()
        Memory.objects.filter(pk__in=to_delete).delete()
    # Remembered API answers (Idempotency-Key replays) may hold the content as it was.
    answers_forget([m.pk for m, choice in plan if choice.action is not MentionAction.KEEP])
    return {"counts": counts, "mentions": done}


_COUNTED = {MentionAction.REDACT: "mentions_redacted", MentionAction.DELETE: "mentions_deleted",
            MentionAction.KEEP: "mentions_kept"}


def _redact_memory(memory: Memory, pattern: re.Pattern[str], actor: str) -> bool:
    content = redact(memory.content, pattern)
    indexed = text.normalise_content(content)
    content_hash = text.content_hash(indexed)
    if (memory.key is None and memory.status in LIVE_STATUSES
            and Memory.objects.filter(scope_id=memory.scope_id, content_hash=content_hash, key__isnull=True,
                                      status__in=LIVE_STATUSES).exclude(pk=memory.pk).exists()):
        return False
    embedded = embed_all([indexed])[0]
    metadata = _redact_json(memory.metadata, pattern)
    Memory.objects.filter(pk=memory.pk).update(
        content=content, content_hash=content_hash, search_text=text.indexed_words(indexed, text.said_in(metadata)),
        search_text_version=text_rules_version(), metadata=metadata,
        slots=owner_keys(slot_keys(slots_of(indexed, memory_speaker(memory))), speaker_of(memory), memory.scope.path),
        **primary_fields(embedded))
    memory.content = content
    vectors_save(secondary_rows(memory, embedded), replacing=[memory])
    for version in MemoryVersion.objects.filter(memory=memory):
        MemoryVersion.objects.filter(pk=version.pk).update(
            content=redact(version.content, pattern), metadata=_redact_json(version.metadata, pattern),
            reason=redact(version.reason, pattern), reason_params=_redact_json(version.reason_params, pattern))
    for item in ReviewItem.objects.filter(Q(memory=memory) | Q(other_memory=memory)):
        ReviewItem.objects.filter(pk=item.pk).update(
            reason=redact(item.reason, pattern), reason_params=_redact_json(item.reason_params, pattern),
            resolution_params=_redact_json(item.resolution_params, pattern))
    for feedback in Feedback.objects.filter(memory_ids__contains=[str(memory.pk)]):
        Feedback.objects.filter(pk=feedback.pk).update(
            correction=redact(feedback.correction, pattern), query=redact(feedback.query, pattern),
            reason=redact(feedback.reason, pattern))
    mentions_replace(memory)
    audit("memory.redacted", actor=actor, target_type="memory", target_id=memory.pk, data={"via": "erasure"})
    return True


def _redact_json(value: Any, pattern: re.Pattern[str]) -> Any:
    if not value:
        return value
    return json.loads(redact(json.dumps(value, ensure_ascii=False), pattern))
