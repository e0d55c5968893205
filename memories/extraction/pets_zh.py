"""A pet named alone carries its kind from what the scope already knows (Chinese): once "用户养了两只猫；咪咪和豆豆"
is known, "咪咪走了" is about someone (the name counts for the information test) and is kept as "咪咪（用户的猫）走了",
so that a question about the cat finds what became of it (``slots_zh_more.pets_named`` reads the names)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memories.extraction.candidates import Candidate, KnownMemory
from memories.write.slots_zh_more import pets_named

__all__ = ["known_pets", "with_pet_kinds_zh"]


def known_pets(known: Sequence[KnownMemory]) -> dict[str, str]:
    """The pets the known memories name, by name, with their kind."""
    found: dict[str, str] = {}
    for memory in known:
        for name, kind in pets_named(memory.content).items():
            found.setdefault(name, kind)
    return found


def with_pet_kinds_zh(found: list[Candidate], pets: dict[str, str]) -> list[Candidate]:
    """``found`` with a known pet named without its kind given it ("用户咪咪走了" → "咪咪（用户的猫）走了"; the name
    stays the subject)."""
    for candidate in found:
        for name, kind in pets.items():
            mention = re.match(rf"^(?:用户(?:家)?的?)?{re.escape(name)}", candidate.content)
            if mention and kind not in candidate.content:
                candidate.content = f"{name}（用户的{kind}）{candidate.content[mention.end():]}"
                break
    return found
