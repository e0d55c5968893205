"""Extraction orchestration: a job's turns → an extractor → screened candidates → the one write flow.

    claim (short transaction: running, attempts+1, watchdog armed)
    → load the turns and the related memories (reads, no transaction)
    → extract (+ summarise for session jobs): the LLM call, NO transaction open
    → memory_create(items, job_id=…, after_write=finish): the memories, the session's progress and the
      job's success commit in ONE transaction, fenced by the job's status and attempt number.

Which extractor runs is decided at claim time and recorded on the job: Claude when
``ANTHROPIC_API_KEY`` is set, the offline rules otherwise.
"""

from __future__ import annotations

import itertools
import logging
import re
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from memories.choices import LIVE_STATUSES, JobKind, Status
from memories.extraction import jobs
from memories.extraction.candidates import (
    Candidate,
    ExtractionError,
    Extractor,
    KnownMemory,
    TransientError,
    Turn,
)
from memories.extraction.corrections import corrected_values
from memories.extraction.jobs import Claim
from memories.extraction.offline import OfflineExtractor, Skip
from memories.models import Job, Memory, Session, SessionTurn
from memories.recall.search import memory_search
from memories.write import redaction
from memories.write.flow import WriteResult, memory_create
from memories.write.prepare import MemoryInput
from mnemara.kernel.errors import ServiceError

logger = logging.getLogger(__name__)

CONTEXT_TURNS = 4
KNOWN_MEMORIES = 10
SAID_MAX_CHARS = 2000  # of a memory's source turns kept in its metadata (``said``)
#: A turn that asks something: a question mark, in either script.
_ASKED = re.compile(r"[?？]")


def get_extractor(name: str) -> Extractor:
    if name != "claude":
        return OfflineExtractor()
    # Imported here: the anthropic SDK is ~45 MB of modules, and only the worker ever calls Claude (a web
    # process imports this module for the task's definition).
    from memories.extraction.claude import ClaudeExtractor

    return ClaudeExtractor()


@dataclass
class Work:
    scope_path: str
    subject: str | None
    source_session: str
    turns: list[Turn]
    context: list[Turn]
    summarise: bool
    previous_summary: str = ""


@dataclass
class Outcome:
    candidates: list[Candidate]
    summary: str | None
    #: The turns that gave no memory, and why.
    skipped: list[Skip] = field(default_factory=list)
    #: Set when Claude failed and the offline extractor took over this batch: Claude's error.
    fallback: str = ""


# --------------------------------------------------------------------------- inputs

def _within_budget(turns: list[Turn], budget: int) -> list[Turn]:
    """The newest turns that fit the transcript budget (a huge session must not make a huge prompt)."""
    kept: list[Turn] = []
    used = 0
    for turn in reversed(turns):
        used += len(turn.content)
        if kept and used > budget:
            break
        kept.insert(0, turn)
    return kept


def load_work(job: Job) -> Work:
    scope_path = job.scope.path if job.scope else ""
    subject = job.subject.external_id if job.subject else None
    if job.kind == JobKind.EXTRACT:
        # A one-off conversation: its own source_session, its turns in order (docs/recall.md, "Levers").
        turns = [Turn(i, m["role"], m["content"], datetime.fromisoformat(m["created_at"]) if m.get("created_at")
                      else job.created_at + timedelta(microseconds=i), m.get("name") or None)
                 for i, m in enumerate(job.input.get("messages", []), start=1)]
        return Work(scope_path, subject, f"extract/{job.pk}",
                    _within_budget(turns, settings.EXTRACTION_MAX_TRANSCRIPT_CHARS), [], summarise=False)
    session = Session.objects.filter(pk=job.session_id).first() if job.session_id else None
    if session is None:
        raise ExtractionError("the session no longer exists", code="session_gone")
    first, last = int(job.input["from_seq"]), int(job.input["to_seq"])
    rows = SessionTurn.objects.filter(session=session, seq__gte=max(1, first - CONTEXT_TURNS), seq__lte=last)
    all_turns = [Turn(r.seq, r.role, r.content, r.created_at, r.name or None) for r in rows.order_by("seq")]
    turns = _within_budget([t for t in all_turns if t.index >= first], settings.EXTRACTION_MAX_TRANSCRIPT_CHARS)
    return Work(scope_path, subject, session.session_key, turns, [t for t in all_turns if t.index < first],
                summarise=True, previous_summary=session.summary)


def related_memories(scope_path: str, turns: Sequence[Turn], limit: int = KNOWN_MEMORIES) -> list[KnownMemory]:
    """What the scope already knows about this conversation: search hits first, then the newest."""
    found: list[Memory] = []
    query = " ".join(t.content for t in turns if t.role == "user")[:500].strip()
    if query:
        try:
            hits = memory_search(query=query, scopes=[scope_path], k=limit, include_statuses=list(LIVE_STATUSES),
                                 track_access=False)
            found = [hit.memory for hit in hits]
        except ServiceError as exc:  # e.g. a query search refuses; the newest memories still help
            logger.info("no search for this extraction (%s); showing the newest memories only", exc.code)
    recent = (Memory.objects.filter(scope__path=scope_path, status__in=LIVE_STATUSES)
              .exclude(pk__in=[m.pk for m in found]).order_by("-updated_at")[:limit])
    found = [*found, *recent][:limit]
    return [KnownMemory(ref=i, id=m.pk, type=m.type, entity=m.entity, content=m.content, status=m.status)
            for i, m in enumerate(found, start=1)]


def recent_memories(scope_path: str, limit: int = KNOWN_MEMORIES) -> list[KnownMemory]:
    """The scope's newest live memories (what the offline extractor is shown)."""
    rows = Memory.objects.filter(scope__path=scope_path, status__in=LIVE_STATUSES).order_by("-updated_at")[:limit]
    return [KnownMemory(ref=i, id=m.pk, type=m.type, entity=m.entity, content=m.content, status=m.status)
            for i, m in enumerate(rows, start=1)]


def known_for_offline(work: Work, pending: Sequence[Candidate]) -> list[KnownMemory]:
    """The newest memories (``_with_pending``), then the live ones that hold a value the turns correct ("他不是花生
    过敏，是芒果过敏": the allergy told sessions ago), so the correction finds what it corrects."""
    known = _with_pending(pending, recent_memories(work.scope_path))
    seen = {m.id for m in known}
    for value in corrected_values(work.turns)[:3]:
        rows = Memory.objects.filter(scope__path=work.scope_path, status__in=LIVE_STATUSES,
                                     content__icontains=value).order_by("-updated_at")[:3]
        known += [KnownMemory(ref=len(known) + 1, id=m.pk, type=m.type, entity=m.entity, content=m.content,
                              status=m.status) for m in rows if m.pk not in seen]
        seen |= {m.pk for m in rows}
    return known


def _with_pending(pending: Sequence[Candidate], stored: Sequence[KnownMemory]) -> list[KnownMemory]:
    """Not-yet-written candidates (newest first) before the stored memories, as the newest ``KNOWN_MEMORIES``.
    A pending one has an id of its own that names no memory: the offline rules never answer ``updates``."""
    rows: list[tuple[uuid.UUID, str, str, str, str]] = [
        (uuid.uuid4(), c.type, c.entity, c.content, str(Status.ACTIVE)) for c in reversed(pending)]
    rows += [(m.id, m.type, m.entity, m.content, m.status) for m in stored]
    return [KnownMemory(ref=i, id=pk, type=t, entity=e, content=text, status=status)
            for i, (pk, t, e, text, status) in enumerate(rows[:KNOWN_MEMORIES], start=1)]


def screen(candidates: Sequence[Candidate], turns: Sequence[Turn]) -> list[Candidate]:
    """Keep candidates backed by a person's turn of this batch (a user's, or a named speaker's): the assistant's
    words alone never count as facts about the user, save an action the assistant reports it took for them
    (``about == "assistant"``: "The assistant booked …")."""
    person_turns = {t.index for t in turns if t.role == "user" or t.name}
    assistant_turns = {t.index for t in turns if t.role == "assistant"} - declined(turns)
    kept = []
    for candidate in candidates:
        if person_turns.intersection(candidate.source_turns) or (
                candidate.about == "assistant" and assistant_turns.issuperset(candidate.source_turns)
                and candidate.source_turns):
            kept.append(candidate)
        else:
            logger.info("dropped a %s candidate with no user turn among its sources", candidate.type)
    return kept


#: A user's turn that turns down the assistant's suggestion before it ("nah, I prefer comedy podcasts", "not a big
#: fan of thrillers", "already read it", "不用了", "不太喜欢"): the suggestion is kept as no answer of the user's.
_DECLINED = re.compile(r"(?i)^\W*(?:nah|nope|no(?:\s+thanks?)?[,.!]|not\s+(?:really|a\s+(?:big\s+|huge\s+)?fan|for\s+me"
                       r"|my\s+thing)|i'?m\s+not\s+(?:a\s+(?:big\s+|huge\s+)?fan|into|keen|really\s+into)|i\s+(?:don'?t|do\s+not)"
                       r"\s+(?:like|eat|drink|watch|read|really\s+like|fancy)|i'?ve\s+(?:already|seen|read|been|tried)"
                       r"|already\s+(?:seen|read|tried|been|done|have|got)|been\s+there|seen\s+(?:it|those|them|that)"
                       r"|read\s+(?:it|those|them|that)|meh)\b|^(?:不用了|不要|不太喜欢|不喜欢|算了|看过了|去过了)")


def declined(turns: Sequence[Turn]) -> set[int]:
    """The assistant's turns whose suggestion the user's next turn turns down (``_DECLINED``)."""
    found = set()
    for before, after in itertools.pairwise(turns):
        if before.role == "assistant" and not before.name and after.role == "user" and \
                _DECLINED.search(after.content.strip()):
            found.add(before.index)
    return found


def said_at(candidate: Candidate, work: Work) -> datetime | None:
    """When a candidate became true: the time of the latest turn it names as a source (both extractors
    name them: the rules the user turn they read, Claude its ``source_turns``); when it names none
    we know, the latest turn of the batch. A user's later confirmation of an assistant's suggestion
    makes it true when confirmed, hence the latest."""
    times = {t.index: t.created_at for t in [*work.context, *work.turns] if t.created_at is not None}
    named = [times[i] for i in candidate.source_turns if i in times]
    batch = [t.created_at for t in work.turns if t.created_at is not None]
    said = max(named) if named else max(batch) if batch else None
    if candidate.valid_from is not None:  # a past day the statement names ("yesterday"), never after it was said
        return min(candidate.valid_from, said) if said else candidate.valid_from
    return said


def memory_inputs(candidates: Sequence[Candidate], work: Work, known: Sequence[KnownMemory], job: Job,
                  extractor: str) -> list[MemoryInput]:
    by_id = {m.id: m for m in known}
    sourced = {i for c in candidates for i in c.source_turns}
    items = []
    for c in candidates:
        entity = c.entity
        updated = by_id.get(c.updates) if c.updates else None
        if updated is not None and updated.type == c.type and updated.entity:
            entity = updated.entity  # the same key, so the conflict policy sees "the same thing, changed"
        items.append(MemoryInput(
            scope=work.scope_path, content=c.content, type=c.type, entity=entity, confidence=c.confidence,
            provenance=c.provenance, subject=subject_of(c, work), source_session=work.source_session,
            replaces=c.updates if extractor == OfflineExtractor.name and updated is not None else None,
            valid_from=said_at(c, work),
            # ``said`` comes last: its ``turns`` (with the question answered) stand for the candidate's own
            metadata={**job.input.get("metadata", {}), "extraction": {**provenance(c, job, extractor),
                                                                      **said(c, work, sourced)}}))
    return items


def subject_of(c: Candidate, work: Work) -> str | None:
    """Whom a memory is about: the session's subject; in a session with none, the named speaker whose turn it came
    from (a chat between named people: each one's statements are theirs, as their turns are), so recall's levers
    that read a conversation's speakers (the named subject, the contextual word field of replies) work for the
    extracted memories as for the turns. An action the assistant took has no speaker subject."""
    if work.subject:
        return work.subject
    names = {t.index: t.name for t in work.turns if t.name}
    speakers = {names[i] for i in c.source_turns if i in names}
    return speakers.pop() if len(speakers) == 1 and c.about != "assistant" else None


def said(c: Candidate, work: Work, sourced: set[int]) -> dict[str, object]:
    """Where a memory came from, in the conversation's own words, secrets redacted: ``said``, the person's turns it
    came from (its source turns of this batch said by a user or a named speaker), and ``replies_to``, the turn just
    before them when someone else said it and it gave no memory of its own (``sourced``: the batch's source turns),
    as the question a reply answers ("Did you get a dog?" → "Ana adopted a golden retriever puppy"). The lexical
    index searches both with the statement (``write.text.indexed_words``). When that turn asks something ("?",
    "？"), it is also one of the memory's ``turns`` (before the memory's own): the answer's source is the question
    and the reply together ("What got you into running?" — "… a great way to destress": "where did this come
    from?" names both)."""
    turns = {t.index: t for t in work.turns if t.role == "user" or t.name}
    own = [turns[i] for i in dict.fromkeys(c.source_turns) if i in turns]
    words = " ".join(t.content.strip() for t in own).strip()
    if not words:
        return {}
    out: dict[str, object] = {"said": redaction.redact(words)[0][:SAID_MAX_CHARS]}
    before = {t.index: t for t in [*work.context, *work.turns]}.get(own[0].index - 1)
    if before is not None and before.index not in sourced and (before.name, before.role) != (own[0].name, own[0].role):
        out["replies_to"] = redaction.redact(before.content.strip())[0][:SAID_MAX_CHARS]
        if _ASKED.search(before.content):  # the question it answers is one of its turns
            out["turns"] = list(dict.fromkeys([before.index, *c.source_turns]))
    return out


def provenance(c: Candidate, job: Job, extractor: str) -> dict[str, object]:
    """Where a memory came from, in its metadata: the job, the extractor, the turns, whom and what kind."""
    data: dict[str, object] = {"job": str(job.pk), "extractor": extractor, "turns": list(c.source_turns),
                               "kind": c.kind or c.type}
    if c.about:
        data["speaker"] = c.about
    if c.observation:
        data["observation"] = True
    return data


# --------------------------------------------------------------------------- the job

def extract(claim: Claim, *, pending: Sequence[Candidate] = ()) -> tuple[Work, list[KnownMemory], Outcome]:
    """The slow part: no transaction may be open here (reads autocommit; the LLM call takes seconds).

    ``pending``: what earlier jobs of the same scope found that is not written yet (they are written in one
    batch with this one, ``commit_together``): the offline rules see them as the newest memories, as they
    would had each job been written before the next was read."""
    job = claim.job
    work = load_work(job)
    extractor = get_extractor(job.extractor)
    # Claude is shown what the scope knows about these words (a search); the offline rules only look for a known
    # project or colour preference, which the newest memories hold: no search (it embeds the query) for them.
    known = (related_memories(work.scope_path, work.turns) if extractor.name == "claude"
             else known_for_offline(work, pending)) if work.turns else []
    fallback = ""
    try:
        found = extractor.extract(work.turns, known, work.context)
        summary = extractor.summarise(work.previous_summary, work.turns) if work.summarise else None
    except (ExtractionError, TransientError) as exc:
        last_try = claim.attempt >= settings.JOB_MAX_ATTEMPTS
        if extractor.name != "claude" or (isinstance(exc, TransientError) and not last_try):
            raise  # a transient failure is retried first; the offline extractor's own errors are real errors
        # Claude failed for good (or the spend cap is reached): the offline extractor takes this batch.
        logger.info("claude failed (%s): the offline extractor takes over job %s", exc, job.pk)
        fallback = str(exc)[:300]
        extractor = OfflineExtractor()
        found = extractor.extract(work.turns, known, work.context)
        summary = extractor.summarise(work.previous_summary, work.turns) if work.summarise else None
    candidates = screen(found, work.turns)
    skipped = list(getattr(extractor, "skipped", []))
    return work, known, Outcome(candidates, summary, skipped, fallback)


def _resolution(result: WriteResult, candidate: Candidate) -> dict[str, object]:
    related = [str(r) for r in result.related]
    if candidate.updates and str(candidate.updates) not in related:
        related.append(str(candidate.updates))
    reason = ("observation" if candidate.observation else "assistant" if candidate.about == "assistant"
              else "statement")
    return {"action": str(result.action), "memory": str(result.memory.pk), "related": related,
            "type": result.memory.type, "status": result.memory.status, "turns": list(candidate.source_turns),
            "reason": reason}


def _skipped(skip: Skip) -> dict[str, object]:
    return {"action": "skipped", "memory": None, "related": [], "type": "", "status": "", "turns": [skip.turn],
            "reason": skip.reason}


def _summary_note(resolutions: Sequence[dict[str, object]]) -> str:
    """One line for the session's summary: what the extraction kept, merged and skipped, and why."""
    actions = Counter(str(r["action"]) for r in resolutions)
    skipped = Counter(str(r["reason"]) for r in resolutions if r["action"] == "skipped")
    kept = sum(n for a, n in actions.items() if a != "skipped")
    merged = sum(actions[a] for a in ("duplicate", "updated", "superseded", "conflict") if a in actions)
    why = ", ".join(f"{n} {reason}" for reason, n in skipped.most_common())
    return (f"[extraction] {kept} kept ({merged} merged with known memories), {sum(skipped.values())} turns skipped"
            + (f": {why}" if why else ""))


def _write_plan(claim: Claim, work: Work, known: Sequence[KnownMemory], outcome: Outcome
                ) -> tuple[list[MemoryInput], Callable[[list[WriteResult]], None]]:
    """A job's memories to write, and what to do inside the write's transaction with their results: the
    session's progress and summary, the job's resolutions and success (fenced by its attempt)."""
    job = claim.job
    extractor = "rules" if outcome.fallback else job.extractor
    items = memory_inputs(outcome.candidates, work, known, job, extractor)

    def finish(results: list[WriteResult]) -> None:
        resolutions = [_resolution(r, c) for r, c in zip(results, outcome.candidates, strict=True)]
        resolutions += [_skipped(s) for s in outcome.skipped]
        if job.session_id is not None and job.kind != JobKind.EXTRACT:
            changes: dict[str, object] = {"updated_at": timezone.now(),
                                          "extracted_through": Greatest(F("extracted_through"), job.input["to_seq"])}
            if outcome.summary is not None:
                kept = [line for line in outcome.summary.splitlines() if not line.startswith("[extraction]")]
                changes["summary"] = "\n".join([*kept, _summary_note(resolutions)])
            Session.objects.filter(pk=job.session_id).update(**changes)
        jobs.job_finish(claim, resolutions, note=f"claude_fallback: {outcome.fallback}" if outcome.fallback else "",
                        extractor="rules" if outcome.fallback else None)

    return items, finish


def commit(claim: Claim, work: Work, known: Sequence[KnownMemory], outcome: Outcome) -> list[WriteResult]:
    """Write the memories, the session's progress and the job's success atomically (exactly once)."""
    items, finish = _write_plan(claim, work, known, outcome)
    if not items:
        with transaction.atomic():
            finish([])  # job_finish's conditional update is the fence here
        return []
    extractor = "rules" if outcome.fallback else claim.job.extractor
    return memory_create(items=items, actor=f"system:extraction:{extractor}", job_id=claim.job.pk, after_write=finish)


def commit_together(group: Sequence[tuple[Claim, Work, Sequence[KnownMemory], Outcome]]) -> list[WriteResult]:
    """Several offline jobs' memories in ONE write (``memory_create``'s batch, as a ``POST /memories`` list): one
    embedding batch, one transaction under the scopes' locks, each item seeing the earlier ones (jobs in the
    order they were queued); every job fenced (``JobFenced`` if any was cancelled or re-queued) and finished
    inside that transaction with its own results. All or nothing, as for one job."""
    plans = [_write_plan(claim, work, known, outcome) for claim, work, known, outcome in group]
    bounds: list[tuple[int, int]] = []
    items: list[MemoryInput] = []
    for plan_items, _ in plans:
        bounds.append((len(items), len(items) + len(plan_items)))
        items += plan_items

    def finish_all(results: list[WriteResult]) -> None:
        for (start, end), (_, finish) in zip(bounds, plans, strict=True):
            finish(results[start:end])

    if not items:
        with transaction.atomic():
            finish_all([])
        return []
    return memory_create(items=items, actor="system:extraction:rules", job_id=[c.job.pk for c, *_ in group],
                         after_write=finish_all)


# --------------------------------------------------------------------------- the worker's start

def extraction_warm_up() -> None:
    """What the worker's first job would load, loaded at its start: the offline rules' dictionaries (English and
    Chinese), the write flow's tagger and every embedding model run on a small batch, as a job's write runs them.
    Otherwise the first job after a start waits seconds for them (the web processes warm up the same way)."""
    from memories.embeddings import embedders, warm_up
    from memories.write.anchors import anchors

    texts = ["I moved to Lisbon last spring and I prefer green tea.", "我女儿小雨下个月去上海读大学。"]
    extractor = OfflineExtractor()
    for i, text in enumerate(texts, start=1):
        extractor.extract([Turn(i, "user", text, timezone.now())], [], [])
        anchors(text)
    warm_up()
    for embedder in embedders():
        embedder.embed(texts)
