"""What a user pastes into a message to get help with it, taken out before the offline extractor reads the message
(``offline.py``): code, and a quoted passage of someone's text. The sentences around it are the user's and stay.

- A fenced block (```…```) goes whole; so does a line that reads as code, not prose: a statement or a call
  (``scores[row["student"]] += 1``, ``import csv``, ``for page in range(1, 200):``, ``=VLOOKUP(A2, …)``), a
  merge-conflict marker, a line that ends with ``{`` ``}`` or ``;``.
- A list of three items or more, none in the first person ("- community garden opens June 7 / - plots are $25
  …"), is notes to rewrite, not the speaker's news; but a message that is nothing but a list of fragments with no
  subject of their own ("- 2 kids (Leo 4, Nora 9) / - drive a Subaru / - vegetarian since college") is the
  speaker's: each item its own sentence, a count of people or pets had ("I have 2 kids …").
- A quoted passage of two sentences or more ("Here's my daughter's abstract: "In this experiment I wanted …""),
  or a long one, is someone's draft to fix: its "I" is not the speaker's now. A short quotation stays ("she said
  "see you Friday"").

"Can you fix this? ```…``` It totals the quiz scores for my chemistry classes at Roosevelt High" keeps "It totals
the quiz scores for my chemistry classes at Roosevelt High"; "帮我看看这段代码：```…``` 我在深圳一家跨境电商公司
做数据分析" keeps "我在深圳一家跨境电商公司做数据分析".
"""

from __future__ import annotations

import re

from memories.extraction.lists_zh import listed_zh
from memories.write.text import has_cjk

__all__ = ["unfenced", "unpasted"]

_FENCE = re.compile(r"```[^\n]*\n.*?(?:```|$)|`{3}[^`]*`{3}", re.S)
#: A line of code: what prose does not look like.
_CODE_LINE = re.compile(
    r"^\s*(?:(?:import|from\s+[\w.]+\s+import|def|class|return|print\(|for\s+\w+(?:,\s*\w+)*\s+in\s+.+:|if\s+.+:|elif\b"
    r"|else:|while\s+.+:|with\s+.+\s+as\s+\w+:|try:|except\b|SELECT\b|INSERT\b|UPDATE\s+\w+\s+SET|const\s|let\s+\w+\s*="
    r"|var\s|function\b|#include|public\s|private\s|@\w+)"
    r"|=\s*[A-Z]+\(|[<>=|]{5,}|[\w.\[\]\"']+\s*(?:[+\-*/%]?=|\+=|-=)\s*\S.*$|[\w.]+\(.*\)\s*;?\s*$)"
    r"|[{};]\s*$")
_QUOTED = re.compile(r"\"([^\"]{40,})\"|“([^”]{30,})”")
_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+\S")
_ITEM_MARK = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
_FIRST = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|our|us)\b|我")
#: A lead line asking for work on the text that follows ("turn these into a paragraph", "帮我整理一下").
_WORK = re.compile(r"(?i)\b(?:turn|rewrite|re-?word|summari[sz]e|format|polish|proofread|edit|fix|clean\s+up|tidy"
                   r"|translate|draft|write|make\s+(?:it|them|this|these)|into\s+a)\b|整理|润色|改写|改一下|翻译|写成|总结|排版")
_SENTENCE_END = re.compile(r"[.!?。！？](?=\s|$)|[。！？]")


def unfenced(text: str) -> str:
    """``text`` without its fenced code blocks."""
    return _FENCE.sub("\n", text)


def _code(line: str) -> bool:
    words = re.findall(r"[A-Za-z\u4e00-\u9fff]+", line)
    return bool(_CODE_LINE.search(line)) and not (len(words) > 8 and line.rstrip().endswith((".", "?", "!")))


def _notes(lines: list[str]) -> list[str]:
    """``lines`` without a list of three items or more none of which is in the first person (notes to rewrite),
    unless the line that leads it is the speaker's own and asks for no work on text ("A few things about me:",
    "关于我：" lead the speaker's facts; "Can you turn my notes into a paragraph?" leads notes)."""
    out, run = list(lines), []
    for i, line in enumerate([*lines, ""]):
        if _ITEM.match(line):
            run.append(i)
            continue
        lead = next((lines[j] for j in range(run[0] - 1, -1, -1) if lines[j].strip()), "") if run else ""
        own = bool(_FIRST.search(lead)) and not _WORK.search(lead)
        if run and _bare_profile(lines, run):  # the whole message a list of fragments: "- 2 kids / - vegetarian"
            for j in run:
                item = _ITEM_MARK.sub("", lines[j]).rstrip(" .;,")
                out[j] = ("I have " if _COUNTED.match(item) else "") + item + "."  # "2 kids": had
            run = []
            continue
        if len(run) >= 3 and not own and not any(_FIRST.search(lines[j]) for j in run):
            for j in run:
                out[j] = ""
        elif own:  # the speaker's own list: its items (in Chinese without their marks, which stay in the text)
            for j in run:
                out[j] = _ITEM_MARK.sub("", lines[j]) if has_cjk(lines[j]) else lines[j]
        run = []
    return out


#: A note's item with a subject of its own ("plots are $25", "the demo is on Friday", "standup moves to 9:30").
_SUBJECT_ITEM = re.compile(r"(?i)^\s*(?:[-*•]|\d{1,2}[.)])\s+(?:(?:the|a|an|our|his|her|their|this|next)\s+)?"
                           r"(?:(?!(?:to|in|of|at|for|with|since|from|on|and|or|a|an|the)\b)[\w'\-]+\s+){1,2}"
                           r"(?:is|are|was|were|will|'ll|moves?|opens?|closes?|starts?|ends?|begins?|owns?|needs?|"
                           r"goes|takes|meets?|leaves|runs|costs?|due)\b")


_COUNTED = re.compile(r"(?i)(?:\d+|one|two|three|four|five|six|seven|eight)\s+(?:[a-z]+\s+)?(?:kids|children|sons|"
                      r"daughters|boys|girls|grandkids|grandchildren|dogs|cats|pets|horses|cars|siblings|brothers|"
                      r"sisters)\b")


def _bare_profile(lines: list[str], run: list[int]) -> bool:
    """Every line of the message is an English item (two or more), none with a subject of its own and none in the
    first person: fragments of the speaker's ("- 2 kids (Leo 4, Nora 9)", "- drive a Subaru", "- vegetarian since
    college"), not notes pasted to rewrite."""
    said = [n for n, line in enumerate(lines) if line.strip()]
    return len(run) >= 2 and said == run and not any(has_cjk(lines[j]) or _FIRST.search(lines[j])
                                                      or _SUBJECT_ITEM.match(lines[j]) for j in run)


def unpasted(text: str) -> str:
    """``text`` without the code, quoted passages and notes pasted into it (module docstring)."""
    text = listed_zh(unfenced(text))
    if "\n" in text.strip():
        text = "\n".join("" if _code(line) else line for line in _notes(text.split("\n")))
    return _QUOTED.sub(lambda m: "" if _pasted(m.group(1) or m.group(2)) else m.group(0), text)


def _pasted(quoted: str) -> bool:
    return len(_SENTENCE_END.findall(quoted.strip())) >= 2 or len(quoted) >= 160
