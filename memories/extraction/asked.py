"""What a question or a request says about the speaker, and what a statement after it points back to (``offline.py``).

A question is not kept, but what it tells about the speaker is:

- a thing of theirs with its place ("can you find a vegan place near my office in Shoreditch?" → "my office is in
  Shoreditch"; "any good gyms near our new flat in Leith?"), and a reason said in the first person ("what should I
  pack, since I'm going to Iceland in March?" → "I'm going to Iceland in March");
- a statement after it in the same message points back to it: its leading he/she/they is the one noun phrase of
  the question ("What's a good gift for my dad? He's turning 60" → "my dad is turning 60"), its leading "mine" the
  one thing asked for ("can u recommend a good dentist? mine retired" → "my dentist retired"), and "here" or
  "过来" is the one place the question names ("Any good ramen in Austin? I just moved here" → "… moved to
  Austin"; "你知道杭州哪里有好吃的川菜吗？我刚搬过来" → "我刚搬到杭州").

The turn before (another speaker's question) is read the same way: "They eat mostly insects" after "What do your
turtles eat?" (``information.resolve_lead``).
"""

from __future__ import annotations

import re
from typing import Protocol

import jieba.posseg as pseg

from memories.extraction.candidates import Turn
from memories.extraction.information import resolve_lead


class _Said(Protocol):
    """What of a turn being read (``offline._Said``) these rules need."""

    turn: Turn
    speakers: list[str]
    previous: Turn | None
    earlier: Turn | None
    asked: list[str]

#: "my office in Shoreditch", "our new flat near Leith Walk": the speaker's thing and where it is.
_MINE_AT = re.compile(r"(?i:\b(my|our)\s+((?:new\s+|old\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:is\s+|are\s+)?(in|on|at|near|by)"
                      r"\s+)((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)")
#: "since I'm going to Iceland in March", "as we've just moved to Leeds", "now that I'm vegan": a reason of one's own
#: (not a time: "since we last talked").
_REASON = re.compile(r"(?i)(?:^|[,;]\s*|\s)(?:since|as|because|cause|now\s+that|given\s+that)\s+"
                     r"((?:i'm|i\s+am|i've|i\s+have|i'll|we're|we've|we\s+have|my|our)\b[^?,;]{6,}?)\s*(?:[,;?.!]|$)")
#: A clause of the speaker's that points at a place by "here" / "过来" / "这边".
_HERE = re.compile(r"(?i)\b(moved|relocated|got|came|arrived|live|living|work|working|new)\s+here\b")
_ZH_HERE = re.compile(r"(?:搬|来|到|调)(?:过来|这边|这里|这儿)|(?:搬|来|调)到这(?:边|里|儿)")
#: "Can you recommend a good dentist? Mine retired": the one thing the question asks for, and "mine" of it.
_ASKED_FOR = re.compile(r"(?i)\b(?:a|an|any|some|another)\s+(?:(?:good|new|decent|reliable|cheap|nice|local)\s+)*"
                        r"(?!(?:tips?|ideas?|advice|suggestions?|recommendations?|help|thoughts?|way|place)\b)([a-z]{3,})\b")
_MINE = re.compile(r"(?i)^(?:mine|ours)\b")
#: A Chinese clause that goes without saying where ("我们打算春节去"): where the question said.
_ZH_GO = re.compile(r"去[了吧呢啊]?$")
#: A place a question names: "in Austin", "near Shoreditch".
_PLACE = re.compile(r"\b(?:in|near|around|at)\s+((?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*)*)")


def told(question: str, zh: bool) -> list[str]:
    """The first-person statements inside a question or a request (see the module), in the speaker's words."""
    if zh:
        return []
    found = [f"{m.group(1)} {m.group(2)} is {m.group(3)} {m.group(4)}" for m in _MINE_AT.finditer(question)]
    found += [m.group(1) for m in _REASON.finditer(question)]
    return found


def _place(asked: list[str], zh: bool) -> str:
    """The one place the questions name, else ''."""
    if zh:
        places = {w.word for text in asked for w in pseg.lcut(text) if w.flag == "ns" and len(w.word) >= 2}
    else:
        places = {m.group(1) for text in asked for m in _PLACE.finditer(text)}
    return places.pop() if len(places) == 1 else ""


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
    mine = _MINE.match(clause)
    if mine and not zh:
        things = {t[:-1] if t.endswith("s") and not t.endswith("ss") else t for t in _ASKED_FOR.findall(said.asked[-1])}
        owner = "my" if mine.group(0).casefold() == "mine" else "our"
        return f"{owner} {things.pop()}{clause[mine.end():]}" if len(things) == 1 else None
    return resolve_lead(clause, said.asked[-1], speaker, "")


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
    if before.name:
        speaker, other = before.name, listener(before, said.speakers) or ""
    elif before.role == "user":
        speaker, other = said.turn.name or ("用户" if zh else "the user"), ""
    else:
        speaker, other = "", said.turn.name or ("用户" if zh else "the user")
    found = resolve_lead(clause, before.content, speaker, other)
    own = said.earlier
    if found is None and before.role == "assistant" and not before.name and own is not None \
            and own.role == said.turn.role and own.name == said.turn.name:
        # "What should I get my dad?" — "What does he enjoy?" — "He's into fly fishing": the speaker's dad
        found = resolve_lead(clause, own.content, said.turn.name or ("用户" if zh else "the user"), "")
    return found
