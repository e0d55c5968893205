"""A correction of what was just said, for the offline extractor: "actually it's Tuesday, not Monday", "not
Lisbon, Porto", "是周三，不是周一", "不对，是下周三". Alone it names nothing to keep ("it's Tuesday"); with the memory
it corrects (the newest known memory of the scope that holds the old value, or for a bare "不对，是下周三" /
"actually it's next Tuesday" the newest that holds a day) it is that memory with the new value: "The user's piano
lesson is on Tuesdays." The write flow's slots then retire the older one.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from memories.extraction.candidates import Candidate, KnownMemory, Turn
from memories.extraction.clauses import split_sentences
from memories.extraction.corrections_bare import bare_corrected
from memories.extraction.corrections_zh import bare_number
from memories.write.text import has_cjk

__all__ = ["Fix", "corrected", "corrected_in", "corrected_values", "replacing"]


class Fix(str):
    """A corrected memory's text, with the stored memory it corrects (``replaces``; None when that one is of this
    batch or not stored yet): the write supersedes it (``MemoryInput.replaces``)."""

    replaces: uuid.UUID | None = None


def _fix(text: str, old: str, known: Sequence[KnownMemory]) -> Fix:
    fix = Fix(text)
    fix.replaces = next((m.id for m in known if m.content == old), None)
    return fix


def replacing(candidate: Candidate, fix: str) -> Candidate:
    """The candidate made of a correction, naming the stored memory it corrects as the one it updates."""
    candidate.updates = getattr(fix, "replaces", None) or candidate.updates
    return candidate

_EN_OPEN = r"(?i:^(?:(?:oh|no|nope|sorry|wait|actually|correction|my bad|oops|scratch that)[,!:;]?\s+)*)"
_EN_VALUE = r"[^,;.!?]{1,40}?"
# What the correction is about, said after it: "Thursday, not Tuesday, for the dentist"
_EN_TAIL = r"(?:[,;]?\s*(?i:for|about|with|on|at)\s+(?P<about>[^,;.!?]{1,40}?)\s*)?"
_EN_CORRECTIONS = (
    # "actually it's Tuesday, not Monday", "it's Porto not Lisbon", "make that 7pm instead of 6pm"
    re.compile(rf"{_EN_OPEN}(?i:it's|it is|it'll be|it will be|that's|that is|it was|make that|i meant)\s+"
               rf"(?P<new>{_EN_VALUE})(?:\s+(?i:actually))?\s*[,;]?\s+(?i:not|instead of|rather than)\s+"
               rf"(?P<old>{_EN_VALUE})\s*"
               rf"{_EN_TAIL}[.!]*$"),
    # "not Monday, Tuesday", "not Lisbon but Porto"
    re.compile(rf"{_EN_OPEN}(?i:not)\s+(?P<old>{_EN_VALUE})\s*[,;]\s*(?i:but\s+)?(?i:it's\s+)?"
               rf"(?P<new>{_EN_VALUE})\s*[.!]*$"),
)
_ZH_VALUE = r"[^，,。！!？?\s]{1,14}?"
_ZH_OPEN = r"^(?:不对|错了|说错了|我说错了|搞错了|记错了|更正一下|更正|等等)?[，,：:！!]?\s*(?:其实|实际上)?"
# Who the value is about, before it: "他不是花生过敏，是芒果过敏", "阿杰其实是芒果过敏，不是花生过敏"
_ZH_WHO = r"(?:[他她它我]们?|[\u4e00-\u9fff]{2,3}?)?(?:其实|实际上)?"
_ZH_CORRECTIONS = (
    re.compile(rf"{_ZH_OPEN}{_ZH_WHO}(?:应该)?是(?P<new>{_ZH_VALUE})[，,]?\s*(?:而)?不是(?P<old>{_ZH_VALUE})[。！!]?$"),
    re.compile(rf"{_ZH_OPEN}{_ZH_WHO}不是(?P<old>{_ZH_VALUE})[，,]\s*(?:而)?(?:应该)?是(?P<new>{_ZH_VALUE})[。！!]?$"),
)
# A bare correction to a day: "不对，是下周三", "actually it's next Tuesday", "no, Thursday".
_EN_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
_EN_DAY_ONLY = re.compile(rf"{_EN_OPEN}(?i:(?:it's|it is|it'll be|make that)\s+)?(?P<new>(?i:(?:next|this|on)\s+)?"
                          rf"(?i:{_EN_WEEKDAY}))\s*[.!]*$")
# A plan moved to another day: "oh wait they moved it to sunday, her dad has a thing saturday", "it got pushed to
# next friday", "we rescheduled the dinner to Thursday".
_EN_MOVED = re.compile(rf"{_EN_OPEN}(?i:(?:ugh+|ok(?:ay)?|so|lol|hey|update|fyi|btw)[,!:]?\s+)*"
                       r"(?i:(?:they|we|i|she|he|it|that|the\s+\w+)\s+)?(?i:(?:have|has|'ve|'s|was|got"
                       r"|just|been|\s)+)?(?i:moved|pushed|changed|switched|rescheduled|bumped|shifted)"
                       r"(?:\s+(?i:it|that|the\s+\w+))?(?:\s+(?i:back|forward|up))?\s+(?i:to)\s+"
                       rf"(?P<new>(?i:(?:next|this|on)\s+)?(?i:{_EN_WEEKDAY}))\b\s*(?:[,;].*)?[.!]*$")
_ZH_DAY_ONLY = re.compile(r"^(?:不对|错了|说错了|我说错了|搞错了|记错了|更正一下|更正)[，,：:！!]?\s*"
                          r"(?:应该)?是?"
                          r"(?P<new>(?:下下|下|这|本|上)?(?:周|星期|礼拜)[一二三四五六日天]|明天|后天)[。！!]?$")
_EN_DAY_IN = re.compile(rf"(?i)\b(?:(?:next|this|on)\s+)?{_EN_WEEKDAY}(?:,?\s+\d{{1,2}}\s+[A-Z][a-z]+\s+\d{{4}})?")
_ZH_DAY_IN = re.compile(r"(?:\d{4}年)?\d{1,2}月\d{1,2}日(?:（周[一二三四五六日]）)?"
                        r"|(?:下下|下|这|本|上)?(?:周|星期|礼拜)[一二三四五六日天]|明天|后天")


def corrected(turn: Turn, found: Sequence[Candidate], known: Sequence[KnownMemory]) -> str | None:
    """The memory a user's turn corrects (this batch's newest first, then the known ones), with the corrected
    value (above); None when the turn is no correction or no memory holds what it corrects."""
    if turn.role != "user" or turn.name or len(turn.content) > 120:
        return None
    contents = _users(found, known)
    fixed = _corrected(turn.content.strip(), contents, has_cjk(turn.content))
    return fixed[1] if fixed else None


def corrected_in(turn: Turn, found: list[Candidate], known: Sequence[KnownMemory]) -> tuple[list[Fix], Turn]:
    """The memories a user's turn corrects and the turn without what corrects them: the whole turn
    (``corrected``), or a sentence in a longer one ("Sorry, it's three kids actually, not two – I keep forgetting
    the baby eats real food now!", "我刚数了一下，其实是四杯，不是三杯，早上两杯"): its pieces between dashes and
    semicolons, in Chinese two clauses together. A memory of this batch it corrects leaves ``found``."""
    if turn.role != "user" or turn.name:
        return [], turn
    zh = has_cjk(turn.content)
    contents = _users(found, known)
    whole = _corrected(turn.content.strip(), contents, zh) if len(turn.content) <= 120 else None
    if whole is not None:
        found[:] = [c for c in found if c.content != whole[0]]
        return [_fix(whole[1], whole[0], known)], replace(turn, content="")
    fixes, text = [], turn.content
    for sentence in split_sentences(turn.content):
        parts = re.split(r"[，,]", sentence) if zh else re.split(r"\s+[–—-]\s+|;\s*", sentence)
        pieces = [f"{a}，{b}" for a, b in pairwise(parts)] if zh else parts
        for piece in pieces:
            fixed = _corrected(piece.strip(" 。.!！"), contents, zh) if len(piece) <= 80 else None
            if fixed is not None:
                fixes.append(_fix(fixed[1], fixed[0], known))
                text = text.replace(piece, "", 1)
                found[:] = [c for c in found if c.content != fixed[0]]
    text = re.sub(r"[，,]{2,}", "，", re.sub(r"^[\s–—,，-]+", "", text))
    return fixes, replace(turn, content=text) if fixes else turn


def corrected_values(turns: Sequence[Turn]) -> list[str]:
    """The old values the users' turns correct ("他不是花生过敏，是芒果过敏" → 花生过敏, "it's Porto, not Lisbon" →
    Lisbon): what a memory it corrects holds, however far back in the scope (``pipeline.known_for_offline``)."""
    values = []
    for turn in turns:
        if turn.role != "user" or turn.name:
            continue
        zh = has_cjk(turn.content)
        for sentence in split_sentences(turn.content):
            parts = re.split(r"[，,]", sentence) if zh else re.split(r"\s+[–—-]\s+|;\s*", sentence)
            pieces = [sentence, *([f"{a}，{b}" for a, b in pairwise(parts)] if zh else parts)]
            said = (p.match(piece.strip(" 。.!！")) for piece in pieces
                    for p in (_ZH_CORRECTIONS if zh else _EN_CORRECTIONS))
            values += [m.group("old").strip() for m in said if m and m.group("old").strip()]
    return list(dict.fromkeys(values))


#: A memory of the assistant's words (its answer with the user's question quoted, an action it took): not what a
#: user's correction corrects.
_ASSISTANTS = re.compile(r"^(?:When the user asked|The assistant|用户问“|助手)")


def _users(found: Sequence[Candidate], known: Sequence[KnownMemory]) -> list[str]:
    """The memories a correction may correct, newest first: this batch's, then the known ones; not the assistant's."""
    contents = [c.content for c in reversed(found) if c.about != "assistant"] + [m.content for m in known]
    return [m for m in contents if not _ASSISTANTS.match(m)]


def _replaced(old: str, new: str, contents: Sequence[str], zh: bool) -> tuple[str, str] | None:
    """The newest memory that holds ``old``, with ``new`` in its place ("Mondays" → "Tuesdays": the plural kept)."""
    at = re.compile(re.escape(old) if zh else rf"(?i)\b{re.escape(old)}(s?)\b")
    memory = next((m for m in contents if at.search(m)), None)
    if memory is None:
        return None
    head, _, tail = new.partition(" ")
    if tail and re.search(rf"(?i)\b{re.escape(old)}\s+{re.escape(tail)}", memory):
        new = head  # "three kids" for "two" in "… two kids": the number alone
    return memory, at.sub(lambda m: new + ("" if zh or new.endswith("s") else m.group(1)), memory, count=1)


def _corrected(text: str, contents: Sequence[str], zh: bool) -> tuple[str, str] | None:
    """The memory ``text`` corrects and that memory corrected, or None."""
    for pattern in _ZH_CORRECTIONS if zh else _EN_CORRECTIONS:
        said = pattern.match(text)
        if said and said.group("old").strip() and said.group("new").strip():
            about = (said.groupdict().get("about") or "").casefold().split()
            ranked = [m for m in contents if all(w in m.casefold() for w in about[-1:])] if about else []
            return _replaced(said.group("old").strip(), said.group("new").strip(), [*ranked, *contents], zh)
    day = (_ZH_DAY_ONLY if zh else _EN_DAY_ONLY).match(text) or (None if zh else _EN_MOVED.match(text))
    if day is None:
        if zh:
            return bare_number(text, contents)  # "说错了，她是1991年的" (corrections_zh)
        return bare_corrected(text, contents)  # "sorry, I meant 8:40"
    at = _ZH_DAY_IN if zh else _EN_DAY_IN
    memory = next((m for m in contents if at.search(m)), None)
    return (memory, at.sub(lambda _: day.group("new"), memory, count=1)) if memory else None
