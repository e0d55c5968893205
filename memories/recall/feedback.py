"""Feedback from the best hits (docs/recall.md, "Feedback from the best hits"): pseudo-relevance feedback within
the candidate pool. A question's best hits say what its answers look like better than its own few words: "What pet
did Anna adopt?" finds "Anna adopted a golden retriever puppy", and "The retriever puppy chews every shoe", which
the question's words barely reach, is close to that hit (``tests/recall/test_feedback.py``). So after a first
pass (every lever, ``levers.conversation_fusion``) each candidate's vector similarity gains ``RECALL_FEEDBACK`` ×
its dot product with the mean vector of the best ``RECALL_FEEDBACK_SEEDS`` hits (Rocchio's q + β·mean(relevant),
as cos(m, q + β·c) orders as sim(m) + β·m·c with the query's length aside), per embedding model, and the lists
are fused again. No candidate joins and nothing
depends on ``k``: the first n hits stay the same for every k ≥ n.

Only for a query of one part (``parts.query_parts``): a plain question. A dialogue (an agent's conversation so far)
already says in its many turns what it is about, and its best hits are the user's other events (MADial English
as plain content: 0.733 → 0.720 with it); a compound question or a comparison is already several searches, each
part's best hits about one side of it (the Chinese development set: compound 0.517 → 0.483, comparison 0.620 →
0.540 with it). Both search paths give the same values: the seeds' vectors and the candidates' similarities to their
mean come from the in-process index or from SQL (``CandidateSource.vectors_of``, ``similarities``)."""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence

import numpy as np
from django.conf import settings

from memories.embeddings import ModelProfile
from memories.recall.parts import Part
from memories.recall.rank import Candidate, Key, calibrated_values, calibration
from memories.recall.sources import CandidateSource


def applies(parts: Sequence[Part], mode: str) -> bool:
    """Whether a search gets feedback: the lever on, vectors searched, a query of one part."""
    return settings.RECALL_FEEDBACK > 0 and mode != "lexical" and len(parts) == 1


def vector_values(candidates: Mapping[Key, Candidate], profiles: Mapping[str, ModelProfile],
                  fused: Mapping[Key, float], source: CandidateSource) -> dict[Key, float | None]:
    """Each candidate's vector value for the second fusion (``rank.fuse_zscore``): the calibrated similarity
    (``ModelProfile.calibrated``) of ``sim(m) + RECALL_FEEDBACK · |c| · cos(m, c)``, c the mean vector, by the
    model that judged m, of the best ``RECALL_FEEDBACK_SEEDS`` of ``fused`` (ties: id); None where no model
    reads the pair, as ``rank.vector_value``."""
    values = calibrated_values(candidates, profiles)
    beta = float(settings.RECALL_FEEDBACK)
    # the best first, ties by id: (-score, key) pairs compared as they are, no key function per candidate
    seeds = [pk for _, pk in heapq.nsmallest(max(1, int(settings.RECALL_FEEDBACK_SEEDS)),
                                             [(-value, pk) for pk, value in fused.items()])]
    for model in sorted({c.model for c in candidates.values() if c.model in profiles}):
        tops = list(source.vectors_of([candidates[pk].id for pk in seeds], model).values())
        if not tops:
            continue
        centre = np.mean(np.stack(tops).astype(np.float64), axis=0)
        norm = float(np.linalg.norm(centre))
        if norm <= 1e-9:
            continue
        ids = [c.id for c in candidates.values() if c.model == model]
        unrelated, divisor = calibration({model: profiles[model]})[model]  # ``ModelProfile.calibrated``, inline
        for key, cosine in source.similarities(ids, model, (centre / norm).tolist()).items():
            values[key] = (candidates[key].similarity + beta * norm * cosine - unrelated) / divisor
    return values
