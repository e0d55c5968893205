"""Lines that name nothing a later reader can find, for the offline extractor's filler screen
(``information.filler``): docs/extraction.md's junk rule, "a fragment whose only content is an unresolved pronoun"
and "a garbled fragment".

- A view whose clause opens with a pronoun the memory does not resolve, or with a bare verb: "Tim thinks she can
  transport readers into another world" (who?), "Joanna thinks have an awesome time" (advice read as a view),
  unless a name, a title or a number follows ("Nate thinks it was called "Inception""). A name said of someone
  ("Maria thinks her name is Shadow") is not a view and not dropped here.
- A forecast of an unnamed it: "Nate is sure it'll be a blast", unless a name or a number follows.
- A liking whose only thing is them/him/her/it: "Nate likes holding them", "Maria enjoys it after a day of
  volunteering", in one sentence.
"""

from __future__ import annotations

import re

_NAME = r"[A-Z][\w'’-]*"
_VIEW = re.compile(rf"^{_NAME} thinks (?:(?:she|he|they|it|hopefully)\b(?!'s name| name)|(?:just )?(?:have|keep|go"
                   r"|gotta|got to|take|make|stay|try)\b)", re.IGNORECASE)
#: A forecast of an unnamed it: "Nate is sure it'll be a blast", "Jon is sure it'll pay off".
_SURE = re.compile(r"^[A-Z][\w'’-]* is (?:(?:so|really|totally|just)\s+)?sure"
                   r" (?:it|that|this|they|its|it's|it'll|they'll)\b")
_LIKING = re.compile(r"\b(?:likes|loves|enjoys|adores)\s+(?:\w+ing\s+)?(?:them|him|her|it)\b"
                     r"(?!\s+(?:name|names|when)\b)")
#: A name, a title or a number after the view's lead: something named after all ("it was called "Inception"").
_NAMED = re.compile(r"(?<=[\w,;:\"“] )[\"“]?[A-Z]|\d")
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=\S)")


def vague(content: str) -> bool:
    """Whether a finished English memory names nothing a reader can find (module docstring)."""
    view = _VIEW.match(content) or _SURE.match(content)
    if view:
        return not _NAMED.search(content[view.end():])
    return bool(_LIKING.search(content)) and not _SENTENCES.search(content.strip())
