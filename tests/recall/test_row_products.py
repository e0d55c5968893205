"""Candidates' similarities to a vector are computed for a block of rows in one call
(memories/recall/index/source.py, ``row_products``): every number must be the one the row's own product gives,
bit for bit, or a near tie between two memories could change sides."""

from __future__ import annotations

import numpy as np

from memories.recall.index.source import row_products


def _rows(count: int, seed: int, dtype: type) -> np.ndarray:
    matrix = np.random.default_rng(seed).standard_normal((count, 384)).astype(np.float32)
    return (matrix / np.linalg.norm(matrix, axis=-1, keepdims=True)).astype(dtype)


def test_each_value_is_the_single_rows_product() -> None:
    for seed, count in enumerate((1, 7, 120, 333)):
        for dtype in (np.float16, np.float32):
            rows = _rows(count, seed, dtype)
            unit = _rows(1, 100 + seed, np.float32)[0]
            one_by_one = [float(row.astype(np.float32) @ unit) for row in rows]
            assert row_products(rows, unit) == one_by_one


def test_no_rows() -> None:
    assert row_products(np.zeros((0, 384), dtype=np.float16), np.ones(384, dtype=np.float32)) == []
