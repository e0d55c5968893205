"""Small array helpers of the in-process index's reads: the order of a scope's candidate lists
(``ScopeIndex.nearest``, ``bm25``: best first, ties by id), and which rows hold one of a few codes."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import numpy as np

_NEW = uuid.UUID.__new__
_SET = object.__setattr__
_UNKNOWN = uuid.SafeUUID.unknown


def uuid_of(key: int) -> uuid.UUID:
    """``uuid.UUID(int=key)`` for a key the index made of a UUID (``id.int``: in range, nothing to check), its two
    slots set as that constructor sets them, at a third of its cost: a search makes a few hundred (each candidate
    list's entries). Equal, hashed and printed as the constructor's (``tests/recall/test_index_order.py``)."""
    made = _NEW(uuid.UUID)
    _SET(made, "int", key)
    _SET(made, "is_safe", _UNKNOWN)
    return made


def best_first(ids: Sequence[int], slots: np.ndarray, values: np.ndarray) -> list[tuple[uuid.UUID, float, int]]:
    """(id, value, slot) of each of ``slots`` (``values``: theirs), the highest value first, ties by id (its int
    orders as its hex does): the (−value, id) pairs sorted as they are, with no key function (the ids are unique:
    nothing after them is ever compared)."""
    slot_list = slots.tolist()
    ranked = sorted(zip((-values).tolist(), [ids[i] for i in slot_list], values.tolist(), slot_list, strict=True))
    return [(uuid_of(key), value, slot) for _, key, value, slot in ranked]


def one_of(values: np.ndarray, codes: Sequence[int]) -> np.ndarray:
    """``np.isin(values, codes)`` for a few codes (a search's statuses, types, a person's subject codes): one
    comparison per code, where ``isin`` sorts the array first (a fifth of a small search's index reads)."""
    keep = np.zeros(len(values), dtype=bool)
    for code in codes:
        keep |= values == code
    return keep
