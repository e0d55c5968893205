"""A short answer to an assistant's question, for the offline extractor: in a conversation sent as one list of turns
("Do you get enough sleep?" — "not really, maybe five hours"; "它是什么品种的？" — "英短，蓝白的"), the user's answer
names no subject and often no verb, so it says nothing alone. Kept with the question it answers, in the third
person: "The user's answer to "Does the user get enough sleep?": not really, maybe five hours.",
"用户对“它是什么品种的？”的回答：英短，蓝白的". Only a short answer (at most 12 words, or 24 Chinese characters) that
names something particular (``information.specific``) and gave no statement of its own; an acknowledgement,
thanks, a greeting or a question of the user's stays skipped as before."""

from __future__ import annotations

import re

from memories.extraction.candidates import Turn
from memories.extraction.clauses import split_sentences, third_person_en
from memories.extraction.information import specific
from memories.extraction.replies import first_person
from memories.write.text import has_cjk

__all__ = ["answer_to", "answered"]

_COUNTED = re.compile(r"(?i)\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
                      r"fifty|hundred|thousand|a few|a couple|once|twice)\b")
MAX_WORDS = 12
MAX_ZH_CHARS = 24


def answered(answer: str, question_turn: str, who: str, zh: bool, own_only: bool = False) -> str | None:
    """The answer kept with its question (above), or None when the turn before asks nothing or the answer is no
    short, particular one. ``own_only``: only as the speaker's own statement ("Do you smoke?" — "no")."""
    question = next((s.strip() for s in reversed(split_sentences(question_turn)) if s.strip().endswith(("?", "？"))),
                    "")
    answer = answer.strip().rstrip("。.!！ ")
    if not question or not answer or answer.endswith(("?", "？")):
        return None
    if (len(answer) > MAX_ZH_CHARS) if zh else (len(answer.split()) > MAX_WORDS):
        return None
    if not zh and (own := first_person(question, answer)) is not None:
        said = third_person_en(own, who, None)  # "Where do you live?" — "Bristol": "The user lives in Bristol."
        return re.sub(r"(?:^|(?<=\. ))[a-z]", lambda m: m.group().upper(), said) + "."
    if own_only or not (specific(answer if zh else f"they said {answer}") or _COUNTED.search(answer)):
        return None  # "Seattle" is a name after "they said"; "maybe five hours" a number
    if zh:
        asked = re.sub(r"您|你", who, re.sub(r"你们", f"{who}等人", question))
        return f"{who}对“{asked}”的回答：{re.sub(r'我', who, answer)}"
    asked = third_person_en(question, "the assistant", who)
    asked = re.sub(rf"(?i)\b(do|are|were|have)( {re.escape(who)})\b",
                   lambda m: {"do": "does", "are": "is", "were": "was", "have": "has"}[m.group(1).casefold()]
                   + m.group(2), asked)
    asked = asked[:1].upper() + asked[1:]
    return f"{who[:1].upper()}{who[1:]}'s answer to \"{asked}\": {third_person_en(answer, who, None)}."


def answer_to(turn: Turn, previous: Turn | None, reasons: list[str], who: str) -> str | None:
    """A user's short answer to the assistant's question just before, with it (``answers.py``)."""
    if turn.role != "user" or turn.name or previous is None or previous.role != "assistant" or previous.name:
        return None
    other = set(reasons) - {"filler", "vague"}
    if other and (other != {"acknowledgement"} or has_cjk(turn.content)):
        return None  # a bare "yes" / "no" only says something of a question about the speaker's life
    return answered(turn.content, previous.content, who, has_cjk(turn.content), own_only=bool(other))
