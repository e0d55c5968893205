"""The conflict policy as one pure function: given a new write and what it relates to, what happens.

| situation                 | old conf | new conf | action                                                 |
|---------------------------|----------|----------|--------------------------------------------------------|
| same content (dup key)    | any      | any      | ``duplicate``: nothing written, the existing one returned |
| same fact, newer          | high     | high     | ``superseded``: new active, old deprecated (superseded_by) |
| same fact, newer          | high     | low      | ``pending``: new goes to review, old untouched          |
| same fact, newer          | low      | high     | ``updated``: old overwritten in place (a new version)   |
| same fact, newer          | low      | low      | ``pending``                                            |
| preference, same wording  | any      | any      | ``pending``: paired with the old one, offered as a merge |
| contradicting preference  | any      | any      | ``conflict``: a pair; newest active, old conflicted |
| nothing related           | -        | high     | ``created``                                            |
| nothing related           | -        | low      | ``pending``                                            |
| an agent's correction of it | any    | any      | ``pending``, paired with the memory it corrects        |
| a person's own correction in a conversation (``MemoryInput.replaces``) | as "same fact, newer" (one entity) | | |
| another value of a slot the old memory fills with others | any | any | ``pending``, paired with it |

An agent's correction (``POST /feedback`` naming the memory, ``Related.corrected``) is decided by a person:
accepting it supersedes the memory it corrects (``memories.write.reviews``), rejecting it keeps that memory.

"Same fact" means same scope and type and either the same ``entity`` key, the same attribute slot filled with
another value (``Related.same_slot``, ``memories/write/slots.py``: "Alex works at Google." / "Alex works at
Microsoft now."; a slot also links a fact, a preference and a task, ``SLOT_TYPES``: "The user likes sushi" /
"The user has gone off sushi lately"; a statement of change fills one with a state said before of the same subject
that holds a word it names, ``memories/write/changes.py``: "The user is a member of a book club." / "The user left
the book club."), or a near-duplicate that names
the same things (``Related.sameness``, ``memories/write/anchors.py``: a different person, object, event
or place is another fact, and so is one that only adds to the other; one that names more than the other and
states another value is ``ambiguous`` and goes to review, nothing retired). Near-duplicates are judged
by the embedding model that reads both texts (``Related.model``; ``memories.embeddings.judge``), at
that model's thresholds (``limits``: cosine similarity and the share of search words both texts must
have in common, Jaccard):

| pair                                  | judged by          | near-duplicate when                      |
|---------------------------------------|--------------------|------------------------------------------|
| both English-like                     | all-MiniLM-L6-v2   | cosine ≥ 0.92 and word overlap ≥ 0.5     |
| either Chinese, or across languages   | USE multilingual   | cosine ≥ 0.75 (it reads both: no word test) |
| no model reads both (vectors missing) | the primary model  | ``near_duplicate`` and ``min_word_overlap`` |

The primary model's vector alone is not trusted for text it cannot read: all-MiniLM reads Chinese as
[UNK] tokens, so "我喜欢喝咖啡" and "我讨厌吃苹果" get cosine 1.0 and one would silently supersede the
other; that is why its judgement needs shared words, and why Chinese goes to USE, which reads it (the
thresholds and how they were tuned: docs/recall.md, "Thresholds per model").
"Same wording" (``Related.same_wording``, ``same_wording``): both texts have the same words once case, spacing,
punctuation and word endings are set aside ("after 10am" / "after 10 am", "Likes tea." / "likes tea"). A
preference in other words is not a contradiction: the new one waits in review beside the old one, offered as
a merge; nothing is retired, since neither says the other is no longer true.
"High" means stated by the user with confidence ≥ the tenant's review threshold; inferred memories are
never high.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from memories.choices import MemoryType, Provenance, Status


class Sameness(StrEnum):
    """Whether two close memories name the same things (``memories.write.anchors.sameness``)."""

    SAME = "same"
    DIFFERENT = "different"
    AMBIGUOUS = "ambiguous"


class Action(StrEnum):
    CREATED = "created"
    UPDATED = "updated"
    DUPLICATE = "duplicate"
    SUPERSEDED = "superseded"
    PENDING = "pending"
    CONFLICT = "conflict"


@dataclass(frozen=True)
class Candidate:
    """A write as the policy sees it; ``observation``: a person's message kept as said, since the extractor could
    make no statement of it (its low confidence says the reading is unsure, not what was said)."""

    type: str
    confidence: float
    provenance: str
    observation: bool = False


@dataclass(frozen=True)
class Related:
    """An existing live memory found for the new write, and how it was found."""

    type: str
    confidence: float
    provenance: str
    status: str
    same_content: bool
    same_entity: bool
    similarity: float
    word_overlap: float = 1.0  # Jaccard of the two texts' search words
    model: str = ""  # the embedding model that judged ``similarity``; "": none reads both (the primary's)
    sameness: Sameness = Sameness.SAME  # whether both name the same things (people, events, places, ...)
    same_wording: bool = False  # the same words, case, spacing, punctuation and endings aside (``same_wording``)
    corrected: bool = False  # the memory an agent's correction names (POST /feedback, memories/write/feedback.py)
    # The attribute slot both fill with different values (``memories.write.slots``), "subject|attribute"; such a
    # pair is decided exactly as two memories of one entity are.
    same_slot: str = ""
    # Whether the new write's slots cover all of the old memory's ("Alex is 34 and lives in Paris." is not
    # replaced by "Alex lives in Berlin.": its age would go with it).
    slot_covers: bool = True
    # Both keyed, to other entities ("preference:吃火锅" / "preference:烧烤").
    other_entity: bool = False

    @property
    def linked(self) -> bool:
        """The same fact by a key: the same ``entity``, or the same attribute slot."""
        return self.same_entity or bool(self.same_slot)


def word_overlap(a: str, b: str) -> float:
    """Jaccard similarity of two space-separated word lists (``Memory.search_text``)."""
    left, right = set(a.split()), set(b.split())
    if not left and not right:
        return 1.0
    return len(left & right) / len(left | right)


def same_wording(a: str, b: str) -> bool:
    """Two texts' search words (``Memory.search_text``: case-folded, stemmed, without punctuation) are the
    same once spacing is set aside too ("10am" / "10 am"); empty texts say nothing."""
    left, right = "".join(a.split()), "".join(b.split())
    return bool(left) and left == right


@dataclass(frozen=True)
class Decision:
    action: Action
    related: Related | None = None


def is_high(confidence: float, provenance: str, threshold: float) -> bool:
    return provenance == Provenance.STATED and confidence >= threshold


def is_near_duplicate(related: Related, near_duplicate: float, min_word_overlap: float,
                      limits: Mapping[str, tuple[float, float]] | None = None) -> bool:
    """``limits`` maps a model to its (near-duplicate cosine, minimum word overlap); a pair no model in it
    judged uses ``near_duplicate`` and ``min_word_overlap``."""
    cosine, overlap = (limits or {}).get(related.model, (near_duplicate, min_word_overlap))
    return related.similarity >= cosine and related.word_overlap >= overlap


def conflict_decide(new: Candidate, related: list[Related], *, threshold: float, near_duplicate: float,
                    min_word_overlap: float = 0.0, limits: Mapping[str, tuple[float, float]] | None = None
                    ) -> Decision:
    """Pick the action of the policy table. ``related`` is ordered best match first: an exact duplicate, then
    an agent's correction, then the same fact (``_same_fact``) decided by the first of ``_SAME_FACT_RULES``
    that applies; nothing related is created (or pending when not high, unless it is a person's message kept as
    said: nothing it could change, and what a person said is searchable at once)."""
    duplicate = next((r for r in related if r.same_content), None)
    if duplicate is not None:
        return Decision(Action.DUPLICATE, duplicate)
    # An agent's correction is evidence, not a decision: whatever the confidences, a person decides it
    # against the memory it names (never a silent overwrite, never a standalone memory).
    corrected = next((r for r in related if r.corrected), None)
    if corrected is not None:
        return Decision(Action.PENDING, corrected)
    same = _same_fact(new, related, near_duplicate, min_word_overlap, limits)
    new_high = is_high(new.confidence, new.provenance, threshold)
    if same is None:
        return Decision(Action.CREATED if new_high or (new.observation and new.provenance == Provenance.STATED)
                        else Action.PENDING)
    return next(found for rule in _SAME_FACT_RULES if (found := rule(new, same, new_high, threshold)) is not None)


def _same_fact(new: Candidate, related: list[Related], near_duplicate: float, min_word_overlap: float,
               limits: Mapping[str, tuple[float, float]] | None) -> Related | None:
    """The related memory that states the same fact, if any. A fact or task that names other things than a
    close one is another fact; a preference stays a conflict pair (both kept, a person asked), since two
    preferences about one topic contradict in other words, unless both are keyed to other topics and name other
    things ("用户喜欢吃火锅" / "用户也喜欢吃烧烤": two likes). The same words first: of a chain about one entity,
    the memory this one rewords is the one it relates to."""
    def same_thing(r: Related) -> bool:
        return r.linked or (is_near_duplicate(r, near_duplicate, min_word_overlap, limits)
                            and (r.sameness is not Sameness.DIFFERENT
                                 or (new.type == MemoryType.PREFERENCE and not r.other_entity)))

    return next((r for r in related if r.type == new.type and r.same_wording), None) or next(
        (r for r in related if (r.type == new.type or _across_types(new, r)) and same_thing(r)), None)


#: The types a person's statements are given (by the extractor, or the caller): one slot filled in two of them is
#: one fact said twice ("The user likes sushi" a preference, "The user has gone off sushi lately" a fact;
#: "下个月去成都出差" a task, "成都出差取消了" a fact).
SLOT_TYPES = frozenset({MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.TASK})


def _across_types(new: Candidate, r: Related) -> bool:
    """Two memories of ``SLOT_TYPES`` that fill one slot with other values: the same fact, whatever their types."""
    return bool(r.same_slot) and {new.type, r.type} <= SLOT_TYPES


def _ambiguous(new: Candidate, same: Related, new_high: bool, threshold: float) -> Decision | None:
    """A near-duplicate that may name other things: a person decides, nothing is retired on a guess."""
    if not same.linked and same.sameness is Sameness.AMBIGUOUS and new.type != MemoryType.PREFERENCE:
        return Decision(Action.PENDING, same)
    return None


def _other_slots(new: Candidate, same: Related, new_high: bool, threshold: float) -> Decision | None:
    """Another value of a slot the old memory fills with others: retiring it would lose its other slots, so a
    person decides. Stated with confidence, the new value is live meanwhile, the pair marked a conflict (the agent
    sees the newer value and that the older one is disputed); otherwise it waits in review."""
    if not same.same_entity and same.same_slot and not same.slot_covers and new.type != MemoryType.PREFERENCE:
        return Decision(Action.CONFLICT if new_high else Action.PENDING, same)
    return None


def _preference(new: Candidate, same: Related, new_high: bool, threshold: float) -> Decision | None:
    """A preference about what a settled one is about: the same in other words contradicts nothing (a person
    merges the two, or keeps one); otherwise a conflict pair."""
    if new.type == MemoryType.PREFERENCE and same.status != Status.PENDING:
        return Decision(Action.PENDING if same.same_wording else Action.CONFLICT, same)
    return None


def _by_confidence(new: Candidate, same: Related, new_high: bool, threshold: float) -> Decision | None:
    """The same fact, newer: both high supersedes, only the new one high overwrites, else a person decides."""
    old_high = same.status != Status.PENDING and is_high(same.confidence, same.provenance, threshold)
    if old_high and new_high:
        return Decision(Action.SUPERSEDED, same)
    if not old_high and new_high:
        return Decision(Action.UPDATED, same)
    return Decision(Action.PENDING, same)


#: The same fact's rules, in order: the first that decides wins (the policy table's rows).
_SAME_FACT_RULES: tuple[Callable[[Candidate, Related, bool, float], Decision | None], ...] = (
    _ambiguous, _other_slots, _preference, _by_confidence)
