"""Two hops through a person (docs/recall.md, "Levers"): a question that describes someone instead of naming
them ("What did the person who moved to Denver name their dog?") joins two facts about one person, and its
words match both sides: the move, which names the person, and the dog, which many people have. When the
question names no person of the searched memories, the person two or more of its best matches are about (their
subjects and the people they mention, ``MemoryMention``) is the bridge, and the candidates about or mentioning
them gain ``settings.RECALL_HOP_BOOST`` × the best score among them, as a turn gains from its neighbours: the
dog of the person who moved outranks the other dogs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memories.models import MemoryMention
from memories.recall.rank import Candidate, Key


def people_of_memories(ids: Sequence[Key], candidates: Mapping[Key, Candidate]) -> dict[Key, set[str]]:
    """Each memory's people (case-folded): its subject and the people it mentions (``MemoryMention``; not a person
    known only by a role, "~cousin": two people's cousins are not one person). One indexed query."""
    people = {pk: {candidates[pk].subject.casefold()} if candidates[pk].subject else set() for pk in ids}
    if ids:
        for pk, name in (MemoryMention.objects.filter(memory_id__in=[candidates[k].id for k in ids])
                         .exclude(name__startswith="~").values_list("memory_id", "name")):
            people[pk.int].add(name)
    return people


def bridge_person(best: Sequence[Key], candidates: Mapping[Key, Candidate]) -> str | None:
    """The person two or more of the ``best`` matches are about (subject or mention), the best-placed such
    person first (the earliest of their memories in ``best``); None when no person holds two: then the
    question's sides are not one person's."""
    held: dict[str, list[int]] = {}
    for place, (_, names) in enumerate(people_of_memories(best, candidates).items()):
        for name in sorted(names):
            held.setdefault(name, []).append(place)
    shared = [(places[0], name) for name, places in held.items() if len(places) >= 2]
    return min(shared)[1] if shared else None


def hop_boosts(fused: Mapping[Key, float], candidates: Mapping[Key, Candidate], *, seeds: int,
               boost: float) -> dict[Key, float]:
    """``fused`` with every candidate about the bridge person of the best ``seeds`` (``bridge_person``) gaining
    ``boost`` × the best score among that person's memories (the best of them included, so their order among
    themselves is kept). Ties in the order of the best: id."""
    if boost <= 0 or seeds <= 0 or not fused:
        return dict(fused)
    best = sorted(fused, key=lambda pk: (-fused[pk], pk))[:seeds]  # a key orders as its id's hex
    person = bridge_person(best, candidates)
    if person is None:
        return dict(fused)
    lifted = {pk for pk, c in candidates.items() if c.subject and c.subject.casefold() == person}
    lifted |= {pk.int for pk in MemoryMention.objects.filter(memory_id__in=[candidates[k].id for k in fused],
                                                             name=person).values_list("memory_id", flat=True)}
    gain = boost * max(fused[pk] for pk in lifted if pk in fused)
    return {pk: value + gain if pk in lifted else value for pk, value in fused.items()}
