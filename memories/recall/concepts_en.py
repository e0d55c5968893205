"""An English question that names people by the word for a kind of relative ("How many children does Melanie
have?", "Where do her parents live?", "Does Tom get on with his siblings?") is answered by memories that say which
one ("my son got into an accident", "Mom called", "my sister's wedding"): the question's word is none of theirs,
and stemming does not join *children* and *child*. The word gets the words of its kind of relative as one more term
of the lexical leg, any of them matching it, the same mechanism as the Chinese concepts (``concepts_zh``: in the
in-process index one term of alternatives joined to the question's own, so coverage is not diluted; in SQL OR-ed
into the full-text query). The kinds are the complete class of collective kinship words, each with every word of
``write.roles.KIN_EN`` of that kind; a word of one relative ("my son") is left as it is, and so is a childhood
("as a kid", "when I was a child"). The classes a question names by their category word (pet, vehicle,
medication, trip, race …) are ``classes_en``'s, added the same way."""

from __future__ import annotations

import functools
import re

from memories.recall.classes_en import class_members
from memories.write.text import stem

# The collective kinship words and the words of their members (as written; stemmed as the index holds them).
_KINDS: tuple[tuple[str, str], ...] = (
    (r"children|child|kids?|offspring", "child children kid kids son sons daughter daughters stepson stepdaughter"),
    (r"parents?", "parent parents mother father mom mum dad stepmother stepfather"),
    (r"siblings?", "sibling siblings brother brothers sister sisters twin"),
    (r"grandchildren|grandchild|grandkids?", "grandchild grandchildren grandkid grandkids grandson granddaughter"),
    (r"grandparents?", "grandparent grandparents grandmother grandma grandfather grandpa"),
    (r"spouse", "spouse husband wife"),
)
# "as a child", "when I was a kid": a time of one's own life, not one's children.
_CHILDHOOD = r"(?<!\bas a )(?<!\bwas a )(?<!\bwere a )(?<!\bbeen a )(?<!\bbeing a )"
_PATTERNS = tuple((re.compile(rf"(?i){_CHILDHOOD}\b(?:{words})\b"), members) for words, members in _KINDS)


@functools.lru_cache(maxsize=4096)
def concept_terms(query: str) -> tuple[tuple[str, ...], ...]:
    """For each collective kinship word or class word (``classes_en``) ``query`` says, its members' words as the
    index holds them (stems)."""
    kinds = tuple(members for pattern, members in _PATTERNS if pattern.search(query))
    return tuple(tuple(dict.fromkeys(stem(word) for word in members.split()))
                 for members in (*kinds, *class_members(query)))
