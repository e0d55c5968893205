"""Whom an ``add`` with named speakers is about (docs/mem0.md, "add").

mem0's ``user_id`` names whose memories they are (the scope ``user/<id>``); a message's ``name`` names who said it.
In a conversation among several named people (a group chat: every user message carries its speaker's name, and
there are at least two names) each person's statements are about that person, as the sessions API writes them
(``extraction.pipeline.subject_of``: with no job subject, a named speaker's memories are theirs). So the job gets
no subject and "I bought a Yaris", sent by Tom in the family's group, is Tom's memory (``subject`` Tom), found by
"What car does Tom drive?" among Tom's memories (recall's named person's own list). A conversation with one
named person or an unnamed user message keeps ``user_id`` as every memory's subject, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Said(Protocol):
    @property
    def role(self) -> str: ...

    @property
    def name(self) -> str: ...


def extraction_subject(user_id: str | None, turns: Sequence[_Said]) -> str | None:
    """``user_id``, or None when ``turns`` are a conversation among named people (each speaker their own subject)."""
    users = [t for t in turns if t.role == "user"]
    names = {t.name.casefold() for t in turns if t.name}
    if users and all(t.name for t in users) and len(names) >= 2:
        return None
    return user_id
