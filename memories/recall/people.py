"""The people a question names, as the memories of the searched scopes mention them (the named-subject lever,
docs/recall.md): a question about someone nobody sent as a ``subject`` ("How is Nate's training going?")
still finds the memories that name them (``MemoryMention``, memories/write/mentions.py)."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from memories.write.people import people_of

if TYPE_CHECKING:
    from memories.recall.sources import CandidateSource


def mentioned_names(query: str, source: CandidateSource, known: Collection[str] = ()) -> set[str]:
    """The names (case-folded) of the people ``query`` names that memories of the source's scopes mention,
    leaving out those in ``known`` (case-folded: the scopes' subjects the query names, which count whatever
    mentions them). Asked of the source (``mentioned_names``: the in-process index, or one indexed lookup in
    SQL) only when the question names someone not known already (``people_of``)."""
    names = {p.name for p in people_of(query) if p.name} - set(known)
    if not names:
        return set()
    return source.mentioned_names(names)
