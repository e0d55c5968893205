"""Speech as a voice assistant types it, for the offline extractor: the words of speaking that are no part of a
statement, read before a turn is split into sentences (``texting.asked_apart``).

- a self-correction keeps what the speaker settled on: "we live in um Dayton no wait I mean Columbus" is "we live
  in Columbus", "three I mean four kids" is "four kids" (the word corrected and the new one of one kind: both
  capitalised, or both numbers), and a restart keeps the second try ("she's I mean she just turned seven");
- "I mean" before a new clause ends the clause before it ("… in the spring I mean it's been good");
- fillers: "um", "uh", "erm", "so yeah", and "like" where no verb or noun takes it (after a
  preposition other than "to", after "so", or first: "I live in like Fresno", "so like my husband's name …"), and
  before a count ("like three twelves a week"); not "I like jazz", "things like that", "started to like it",
  "and like cats";
- a fronted "as of this week" / "as of last month" goes after its clause ("as of this week I'm back at work" is
  "I'm back at work as of this week"), as "these days" does (``typed.typed_words``);
- a command to a device with no subject ("play some jazz", "turn off the lights in the kitchen", "set an alarm
  for 6") is a request: "Please …" (not "call me Dee": a name).
"""

from __future__ import annotations

import re

__all__ = ["spoken"]

_HESITATION = re.compile(r"(?i)(?:^|(?<=[\s,]))(?:um+|uh+|uhm+|hmm+|(?-i:erm|err+|er(?=,)))(?:\s*,)?\s+"
                         r"|^(?:hey|okay|ok|alright)\s+(?=so\b)")
_MARK = r"(?:no\s+wait|wait\s+no|wait|sorry|or\s+rather|actually\s+no|no|I\s+mean)"
_CORRECTION = rf"{_MARK}(?:\s*,?\s+{_MARK})*"
# the word corrected and the one said instead, of one kind: capitalised names or numbers
_NOT_CORRECTED = r"(?!(?:Oh|Ah|Aw|Well|Yes|Yeah|Yep|Hey|Hi|Okay|OK|Ok|So|Wow|Sorry|Thanks|No|Uh|Um)\b)"  # "Oh no, Jon!"
_NAME_FIXED = re.compile(rf"\b{_NOT_CORRECTED}[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*\s*,?\s+(?:{_CORRECTION})\s*,?\s+"
                         rf"(?=[A-Z](?!\s)\w)")
_NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_NUMBER_FIXED = re.compile(rf"(?i)\b{_NUMBER}\s*,?\s+(?:{_CORRECTION})\s*,?\s+(?={_NUMBER}\b)")
_RESTART = re.compile(r"(?i)\b(?P<w>i|we|he|she|they|it|my|our)(?:['’](?:s|m|re|ve|d))?(?:\s+\w+){0,2}?\s+"
                      r"I\s+mean\s+(?=(?P=w)\b)")
_MEAN_CLAUSE = re.compile(r"(?<=\w)(?<!\bso)(?<!\bwell)(?<!\band)(?<!\bbut)(?<!\boh)\s*,?\s+I\s+mean\s*,?\s+"
                          r"(?=(?:it|it's|i|i'm|we|we're|he|she|they|that's|there's)\b)", re.IGNORECASE)
_SO_YEAH = re.compile(r"(?i)(?:^|(?<=[\s,]))(?:so\s+yeah|yeah\s+so)(?:\s*,)?(?=\s|$|[.!?])\s*")
_LIKE = re.compile(r"(?i)\b(in|at|on|for|from|with|about|so|maybe|around|only)\s+like\s*,?"
                   r"(?=\s+(?!to\b|that\b|this\b|it\b|a\s+lot\b)\w)|^(?:so\s+)?like\s*,?\s+")
# "like" before a count is "about": "like three twelves a week", "like 200k miles" (not "I'd like 3 copies")
_LIKE_COUNT = re.compile(rf"(?i)(?<!\bi)(?<!\bwe)(?<!\byou)(?<!\bthey)(?<!\bwould)(?<!['’]d)\s+like\s+"
                         rf"(?={_NUMBER}\b|\d|a\s+(?:few|couple|dozen|hundred|thousand)\b)")
_AS_OF = re.compile(r"(?i)^(as\s+of\s+(?:this|last)\s+(?:week|month))\s*,?\s+(?=(?:i|i'm|i've|we|we're|my|our)\b)"
                    r"(?P<body>[^.!?\n]*)")
_COMMAND = re.compile(r"(?i)^(?:hey\s+\w+\s*,?\s+)?(?=(?:play|pause|resume|skip|shuffle|mute|unmute|dim|brighten|"
                      r"turn\s+(?:on|off|up|down)|switch\s+(?:on|off)|set\s+(?:an?|the|my)\s+(?:timer|alarm|reminder|"
                      r"thermostat|volume)|start\s+(?:an?|the)\s+timer|open|close|lock|unlock|navigate|read\s+(?:me|"
                      r"that|it|the|my)|repeat|dial|text|add\s+\w+(?:\s+\w+)?\s+to\s+(?:my|the)\s+(?:list|cart|"
                      r"calendar)|call\s+(?!me\b))\b)")


# "Please update my records: my new address is …": what follows is the statement
_RECORDS = re.compile(r"(?i)^(?:please\s+|kindly\s+)?(?:update|note\s+(?:in|on)|change|correct|amend)\s+"
                      r"(?:my|your|the)\s+(?:records?|files?|details|info(?:rmation)?|contact\s+(?:info|details)|profile|account)\s*"
                      r"(?:to\s+say\s*|with\s+this\s*)?[:,\-]\s*(?=\S)")
# "Blood type: O negative / Doctor: Dr. Reyes / Insurance: Aetna": one "key: value" a line
_KEYED = re.compile(r"^[A-Z][\w ]{1,24}:\s*[^/|:]+$")


def _keyed_lines(line: str) -> str:
    parts = [p.strip() for p in re.split(r"\s+[/|]\s+|\s*;\s+", line)]
    return "\n".join(parts) if len(parts) >= 2 and all(_KEYED.match(p) for p in parts) else line


def _since(when: str) -> str:
    """"as of last month" is "since last month" ("as of in November" reads as nothing)."""
    return re.sub(r"(?i)^as\s+of\s+(last|this)\s+month", r"since \1 month", " ".join(when.casefold().split()))


def spoken(text: str) -> str:
    """``text`` without the words of speaking (the module's docstring); typed text passes unchanged."""
    stripped = text.strip()
    lines = _keyed_lines(stripped).split("\n") if "\n" not in stripped else text.split("\n")
    return "\n".join(_spoken_line(line) for line in lines)


# words the rules above need, looked for first (a turn without any is left as it is, quickly)
_HESITATION_WORD = re.compile(r"(?i)\b(?:u[hm]|hm|(?-i:er[mr,]))")
_CORRECTING = re.compile(r"(?i)\b(?:no|wait|sorry|rather|i\s+mean)\b")


def _spoken_line(line: str) -> str:
    low = line.casefold()
    if _HESITATION_WORD.search(line):
        line = _HESITATION.sub("", line)
    if "records" in low or "update" in low or "details" in low or "info" in low:
        line = _RECORDS.sub("", line)
    if _CORRECTING.search(line):
        line = _NUMBER_FIXED.sub("", _NAME_FIXED.sub("", line))
        if "mean" in low:
            line = _MEAN_CLAUSE.sub(". ", _RESTART.sub("", line))
    if "yeah" in low:
        line = _SO_YEAH.sub("", line)
    if "like" in low:
        line = _LIKE_COUNT.sub(" ", _LIKE.sub(lambda m: m.group(1) or "", line))
    line = line.strip()
    if low.lstrip().startswith("as of"):
        line = _AS_OF.sub(lambda m: f"{m.group('body').rstrip(' ,')} {_since(m.group(1))}", line)
    if _COMMAND.match(line):
        line = "Please " + line[:1].lower() + line[1:]
    return line
