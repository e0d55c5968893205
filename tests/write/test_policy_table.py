"""The conflict policy's table (``memories.write.policy``'s docstring), row by row, on the pure function."""

from __future__ import annotations

import pytest

from memories.write.policy import Action, Candidate, Related, conflict_decide, same_wording

THRESHOLD = 0.8
NEAR = 0.92
HIGH, LOW = 0.9, 0.5


def related(*, type: str = "fact", confidence: float = HIGH, status: str = "active", provenance: str = "stated",
            same_content: bool = False, same_entity: bool = True, similarity: float = 0.5,
            word_overlap: float = 1.0, same_wording: bool = False, corrected: bool = False) -> Related:
    return Related(type=type, confidence=confidence, provenance=provenance, status=status,
                   same_content=same_content, same_entity=same_entity, similarity=similarity,
                   word_overlap=word_overlap, same_wording=same_wording, corrected=corrected)


def decide(new: Candidate, found: list[Related]) -> Action:
    return conflict_decide(new, found, threshold=THRESHOLD, near_duplicate=NEAR, min_word_overlap=0.5).action


# (situation, new write, what it relates to, expected action) — one line per row of the table.
TABLE = [
    ("same content (dup key), any confidence", Candidate("fact", LOW, "stated"),
     [related(same_content=True, confidence=LOW)], Action.DUPLICATE),
    ("same fact newer, old high, new high", Candidate("fact", HIGH, "stated"), [related()], Action.SUPERSEDED),
    ("same fact newer, old high, new low", Candidate("fact", LOW, "stated"), [related()], Action.PENDING),
    ("same fact newer, old low, new high", Candidate("fact", HIGH, "stated"), [related(confidence=LOW)],
     Action.UPDATED),
    ("same fact newer, old low, new low", Candidate("fact", LOW, "stated"), [related(confidence=LOW)],
     Action.PENDING),
    ("preference, same wording, any confidence", Candidate("preference", HIGH, "stated"),
     [related(type="preference", same_entity=False, similarity=0.3, word_overlap=0.4, same_wording=True)],
     Action.PENDING),
    ("contradicting preference, old high", Candidate("preference", HIGH, "stated"), [related(type="preference")],
     Action.CONFLICT),
    ("contradicting preference, old low, new low", Candidate("preference", LOW, "stated"),
     [related(type="preference", confidence=LOW)], Action.CONFLICT),
    ("nothing related, new high", Candidate("fact", HIGH, "stated"), [], Action.CREATED),
    ("nothing related, new low", Candidate("fact", LOW, "stated"), [], Action.PENDING),
    ("nothing related, a message kept as said", Candidate("fact", LOW, "stated", observation=True), [],
     Action.CREATED),
    ("same fact, a message kept as said", Candidate("fact", LOW, "stated", observation=True), [related()],
     Action.PENDING),
    ("nothing related, an inferred observation", Candidate("fact", LOW, "inferred", observation=True), [],
     Action.PENDING),
    ("agent correction of it, nothing alike", Candidate("fact", LOW, "inferred"),
     [related(corrected=True, same_entity=False, similarity=0.0, word_overlap=0.0)], Action.PENDING),
    ("agent correction of it, new high", Candidate("fact", HIGH, "stated"),
     [related(corrected=True, confidence=LOW)], Action.PENDING),
    ("agent correction of a preference", Candidate("preference", LOW, "inferred"),
     [related(type="preference", corrected=True)], Action.PENDING),
    ("agent correction saying what it says", Candidate("fact", LOW, "inferred"),
     [related(corrected=True, same_content=True)], Action.DUPLICATE),
]


@pytest.mark.parametrize(("situation", "new", "found", "expected"), TABLE, ids=[row[0] for row in TABLE])
def test_it_follows_the_policy_table(situation: str, new: Candidate, found: list[Related], expected: Action) -> None:
    assert decide(new, found) is expected


def test_it_never_treats_an_inferred_memory_as_high() -> None:
    inferred = Candidate("fact", 0.99, "inferred")
    assert decide(inferred, []) is Action.PENDING
    assert decide(inferred, [related(confidence=LOW)]) is Action.PENDING  # would be "updated" if stated


def test_it_treats_a_pending_old_memory_as_low() -> None:
    assert decide(Candidate("fact", HIGH, "stated"), [related(status="pending")]) is Action.UPDATED
    # A pending preference is not a live contradiction: the stated, high one replaces it.
    assert decide(Candidate("preference", HIGH, "stated"), [related(type="preference", status="pending")]) \
        is Action.UPDATED


def test_it_needs_the_vector_and_the_words_to_call_two_texts_the_same_fact() -> None:
    near_but_other_words = related(same_entity=False, similarity=0.99, word_overlap=0.1)
    assert decide(Candidate("fact", HIGH, "stated"), [near_but_other_words]) is Action.CREATED
    near_and_same_words = related(same_entity=False, similarity=0.95, word_overlap=0.8)
    assert decide(Candidate("fact", HIGH, "stated"), [near_and_same_words]) is Action.SUPERSEDED
    other_type = related(type="task")
    assert decide(Candidate("fact", HIGH, "stated"), [other_type]) is Action.CREATED


def test_the_same_words_are_no_contradiction_and_retire_nothing() -> None:
    """A preference reworded ("after 10am" / "after 10 am") waits beside the old one, offered as a merge;
    among a chain about one entity it relates to the memory it rewords."""
    other = related(type="preference")
    reworded = related(type="preference", same_entity=False, similarity=0.97, same_wording=True)
    found = conflict_decide(Candidate("preference", HIGH, "stated"), [other, reworded], threshold=THRESHOLD,
                            near_duplicate=NEAR, min_word_overlap=0.5)
    assert found.action is Action.PENDING and found.related is reworded
    # For facts the table's own rows hold: the same words are evidence that the new one replaces the old.
    assert decide(Candidate("fact", HIGH, "stated"), [related(same_entity=False, same_wording=True)]) \
        is Action.SUPERSEDED


@pytest.mark.parametrize(("a", "b", "same"), [
    ("alic prefer meet after 10am", "alic prefer meet after 10 am", True),
    ("like tea", "like tea", True),
    ("prefer dark theme", "prefer light theme", False),
    ("meet after 10am", "meet after 11am", False),
    ("", "", False),
])
def test_same_wording_sets_aside_spacing_only(a: str, b: str, same: bool) -> None:
    assert same_wording(a, b) is same
def test_it_pairs_a_correction_with_what_it_corrects_not_with_a_closer_memory() -> None:
    closer = related(similarity=0.99)
    corrected = related(corrected=True, same_entity=False, similarity=0.0)
    decision = conflict_decide(Candidate("fact", LOW, "inferred"), [closer, corrected], threshold=THRESHOLD,
                               near_duplicate=NEAR)
    assert decision.action is Action.PENDING and decision.related is corrected
