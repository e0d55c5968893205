""""He" or "she" opening a sentence, named by the one person an earlier sentence of the same turn names (English,
offline extractor).

``pronouns.pronouns_named`` reads the clauses of one sentence; a person is as often named a sentence before: "I met
this amazing woman, Jean, at the shelter. She showed me the importance of gratitude." keeps "Jean showed Maria the
importance of gratitude", "We had to say goodbye to Max. He was part of our family for 10 years." keeps "Max was
part of …", not a sentence dropped for a pronoun with no one to bind it to. The same test as within a sentence:
exactly one name in the turn before it (or one role word that fits the pronoun, "my grandma" for "she", with no
name beside it), a name that acts there rather than being described ("Kyoto was amazing. She loved it" stays).
The speakers' own names are vocatives ("Thanks, Maria!"), never the one a pronoun points at; a question names no
one for it ("Remember the block in the '16 Finals? He chased …" points back further) and is itself left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memories.extraction.pronouns import pronouns_named

__all__ = ["sentences_named"]

_OPENING = re.compile(r"(?i)^\s*(?:she|he)(?=\s|'s\b|'d\b|'ll\b)")


def sentences_named(sentences: list[str], speakers: Sequence[str]) -> list[str]:
    """``sentences`` (one English turn's) with a sentence-opening "he"/"she" named (the module's docstring)."""
    if not any(_OPENING.match(s) for s in sentences[1:]):
        return sentences
    vocative = re.compile(r"\b(?:" + "|".join(re.escape(s) for s in speakers if s) + r")\b") if any(speakers) else None
    out = list(sentences)
    for i, sentence in enumerate(sentences):
        if i == 0 or not _OPENING.match(sentence) or sentence.rstrip().endswith("?"):
            continue
        before = " ".join(s for s in out[:i] if not s.rstrip().endswith("?"))  # "… of the '16 Finals?" asks
        if vocative is not None:
            before = vocative.sub("", before)
        named = pronouns_named([before, sentence.lstrip()])[1]
        if named != sentence.lstrip():
            out[i] = named
    return out
