"""A chat message made plain before it is split (``offline.py``): emoji and the spaces people type between Chinese
clauses are punctuation, not words, and a frame that only announces what follows goes ("Quick update on my
life:", "说一下我的情况吧：").

- An emoji ends what comes before it: between two pieces of text it is a full stop ("just got engaged 💍 so
  happy" → "just got engaged. so happy"; "我是铲屎官🐱家里两只猫" → "我是铲屎官，家里两只猫"); at the end, or
  after a full stop of its own, it is dropped.
- In English typed without any punctuation, a new subject pronoun after a piece that stands alone starts a new
  sentence ("i hate cilantro it tastes like soap"; not "i think it's fine").
- In Chinese typed without punctuation, a space between two Chinese characters is a comma ("我男朋友下周生日
  他超喜欢打篮球" → "…生日，他超喜欢…"); a space beside a Latin word is only a space ("我下周去 Tokyo 出差",
  "我在 Google 做 PM").
"""

from __future__ import annotations

import re

import jieba.posseg as pseg

from memories.extraction.netspeak import reaction_only

#: Emoji and pictographs, with their joiners and variation selectors.
_EMOJI = re.compile("(?:[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2190-\u21FF\u3030\u303D]"
                    "[\uFE0E\uFE0F\u200D\U0001F3FB-\U0001F3FF]*)+")
_CJK = r"[\u4e00-\u9fff]"
_ZH_SPACE = re.compile(rf"(?<={_CJK})[ \u3000]+(?={_CJK})")
_CLOSED = re.compile(r"[.!?。！？，,；;:：~～]\s*$")
#: A frame before a colon that only announces what follows ("Quick update on my life:", "Some background:",
#: "说一下我的情况吧：", "简单介绍一下自己："): no part of any statement.
_FRAME = re.compile(r"(?i)^(?:(?:so|ok(?:ay)?|well|anyway)[,\s]+)*(?:a\s+|some\s+)?(?:quick\s+|little\s+|small\s+)?"
                    r"(?:update|news|background|context|info|about\s+me|life\s+update|(?:so\s+much|a\s+lot|lots)\s+"
                    r"(?:has\s+)?(?:happened|going\s+on|new))\b[^:\n]{0,30}:\s*"
                    r"|^(?:(?:跟|和)你)?(?:说一下|说下|说说|讲一下|讲讲|介绍一下|简单介绍一下|汇报一下|更新一下)[^：:\n]{0,12}[：:]\s*")


#: The same frame after a sentence of its own ("Hey! Long time no chat. So much has happened: …").
_FRAME_AFTER = re.compile(r"(?i)(?<=[.!?] )(?:so\s+much|a\s+lot|lots)\s+(?:has\s+)?(?:happened|going\s+on|new)\b"
                          r"[^:\n.!?]{0,30}:\s*")


#: In a message typed with no punctuation at all, a new subject pronoun starts a new sentence ("i hate cilantro it
#: tastes like soap", "started a pottery class its so fun") unless the word before it takes a clause ("i think it",
#: "glad she", "so he") or the piece before it is too short to stand alone.
_RUN_ON = re.compile(r"(?i)(?<=[a-z0-9])\s+(?=(?:it's|its|it|she's|shes|she|he's|hes|he|they're|theyre|they|we're|i'm"
                     r"|im)\s+[a-z]|(?:his|her|their)\s+name(?:'s|\s+is)\b)")
_TAKES_CLAUSE = frozenset(re.findall(r"[a-z]+", """
and but or so because cause cuz bc that when if since as while though although until unless than like think thought
know knew hope guess feel felt say said says believe wish mean bet heard realized realised glad sure afraid sorry
worried happy excited shame maybe where what why how who which whether before after once about of with for at to
from in on by into make makes made let lets see saw find found tell told hear i me you we us him her them my your
our their the a an this these those is was are were be been
"""))


def _run_ons(text: str) -> str:
    """An English message with no punctuation, its run-on sentences apart (``_RUN_ON``)."""
    if re.search(r"[.,;:!?]", text):
        return text
    pieces: list[str] = []
    last = 0
    for m in _RUN_ON.finditer(text):
        head = text[last:m.start()]
        words = head.split()
        if len(words) >= 3 and words[-1].casefold() not in _TAKES_CLAUSE:
            pieces.append(head)
            last = m.end()
    pieces.append(text[last:])
    return ". ".join(p.strip() for p in pieces)


#: Sarcasm: "yeah right, like I'd ever run a marathon", "as if", "Sure, I just LOVE waiting in line", "Love that
#: for me": the sentence says the opposite of its words, and nothing is kept of it.
_SARCASM = re.compile(r"(?i)^(?:yeah|yea|ya)\s+right\b|^(?:oh\s+)?(?:as\s+if|like\s+i(?:'d|\s+would)\s+ever)\b"
                      r"|^(?:oh\s+)?(?:sure|great|yeah|wonderful|fantastic|perfect)[,!.]+\s+(?:i\s+)?(?:just\s+|really\s+"
                      r"|absolutely\s+|totally\s+)?(?-i:LOVE|ADORE|ENJOY|LIKE|NEED|WANT)\b|^(?:love|loving)\s+that\s+for\s+me\b"
                      r"|^just\s+what\s+i\s+needed\b")


def _sincere(text: str) -> str:
    """An English message without its sarcastic sentences (``_SARCASM``)."""
    sentences = re.split(r"(?<=[.!?])\s+", text)
    return " ".join(s for s in sentences if not _SARCASM.match(s.strip()))


def plain(text: str) -> str:
    """``text`` with its emoji made punctuation and, in Chinese, its clause-separating spaces made commas."""
    zh = bool(re.search(_CJK, text))
    text = _FRAME_AFTER.sub("", _FRAME.sub("", text.strip()))
    out: list[str] = []
    last = 0
    for m in _EMOJI.finditer(text):
        before = text[last:m.start()].rstrip()
        out.append(before)
        rest = text[m.end():].strip()
        if before and rest and not _CLOSED.search(before) and not _CLOSED.match(rest):
            out.append("，" if zh else ". ")
        elif not zh:
            out.append(" ")
        last = m.end()
    out.append(text[last:])
    joined = "".join(out).strip()
    return _zh_pieces(joined) if zh else _run_ons(_sincere(re.sub(r"[ \t]{2,}", " ", joined)))


#: Chat exclamations that say nothing to keep, as a whole piece between commas ("家人们谁懂啊", "累死了", "笑死").
_ZH_FILLER = re.compile(r"(?:家人们|姐妹们|宝子们|集美们|兄弟们)?(?:谁懂啊?|救命|绝了|笑死(?:我了)?|无语(?:了|死了)?"
                        r"|服了|离谱|破防了|emo了|累死(?:我)?了|烦死了|气死(?:我)?了|开心死了|好累啊?|太难了|啊啊+|呜呜+|2333+)"
                        r"[啊呀了吧！!~～]*|(?:家人们|姐妹们|宝子们|集美们)")

# (not "LOL" said as what one plays or streams: "主要播LOL", "周末打LOL", "排LOL")
_ZH_LAUGH = re.compile(r"(?<![A-Za-z0-9])(?:[hH]{3,}|2333+|lol|(?<![玩播打排])LOL)(?![A-Za-z0-9])[\s,，!！~～]*")


def _zh_pieces(text: str) -> str:
    """Chinese typed with spaces: a space between clauses is a comma, not before a piece that only names (a place
    or a thing put beside the one before: "住在老家 湖南长沙"); a piece of chat exclamation goes."""
    out: list[str] = []
    text = _ZH_LAUGH.sub("", text)  # "hhhh 笑死我了", "2333 太逗了": laughter typed in Latin letters or digits
    for i, piece in enumerate(_ZH_SPACE.split(text)):
        if _ZH_FILLER.fullmatch(piece.strip("，,。！!")) or reaction_only(piece):  # "yyds！！这个回答绝绝子"
            continue
        only_names = all(t.flag.startswith("n") and t.flag != "nr" for t in pseg.lcut(piece, HMM=False))
        out.append(piece if not out else f"{'' if only_names and i else '，'}{piece}")
    return "".join(out).strip("，")
