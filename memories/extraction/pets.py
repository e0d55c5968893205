"""A pet named alone carries its kind from what the scope already knows (English): once "The user has a cat called
Luna" is known, "Luna passed away last night" is kept as "Luna (the cat) passed away …", so that a question about
the cat still finds what became of it after the older memory was retired."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memories.extraction.candidates import Candidate, KnownMemory

__all__ = ["with_pet_kinds"]

_KINDS = (r"cat|kitten|dog|puppy|rabbit|bunny|hamster|guinea pig|parrot|budgie|tortoise|turtle|horse|pony|ferret|"
          r"lizard|gecko|snake|goldfish|greyhound|labrador|spaniel|terrier|collie|beagle|poodle|pug|dachshund")
_NAMED = re.compile(rf"(?i)\b(?P<kind>{_KINDS})s?\b[^.;!?]{{0,25}}?\b(?:called|named)\s+(?P<name>[a-z][a-z]+)|"
                    rf"\b(?:my|our|the user's|the user and others')\s+(?:old\s+|little\s+|new\s+)?"
                    rf"(?P<kind2>{_KINDS}),?\s+(?P<name2>(?-i:[A-Z][a-z]+))\b")
_NOT_NAMES = frozenset({"and", "but", "the", "who", "which", "that", "she", "he", "it", "is", "was"})


def with_pet_kinds(found: list[Candidate], known: Sequence[KnownMemory]) -> list[Candidate]:
    """``found`` with each known pet named without its kind given it once ("Luna" → "Luna (the cat)")."""
    kinds: dict[str, str] = {}
    for memory in known:
        for said in _NAMED.finditer(memory.content):
            name = (said.group("name") or said.group("name2")).casefold()
            if name not in _NOT_NAMES:
                kinds.setdefault(name, (said.group("kind") or said.group("kind2")).casefold())
    if not kinds:
        return found
    for candidate in found:
        text = candidate.content
        for name, kind in kinds.items():
            mention = re.search(rf"(?i)\b{re.escape(name)}\b(?!\s*\()", text)
            if mention and not re.search(rf"(?i)\b{kind}", text):
                candidate.content = f"{text[:mention.end()]} (the {kind}){text[mention.end():]}"
                break
    return found
