"""How a Chinese speaker gets to work and whom they live with, read beside the rules of ``slots_zh`` (each adds a
slot the first reader did not fill), so that a change said in passing meets what was said before:

- how one gets to work (``commute``, the values of ``slots_routine``'s English modes): "我每天开车上班" / "最近改坐
  地铁上班了", "骑电动车上班", "走路去上班";
- living with a partner, yes or no (``lives-with:partner``, as ``slots_household`` reads it in English): "我和老公住在
  一起", "跟男朋友同居了" / "我一个人住", "我们分居了" (also ``marital`` separated), "老婆搬出去了";
- where one works from (``workplace``, as ``slots_turns`` reads it in English: home or office): "我在家远程办公",
  "居家上班" / "公司要求回办公室坐班了", "恢复坐班了".

Another person's ("我妹一个人住", "我老公开车上班") fills none of these, nor what used to be or might be ("以前开车
上班", "打算一个人住").
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["zh_home"]

_SELF = r"^(?:我们|我|用户等人|用户|本人)"
_ADV = (r"(?:现在|目前|如今|最近|这阵子|这段时间|已经|早就|刚|也|都|一直|又|就|还是|每天|平时|一般|基本上?|天天|通常"
        r"|改|改成|换成|开始)*")
_LEAD = r"(?:现在|目前|如今|最近|这阵子|从\S{1,12}?(?:开始|起))?"
_MODES = {"开车": "car", "自驾": "car", "开电车": "car", "地铁": "subway", "公交车": "bus", "公交": "bus",
          "巴士": "bus",
          "电动车": "scooter", "电驴": "scooter", "小电驴": "scooter", "自行车": "bike", "单车": "bike", "骑车": "bike",
          "走路": "foot", "步行": "foot", "打车": "taxi", "火车": "train", "高铁": "train", "轻轨": "metro",
          "捷运": "subway", "港铁": "subway", "机车": "motorbike", "摩托车": "motorbike", "摩托": "motorbike"}
_MODE = "|".join(sorted(map(re.escape, _MODES), key=len, reverse=True))
_COMMUTE = re.compile(rf"{_SELF}{_ADV}(?:坐|搭|乘|挤|骑|坐着|骑着)?(?P<mode>{_MODE})(?:去|来|到)?(?:公司)?"
                      rf"(?:上班|通勤|上下班)")
_PARTNER = r"(?:我的?|用户的)?(?:老公|老婆|丈夫|妻子|男朋友|女朋友|男友|女友|对象|爱人|未婚夫|未婚妻)"
_TOGETHER = (re.compile(rf"{_SELF}{_ADV}(?:和|跟|与){_PARTNER}[\u4e00-\u9fff]{{0,4}}?(?:住在一起|住一起|一起住|同居)"),
             re.compile(r"^(?:我们|用户等人)" + _ADV + r"(?:同居|住在一起)"))
_ALONE = (re.compile(rf"^{_LEAD}(?:我们|我|用户等人|用户|本人){_ADV}(?:一个人住|一个人生活|独居|自己一个人住|自己住)"),
          re.compile(rf"^{_PARTNER}{_ADV}(?:搬出去|搬走)了"))
_MATE = r"(?:室友|舍友|合租的?(?:人|朋友|小伙伴))"
# "跟两个室友合租", "和室友一起住" / "室友都搬走了", "合租的人搬出去了": roommates, yes or no (``lives-with:roommates``)
_WITH_MATES = re.compile(rf"{_SELF}{_ADV}(?:和|跟|与)[\u4e00-\u9fff\d]{{0,3}}?{_MATE}[\u4e00-\u9fff]{{0,3}}?"
                         rf"(?:合租|住在一起|住一起|一起住|同住)|{_SELF}{_ADV}(?:在)?(?:和人|跟人|与人)?合租")
_MATES_GONE = re.compile(rf"(?:^|用户的|我的)[\u4e00-\u9fff\d]{{0,3}}?{_MATE}[^，。,；;]{{0,10}}?"
                         r"(?:搬走|搬出去|退租|搬家)了")
_APART = re.compile(rf"{_SELF}{_ADV}(?:(?:和|跟|与){_PARTNER})?{_ADV}分居")
_HOME_WORK = re.compile(rf"^{_LEAD}(?:我们|我|用户等人|用户|本人){_ADV}(?:全职|长期)?(?:(?:在家|居家)(?:远程)?"
                        r"(?:办公|上班|工作)|远程(?:办公|工作|上班))")
# "公司要求回办公室坐班了", "我们恢复坐班了", "用户回公司上班了" (not "回公司拿东西")
_OFFICE_WORK = re.compile(rf"^{_LEAD}(?:我们|我|用户等人|用户|本人)(?:的?(?:公司|单位|老板|领导)(?:要求|规定|通知|让)?"
                          rf"(?:大家|我们|员工|用户)?)?{_ADV}(?:回(?:到)?(?:办公室|公司|单位)(?:坐班|上班|办公)|"
                          r"(?:恢复|回归)?坐班)")
_HEDGED = re.compile(r"以前|之前|当年|那时|曾经|原来|要是|如果|假如|打算|想要|准备|考虑|要不要|是不是|吗")


def zh_home(sentence: str, speaker: str) -> list[Slot]:
    """``commute``, ``lives-with:partner`` and ``workplace`` of the speaker (and ``marital`` separated), else []."""
    if _HEDGED.search(sentence):
        return []
    found: list[Slot] = []
    if said := _COMMUTE.search(sentence):
        found.append(Slot(speaker, "commute", _MODES[said.group("mode")]))
    if _APART.search(sentence):
        found += [Slot(speaker, "lives-with:partner", "no"), Slot(speaker, "marital", "separated")]
    elif any(p.search(sentence) for p in _ALONE):
        found += [Slot(speaker, "lives-with:partner", "no"), Slot(speaker, "lives-with:roommates", "no")]
    elif _MATES_GONE.search(sentence):
        found.append(Slot(speaker, "lives-with:roommates", "no"))
    elif any(p.search(sentence) for p in _TOGETHER):
        found.append(Slot(speaker, "lives-with:partner", "yes"))
    elif _WITH_MATES.search(sentence):
        found.append(Slot(speaker, "lives-with:roommates", "yes"))
    if _HOME_WORK.search(sentence):
        found.append(Slot(speaker, "workplace", "home"))
    elif _OFFICE_WORK.search(sentence):
        found.append(Slot(speaker, "workplace", "office"))
    return found
