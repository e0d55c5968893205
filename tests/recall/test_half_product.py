"""The in-process index multiplies its float16 vectors by the query with numkong's half-precision kernel
(memories/recall/index/scope.py, ``_product``): the same products as widening to float32, within the query's
rounding to float16, and the same order of the best rows."""

from __future__ import annotations

import numpy as np

from memories.recall.index.scope import _product, _similarities


def _unit(rows: int, seed: int) -> np.ndarray:
    matrix = np.random.default_rng(seed).standard_normal((rows, 384)).astype(np.float32)
    return matrix / np.linalg.norm(matrix, axis=-1, keepdims=True)


def test_the_half_precision_product_is_the_widened_one() -> None:
    matrix = _unit(5000, 1).astype(np.float16)
    query = _unit(1, 2)[0]
    widened = matrix.astype(np.float32) @ query
    found = _product(matrix, query)
    assert found.dtype == np.float32 and found.shape == (5000,)
    assert float(np.abs(found - widened).max()) < 2e-4
    assert list(np.argsort(-found)[:10]) == list(np.argsort(-widened)[:10])
    assert np.array_equal(_similarities(matrix, query), found)


def test_float32_and_empty_matrices() -> None:
    matrix = _unit(300, 3)
    query = _unit(1, 4)[0]
    assert np.allclose(_product(matrix, query), matrix @ query)
    assert _product(np.zeros((0, 384), dtype=np.float16), query).shape == (0,)
    assert _product(matrix[::2].astype(np.float16), query).shape == (150,)  # not contiguous: copied first
