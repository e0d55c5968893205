"""A driving licence on its way and then held (``licence:driving``: learning or yes), so that the licence got ends the
lessons: "i'm learning to drive", "taking driving lessons", "has a learner's permit" / "passed my driving test", "got
my driver's license"; "我在驾校学车", "在考驾照", "练车呢" / "驾照拿到了", "拿到驾照了", "科目四过了", "拿本了".
Read for the speaker or a relative ("my son got his license", "用户的儿子在学车"). Not read: what
might be ("hoping to get my license"), a past ("learned to drive in 2010"), another person's.
"""

from __future__ import annotations

import re

from memories.write.people import KIN_EN
from memories.write.slot_values import KIN_EN_ALT, Slot

__all__ = ["en_licence", "zh_licence"]

_HEDGED_EN = re.compile(r"(?i)\b(?:if|hoping|hope|want|wants|plan|planning|thinking|might|maybe|should|would|"
                        r"going to|will|used to|years? ago|in (?:19|20)\d\d)\b|\?")
_WHO_EN = rf"(?i)^(?:i|the user|(?:my|the user's)\s+(?P<kin>{KIN_EN_ALT}))"
_LEARNING_EN = re.compile(_WHO_EN + r"(?:'m|\s+am|\s+is|\s+has|\s+have|\s+just|\s+now|\s+still|\s+finally|"
                          r"\s+currently|\s+started|\s+been)*\s+(?:learning\s+(?:how\s+)?to\s+drive|"
                          r"(?:taking|doing|started)\s+driving\s+lessons|in\s+driving\s+school|"
                          r"(?:got|has|have)\s+(?:a|my|the user's|their)\s+(?:learner'?s?|learning)\s+permit)\b")
_GOT_EN = re.compile(_WHO_EN + r"(?:\s+just|\s+finally|\s+officially|\s+now)*\s+"
                     r"(?:(?:got|passed|has)\s+(?:my|the user's|their|his|her|a|the)\s+(?:full\s+)?"
                     r"(?:driver'?s'?|driving)\s+(?:license|licence|test)|"
                     r"passed\s+(?:my|the user's|their|his|her|the)\s+road\s+test|"
                     r"(?:is|am)\s+(?:now\s+)?(?:a\s+)?licensed\s+(?:to\s+drive|driver))\b")

_SELF_ZH = r"^(?:(?:现在|目前|最近|这阵子)?(?:我|用户|本人))?(?:现在|目前|最近|正在|在|还在|已经|终于|总算|刚|也|都)*"
_HEDGED_ZH = re.compile(r"如果|要是|假如|打算|准备|计划|想|希望|以前|之前|当年|那年|吗|？|\?")
_LEARNING_ZH = re.compile(rf"{_SELF_ZH}(?:在驾校|去驾校|报了?驾校)?(?:学车|学开车|练车|考驾照|考驾证|学驾照)")
_GOT_ZH = re.compile(rf"{_SELF_ZH}(?:(?:拿到|考到|领到|考下|拿下)了?(?:驾照|驾驶证|驾证)|(?:驾照|驾驶证|驾证)"
                     r"(?:拿到|考到|考下来|下来|到手)了|拿本了|拿证了|科目四(?:考)?过了)")


def en_licence(sentence: str, speaker: str) -> list[Slot]:
    """``licence:driving`` of the speaker from an English sentence, else []."""
    if _HEDGED_EN.search(sentence):
        return []
    for pattern, value in ((_GOT_EN, "yes"), (_LEARNING_EN, "learning")):
        if (said := pattern.search(sentence)) is not None:
            kin = said.group("kin")
            return [Slot(f"~{KIN_EN[kin.casefold()]}" if kin else speaker, "licence:driving", value)]
    return []


def zh_licence(sentence: str, speaker: str) -> list[Slot]:
    """``licence:driving`` of the speaker from a Chinese sentence, else []."""
    if _HEDGED_ZH.search(sentence):
        return []
    if _GOT_ZH.search(sentence):
        return [Slot(speaker, "licence:driving", "yes")]
    if _LEARNING_ZH.search(sentence):
        return [Slot(speaker, "licence:driving", "learning")]
    return []
