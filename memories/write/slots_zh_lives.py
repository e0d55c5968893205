"""What an agent's note or an everyday Chinese line says of a life, read beside ``slots_zh``'s rules:

- married again or by the licence (``marital`` married): "复婚了", "和她领证了", "3.14领的证", "扯证了";
- what one studies (``study:major``) said by the department or the verb alone: "现在是计算机系的了", "是法学专业的",
  "在读土木工程", "学的会计", "现在读法学" (a field of study: a name ending in a discipline's suffix — 学, 工程, 技术,
  管理 … — or one of the fields by name; not a year or a level, "在读大二", "读研", nor a book, "在读小说");
- where one works said by the job there, the jump to it or going there to work (``employer``): "是国航的空乘",
  "跳去南航了", "跳到字节了", "去顺丰送快递" (not a city, "去深圳上班", nor a home, "去姐姐家帮忙")
  (the employer a short name or an organisation by jieba's tags, or by its suffix: 公司, 银行, 医院 …);
- the seat one asks for (``seat``: window, aisle or middle), as an agent's note puts it: "偏好靠窗座位",
  "更喜欢坐靠过道的位置", "座位偏好：靠走道";
- where a relative lives, brought by the speaker (``city`` of the relative): "用户把爸接到北京住了", "用户的妈被接到
  上海来住了", "用户的爸一个人在老家住".

Only the speaker's own statement (用户/我 leading) or the named relative's, never a hedged one.
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.write.roles import zh_kin_subject
from memories.write.slot_values import KIN_ZH_ALT, Slot

__all__ = ["zh_lives"]

_OWN = r"^(?:我们|我|用户等人|用户|本人)"
_ADV = (r"(?:现在|目前|如今|最近|已经|已|终于|刚刚|刚|又|就|还|也|都|正式|顺利|上周|上个月|这个月|今年|去年|前几天|"
        r"昨天|前天|国庆后|春节后|\d{4}年|\d{1,2}月(?:\d{1,2}[日号])?|\d{1,2}\.\d{1,2}|[，,])*")
_HEDGED = re.compile(r"以前|之前|当年|那时|当时|曾经|原来|小时候|要是|如果|假如|打算|想要|想|准备|考虑|要不要|"
                     r"是不是|吗|的话|希望|梦想|万一|说不定|可能|没|不|别|剧里|小说|电影|梦里|[?？]")

_MARRIED = re.compile(rf"{_OWN}{_ADV}(?:(?:和|跟|与)[\u4e00-\u9fff]{{1,6}}?)?{_ADV}"
                      r"(?:复婚|领证|领了证|领的证|扯证|扯了证|登记结婚|领了结婚证|领的结婚证)(?:了|啦|成功)?$")

_FIELD_END = ("学", "工程", "技术", "管理", "科学", "设计", "医学", "教育", "营销", "贸易", "语言", "文学", "艺术",
              "护理")
#: Fields of study whose names end otherwise (the broad ones of a Chinese university's catalogue).
_FIELDS = frozenset(("会计", "金融", "计算机", "法律", "新闻", "临床", "英语", "日语", "德语", "法语", "俄语", "韩语",
                     "西语", "数学", "物理", "化学", "生物", "地理", "历史", "政治", "机械", "电气", "自动化", "建筑",
                     "土木", "通信", "电子", "软件", "统计", "财务", "审计", "税务", "保险", "物流", "电商", "播音",
                     "表演", "美术", "音乐", "舞蹈", "体育", "口腔", "中医", "药学", "护理", "汉语言", "翻译",
                     "人力资源", "会展", "动画", "摄影", "环境", "材料", "能源", "交通", "水利", "测绘", "农业",
                     "园林", "畜牧", "兽医", "影视", "广告", "心理", "社工", "外贸", "旅游", "酒店"))
_LEVELS = re.compile(r"^(?:大[一二三四五]|研[一二三]?|博[一二三四]?|硕[一二]?|高[一二三]|初[一二三]|本科|专科|研究生|"
                     r"博士|硕士|书|小学|中学|初中|高中|大学|在职|夜校|函授)")
_STUDY = (re.compile(rf"{_OWN}{_ADV}(?:是|在)(?P<v>[\u4e00-\u9fff]{{2,8}}?)(?:专业|系)(?:的)?(?:学生)?(?:了|啦)?$"),
          re.compile(rf"{_OWN}{_ADV}(?:(?:在|正在)?(?:读|念)的?(?:是)?|学的(?:是)?|主修)(?P<v>[\u4e00-\u9fff]{{2,8}}?)"
                     r"(?P<said>专业|系)?(?:了|啦)?$"))

_ORG_END = ("公司", "集团", "银行", "医院", "航空", "学校", "大学", "中学", "小学", "研究所", "研究院", "事务所",
            "工厂", "厂", "局", "院", "所", "店")
#: Not a name: a place said by its kind or by whose it is ("公司的老员工", "这家医院的护士", "他们的老师").
# no one named: a pronoun, or a workplace said by its kind ("去单位上班了", "到公司上班")
_NOT_NAMED = re.compile(r"^(?:这|那|哪|他|她|我|用户|本|该|新|老|一家|某|"
                        r"(?:单位|公司|办公室|厂里|店里|班上|外地|外面)$)")
_ORG_TAGS = frozenset(("j", "nt", "nz", "eng"))
_EMPLOYER = (re.compile(rf"{_OWN}{_ADV}(?:是|当)(?P<org>[\u4e00-\u9fffA-Za-z]{{2,10}}?)的"
                        r"(?P<job>[\u4e00-\u9fff]{2,6})$"),
             re.compile(rf"{_OWN}{_ADV}(?:跳去了?|跳到了?|跳槽去了|跳槽到了?|跳进了?)(?P<org>[\u4e00-\u9fffA-Za-z]{{2,10}}?)"
                        r"(?:了|啦)?$"))
#: Going to a place to work there ("去顺丰送快递", "到京东当仓管"): the place is an employer unless it is a
#: city or a home (jieba's place tags; 家, 那边).
_WENT_TO_WORK = re.compile(rf"{_OWN}{_ADV}(?:去了?|到)(?P<org>[\u4e00-\u9fffA-Za-z]{{2,8}}?)"
                           r"(?:上班|工作|打工|实习|送快递|送外卖|跑外卖|跑单|当[\u4e00-\u9fff]{1,5})(?:了|啦)?$")

#: When a seat is asked for: a trip or a ticket ("订机票偏好靠过道", "坐高铁时喜欢靠窗").
_TRAVEL = (r"(?:(?:订|买|选)(?:机票|车票|票|座位?)|坐(?:飞机|高铁|火车|动车|大巴)|乘机|出行|出差|长途)?"
           r"(?:时|的时候)?[，,]?")
_SEAT = re.compile(rf"{_OWN}?{_ADV}{_TRAVEL}{_ADV}(?:更|比较|还是|一般|通常|总是|都)?"
                   r"(?:偏好|喜欢|偏爱|习惯|爱|要|选|订|倾向于?)"
                   r"(?:坐|选|订)?靠?(?P<seat>窗|过道|走道|走廊|中间)(?:边|口)?的?(?:座位|位置|位子|座)"
                   rf"|{_OWN}?的?(?:座位|位子)偏好{_ADV}[：:是为]?{_ADV}靠?(?P<seat2>窗|过道|走道|走廊|中间)")
_SEATS = {"走道": "过道", "走廊": "过道"}

_KIN = rf"(?:(?:我|用户)的?)?(?P<kin>{KIN_ZH_ALT})"
_KIN_CITY = (re.compile(rf"^{_KIN}(?:被(?:我|用户))?{_ADV}"
                        r"(?:接到了?|接去了?|接来了?|送到了?|送回了?)(?P<place>[\u4e00-\u9fff]{2,6}?)(?:来|去)?(?:一起)?住了?$"),
             re.compile(rf"^{_KIN}{_ADV}(?:一个人|独自|自己)?{_ADV}在(?P<place>[\u4e00-\u9fff]{{2,6}}?)住(?:着)?$"))
_BROUGHT = re.compile(rf"^(?:我|用户){_ADV}把(?P<kin>{KIN_ZH_ALT}){_ADV}(?:接到了?|接去了?|接来了?)"
                      r"(?P<place>[\u4e00-\u9fff]{2,6}?)(?:来|去)?(?:一起)?住了?$")


def zh_lives(sentence: str, speaker: str) -> list[Slot]:
    """The slots of the module's docstring a Chinese statement fills, else []."""
    sentence = sentence.strip(" 。！!~")
    if _HEDGED.search(sentence):
        return []
    if _MARRIED.match(sentence):
        return [Slot(speaker, "marital", "married")]
    if major := _major(sentence):
        return [Slot(speaker, "study:major", major)]
    if employer := _employer(sentence):
        return [Slot(speaker, "employer", employer)]
    if seat := _SEAT.match(sentence):
        said = seat.group("seat") or seat.group("seat2")
        return [Slot(speaker, "seat", _SEATS.get(said, said))]
    return _kin_city(sentence)


def _major(sentence: str) -> str:
    for pattern in _STUDY:
        said = pattern.match(sentence)
        if said is None:
            continue
        field = said.group("v")
        if field and not _LEVELS.match(field) and (
                "said" not in said.groupdict() or said.group("said") or field.endswith(_FIELD_END)
                or field in _FIELDS or field[:2] in _FIELDS or field[:3] in _FIELDS):
            return field
    return ""


def _employer(sentence: str) -> str:
    for pattern in _EMPLOYER:
        said = pattern.match(sentence)
        org = said.group("org") if said else ""
        if org and org not in _ORG_END and not _NOT_NAMED.match(org) and (org.endswith(_ORG_END) or _named_org(org)):
            return org.casefold()
    went = _WENT_TO_WORK.match(sentence)
    org = went.group("org") if went else ""
    if org and not _NOT_NAMED.match(org) and org not in _ORG_END and not org.endswith(("家", "那边", "这边", "那里")) \
            and not any(w.flag in ("ns", "s", "r") for w in posseg.lcut(org, HMM=False)):
        return org.casefold()
    return ""


def _named_org(word: str) -> bool:
    tokens = posseg.lcut(word, HMM=False)
    return len(tokens) == 1 and tokens[0].flag in _ORG_TAGS


def _kin_city(sentence: str) -> list[Slot]:
    for pattern in (*_KIN_CITY, _BROUGHT):
        said = pattern.match(sentence)
        if said:
            return [Slot(zh_kin_subject(said.group("kin")), "city", said.group("place"))]
    return []
