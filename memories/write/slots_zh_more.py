"""Chinese slots said in passing, beside ``slots_zh``'s rules: pets listed by name, rent said with the change,
what kind of drink a drink is, a job given up by its name, a couple back together, the household's children.

- **pets listed**: "养了两只猫，咪咪和豆豆" / "两只猫：咪咪、豆豆" names each pet, alive (``咪咪|alive`` yes), so
  that "咪咪走了" later retires what it says (``pets_named`` gives the names and their kind to the extractor,
  which keeps "咪咪走了" as "咪咪（用户的猫）走了");
- **rent** said with its change and no 房租: "房东涨租了，现在四千二", "加租到五千了";
- **a drink of a kind**: any drink named with 酒 (啤酒, 白酒, 红酒, 葡萄酒 …) is alcohol, so giving up 酒 ("戒酒了",
  "不喝酒了") ends drinking it (``alcohol_ended``; ``drink_kind_key`` finds the one from the other);
- **a job given up by its name** ("保安不干了", "不当护士了": ``job`` ``not:保安``, which contradicts that job only),
  **back together** ("我和阿豪复合了": ``marital`` in a relationship) and **the household's children** counted
  without 有 ("我家两个娃": ``count:children``).
"""

from __future__ import annotations

import re

from memories.write.slot_values import OCCUPATIONS_ZH, Slot
from memories.write.slots_amounts import zh_amount

__all__ = ["alcohol_ended", "drink_kind_key", "pets_alive", "pets_named", "zh_more"]

#: Pets by kind (a pet of any of these named is a pet).
PETS_ZH = (r"猫咪|小猫|猫|小狗|狗狗|狗|兔子|鹦鹉|仓鼠|乌龟|金鱼|柯基|泰迪|金毛|柴犬|哈士奇|布偶|英短|橘猫|边牧|"
           r"萨摩耶|比熊|博美|拉布拉多|法斗|龙猫|荷兰猪|八哥")
_NAME = r"[\u4e00-\u9fffA-Za-z]{1,4}"
_LISTED = re.compile(rf"(?P<n>[两二三四五六七八九\d])(?:只|条|个)(?P<kind>{PETS_ZH})[，,；;：:、\s]*"
                     rf"(?:分别)?(?:叫做?|是)?"
                     rf"(?P<names>{_NAME}(?:(?:和|跟|与|、|，|,)(?:一只叫|一个叫)?{_NAME})+)(?=$|[，,。；;！!\s])")
_CALLED = re.compile(rf"(?P<kind>{PETS_ZH})[，,]?(?:的名字)?(?:叫|名叫|叫做|名字叫)(?P<names>{_NAME}?)"
                     r"(?=$|[，,。；;！!\s]|了|呢)")


def pets_named(text: str) -> dict[str, str]:
    """The pets a text names, by name, with their kind ("养了两只猫，咪咪和豆豆": 咪咪 and 豆豆 are cats)."""
    found: dict[str, str] = {}
    for said in (*_LISTED.finditer(text), *_CALLED.finditer(text)):
        for name in re.split(r"和|跟|与|、|，|,", said.group("names")):
            name = re.sub(r"^(?:一只叫|一个叫)", "", name)
            if len(name) >= 2 and not re.search(r"[一二两三四五六七八九十几只个条的了]", name):
                found.setdefault(name, said.group("kind"))
    return found


_ZH_RENT_CHANGE = re.compile(r"(?:涨租|加租|降租|减租|涨房租|降房租|租(?:金|子)?涨|租(?:金|子)?降)了?[，,]?"
                             r"(?:现在|目前|如今)?(?:涨到了?|降到了?|加到了?|变成了?|到了?|是)?(?:每月|每个月|一个月)?"
                             r"(?P<value>\d+(?:\.\d+)?|[两二三四五六七八九十百千万一]+)(?:块钱|块|元)?")
_ZH_OTHER_SPEAKER = re.compile(r"^(?:我们?|用户)?的?(?:朋友|同事|邻居|同学|室友|闺蜜|哥们|姐|哥|弟|妹|爸|妈)")


def pets_alive(text: str) -> list[Slot]:
    """Each pet a whole memory names ("用户养了两只猫；咪咪和豆豆"), alive, unless it says one died."""
    return [] if re.search(r"走了|去世|死了|没了|过世|不在了", text) else \
        [Slot(name.casefold(), "alive", "yes") for name in pets_named(text)]


#: Children counted by the household ("我家两个娃", "我们家一共三个孩子"), with no 有.
_ZH_HOME_KIDS = re.compile(r"^(?:我们?家|用户家)(?:现在|目前|一共|总共)*(?P<n>[一两二三四五六七八九\d])个"
                           r"(?:娃|孩子|小孩|宝宝)(?:了|呢)?$")
#: Back together with a partner ("我和阿豪复合了", "我们又复合了"): in a relationship again.
_ZH_BACK_TOGETHER = re.compile(r"^(?:我们?|用户(?:等人)?)(?:(?:和|跟|与)[^，。,；;\s]{1,6}?)?"
                               r"(?:又|已经|终于|刚|刚刚|最近|上周|上个月|前几天|昨天|今天)*复合")
_OCC = "|".join(sorted(map(re.escape, OCCUPATIONS_ZH), key=len, reverse=True))
_ZH_JOB_LEFT = re.compile(rf"^(?:我|用户)?的?(?:(?P<job>[\u4e00-\u9fff]{{0,4}}?(?:{_OCC}))"
                          rf"(?:的?工作|这份?工作|这活儿?)?(?:已经|也|早就)?"
                          rf"(?:不干了|不做了|不当了|辞了|辞掉了)|(?:已经|现在|早就)?不(?:当|做|干)(?P<job2>{_OCC})了)")


def zh_more(sentence: str, speaker: str) -> list[Slot]:
    """The household's children, back together, a job given up by its name, rent said with its change (above),
    in a Chinese statement of the speaker's."""
    if (kids := _ZH_HOME_KIDS.match(sentence)) and (n := zh_amount(kids.group("n"))):
        return [Slot(speaker, "count:children", str(round(n)))]
    if _ZH_BACK_TOGETHER.match(sentence):
        return [Slot(speaker, "marital", "in a relationship")]
    if left := _ZH_JOB_LEFT.match(sentence):
        return [Slot(speaker, "job", f"not:{left.group('job') or left.group('job2')}")]
    rent = _ZH_RENT_CHANGE.search(sentence)
    if rent and not _ZH_OTHER_SPEAKER.match(sentence) and (n := zh_amount(rent.group("value"))) and n >= 100:
        return [Slot(speaker, "rent", str(round(n)))]
    return []


def _alcohol(attribute: str) -> bool:
    return attribute.startswith("habit:") and attribute.endswith("酒") and len(attribute) > len("habit:酒")


def drink_kind_key(slot: Slot) -> str:
    """The key a drink named with 酒 is also found by: its kind's (``habit:啤酒`` is ``habit:酒`` too)."""
    return f"{slot.subject}|habit:酒" if _alcohol(slot.attribute) else ""


def alcohol_ended(new: Slot, old: Slot) -> bool:
    """Giving up 酒 ends drinking any one 酒 ("每天喝两瓶啤酒" / "戒酒了"), and drinking 酒 no longer ends one."""
    return new.subject == old.subject and new.attribute == "habit:酒" and new.value == "no" \
        and _alcohol(old.attribute) and old.value == "yes"
