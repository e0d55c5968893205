"""A question asking for a person's attribute ("What does Alex do for work?", "Where does she live now?",
"用户在哪家公司上班？") is answered by the memory that fills that attribute's slot (``memories.write.slots``:
"The user has been a nurse at Mercy Hospital for six years" fills (self, job) = nurse and (self, employer) =
mercy hospital). The question's words often reach neither the answer's words ("work" is not in it) nor, with a
small model, its meaning: all-MiniLM puts that memory at 0.16 of "What is the user's job?", below "The user
started working from home in January" (0.36). The slots were read when the memory was written, and only the
current value of a slot is live (a later value supersedes it), so they say which memories answer.

``asked_attributes`` reads the attributes a question asks for (English and Chinese patterns, below). The
candidates whose stored slots hold one of them (of a person the question names, when it names any) gain
``RECALL_ATTRIBUTE_BOOST`` × the best candidate's fused score (``slot_lifted``; 1, the default: they come first). One
statement (the candidates' slots by id), only for a question that asks for an attribute; nothing joins the
candidates. Hybrid searches only, as the category lever."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping, Sequence

from django.conf import settings

from memories.recall.sql import slot_rows
from memories.write import text
from memories.write.roles import role_word, zh_kin_subject
from memories.write.slot_values import KIN_EN, KIN_EN_ALT, KIN_ZH, KIN_ZH_ALT, SELF
from memories.write.slots import slots_of
from memories.write.slots_zh import zh_bare

# Which slots (``memories.write.slots``' attributes) answer each kind of question. The patterns ask for the attribute
# itself ("What car does he drive?"), not an event around it ("When did Maria donate her car?").
_WHO = r"(?:[\w']+\s+){0,3}?[\w']+"  # who it is asked of: "Alex", "the user's wife", "his older brother"
_ASKED: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = tuple(
    (frozenset(attributes.split()), re.compile(pattern, re.IGNORECASE)) for attributes, pattern in (
        ("job employer role work_city",
         rf"\b(?:jobs?|occupations?|professions?|careers?|employers?|line\s+of\s+work|for\s+a\s+living|"
         rf"(?:what|which)\s+(?:company|firm)|do(?:es)?\s+for\s+work|work(?:s|ing)?\s+(?:as|at|for)|"
         rf"where\s+(?:do|does|did)\s+{_WHO}\s+work)\b|\bwhat\s+(?:do|does)\s+{_WHO}\s+do\s*\??\s*$"
         r"|做什么工作|什么工作|啥工作|职业|干什么的|做什么的|干啥的|在哪(?:里|儿|个|家)?\w{0,3}(?:上班|工作)|"
         r"哪家公司|什么公司|工作是什么|做哪行|哪一行|什么行业|跳槽\w{0,3}?去了?哪|入职了?哪|去哪(?:家|里|儿)?(?:上班|工作)"),
        ("city home",
         rf"\bwhere\s+(?:do|does|did)\s+{_WHO}\s+(?:live|move\s+to)\b|\bwhere\s+(?:is|are)\s+{_WHO}\s+"
         rf"(?:living|based)\b|\b(?:which|what)\s+(?:city|town|country)\s+(?:do|does)\s+{_WHO}\s+live\b|"
         rf"\b(?:which|what)\s+(?:city|town|country)\s+(?:is|are)\s+{_WHO}\s+(?:in|living\s+in|based\s+in)\b|"
         r"\b(?:home|street|house|mailing|postal)\s+address\b|住在?哪|住什么地方|家在哪|住在哪个城市|住在什么城市|"
         r"住址|家庭地址|家的地址|搬到(?:了)?哪|搬去(?:了)?哪|搬哪|人?在哪(?:个|座)城市|人在哪(?:里|儿)?(?:[？?]|$)|在哪(?:里|儿)?(?:生活|定居)|定居在?哪"),
        ("age", r"\bhow\s+old\b|\bwhat\s+age\b|多大了|多大年纪|几岁|年龄|多少岁"),
        ("birthday",
         r"\b(?:when|what)\s+is\s+(?:[\w']+\s+){0,3}birthday\b|\bbirth\s*date\b|\bdate\s+of\s+birth\b|"
         rf"\bwhen\s+(?:was|were)\s+{_WHO}\s+born\b|生日是|哪天生日|什么时候生日|出生日期|哪年出生|什么时候出生"),
        ("marital spouse boyfriend girlfriend partner lives-with:partner",
         rf"\b(?:is|are)\s+{_WHO}\s+(?:married|single|engaged|divorced)\b|\b(?:marital|relationship)\s+status\b|"
         rf"\bwho\s+is\s+{_WHO}\s+(?:wife|husband|spouse|partner|boyfriend|girlfriend)\b|"
         rf"\b(?:am|is|are)\s+{_WHO}\s+(?:in\s+a\s+relationship|dating|seeing\s+(?:anyone|someone))\b|"
         rf"\b(?:do|does)\s+{_WHO}\s+have\s+a\s+(?:boyfriend|girlfriend|partner)\b|\bwho\s+(?:do|does)\s+{_WHO}\s+"
         r"live\s+with\b|结婚了吗|结婚没|婚姻状况|单身吗|老婆是谁|老公是谁|对象是谁|有(?:男朋友|女朋友|对象)吗|在谈恋爱吗|"
         r"和谁(?:一起)?住|跟谁(?:一起)?住"),
        ("commute", rf"\bhow\s+(?:do|does)\s+{_WHO}\s+(?:get|go|travel|commute)\s+to\s+(?:work|the\s+office)\b|"
                    r"\bcommute\b|怎么(?:去)?上班|怎么通勤|通勤方式"),
        ("learning:", rf"\b(?:what|which)\s+(?:language|instrument)s?\s+(?:am|is|are)\s+{_WHO}\s+"
                      r"(?:learning|studying)\b"),
        ("device:phone", r"\b(?:what|which)\s+(?:kind\s+of\s+)?(?:phone|smartphone)\b|用什么手机|什么手机|哪款手机"),
        # the kind a habit is of (``slots_zh_change.usual_key``): a sport kept up or switched to, a drink
        ("usual:运动", r"什么运动|哪些运动|啥运动|运动习惯|怎么锻炼|什么锻炼"),
        ("usual:喝", r"喝什么|喝啥|喝哪种"),
        ("bedtime waketime", rf"\bwhat\s+time\s+(?:do|does)\s+{_WHO}\s+(?:go\s+to\s+bed|sleep|wake\s+up|get\s+up)\b|"
                             r"几点睡|几点起|作息"),
        ("budget", r"\bbudget\b|预算"),
        # one's weight, asked by its Chinese units at the question's end ("我现在多少斤？"), not an amount bought
        ("weight", r"(?<!目标)(?<!理想)(?<!标准)体重(?!目标)|(?:多少|几)(?:斤|公斤)(?:了|啊|呀|呢)?[？?]?$"),
        # a post by its Chinese names, the shift one works, how many children (``slots_zh_change``, ``slots_states``)
        ("job", r"职位|岗位|职务|头衔|什么级别"),
        ("shift", r"什么班|哪个班|哪种班|白班还是夜班|上夜班吗|上白班吗|班次|倒班吗|几班倒"),
        # one's doctor, the medicines one takes, the phone's carrier, the school one sits an exam for, a language's
        # level (``slots_zh_switch``)
        ("doctor", r"(?:哪|什么)(?:个|位)?医生|医生是谁|主治医生|看的医生|(?:哪|什么)(?:个|位)?大夫"),
        ("taking:", r"(?:吃|服|用)(?:的是)?(?:什么|啥|哪些|哪种)药|在吃药吗|药在吃"),
        ("uses:手机号", r"运营商|哪家的(?:号|卡)|(?:手机号|号码)是哪家"),
        ("target_school", r"报(?:考)?的?(?:是)?哪|目标院校|考(?:哪|什么)(?:个|所)?学校|申请(?:了)?哪(?:个|所|些)"),
        ("level:", r"学到哪|什么水平|几级了|考到几级|哪个级别"),
        ("count:children", r"几个(?:孩子|娃|小孩|宝宝)|(?:孩子|娃|小孩)(?:有)?几个|有(?:孩子|小孩|娃)吗"),
        ("diet",
         rf"\b(?:what|which)\s+(?:is|are)\s+{_WHO}\s+diet\b|\b(?:type|kind)\s+of\s+diet\b|\bdietary\s+\w+|"
         rf"\bfood\s+restrictions?\b|\b(?:is|are)\s+{_WHO}\s+(?:a\s+)?(?:vegetarian|vegan)\b|"
         rf"\b(?:do|does)\s+{_WHO}\s+eat\s+meat\b|饮食|吃素吗|忌口|吃肉吗"),
        ("car",
         rf"\b(?:what|which)\s+(?:kind\s+of\s+|make\s+of\s+|type\s+of\s+|model\s+of\s+)?(?:car|vehicle)\b|"
         rf"\bwhat\s+(?:do|does)\s+{_WHO}\s+drive\b|什么车|开的车|哪款车"),
        ("phone", r"\bphone\s+number\b|\bcell\s+number\b|电话号码|手机号"),
        ("email", r"\be-?mail(?:\s+address)?\b|邮箱"),
        ("education",
         rf"\bwhere\s+(?:did|does|do)\s+{_WHO}\s+(?:go\s+to\s+(?:school|college|university)|study|graduate)\b|"
         rf"\bwhat\s+(?:did|does|do)\s+{_WHO}\s+(?:study|major\s+in)\b|\b(?:degree|major)\s+in\b|"
         r"\b(?:which|what)\s+(?:school|college|university)\b|\beducation\b|在哪(?:里|儿|所)?(?:上学|读书|读的|毕业)|"
         r"哪所(?:学校|大学)|什么专业|学历|学的什么|毕业于"),
    ))
# A question about when, why or how something happened asks for an event, not the attribute it names ("When did
# Jon lose his job as a banker?"); a birthday's date is asked with "when", the way to work with "how" ("How does
# she get to work?").
_EVENT = re.compile(r"^\W*(?:when|why|how\s+(?:long|did|do|does|has|have|many|much|come))\b|什么时候|为什么|怎么",
                    re.IGNORECASE)


def asked_attributes(query: str) -> frozenset[str]:
    """The slot attributes the question asks for (none for most questions)."""
    found: set[str] = set()
    event = _EVENT.search(query) is not None
    for attributes, pattern in _ASKED:
        if (not event or "birthday" in attributes or "commute" in attributes) and pattern.search(query):
            found |= attributes
    return frozenset(found)


def slot_holders(ids: Iterable[uuid.UUID], attributes: frozenset[str], query: str, people: Sequence[str] = ()
                 ) -> set[uuid.UUID]:
    """Of these memories, those whose slots hold one of ``attributes`` of the person asked about:
    - a relative of someone else ("赵雅婷的同事", "Ana's brother") fills no slot of its own: none;
    - a relative of the user ("the user's wife", "他老婆", or a name the question was given its kinship word for:
      ``memories.recall.kin``): the speaker's ``~wife``, and that name's own slots ("唐慧调到天津工作了" for
      "唐慧现在人在哪个城市？" searched as "唐慧 … 孙丽华 表姐");
    - a person the question names (a slot's subject, a lower-case name, found in the question's text, or one of
      ``people``, the people of the scopes it names: ``search.named_people``): theirs;
    - the user, as "the user", "I", "my", "用户", "我" or a pronoun: anyone's but a relative's (the user's own
      name in a scope that calls them by it);
    - anyone else (a name no memory's slot is for): none."""
    wanted = list(ids)
    if not attributes or not wanted or _OTHERS_KIN_EN.search(query):
        return set()
    rows = slot_rows(wanted)
    return held_by_asked(query, rows, _filled(rows, attributes), people)


def held_by_asked(query: str, rows: Sequence[tuple[uuid.UUID, list[str], str]],
                  filled: Sequence[tuple[uuid.UUID, str]], people: Sequence[str] = ()) -> set[uuid.UUID]:
    """Of the memories ``filled`` says are of a subject ((id, subject) pairs; ``rows``: their (id, slots,
    content)), those of the person the question asks about (``slot_holders``' rules)."""
    if _OTHERS_KIN_EN.search(query):
        return set()
    owned = _kin_owners(query)
    if owned:  # "赵雅婷的同事": only what 赵雅婷 said of her own ("赵雅婷：我同事…") in a scope of labelled lines
        rows = _said_by(list(rows), owned)
        kept = {row[0] for row in rows}
        filled = [(pk, subject) for pk, subject in filled if pk in kept]
    kin = kin_subjects(_COUNTED_KIN.sub("", query))  # "几个孩子" counts the user's children: no child asked about
    named = _named(query, {subject for _, subject in filled}, people) - _owners(query) - owned
    if kin:  # the relative's slots, and a name's own when the kinship lever gave the name its word ("唐慧 … 表姐")
        return _relatives(query, rows, filled, kin) | {pk for pk, subject in filled if subject in named}
    if named:
        return {pk for pk, subject in filled if subject in named}
    if _THE_USER.search(query) or _subjectless_zh(query):
        return {pk for pk, subject in filled if not subject.startswith("~")}
    return set()


# ... and "看哪个医生" asks who the user's doctor is, of no doctor's own slots
_COUNTED_KIN = re.compile(r"几个(?:孩子|娃|小孩|宝宝)|(?:孩子|娃|小孩)(?:有)?几个|有(?:孩子|小孩|娃)吗|"
                          r"(?:哪|什么)(?:个|位)?(?:医生|大夫)|(?:主治)?(?:医生|大夫)是谁")


def _subjectless_zh(query: str) -> bool:
    """A Chinese question that drops its subject, as Chinese does ("开什么车", "在哪家公司上班", "体重多少"): it asks of
    the one whose memories these are, the user (no name, kinship word or pronoun opens it, a time said first aside)."""
    query = _WHEN_FIRST.sub("", query.strip(" ？?。！!"))
    return text.has_cjk(query) and bool(query) and zh_bare(query)


# A time said before the rest ("这个周末去哪儿好", "今晚吃什么"): Chinese puts it before the subject it drops.
_WHEN_FIRST = re.compile(r"^(?:(?:(?:这个?|下个?|上个?|今|明|后|每个?)(?:周末|星期[一二三四五六日天]?|"
                         r"礼拜[一二三四五六日天]?|周[一二三四五六日]?|天|晚上?|早上|上午|下午|中午|年|月|假期|两天|几天)|"
                         r"周末|假期|放假|早上|上午|中午|下午|晚上)[，,\s]*)+")


def _said_by(rows: list[tuple[uuid.UUID, list[str], str]], owners: set[str]
             ) -> list[tuple[uuid.UUID, list[str], str]]:
    """``rows``, or when the question names whose relative it asks about ("赵雅婷的同事"), only what that speaker
    said of their own ("赵雅婷：我同事…") in a scope of labelled lines."""
    if not owners:
        return rows
    return [row for row in rows if (label := _LABEL.match(row[2])) is not None and label.group(1) in owners]


def _filled(rows: Sequence[tuple[uuid.UUID, list[str], str]], attributes: frozenset[str]
            ) -> list[tuple[uuid.UUID, str]]:
    """(memory, subject) of each slot of ``rows`` holding one of ``attributes`` with a value: "The user quit the
    cafe" holds the employer slot empty (``none``), no answer to "What's my job?" when the new job is said apart."""
    return [(pk, subject) for pk, keys, content in rows
            for subject, _, attribute in (key.partition("|") for key in keys)
            if _asked(attribute, attributes) and not _emptied(content, subject, attribute)]


def _asked(attribute: str, attributes: frozenset[str]) -> bool:
    """``attribute`` is asked for, by name or by its kind ("learning:" asks for every ``learning:<thing>``)."""
    return attribute in attributes or any(a.endswith(":") and attribute.startswith(a) for a in attributes)


def _emptied(content: str, subject: str, attribute: str) -> bool:
    """The memory holds the slot only to say it is empty now: no employer, not learning it any more."""
    values = [s.value for s in slots_of(content, subject) if s.subject == subject and s.attribute == attribute]
    dropped = ("none", "no") if attribute.startswith("learning:") else ("none",)
    return bool(values) and all(v in dropped or v.startswith("not:") for v in values)


def _relatives(query: str, rows: Sequence[tuple[uuid.UUID, list[str], str]],
               filled: Sequence[tuple[uuid.UUID, str]], kin: set[str]) -> set[uuid.UUID]:
    """The holders of a relative's slot, the relative as the question calls them: 舅舅 is not 叔叔, though both are
    the speaker's ``~uncle``."""
    said = _kin_terms(query)
    owners = _owners(query)
    own = {pk for pk, _, content in rows if said & set(text.search_words(content))
           and (not owners or (label := _LABEL.match(content)) is None or label.group(1) in owners)}
    return {pk for pk, subject in filled if subject in kin and pk in own}


def _owners(query: str) -> set[str]:
    """Whose relative a Chinese question asks about, when it says: the asker ("我是周浩，我表姐…"), or the owner the
    kinship lever gave a name ("沈海燕 …" searched as "沈海燕 … 赵雅婷 下属": ``memories.recall.kin``). A memory
    said by someone else ("陈志远：我那个下属住在杭州") speaks of another person."""
    found = {m.group(1) for m in (*_ASKER.finditer(query), *_ALIAS_OWNER.finditer(query))}
    return found - set(_USERS_ZH)


def _named(query: str, subjects: Iterable[str], people: Sequence[str]) -> set[str]:
    """The people (as slot subjects) the question names: slots' subjects in its text, and ``people``."""
    folded = query.casefold()
    said = {subject for subject in subjects
            if subject != SELF and not subject.startswith("~") and _said(subject, folded)}
    return said | {person.casefold() for person in people}


# The user, as a question about them says it.
_THE_USER = re.compile(r"\b(?:the\s+user|user's|users?|i|i'm|my|me|mine|he|she|his|her|hers|him|they|their|them)\b|"
                       r"用户|我|他|她", re.IGNORECASE)
# Someone else's relative: "Ana's brother", "赵雅婷的同事" (not the user's: "the user's wife", "我的同事", "他老婆").
_OTHERS_KIN_EN = re.compile(rf"\b(?!(?:the\s+)?users?'s\b)[A-Za-z][\w-]*'s\s+(?:[\w-]+\s+)?{KIN_EN_ALT}\b")
_OWNED_KIN_ZH = re.compile(rf"([\u4e00-\u9fff]{{1,4}}?)的[\u4e00-\u9fff]{{0,2}}?(?:{KIN_ZH_ALT})")
_USERS_ZH = ("用户", "我", "我们", "他", "她", "他们", "她们", "你")
# A speaker's label ("赵雅婷：…"), an asker ("我是周浩，"), a name's owner and kinship word the kinship lever added.
_LABEL = re.compile(r"^\s*([\u4e00-\u9fff]{2,4})\s*[:：]")
_ASKER = re.compile(r"我是([\u4e00-\u9fff]{2,4}?)(?:[，,。！!\s]|$)")
_ALIAS_OWNER = re.compile(rf"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{{2,4}})\s+[\u4e00-\u9fff]{{0,2}}?(?:{KIN_ZH_ALT})")


def _kin_owners(query: str) -> set[str]:
    """Whose relative a Chinese question asks about by name ("赵雅婷的同事" → 赵雅婷; not "我的同事", "他老婆")."""
    return {m.group(1) for m in _OWNED_KIN_ZH.finditer(query)
            if not m.group(1).endswith(_USERS_ZH) and not m.group(1).startswith(("我", "用户"))}


def _said(name: str, folded: str) -> bool:
    """Whether the (case-folded) question names ``name``: as a word in Latin script, anywhere in Chinese."""
    if name.isascii():
        return re.search(rf"\b{re.escape(name)}\b", folded) is not None
    return name in folded


_KIN_EN = re.compile(rf"\b({KIN_EN_ALT})\b")
_KIN_ZH = re.compile(f"({KIN_ZH_ALT})")


def _kin_terms(query: str) -> set[str]:
    """The question's kinship words as the index holds them, with the role a general one stands for ("老婆",
    "妻子" → wife; not "舅舅", which is one uncle of several: ``memories.write.roles.role_word``)."""
    words = [*_KIN_EN.findall(query), *_KIN_ZH.findall(query)]
    return {term for word in words for term in (*text.stemmed([word.casefold()]), role_word(word, query=True)) if term}


def kin_subjects(query: str) -> set[str]:
    """The relatives a question names, as slot subjects ("my wife", "her older brother", "他老婆": ``~wife``; "我表姐":
    ``~表姐`` too, as a Chinese statement's slot names one cousin of several: ``roles.zh_kin_subject``)."""
    found = {KIN_EN.get(m.casefold(), "") for m in _KIN_EN.findall(query)}
    found |= {KIN_ZH.get(m, "") for m in _KIN_ZH.findall(query)}
    said = {zh_kin_subject(m) for m in _KIN_ZH.findall(query) if m in KIN_ZH}  # "~表姐": a Chinese slot's subject
    return {f"~{kin}" for kin in found if kin} | said


def slot_lifted(fused: Mapping[int, float], held: set[int]) -> dict[int, float]:
    """``fused`` with each holder gaining ``RECALL_ATTRIBUTE_BOOST`` × the best candidate's score (1: the holders
    come first, in their own order: the memory that fills the asked slot is the answer, whatever words the
    question shares with other memories)."""
    boost = float(settings.RECALL_ATTRIBUTE_BOOST)
    if boost <= 0 or not held or not fused:
        return dict(fused)
    lift = boost * max(fused.values())
    return {pk: value + lift if pk in held else value for pk, value in fused.items()}
