"""An assistant's turn in a conversation the offline extractor reads (``memories.extraction.offline``). Two things
in it become memories, about the assistant, when they hold words the user has not said already:

- an action it reports it took for the user ("I've booked …", "已为您预订 …"): "The assistant has booked a table for
  two at Nopa on Friday at 7pm.";
- failing that, its answer to the user's question or request, when the answer names things (names, titles, numbers)
  the user did not: one memory with the question and the parts of the answer that name them ('When the user asked
  "Any vegetarian places in Kyoto?", the assistant suggested: Shigetsu at Tenryu-ji; Ain Soph Journey, a vegan
  cafe', '用户问“有什么适合五岁孩子的绘本？”，助手推荐：可以试试《恐龙大陆》和《恐龙快递》'), so that "which
  restaurant did you recommend?" finds it later.

Echoes, small talk, tips that name nothing and everything else are skipped."""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction import timeparse
from memories.extraction.candidates import Candidate, Turn
from memories.extraction.clauses import _ACTION, _strip_open, junk_reason, split_sentences
from memories.extraction.information import words
from memories.extraction.pasted import unfenced, unpasted
from memories.write.tagging import tagger
from memories.write.text import has_cjk

#: Markdown an answer is written in: a heading's line, emphasis and code marks.
_MARKDOWN = re.compile(r"^\s*#{1,6}\s.*$|\*\*|__|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)|`", re.M)
#: A list item's marker at the start of a line or after a space ("1.", "2)", "-", "•").
_ITEM = re.compile(r"(?:^|(?<=\s))(?:\d{1,2}[.)]|[-•*·])\s+", re.M)
#: A name or title in an English answer: a capitalised word after the sentence's first, a number, a quotation.
#: A request for a set of things, whose numbered list is the answer ("plan a dinner", "有啥游戏推荐", "晚餐菜谱").
_SET = re.compile(r"(?i)\b(?:plan|menu|ideas?|list|recipes?|options?|suggestions?|recommend\w*|recs|itinerary"
                  r"|schedule|meals?|dinners?|games?|gifts?)\b|推荐|菜谱|食谱|计划|方案|清单|行程|游戏|晚餐|礼物")
#: A numbered list's item ("1. Roasted red pepper soup", "2) 番茄金针菇豆腐汤"), up to this long.
_NUMBERED = re.compile(r"(?m)^\s*\d{1,2}[.)]\s+(\S.*)$")
_NUMBERED_CHARS = 120
_EN_NAMED = re.compile(r"(?<=[\s(\"'“])[A-Z][\w'’-]*|\d[\d.,:/%$]*\w*|[“\"][^”\"]{2,60}[”\"]")
#: In Chinese: a title in 《》「」“”, a word in Latin letters, a number.
_ZH_NAMED = re.compile(r"《[^》]{1,40}》|「[^」]{1,40}」|“[^”]{1,40}”|[A-Za-z][\w'-]+|\d[\d.,:/%]*")
#: What the user asked for: a question, or a request ("suggest …", "帮我推荐 …").
_REQUEST = re.compile(r"(?i)[?？]\s*$|^(?:please\s+)?(?:can|could|would|will)\s+you\b"
                      r"|^any\s+(?:good|recs?|recommendations?|suggestions?|ideas?|tips?)\b"
                      r"|^(?:please\s+)?(?:suggest|recommend|give|list|tell|find|help|show|explain|name|what|which"
                      r"|where|how|who|when)\b"
                      # a task named as a headline and asked for: "Code review please, …", "Spreadsheet help: …"
                      # (bare nouns: no article or possessive, as "Fix my loop please" has)
                      r"|^(?:(?!(?:my|our|your|the|a|an|this|that|his|her|their|its)\s)[a-z][\w'-]*\s+){1,4}"
                      r"(?:help|please)\s*(?:[:,.!]|$)|^(?:请|麻烦)?(?:你)?(?:帮我|给我|推荐|介绍|告诉我|列出|说说)"
                      # a need said as one: "I need a gift idea for …", "I'm looking for a hotel", "我想找个…"
                      r"|\b(?:i|we)\s*(?:really\s+|also\s+|still\s+)?(?:need|want|'d\s+like|would\s+like|'m\s+looking\s+for"
                      r"|am\s+looking\s+for|are\s+looking\s+for|'re\s+looking\s+for)\s+(?:a|an|some|to\s+find|help"
                      r"|ideas?|suggestions?|recommendations?|advice|tips)\b|^(?:我|我们)?(?:想|需要|想要)(?:找|请你|求|要个)"
                      # a wish for something: "这周想换点新花样的晚餐"
                      r"|^(?:need|needing|looking\s+for)\s+(?:a|an|some|ideas?|help|advice)\b|求推荐|想(?:要|换|找|试试?|学|吃|做|看|听)?(?:点|些|一些|几[个本部道首])"
                      # a wish to get or pick a thing ("想买个相机", "打算換一台筆電"), some of a kind ("想换换口味看点
                      # 非虚构的"), or a budget for it ("预算一万五左右"): the answer is the options
                      r"|(?:想|打算|准备|準備|考虑|考慮)(?:要)?(?:买|買|入手?|换|換|挑|选|選|配|添|租|订|訂)(?:个|個|一|台|臺|款|部|辆|輛|件|双|雙|套|本|些|点|點|几|幾)"
                      r"|想[^，,。\s]{0,6}?[看听聽读讀吃喝玩学學买買试試做换換找](?:点|點|些|一些|几[个本部道首]|幾[個本部道首])|^预算|^預算")
_RECOMMEND = re.compile(r"(?i)recommend|suggest|should\s+(?:i|we)\b|recs?\b|ideas?\b|options?\b|tips?\b|advice"
                        r"|any\s+good|推荐|建议|介绍|有什么|有哪些"
                        r"|想[^，,。\s]{0,6}?(?:买|買|入手|挑|选|選|看点|看些|读点|听点)|^预算|^預算"
                        r"|(?:打算|准备|準備|考虑|考慮)要?(?:买|買|入手?|换|換|挑|选|選)")
#: Words written for the user, said as such: "Here's an outline:", "Here is a draft you could use:".
_HERE_IS = re.compile(r"(?i)\bhere(?:'s|’s|\s+is)\s+(?:a|an|the|your|my)\s+(?:[\w\-]+\s+){0,2}?(?:draft|outline|"
                      r"script|template|version|speech|toast|intro|introduction|bio|pitch)\b")
#: A draft for the user to send (a letter, an email, a note): its salutation or its sign-off.
_DRAFT = re.compile(r"(?im)^\s*(?:dear|hi|hello)\s+[^,\n]{1,40},\s*$|^\s*(?:sincerely|best\s+regards|kind\s+regards"
                    r"|warm\s+regards|with\s+love|best\s+wishes),?\s*$|^\s*(?:尊敬的|亲爱的)[^，,\n]{1,12}[：:]|此致")


#: A report of a task done opening the action it names ("Done, I booked …", "All set — I've reserved …").
_DONE = re.compile(r"(?i)^(?:done|all\s+done|all\s+set|sorted|booked|there\s+you\s+go|you're\s+all\s+set)"
                   r"\s*[,!.:;—–-]+\s*")


#: A request for writing the user will send or say ("help me write a cover letter", "work in that …", "帮我写…",
#: the outline of a talk); not any 写 ("写错了", "字典也能这么写吗").
_WRITE = re.compile(r"(?i)\b(?:write|draft|rewrite|reword|polish|proofread|work\s+in|cover\s+letter|thank-you\s+note"
                    r"|toast|eulogy|speech)\b"
                    # the shape of something the user will say: "a structure for a ten-minute introduction",
                    # "outline my talk", "plan a presentation" (its "I" is the user's, as in a letter)
                    r"|\b(?:outline|structure|plan|script|notes|points|prepare|write\s+up)\s+(?:(?:for|of)\s+)?"
                    r"(?:a|an|my|the|our)\s+(?:[\w\-]+\s+){0,3}?(?:talk|presentation|introduction|intro|pitch"
                    r"|lecture|address|sermon|welcome|toast|vows|bio|assembly|keynote)s?\b"
                    r"|(?:帮我|给我|替我)(?:写|改)|起草|改写|润色|写(?:一)?[份封篇段个](?!代码|程序|脚本|函数)")


def _back(m: re.Match[str]) -> str:
    """"the user" of a draft (rewritten from its "you") said back: "you", "your", "您"."""
    return "您" if m.group(0) == "用户" else "your" if m.group(0).endswith("'s") else "you"


ANSWER_ITEMS = 5
ANSWER_CHARS = 400
#: A long answer (a recipe, a plan, an itinerary) names more than one memory holds: its items go into up to this
#: many memories, each with the question, so "what did you say to use instead of fish sauce?" finds the item that
#: came twentieth in the answer, not only the first few. English only: measured on the English long-memory set
#: (bench/realchat7.py); the Chinese sets (realchat4, realchat6) lost more to the added memories than they gained.
ANSWER_PARTS = 3


def answer_parts(head: str, items: list[str], glue: str) -> list[str]:
    """``head`` and the items after it, as many to a memory as fit ``ANSWER_ITEMS`` and ``ANSWER_CHARS`` (an item
    longer than a memory's room cut to it), in order."""
    parts: list[list[str]] = [[]]
    for item in items:
        if parts[-1] and (len(parts[-1]) >= ANSWER_ITEMS
                          or len(head) + len(glue.join([*parts[-1], item])) > ANSWER_CHARS):
            parts.append([])
        parts[-1].append(item)
    return [(head + glue.join(part))[:ANSWER_CHARS].rstrip() for part in parts if part]


def assistant_statements(turn: Turn, recent_user: list[str], candidate: Callable[[str, str, Turn], Candidate]
                         ) -> list[Candidate]:
    """The actions an assistant's turn reports, each a candidate (``candidate(content, kind, turn)``); failing
    those, its answer to the user's question when it names things (``_answer``)."""
    said = {w for text in recent_user[-4:] for w in words(text)}
    made = []
    for sentence in split_sentences(turn.content):
        zh = has_cjk(sentence)
        body = _DONE.sub("", _strip_open(sentence, zh))
        if not body or not _ACTION.match(body) or junk_reason(body, zh) == "question":
            continue
        told = words(body)
        if told and len(told - said) / len(told) < 0.3:
            continue  # an echo of what the user said
        if zh:
            text = re.sub(r"^我", "助手", body) if body.startswith("我") else f"助手{body}"
            text = text.replace("为您", "为用户").replace("为你", "为用户").replace("帮您", "帮用户").replace(
                "帮你", "帮用户").replace("给您", "给用户").replace("给你", "给用户")
        else:
            text = re.sub(r"(?i)^(?:i've|i\s+have|we've|we\s+have)\b", "The assistant has", body)
            text = re.sub(r"(?i)^(?:i|we)\b", "The assistant", text)
            text = re.sub(r"(?i)\byour\b", "the user's", re.sub(r"(?i)\byou\b", "the user", text))
        resolved, _, _ = timeparse.resolve(text, turn.created_at, zh)
        found = candidate(resolved.rstrip("。."), "event", turn)
        found.about = "assistant"
        made.append(found)
    return made or _answer(turn, recent_user, said, candidate)


#: A Chinese request sentence of more clauses than this (a run of texted lines joined: ``texting.texted_runs``) is
#: quoted from the clauses before its request, this many in all: "房东要涨租，从三千八涨到四千五，离谱，…，干脆搬到
#: 公司附近算了，南山哪里便宜点" is asked from "离谱", not with every fact said before it (a message of context and
#: a request, "最近在减肥 现在68公斤 目标是60 身高162 帮我出个一周的饮食方案吧", is quoted whole).
ASKED_CLAUSES = 5


def _requests(text: str) -> list[str]:
    """The sentences of a user's turn that ask for something; in Chinese a request may follow a clause of context
    ("五一想和女朋友去厦门玩三天，帮我推荐几家餐厅吧")."""
    asked = []
    for s in split_sentences(unpasted(text)):
        # in a chat a space parts Chinese clauses as a comma does ("身高162 帮我出个饮食方案吧")
        clauses = re.split(r"[，,；;]|\s+", s) if has_cjk(s) else [s]
        asking = [n for n, c in enumerate(clauses) if c.strip() and (_REQUEST.search(_strip_open(c, has_cjk(c)) or c)
                                                                     or _asks(c))]
        if asking and asking[-1] >= ASKED_CLAUSES:  # a long run of lines: from the clauses just before the request
            s = "，".join(c for c in clauses[asking[-1] - ASKED_CLAUSES + 1:] if c.strip())
        if asking:
            asked.append(s)
    return asked


def _asks(clause: str) -> bool:
    """A question put without a question mark or a request's words: "这个是啥意思", "soft和mixed有啥区别", "why is
    append amortized" (``junk_reason``'s question)."""
    zh = has_cjk(clause)
    return junk_reason(_strip_open(clause, zh) or clause, zh) == "question"


def _asked(recent_user: list[str]) -> tuple[str, str]:
    """The question or request the assistant answers ("" when the user asked for nothing), and what the user said
    after it when their last turn asked nothing ("Oh wait, we're both vegetarian" after "Where should we eat?")."""
    for back, text in enumerate(reversed(recent_user[-3:])):
        asked = _requests(text)
        if asked:
            then = "" if back == 0 else re.sub(r"\s+", " ", unpasted(recent_user[-1])).strip()
            asked = [a for a in asked if a.rstrip().endswith(("?", "？"))] or asked  # a question over a wish
            return asked[-1][:160], then[:100].rstrip(" ,，")
    return "", ""


def _you(text: str, zh: bool) -> str:
    if zh:  # not inside a title: 《你看起来好像很好吃》
        return re.sub(r"《[^》]*》|[您你]", lambda m: m.group() if len(m.group()) > 1 else "用户", text)
    text = re.sub(r"(?i)\byour\b", "the user's", re.sub(r"(?i)\byou\b", "the user", text))
    return re.sub(r"\bI\b", "the assistant", text)


_SUM = re.compile(r"(?i)^\W*(?:what(?:'s|\s+is)\s+|how\s+much\s+is\s+|calculate\s+)?\d[\d.,]*\s*(?:times|plus|minus|"
                  r"divided\s+by|over|x|\*|\+|-|/|%\s+of|percent\s+of|squared|to\s+the\s+power\s+of)\s*\d[\d.,]*\W*$")


def _answer(turn: Turn, recent_user: list[str], said: set[str], candidate: Callable[[str, str, Turn], Candidate]
            ) -> list[Candidate]:
    """The assistant's answer to the user's question, when it names what the user did not (module docstring)."""
    asked, then = _asked(recent_user)
    if _SUM.search(asked):  # "what's 20 times 15": a sum worked out is nothing to remember
        return []
    items = _naming_items(turn.content, recent_user, said, bool(_SET.search(asked))) if asked else []
    if not items:
        return []
    zh = has_cjk(asked) or has_cjk(turn.content)
    recommends = bool(_RECOMMEND.search(asked))
    drafted = bool(_DRAFT.search(turn.content) or _HERE_IS.search(turn.content[:200])
                   or (_WRITE.search(asked) and not then))
    if drafted:  # a letter written for the user to send: its "I" is the user's, its "you" another's
        items = [re.sub(r"\bthe assistant\b", "I", re.sub(r"\bthe user(?:'s)?\b|用户", _back, item)) for item in items]
    if zh:
        then = f"，又说“{then}”" if then else ""
        head = f"用户问“{asked}”{then}，助手{'起草' if drafted else '推荐' if recommends else '回答'}："
    else:
        verb = "drafted" if drafted else "suggested" if recommends else "answered"
        then = f' and then said "{then}"' if then else ""
        head = f'When the user asked "{asked}"{then}, the assistant {verb}: '
    made = []
    for part in answer_parts(head, items, "；" if zh else "; ")[:1 if zh else ANSWER_PARTS]:
        found = candidate(part, "fact", turn)
        found.about = "assistant"
        made.append(found)
    return made


def _naming_items(content: str, recent_user: list[str], said: set[str], listing: bool = False) -> list[str]:
    """The sentences and list items of an answer that name something the user did not, in the third person; with
    ``listing`` (the user asked for a set of things: a menu, ideas, a plan), a numbered list's items too, named or
    not (a menu of dishes in lower case)."""
    items = []
    content = unfenced(content)
    bold = _marked(content)
    text = re.sub(r"\s+[–—]\s+", ", ", _MARKDOWN.sub("", content))  # "Belém Tower – a fortress": one item
    numbered = [i.strip()[:30] for i in _NUMBERED.findall(text)]  # "2. Mushroom and chickpea tagine with apricots"
    sentences = split_sentences(_ITEM.sub("\n", text))
    asked = _opens_asking(sentences)
    for n, sentence in enumerate(sentences):
        zh = has_cjk(sentence)
        body = _strip_open(sentence, zh).strip(" -•*·")
        if len(body) < 3 or body.rstrip().endswith(("?", "？")):
            continue
        # a sentence that asks, unless it is an item the answer names in bold ("**《枪炮、病菌与钢铁》**：为什么…")
        if junk_reason(body, zh) == "question" and not any(body.startswith(b) for b in bold):
            continue
        listed = listing and any(body.startswith(i) for i in numbered) and len(body) <= _NUMBERED_CHARS
        if n > asked and not listed:
            continue
        if listed or any(words(name) - said or (name[:1].isdigit() and name not in " ".join(recent_user))
                         for name in _named_in(body, zh, bold)):
            items.append(_you(body.rstrip("。.!！;；"), zh))
    return items


def _marked(content: str) -> list[str]:
    """What an answer marks as a name: set in bold ("**Shigetsu**", "**临家闽南菜**"), not a label ("**Tips:**",
    "**建议：**"); a command, a function or a setting set in code ("`--force-with-lease`", "`.sum()`"), not a word."""
    bold = [b.strip() for b in re.findall(r"\*\*([^*\n]{2,40}?)\*\*", content) if not b.rstrip().endswith((":", "："))]
    return bold + [c.strip() for c in re.findall(r"`([^`\n]{2,40})`", content) if re.search(r"[^\w]", c.strip())]


def _opens_asking(sentences: list[str]) -> int:
    """Where a turn that opens by asking the user ("Any dietary restrictions? Many people try keto") asks: what
    follows its question are examples for the user's answer, not an answer; past the end when it opens otherwise."""
    return next((n for n, s in enumerate(sentences[:2]) if s.rstrip().endswith(("?", "？"))), len(sentences))


def _named_in(body: str, zh: bool, bold: list[str]) -> list[str]:
    """What a sentence of an answer names: capitalised words, numbers, quotations (``_EN_NAMED``, ``_ZH_NAMED``),
    in Chinese the places, organisations and other proper names jieba knows (颐和园, 都江堰; its person names are too
    loose to count: "喝咖啡"), and what the answer sets in bold or code."""
    named = (_ZH_NAMED if zh else _EN_NAMED).findall(body)
    if zh:
        named += [w for w, tag in tagger().lcut(body) if tag in ("ns", "nt", "nz") and len(w) > 1]
    return named + [b for b in bold if b in body and len(body) > len(b) + 2]
