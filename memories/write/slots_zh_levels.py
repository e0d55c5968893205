"""Chinese levels, pets and tastes said in passing, read beside the rules of ``slots_zh`` (each adds a slot the
first readers did not fill), so that a new value meets the one said before:

- a level of one's own said with a number, whatever is measured (``measure:<what>:<unit>``): "深蹲最多能蹲60公斤" /
  "现在深蹲100公斤了", "每个月房贷还八千" / "现在月供五千二", "信用卡还欠两万". What is measured is the first run of
  content words by jieba's tags once time words, pronouns, numerals and adverbs are set aside ("现在卧推能推80公斤":
  卧推); the unit's kind is part of the key (kg, km, minutes, times, money), so "每周跑步三次" and "每次跑步5公里"
  never meet, and a count or distance is per day, week or month when said so. Read only when no other rule found
  a slot, and never of one time ("这周只去了一次", "昨天跑了十公里") or of what used to be or is hoped for;
- a pet kept, by its kind (``pet:<kind>``): "养了一只仓鼠" (养 and an animal's classifier) / "仓鼠上周死了",
  "狗狗送给我姐养了" (a dog of any breed said with 犬 is 狗: "黄金猎犬");
- a taste one cannot do without ("无辣不欢": ``habit:辣`` yes, as "不吃辣" is ``habit:辣`` no);
- the floor one's home is on ("家住六楼" / "换了个一楼的房子": ``floor``);
- a thing used, by its name ("写代码用的是VS Code" / "vscode不用了": ``used:vscode``), and a routine by its verb, one
  word by jieba's tags ("每天加班到十点" / "不怎么加班了": ``habit:加班``), yes or no; read only when no other rule
  found a slot;
- the day of something to do, agreed or moved ("约好周一去看房" / "说错了，看房是周二"): the ``date`` of
  ``event:<what>``, what is done a verb and its object by jieba's tags (看房, 开会, 打疫苗), as the appointments
  of ``slots_amounts`` are keyed.

``slots_zh`` reads these only of the speaker's own statements; a relative's statement no rule of theirs read is
read as the speaker's would be and given to the relative (``slots_zh._kin_as_self``).
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.write.people import KIN_ZH, SURNAMES, is_chinese_name
from memories.write.slot_values import DATE_ZH, Slot, date_value
from memories.write.slots_amounts import zh_amount

__all__ = ["zh_dates", "zh_floor", "zh_levels", "zh_pets", "zh_routines", "zh_tastes"]

_WHO = r"^(?:我们家|我家|用户家|我们|我|用户等人|用户|本人)?的?"
_TIME = r"(?:\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?)?(?:那一?周|那天|那个月|前几天|上周|上个月|昨天|去年|前年|今年|最近)?"
_NUM = r"(?P<value>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)"
_UNITS = {"公斤": ("kg", 1.0), "千克": ("kg", 1.0), "kg": ("kg", 1.0), "斤": ("kg", 0.5), "公里": ("km", 1.0),
          "km": ("km", 1.0), "千米": ("km", 1.0), "米": ("km", 0.001), "分钟": ("min", 1.0), "小时": ("min", 60.0),
          "次": ("times", 1.0), "块钱": ("", 1.0), "块": ("", 1.0), "元": ("", 1.0)}
_UNIT = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))
_LEVEL = re.compile(rf"{_WHO}(?P<body>[^，。,；;！!？?\s\d]{{1,12}}?){_NUM}(?P<unit>{_UNIT})?(?:左右|多|出头)?"
                    r"(?:了|啦|吧)?$")
#: What is not a standing level: one time, a past, a wish, a question, someone else.
_ONCE = re.compile(r"这周|上周|昨天|今天|前天|那天|这次|上次|那次|这个月|这几天|这阵子|这段时间|暂时|第|以前|之前|原来|"
                   r"当年|曾经|打算|想|目标|希望|争取|如果|要是|吗|多少|几")
_PERIODS = (("天", r"每天|一天|天天|每日"), ("周", r"每周|一周|每星期|一星期|每个?礼拜"),
            ("月", r"每个?月|一个月|每月"), ("年", r"每年|一年"))
_SKIP_FLAGS = ("t", "r", "m", "d", "p", "c", "u", "q", "f", "y", "e", "x", "mq")
_SKIP_WORDS = frozenset(("能", "要", "可以", "会", "是", "有", "去", "来", "到", "才", "就", "还", "都", "也", "了",
                         "最多", "最少", "大概", "差不多", "已经", "现在"))
#: One word for a monthly mortgage payment ("月供" is the 房贷 paid each month).
_SAME = {"月供": "房贷", "房贷月供": "房贷", "每月还款": "房贷"}


#: A level changed, named in one clause and its new amount said in the next ("今年调了退休金，现在每月四千出头",
#: "涨工资了，现在一个月九千"): read as one clause ("退休金现在每月四千出头").
_CHANGED_THEN = re.compile(rf"{_WHO}{_TIME}(?:又|也|终于)?(?:调|涨|降|加|减|提)了?(?:一下|一点)?"
                           r"(?P<thing>[\u4e00-\u9fff]{2,4}?)了?[，,](?P<rest>(?:现在|目前|如今)[^，,]+)$")


def zh_levels(sentence: str, speaker: str) -> list[Slot]:
    """A level of the speaker's own said with a number (the module's docstring), else []."""
    if changed := _CHANGED_THEN.match(sentence.strip(" 。！!~")):
        sentence = changed.group("thing") + changed.group("rest")
    said = _LEVEL.match(sentence.strip(" 。！!~"))
    if said is None or _ONCE.search(sentence) or any(word in said.group("body") for word in KIN_ZH):
        return []
    what = _measured(said.group("body"))
    n = zh_amount(said.group("value"))
    if not what or not n:
        return []
    kind, scale = _UNITS.get(said.group("unit") or "", ("", 1.0))
    if not kind and n < 100:  # a bare small number is no amount of money
        return []
    per = next((p for p, words in _PERIODS if re.search(words, said.group("body"))), "") if kind in (
        "km", "min", "times") else ""
    key = ":".join(part for part in ("measure", what, kind or "money", per) if part)
    return [Slot(speaker, key, f"{n * scale:g}")]


def _measured(body: str) -> str:
    """What a level measures: the first run of content words by jieba's tags ("现在卧推能推" → 卧推)."""
    for said, same in _SAME.items():
        body = body.replace(said, same)
    run: list[str] = []
    for word in posseg.lcut(body, HMM=False):
        skipped = word.flag.startswith(_SKIP_FLAGS) or word.word in _SKIP_WORDS
        if skipped and run:
            break
        if not skipped:
            run.append(word.word)
    what = "".join(run)
    return what if 2 <= len(what) <= 6 else ""


_PET_KEPT = re.compile(rf"{_WHO}(?:现在|还|也|一直|又|新|家里|在家)*(?:养了|养着|养)"
                       r"(?:[一两二三四五六七八九十\d]+)?(?:只|条|头|匹)(?P<pet>[\u4e00-\u9fff]{1,5}?)(?=$|[，。,！!；;]|了|叫|呢|名叫)")
_PET_GONE = re.compile(rf"{_WHO}(?P<pet>[\u4e00-\u9fff]{{1,5}}?){_TIME}(?:也|已经|突然|不幸)?"
                       r"(?:病死了|死了|死掉了|走丢了|跑丢了|丢了|没了|走了|送人了|送走了|送给[\u4e00-\u9fff]{1,6}?养了)")


def zh_pets(sentence: str, speaker: str) -> list[Slot]:
    """A pet of the speaker's kept or gone, by its kind (the module's docstring), else []."""
    sentence = sentence.strip(" 。！!~")
    if kept := _PET_KEPT.match(sentence):  # a pet with its name is kept by its name ("叫豆豆": 豆豆 alive)
        named = re.match(r"[，,]?(?:的名字)?(?:叫|名叫|名字叫)", sentence[kept.end():])
        return [] if named else [Slot(speaker, f"pet:{_kind(kept.group('pet'))}", "yes")]
    gone = _PET_GONE.match(sentence)
    if gone and _animal(gone.group("pet")):
        return [Slot(speaker, f"pet:{_kind(gone.group('pet'))}", "no")]
    return []


def _animal(word: str) -> bool:
    """A thing that may be a pet: nouns by jieba's tags (乌龟 is tagged a name), not a relative or a person's name
    ("老王走了", "小李走了")."""
    if word in KIN_ZH or re.search(r"[他她它我你]", word) or is_chinese_name(word) or \
            (len(word) == 2 and word[0] in "老小阿" and word[1] in SURNAMES):
        return False
    return all(w.flag.startswith("n") for w in posseg.lcut(word, HMM=False))


def _kind(pet: str) -> str:
    """A pet's kind as one word: 狗狗, 小狗 and any 犬 are 狗; 猫咪, 小猫 猫."""
    pet = pet.removeprefix("小").removesuffix("咪")
    if pet.endswith(("犬", "狗")):
        return "狗"
    return pet[-1] if pet.endswith("猫") else pet


_CANNOT_DO_WITHOUT = re.compile(rf"{_WHO}(?:现在|已经|变得)?(?:是)?无(?P<thing>[\u4e00-\u9fff])不欢")


def zh_tastes(sentence: str, speaker: str) -> list[Slot]:
    """A taste one cannot do without ("现在无辣不欢": ``habit:辣`` yes), else []."""
    said = _CANNOT_DO_WITHOUT.match(sentence.strip())
    return [Slot(speaker, f"habit:{said.group('thing')}", "yes")] if said else []


_AGREED = re.compile(rf"{_WHO}(?:约好|约了|说好|定好|定了|约定|商量好)了?(?P<value>{DATE_ZH})(?:要|去|来|一起)*"
                     r"(?P<event>[\u4e00-\u9fff]{2,4}?)(?:了|吧)?$")
_MOVED = re.compile(rf"{_WHO}(?P<event>[\u4e00-\u9fff]{{2,4}}?)(?:的时间|的日子)?"
                    rf"(?:改到了?|改在|改成了?|挪到了?|推迟到了?|提前到了?|是在|是|定在了?)(?P<value>{DATE_ZH})(?:了|吧)?$")


def zh_dates(sentence: str, speaker: str) -> list[Slot]:
    """The day of something the speaker is to do, agreed or moved (the module's docstring), else []."""
    sentence = sentence.strip(" 。！!~")
    said = _AGREED.match(sentence) or _MOVED.match(sentence)
    if said is None or _ONCE.search(said.group("event")):
        return []
    words = posseg.lcut(said.group("event"), HMM=False)
    if not (words[0].flag == "v" and all(w.flag.startswith(("v", "n")) and w.flag != "nr" for w in words)):
        return []
    return [Slot(f"event:{said.group('event')}", "date", date_value(said.group("value")))]


_NAMED = r"(?P<value>[A-Za-z][A-Za-z0-9 .+\-]{0,19}?|[\u4e00-\u9fff]{2,4}?)"
_USING = re.compile(rf"{_WHO}(?:现在|目前|最近|一直|都|也|还是)*[\u4e00-\u9fff]{{0,4}}?"
                    rf"(?:用的是|在用|一直用|改用了?|换成了?|换用了?)\s*{_NAMED}\s*(?:了|啦)?$")
_UNUSED = re.compile(rf"(?:^|[\s，,；;]|(?<=了)){_NAMED}\s*(?:也|就|早就|已经)?"
                     r"(?:不用了|不再用了|没在用了|弃用了|卸载了)|(?:不再用|不用|没再用)\s*"
                     + _NAMED.replace("value", "value2") + r"\s*了")
_HABITUAL = re.compile(r"(?:每天|天天|经常|总是|老是|每周都|一直)(?P<verb>[\u4e00-\u9fff]{2})")
_STOPPED = re.compile(r"(?:不再|不怎么|不太|没再|再也不|很少|不)(?P<verb>[\u4e00-\u9fff]{2})了")


def zh_routines(sentence: str, speaker: str) -> list[Slot]:
    """What the speaker uses by its name ("写代码用的是VS Code" / "vscode不用了": ``used:vscode``) and what they do
    as a rule by its verb ("每天加班到十点" / "不怎么加班了": ``habit:加班``), yes or no, else []. The thing used is
    keyed by its name, so only that thing given up meets it; the verb is one word by jieba's tags."""
    sentence = sentence.strip(" 。！!~")
    if _ONCE.search(sentence) or re.search(r"[他她你]", sentence):
        return []
    found = [Slot(speaker, f"used:{_folded(m.group('value'))}", "yes") for m in [_USING.match(sentence)] if m]
    found += [Slot(speaker, f"used:{_folded(m.group('value') or m.group('value2'))}", "no")
              for m in _UNUSED.finditer(sentence)]
    for pattern, value in ((_HABITUAL, "yes"), (_STOPPED, "no")):
        said = pattern.search(sentence)
        if said and _one_verb(said.group("verb")):
            found.append(Slot(speaker, f"habit:{said.group('verb')}", value))
    return found


def _folded(name: str) -> str:
    return re.sub(r"\s+", "", name).casefold()


def _one_verb(word: str) -> bool:
    words = posseg.lcut(word, HMM=False)
    return len(words) == 1 and words[0].flag == "v"


_FLOOR = re.compile(rf"{_WHO}(?:现在|目前|已经)*(?:住在?|换了个?|搬到了?|买了个?|新?家(?:住在?|在))"
                    rf"(?:[\u4e00-\u9fff]{{0,8}}?的)?(?P<n>\d{{1,2}}|[一二两三四五六七八九十]{{1,3}})(?:楼|层)(?!下|上|梯)")


def zh_floor(sentence: str, speaker: str) -> list[Slot]:
    """The floor one's home is on ("家住六楼" / "换了个一楼的房子"): ``floor``, else []."""
    said = _FLOOR.match(sentence.strip())
    n = zh_amount(said.group("n")) if said else None
    return [Slot(speaker, "floor", f"{n:g}")] if n else []
