"""A query's parts: what is searched for a compound, chatty or dialogue-shaped query (docs/recall.md,
"Compound and noisy queries").

* **Preamble.** Text before a marker of the real question (我想问的是, 我实际想问, 言归正传, 不说这些了, 闲话少说,
  "what I actually want to know is", "my question is" …) is chatter: only what follows the last such marker is searched.
* **Several questions.** A query that asks two things ("What is Li's email? And what was the event in Shanghai
  about?", 另外 / 还有 / 以及 / 此外, "and also", "another question", a second question mark) is split into its
  questions; each is searched alone and the results are interleaved (``interleave``), so each part gets its
  share of the top k instead of one vector and one set of words pulled toward an average of both.
* **A comparison.** A Chinese question that compares or pairs two people or things ("林晓峰的表哥和周静谁年纪更大？",
  "A跟B分别住在哪个城市？", "A和B是不是在同一家公司？") needs a fact about each: it is searched as one question per
  side, each side with what is asked of both ("林晓峰的表哥 谁年纪更大", "周静 谁年纪更大"); a bare kinship or role
  word on the second side takes the first side's owner ("林晓峰的表哥和表姐" → "林晓峰的表姐").
* **A dialogue.** A query made of turns ("Name: text" lines, as an agent passes the conversation so far to
  ``/context``) is searched as the whole dialogue and as its last user turn (an assistant's turns are not the
  user's), the last turn weighted ``RECALL_DIALOGUE_LAST_WEIGHT`` against the whole's 1 in the interleaving.

A plain question is one part: searched exactly as before. Parts are found by rules on the text alone (no
model), the same in both search paths.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.conf import settings

from memories.recall.query import query_terms
from memories.write.people import KIN_ZH
from memories.write.text import has_cjk

T = TypeVar("T", bound=Hashable)

# Markers of the real question: the text after the last one is the question.
_PREAMBLE = re.compile(
    r"(?:我(?:实际|真正|其实|主要)?(?:上)?想(?:要)?(?:问|知道|了解)(?:的是|一下|的)?|我的问题是|问题是|言归正传|书归正传|说正经的|说正事|正事是|回到正题|"
    r"(?:好了|好吧|算了)?(?:不说这些了|不聊这些了|不扯了|不闲聊了)|闲话少说|废话不多说|"
    r"\bwhat\s+i\s+(?:actually|really|truly)?\s*(?:want|wanted|need|needed|meant)\s+to\s+(?:know|ask)\s+is"
    r"|\bmy\s+(?:real\s+|actual\s+|main\s+)?question\s+is|\bwhat\s+i'?m\s+(?:really\s+|actually\s+)?asking\s+is"
    r"|\banyway,?\s+(?:my\s+question|the\s+question)\s+is|\bi\s+(?:actually|really)\s+want\s+to\s+(?:know|ask))"
    r"\s*[:：,，]?",
    re.IGNORECASE)
# Joints between two questions (the second part starts at the joint).
_JOINT = re.compile(
    r"(?:[,，;；。.!！]\s*|\s)(?=(?:另外|还有就是|还有|以及|此外|同时|顺便问一下|顺便问下|顺便)[,，、]?)"
    r"|(?<=[?？])\s*"
    r"|(?:[,;.]\s*|\s+)(?=and\s+also\b)"
    r"|[,;.]\s+(?=(?:also|another\s+question|one\s+more\s+thing|plus|besides)\b[,:]?\s)",
    re.IGNORECASE)
_LEADING_JOINT = re.compile(r"^(?:另外|还有就是|还有|以及|此外|同时|顺便问一下|顺便问下|顺便"
                            r"|(?:and\s+also|also|another\s+question|one\s+more\s+thing|plus|besides|and)\b)"
                            r"[,，、:：]?\s*", re.IGNORECASE)
# A dialogue line: "Name: text" (a name of at most 40 characters, no sentence punctuation in it).
_TURN = re.compile(r"^\s*([^\s:：。，,.?？!！][^:：。，,.?？!！\n]{0,39})\s*[:：]\s*(.+)$")
_ASSISTANT = frozenset({"assistant", "ai", "bot", "agent", "system", "助手", "助理", "ai助手", "机器人", "小助手"})
# A Chinese comparison of two sides: "A和B谁…", "A跟B分别…", "A与B是不是…", "A和B相差几岁". The sides hold no
# sentence punctuation and no other conjunction; what follows the marker is asked of each.
_COMPARED = re.compile(
    r"^(?P<lead>.*?[，,：:]\s*)?(?P<a>[^，,。？?！!：:和跟与]{1,20}?)\s*(?:和|跟|与|同)\s*"
    r"(?P<b>[^，,。？?！!：:和跟与]{1,20}?)\s*"
    r"(?P<ask>(?:谁|分别|各自|是不是|是否|相差|差几|哪个|哪位|有什么(?:不同|区别)|都|一样|(?:住|在)(?:在)?同一).*)$")
_AGE = re.compile(r"年纪|岁数|年龄|谁(?:更)?(?:大|小|年轻|年长)|几岁|大一些|小一些")
_OWNER = re.compile(r"^(?P<owner>.{1,8}?的)(?P<kin>.+)$")
# A part needs at least this many search words of its own (else it stays with the part before it).
MIN_PART_WORDS = 2
MAX_PARTS = 4


@dataclass(frozen=True)
class Part:
    text: str
    weight: float = 1.0


def _words(text: str) -> int:
    return len(query_terms(text))


def without_preamble(query: str) -> str:
    """The query after the last marker of the real question (the query itself without one, or when nothing
    searchable follows the marker)."""
    markers = list(_PREAMBLE.finditer(query))
    if not markers:
        return query
    rest = query[markers[-1].end():].strip()
    return rest if _words(rest) >= 1 else query


def questions(query: str) -> list[str]:
    """The questions of a compound query, in order; a piece too small to be a question of its own (fewer than
    ``MIN_PART_WORDS`` search words) stays with the one before it. One question: ``[query]``."""
    pieces: list[str] = []
    start = 0
    for joint in _JOINT.finditer(query):
        if joint.start() <= start or joint.end() >= len(query):
            continue
        pieces.append(query[start:joint.start()])
        start = joint.end()
    pieces.append(query[start:])
    merged: list[str] = []
    for piece in (p.strip() for p in pieces):
        if not piece:
            continue
        bare = _LEADING_JOINT.sub("", piece).strip() or piece
        # After a question mark only another question (one that ends with one, or opens with a joint) is a
        # part of its own: "…? Answer yes or no." is one question and its instruction.
        asks = piece.endswith(("?", "？"))
        follows = bool(merged) and merged[-1].endswith(("?", "？")) and bare == piece and not asks
        if merged and (follows or _words(bare) < MIN_PART_WORDS or _words(merged[-1]) < MIN_PART_WORDS):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(bare)
    if len(merged) > MAX_PARTS:
        merged = [*merged[: MAX_PARTS - 1], " ".join(merged[MAX_PARTS - 1:])]
    return merged if len(merged) > 1 else [query]


def compared(question: str) -> list[str]:
    """The sides of a Chinese comparison, each with what is asked of both (``_COMPARED``); ``[question]`` when it
    compares nothing."""
    match = _COMPARED.match(question.strip()) if has_cjk(question) else None
    if match is None:
        return [question]
    a, b, ask = match.group("a").strip(), match.group("b").strip(), match.group("ask").strip()
    owner = _OWNER.match(a)
    bare = b.removeprefix("我").removeprefix("的")
    if owner is not None and (bare in KIN_ZH or bare.lstrip("大小二三前新老") in KIN_ZH):
        b = owner.group("owner") + bare  # "林晓峰的表哥和表姐": the cousin and the cousin of the same person
    if _AGE.search(ask):
        ask += " 多少岁"  # "谁大一些": what is compared is the age, which the memories state in 岁
    sides = [f"{side} {ask}" for side in (a, b)]
    return sides if all(_words(side) >= MIN_PART_WORDS for side in sides) else [question]


def dialogue_turns(query: str) -> list[tuple[str, str]] | None:
    """The turns of a query written as a dialogue ("Name: text" lines, at least two, from at least two
    speakers, covering the query's non-empty lines), or None."""
    lines = [line for line in query.splitlines() if line.strip()]
    if len(lines) < 2:
        return None
    turns: list[tuple[str, str]] = []
    for line in lines:
        match = _TURN.match(line)
        if match is None:
            if not turns:
                return None
            turns[-1] = (turns[-1][0], f"{turns[-1][1]} {line.strip()}")  # a turn that runs over lines
            continue
        turns.append((match.group(1).strip(), match.group(2).strip()))
    if len(turns) < 2 or len({speaker.casefold() for speaker, _ in turns}) < 2:
        return None
    return turns


def users_turns(query: str) -> str:
    """A dialogue's user turns without their speakers' labels ("助手：", "Assistant:" are no words said), one a line;
    any other query as it is."""
    turns = dialogue_turns(query)
    if turns is None:
        return query
    return "\n".join(text for speaker, text in turns if speaker.casefold() not in _ASSISTANT)


def query_parts(query: str) -> list[Part]:
    """What to search for ``query`` (see the module's docstring): one part for a plain question."""
    turns = dialogue_turns(query)
    if turns is not None:
        users = [text for speaker, text in turns if speaker.casefold() not in _ASSISTANT]
        last = users[-1] if users else turns[-1][1]
        weight = float(settings.RECALL_DIALOGUE_LAST_WEIGHT)
        if weight <= 0 or _words(last) < 1 or last.strip() == query.strip():
            return [Part(query)]
        return [Part(query), Part(last, weight)]
    if not settings.RECALL_QUERY_PARTS:
        return [Part(query)]
    found = questions(without_preamble(query))
    if settings.RECALL_COMPARISON_PARTS:
        found = [side for question in found for side in compared(question)][:MAX_PARTS]
    return [Part(text) for text in found]


def interleave(ranked: Sequence[Sequence[T]], weights: Sequence[float]) -> list[T]:
    """One order from several best-first lists: the j-th item of a list of weight w comes at position j / w
    (ties: the earlier list first), each item once, at its earliest place. Equal weights alternate; no
    list's order depends on how many items are asked for, so neither does the merged one."""
    keyed: list[tuple[float, int, int, T]] = []
    for i, (items, weight) in enumerate(zip(ranked, weights, strict=True)):
        step = max(weight, 1e-9)
        keyed += [(j / step, i, j, item) for j, item in enumerate(items)]
    keyed.sort()  # (place, list, rank) is unique: the items themselves are never compared
    seen: set[T] = set()
    merged = []
    for *_, item in keyed:
        if item not in seen:
            seen.add(item)
            merged.append(item)
    return merged
