"""What a question and a memory say about time and people: the cues behind two ranking levers
(docs/recall.md, "Levers").

* **Time cues.** A "when" question (``when did …``, ``what year …``, ``how long ago …``, 什么时候, 几号,
  哪年 …) is answered by a memory that states a time (``yesterday``, ``last week``, ``in May``, ``2023``,
  昨天, 上周, 去年, 三月 …): such memories gain ``settings.RECALL_TIME_BOOST`` of their score.
* **Named subject.** A question that names exactly one subject of the searched memories (by its
  ``external_id``: a whole word, or for Chinese a substring) is about that person: their memories gain
  ``settings.RECALL_SUBJECT_BOOST``. A question naming two or more ("What did Joanna say about Nate?") is about
  what one said of the other: the memories that involve two of them (one as the subject or a mention, the other
  as a mention) gain the boost, those involving one of them nothing (``named_people``).

Both read the words as the lexical index holds them (``write.text.search_words``, stems included), so a
memory's cue is the same in the in-process index and in SQL.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from memories.write.text import has_cjk, stem

# "When" questions. English: the question word or a time noun asked for; Chinese: the question phrases.
_WHEN_EN = re.compile(
    r"\b(when|what\s+(?:time|date|day|year|month|week|season)|which\s+(?:year|month|day|date|week|season)"
    r"|how\s+long\s+(?:ago|has|have|had|did|was|were|since)|since\s+when|what\s+age|how\s+old)\b", re.IGNORECASE)
_WHEN_ZH = re.compile(r"什么时候|啥时候|何时|几时|几号|几月|几点|哪天|哪一天|哪年|哪一年|哪个月|星期几|周几|礼拜几|"
                      r"多久|多长时间|什么时间|哪段时间|多大")

# Words that state a time. English ones are matched as stems (search_text holds stems).
_TIME_WORDS_EN = (
    "yesterday today tonight tomorrow ago last next recent recently lately earlier later soon week "
    "weekend weekends month months year years day days night morning afternoon evening noon midnight hour "
    "hours minute minutes decade century season spring summer autumn fall winter holiday holidays "
    "birthday anniversary monday tuesday wednesday thursday friday saturday sunday january february march "
    "april may june july august september october november december jan feb mar apr jun jul aug sep sept "
    "oct nov dec since until during o'clock am pm date dated"
)
_TIME_WORDS_ZH = (
    "昨天 前天 今天 明天 后天 大后天 大前天 昨晚 今晚 明晚 今早 昨日 今日 明日 "
    "上周 下周 本周 这周 上星期 下星期 上个月 下个月 这个月 本月 上月 下月 去年 今年 "
    "明年 前年 后年 年前 年后 月初 月底 月中 周末 周一 周二 周三 周四 周五 "
    "周六 周日 周天 星期一 星期二 星期三 星期四 星期五 星期六 星期日 星期天 早上 上午 中午 "
    "下午 晚上 凌晨 傍晚 夜里 最近 刚才 以前 之前 之后 以后 当时 那时 春天 "
    "夏天 秋天 冬天 春节 国庆 元旦 中秋 生日 纪念日 小时 分钟 点钟 年底 年初"
)
_NUMBER_TIME_ZH = re.compile(r"^[\d一二三四五六七八九十两]+[年月日号点]$|^[年月日号]$")
_YEAR = re.compile(r"^(1[89]|20)\d\d$")


@functools.cache
def _time_words() -> frozenset[str]:
    english = _TIME_WORDS_EN.split()
    return frozenset([*english, *(stem(w) for w in english), *_TIME_WORDS_ZH.split()])


def asks_when(query: str) -> bool:
    """Whether a question asks for a time ("When did …", "What year …", 什么时候, 几号 …)."""
    return bool(_WHEN_EN.search(query) or _WHEN_ZH.search(query))


@functools.lru_cache(maxsize=65_536)
def states_time(words: str) -> bool:
    """Whether a memory's search words (as the index holds them: one string, spaces between) state a time: a time
    word (English stems or Chinese words), a year (1800–2099) or a Chinese numbered date (三月, 5号). Asked of every
    candidate of a "when" question in each fusion, so remembered per text."""
    known = _time_words()
    return any(word in known or _YEAR.match(word) or _NUMBER_TIME_ZH.match(word) for word in words.split())


def named_people(query: str, names: Iterable[str]) -> list[str]:
    """The names among ``names`` the query mentions (case-insensitive; a whole word, or a substring for names
    in Chinese), in the order the query says them; a name found only inside a longer one found ("Wei" in
    "Li Wei") is not another person."""
    folded = query.casefold()
    spans: dict[str, tuple[int, int]] = {}
    for name in names:
        key = name.casefold().strip()
        if not key or name in spans:
            continue
        pattern = re.escape(key) if has_cjk(key) else r"(?<![^\W_])" + re.escape(key) + r"(?![^\W_])"
        match = re.search(pattern, folded)
        if match is not None:
            spans[name] = match.span()
    inside = {name for name, (a, b) in spans.items()
              if any(o != name and oa <= a and b <= ob and (ob - oa) > (b - a) for o, (oa, ob) in spans.items())}
    found = sorted((span, name) for name, span in spans.items() if name not in inside)
    people: list[str] = []
    for _, name in found:
        if name.casefold() not in {p.casefold() for p in people}:
            people.append(name)
    return people
