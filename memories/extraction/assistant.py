"""An assistant's turn in a conversation the offline extractor reads (``memories.extraction.offline``): only an
action it reports it took for the user ("I've booked …", "已为您预订 …") with words the user has not said already
becomes a memory, about the assistant ("The assistant has booked a table for two at Nopa on Friday at 7pm.");
echoes and everything else are skipped."""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction import timeparse
from memories.extraction.candidates import Candidate, Turn
from memories.extraction.clauses import _ACTION, _strip_open, junk_reason, split_sentences
from memories.extraction.information import words
from memories.write.text import has_cjk


def assistant_statements(turn: Turn, recent_user: list[str], candidate: Callable[[str, str, Turn], Candidate]
                         ) -> list[Candidate]:
    """The actions an assistant's turn reports, each a candidate (``candidate(content, kind, turn)``)."""
    said = {w for text in recent_user[-4:] for w in words(text)}
    made = []
    for sentence in split_sentences(turn.content):
        zh = has_cjk(sentence)
        body = _strip_open(sentence, zh)
        if not body or not _ACTION.match(body) or junk_reason(body, zh) == "question":
            continue
        told = words(body)
        if told and len(told - said) / len(told) < 0.3:
            continue  # an echo of what the user said
        if zh:
            text = re.sub(r"^我", "助手", body) if body.startswith("我") else f"助手{body}"
            text = text.replace("为您", "为用户").replace("为你", "为用户").replace("帮您", "帮用户").replace(
                "帮你", "帮用户").replace("给您", "给用户").replace("给你", "给用户")
        else:
            text = re.sub(r"(?i)^(?:i've|i\s+have|we've|we\s+have)\b", "The assistant has", body)
            text = re.sub(r"(?i)^(?:i|we)\b", "The assistant", text)
            text = re.sub(r"(?i)\byour\b", "the user's", re.sub(r"(?i)\byou\b", "the user", text))
        resolved, _, _ = timeparse.resolve(text, turn.created_at, zh)
        found = candidate(resolved.rstrip("。."), "event", turn)
        found.about = "assistant"
        made.append(found)
    return made
