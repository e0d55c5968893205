"""Which candidates are in another language than the query, in a search several models judge (a mixed scope):
the primary model reads one of the two texts and not the other (``memories.embeddings.READS_MIN``; all-MiniLM
reads English-like text only). No word list: the models' own reading decides. Such a memory cannot share the
query's words, so the lexical list is silent about it rather than against it (``rank.fuse_zscore``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memories.embeddings import READS_MIN, Embedder
from memories.recall.rank import Candidate, Key


def mark_foreign(candidates: Mapping[Key, Candidate], lists: Mapping[str, Sequence[Candidate]],
                 primary: Embedder, query_read: bool) -> None:
    """Set ``Candidate.foreign`` when a secondary model's list is there (otherwise every memory is judged as
    the query is read). A query the primary reads: the memories another model judged (the primary would have,
    had it read them). A query it does not read: the memories it reads (the coverage of their content the in-process
    index holds, ``Candidate.read``; otherwise of their search words, ``Candidate.words``, tokenized here)."""
    if all(name in ("vector", "lexical") for name in lists):
        return
    if query_read:
        for c in candidates.values():
            c.foreign = bool(c.model) and c.model != primary.name
        return
    read = _coverage(primary, [c.words for c in candidates.values() if c.read is None])
    for c in candidates.values():
        c.foreign = (c.read if c.read is not None else read.get(c.words, 0.0) if c.words else 0.0) >= READS_MIN


_READ: dict[tuple[str, str], float] = {}  # (model, search words) → its coverage: the same memories come back
_READ_MAX = 50_000


def _coverage(model: Embedder, texts: Sequence[str]) -> dict[str, float]:
    """The model's coverage of each text, remembered: tokenizing a few hundred candidates costs ~35 ms a search,
    a look-up nothing (cleared whole when it holds ``_READ_MAX`` texts)."""
    found = {text: _READ.get((model.name, text)) for text in texts}
    missing = [text for text, value in found.items() if value is None]
    if missing:
        if len(_READ) + len(missing) > _READ_MAX:
            _READ.clear()
        for text, value in zip(missing, model.coverage(missing), strict=True):
            _READ[(model.name, text)] = found[text] = value
    return {text: value or 0.0 for text, value in found.items()}
