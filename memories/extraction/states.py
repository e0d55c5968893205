"""The state a change of the speaker's leaves (``offline.py``): a move or a new job said as an event, restated.

"Since I moved to Denver in May for a new job …" also gives "The user lives in Denver."; "got a tiny studio in st
johns" gives "The user lives in st johns."; "accepted a post as head of history at Roundhay School" gives "The user
works at Roundhay School as head of history." (so does "accepted an offer to be …"); "I started as a
clinical educator at Denver Health two weeks ago" gives "The user works at Denver Health as a clinical educator.";
"我上个月从杭州搬到上海了" gives "用户现在住在上海"; "跳槽去了米哈游做系统策划" gives
"用户现在在米哈游工作（系统策划）"; "I left Comcast, I'm at Verizon now" gives "The user works at Verizon.".
A later question asks for the state ("Which city do I live in now?", "我现在在哪上班？"), not the event, and a
newer state retires the older one in the write flow's slots. Only the speaker's own changes: "my sister moved to
Leeds" restates nothing, nor "剧里女主搬去了巴黎" (``someone_zh``), nor does a change still to come
("我下个月要搬到深圳")."""

from __future__ import annotations

import re
from dataclasses import replace

from memories.extraction.candidates import Candidate
from memories.extraction.someone_zh import someone_else
from memories.write.places import place_en
from memories.write.slots_zh import ZH_NOT_DONE, place_name
from memories.write.text import has_cjk

_PLACE = r"([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,3})"
_ORG = r"([A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|&|of|de))*)"
#: "the user moved to Denver", "the user and others just relocated to San Diego" (after the third person).
_MOVED = re.compile(rf"(?i:\b(?:the\s+user|{{who}})(?:\s+and\s+others)?\s+(?:has\s+|have\s+)?"
                    rf"(?:just\s+|recently\s+|finally\s+|officially\s+)?(?:moved|relocated)\s+(?:back\s+|over\s+)?"
                    rf"(?:here\s+)?to\s+(?:the\s+)?){_PLACE}")
#: "the user started as a clinical educator at Denver Health", "the user joined Stripe", "got a job at Target".
_ROLE = r"(?:as\s+(?:an?\s+)?(?P<{}>[a-z][a-z -]{{2,40}}?)\s+)?"
_JOINED = re.compile(rf"(?i:\b(?:the\s+user|{{who}})\s+(?:has\s+|have\s+)?"
                     rf"(?:just\s+|recently\s+|finally\s+|officially\s+)?"
                     rf"(?:started\s+(?:a\s+new\s+job\s+|working\s+|work\s+)?{_ROLE.format('role')}at|joined"
                     rf"|got\s+(?:a\s+|the\s+)?(?:new\s+)?job\s+{_ROLE.format('role2')}at"
                     rf"|was\s+hired\s+(?:by|at)|accepted\s+(?:a|an|the)\s+(?:new\s+)?(?:job|offer|position|post|role)"
                     rf"\s+(?:(?:as|to\s+be)\s+(?:an?\s+|the\s+)?(?:new\s+)?(?P<role3>[a-z][a-z -]{{2,40}}?)\s+)?"
                     rf"(?:at|from|with))"
                     rf"\s+(?:the\s+)?){_ORG}")
#: "the user got a tiny studio in st johns", "the user and others bought a house in Harrogate", "got the keys to our
#: house in Leeds": a home of one's own
#: in a place (any case: the place is checked against the gazetteer).
_HOME = re.compile(r"(?i:\b(?:the\s+user|{who})(?:\s+and\s+others)?\s+(?:has\s+|have\s+)?(?:just\s+|finally\s+"
                   r"|recently\s+|now\s+)?(?:moved\s+in(?:to)?|got|bought|rented|found|signed\s+(?:a\s+lease\s+)?(?:on|for))"
                   r"\s+(?:the\s+keys?\s+(?:to|for)\s+)?(?:a|an|the|our|the\s+user's)\s+(?:[\w-]+\s+){0,2}?(?:flat|apartment|studio|house|place|condo"
                   r"|home|bungalow|cottage|loft|townhouse)\s+in\s+(?:the\s+)?)([\w.'-]+(?:\s+[\w.'-]+){0,2})")
_ZH_MOVED = re.compile(r"(?:用户|{who})(?P<gap>(?:(?!的)[^，。；]){0,12}?)(?:搬到|搬去|搬回|搬家到|定居在?|调到"
                       r"|搬至|迁至|迁居到?|移居到?)(?:了)?"
                       r"([\u4e00-\u9fff]{2,6}?)(?:了|啦|来|去|工作|上班|住|，|。|；|$)")
_ZH_JOINED = re.compile(r"(?:用户|{who})(?:(?!的)[^，。；]){0,16}?(?:跳槽(?:去了|到了?|去)|入职了?|加入了?"
                        r"|去了(?=[^，。；]{2,8}(?:做|当|担任)))([\u4e00-\u9fffA-Za-z]{2,8}?)"
                        r"(?:[，,]?(?:做|当|担任)([\u4e00-\u9fff]{2,6})|工作|上班|了?(?:[，。；！!]|$))")
#: A workplace that moved, not the speaker ("用户公司搬到酒仙桥了", "用户的店搬去了万达").
_ZH_ORG_MOVED = re.compile(r"公司|单位|店|学校|工厂|厂子|办公室|部门|团队|工作室|总部|诊所|实验室|机构|项目组|食堂")
#: Not a company: what "去了/加入了" also takes ("去了医院", "加入了健身房").
_ZH_NOT_ORG = re.compile(r"医院|学校|健身房|超市|公园|北京|上海|广州|深圳|杭州|成都")
#: A job said already as one ("a new job at Spotify", "working at …"): the write flow reads its employer as it is.
_SAID_JOB = re.compile(r"(?i)\b(?:job|work|works|working|position|role)\s+(?:at|for|with)\b")
_NOT_ORG = frozenset(("Home", "Work", "The", "A", "My", "Our"))


def _fill(pattern: re.Pattern[str], who: str) -> re.Pattern[str]:
    return re.compile(pattern.pattern.replace("{who}", re.escape(who)), pattern.flags)


def states(content: str, who: str, zh: bool) -> list[str]:
    """The states a statement of the speaker's change leaves, as statements ('' when it tells none)."""
    if zh:
        return _zh_states(content, who)
    subject = "The user" if who.casefold() == "the user" else who
    return _homes_en(content, who, subject) + _jobs_en(content, who, subject)


def _zh_states(content: str, who: str) -> list[str]:
    found = []
    for m in _fill(_ZH_MOVED, who).finditer(content):
        # a city, not "销售部", "新家" or "老家"; a move done, not one to come ("要搬到")
        place = next((m.group(2)[:n] for n in range(len(m.group(2)), 1, -1) if place_name(m.group(2)[:n])), "")
        if place and not ZH_NOT_DONE.search(content, m.start(), m.start(2)) \
                and not _ZH_ORG_MOVED.search(content, m.start(), m.start(2)) and not someone_else(m.group("gap")):
            found.append(f"{who}现在住在{place}")  # "搬至苏州园区": the city it opens with
    for m in _fill(_ZH_JOINED, who).finditer(content):
        if not _ZH_NOT_ORG.search(m.group(1)) and not ZH_NOT_DONE.search(content, m.start(), m.start(1)):
            role = f"（{m.group(2)}）" if m.group(2) else ""
            found.append(f"{who}现在在{m.group(1)}工作{role}")
    return found


def _homes_en(content: str, who: str, subject: str) -> list[str]:
    """A move to a city, a home got in a place: where the speaker lives."""
    found = []
    for m in _fill(_MOVED, who).finditer(content):
        if place_en(m.group(1)):  # a city, not "Neovim" or "GitHub Actions"
            found.append(f"{subject} lives in {m.group(1).rstrip('.')}.")
    for m in _fill(_HOME, who).finditer(content):
        place = _home_place(m.group(1))
        if place and not any(place in f for f in found):
            found.append(f"{subject} lives in {place}.")
    return found


def _jobs_en(content: str, who: str, subject: str) -> list[str]:
    """A job started, joined or accepted: where the speaker works, as what."""
    found = []
    for m in _fill(_JOINED, who).finditer(content) if not _SAID_JOB.search(content) else ():
        org = m.group(m.lastindex or 0).rstrip(".")
        if org.split()[0] in _NOT_ORG:
            continue
        role = (m.group("role") or m.group("role2") or m.group("role3") or "").strip()
        article = "" if re.match(r"(?i)(?:head|chief|director|deputy|lead)\b", role) else "a "
        found.append(f"{subject} works at {org}{f' as {article}{role}' if role else ''}.")
    return found


def _home_place(said: str) -> str:
    """The longest start of ``said`` (up to three words) that is a place one lives in, or ''."""
    said = re.split(r"[,;!?(]|\s(?=(?:in|on|at|since|last|this|next|for|and|with|near|from)\b)", said, maxsplit=1)[0]
    words = said.split()
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n]).rstrip(".,!?;:")
        if place_en(name):
            return name
    return ""


#: A job the speaker left in the turn ("I left Comcast, I'm at Verizon now"): where they are now is where they work.
_LEFT_JOB = re.compile(r"(?i)\b(?:(?:left|quit|resigned\s+from|got\s+laid\s+off\s+(?:from|by)|was\s+let\s+go\s+from|"
                       r"moved\s+on\s+from)\s+(?:the\s+)?|handed\s+in\s+(?:my|the\s+user's)\s+notice\s+at\s+)"
                       r"(?-i:[A-Z])")
_AT_NOW = re.compile(rf"(?i:^(?:the\s+user|{{who}})\s+(?:is|'s)\s+(?:now\s+)?(?:at|with)\s+){_ORG}"
                     r"(?:\s+now)?[.!]*$")


def _at_work(content: str, who: str, turn: list[Candidate]) -> list[str]:
    """"The user is at Verizon now." in a turn that left a job: "The user works at Verizon." """
    said = _fill(_AT_NOW, who).match(content)
    if said is None or has_cjk(content) or not any(_LEFT_JOB.search(c.content) for c in turn) \
            or said.group(1).split()[0] in _NOT_ORG or place_en(said.group(1)):
        return []
    subject = "The user" if who.casefold() == "the user" else who
    return [f"{subject} works at {said.group(1).rstrip('.')}."]


def with_states(made: list[Candidate], who: str) -> list[Candidate]:
    """The turn's memories, each followed by the states it tells of (not already said in the turn)."""
    out: list[Candidate] = []
    said = {c.content for c in made}
    for c in made:
        out.append(c)
        if c.observation or c.about == "assistant":
            continue
        for text in states(c.content, who, has_cjk(c.content)) + _at_work(c.content, who, made):
            if text not in said:
                said.add(text)
                out.append(replace(c, content=text, type="fact", kind="fact", entity="",
                                   source_turns=list(c.source_turns)))
    return out
