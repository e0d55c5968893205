"""A dose changed and said with "it" ("my doc upped it to 20mg", "they cut the dose to 5mg"), for the offline
extractor: when the speaker's known memories hold one drug taken at a dose, "it" is that drug's dose ("my doc
upped my lexapro dose to 20mg"), so the slot readers see which dose changed. Two drugs known, or none, or
another person's dose ("my wife's doctor upped it"), leave the words as they were: who can say which."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memories.extraction.candidates import KnownMemory, Turn
from memories.write.slots import slots_of

__all__ = ["doses_named"]

_CHANGED_IT = re.compile(r"(?i)\b(?P<verb>upped|raised|increased|bumped|lowered|cut|reduced|dropped|changed|put|moved"
                         r"|adjusted|doubled|halved|upping|raising|increasing|lowering|cutting|reducing)\s+"
                         r"(?P<it>it|the\s+dose|the\s+dosage|my\s+dose|my\s+dosage)"
                         r"(?=\s+(?:up\s+|down\s+|back\s+)?to\s+\d[\d.]*\s*(?:mg|mcg|ml|iu|units?)\b)")
#: Another person's dose, before the change: "my wife's doctor upped it", "her GP cut it" (not the speaker's).
_SOMEONE_ELSE = re.compile(r"(?i)\b(?:his|her|their|(?!doc|doctor|gp)[a-z]+'s|he|she"
                           r"|they(?!\s+(?:upped|raised|increased|bumped|lowered|cut|reduced|dropped|changed|put|moved"
                           r"|adjusted|doubled|halved)))\b")
_DOSE_UNIT = re.compile(r"(?i)\d\s*(?:mg|mcg|ml|iu|units?)\b")


def _known_drug(known: Sequence[KnownMemory]) -> str | None:
    """The one drug the speaker's live memories say they take at a dose, else None."""
    drugs = {slot.attribute.removeprefix("measure:") for memory in known
             if _DOSE_UNIT.search(memory.content)
             for slot in slots_of(memory.content) if slot.subject == "self" and slot.attribute.startswith("measure:")}
    return drugs.pop() if len(drugs) == 1 else None


def doses_named(turns: Sequence[Turn], known: Sequence[KnownMemory]) -> list[Turn]:
    """The user's turns with a changed dose's "it" named by the one drug known, else the turns as they were."""
    said = [t for t in turns if t.role == "user" and (m := _CHANGED_IT.search(t.content))
            and not _SOMEONE_ELSE.search(t.content[:m.start()])]
    drug = _known_drug(known) if said else None
    if drug is None:
        return list(turns)
    return [replace(t, content=_CHANGED_IT.sub(lambda m: f"{m.group('verb')} my {drug} dose", t.content))
            if t in said else t for t in turns]
