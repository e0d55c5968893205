"""How long one's hair is (``hair-length``: long or short), so that a cut says what it ends: "i have long hair down
to my waist", "growing my hair out" / "got a pixie cut", "chopped it all off", "buzzed my head"; "我留着及腰的长
头发", "一直是长发" / "剪了个超短的短发", "剃了寸头". Read for the speaker or a relative ("my daughter got a pixie cut":
the daughter's). Not read: a trim ("got a trim", "修了修头发"), what might be ("thinking of going short"), a past
("had short hair in college").
"""

from __future__ import annotations

import re

from memories.write.people import KIN_EN
from memories.write.slot_values import KIN_EN_ALT, Slot

__all__ = ["en_hair", "zh_hair"]

_WHO_EN = rf"(?i)^(?:(?:my|the user's)\s+(?P<kin>{KIN_EN_ALT})|i|the user(?!'s))\b"
_HEDGED_EN = re.compile(r"(?i)\b(?:if|thinking|considering|might|maybe|want|wants|should|would|going to|will|"
                        r"used to|in college|in high school|as a kid|years ago)\b|\?")
_LONG_EN = re.compile(_WHO_EN + r".{0,30}?\b(?:(?:has|have|got|with|wears?|wearing|rocking)\s+(?:really\s+|very\s+|"
                      r"super\s+)?long\s+hair|hair\s+(?:is\s+)?(?:down\s+to|past)\s+"
                      r"(?:my|his|her|their|the user's)\s+(?:waist|shoulders|back)|"
                      r"grow(?:ing|n)?\s+(?:my|his|her|their|the user's)\s+hair\s+(?:out|long))")
_SHORT_EN = re.compile(_WHO_EN + r".{0,30}?\b(?:(?:got|had|getting|has|have|with|rocking)\s+(?:a\s+)?(?:pixie|buzz|"
                       r"crew|bob|short)\s*cut|(?:has|have|got)\s+short\s+hair|chopped\s+(?:it\s+all|all\s+(?:my|his|"
                       r"her|their|the user's)\s+hair|(?:my|his|her|their|the user's)\s+hair)\s+off|buzzed\s+(?:my|"
                       r"his|her|their|the user's)\s+(?:head|hair)|cut\s+(?:my|his|her|their|the user's)\s+hair\s+"
                       r"(?:short|off)|shaved\s+(?:my|his|her|their|the user's)\s+head)")

_SELF_ZH = r"^(?:我|用户|本人)(?:的(?P<kin>[\u4e00-\u9fff]{1,3}?))?"
_HEDGED_ZH = re.compile(r"如果|要是|假如|打算|准备|想|考虑|以前|之前|当年|那时|小时候|上学时|吗|？|\?")
_LONG_ZH = re.compile(_SELF_ZH + r"[^，。；]{0,8}?(?:留着?|是|一直是|养着?)[^，。；]{0,6}?(?:长头发|长发)")
_SHORT_ZH = re.compile(_SELF_ZH + r"[^，。；]{0,8}?(?:剪了?[^，。；]{0,6}?(?:短发|短头发|寸头|平头|光头|波波头)|"
                       r"剃了?(?:个)?(?:寸头|平头|光头)|把(?:长)?头发剪短了|头发剪短了|留着?短发|是短发)")


def en_hair(sentence: str, speaker: str) -> list[Slot]:
    """``hair-length`` of the speaker or a relative from an English sentence, else []."""
    if _HEDGED_EN.search(sentence):
        return []
    for pattern, value in ((_SHORT_EN, "short"), (_LONG_EN, "long")):
        if (said := pattern.search(sentence)) is not None:
            kin = said.group("kin")
            return [Slot(f"~{KIN_EN[kin.casefold()]}" if kin else speaker, "hair-length", value)]
    return []


def zh_hair(sentence: str, speaker: str) -> list[Slot]:
    """``hair-length`` of the speaker from a Chinese sentence (a relative's through the readers that bind them),
    else []."""
    if _HEDGED_ZH.search(sentence) or re.match(_SELF_ZH, sentence) is None:
        return []
    for pattern, value in ((_SHORT_ZH, "short"), (_LONG_ZH, "long")):
        if (said := pattern.search(sentence)) is not None and not said.group("kin"):
            return [Slot(speaker, "hair-length", value)]
    return []
