"""An allergy denied without its allergen ("查了才知道其实我不过敏", "皮试做了，其实不过敏"), for the offline extractor:
when the speaker's known memories hold one allergy, the denial is of that allergen ("其实我对青霉素不过敏"), so the
slot readers see which allergy no longer holds. Two allergies known, or none, or another person's ("我女儿不过敏"),
leave the words as they were: who can say which."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memories.extraction.candidates import KnownMemory, Turn
from memories.write.slots import slots_of

__all__ = ["allergens_named"]

#: "其实我不过敏", "原来并不过敏", "我根本不过敏": no allergen between the speaker and the denial (no 对…).
_DENIED = re.compile(r"(?P<lead>(?:^|(?<=[\s，,。！!；;])|(?<=知道|发现|结果|其实|原来))(?:其实|原来)?(?:我|本人)?)"
                     r"(?P<adv>并|根本|压根|一点也|也)?(?P<no>不|没有)过敏")


def _known_allergen(known: Sequence[KnownMemory]) -> str | None:
    """The one thing the speaker's live memories say they are allergic to, else None."""
    things = {slot.attribute.removeprefix("allergy:") for memory in known for slot in slots_of(memory.content)
              if slot.subject == "self" and slot.attribute.startswith("allergy:") and slot.value == "yes"}
    return things.pop() if len(things) == 1 else None


def allergens_named(turns: Sequence[Turn], known: Sequence[KnownMemory]) -> list[Turn]:
    """The user's turns with an allergy denied named by the one allergen known, else the turns as they were."""
    said = [t for t in turns if t.role == "user" and _DENIED.search(t.content)]
    thing = _known_allergen(known) if said else None
    if thing is None:
        return list(turns)
    return [replace(t, content=_DENIED.sub(lambda m: _named(m, thing), t.content)) if t in said else t
            for t in turns]


def _named(denied: re.Match[str], thing: str) -> str:
    """The denial with its allergen, as the slot readers read one ("其实我对青霉素不过敏"; "根本" said as "并")."""
    return f"{denied.group('lead')}对{thing}{'并' if denied.group('adv') else ''}{denied.group('no')}过敏"
