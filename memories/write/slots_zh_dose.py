"""A Chinese speaker's dose of a medicine (``dose:<drug>:<kind>``), read beside the rules of ``slots_zh``, so that
a dose changed (often by the doctor, often without naming the drug again) meets the one said before:

- how much at a time, by its unit's kind: a mass in milligrams ("每天吃十毫克的阿托伐他汀", "优甲乐每天五十微克",
  "5mg"), units ("胰岛素我晚上打八个单位", "打12个单位"), or a count of tablets ("每天早上吃一片氨氯地平");
- how many times a day ("二甲双胍我一天吃两次");
- said by the doctor for the speaker ("医生给我加到20毫克了", "医生让我改成打十二个单位", "医生说改成一天三次"): the
  speaker's dose.

The drug is the word the amount is of ("十毫克的阿托伐他汀", "吃一片氨氯地平"), or the topic before the speaker
("胰岛素我…"), or what is taken ("在吃优甲乐"); a dose said without it is ``dose:*:<kind>`` and meets a dose of the
same kind of any drug of the same person (``redosed``). A mass or units need no verb; a count needs the drug and a verb
of taking (吃, 服, 打, 用…) or the doctor's word, times a day the drug, the doctor's word or 药 ("我现在每天打两次球"
is no dose). Another person's dose ("我妈每天吃十毫克"), one that was or might
be ("以前吃", "要是加到") fills none.
"""

from __future__ import annotations

import re

from memories.write.slot_values import KIN_ZH_ALT, Slot
from memories.write.slots_amounts import zh_amount
from memories.write.slots_zh_switch import STEMS

__all__ = ["dose_key", "redosed", "zh_dose"]

_NUM = r"(?P<n>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千]+(?:点[零〇一二三四五六七八九]+)?|半)"
_UNITS = {"毫克": ("mass", 1.0), "mg": ("mass", 1.0), "微克": ("mass", 0.001), "μg": ("mass", 0.001),
          "ug": ("mass", 0.001), "mcg": ("mass", 0.001), "单位": ("unit", 1.0), "iu": ("unit", 1.0),
          "片": ("count", 1.0), "粒": ("count", 1.0), "颗": ("count", 1.0), "支": ("count", 1.0),
          "袋": ("count", 1.0), "喷": ("count", 1.0)}
_UNIT = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))
_AMOUNT = re.compile(rf"{_NUM}\s*(?:个)?\s*(?P<unit>{_UNIT})(?![\u4e00-\u9fff]*(?:钱|元|块))")
_TIMES = re.compile(rf"(?:一天|每天|一日|每日|天天)(?:吃|服|打|用)?{_NUM}(?:次|回|顿)")
_TAKE = r"(?:吃|服用|服|打|注射|用(?!户)|喷|吸|含|口服|皮下注射)"
_DOCTOR = re.compile(r"^(?:(?:我|用户)(?:的)?)?(?:主治|家庭|[\u4e00-\u9fff]{1,4}科的?)?(?:医生|大夫|医师)"
                     r"(?:说|让|叫|建议|要求|给|帮)?(?:我|用户)?")
_SELF = re.compile(rf"^(?:我|用户|本人)(?!的|{KIN_ZH_ALT})")
#: A drug spoken of first ("胰岛素我晚上打…", "二甲双胍用户一天吃两次").
_TOPIC = re.compile(r"^(?P<drug>[\u4e00-\u9fffA-Za-z]{2,8}?)[，, ]?(?:我|用户)(?!的)")
_OF = re.compile(rf"(?:{_UNIT})的(?P<drug>[\u4e00-\u9fffA-Za-z]{{2,8}})")
_TAKEN = re.compile(rf"{_TAKE}(?:着|了)?(?:{_NUM}\s*(?:个)?\s*(?:{_UNIT}|次|回))?"
                    rf"(?P<drug>[\u4e00-\u9fffA-Za-z]{{2,8}}?)"
                    r"(?=$|[，,。 ；;\d]|每|一天|早|晚|了|的)")
_HEDGED = re.compile(r"以前|之前|当年|那时|曾经|原来|要是|如果|假如|打算|想要|准备|考虑|要不要|是不是|吗|的话|会不会")
_NOT_DRUG = re.compile(rf"^(?:每天|早上|晚上|中午|睡前|饭前|饭后|一天|每次|现在|目前|平时|都|药|了|的)|"
                       rf"[零〇一二两三四五六七八九十百千\d]+(?:个)?(?:{_UNIT}|次|回|顿)")


def zh_dose(sentence: str, speaker: str) -> list[Slot]:
    """The speaker's ``dose:<drug>:<kind>`` slots of the module's docstring, else []."""
    sentence = sentence.strip(" 。！!").casefold()
    if _HEDGED.search(sentence):
        return []
    doctor = _DOCTOR.match(sentence)
    body = sentence[doctor.end():] if doctor else sentence
    topic = _TOPIC.match(body)
    if not (doctor or _SELF.match(body) or topic):
        return []
    if stopped := _STOPPED.search(body) or _STOPPED_AFTER.match(body):
        named = stopped.group("drug")
        return [] if _NOT_DRUG.match(named) else [Slot(speaker, f"taking:{named}", "no")]
    drug = _drug(body, topic)
    named = _NAMED.match(body)
    if drug == "*" and named:  # "降压药一天一片", "二甲双胍减到一天一次了": a medicine's dose, no verb needed
        drug = named.group("drug")
    found = _doses(body, drug, bool(doctor or named or _CHANGED.match(body)), speaker)
    if found and drug != "*":  # a dose of a named drug says it is taken, which a stop ends ("停了二甲双胍")
        found.append(Slot(speaker, f"taking:{drug}", "yes"))
    return found


#: A medicine named first, by its stem or as a 药 ("我降压药一天一片", "用户二甲双胍减到一天一次了"); a dose
#: changed with no thing named before it ("加到一天两片了", "减到每天一粒"): a dose, of whichever drug.
_NAMED = re.compile(r"^(?:我|用户|本人)?(?:的)?(?:现在|目前|如今|最近|已经|一直|还是|又|也)*(?:把|将)?"
                    rf"(?P<drug>[\u4e00-\u9fff]{{0,6}}?(?:{STEMS}|(?<![吃用买拿开])药))"
                    r"(?=一天|每天|一日|每日|天天|早|晚|每次|一次|吃|服|打|加|减|改|调|降|增|现在|还是|$)")
_CHANGED = re.compile(r"^(?:我|用户|本人)?(?:现在|已经|又|再)?(?:加到|减到|改成|改为|调到|调成|降到|增加到|减少到|"
                      r"加量到|减量到|增到|减为|加为)(?:了)?(?:一天|每天|一日|每日|每次|早晚各?)?"
                      r"[零〇一二两三四五六七八九十半\d.]+\s*个?(?:片|粒|颗|次)")


def _doses(body: str, drug: str, doctor: bool, speaker: str) -> list[Slot]:
    """The doses ``body`` says of ``drug`` ("*" when unnamed): an amount by its unit's kind, and times a day."""
    taking = doctor or bool(re.search(_TAKE, body))
    found = []
    for said in _AMOUNT.finditer(body):
        kind, scale = _UNITS[said.group("unit")]
        if kind == "count" and not ((taking and drug != "*") or doctor):
            continue
        if (n := _number(said.group("n"))) is not None:
            found.append(Slot(speaker, f"dose:{drug}:{kind}", f"{n * scale:g}"))
            break
    times = _TIMES.search(body)
    if times and (drug != "*" or doctor or (taking and "药" in body)) and \
            (n := _number(times.group("n"))) is not None:
        found.append(Slot(speaker, f"dose:{drug}:times", f"{n:g}"))
    return found


#: A drug stopped, the speaker's or by the doctor's word ("停了二甲双胍", "二甲双胍不吃了", "不再吃优甲乐了").
_STOP = r"(?:停了|停掉了?|停用了?|断了|不再吃|不再服用?|不吃了|不用吃了|不用再吃了?)"
_STOPPED = re.compile(rf"(?<![不没]){_STOP}(?P<drug>[\u4e00-\u9fffa-z]{{2,8}}?)了?$")
_STOPPED_AFTER = re.compile(rf"^(?:(?:我|用户|本人)(?:的)?)?把?(?P<drug>[\u4e00-\u9fffa-z]{{2,8}}?)(?:也|已经|就|早就)?"
                            rf"{_STOP}$")


def _drug(body: str, topic: re.Match[str] | None) -> str:
    for said in (_OF.search(body), _TAKEN.search(body)):
        if said and not _NOT_DRUG.match(said.group("drug")) and not re.search(r"\d", said.group("drug")):
            return said.group("drug")
    if topic and not _NOT_DRUG.match(topic.group("drug")):
        return topic.group("drug")
    return "*"


def _number(said: str) -> float | None:
    if said == "半":
        return 0.5
    if re.fullmatch(r"\d+(?:\.\d+)?", said):
        return float(said)
    whole, _, part = said.partition("点")
    n = zh_amount(whole)
    if n is None:
        return None
    return float(f"{n}.{''.join(str('零一二三四五六七八九'.find(ch)) for ch in part.replace('〇', '零'))}") \
        if part else float(n)


def dose_key(slot: Slot) -> str:
    """The key a dose shares with a dose of the same kind of any drug (``<subject>|dose:<kind>``), so that the
    database finds "加到20毫克" for "每天吃十毫克的阿托伐他汀"; else ""."""
    if slot.attribute.startswith("dose:"):
        return f"{slot.subject}|dose:{slot.attribute.rsplit(':', 1)[1]}"
    return ""


def redosed(new: Slot, old: Slot) -> bool:
    """A new dose of the same kind for the same person, one of the two not naming the drug, with another amount."""
    if not (new.attribute.startswith("dose:") and old.attribute.startswith("dose:")) or new.subject != old.subject:
        return False
    _, new_drug, new_kind = new.attribute.split(":", 2)
    _, old_drug, old_kind = old.attribute.split(":", 2)
    return new_kind == old_kind and "*" in (new_drug, old_drug) and new.value != old.value
