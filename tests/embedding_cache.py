"""The configured embedding models with their vectors kept for the test process (``embedding_cache``, in
tests/conftest.py): a test that writes the texts an earlier test wrote gets the vectors the real model gave
them then, not a second run of the model. The vectors are the model's own (its runs are deterministic:
tests/memories/test_embeddings.py); what is not cached yet is embedded by the model, in one batch, as before.
Queries and coverage go to the model as they do without the cache (it keeps its own query cache)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from memories.embeddings import Embedder


class CachedEmbedder:
    """``model`` with a vector per text it has embedded in this process; everything else is the model's."""

    def __init__(self, model: Embedder) -> None:
        self.model = model
        self.vectors: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        with self._lock:
            missing = list(dict.fromkeys(text for text in texts if text not in self.vectors))
        if missing:
            found = self.model.embed(missing)
            with self._lock:
                self.vectors.update(zip(missing, (list(vector) for vector in found), strict=True))
        return [list(self.vectors[text]) for text in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.model.embed_query(text)

    def coverage(self, texts: Sequence[str]) -> list[float]:
        return self.model.coverage(texts)


_CACHED: dict[int, CachedEmbedder] = {}


def cached(models: Sequence[Embedder]) -> list[Embedder]:
    """Each of ``models`` behind its one cache of this process (built on first use)."""
    wrapped: list[Embedder] = []
    for model in models:
        if isinstance(model, CachedEmbedder):
            wrapped.append(model)
            continue
        if id(model) not in _CACHED or _CACHED[id(model)].model is not model:
            _CACHED[id(model)] = CachedEmbedder(model)
        wrapped.append(_CACHED[id(model)])  # type: ignore[arg-type]
    return wrapped
