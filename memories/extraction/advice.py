"""Advice given to the other speaker of a named conversation, said as an imperative (English, offline extractor).

"Gather documents like references and medical checks.", "Don't forget to prepare emotionally, since the wait can be
hard.", "My advice? Don't be scared to reach out to people in your field for help." were kept as bare imperatives
with no one in them ("To prepare emotionally, …") or dropped as a reaction. Said by a named speaker to a named
listener, such a clause is what the speaker advised: "Caroline advised Melanie to gather documents like references
and medical checks", "Gina advised Jon not to be scared to reach out to people in Jon's field for help". Only a verb
of doing (``_DOING``: research, gather, book, ask, …), not a pep talk ("Keep going!", "Believe in yourself",
"Don't give up", "Stay strong") nor "let's …" (a plan of both), and only with three words of content after the
verb's own, so "Take care" or "Go for it" stay what they were. A question is not advice, nor a thing shown ("Check
out this pic"), nor a past said without its subject ("Put in late nights but finally got it done"); a reply to a
request for advice stays the answer to it (``named_answers``).
"""

from __future__ import annotations

import re

from memories.extraction.candidates import Turn
from memories.extraction.clauses import content_words, third_person_en

__all__ = ["advised"]

#: Verbs of doing that advice opens with; feelings, keeping on and believing are a pep talk, not advice.
_DOING = (r"ask|avoid|bring|book|build|buy|call|check|choose|collect|compare|consider|contact|cook|create|do|drink|eat"
          r"|find|gather|get|join|learn|look|make|note|pack|pick|plan|practice|practise|prepare|put|read|reach|record"
          r"|research|rest|save|schedule|search|see|set|share|sign|start|take|talk|test|track|try|use|visit|wait|watch"
          r"|wear|write")
_ADVICE = re.compile(
    r"(?i)^(?:(?:also|and|so|but|just|plus|oh|then)[,\s]+)*"
    r"(?:(?P<neg>don't|do\s+not|never)\s+(?:forget\s+to\s+(?P<forget>))?"
    r"|(?:(?:remember|make\s+sure|be\s+sure|try)\s+to|(?:make|be)\s+sure(?:\s+that)?\s+you)\s+)?"
    rf"(?P<verb>(?:{_DOING})|be(?=\s+(?:scared|afraid|shy|too)\b))\b(?!')"
    # not a thing shown ("check out this pic"), a sign-off or comfort ("take care", "take comfort in …"), "make sure"
    r"(?!\s+(?:out\s+|at\s+)?(?:this|these|that|those|my|our)\b|\s+(?:care|comfort|courage|heart|sure)\b)")
#: "Put in a ton of late nights but finally got it done": a past said without its subject, not advice.
_PAST_AFTER = re.compile(r"(?i)\b(?:but|and|then)\s+(?:\w+\s+)?(?:got|went|was|were|had|did|made|\w+ed)\b")
#: The other speaker asked for advice: the reply is kept as the answer to it (``named_answers``).
_ASKED_ADVICE = re.compile(r"(?i)\b(?:advice|tips?|suggestions?|recommend\w*|ideas?|should\s+i)\b[^?]*\?\s*$")


def advised(pieces: list[str], speaker: str | None, listener: str | None, previous: Turn | None) -> list[str]:
    """``pieces`` (one sentence's clauses) with advice to the listener said as what the speaker advised (the module's
    docstring); unchanged for an unnamed speaker or listener, and when the turn before asked for advice."""
    if not speaker or not listener or (previous is not None and _ASKED_ADVICE.search(previous.content)):
        return pieces
    out = []
    for piece in pieces:
        text = piece.strip().rstrip("!.~ ")
        said = _ADVICE.match(text)
        if said is None or piece.rstrip().endswith("?") or _PAST_AFTER.search(text) \
                or len(content_words(text[said.end():], [listener])) < 3:
            out.append(piece)
            continue
        negative = said.group("neg") and said.group("forget") is None
        rest = third_person_en(text[said.start("verb"):], speaker, listener)
        not_ = "not " if negative else ""
        out.append(f"I advised {listener} {not_}to {rest[:1].lower()}{rest[1:]}.")  # "I": the speaker, bound later
    return out
