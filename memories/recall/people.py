"""The people a question names, as the memories of the searched scopes mention them (the named-subject lever,
docs/recall.md): a question about someone nobody sent as a ``subject`` ("How is Nate's training going?")
still finds the memories that name them (``MemoryMention``, memories/write/mentions.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from memories.models import MemoryMention
from memories.write.people import addressed_only, people_of


def mentioned_names(query: str, scope_ids: Iterable[uuid.UUID]) -> set[str]:
    """The names (case-folded) of the people ``query`` names that memories of these scopes mention. One indexed
    lookup, and only when the question names someone (``people_of``)."""
    names = {p.name for p in people_of(query) if p.name}
    if not names:
        return set()
    return set(MemoryMention.objects.filter(name__in=names, memory__scope_id__in=list(scope_ids))
               .values_list("name", flat=True).distinct())


def mentioning(memory_ids: Iterable[uuid.UUID], name: str) -> set[uuid.UUID]:
    """Which of these memories mention the person ``name`` (by the name as found, case aside), leaving out those
    that only speak to them ("Hey Mel!", "Thanks, Caroline!": ``people.addressed_only``): in a conversation
    nearly every other turn greets the other speaker, and it is not about them."""
    ids = list(memory_ids)
    if not ids:
        return set()
    rows = MemoryMention.objects.filter(memory_id__in=ids, name=name.casefold()).values_list("memory_id",
                                                                                           "memory__content")
    return {pk for pk, content in rows if not addressed_only(content, name)}
