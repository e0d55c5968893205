"""The in-process index's small helpers (``memories.recall.index.order``): a candidate's id made from the key the
index holds is the same UUID, in every way a search or a response uses it, as the one that key came from."""

from __future__ import annotations

import copy
import pickle
import uuid

import numpy as np

from memories.recall.index.order import best_first, uuid_of


def test_an_id_made_from_its_key_is_the_uuid_it_came_from() -> None:
    for made in [uuid.uuid4(), uuid.UUID(int=0), uuid.UUID(int=2**128 - 1), uuid.uuid1()]:
        again = uuid_of(made.int)
        assert type(again) is uuid.UUID
        assert again == made and hash(again) == hash(made) and {again: 1}[made] == 1
        assert str(again) == str(made) and again.hex == made.hex and again.version == made.version
        assert again.is_safe is uuid.UUID(int=made.int).is_safe
        assert pickle.loads(pickle.dumps(again)) == made and copy.deepcopy(again) == made
        assert sorted([again, uuid.UUID(int=1)]) == sorted([made, uuid.UUID(int=1)])


def test_a_list_is_ordered_best_first_with_ties_by_id() -> None:
    ids = [uuid.uuid4().int for _ in range(5)]
    slots = np.asarray([4, 0, 2, 1], dtype=np.int64)
    values = np.asarray([0.5, 0.9, 0.5, 0.1], dtype=np.float32)
    found = best_first(ids, slots, values)
    tied = sorted([ids[4], ids[2]])
    assert [pk.int for pk, _, _ in found] == [ids[0], *tied, ids[1]]
    assert [slot for _, _, slot in found] == [0, *(ids.index(k) for k in tied), 1]
    assert all(isinstance(pk, uuid.UUID) for pk, _, _ in found)
