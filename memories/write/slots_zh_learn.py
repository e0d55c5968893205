"""A Chinese speaker's switch to learning another language or instrument, beside ``slots_zh_change``'s switch to
another drink or sport: "改学法语了" after "在学西班牙语", "现在换学架子鼓" after "在学尤克里里".

What is learnt is a language (a word ending in 语 or 文: 法语, 西班牙语, 日文; not the school subject 语文) or an
instrument (``INSTRUMENTS_ZH``, the class of them). The switch fills ``switch:学`` with the new one; the habit of
learning another (``habit:<language or instrument>`` yes, as "在学X" fills it) shares its key (``usual:学``,
``slots_zh_change.usual_key``), so the switch retires it and "也在学钢琴" or "我妹改学钢琴了" retires nothing.
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["INSTRUMENTS_ZH", "learnt", "learnt_switch"]

INSTRUMENTS_ZH = ("钢琴|电钢琴|电子琴|小提琴|中提琴|大提琴|低音提琴|吉他|电吉他|木吉他|民谣吉他|古典吉他|尤克里里|贝斯|"
                  "架子鼓|爵士鼓|非洲鼓|手鼓|鼓|古筝|二胡|琵琶|扬琴|古琴|笛子|竹笛|长笛|短笛|箫|葫芦丝|唢呐|笙|"
                  "萨克斯|单簧管|双簧管|巴松|小号|长号|圆号|大号|口琴|手风琴|竖琴|马林巴|卡林巴|手碟|陶笛|键盘|"
                  "编曲|声乐|唱歌")
_LANGUAGE = r"(?!语文)[\u4e00-\u9fff]{1,4}?[语文]"
_THING = re.compile(rf"(?:{INSTRUMENTS_ZH})|{_LANGUAGE}")
_ADV = r"(?:现在|目前|如今|最近|已经|又|也|就|干脆|\d{4}年(?:\d{1,2}月)?)*"
_SWITCH = re.compile(rf"^(?:我们|我|用户|本人){_ADV}(?:改学|换学|改成学|换成学|改为学)(?:了)?"
                     rf"(?P<thing>(?:{INSTRUMENTS_ZH})|{_LANGUAGE})(?=$|[，。,；;！!]|了|吧|啦)")
_HEDGED = re.compile(r"以前|之前|当年|那时|曾经|原来|要是|如果|假如|打算|想要|准备|考虑|要不要|是不是|吗|的话")


def learnt_switch(sentence: str, speaker: str) -> list[Slot]:
    """``switch:学`` with what the speaker now learns instead, else []."""
    if _HEDGED.search(sentence) or (found := _SWITCH.search(sentence.strip(" 。！!"))) is None:
        return []
    return [Slot(speaker, "switch:学", found.group("thing"))]


def learnt(thing: str) -> bool:
    """Whether a habit's thing is a language or an instrument one learns."""
    return bool(_THING.fullmatch(thing))
