"""A user's choice among what the assistant suggested, said with a pointer (``offline.py``).

"Memmo Alfama looks amazing, we'll go with that one" → "we'll go with Memmo Alfama"; "The soil kit is perfect for
him, I'll get that and the hori-hori knife" → "I'll get the soil kit and the hori-hori knife"; "鸳鸯锅不错，周末就
做这个" → "周末就做鸳鸯锅"; "they suggested the Brooks Ghost, so I bought those" → "so I bought
the Brooks Ghost". The pointer ("that one", "it", "这个") is the thing the clause before praised. A choice
is kept even though its words are the assistant's: the user's decision is new (``chose``)."""

from __future__ import annotations

import re

#: "we'll go with …", "I'm going to book …", "I think I'll get …": a decision in the first person.
_CHOICE = re.compile(r"(?i)^(?:(?:ok(?:ay)?|so|then|yeah|great|perfect)[,!]?\s+)?(?:i\s+think\s+)?"
                     r"(?:i'll|we'll|i\s+will|we\s+will|i'm\s+going\s+to|we're\s+going\s+to|i'm\s+gonna|we're\s+gonna"
                     r"|let's|i've\s+decided\s+to|we've\s+decided\s+to|i'll\s+probably|we'll\s+probably)\s+"
                     r"(?:go\s+(?:with|for)|get|take|book|choose|pick|order|buy|try|make|do|use|read|watch|start\s+with)\b")
_POINTER = re.compile(r"(?i)\b(?:that\s+one|this\s+one|that|this|it|those|these|them)\b(?=\s*(?:[.!,]|and\b|$|then\b"
                      r"|tonight|today|tomorrow|this|next|for\b))")
#: The thing a clause praises: the words before "looks/sounds/is … great" ("Memmo Alfama looks amazing").
_PRAISED = re.compile(r"(?i)^(?:oh\s+|wow\s+|ok(?:ay)?\s+)?(?!(?:that|this|it|they|these|those)\b)"
                      r"((?:the\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,4}?)\s+"
                      r"(?:looks?|sounds?|seems?|is|are|was|were)\s+(?:\w+\s+)?(?:amazing|great|perfect|good|lovely|ideal|nice"
                      r"|fantastic|wonderful|right|best|awesome|fun|delicious|interesting)\b")
#: A choice already made: "so I bought those", "we went with it", "I ordered them".
_MADE = re.compile(r"(?i)^(?:(?:so|and|then)\s+)?(?:i|we)\s+(?:(?:just|finally|then|ended\s+up)\s+)?(?:bought|ordered"
                   r"|booked|got|picked|chose|went\s+(?:with|for)|signed\s+up\s+for|ended\s+up\s+with)\b")
#: What someone else suggested, the clause before such a choice: "they suggested the Brooks Ghost".
_SUGGESTED = re.compile(r"(?i)^(?:and\s+|but\s+)?(?:they|he|she|you|(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,4}?)"
                        r"\s+(?:\w+\s+)?(?:suggested|recommended"
                        r"|pointed\s+me\s+to|showed\s+me)\s+((?:the\s+|a\s+|an\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,4}?)\s*[.,!]?$")
_ZH_CHOICE = re.compile(r"(?:就|决定|那就|打算)(?:做|选|买|订|要|去|用|试试|看|读)"
                        r"(?P<pointer>这个|那个|它|这家|那家|这款|那款)")
_ZH_PRAISED = re.compile(r"^(?![这那它])(.{2,12}?)(?:看起来|听起来)?(?:挺|很|真|最|蛮|非常)?"
                         r"(?:不错|好|棒|合适|适合|可以)")


def chosen(pieces: list[str], zh: bool) -> list[str]:
    """The clauses of a sentence with a choice's pointer replaced by what the clause before praised."""
    out = list(pieces)
    for i in range(1, len(out)):
        before = out[i - 1].strip()
        if zh:
            choice, praised = _ZH_CHOICE.search(out[i]), _ZH_PRAISED.match(before)
            if choice and praised:
                out[i] = out[i][:choice.start("pointer")] + praised.group(1) + out[i][choice.end("pointer"):]
            continue
        choice, praised = _CHOICE.match(out[i].strip()), _PRAISED.match(before)
        if not (choice and praised):
            choice, praised = _MADE.match(out[i].strip()), _SUGGESTED.match(before)
        if choice and praised and (pointer := _POINTER.search(out[i])):
            thing = praised.group(1)
            thing = thing[:1].lower() + thing[1:] if thing.lower().startswith("the ") else thing
            out[i] = out[i][:pointer.start()] + thing + out[i][pointer.end():]
    return out


def chose(clause: str) -> bool:
    """Whether a clause is the speaker's choice (kept though its words repeat the assistant's)."""
    return bool(_CHOICE.match(clause.strip()) or _ZH_CHOICE.search(clause))
