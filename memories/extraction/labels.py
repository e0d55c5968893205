"""Speakers named in the text: a turn sent as "Caroline: I moved to Boston last month." or "林晓峰：我搬到深圳了。",
or a transcript pasted as one message ("Ana: …" / "Ben: …", one line each), says who speaks though the message
carries no ``name``. Clients that flatten a conversation into text (mem0's ``add`` with the speaker written into
``content``, a chat log forwarded whole) send exactly this.

``labelled`` gives each such turn its speaker as its ``name`` (the label itself is no part of what was said), so
the extractor binds "I" to Caroline ("Caroline moved to Boston in November 2026."), not to "the user". A
transcript becomes one turn per labelled line, each with the source turn's index and time. The label is read by
``memories.write.plain.speaker_label`` (the rule the write path uses for plain content: a capitalised name and a
colon that is no heading such as "Note:", or a Chinese role or surname-led name), and taken as a speaker only when
the text after it speaks in the first person or names a speaker the conversation already knows, or when the
message is a transcript of at least two labelled lines: "Dinner: pasta with Ben" names no speaker.
A label that is the user (用户, 我, "User") or an assistant ("Assistant", "AI", 助手) gives the turn that role.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from memories.extraction.candidates import Turn
from memories.write.plain import ASSISTANTS, speaker_label

_USER_LABELS = frozenset({"user", "human", "用户", "我", "本人"})
_FIRST_PERSON = re.compile(r"(?i)(?<![\w'])(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|our|us)(?![\w'])|我")


def labelled(turns: Sequence[Turn], known: Sequence[str] = ()) -> list[Turn]:
    """``turns`` with the speakers their texts name (module docstring); a turn that already has a name, or whose
    text names no speaker, is unchanged. ``known``: the speakers' names the conversation already carries."""
    names = {name.casefold() for name in known} | {t.name.casefold() for t in turns if t.name}
    out: list[Turn] = []
    for turn in turns:
        if turn.name or turn.role != "user":
            out.append(turn)
            continue
        lines = [line.strip() for line in turn.content.splitlines() if line.strip()]
        said = [speaker_label(line) for line in lines]
        if len(lines) >= 2 and all(said):
            out.extend(_spoken(turn, line[found[1]:], found[0]) for line, found in zip(lines, said, strict=True)
                       if found is not None)
            continue
        found = speaker_label(turn.content)
        if found is None:
            out.append(turn)
            continue
        rest = turn.content[found[1]:].strip()
        if _FIRST_PERSON.search(rest) or found[0].casefold() in names or found[0].casefold() in _USER_LABELS:
            out.append(_spoken(turn, rest, found[0]))
        else:
            out.append(turn)
    return out


def _spoken(turn: Turn, text: str, label: str) -> Turn:
    """``turn`` as said by ``label``: the user, an assistant, or a named speaker."""
    key = label.casefold()
    if key in _USER_LABELS:
        return dataclasses.replace(turn, content=text, name=None)
    if key in ASSISTANTS:
        return dataclasses.replace(turn, content=text, role="assistant", name=None)
    return dataclasses.replace(turn, content=text, name=label)
