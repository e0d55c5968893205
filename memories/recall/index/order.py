"""Small array helpers of the in-process index's reads: the order of a scope's candidate lists
(``ScopeIndex.nearest``, ``bm25``: best first, ties by id), and which rows hold one of a few codes."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import numpy as np


def best_first(ids: Sequence[int], slots: np.ndarray, values: np.ndarray) -> list[tuple[uuid.UUID, float, int]]:
    """(id, value, slot) of each of ``slots`` (``values``: theirs), the highest value first, ties by id (its int
    orders as its hex does): the (−value, id) pairs sorted as they are, with no key function (the ids are unique:
    nothing after them is ever compared)."""
    slot_list = slots.tolist()
    ranked = sorted(zip((-values).tolist(), [ids[i] for i in slot_list], values.tolist(), slot_list, strict=True))
    return [(uuid.UUID(int=key), value, slot) for _, key, value, slot in ranked]


def one_of(values: np.ndarray, codes: Sequence[int]) -> np.ndarray:
    """``np.isin(values, codes)`` for a few codes (a search's statuses, types, a person's subject codes): one
    comparison per code, where ``isin`` sorts the array first (a fifth of a small search's index reads)."""
    keep = np.zeros(len(values), dtype=bool)
    for code in codes:
        keep |= values == code
    return keep
