"""A contact the speaker gives, however it is put (``offline.py``): "You can reach me at sam@proton.me", "Please use
sam@newmail.com from now on", "Feel free to call me on 07700 900123", "有事打我电话13800138000". Such a sentence
reads as a remark to the listener or a request and would be dropped; what it says of the speaker is kept as a plain
statement in their words ("my email is …", "我的邮箱是…"), which the slots read, so a new address retires the old.
Someone else's contact ("my wife's number is …", "her email") is left to the ordinary reading."""

from __future__ import annotations

import re

from memories.write.slot_values import KIN_EN_ALT, KIN_ZH_ALT

__all__ = ["announced", "contact", "restated"]

_EMAIL = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
_PHONE = re.compile(r"\+?\(?\d[\d\- ()]{5,}\d")
_MINE_EN = re.compile(r"(?i)\b(?:me|my|mine|i)\b")
# An address the listener is told to use from now on: the speaker's ("Please use sam@newmail.com from now on").
_USE_EN = re.compile(r"(?i)^(?:please\s+)?(?:use|email|write\s+to|send\s+(?:it|them|things)\s+to)\b")
# A relative named ("my wife got a new number", "我老婆换了新号码") is whose contact it is.
_OTHERS_EN = re.compile(rf"(?i)\b(?:my\s+[a-z]+'s|his|her|their|[A-Z][a-z]+'s|my\s+{KIN_EN_ALT})\b")
_OTHERS_ZH = re.compile(rf"他|她|我(?:的)?[^\s，,。]{{1,3}}的(?:电话|手机|号码|邮箱)|我(?:的)?(?:{KIN_ZH_ALT})")


def contact(clause: str, zh: bool) -> str | None:
    """The speaker's email or phone number in ``clause`` as a first-person statement; None when it holds none of
    theirs."""
    email = _EMAIL.search(clause)
    phone = None if email else next((m for m in _PHONE.finditer(clause)
                                     if len(re.sub(r"\D", "", m.group())) >= 7
                                     and not re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", m.group().strip())), None)
    if email is None and phone is None:
        return None
    value = (email or phone).group().strip()  # type: ignore[union-attr]
    if zh:
        if "我" not in clause or _OTHERS_ZH.search(clause):
            return None
        return f"我的邮箱是{value}" if email else f"我的电话是{value}"
    if not (_MINE_EN.search(clause) or (email and _USE_EN.match(clause))) or _OTHERS_EN.search(clause):
        return None
    return f"My email is {value}" if email else f"My phone number is {value}"


# A clause that already says it plainly: "my email is …", "我的手机号是…".
_STATED = re.compile(r"(?i)\b(?:e-?mail|phone|number|mobile|cell)(?:\s+address)?\s*(?:is|:)|(?:邮箱|电话|手机号?|号码)"
                     r"(?:地址)?\s*(?:是|为|：|:)")


def restated(clause: str, zh: bool) -> str:
    """A kept clause that gives the speaker's contact in other words ("有事随时打我电话138…", "Text me at 555-0199 if
    anything changes"), said plainly so that its slot is read; the clause as it is when it says it plainly already
    or gives none."""
    return clause if _STATED.search(clause) else contact(clause, zh) or clause


# A new contact announced without a verb: "new number, it's 555-0199", "got a new email: sam@x.io", "New address -
# 12 Elm Street". Each part alone would be filler; together they are the speaker's.
_ANNOUNCED = re.compile(r"(?i)^(?:(?:i\s+)?(?:got|have|'ve got|i've got)\s+(?:a\s+)?)?(?:my\s+)?new\s+"
                        r"(?P<what>(?:phone|cell|mobile|home|work)?\s*(?:number|#)|phone|cell|mobile|e-?mail"
                        r"(?:\s+address)?|address)\s*(?:[,:;\-\u2013\u2014]|is)\s*(?:(?:it's|its|it is)\s+)?"
                        r"(?P<value>\S.*)$")


def announced(body: str, zh: bool) -> str:
    """An English sentence announcing the speaker's new contact said plainly ("My new number is 555-0199"); the
    sentence as it is otherwise."""
    said = None if zh else _ANNOUNCED.match(body.strip())
    if said is None or not (_EMAIL.search(said.group("value")) or _PHONE.search(said.group("value"))
                            or (said.group("what").casefold() == "address" and re.search(r"\d", said.group("value")))):
        return body
    what = said.group("what").casefold().replace("#", "number").strip()
    return f"My new {what} is {said.group('value')}"
