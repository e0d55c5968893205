"""An English question about the speaker's own life in the present tense asks for what holds now: "When is our
wedding?", "How much is my rent?", "How do I get to work?" are answered by the newest of the values said over time, as
"Where do I live now?" is (``memories.recall.current``), though they do not say "now". The reading is the tense of
the question's own verb: a question word followed, within the clause, by a present form of *be* or of the auxiliary
*do* (is, are, am, 's, do, does) asks for a state; one in the past (was, were, did, had), the present perfect (have,
has: "How many races have I run?" counts what happened) or a modal (will, would, should, can: a plan or a request)
does not. Only about the speaker's own life: with a first-person word, or of a thing by the definite article and no
one else ("When is the wedding?": the one the speaker has spoken of); a question about someone else ("What is Tom's
favourite film?", "When is her wedding?") asks for what was said of them, at any time. ``recall.newer`` reads it as
one more question asking for a state."""

from __future__ import annotations

import re

_QUESTION_WORD = r"(?:what|when|where|who|whom|whose|which|how)"
_PRESENT = re.compile(rf"(?i)^\s*{_QUESTION_WORD}\b(?:\s+[\w'-]+){{0,3}}?\s+(?:is|are|am|do|does)\b"
                      rf"|^\s*{_QUESTION_WORD}'s\b")
# The speaker's own state: a question about someone else in the present tense ("What is Tom's favourite film?")
# asks for what was said of them, at any time.
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|me|my|mine|we|us|our|ours)\b")
# The present verb followed by the definite article ("is the wedding"): a thing of the speaker's own life, unless
# someone else is named (a capitalised word after the first, a possessive) or referred to (a third-person pronoun).
_THE_THING = re.compile(r"(?i)\b(?:is|are|do|does)\s+the\b")
_OTHER_PERSON = re.compile(r"(?<=\w)\W+[A-Z]|'s\b|(?i:\b(?:he|she|they|him|her|his|hers|them|their|theirs)\b)")
# An auxiliary in the question's clause that puts it in another time or mood (the next few words are read).
_OTHER_TIME = re.compile(r"(?i)\b(?:was|were|did|had|will|would|should|could|can|used\s+to|going\s+to)\b")
# "have"/"has" after a form of *be* is the present perfect's auxiliary; after *do* ("What pet do I have?") the verb.
_PERFECT = re.compile(r"(?i)\b(?:have|has)\b")


def asks_present(query: str) -> bool:
    """Whether ``query`` is an English question whose own verb is in the present tense (module docstring)."""
    found = _PRESENT.search(query)
    if not found or not (_FIRST_PERSON.search(query) or _own_thing(query)):
        return False
    clause = query[:found.end() + 24]
    done = found.group().rstrip().lower().endswith(("do", "does"))
    return not _OTHER_TIME.search(clause) and (done or not _PERFECT.search(clause))


def _own_thing(query: str) -> bool:
    """A thing named by the definite article in a question naming no one ("When is the wedding?")."""
    return bool(_THE_THING.search(query)) and not _OTHER_PERSON.search(query)
