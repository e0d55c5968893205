"""Chinese said aloud and typed by voice input (语音转文字), for the offline extractor: the sounds and words a speaker
fills pauses with, and a slip put right in the same breath.

- Fillers: 呃 and 嗯 wherever they stand (no word holds them; but a reply's first 嗯 before a pause says yes,
  "嗯嗯，每周两节课"), 额 / 啊 / 哦 standing alone, 那个 as a pause (before a pause or another filler, or opening the
  message before the speaker: "我住在那个 嗯 杭州滨江", "那个我闺女…"; not "那个餐厅"), 就是说 opening a clause, and
  "跟你说一下啊" before what is told.
- A slip put right ("我现在在苏州 不对 是在无锡上班", "今年三十四了 不对三十五", "下周二去北京 哦不对 是下周三"): the
  words after 不对 replace those they answer in the clause before, found by the words both open with ("在…",
  "下周…", "三十…") at a boundary of jieba's words, or else the last word of the same part of speech ("两个孩子 不对
  三个" → 三个孩子); when neither is found the text is left as said.
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.extraction.runon_zh import breathed

__all__ = ["unspoken"]

_PAUSE = r"[\s，,。！!？?、…~]"
_FILLERS = re.compile(rf"呃+|(?<=[^嗯])嗯+|^嗯+(?![嗯\s，,。！!、~]|对|是|好|行)"
                      rf"|(?:(?<={_PAUSE})|^)(?:额|啊|哦|噢)+(?={_PAUSE}|$)"
                      rf"|^那个(?=\s*(?:我|你|就是))|(?<=[我他她你])那个(?=[在是有就])"
                      rf"|(?:(?<={_PAUSE})|^)(?:就是说|我?跟你(?:说|讲)(?:一下|个事|件事)?[啊哈哦呀]?(?:就是说?)?)"
                      rf"(?=[\u4e00-\u9fff])")
#: 那个 and the pause after it in the middle of a clause: the speaker looking for a word ("住在那个 杭州滨江").
_SEARCHING = re.compile(r"(?<=[\u4e00-\u9fff])那个[\s，,]+(?=[\u4e00-\u9fff])")
#: The speaker starting again ("我那个 我有高血压" → "我 我有…"): one 我.
_RESTART = re.compile(r"(我们?)[\s，,]*\1(?!们)")
_SLIP = re.compile(rf"(?P<a>[^\s，,。！!？?、]+)(?:{_PAUSE})+(?:哦|噢|啊)?不对(?:{_PAUSE})*(?:是|应该是)?"
                   rf"(?P<b>[^\s，,。！!？?、]+)")


def unspoken(text: str) -> str:
    """``text`` without its fillers, each slip put right (the module's docstring)."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return text
    cleaned = text
    for _ in range(3):  # a filler may open the text only once the one before it is gone ("嗯那个我…")
        cleaned = _RESTART.sub(r"\1", _SEARCHING.sub("", _FILLERS.sub("", cleaned)))
        cleaned = re.sub(r"\s{2,}", " ", cleaned).strip(" ，,")
    cleaned = breathed(cleaned)  # voice input with no punctuation: a comma where a new statement starts
    return _SLIP.sub(_righted, cleaned) if "不对" in cleaned else cleaned


def _righted(slip: re.Match[str]) -> str:
    said, right = slip.group("a"), slip.group("b")
    tagged = posseg.lcut(said, HMM=False)
    words = [w.word for w in tagged]
    starts = [sum(len(w) for w in words[:n]) for n in range(len(words))]
    new = posseg.lcut(right, HMM=False)
    for k in (3, 2, 1):  # the words both open with, at a word of the clause said ("在苏州" / "在无锡上班")
        at = said.rfind(right[:k]) if len(right) >= k else -1
        if at >= 0 and at in starts:
            return _put(words, starts.index(at), len(new), right)
    kind = new[0].flag[:1] if new else ""
    same = [n for n, w in enumerate(tagged) if w.flag[:1] == kind and kind in ("m", "t", "n")]
    return _put(words, same[-1], len(new), right) if same else slip.group(0)


def _put(words: list[str], at: int, count: int, right: str) -> str:
    """The clause's words with ``count`` of them from ``at`` replaced by ``right``."""
    return "".join(words[:at]) + right + "".join(words[at + count:])
