"""A short answer to an assistant's question, for the offline extractor: in a conversation sent as one list of turns
("Do you get enough sleep?" — "not really, maybe five hours"; "它是什么品种的？" — "英短，蓝白的"), the user's answer
names no subject and often no verb, so it says nothing alone. Kept with the question it answers, in the third
person: "The user's answer to "Does the user get enough sleep?": not really, maybe five hours.",
"用户对“它是什么品种的？”的回答：英短，蓝白的". Only a short answer (at most 12 words, or 24 Chinese characters) that
names something particular (``information.specific``) and gave no statement of its own; an acknowledgement,
thanks, a greeting or a question of the user's stays skipped as before.

Between two named people (a chat between friends) the same holds for a short answer to the other's question, and in
Chinese the question needs no "？" ("旺财几岁了来着" — "三岁了，柯基" → "刘洋对“旺财几岁了来着”的回答：三岁了，柯基").
A Chinese yes ("对啊", "是的", "嗯") to the other's yes-no question about the speaker ("你还在那家外企做HR吗") keeps
the question as the speaker's statement ("李娜还在那家外企做HR"; a rhetorical "你不是…吗" / "是不是" drops its
negation), whatever else the turn says (``confirmed``); and what follows such a yes or a reaction ("对啊，打算明年换
工作") is a statement of its own, not more of the agreement (``carries``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction.candidates import Candidate, Turn
from memories.extraction.clauses import junk_reason, split_sentences, third_person_en
from memories.extraction.information import specific
from memories.extraction.named_answers import asked_en, named_answer
from memories.extraction.referred import name_the_one
from memories.extraction.replies import first_person
from memories.write.text import has_cjk

__all__ = ["answer_to", "answered", "carries", "confirmed", "replied"]

_COUNTED = re.compile(r"(?i)\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
                      r"fifty|hundred|thousand|a few|a couple|once|twice)\b")
MAX_WORDS = 12
MAX_ZH_CHARS = 24
#: A Chinese yes that opens a reply: "对啊", "是的", "嗯嗯", "没错".
_ZH_YES = re.compile(r"^(?:对|是|嗯|没错|对的|是的)[啊呀的呢嗯滴哒]*(?:[，,。！!~～\s]|$)")
#: A reply that declines or has nothing more: "不用了谢谢", "没有了", "算了吧".
_ZH_DECLINE = re.compile(r"^(?:不用|不需要|没有了|没了|算了|不了)")
_ZH_PIECES = re.compile(r"[^。！!？?，,；;\s]+[？?]*")


def _zh_question(text: str) -> str:
    """The last question of a Chinese turn, "？" or not ("你开的还是那辆白色的卡罗拉吗")."""
    pieces = [p.strip() for p in _ZH_PIECES.findall(text) if p.strip("?？ ")]
    return next((p for p in reversed(pieces) if p.endswith(("?", "？")) or junk_reason(p, True) == "question"), "")


def answered(answer: str, question_turn: str, who: str, zh: bool, asker: str = "", own_only: bool = False
             ) -> str | None:
    """The answer kept with its question (above), or None when the turn before asks nothing or the answer is no
    short, particular one. ``asker``: the name of who asked, for their "我"; ``own_only``: only as the speaker's
    own statement ("Do you smoke?" — "no")."""
    question = next((s.strip() for s in reversed(split_sentences(question_turn)) if s.strip().endswith(("?", "？"))
                     and s.strip("?？ ")), "") or (_zh_question(question_turn) if zh else "")
    answer = answer.strip().rstrip("。.!！ ")
    if not question or not answer or answer.endswith(("?", "？")) or _ZH_DECLINE.match(answer):
        return None
    if (len(answer) > MAX_ZH_CHARS) if zh else (len(answer.split()) > MAX_WORDS):
        return None
    if not zh and (own := first_person(question, answer)) is not None:
        said = third_person_en(own, who, None)  # "Where do you live?" — "Bristol": "The user lives in Bristol."
        return re.sub(r"(?:^|(?<=\. ))[a-z]", lambda m: m.group().upper(), said) + "."
    if own_only or not (specific(answer if zh else f"they said {answer}") or _COUNTED.search(answer)):
        return None  # "Seattle" is a name after "they said"; "maybe five hours" a number
    if zh:
        return _zh_answered(question, answer, who, asker)
    asked = asked_en(question, asker or "the assistant", who)  # "I" is who asked
    return f"{who[:1].upper()}{who[1:]}'s answer to \"{asked}\": {third_person_en(answer, who, None)}."


def _zh_answered(question: str, answer: str, who: str, asker: str) -> str:
    asked = re.sub(r"我", asker, question.replace("我们", f"{asker}等人")) if asker else question  # the asker's
    asked = re.sub(r"您|你", who, re.sub(r"你们", f"{who}等人", asked))
    return f"{who}对“{asked}”的回答：{re.sub(r'我', who, answer)}"


def answer_to(turn: Turn, previous: Turn | None, reasons: list[str], who: str) -> str | None:
    """A user's short answer to the assistant's question just before, with it (``answers.py``)."""
    if turn.role != "user" or previous is None:
        return None
    named = bool(turn.name and previous.name and previous.name != turn.name)
    if not (previous.role == "assistant" and not previous.name) and not named:
        return None  # an assistant's question, or (named speakers) the other one's
    if named and not has_cjk(turn.content):  # "Thanks, Maria! Three times a week; it keeps us on track."
        return _named_en(turn, previous, turn.name or who)
    other = set(reasons) - {"filler", "vague"}
    if other and (other != {"acknowledgement"} or has_cjk(turn.content)):
        return None  # a bare "yes" / "no" only says something of a question about the speaker's life
    return answered(turn.content, previous.content, turn.name or who, has_cjk(turn.content), previous.name or "",
                    own_only=bool(other))


def _named_en(turn: Turn, previous: Turn, who: str) -> str | None:
    """A named speaker's English answer to the other's question: a short particular one (``answered``), else a
    longer one or one that opens with a pronoun the question gave ("They eat …": ``named_answers``)."""
    rest = _after_courtesies(turn.content)
    unnamed = re.sub(rf"\b(?:{re.escape(who)}|{re.escape(previous.name or '')})\b", "", rest)
    short = None
    if rest and _ASKS_FOR.match(_last_question(previous.content)) and _PARTICULAR.search(unnamed):
        short = answered(rest, previous.content, who, False, previous.name or "")
    return short or named_answer(turn.content, previous.content, who, previous.name or "")


#: A question that asks for a particular thing (what, which, where, when, who, how many/often/long/much/old/far), not
#: a rhetorical or a tag question ("Pretty cool, huh?", "… doesn't it?", "How's it been going?").
_ASKS_FOR = re.compile(r"(?i)^(?:what|which|where|when|who|whose|how\s+(?:many|often|long|much|old|far))\b"
                       r"(?!.*\b(?:huh|right|isn't it|doesn't it|don't you|aren't you)\?$)(?!'s\s+(?:it|up|new)\b)")
#: What a short answer must hold to be worth keeping with its question: a number, a count or a name inside it.
_PARTICULAR = re.compile(r"\d|(?i:\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|once|a few|a couple)\b)"
                         r"|(?<=[a-z,] )[A-Z][a-z]+")


def _last_question(text: str) -> str:
    return next((s.strip() for s in reversed(split_sentences(text)) if s.strip().endswith("?")), "")


def _after_courtesies(text: str) -> str:
    """An English turn without the thanks, greetings and reactions that open it ("Thanks, Maria! Three times a
    week" → "Three times a week"); "" when nothing is left or what is left asks something."""
    sentences = split_sentences(text.strip())
    while sentences and junk_reason(sentences[0], False) in ("thanks", "greeting", "acknowledgement", "reaction"):
        sentences = sentences[1:]
    rest = " ".join(sentences).strip()
    return "" if not rest or "?" in rest else rest


def carries(reason: str, clause: str) -> bool:
    """Whether a subject-less Chinese clause goes on with the dropped clause before it (``reason``): the rest of a
    thanks ("谢谢你，帮了大忙") does; what follows a yes never ("对啊，打算明年换工作"), and what follows a reaction
    only when it is short and tells no event ("挺好的，天天吃火锅胖了五斤") or when it speaks to the listener
    ("挺好的，产品挺适合你的"); what follows a clause too short to say anything only when it is short too."""
    if not reason or re.search(r"我|咱|他|她", clause):
        return False  # a clause with a subject of its own stands alone
    if reason == "acknowledgement":
        return len(clause.strip("，,。！!~～ ")) < 3
    if reason == "filler":  # "唉，好累" goes on with the sigh; "大三，学计算机的" is a statement of its own
        return len(clause.strip("，,。！!~～ ")) < 4
    return reason != "reaction" or "你" in clause or (len(clause.strip("，,。！!~～ ")) < 6
                                                     and not re.search(r"[了过]|\d", clause))


def replied(turn: Turn, previous: Turn | None, made: list[Candidate],
            timed: Callable[[str, Turn, str, bool, bool], Candidate]) -> list[Candidate]:
    """A named speaker's turn between two people: a short Chinese answer naming no one ("一个月四千五，押一付三"
    after "你们那边房租多少") kept with its question rather than as bare statements; a yes with the question
    (``confirmed``); the thing the assistant suggested named for the reply's "one" of it (``referred``)."""
    text = turn.content.strip()
    if made and turn.name and previous is not None and has_cjk(text) and len(text) <= MAX_ZH_CHARS \
            and not _ZH_YES.match(text) and not re.search(r"我|咱|他|她|你", text) \
            and not any(c.content.startswith(f"{turn.name}对“") for c in made) \
            and not any(name and name in text for name in (turn.name, previous.name)):
        reply = answer_to(turn, previous, [], turn.name)
        if reply is not None:
            return [timed(reply, turn, turn.name, True, False)]
    return [*name_the_one(made, previous), *confirmed(turn, previous, timed)]


def confirmed(turn: Turn, previous: Turn | None, timed: Callable[[str, Turn, str, bool, bool], Candidate]
              ) -> list[Candidate]:
    """A Chinese yes to the other named speaker's yes-no question about the speaker: the question as their
    statement ("你还在那家外企做HR吗" — "对啊，…" → "李娜还在那家外企做HR")."""
    if previous is None or not turn.name or not previous.name or previous.name == turn.name \
            or not has_cjk(turn.content) or not _ZH_YES.match(turn.content.strip()):
        return []
    question = _zh_question(previous.content).rstrip("?？")
    if "你" not in question or not (question.endswith("吗") or "是不是" in question):
        return []
    said = re.sub(r"^(?:啊|哦|那|所以|难道)+", "", question.removesuffix("吗"))
    said = re.sub(r"不是(?=[\u4e00-\u9fff])|是不是", "", said, count=1) if "不是" in said else said
    said = re.sub(r"你", turn.name, re.sub(r"你们", f"{turn.name}等人", re.sub(r"我", previous.name, said)))
    return [timed(said, turn, turn.name, True, False)] if len(said) > len(turn.name) + 2 else []
