"""The held-out pairs of tests/write/slot_pairs.py, measured the same way as the main set (test_slot_pairs.py).
Printed for docs/benchmarks.md; held only to finding more than it misses and disturbing little."""

from __future__ import annotations

import pytest

from tests.conftest import KeyedClient
from tests.write.slot_pairs import HELD_OUT_COMPATIBLE, HELD_OUT_CONFLICTING
from tests.write.test_slot_pairs import measure

pytestmark = pytest.mark.django_db


def test_it_does_on_held_out_wording_what_it_does_on_the_main_set(alice: KeyedClient) -> None:
    found, disturbed, misses = measure(alice, {"conflicting": HELD_OUT_CONFLICTING,
                                              "compatible": HELD_OUT_COMPATIBLE})
    assert found >= 0.6 and disturbed <= 0.1, misses
