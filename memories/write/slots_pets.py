"""Pets named in a list after their kind ("i have two cats luna and sol", "3 dogs: Biscuit, Pepper and Moose",
"two rabbits called Fudge and Toffee"): each one is alive, as one pet named alone is (``slots_states``), so that
"luna passed away" later retires the list that held her."""

from __future__ import annotations

import re

__all__ = ["pets_listed"]

_KINDS = (r"(?:cats|kittens|dogs|puppies|pups|parrots|rabbits|bunnies|hamsters|guinea\s+pigs|turtles|tortoises"
          r"|goldfish|fish|birds|lizards|snakes|ferrets|horses|ponies|budgies|cockatiels|geckos|chickens|hens|goats)")
_NAME = r"[A-Za-z][a-z]{1,14}"
#: The kind, then two names or more, the last after "and" or "&" ("cats luna and sol", "dogs, Rex, Max & Bo").
_LISTED = re.compile(rf"(?i)\b\d{{0,2}}\s*{_KINDS}\b\s*[,:(-]?\s*(?:(?:named|called)\s+)?"
                     rf"(?P<names>{_NAME}(?:\s*,\s*{_NAME}|\s+{_NAME}){{0,4}},?\s+(?:and|&)\s+{_NAME})\b")
#: Words a list after a kind holds that are no names ("two cats and a dog", "dogs at home and at work").
_NOT_NAMES = frozenset("""a an the and or but so to of in on at for with from by about as is am are was were be been
have has had i me my our we you he she it they them their his her its this that these those there here just really
very too also still now then both all some two three four five six seven eight nine ten one who which whose what
home work old young little big small rescue rescued adopted named called who both each other more sleep live
lives love loves get got need needs eat eats play plays""".split())  # noqa: SIM905


def pets_listed(sentence: str) -> list[str]:
    """The names of pets listed after their kind, lowercased, else []."""
    said = _LISTED.search(sentence)
    if said is None:
        return []
    names = [n.casefold() for n in re.split(r"\s*,\s*|\s+(?:and|&)\s+|\s+", said.group("names").strip(" ,")) if n]
    if any(n in _NOT_NAMES for n in names):
        return []
    return list(dict.fromkeys(names))
