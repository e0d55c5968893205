"""The configured models' names and what their similarities mean: each model's thresholds
(``ModelProfile``), and which model judges a pair of texts (``judge``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings

PRIMARY_DEFAULT = "all-MiniLM-L6-v2"
MULTILINGUAL_DEFAULT = "use-multilingual-v3"
# A model reads a text when at least this share of the text's word tokens is known to it (``coverage``).
READS_MIN = 0.5


@dataclass(frozen=True)
class ModelProfile:
    """One model's thresholds: cosine similarities mean different things for different models (USE's
    reworded duplicates score 0.55-0.9, MiniLM's 0.8-0.95). Tuned on data: docs/recall.md, "Thresholds
    per model" (bench/thresholds.py prints the numbers behind them)."""

    near_duplicate: float  # write flow: at least this alike (and ``min_word_overlap``) = the same fact
    min_word_overlap: float  # Jaccard of the search words a near-duplicate must also reach
    merge_suggestion: float  # dashboard: pairs at least this alike are suggested for merging
    floor: float  # recall: a hit this model judged needs at least this similarity ...
    floor_gap: float  # ... and at most this much below the best hit the same model judged
    # ... and (but the best hit) at least this much closer to the query than to its nearest neighbours
    # among the candidates ranked below it (rank.distinctness); None: no such test
    floor_distinct: float | None = None
    reads_cjk: bool = True  # False: CJK characters count as unread even when the vocabulary has them
    # Typical similarity of a question and an unrelated / a related memory: a search that mixes models'
    # judgements puts them on one scale, (similarity − unrelated) / (related − unrelated).
    unrelated: float = 0.2
    related: float = 0.6

    def calibrated(self, similarity: float) -> float:
        return (similarity - self.unrelated) / max(self.related - self.unrelated, 1e-6)


PROFILES: dict[str, ModelProfile] = {
    PRIMARY_DEFAULT: ModelProfile(near_duplicate=0.92, min_word_overlap=0.5, merge_suggestion=0.75,
                                  floor=0.5, floor_gap=0.1, floor_distinct=0.05, reads_cjk=False, unrelated=0.13,
                                  related=0.55),
    MULTILINGUAL_DEFAULT: ModelProfile(near_duplicate=0.75, min_word_overlap=0.0, merge_suggestion=0.65,
                                       floor=0.4, floor_gap=0.15, floor_distinct=0.05, unrelated=0.12,
                                       related=0.44),
    "fake-trigram-384": ModelProfile(near_duplicate=0.92, min_word_overlap=0.5, merge_suggestion=0.8,
                                     floor=0.0, floor_gap=1.0, reads_cjk=False),
}
_OTHER_MODELS = ModelProfile(near_duplicate=0.92, min_word_overlap=0.5, merge_suggestion=0.8, floor=0.0,
                             floor_gap=1.0)


def profile(name: str) -> ModelProfile:
    """The model's thresholds, with the deployment's overrides (``MNEMARA_EMBEDDING_THRESHOLDS``, and
    ``MNEMARA_NEAR_DUPLICATE_THRESHOLD`` / ``_MIN_WORD_OVERLAP`` for the primary model)."""
    found = PROFILES.get(name, _OTHER_MODELS)
    if name == settings.EMBEDDING_MODELS[0]:
        found = replace(found, near_duplicate=settings.NEAR_DUPLICATE_THRESHOLD,
                        min_word_overlap=settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP)
    overrides: dict[str, Any] = settings.EMBEDDING_THRESHOLDS.get(name, {})
    return replace(found, **overrides) if overrides else found


def judge(models: Sequence[str], left: Mapping[str, float], right: Mapping[str, float]) -> str | None:
    """Which model compares two texts: the first (in configured order) that reads both and holds a vector
    of each. ``left`` / ``right`` map each model holding a vector of that text to its coverage of it.
    None: no model reads both (the caller falls back on the primary model, guarded by shared words)."""
    for name in models:
        a, b = left.get(name), right.get(name)
        if a is not None and b is not None and a >= READS_MIN and b >= READS_MIN:
            return name
    return None
