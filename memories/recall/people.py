"""The people a question names, as the memories of the searched scopes mention them (the named-subject lever,
docs/recall.md): a question about someone nobody sent as a ``subject`` ("How is Nate's training going?")
still finds the memories that name them (``MemoryMention``, memories/write/mentions.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from memories.recall import sql
from memories.write.people import people_of


def mentions(query: str, known: Iterable[str], scope_ids: Iterable[uuid.UUID],
             candidates: Iterable[uuid.UUID]) -> tuple[set[str], dict[str, set[uuid.UUID]]]:
    """The names (case-folded) of the people ``query`` names (``people_of``) that memories of these scopes
    mention; and for each of those and of ``known`` (the subject names the query holds, one of which may be the
    lever's subject) that memories of the scopes mention, which of ``candidates`` mention it. One indexed
    statement, none when there is no name to look up."""
    named = {p.name for p in people_of(query) if p.name}
    wanted = named | {name.casefold() for name in known}
    if not wanted:
        return set(), {}
    found = sql.mentions(sorted(wanted), list(scope_ids), candidates)
    return {name for name in found if name in named}, found
