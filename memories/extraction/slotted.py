"""A clause's role in its turn (``clauses.clause_role``) and whether a statement carries information
(``information.informative``), with one more reading: words that are all vague or common ones still say something
when they fill an attribute slot of the speaker ("i'm seeing someone now", "I'm single again", "我一个人住":
``memories/write/slots.py``), so the clause is a statement of its own, not a feeling that goes with another.

And whether a turn that gave no statement is particular enough to keep as said (``information.specific``): not
when it only agrees to a time for something it does not name ("好啊，那就下周六吧", "ok saturday then", "sure, 7pm
works"): what was agreed to is in a turn before it, not in this one."""

from __future__ import annotations

import re
from collections.abc import Sequence

from jieba import posseg

from memories.extraction import clauses, information
from memories.extraction.chains import LISTED
from memories.write.slots import SELF, slots_of


def clause_role(clause: str, zh: bool, speakers: Sequence[str]) -> str:
    role = clauses.clause_role(clause, zh, speakers)
    if zh and role == "anchor" and _names_only(clause):
        return "dependent"  # "养了两只猫，咪咪和豆豆": the names of what the clause before spoke of
    if role == "weak" and not zh and _own_slot(clause):
        return "anchor"
    if role == "anchor" and not zh and _OBJECT_LEAD.match(clause.strip()):
        return "dependent"  # "gave me a sense of peace": the subject is what the clause before said
    if zh and role == "anchor" and _amount_only(clause):
        return "dependent"  # "每天吃一片氨氯地平 五毫克的": the amount goes with the statement before it
    return role


#: A clause that opens with a past verb whose object is the speaker ("gave me …", "helped us …"): its subject is before.
_OBJECT_LEAD = re.compile(r"(?i)^(?:[a-z]+ed|" + "|".join(sorted(clauses._IRREGULAR_PAST)) + r")\s+(?:me|us)\b")


def _names_only(clause: str) -> bool:
    """A Chinese clause that only lists two or more names or things ("咪咪和豆豆"), no verb between them: what the
    clause before it counted or spoke of."""
    return bool(LISTED.match(clause.strip())) and not re.search(r"[了过着]", clause)


def _amount_only(clause: str) -> bool:
    """A Chinese clause that is only an amount, a number and its measure by jieba's tags ("五毫克的", "80公斤左右")."""
    words = posseg.lcut(clause.strip(" ，,。"), HMM=False)
    return any(w.flag == "q" for w in words) and all(
        w.flag in ("m", "q", "uj") or w.word.replace(".", "").isdigit() or w.word == "左右" for w in words)


def informative(text: str, names: Sequence[str] = ()) -> bool:
    return information.informative(text, names) or _own_slot(text)


def _own_slot(text: str) -> bool:
    return any(s.subject == SELF and not s.attribute.startswith(("habit:", "like:")) for s in slots_of(text))


_AGREED_TIME = re.compile(
    r"(?i)^(?:(?:好的?|好啊|好呀|好吧|行|行啊|可以|没问题|嗯+|ok(?:ay)?|sure|yes|yeah|yep|cool|great|perfect"
    r"|sounds good)"
    r"[啊呀吧！!。.~～，,\s]*)+(?:那就|那|就|那我们|我们)?[^，。,.!！?？]{0,12}?"
    r"(?:[今明后]天|(?:下下?|这|本)?(?:周|星期|礼拜)[一二三四五六日天末]|下下?周|下个?月|月底|月初|\d{1,2}[点号:：]\d{0,2}"
    r"|[一二三四五六七八九十两]{1,3}点(?:半)?|then|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|\d{1,2}(?::\d\d)?\s*(?:am|pm))[^，。,.!！?？]{0,6}?"
    r"(?:吧|呗|啊|见|then|works|is fine|it is)?[\s!！。.~～]*$")


def specific(text: str, names: Sequence[str] = ()) -> bool:
    return information.specific(text, names) and not _AGREED_TIME.match(text.strip())
