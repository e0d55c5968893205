"""The tests' embedding cache (tests/embedding_cache.py) gives each text the vector its model gives it, runs the
model only on texts it has not seen, and is the model for everything else."""

from __future__ import annotations

from collections.abc import Sequence

from memories.embeddings import FakeEmbedder
from tests.embedding_cache import CachedEmbedder, cached


class Counting(FakeEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.runs: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.runs.append(list(texts))
        return super().embed(texts)


def test_it_gives_the_models_vectors_and_runs_the_model_only_on_new_texts() -> None:
    model = Counting()
    [wrapped] = cached([model])
    first = wrapped.embed(["tea", "coffee", "tea"])
    assert first == FakeEmbedder().embed(["tea", "coffee", "tea"])
    assert wrapped.embed(["coffee", "juice"]) == FakeEmbedder().embed(["coffee", "juice"])
    assert model.runs == [["tea", "coffee"], ["juice"]]
    first[0][0] = 99.0  # a caller's change to its vector stays its own
    assert wrapped.embed(["tea"]) == FakeEmbedder().embed(["tea"])


def test_it_is_the_model_for_everything_else_and_one_cache_per_model() -> None:
    model = Counting()
    [wrapped] = cached([model])
    assert isinstance(wrapped, CachedEmbedder)
    assert (wrapped.name, wrapped.dimensions) == (model.name, model.dimensions)
    assert wrapped.embed_query("tea") == model.embed_query("tea") and model.runs == []
    assert wrapped.coverage(["tea"]) == model.coverage(["tea"])
    assert cached([model]) == [wrapped] and cached([wrapped]) == [wrapped]
