"""The thing the assistant recommended, named in the user's reply that says "one" of it (English, offline extractor).

"I'd recommend a standing desk for back pain." — "got one last month, it helps a lot" keeps "The user got a standing
desk last month …", not "The user got one …": the reply's "one" (or "some") after a verb of having ("got", "have",
"bought", "already own", "ordered", "picked up", "use") is the thing of the assistant's suggestion just before it
("I'd recommend a …", "you could try a …", "have you considered (getting) a …", "how about a …", "maybe a …"). Only
an assistant's turn without a name, only one thing suggested (a second "or a …" names two: nothing is chosen), and
only a reply whose kept statement says "one" after such a verb; anything else is left as it was.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memories.extraction.candidates import Candidate, Turn

__all__ = ["name_the_one"]

_THING = r"(?P<thing>(?:an?|some)\s+(?:[a-z][\w\-]*\s+){0,3}?[a-z][\w\-]*)"
_END = r"(?=\s+(?:for|to|with|that|which|if|as|from|in|on|at|because|since|so|or)\b|\s*[.,!?;:]|\s*$)"
_SUGGESTED = re.compile(rf"(?i)\b(?:(?:i'?d|i\s+would|i)\s+(?:recommend|suggest)(?:\s+getting|\s+trying)?|you\s+"
                        rf"(?:could|might|should|may\s+want\s+to|might\s+want\s+to)\s+(?:try|get|buy|consider|use|"
                        rf"look\s+at|invest\s+in)(?:\s+getting|\s+using)?|have\s+you\s+(?:considered|thought\s+about|"
                        rf"tried)(?:\s+getting|\s+using|\s+buying)?|how\s+about|what\s+about|maybe|perhaps|consider|"
                        rf"try)\s+{_THING}{_END}")
_TWO = re.compile(r"(?i)\bor\s+(?:an?|some)\s+[a-z]")
_ONE = re.compile(r"(?i)\b(?P<verb>got|gets|get|has|have|had|bought|buys|ordered|orders|owns|own|picked\s+up|"
                  r"uses|use|already\s+has|already\s+have|already\s+owns|already\s+own|already\s+got)\s+"
                  r"(?P<one>one|some)\b(?!\s+(?:of|more|other|another|day|time|thing|too|else))")


def _suggested(previous: Turn | None) -> str:
    """The one thing the assistant's turn suggests, with its article ("a standing desk"), or ""."""
    if previous is None or previous.role != "assistant" or previous.name:
        return ""
    said = _SUGGESTED.search(previous.content)
    if said is None or _TWO.search(previous.content[said.start():]):
        return ""
    return said.group("thing")


def name_the_one(made: list[Candidate], previous: Turn | None) -> list[Candidate]:
    """``made`` with the reply's "one" of the assistant's suggested thing named (the module's docstring)."""
    thing = _suggested(previous) if made else ""
    if not thing:
        return made
    article_free = re.sub(r"(?i)^(?:an?|some)\s+", "", thing)
    named = []
    for candidate in made:
        said = _ONE.search(candidate.content)
        if said is None or article_free.casefold() in candidate.content.casefold():
            named.append(candidate)
            continue
        words = thing if said.group("one").casefold() == "one" or thing.casefold().startswith("some ") \
            else article_free
        content = f"{candidate.content[:said.start('one')]}{words}{candidate.content[said.end('one'):]}"
        named.append(replace(candidate, content=content))
    return named
