"""What a question or a request says about the speaker, and what a statement after it points back to (``offline.py``).

A question is not kept, but what it tells about the speaker is:

- a thing of theirs with its place ("can you find a vegan place near my office in Shoreditch?" → "my office is in
  Shoreditch"; "any good gyms near our new flat in Leith?"), and a reason said in the first person ("what should I
  pack, since I'm going to Iceland in March?" → "I'm going to Iceland in March");
- a statement after it in the same message points back to it: its leading he/she/they is the one noun phrase of
  the question ("What's a good gift for my dad? He's turning 60" → "my dad is turning 60"), its leading "mine" the
  one thing asked for ("can u recommend a good dentist? mine retired" → "my dentist retired"), and "here" or
  "过来" is the one place the question names ("Any good ramen in Austin? I just moved here" → "… moved to
  Austin"; "你知道杭州哪里有好吃的川菜吗？我刚搬过来" → "我刚搬到杭州"), and so is "there" ("… the volunteer
  coordinator at the Oregon Food Bank? I spent three hours there" → "… three hours at Oregon Food Bank").

The turn before (another speaker's question) is read the same way: "They eat mostly insects" after "What do your
turtles eat?" (``information.resolve_lead``).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import jieba.posseg as pseg

from memories.extraction.bare import with_subject
from memories.extraction.candidates import Turn
from memories.extraction.information import resolve_lead


class _Said(Protocol):
    """What of a turn being read (``offline._Said``) these rules need."""

    turn: Turn
    speakers: list[str]
    previous: Turn | None
    earlier: Turn | None
    asked: list[str]
    items: list[Any]
    reasons: list[str]
    topic: Any

#: "my office in Shoreditch", "our new flat near Leith Walk": the speaker's thing and where it is.
_MINE_AT = re.compile(r"(?i:\b(my|our)\s+((?:new\s+|old\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:is\s+|are\s+)?(in|on|at|near|by)"
                      r"\s+)((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)")
#: "since I'm going to Iceland in March", "as we've just moved to Leeds", "now that I'm vegan": a reason of one's own
#: (not a time: "since we last talked").
_REASON = re.compile(r"(?i)(?:^|[,;]\s*|\s)(?:since|as|because|cause|now\s+that|given\s+that|while)\s+"
                     r"((?:i'm|i\s+am|i've|i\s+have|i'll|we're|we've|we\s+have|my|our)\b[^?,;]{6,}?)\s*(?:[,;?.!]|$)")
#: "…, any idea for a cake?", "… – what should I read next?": a statement said before the question it leads to
#: ("She's obsessed with unicorns right now, any idea for a cake?"), kept when it has a subject of its own.
_LEAD_STATEMENT = re.compile(r"(?i)^((?:i|i'm|i've|i'd|we|we're|we've|my|our|she|she's|he|he's|they|they're)\s"
                            r"[^?]{8,}?)\s*(?:,|;|\s[-–—])\s*(?:so\s+|and\s+|but\s+)?(?:any|what|how|can|could|should"
                            r"|would|do|does|is|are|which|where|who|when|got|anything|ideas?|thoughts|tips|suggestions)"
                            r"\b[^?]*\?\s*$")
#: "work in that I finished my MSN", "mention that I'm bilingual", "add that we have two kids": a fact of the
#: speaker's that the request asks to be put in (a letter, a bio, a toast).
_PUT_IN = re.compile(r"(?i)\b(?:mention|add|include|work\s+in|say|note|put\s+in|highlight|point\s+out|state)"
                     r"\s+(?:that\s+|how\s+)?((?:i|i'm|i've|i'd|i\s+am|i\s+have|we|we're|we've|my|our)\b[^?;]{6,}?)"
                     r"\s*(?:[?;!.]|$)")
#: A first-person statement's opening (what a clause split off a question may still be).
_STATED = re.compile(r"(?i)^(?:i'm|i\s+am|i've|i\s+have|i\s+had|i\s+was|we're|we've|we\s+have|we\s+were"
                     r"|my\s+\w+(?:'s|\s+is|\s+has|\s+was))\b(?![^?]*\b(?:or|should|would|could)\b)")
#: "As a nurse working night shifts, what …?", "as a new dad, how do I …": who the speaker is, said to frame it.
_AS_ROLE = re.compile(r"(?i)^(?:so\s+|well\s+|ok\s+)?as\s+((?:a|an)\s+[a-z][\w' -]{2,50}?)\s*,")
#: "for my daughter's 7th birthday party next Saturday", "my parents' 40th anniversary in June": a person's
#: occasion with its number or its time, said on the way to a request.
_OCCASION = re.compile(r"(?i)\b((?:my|our)\s+(?:\w+\s+)?\w+(?:'s|s'|’s))\s+((?:\d{1,3}(?:st|nd|rd|th)|first|second"
                       r"|third|fifth|tenth|twentieth|twenty-fifth|thirtieth|fortieth|fiftieth|sixtieth)\s+)?"
                       r"((?:surprise\s+)?(?:birthday|anniversary|graduation|retirement|wedding|baby\s+shower"
                       r"|bar\s+mitzvah|bat\s+mitzvah|quinceañera|housewarming)(?:\s+(?:party|dinner|celebration|trip|ceremony))?)"
                       r"((?:\s+(?:next|this|on|in|at|tomorrow|tonight)\b[^?,;.]{0,30})?)")
#: The same in Chinese: "给我女儿的七岁生日派对", "我爸的六十大寿".
_ZH_OCCASION = re.compile(r"((?:我|我们)(?:家)?的?(?:女儿|儿子|孩子|爸爸|爸|妈妈|妈|老公|老婆|妻子|丈夫|父母|爸妈|爷爷"
                          r"|奶奶|外公|外婆|姐姐|妹妹|哥哥|弟弟|男朋友|女朋友)的?)"
                          r"((?:[一二三四五六七八九十百\d]+岁|[六七八九]十大寿)"
                          r"(?:生日)?(?:派对|聚会|宴)?)")
#: A clause of the speaker's that points at a place by "here" / "过来" / "这边".
_HERE = re.compile(r"(?i)\b(moved|relocated|got|came|arrived|live|living|work|working|new)\s+here\b")
_ZH_HERE = re.compile(r"(?:搬|来|到|调)(?:过来|这边|这里|这儿)|(?:搬|来|调)到这(?:边|里|儿)")
#: "Can you recommend a good dentist? Mine retired": the one thing the question asks for, and "mine" of it.
_ASKED_FOR = re.compile(r"(?i)\b(?:a|an|any|some|another)\s+(?:(?:good|new|decent|reliable|cheap|nice|local)\s+)*"
                        r"(?!(?:tips?|ideas?|advice|suggestions?|recommendations?|help|thoughts?|way|place)\b)([a-z]{3,})\b")
_MINE = re.compile(r"(?i)^(?:mine|ours)\b")
#: A Chinese clause that goes without saying where ("我们打算春节去"): where the question said.
_ZH_GO = re.compile(r"去[了吧呢啊]?$")
_ZH_LEAD = re.compile(r"^(?:他们|她们|它们|他|她|它)")
#: A clause led by a person's pronoun (not they/它).
_PERSON = re.compile(r"(?i)^(?:she|he)(?:'s)?\b|^[他她](?!们)")
#: A place a question names: "in Austin", "near Shoreditch", "been to Rome", "visited Kyoto".
_PLACE = re.compile(r"\b(?:in|near|around|at|visit(?:ed|ing)?|(?:been|go|going|went|gone|travel(?:l?ed|l?ing)?"
                    r"|mov(?:e|ed|ing)|trips?|fly|flying|flew|head(?:ed|ing)?)\s+to)\s+(?:the\s+)?"
                    r"((?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*)*)")
#: Going somewhere, before "there": "moving there", "a trip there" (to the place, not at it).
_MOTION = re.compile(r"(?i)\b(?:mov(?:e|es|ed|ing)|go(?:es|ing)?|went|gone|trips?|travel\w*|fl(?:y|ying|ew)|head\w*"
                     r"|c(?:o|a)me|coming|back|return\w*)\s+$")
#: "there" for a place, not "there is …": "We spent four days there", "I volunteered there on Saturday".
_THERE = re.compile(r"(?i)(?<=\s)there\b(?!\s+(?:is|are|was|were|will|would|has|have|had|'s)\b)")


def told(question: str, zh: bool) -> list[str]:
    """The first-person statements inside a question or a request (see the module), in the speaker's words."""
    if zh:
        return [f"{m.group(1).rstrip('的')}要过{re.sub(r'(?:生日)?(?:派对|聚会|宴)?$', '', m.group(2))}"
                f"{'生日' if '岁' in m.group(2) else ''}" for m in _ZH_OCCASION.finditer(question)]
    found = [f"{m.group(1)} {m.group(2)} is {m.group(3)} {m.group(4)}" for m in _MINE_AT.finditer(question)]
    found += [m.group(1) for m in _REASON.finditer(question)]
    found += [m.group(1) for m in _PUT_IN.finditer(question)]
    found += [f"I am {m.group(1)}" for m in _AS_ROLE.finditer(question)]
    found += [_occasion(m) for m in _OCCASION.finditer(question) if m.group(2) or m.group(4).strip()]
    lead = _LEAD_STATEMENT.match(question.strip())
    if lead and not found:
        found.append(lead.group(1))
    return found


def stated(clause: str, before: str, zh: bool) -> str:
    """A clause split off a question (``before``: why the clause before it was dropped) without the question's mark
    when it is the speaker's statement all the same ("How do I keep my starter alive while I'm away for two weeks?":
    "I'm away for two weeks"); else as it is."""
    if zh or before != "question" or not _STATED.match(clause.strip()):
        return clause
    return clause.rstrip().rstrip("?").rstrip()


def _occasion(m: re.Match[str]) -> str:
    """"my daughter's 7th birthday party is next Saturday"; without a time: "it is my dad's 60th birthday"."""
    when = m.group(4).strip()
    what = f"{m.group(1)} {m.group(2) or ''}{m.group(3)}"
    return f"{what} is {when}" if when else f"it is {what}"


def _place(asked: list[str], zh: bool) -> str:
    """The one place the questions name, else ''."""
    if zh:
        places = {w.word for text in asked for w in pseg.lcut(text) if w.flag == "ns" and len(w.word) >= 2}
    else:
        places = {m.group(1) for text in asked for m in _PLACE.finditer(text)}
    return places.pop() if len(places) == 1 else ""


def _there(clause: str, asked: list[str]) -> str | None:
    """An English clause with its "there" the one place the questions name ("Been to Rome? Planning a trip there":
    "Planning a trip to Rome", said with its subject), else None."""
    there = _THERE.search(clause)
    place = _place(asked, False) if there else ""
    if there is None or not place:
        return None
    to = "to" if _MOTION.search(clause[:there.start()]) else "at"
    return with_subject(f"{clause[:there.start()]}{to} {place}{clause[there.end():]}")[0]


def pointed(said: _Said, clause: str, zh: bool, speaker: str) -> str | None:
    """The clause with what it points back to in the turn's own questions put in ("my dad is turning 60",
    "I just moved to Austin"); None when it points at nothing there, or not clearly."""
    if not said.asked:
        return None
    if zh and _ZH_GO.search(clause) and _place(said.asked, zh):  # "帮我查下去三亚的机票吗" — "我们打算春节去"
        return f"{_ZH_GO.sub('', clause)}去{_place(said.asked, zh)}"
    here = (_ZH_HERE if zh else _HERE).search(clause)
    if here:
        place = _place(said.asked, zh)
        if not place:
            return None
        if zh:
            verb = here.group(0)[0]
            return f"{clause[:here.start()]}{verb}到{place}{clause[here.end():]}"
        verb = here.group(1)
        to = " to " if verb.casefold() in ("moved", "relocated", "got", "came") else " in "
        return f"{clause[:here.start()]}{verb}{to}{place}{clause[here.end():]}"
    there = None if zh else _there(clause, said.asked)
    if there is not None:  # "Any tips for Zion? We spent four days there"
        return there
    mine = _MINE.match(clause)
    if mine and not zh:
        things = {t[:-1] if t.endswith("s") and not t.endswith("ss") else t for t in _ASKED_FOR.findall(said.asked[-1])}
        owner = "my" if mine.group(0).casefold() == "mine" else "our"
        return f"{owner} {things.pop()}{clause[mine.end():]}" if len(things) == 1 else None
    return resolve_lead(clause, said.asked[-1], speaker, "")


#: What a turn may open with before a statement whose pronoun points at the turn before ("Thanks! She's 7").
_COURTEOUS = frozenset(("reaction", "acknowledgement", "thanks", "greeting", "question", "request"))


def referred(said: _Said, clause: str, zh: bool, speaker: str) -> str | None:
    """The clause with what its pronoun or "here" points at put in: the turn's own questions first (``pointed``),
    else, for the turn's first statement (a courtesy or a question may come before it: "This is great. She's into
    unicorns"), the turn before (``antecedent``); None when it points at nothing clear."""
    resolved = pointed(said, clause, zh, speaker) if said.asked else None
    if resolved is None and not said.items and not set(said.reasons) - _COURTEOUS:
        resolved = antecedent(said, clause, zh)
    lead = _ZH_LEAD.match(clause) if zh and resolved else None
    if lead and resolved:  # "他下周满四十岁，平时喜欢钓鱼": the clauses after go on with whom 他 was
        said.topic.subject = resolved[:len(resolved) - len(clause) + lead.end()]
    return resolved


def listener(turn: Turn, speakers: list[str]) -> str | None:
    """The other speaker of a named two-person conversation, else None."""
    others = {s for s in speakers if s != turn.name}
    return others.pop() if turn.name and len(others) == 1 else None


def antecedent(said: _Said, clause: str, zh: bool) -> str | None:
    """The turn's first clause with its leading they/she/he (他们/她/它) replaced by the one noun phrase of the
    turn before that fits it ("They eat mostly insects" after "What do your turtles eat?"); None when unclear."""
    before = said.previous
    if before is None:
        return None
    me = said.turn.name or ("用户" if zh else "the user")
    if before.name:
        speaker, other = before.name, listener(before, said.speakers) or ""
    else:
        speaker, other = (me, "") if before.role == "user" else ("", me)
    own = _own_before(said)
    if own is not None and _PERSON.match(clause) and not before.content.rstrip().endswith(("?", "？")):
        # after the assistant's answer, "he"/"她" is the person of the speaker's own turn before ("We adopted a
        # beagle named Waffles" — a long answer naming a Kong — "He's about five"), never a name of the answer
        return resolve_lead(clause, own.content, me, "")
    found = resolve_lead(clause, before.content, speaker, other)
    if found is None and own is not None:
        # "What should I get my dad?" — "What does he enjoy?" — "He's into fly fishing": the speaker's dad
        found = resolve_lead(clause, own.content, me, "")
    return found


def _own_before(said: _Said) -> Turn | None:
    """The speaker's own turn before the (unnamed) assistant's turn just before this one, else None."""
    before, own = said.previous, said.earlier
    if before is None or own is None or before.role != "assistant" or before.name:
        return None
    return own if own.role == said.turn.role and own.name == said.turn.name else None
