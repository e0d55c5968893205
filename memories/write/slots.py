"""The attribute slot a statement fills, from its content alone (no language model, English and Chinese).

A **slot** is (subject, attribute): "Alex works at Google." fills (alex, employer) with the value "google";
"张伟现在在腾讯工作。" fills (张伟, employer) with "腾讯". Two live memories of one scope that fill the same slot
with different values contradict each other exactly as two memories of one ``entity`` do (the write flow links
them, ``memories.write.related``); the slot keys are stored on the memory (``Memory.slots``) so that the
database finds them and the review card can say why two memories were paired.

Attributes (one value at a time): ``employer``, ``job``, ``city`` (where one lives), ``age``, ``birthday``,
``phone``, ``email``, ``favourite:<thing>``, ``diet``, ``education``, ``marital``, ``car`` (what one drives),
``role`` (what a named person is to the speaker, "Sarah is my girlfriend"), ``<role>`` of the speaker ("my boss is
Anna Lee": the speaker's boss is Anna Lee) and ``date`` of a named event or deadline; the speaker's habits, yes or
no: ``smoking`` ("quit smoking", "戒烟了"), ``habit:<thing>`` eaten or drunk ("i don't drink coffee anymore",
"现在不喝咖啡了"). A job left ("got laid off", "换工作了") is the employer ``none``; a relationship ("been together
3 years", "分手了") is ``marital``; a car sold ("we sold the Honda") is the car ``none``. Values may be typed in
lower case ("i live in chicago"). After these, ``slots_amounts``: the speaker's ``weight``, ``rent``, ``salary``
and street ``address`` ("down to 76 kg now", "房租涨到五千", "my salary is 110k now"; another person's weight is
theirs), the ``weekday`` of something weekly ("the piano lesson is on Tuesdays now"), the ``place`` of a trip for an
occasion ("going to Lisbon for the honeymoon") and the ``date`` of an appointment said in Chinese ("牙医改到下周三").
Then ``slots_states``: a like (``like:<thing>``, "gone off sushi"), an activity (``habit:<activity>``, "stopped
running", "不去健身房了"), a count said with a number (``count:children``), an allergy, what one studies, whether a
named pet is ``alive``; and ``slots_plans``: a plan's ``place``, its ``date`` as moved, its cancellation ("成都出差
取消了"), one event said in two ways being one ("the team offsite" / "the offsite"); and ``slots_daily``: an
occupation said with a verb ("now teaches chemistry", "现在跑滴滴"), an employer left by name (``not:google``: "finally
quit google", "从银行辞职了"; it contradicts only that employer), the ``device:phone`` or ``device:laptop`` one uses
("switched to a pixel 8", "换了苹果15"), the ``days:<activity>`` of something weekly ("gym days are monday and
thursday", "每周一三五去健身房") and the ``bedtime`` / ``waketime`` one keeps ("睡觉一般十一点", "每天六点半起床"). A
break-up also ends the partner named ("和小雨分了": ``girlfriend`` none). A retirement is no employer and the job
"retired". What is additive is keyed per thing, so two never meet: hobbies, children, likes ("likes red" and "likes
cats" are both true).
Beside the first English reader, ``slots_routine`` adds what everyday English says in passing: a weekly day moved,
the ``commute``, what one plays or gave up, a role named in lower case, a pay one is on, a race pulled out of, a
diet, a course, hours of ``sleep``, alcohol said by the drink; and through it ``slots_turns``,
``slots_household`` (living with a partner or alone, ``lives-with:partner``), ``slots_changes`` (a promotion, a
job by its title, an employer by the kind of place, how a drink is taken, a sport ruled out, a membership) and
``slots_life`` (a title, a diet by name, a daily ride, a home bought or a base, a pet rehomed, leave, a gym), and
before its hedges ``slots_using`` (a tool of a kind and a thing used by name, the team, a routine's time, a choice
weighed then made, a drink at a time of day, a level, a trip's date). And ``slots_care``: what one takes for a
condition (``treats:<condition>``) and whether one takes it (``taking:<drug>``; stopping it ends both,
``treatment_held``), a child's ``school``, the ``study:year`` of a course. And ``slots_switches``: a switch
said indirectly (the mobile network, ``provider:phone``; the gym joined; who lives at home, ``household:others``; a
team managed; a car traded; a named child's school; a doctor registered with; a class's level; a first day at a new
employer); a membership ended holds the gym of that name (``membership_held``). ``slots_records``, in both
languages: a visa or residence status, a personal best, a blood pressure or sugar reading, living with one's
parents, a favourite replaced, a dentist, vet or hairdresser, and in Chinese the team one works in.
``slots_notes``: what a typed note says in passing (a dose put on, the street lived on, a last day at an employer, a
role taken, what software is written in, the position played, a child's teacher). ``slots_papers``: a surname, a
green card said without "my", a widower, a major said as a noun, an exam studied for then passed, a cast, cancer
treatment then remission, a preference as agents note it ("Prefers aisle seats").
Beside the Chinese rules, ``slots_zh_change`` reads changes said in passing: a ``budget``, a colour liked more now
(``favourite:颜色``), where one's new work is (``work_city``), a car sold, a graduation (``study:grade`` 毕业), a
thing of one's own and what it is now (``uses:<thing>``: "宽带换成移动的了"), and a switch to another drink or sport
("改喝茶了", "医生让我改游泳"), which ends the habit of the one before (``switched``); ``slots_zh_levels`` a level
said with a number (``measure:<what>:<unit>``: "现在深蹲100公斤了"), a pet by its kind (``pet:<kind>``), a thing used by
its name (``used:<name>``: "vscode不用了"), a routine by its verb ("不怎么加班了"), "无辣不欢", the ``date`` of
something to do ("看房是周二") and the ``floor`` of one's home; and a relative's statement no rule of theirs read is
read as the speaker's would be, then given to the relative ("用户的儿子钢琴不学了": ``~son`` ``habit:钢琴`` no).
And ``slots_zh_switch``: a phone's carrier, one's doctor, the school an exam is for, a level on a language's own
scale, a drug taken named by its generic stem, work on a platform, a posting abroad, a partner called 对象. And
``slots_zh_belong``: one's home town, 户口, team or ward, pay a month, a target school moved, a trainee taken on.
The rules of each language are in ``slots_en`` and ``slots_zh``, what both share in ``slot_values``.

Subjects: the speaker ("I", "my", "the user", "我", "用户"; the memory's subject when the caller names one), a
named person ("Alex", "张伟"; a name after a kinship word wins: "my cousin Zhang Wei" is zhang wei), a person
known by their role to the speaker ("my boss", "我表哥": ``~boss``, ``~cousin``; ``memories.write.people``),
or, for a date, the event ("the project deadline"). Pronouns ("he", "她") fill no slot: who they are is not
in the text. A statement with no subject of its own is its speaker's ("Turned 42 last week.", "今年36岁了",
"New number: 07700 900456"), and a later clause of a sentence without one is about whom the sentence opened with
("Ben left Shopify and joined Stripe", "我表哥住在杭州，今年35岁"); a household's home is the speaker's ("we moved to
Leeds"). A new value is also read by its shape after the thing was named ("邮箱换了，新的是li@163.com").
A move is read however it is said: from somewhere ("从老家搬去成都了", "搬回了长沙"), settling ("决定定居南京了"), a
transfer ("调到天津工作了") or a household ("我发小一家现在都在大连"; these last three only when the place is a city
by name); and a new job by where it starts ("下周去京东报到", "新公司是华为", "刚从原来的单位离职"). An age may be
said without 岁 ("我妈今年六十了"), a home as where one is stationed ("常驻杭州"), an address as where someone asked
mail to go ("韩家乐让我把材料发到…").
A named speaker's memory in their own name ("陈晨改成每天早上跑步了", subject 陈晨) is read as said with 我, so
the speaker's readers (habits, weight, plans) read it, and an answer kept with its question ("陈晨对“…”的回答：…")
is read as the answer.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import replace

from memories.write.hanzi import simplified
from memories.write.people import SPEAKER_LABEL, chinese_names, is_chinese_name
from memories.write.slot_values import EXACT_ATTRIBUTES, KIN_ZH_ALT, MAX_STATEMENT, SELF, Slot
from memories.write.slots_care import treatment_held
from memories.write.slots_en import en_lead, en_slots
from memories.write.slots_plans import event_head, same_event
from memories.write.slots_switches import membership_held
from memories.write.slots_using import replaced_whole
from memories.write.slots_zh import zh_bare, zh_slots, zh_subject
from memories.write.slots_zh_belong import trainee_held
from memories.write.slots_zh_change import switched, usual_key
from memories.write.slots_zh_dose import dose_key, redosed
from memories.write.slots_zh_more import alcohol_ended, drink_kind_key, pets_alive
from memories.write.text import has_cjk

__all__ = ["EXACT_ATTRIBUTES", "SELF", "Slot", "covers", "linking_slot", "other_subjects", "slot_keys", "slots_of"]

# --------------------------------------------------------------------------- the entry point

# "；" is ";" after NFKC: between Chinese clauses ("减肥放弃了；晚饭照吃") it ends a sentence, space or not
# "Dr. Okafor", "St. Luke's": a title's full stop ends no sentence
_SENTENCES = re.compile(r"(?<=[.!?;])(?<!\b[DM]r\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bSt\.)\s+|(?<=[。！？；\n])\s*"
                        r"|(?<=;)(?=[\u4e00-\u9fff])")


#: The assistant's answer as extraction keeps it (``memories.extraction.assistant``): what it suggests or drafts
#: is no statement of the user's ("…，助手推荐：…住宿推荐 大理既下山酒店" is no home in 大理).
_ANSWERED = re.compile(r'^(?:When the user asked ".*?"(?: and then said ".*?")?, the assistant (?:drafted|suggested|'
                       r'answered):|用户问"?“.*?”(?:,又说“.*?”)?,助手(?:起草|推荐|回答):)', re.DOTALL)


def slots_of(text: str, speaker: str = "") -> tuple[Slot, ...]:
    """The slots a statement fills, one per (subject, attribute), in the order said (the last value said of a
    slot wins). ``speaker``: who "I" is (the memory's subject, or a speaker label at the start of the text)."""
    text = simplified(unicodedata.normalize("NFKC", text).strip())  # "辭職了" is "辞职了" (hanzi.py)
    if not text or len(text) > MAX_STATEMENT or _ANSWERED.match(text):
        return ()
    label = SPEAKER_LABEL.match(text) or _named_label(text)
    if label:
        said = label.group(1)
        if said not in {"用户", "我", "User", "Assistant", "助手"} and not speaker:
            speaker = said.casefold()
        text = text[label.end():]
    speaker = speaker.casefold() or SELF
    text = _own_words(text, speaker)
    found: dict[str, Slot] = {}
    for sentence in _SENTENCES.split(text):
        sentence = sentence.strip(" \"'“”‘’").removesuffix(";")
        if not sentence or sentence.endswith(("?", "？")):
            continue
        parts, lead = _clauses(sentence)
        if _ZH_IF.match(sentence):  # "要是公司让我去上海，我就辞职": what would follow is no fact
            parts = parts[:1]
        for n, clause in enumerate(parts):
            if has_cjk(clause):
                said = zh_slots(clause, speaker, lead if n else "我")
            else:
                said = en_slots(clause, speaker, lead if n else "i")
            for slot in said:
                found.pop(slot.key, None)
                found[slot.key] = slot
    for slot in pets_alive(text) if has_cjk(text) else ():  # "养了两只猫；咪咪和豆豆": each named is alive
        found.setdefault(slot.key, slot)
    return tuple(found.values())


#: A Chinese sentence that opens with a condition: its later clauses say what would follow, not what is.
_ZH_IF = re.compile(r"^(?:我们?|用户(?:等人)?|本人)?(?:要是|如果|假如|假设|万一|若是|一旦|哪天)")


#: A named speaker's short answer as extraction keeps it (``memories.extraction.answers``): "陈晨对“…”的回答：…".
_ZH_ANSWER = re.compile(r"^(?P<who>[\u4e00-\u9fff]{2,4})对“[^”]{1,80}”的回答[:：]\s*")


def _own_words(text: str, speaker: str) -> str:
    """A Chinese memory of a named speaker in their own words: an answer kept with its question is the answer
    (what the speaker said of themselves), and their name opening a sentence is 我 ("陈晨改成每天早上跑步了" by
    陈晨 is "我改成每天早上跑步了"; "陈晨等人" is 我们), so that every reader of the speaker's states reads it."""
    if speaker == SELF or not has_cjk(speaker):
        return text
    answer = _ZH_ANSWER.match(text)
    if answer and answer.group("who") == speaker:
        text = text[answer.end():]
    named = re.escape(speaker)
    return re.sub(rf"(^|[。！？；;，,])\s*{named}(等人)?",
                  lambda m: m.group(1) + ("我们" if m.group(2) else "我"), text)


def _named_label(text: str) -> re.Match[str] | None:
    """A leading Chinese speaker label that is a person's name ("林晓峰：…"), not a heading ("注意：…")."""
    label = _ZH_LABEL.match(text)
    return label if label is not None and is_chinese_name(label.group(1)) else None


_ZH_LABEL = re.compile(r"^\s*([\u4e00-\u9fff]{2,4})\s*[:：]\s*")


def _clauses(sentence: str) -> tuple[list[str], str]:
    """A sentence, and its clauses after "，" / "," / "and" (a second statement of the same sentence); and whom a
    clause without a subject of its own is about: the person the sentence opened with ("我表哥住在杭州，今年35岁",
    "Ana left Google and joined Meta"), the speaker when it opened with them or with no subject. A clause that
    opens with 其 / 他 / 她 ("刘子墨是我的下属，其年龄是34岁") is about that person too."""
    if not has_cjk(sentence):
        clauses = [p.strip() for p in re.split(r",\s+|;\s+|\s+(?:and|but|so|then)\s+", sentence)]
        return [sentence, *(clause for clause in clauses[1:] if len(clause.split()) >= 2)], en_lead(sentence)
    return _zh_clauses(sentence)


def _zh_clauses(sentence: str) -> tuple[list[str], str]:
    """``_clauses`` of a Chinese sentence. Its topic is its first clause that is no discourse marker ("顺便说一下，
    我舅舅就职于…，岗位是护士": 我舅舅): a person it introduces (by name when given), a name it opens with, or the
    speaker when it opens with 我 itself (not "我带的实习生", "我那个同事": someone else)."""
    clauses = [p.strip() for p in re.split(r"[，,]|(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff])", sentence)]
    # A speaker label ("林晓峰：") names no topic.
    clauses[0] = re.sub(r"^[\u4e00-\u9fff]{2,4}\s*[:：]\s*", "", clauses[0])
    at = next((n for n, c in enumerate(clauses) if not _zh_discourse(c)), len(clauses))
    lead = _zh_lead(clauses[at], more=len(clauses) > at + 1) if at < len(clauses) else ""
    # chat run on with spaces ("新买了个iPhone 16 旧的给我妈了"): its first clause is read alone too, first
    parts = [clauses[0], sentence] if _RUN_ON.search(sentence) and clauses[0] else [sentence]
    for n, clause in enumerate(clauses[1:], start=1):
        if n > at and lead and (pronoun := re.match(r"^(?:其|他|她)(?:的)?", clause)):
            clause = lead + ("的" if pronoun.group().endswith("的") else "") + clause[pronoun.end():]
        if clause:
            parts.append(clause)
    return parts, lead


_RUN_ON = re.compile(r"(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff])")
# What opens a message without saying anything of anyone: "顺便说一下", "我想起来了", "跟你说", "告诉你个消息".
_ZH_DISCOURSE = re.compile(r"(?:哦|噢|诶|哎|嗯|啊|对了|哦对了|还有|另外|话说|其实|顺便说一下|顺便说|顺便提一下|顺便|"
                           r"跟你说|我跟你说|告诉你|告诉你个消息|告诉你一声|说到这个|说起来|我想起来了|想起来了|"
                           r"你知道吗|我想说|是这样|是这样的|对|好|嗯嗯|然后)[啊呀吧嘛呢哈]?[!！。…]*")
def _zh_lead(topic: str, more: bool) -> str:
    """Whom a sentence's topic clause is about (``_zh_clauses``); ``more``: clauses follow it."""
    kin = _ZH_KIN_LEAD.match(topic)
    if kin:  # "我的下属叫刘子墨，是程序员": the person introduced, by name when it is given
        name = kin.group("name")
        return name if name and zh_subject(name, SELF) is not None else kin.group("said")
    opener = re.match(r"^([^，,。是在的]{1,10}?)(?:是|在|今年|现在|住|的|已经|刚|换|搬|跳槽|辞职|离职|入职|调到|"
                      r"决定|从)", topic)
    if opener and zh_subject(opener.group(1), SELF) is not None:
        return opener.group(1)
    named = chinese_names(topic) if topic and more else []
    if named and named[0][1] == 0:  # "孙磊搬家了，现在住在苏州": the person it opens with
        return named[0][0]
    return "我" if _ZH_SPEAKER_TOPIC.match(topic) or zh_bare(topic) else ""


def _zh_discourse(clause: str) -> bool:
    """A clause that says nothing of anyone: a listed marker, a short word to the listener ("跟你讲", "你猜怎么着"),
    or one of at most two characters."""
    return len(clause) <= 2 or bool(_ZH_DISCOURSE.fullmatch(clause)) or ("你" in clause and len(clause) <= 6)


# The speaker as the topic: 我 itself, not a person of theirs ("我带的实习生", "我那个同事", "我家").
_ZH_SPEAKER_TOPIC = re.compile(r"^(?:我们?|用户|本人)(?!的|带的|那个|这个|那位|这位|有个|有一个|有位|家|们家)")
_ZH_KIN_LEAD = re.compile(rf"^(?P<said>(?:我们?|用户|本人)(?:的|那个|这个|那位|这位|带的)?[\u4e00-\u9fff]{{0,2}}?"
                          rf"(?:{KIN_ZH_ALT}))(?:(?:叫做|名叫|叫|是)?(?P<name>[\u4e00-\u9fff]{{2,3}}?)"
                          r"(?=$|[，,。（(]|是|在|今年|现在|住|的|已经|刚|也|还))?")


def slot_keys(slots: Iterable[Slot]) -> list[str]:
    """The keys a memory is found by: each slot's, and for an event its kind's too ("event~offsite|place"), so
    that another phrasing of the event is found (``slots_plans.same_event`` then decides), and for a favourite the
    liking of its value ("favourite band is coldplay": ``like:coldplay``), found by "gone off coldplay"."""
    slots = list(slots)
    heads = {f"event~{head}|{slot.attribute}" for slot in slots if (head := event_head(slot.subject))}
    liked = {f"{slot.subject}|like:{slot.value}" for slot in slots if slot.attribute.startswith("favourite:")}
    usual = {key for slot in slots if (key := usual_key(slot))}  # a drink or sport switched to meets the habit
    doses = {key for slot in slots if (key := dose_key(slot))}  # "加到20毫克" meets the drug's dose
    kinds = {key for slot in slots if (key := drink_kind_key(slot))}  # "喝啤酒" meets "戒酒了"
    return sorted({slot.key for slot in slots} | heads | liked | usual | doses | kinds)


def linking_slot(new: Iterable[Slot], old: Iterable[Slot]) -> Slot | None:
    """The first slot both fill with different values (what makes them contradict; a favourite no longer liked
    too), else None; an event's may be said in other words ("the team offsite" / "the offsite",
    ``slots_plans.same_event``)."""
    old = list(old)
    olds = {slot.key: slot for slot in old}
    for slot in new:
        if slot.key in olds and slot.differs(olds[slot.key]):
            return slot
        if any(_gone_off(slot, other) or switched(slot, other) or redosed(slot, other)
               or alcohol_ended(slot, other) for other in old):
            return slot
        for other in old:
            if other.attribute == slot.attribute and other.subject != slot.subject and \
                    same_event(slot.subject, other.subject) and slot.differs(replace(other, subject=slot.subject)):
                return slot
    return None


def covers(new: Iterable[Slot], old: Iterable[Slot]) -> bool:
    """Whether the new statement's slots hold every slot of the old one (an event's in other words too: "the team
    offsite" / "the offsite"), so that retiring the old loses nothing it says. A job said with its employer ("在美团
    做产品经理", "a nurse at St Mary's") is a job there: another employer of that person holds it too, since the old
    statement as a whole no longer does ("不在美团干了", "works at Kaiser now"); an activity kept up on another day
    ("goes to the gym on Mondays" / "moved my gym sessions to Thursdays") holds its habit too, a promotion the
    employer, and one given up
    ("gave up football") its weekly day; a home shared with the partner ("my husband and I live in Austin") is held
    by the partner no longer living there ("I live alone now", ``slots_household``): the statement as a whole no
    longer holds."""
    new = list(new)
    old = list(old)
    held = _held_as_a_whole(new, old)
    return all(any(n.key == o.key or (n.attribute == o.attribute and same_event(n.subject, o.subject)) for n in new)
               or (o.attribute, o.subject, o.value) in held
               or any(_gone_off(n, o) or _counted(n, o) or switched(n, o) or redosed(n, o) or alcohol_ended(n, o)
                      for n in new) for o in old)


def _held_as_a_whole(new: list[Slot], old: list[Slot]) -> set[tuple[str, str, str]]:
    """The old slots (attribute, subject, value) the new statement holds by ending the old statement as a whole
    (``covers``' job, habit, weekly day and shared home)."""
    checks = (_job_elsewhere(new, old), _kept_up(new), _given_up(new), _shared(new, old), _promoted(new),
              replaced_whole(new, old), treatment_held(new, old), membership_held(new), trainee_held(new))
    return {(o.attribute, o.subject, o.value) for o in old if any(ended(o) for ended in checks)}


def _job_elsewhere(new: list[Slot], old: list[Slot]) -> Callable[[Slot], bool]:
    employed = {n.subject for n in new if n.attribute == "employer"} & \
        {o.subject for o in old if o.attribute == "employer"}
    return lambda o: o.attribute == "job" and o.subject in employed


def _promoted(new: list[Slot]) -> Callable[[Slot], bool]:
    """A promotion keeps the employer ("is a senior engineer at Adyen" / "got promoted to staff engineer")."""
    promoted = {n.subject for n in new if n.attribute == "promoted"} & {n.subject for n in new if n.attribute == "job"}
    return lambda o: o.attribute in ("employer", "promoted") and o.subject in promoted


def _kept_up(new: list[Slot]) -> Callable[[Slot], bool]:
    kept_up = {n.subject.removeprefix("event:") for n in new if n.attribute == "weekday"}  # "gym moved to fridays"
    return lambda o: o.attribute.startswith("habit:") and o.value == "yes" and o.attribute[6:] in kept_up


def _given_up(new: list[Slot]) -> Callable[[Slot], bool]:
    given_up = {f"event:{n.attribute[6:]}" for n in new if n.attribute.startswith("habit:") and n.value == "no"}
    return lambda o: o.attribute == "weekday" and o.subject in given_up


def _shared(new: list[Slot], old: list[Slot]) -> Callable[[Slot], bool]:
    shared = {o.subject for o in old if o.attribute == "lives-with:partner" and o.value == "yes"} & \
        {n.subject for n in new if n.attribute == "lives-with:partner" and n.value == "no"}
    # the home's one place, read as the speaker's or as the named partner's ("the user and the user's fiancee Leah
    # share a flat in Norwich": ``leah|city``)
    one_place = len({o.value for o in old if o.attribute == "city"}) == 1
    return lambda o: o.attribute == "city" and (o.subject in shared or (bool(shared) and one_place))


def _counted(new: Slot, old: Slot) -> bool:
    """How many a day and whether at all, of one thing: "down to one coffee a day" still drinks coffee, and "cut
    coffee out" ends "two coffees a day" (``slots_turns``'s ``per-day:<thing>``)."""
    if new.subject != old.subject:
        return False
    if old.attribute.startswith("per-"):
        return new.attribute == _habit_of(old.attribute) and new.value == "no"
    return new.attribute.startswith("per-") and old.attribute == _habit_of(new.attribute) \
        and old.value == "yes" and new.value != "0"


def _habit_of(per: str) -> str:
    """The habit a count of ``per-<when>:<thing>`` is of: "half a pack a day" is smoking."""
    thing = per.split(":", 1)[1]
    return "smoking" if thing in ("pack", "cigarette", "cig", "ciggie") else f"habit:{thing}"


def _gone_off(new: Slot, old: Slot) -> bool:
    """A thing no longer liked that was a favourite ("favourite band is Coldplay" / "gone off Coldplay")."""
    return new.attribute.startswith("like:") and new.value == "no" and old.attribute.startswith("favourite:") \
        and new.subject == old.subject and old.value.casefold() == new.attribute[5:]


def other_subjects(new: Iterable[Slot], old: Iterable[Slot], other_speakers: bool = False) -> bool:
    """Both fill slots, and of people (or events) none of whom the other is about: two different facts. "My
    cousin" may be the cousin another memory names ("my cousin Zhang Wei"): not another person for sure. Said by
    two different speakers (``other_speakers``), "my cousin" is two people: a role shared counts for nothing
    ("周浩：我下属的邮箱…" / "孙丽华：我下属的邮箱…")."""
    a, b = _identities(new), _identities(old)
    shared = {name for name in a & b if not (other_speakers and name.startswith("~"))}
    return bool(a) and bool(b) and not shared and not any(same_event(x, y) for x in a for y in b)


def _identities(slots: Iterable[Slot]) -> set[str]:
    return {name for slot in slots for name in (slot.subject, f"~{slot.kin}" if slot.kin else "")} - {""}
