"""The people a scope's memories mention, as a scope's index holds them (``ScopeIndex.mentions``): the
``MemoryMention`` names of each memory, each with whether the memory only speaks to the person ("Hey Mel!":
``memories.write.people.addressed_only``, read from the content when the rows load). The named-person lever and
the people a question names read them here (``IndexSource.mentioned_names``, ``IndexSource.mentioning``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class Mentions:
    """Per case-folded name: {slot: the memory only speaks to them}; per slot: its names."""

    def __init__(self) -> None:
        self.by_name: dict[str, dict[int, bool]] = {}
        self.of_slot: dict[int, tuple[str, ...]] = {}

    def set(self, at: np.ndarray, found: Sequence[Sequence[tuple[str, bool]]]) -> None:
        """These slots' mentions, (name, only speaks to them) each; the slots' earlier ones are taken back."""
        for slot, mentions in zip(at.tolist(), found, strict=True):
            for name in self.of_slot.pop(slot, ()):
                held = self.by_name.get(name)
                if held is not None:
                    held.pop(slot, None)
                    if not held:
                        del self.by_name[name]
            if mentions:
                self.of_slot[slot] = tuple(name for name, _ in mentions)
                for name, addressed in mentions:
                    self.by_name.setdefault(name, {})[slot] = addressed

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def of(self, name: str) -> dict[int, bool]:
        """{slot: only speaks to them} of the memories mentioning ``name`` (case-folded); empty: none."""
        return self.by_name.get(name, {})

    def __len__(self) -> int:
        """Entries held (a memory and a name it mentions)."""
        return sum(len(held) for held in self.by_name.values())
