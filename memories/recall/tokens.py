"""The primary embedding model's own tokenizer (WordPiece, ``tokenizer.json`` of the local all-MiniLM-L6-v2
package, loaded offline with HF ``tokenizers``): token budgets for context blocks, and how much of a
query the primary model can read at all (its vocabulary has almost no CJK: Chinese becomes ``[UNK]``,
and the few CJK characters it holds carry no meaning to it)."""

from __future__ import annotations

from typing import Any

from memories.embeddings import encoding_length, get_embedder, minilm_tokenizer


def tokenizer() -> Any:
    return minilm_tokenizer()


def count_tokens(text: str) -> int:
    return encoding_length(tokenizer().encode(text, add_special_tokens=False))


def count_tokens_many(texts: list[str]) -> list[int]:
    """``count_tokens`` of each text, in one batch."""
    return [encoding_length(encoding) for encoding in tokenizer().encode_batch(texts, add_special_tokens=False)]


def readable_fraction(text: str) -> float:
    """The share of word tokens the primary model reads (punctuation aside): 1.0 for English, ~0 for Chinese."""
    return get_embedder().coverage([text])[0]
