"""jieba's part-of-speech tagger, loaded once and shared by the readers of Chinese text (``anchors``: what a
memory names; ``people``: personal names). It lives below both so neither imports the other for it."""

from __future__ import annotations

import threading
from typing import Any

import jieba
import jieba.posseg

_tagger_lock = threading.Lock()
_tagger_compact = False


def tagger() -> Any:
    """jieba's part-of-speech tagger, its word → tag table sharing the dictionary's strings.

    ``jieba.posseg`` reads ``dict.txt`` a second time into its own table: 349k new word strings and a tag
    string per line, next to the dictionary's own copy of every word (~20 MB of a web process's base,
    ``docs/scaling.md``). Once, on first use, the table is rebuilt with the dictionary's word objects as
    its keys and one object per tag; the tags are the same, word for word (``tests/mnemara/test_resident.py``).
    """
    global _tagger_compact
    tokenizer = jieba.posseg.dt
    if not _tagger_compact:
        with _tagger_lock:
            if not _tagger_compact:
                tokenizer.tokenizer.check_initialized()
                table = tokenizer.word_tag_tab
                tags: dict[str, str] = {}
                shared = {word: tags.setdefault(tag, tag) for word in tokenizer.tokenizer.FREQ
                          if (tag := table.get(word)) is not None}
                shared.update((word, tags.setdefault(tag, tag)) for word, tag in table.items() if word not in shared)
                tokenizer.word_tag_tab = shared
                _tagger_compact = True
    return tokenizer
