"""The assistant's earlier answers among the candidates, weighed by whether the question asks for them.

The offline extractor keeps an assistant's answer to a question as one memory or a few ('When the user asked
"…", the assistant suggested: …', '用户问“…”，助手推荐：…'; ``memories.extraction.assistant``). In a long history of
help chats (a recipe, an itinerary, code) those memories are many and long, and their many words match a question
about the user's own life by a word or two ("How do I get to work these days?" met 'When the user asked "What
should we get next?" …'), crowding out the user's facts. A question that asks what the assistant said ("which
hotel did you recommend?", "what was the recipe you gave me?", "你上次推荐的那本书叫什么？") is answered by them;
a request for new suggestions keeps them as they are; any other question is asked about the user, and their
answers weigh ``OTHER`` of their fused score there (``ASKED`` when asked for): a little, since an answer's memory
also quotes the user's question, which may hold the fact asked for ("用户问“我家兔子麻糬最近不吃东西…”"); a Chinese
answer is weighed only when asked for, or for a dialogue (the Chinese extractor leaves more of a message's facts in
the question it quotes; a chat going on now is about the user). A dialogue passed as the query asks for the
assistant's words only in a user's turn: its speakers' labels ("助手：") ask nothing. Read from the candidates' search
words (``Candidate.words``, the shape step's), no query."""

from __future__ import annotations

import re
from collections.abc import Mapping

from memories.recall.parts import users_turns
from memories.recall.rank import Candidate, Key
from memories.recall.remarks import remarks_weighed

#: A question about the assistant's own earlier words: "you recommended / suggested / said / told me / gave me",
#: "did you say", "your suggestion", "the assistant"; 你推荐过 / 你之前说 / 你给我的 / 助手.
_ASKS_ANSWER = re.compile(
    r"(?i)\byou(?:'d|\s+had|\s+have|'ve)?\s+(?:\w+\s+){0,2}?(?:recommended|suggested|said|told|mentioned|gave|listed"
    r"|proposed|wrote|drafted|advised|described|explained|shared|put|called|named|came\s+up\s+with|picked|chose)\b"
    r"|\b(?:did|didn't|do|would)\s+you\s+(?:\w+\s+)?(?:recommend|suggest|say|tell|mention|give|list|propose|write"
    r"|draft|advise|explain|call|name|pick|choose)\b|\byour\s+(?:\w+\s+)?(?:recommendations?|suggestions?|advice|"
    r"answer|list|plan|recipe|itinerary|draft|tips?|idea|ideas|explanation|words)\b|\bthe\s+assistant\b"
    r"|你(?:之前|上次|刚才|以前|那天|当时|跟我)?(?:推荐|建议|说|提到|给我|列|写|讲)(?!一下|下|点|些|几)|助手"
    r"|你(?:推荐|建议|说|提到|给|列|写|讲)(?:过|了|的)")
#: A memory the extractor made of an assistant's answer, by its search words ("when the user ask … the assist
#: suggest …"; "用户 问 … 助手 推荐 …").
_ANSWER_WORDS = re.compile(r"^when the user ask\b.*\bthe assist (?:suggest|answer|draft)\b")
_ZH_ANSWER_WORDS = re.compile(r"^用户 (?:用 户 )?问 .*助手 ")
_ANSWER_START, _ZH_START = "when the user ask", "用户 "  # what each pattern's match starts with

#: A request for new suggestions ("any tips for decorating my place", "ideas for a present for Tom", "can you
#: suggest something for dinner?"): what was suggested before speaks to it too, so its answers keep their weight.
_ASKS_IDEAS = re.compile(r"(?i)\b(?:any|some|got)\s+(?:\w+\s+)?(?:ideas?|tips?|suggestions?|recommendations?|recs?"
                         r"|advice)\b|\b(?:ideas?|tips?)\s+(?:for|on)\b|\b(?:suggest|recommend)\b"
                         r"|\bwhat\s+should\s+(?:i|we)\b|推荐|建议")

OTHER = 0.9
ASKED = 1.1


def asks_answer(query: str) -> bool:
    """Whether ``query`` asks what the assistant said before (the module's docstring); of a dialogue, whether a
    user's turn does (the label "助手：" is no question about the assistant, nor is what the assistant says)."""
    return bool(_ASKS_ANSWER.search(users_turns(query)))


def answers_weighed(fused: dict[Key, float], candidates: Mapping[Key, Candidate], query: str) -> dict[Key, float]:
    """``fused`` with the assistant's answers among ``candidates`` weighed ``ASKED`` or ``OTHER``, and one speaker's
    remarks about the other weighed as ``memories.recall.remarks`` says."""
    fused = remarks_weighed(fused, candidates, query)
    asked = asks_answer(query)
    weight = ASKED if asked else 1.0 if _ASKS_IDEAS.search(query) else OTHER
    if weight == 1.0:
        return fused
    # the patterns match at the start only: a candidate whose words start otherwise is no answer, no regex run
    chinese = asked or users_turns(query) != query  # a dialogue: the chat is about the user now
    answers = {k for k, c in candidates.items()
               if k in fused and ((c.words.startswith(_ANSWER_START) and _ANSWER_WORDS.match(c.words))
                                  or (chinese and c.words.startswith(_ZH_START) and _ZH_ANSWER_WORDS.match(c.words)))}
    if not answers:
        return fused
    return {k: v * weight if k in answers else v for k, v in fused.items()}
