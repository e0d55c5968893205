"""A Chinese list of the writer's own news, for the offline extractor: each item a line of the writer's.

People type their news as a list: "近况更新：1. 换了工作 2. 搬家了", "最近变化：①… ②…", or a heading and "- " lines.
Chinese drops the subject, so an item without one ("搬到了通州", "车换成了电车") is the writer's, as the same words
in prose are. ``listed_zh`` runs before ``pasted.unpasted`` (which drops a list of notes none of whose items is in
the first person) and rewrites such a list as plain lines:

- items are the lines of a bulleted list or, on one line, the parts after numbers said in order (1. 2. 3.,
  1、2、, ①②, （1）（2）, 一、二、); a lone "1." or a number in a value ("2.5公里") is no list;
- the list is the writer's when the line leading it says news of theirs (近况, 更新, 汇报, 变化, 动态, 几件事…) or
  introduces them (简单介绍下自己, 关于我: either heading is dropped, it says nothing), or names them (我, 自己), or
  when nothing leads it and an item opens with a verb or an adverb (jieba's tags: a subject dropped);
- a list led by a request for work on text ("帮我整理一下：1. …") or as a list of things ("购物清单：1. 牛奶 2. 鸡蛋")
  is put on marked lines for ``unpasted``'s notes screen; one led by anything else is left as it was said.
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.write.text import has_cjk

__all__ = ["listed_zh"]

_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
_ZH_NUMS = "一二三四五六七八九十"
# A number that opens an item: "1." "1、" "1）" "①" "（1）" "一、", after the start, a space or punctuation.
_MARK = re.compile(r"(?:(?<=^)|(?<=[\s：:～~，,；;。！!、\u4e00-\u9fff]))"
                   r"(?:(\d{1,2})[.、．)）](?!\d)|([①-⑩])|[（(](\d{1,2})[)）]|([一二三四五六七八九十])、)\s*(?=\S)")
_LINE_MARK = re.compile(r"^\s*(?:[-*•·▪‣–]|\d{1,2}[.、．)）]|[①-⑩]|[（(]\d{1,2}[)）]|[一二三四五六七八九十]、)"
                        r"\s*(?=\S)")
_NEWS = re.compile(r"近况|更新|汇报|变化|动态|几件事|几个事|小事|报备|同步一下|新情况|最新情况|碎碎念|新鲜事")
#: A heading that says nothing itself: news, or the writer introduced ("简单介绍下自己", "关于我").
_HEADING = re.compile(rf"{_NEWS.pattern}|介绍一?下自己|自我介绍|关于我")
#: A list of things, not news ("购物清单", "待办").
_LISTY = re.compile(r"清单|列表|单子|采购单|购物单|待办|备忘|菜单|书单|歌单|计划表")
_MINE = re.compile(r"我|俺|咱|本人|自己|自我介绍")
_WORK = re.compile(r"整理|润色|改写|改一下|翻译|写成|总结|排版|帮我|帮忙|看看|检查")


def _number(found: re.Match[str]) -> int:
    digits, circled, paren, zh = found.groups()
    if circled:
        return _CIRCLED.index(circled) + 1
    if zh:
        return _ZH_NUMS.index(zh) + 1
    return int(digits or paren)


def _inline(line: str) -> tuple[str, list[str]] | None:
    """A line's lead and items when it numbers two items or more in order from one, else None."""
    marks = list(_MARK.finditer(line))
    numbers = [_number(m) for m in marks]
    if len(marks) < 2 or numbers != list(range(1, len(marks) + 1)):
        return None
    items = [line[m.end():n.start() if n is not None else len(line)].strip(" ；;，,")
             for m, n in zip(marks, [*marks[1:], None], strict=True)]
    return line[:marks[0].start()], items


def _heading(lead: str) -> str:
    return lead.strip().rstrip("：:～~-—…。，, ").strip()


def _opens_clause(item: str) -> bool:
    first = next(iter(posseg.cut(item.strip())), None)
    return first is not None and first.flag[:1] in {"v", "d", "p"}


def _mine(head: str, items: list[str]) -> bool:
    """Whether a list is the writer's own news (module docstring)."""
    if _WORK.search(head):
        return False
    if _NEWS.search(head) or _MINE.search(head):
        return True
    return not head and any(_opens_clause(i) for i in items)


def listed_zh(text: str) -> str:
    """``text`` with a Chinese list of the writer's news as plain lines (module docstring); as it was otherwise."""
    if not has_cjk(text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    for line in lines:
        inline = _inline(line)
        if inline is not None:
            lead, items = inline
            head = _heading(lead) or (_heading(out[-1]) if out and not _LINE_MARK.match(out[-1]) else "")
            if _mine(head, items):
                if not _heading(lead) and out and _HEADING.search(head) and len(head) <= 15:
                    out.pop()
                out.extend(items if _HEADING.search(head) and len(head) <= 15 else [lead.rstrip(), *items])
                continue
            if _WORK.search(head) or _LISTY.search(head):  # notes or a list of things: marked, for the notes screen
                out.extend([lead.rstrip(), *(f"- {i}" for i in items)])
                continue
        out.append(line)  # a list of anything else stays as it was said
    return _lined("\n".join(x for x in out if x.strip()) if out != lines else text)


def _lined(text: str) -> str:
    """A run of bulleted lines of the writer's news without its marks, and its news heading dropped."""
    lines = text.split("\n")
    items = [n for n, line in enumerate(lines) if _LINE_MARK.match(line)]
    if len(items) < 2 or not all(has_cjk(lines[n]) for n in items):
        return text
    at = next((j for j in range(items[0] - 1, -1, -1) if lines[j].strip()), -1)
    head = _heading(lines[at]) if at >= 0 else ""
    bare = [_LINE_MARK.sub("", lines[n]) for n in items]
    if not _mine(head, bare):
        return text
    for n, item in zip(items, bare, strict=True):
        lines[n] = item
    if head and _HEADING.search(head) and len(head) <= 15:
        del lines[at]
    return "\n".join(lines)
