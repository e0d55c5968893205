"""A Chinese speaker's things held one at a time, read beside the rules of ``slots_zh`` so that a change said in
passing meets what was said before:

- the carrier of one's phone number (``uses:手机号``): "手机号是移动的", "用的是联通的卡" / "携号转网到电信了";
- one's doctor (``doctor``) by surname: "一直看李医生", "现在看的是王大夫", "主治医生换成了张医生";
- the school one sits an entrance exam for or applies to (``target_school``): "考研报的是南大" / "改报复旦了";
- a language's level by the scale only that language uses (``level:<language>``): JLPT's N1–N5 is Japanese, HSK
  Chinese, TOPIK Korean ("上的是N4的课" / "日语课升到N3了");
- smoking taken up again ("又抽上了", "复吸了"): ``smoking`` yes, which meets "戒烟了";
- a medicine taken, named by its generic stem (-双胍, -地平, -沙坦, -他汀, -洛尔, -普利…: "每天吃二甲双胍"):
  ``taking:<drug>`` yes, which a stop ("医生让我把二甲双胍停了") ends;
- work on a platform said by the work ("在美团送外卖", "在顺丰跑快递"): the ``employer``; and one left by its name
  alone, a noun by jieba's tags ("美团不干了"): ``not:<employer>``;
- where one is stationed said after the place ("在迪拜常驻", "在伦敦驻外") or a transfer with 把 ("公司把我调回上海
  总部了"), and migrant work ("在深圳打工"): the ``city`` and the ``work_city``; and where one is now, a place by
  name alone ("现在在屯门了"): the ``city``;
- one's partner by name ("现在的对象是大学同学小周"): ``partner``;
- the rent a landlord raises ("房东说下个月起涨到三千六"): the ``rent``.

Only the speaker's own statement (said with 我 or with no subject), not another person's ("我朋友说他医生让他把降压药
停了"), nor what was, might be or is wished ("以前", "要是", "打算", "想").
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.write.slot_values import KIN_ZH_ALT, Slot
from memories.write.slots_amounts import zh_amount

__all__ = ["STEMS", "zh_switches"]

_OWN = re.compile(rf"^(?:现在|目前|如今)?(?:我们|我|用户等人|用户|本人)"
                  rf"(?!的?(?:{KIN_ZH_ALT}|朋友|同事|同学|室友|邻居|老板|领导))")
_ADV = (r"(?:现在|目前|如今|最近|已经|早就|刚刚|刚|也|都|一直|又|就|还是|终于|今年|平时|一般|每天|天天|长期|"
        r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?(?:那一?周)?)*")
_HEDGED = re.compile(r"以前|之前|当年|那时|曾经|原来|要是|如果|假如|打算|想要|准备|考虑|要不要|是不是|吗|的话|好想|"
                     r"希望|梦想|做梦|万一|说不定|可能")

_CARRIERS = r"(?:中国)?(?:移动|联通|电信|广电|中华电信|台湾大哥大|远传|亚太电信|数码通|csl|CSL|3香港)"
_CARRIER_NAME = re.compile(r"中华电信|台湾大哥大|亚太电信|移动|联通|电信|广电|远传|数码通|csl|CSL|3香港")
_CARRIER = re.compile(rf"(?:手机号码?|号码|手机卡|电话卡|手机|号)(?:一直|现在|目前|也)?(?:是|用的是|用的|办的是|走的是)"
                      rf"{_CARRIERS}(?:的|卡|号)?"
                      rf"|(?:用|办)(?:的是)?{_CARRIERS}的?(?:卡|号|手机号)"
                      rf"|携号转网(?:了)?(?:到|去|成|为|转到)?了?{_CARRIERS}"
                      rf"|(?:手机号码?|号码|手机卡|号)(?:已经)?(?:转|换|改)(?:到|成|为)了?{_CARRIERS}")

_SURNAME_DOCTOR = r"[\u4e00-\u9fff](?:医生|大夫|医师)"
_DOCTOR = re.compile(rf"(?:看|找|挂)(?:的是|的|了)?(?:一个|个)?{_SURNAME_DOCTOR}"
                     rf"|(?:主治|家庭|我的|用户的)(?:医生|大夫)(?:是|换成了?|变成了?|改成了?){_SURNAME_DOCTOR}")
_NOT_SURNAME = set("个位名的是了这那新老主家专牙中西男女")

_EXAM = r"(?:考研|考博|研究生|申请|留学|专升本|高考|中考|考公|考编)"
_TARGET = re.compile(rf"(?:{_EXAM}[^，,。]{{0,4}}?(?:报的是|报考的是|报了|报考了?|目标(?:院校|学校)?是|去)|"
                     r"报考的是|改报了?|"
                     r"改考了?)(?![个了一])"
                     r"(?P<school>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:的[\u4e00-\u9fff]{2,6}?)?(?:专业)?(?:了|啦)?$")

_LEVELS = ((re.compile(r"(?<![A-Za-z0-9])[Nn](?P<n>[1-5])(?![0-9A-Za-z])"), "日语", "N"),
           (re.compile(r"(?i)HSK\s?(?P<n>[1-9])(?:级)?"), "汉语", "HSK"),
           (re.compile(r"(?i)TOPIK\s?(?P<n>[1-6])(?:级)?"), "韩语", "TOPIK"))
_LEVEL_SAID = re.compile(r"课|班|级|考|过了|水平|升到|升了|学到|在学|上的是")

_AGAIN = re.compile(r"(?:又|重新|再次|还是)(?:开始)?(?:抽上了?|抽起来了?|抽烟了?|吸上了?|吸烟了?|抽了起来)|复吸了?")

STEMS = (r"双胍|地平|沙坦|他汀|洛尔|普利|列净|列汀|格列[\u4e00-\u9fff]{1,2}|霉素|西林|沙星|替丁|拉唑|唑仑|西泮|"
          r"曲林|西汀|普兰|法辛|噻嗪|塞米|胰岛素|阿司匹林|布洛芬|氨基酚|华法林|格雷|泼尼松|尼龙|甲状腺素|优甲乐|"
          r"降压药|降糖药|降脂药|安眠药|抗抑郁药|止痛药|避孕药")
_TAKES = re.compile(rf"(?:吃|服用|服|打|注射|用(?!户))(?:着|上了|了)?"
                    r"(?:[零〇一二两三四五六七八九十半\d.]+\s*(?:次|片|粒|颗|个|支|袋|毫克|mg|微克|单位)的?)?"
                    rf"(?P<drug>[\u4e00-\u9fff]{{0,6}}?(?:{STEMS}))"
                    r"(?=$|[，,。；;\s\d]|每|一天|一次|早|晚|了|呢)")

_PLATFORM = re.compile(r"(?<![现正])在(?P<org>[\u4e00-\u9fffA-Za-z0-9]{2,6}?)(?:平台)?(?:上)?"
                       r"(?:送外卖|跑外卖|送餐|跑单|送快递|跑快递|"
                       r"跑腿|当骑手|做骑手|当快递员|开网约车|跑网约车|接单)")

_LEFT = re.compile(r"^(?:我们|我|用户|本人)?(?P<org>[\u4e00-\u9fffA-Za-z0-9]{2,6}?)(?:也|已经|早就|就)?"
                   r"(?:不干了|不做了|辞了|辞掉了)$")

_PARTNER = re.compile(r"(?:现在的?|目前的?|新)?对象(?:是|叫|换成了?)(?:[\u4e00-\u9fff]{0,4}?(?:同学|同事|朋友|邻居))?"
                      r"(?![个一很挺])(?P<who>[\u4e00-\u9fff]{2,3})(?:了|啦)?$")

_STATIONED = re.compile(r"(?<![现正])在(?P<place>[\u4e00-\u9fff]{2,6}?)(?:常驻|驻外|驻场|外派|派驻|长驻)")
#: migrant work in a city ("在深圳打工"): one lives where one works
_WORKING_AWAY = re.compile(r"(?<![现正])在(?P<place>[\u4e00-\u9fff]{2,6}?)(?:市)?(?:打工|务工|打零工|打拼)")
_MOVED_BY = re.compile(r"把(?:我|用户)(?:们)?(?:调到|调回到?|调去|调往|外派到|派到|派驻到|派去)了?"
                       r"(?P<place>[\u4e00-\u9fff]{2,6}?)(?:市)?(?:总部|分公司|工作|上班|办公室|去)?(?:了|啦)?$")
_NOW_AT = re.compile(r"^(?:我们|我|用户等人|用户|本人)(?:现在|目前|如今|而家)(?:已经|都|也)?(?:住)?在"
                     r"(?P<place>[\u4e00-\u9fff]{2,6}?)(?:市|区)?(?:了|啦|住|生活)?$")

_LANDLORD_RAISE = re.compile(r"^(?:(?:我们?|用户(?:等人)?)的?)?房东[^，,。]{0,16}?(?:涨|加|提|调)(?:价|租)?"
                             r"(?:到了?|了?到|至)"
                             r"(?P<n>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)(?:块钱|块|元)?")


def zh_switches(sentence: str, speaker: str) -> list[Slot]:
    """The speaker's slots of the module's docstring a Chinese statement fills, else []."""
    sentence = sentence.strip(" 。！!~")
    if _HEDGED.search(sentence):
        return []
    if raised := _LANDLORD_RAISE.match(sentence):
        n = zh_amount(raised.group("n"))
        return [Slot(speaker, "rent", str(round(n)))] if n and n >= 100 else []
    if (left := _LEFT.match(sentence)) and _organisation(left.group("org")):
        return [Slot(speaker, "employer", f"not:{left.group('org')}")]
    if not _OWN.match(sentence):
        return []
    found: list[Slot] = []
    if carrier := _CARRIER.search(sentence):
        name = _CARRIER_NAME.search(carrier.group())
        found.append(Slot(speaker, "uses:手机号", name.group().casefold() if name else ""))
    if doctor := _doctor(sentence):
        found.append(Slot(speaker, "doctor", doctor))
    if target := _TARGET.search(sentence):
        found.append(Slot(speaker, "target_school", target.group("school")))
    if partner := _PARTNER.search(sentence):
        found.append(Slot(speaker, "partner", partner.group("who")))
    found += _level(sentence, speaker)
    if _AGAIN.search(sentence):
        found.append(Slot(speaker, "smoking", "yes"))
    if (taken := _TAKES.search(sentence)) and not re.search(r"(?<![不没])(?:停|不吃|不用|不再)", sentence):
        found.append(Slot(speaker, f"taking:{taken.group('drug')}", "yes"))
    if platform := _PLATFORM.search(sentence):
        found.append(Slot(speaker, "employer", platform.group("org")))
    return found + _place(sentence, speaker)


def _doctor(sentence: str) -> str:
    """The speaker's doctor by surname ("李医生"), not one gone to with someone else ("陪我妈去看周医生"), else ""."""
    said = _DOCTOR.search(sentence)
    if said is None or re.search("陪|带", sentence[:said.start()]):
        return ""
    name = re.search(r"(.)(?:医生|大夫|医师)$", said.group())
    return f"{name.group(1)}医生" if name and name.group(1) not in _NOT_SURNAME else ""


def _organisation(word: str) -> bool:
    """A name jieba reads as one noun (美团, 顺丰, 腾讯), not a word of work itself (工作, 这活)."""
    words = posseg.lcut(word)
    return len(words) == 1 and words[0].flag in {"n", "nt", "nz", "nr", "nrt", "ns", "eng"} and \
        word not in {"工作", "活儿", "兼职", "副业", "生意", "这活", "那活"}


def _level(sentence: str, speaker: str) -> list[Slot]:
    if not _LEVEL_SAID.search(sentence):
        return []
    for pattern, language, prefix in _LEVELS:
        if said := pattern.search(sentence):
            return [Slot(speaker, f"level:{language}", f"{prefix}{said.group('n')}")]
    return []


def _place_name(value: str) -> bool:
    """A place jieba names as one ("迪拜", "屯门", "南昌市"), or a county, province or prefecture by its suffix."""
    value = value.removesuffix("市")
    words = posseg.lcut(value, HMM=False)
    return value.endswith(("县", "省", "州")) or (len(words) == 1 and words[0].flag == "ns")


def _place(sentence: str, speaker: str) -> list[Slot]:
    for pattern in (_STATIONED, _MOVED_BY, _WORKING_AWAY, _NOW_AT):
        said = pattern.search(sentence)
        if said and _place_name(said.group("place")):
            place = said.group("place").removesuffix("市")
            # stationed or sent by one's work: where one works too
            return [Slot(speaker, "city", place)] + ([Slot(speaker, "work_city", place)] if pattern is not _NOW_AT
                                                     else [])
    return []
