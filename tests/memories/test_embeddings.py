from __future__ import annotations

import numpy as np
from django.conf import settings

from memories.embeddings import OnnxEmbedder, SentenceTransformerEmbedder, get_embedder

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
