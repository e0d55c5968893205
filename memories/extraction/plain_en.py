"""English user turns put plainly before the offline extractor reads them (``dialect.standard_turns``, after
``spoken``): a statement of who is at home opened by an empty "it" ("It's just me and my husband at home", "it's only
us two and the dog these days") is said without it ("Just me and my husband at home"), so the reaction screen, which
drops "It's so quiet" and "it's just what I needed", does not drop a fact of the household; a time gone without a
habit, said with no subject and alone ("two months without a cigarette and counting", "6 weeks sober"), is the
speaker's ("I have gone two months without a cigarette and counting"); and a short answer to the assistant's
question said unsure, with a question mark ("What's your weekly mileage?" — "like 15 miles? some weeks less", "UX
design maybe?"), is an answer, not a question of the user's: its mark is a comma.
"""

from __future__ import annotations

import re

__all__ = ["plain_en"]

_JUST_US = re.compile(r"(?im)(^(?:(?:honestly|so|well|yeah|anyway|basically|now|these\s+days)[,]?\s+)?|(?<=[.!?]\s))"
                      r"(?:it['’]s|it\s+is|its)\s+(?P<w>just|only)\s+(?=(?:me|us|the\s+(?:two|three|four)\s+of\s+us)\b(?=[^.!?\n]*\b(?:home|house|flat|apartment|household|live|living|place)\b))")


# A question of the user's own opens with a question word, an auxiliary, "you" or "or", or is long.
_ASKING = re.compile(r"(?i)^\W*(?:what|what's|whats|where|when|who|whom|whose|why|how|which|is|are|am|was|were|do|does|"
                     r"did|can|could|would|should|will|shall|may|might|have|has|had|any|anything|anyone|you|your|or|"
                     r"isn't|aren't|don't|doesn't|didn't|can't|won't|wouldn't|shouldn't|right|really|seriously|huh|eh|"
                     r"ok|okay|so|wait)\b")
_N = r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|several|a\s+couple\s+of)"
_WITHOUT = re.compile(rf"(?im)^(?P<lead>(?:(?:so|well|yeah|and|also|btw|update)[,:]?\s+)?)(?P<n>{_N}\s+(?:days?|weeks?|"
                      r"months?|years?))\s+(?P<rest>(?:without|off)\s+(?:a\s+|any\s+)?(?:cigarettes?|smokes?|cigs?|"
                      r"ciggies?|smoking|vaping|alcohol|a\s+drink|drinking|booze)\b"
                      r"|(?:smoke|alcohol|nicotine)[- ]free\b"
                      r"|sober\b|clean\b)")
_SPEAKER = re.compile(r"(?i)\b(?:i|i'm|i've|im|ive|we|we're|we've)\b")
_UNSURE = re.compile(r"(?<![?!])\?(?=\s|$)")


def plain_en(text: str, asked: bool = False) -> str:
    """``text`` with the empty "it" of a household statement left out, and, when it answers the assistant's
    question (``asked``), the question marks of its unsure short answers made commas (the module's docstring)."""
    if asked:
        text = "\n".join(_answered(line) for line in text.split("\n"))
    if not _SPEAKER.search(text):  # "three weeks without a cigarette, I've quit for good" says who already
        text = _WITHOUT.sub(lambda m: f"{m.group('lead')}I have gone {m.group('n').casefold()} {m.group('rest')}"
                            if m.group("rest").startswith(("without", "off")) else
                            f"{m.group('lead')}I have been {m.group('rest')} for {m.group('n').casefold()}", text)
    if "just" not in text.casefold() and "only" not in text.casefold():
        return text
    return _JUST_US.sub(lambda m: m.group(1) + m.group("w").capitalize() + " ", text)


def _answered(line: str) -> str:
    parts = re.split(r"(?<=[?.!])\s+", line.strip())
    out = [p[:-1] + "," if p.endswith("?") and len(p.split()) <= 6 and not _ASKING.match(p)
           and _UNSURE.search(p) else p for p in parts]
    return " ".join(out).rstrip(",")
