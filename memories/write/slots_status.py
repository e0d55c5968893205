"""A status that ends: a degree one is studying for and its completion, a divorce made final, a Chinese diet.

- ``enrolled:<level>`` (``bachelor``, ``master``, ``phd``), ``yes`` while one studies for it, ``done`` once it is
  finished: "i'm working on my master's in public health", "doing an MBA part-time", "在读公共卫生的硕士", "读博中" /
  "finished my MPH!", "just defended my thesis", "硕士毕业了", "拿到博士学位了". A degree by its abbreviation is its
  level (MPH, MSc, MBA are master's). Another level finished says nothing of the one in progress ("finished my
  bachelor's in 2009" leaves "working on my master's"), nor does a degree finished long ago or one hoped for.
- ``marital`` divorced when the divorce is said done: "my divorce was finalized in October", "the divorce came
  through", "办完离婚手续了", "离婚手续办下来了"; married when said with the spouse ("my wife and i have been
  married for ten years").
- ``diet`` given up ("quit keto", "fell off paleo": none, beside ``slots_life``'s "doing keto"), and of a Chinese
  speaker by its name ("在生酮减肥", "开始轻断食了") and given up ("生酮不搞了", "不再吃低碳了":
  none), as ``slots_life`` reads it in English.

Only the speaker's own statements are read ("my sister finished her master's" fills nothing).
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_status", "zh_status"]

_LEVEL_EN = (r"(?P<level>bachelor'?s|undergrad(?:uate)?\s+degree|b\.?a\.?|b\.?sc?\.?|master'?s|masters|m\.?sc?\.?|"
             r"mba|mph|mfa|meng|mpa|mpp|msw|mat|med|llm|m\.?a\.?|ph\.?d\.?|doctorate|dphil|dissertation|thesis)")
_ME_EN = r"^(?:i|the user)(?:\s+(?:am|is|'m|have|has|'ve|just|finally|officially|currently|now|still|also))*\s+"
_POSS = r"(?:my|a|an|the user's|the|his|her|their)\s+"
_DOING_EN = re.compile(rf"(?i){_ME_EN}(?:working\s+(?:on|towards?)|doing|pursuing|studying\s+for|halfway\s+through|"
                       rf"in\s+the\s+middle\s+of|in\s+(?:my|the\s+user's)\s+(?:first|second|third|final|last)\s+year\s+"
                       rf"of|enrolled\s+in)\s+{_POSS}(?:part-time\s+|online\s+)?{_LEVEL_EN}(?=$|[\s.,;!])"
                       r"|^(?:i|the user)\s+(?:am|is|'m)\s+(?:now\s+)?an?\s+"
                       r"(?P<level2>phd|ph\.d\.|master'?s|doctoral|grad(?:uate)?)\s+student\b")
_DONE_EN = re.compile(rf"(?i){_ME_EN}(?:finished|completed|got|earned|received|defended|submitted|wrapped\s+up|"
                      rf"graduated\s+with|passed)\s+{_POSS}{_LEVEL_EN}(?=$|[\s.,;!])")
_NOT_NOW_EN = re.compile(r"(?i)\b(?:\d{4}|ago|back\s+in|when|once|after|before|will|going\s+to|"
                         r"gonna|hope|hoping|if|plan|planning|want|wants|would|should|might|never)\b|\?$")
_DIVORCE_EN = re.compile(r"(?i)^(?:(?:my|the user's|our|the)\s+divorce\s+(?:is\s+|was\s+|has\s+been\s+|got\s+|just\s+|"
                         r"finally\s+|officially\s+)*(?:finali[sz]ed|final|through|went\s+through|came\s+through|"
                         r"granted|done|official)"
                         r"|(?:i|the user)\s+(?:just\s+|finally\s+|officially\s+)*(?:finali[sz]ed|signed)\s+"
                         r"(?:my|the|the user's)\s+divorce(?:\s+papers)?)\b")

#: the speaker and their spouse named as such: "my wife and i have been married for ten years"
_MARRIED_EN = re.compile(r"(?i)^(?:i|the user|my|the user's)(?:\s+and\s+(?:my|the user's))?\s+(?:husband|wife|spouse)"
                         r"(?:\s+and\s+(?:i|me|the user))?\s+(?:have\s+been|'ve\s+been|are|got)\s+married\b")
#: a date the extractor wrote for a relative time ("last month" → "in November 2026"): no year said as history
_WRITTEN_DATE = re.compile(r"(?i)\b(?:in|on)?\s*(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                           r"[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?,?\s+\d{4}\b")

#: a diet by its name given up: "quit keto", "fell off paleo", "not doing whole30 anymore" (``diet`` none)
_DIET_ENDED = re.compile(rf"(?i){_ME_EN}(?:(?:quit|stopped|dropped|ditched|abandoned|gave\s+up(?:\s+on)?|"
                         rf"came\s+off|went\s+off|fell\s+off)\s+|(?:am|is|'m)\s+(?:no\s+longer\s+on|off|done\s+with)\s+)"
                         r"(?:the\s+|my\s+|the\s+user's\s+)?(?P<v>keto|paleo|whole30|low[- ]carb|carnivore|atkins|"
                         r"intermittent fasting)(?:\s+diet)?\b")


# A pregnancy, the speaker's or a partner's ("The user is 20 weeks pregnant", "The user's wife is pregnant"), ended by
# a birth of the speaker's own child ("Milo (the user's son) was born", "our daughter was born", "had the baby").
_PREGNANT_EN = re.compile(r"(?i)^(?:i|the user)(?:'s\s+(?P<kin>wife|partner|girlfriend|fianc[ée]e?))?\s+"
                          r"(?:is|am|'m)\s+"
                          r"(?:now\s+|currently\s+|finally\s+)?(?:\d+\s+weeks\s+|\w+\s+months\s+)?pregnant\b")
_BORN_EN = re.compile(r"(?i)\(the user's (?:son|daughter|baby)\) (?:was|were) born\b"
                      r"|^(?:the user's|my|our) (?:new(?:born)?\s+)?(?:baby|son|daughter|twins)(?:\s+[A-Z][\w\-]*)? "
                      r"(?:was|were|has been|have been) born\b"
                      r"|^(?:i|the user)(?: and others)? (?:just\s+)?(?:had|welcomed|delivered) "
                      r"(?:the|a|our|the user's) "
                      r"(?:baby|son|daughter|little)\b|^(?:i|the user) (?:just\s+)?gave birth\b")
_PARTNERS = ("~wife", "~partner", "~girlfriend")


def _pregnancy_en(sentence: str, speaker: str) -> list[Slot]:
    if said := _PREGNANT_EN.match(sentence):
        kin = said.group("kin")
        return [Slot(f"~{'fiancee' if kin.casefold().startswith('fianc') else kin.casefold()}" if kin else speaker,
                     "pregnant", "yes")]
    if _BORN_EN.search(sentence):
        return [Slot(who, "pregnant", "done") for who in (speaker, *_PARTNERS)]
    return []


def _level(word: str) -> str:
    word = word.casefold().replace(".", "").replace("'", "")
    if word in ("phd", "doctorate", "dphil", "dissertation", "doctoral"):
        return "phd"
    if word.startswith(("bachelor", "undergrad", "ba", "bs")):
        return "bachelor"
    return "master"  # master's, MSc, MBA, MPH, MA…, a thesis, a graduate student's


def en_status(sentence: str, speaker: str) -> list[Slot]:
    """``enrolled:<level>`` and a divorce made final of the speaker, else []."""
    sentence = sentence.strip()
    if _NOT_NOW_EN.search(_WRITTEN_DATE.sub("", sentence)):
        return []
    if _DIVORCE_EN.match(sentence):
        return [Slot(speaker, "marital", "divorced")]
    if pregnancy := _pregnancy_en(sentence, speaker):
        return pregnancy
    if _MARRIED_EN.match(sentence):
        return [Slot(speaker, "marital", "married")]
    if _DIET_ENDED.search(sentence):
        return [Slot(speaker, "diet", "none")]
    if said := _DOING_EN.match(sentence):
        return [Slot(speaker, f"enrolled:{_level(said.group('level') or said.group('level2'))}", "yes")]
    if said := _DONE_EN.match(sentence):
        return [Slot(speaker, f"enrolled:{_level(said.group('level'))}", "done")]
    return []


_LEVELS_ZH = {"硕士": "master", "研究生": "master", "研": "master", "博士": "phd", "博": "phd", "本科": "bachelor",
              "大学": "bachelor"}
_LEVEL_ZH = r"(?P<level>硕士|研究生|博士|本科|大学|研|博)"
_ME_ZH = (r"^(?:我|用户|本人)(?:现在|目前|最近|这段时间|一直|正|正在|还|也|已经|终于|刚|刚刚|顺利|\d{4}年|\d{1,2}月份?"
          r"|今年|去年|上个月|这个月|上半年|下半年|年初|年底|暑假|寒假)*")
# "在读硕士", "在伦敦读硕士": a place or school said after 在
_DOING_ZH = re.compile(rf"{_ME_ZH}(?:在(?:[\u4e00-\u9fffA-Za-z]{{1,10}}?)?)?(?:读|念|攻读)"
                       rf"(?:[\u4e00-\u9fffA-Za-z]{{1,10}}?的)?{_LEVEL_ZH}"
                       r"(?:[一二三]年级|[一二三])?(?:呢|中)?$"
                       rf"|{_ME_ZH}(?:是)?(?:在读|读)?(?P<level2>硕士|研究生|博士)(?:在读|生)(?:呢)?$")
_DONE_ZH = (re.compile(rf"{_ME_ZH}{_LEVEL_ZH}(?:也)?(?:顺利)?毕业了$"),
            re.compile(rf"{_ME_ZH}(?:读完|念完)了?{_LEVEL_ZH}了?$"),
            re.compile(rf"{_ME_ZH}(?:拿到|获得|取得)了?{_LEVEL_ZH}(?:学位|文凭)了?$"),
            re.compile(rf"{_ME_ZH}(?P<level>博士|硕士)?(?:论文)?答辩(?:通过|过)了$"))
_HEDGED_ZH = re.compile(r"以前|之前|当年|那时|曾经|要是|如果|假如|打算|想|准备|考虑|要不要|是不是|吗|的话|以后|之后|后")
_DIVORCE_ZH = re.compile(rf"{_ME_ZH}(?:办完|办好|办了)了?离婚(?:手续|证)?了?$"
                         rf"|{_ME_ZH}离婚(?:手续|证)(?:办完|办好|办下来|拿到)了$|{_ME_ZH}(?:拿到|领了|领到)了?离婚证了?$")

_DIETS_ZH = {"生酮": "keto", "轻断食": "intermittent-fasting", "断食": "intermittent-fasting", "低碳水": "low-carb",
             "低碳": "low-carb", "地中海饮食": "mediterranean"}
_DIET_ZH = "(?P<diet>" + "|".join(sorted(_DIETS_ZH, key=len, reverse=True)) + ")"
_ON_DIET_ZH = re.compile(rf"{_ME_ZH}(?:在|开始)?(?:做|搞|吃|坚持|执行)?{_DIET_ZH}(?:饮食|减肥|减脂)?(?:中|呢|了)?$")
_OFF_DIET_ZH = (re.compile(rf"^(?:(?:我|用户|本人)(?:的)?)?{_DIET_ZH}(?:饮食|减肥|减脂)?(?:也|就|已经)?"
                           r"(?:不搞了|不做了|不吃了|停了|放弃了|不坚持了|结束了|没坚持下来)"),
                re.compile(rf"{_ME_ZH}(?:不|没)(?:再)?(?:搞|做|吃|坚持)(?:了)?{_DIET_ZH}(?:饮食)?了"))


_PREGNANT_ZH = re.compile(r"^(?:我|用户|本人)(?P<kin>的?(?:老婆|媳妇|妻子|爱人|太太))?(?:现在|已经|又|终于)?"
                          r"(?:怀孕|怀上)了?"
                          r"(?:[一二三四五六七八九\d]+个?(?:月|周))?(?:了)?$")
_BORN_ZH = re.compile(r"^(?:(?:我|用户|本人)(?:的|家)?)?(?:宝宝|小宝|二宝|老二|孩子|儿子|女儿|闺女)[^，。,]{0,8}?"
                      r"(?:出生|出世|降生)了"
                      r"|^(?:我|用户|本人)(?:的?(?:老婆|媳妇|妻子|爱人|太太))?(?:已经|顺利|终于)?(?:生了|生下了?)"
                      r"(?:一?[个对])?(?:儿子|女儿|男孩|女孩|宝宝|双胞胎|闺女)")
_PARTNERS_ZH = ("~wife",)


def zh_status(sentence: str, speaker: str) -> list[Slot]:
    """``enrolled:<level>`` and a divorce made final of a Chinese speaker, else []."""
    sentence = sentence.strip().rstrip("。！!～~")
    if _HEDGED_ZH.search(sentence):
        return []
    if _DIVORCE_ZH.match(sentence):
        return [Slot(speaker, "marital", "divorced")]
    if said := _PREGNANT_ZH.match(sentence):
        return [Slot("~wife" if said.group("kin") else speaker, "pregnant", "yes")]
    if _BORN_ZH.match(sentence):
        return [Slot(who, "pregnant", "done") for who in (speaker, *_PARTNERS_ZH)]
    if said := _ON_DIET_ZH.match(sentence):
        return [Slot(speaker, "diet", _DIETS_ZH[said.group("diet")])]
    if any(p.match(sentence) for p in _OFF_DIET_ZH):
        return [Slot(speaker, "diet", "none")]
    if said := _DOING_ZH.match(sentence):
        return [Slot(speaker, f"enrolled:{_LEVELS_ZH[said.group('level') or said.group('level2')]}", "yes")]
    if said := next((m for p in _DONE_ZH if (m := p.match(sentence))), None):
        return [Slot(speaker, f"enrolled:{_LEVELS_ZH[said.group('level') or '博士']}", "done")]
    return []
