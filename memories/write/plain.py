"""The shape of plain content (docs/recall.md, "The shape from plain content"): what a client that sends
content only still tells by how it writes.

**A batch is a session.** The memories of one request (a list, or one mem0 ``add``) that name no
``source_session`` form one (``batch/<id>``; with a mem0 ``run_id``, ``mem0-run/<run_id>`` across requests), each
valid from the arrival time plus its position in microseconds unless it says when: so the neighbour lever
works within the batch (``batch_shape``).

**A leading speaker label** ("Caroline: …", "用户：…", "王磊：…") says who said the rest: a write that names no
subject takes the speaker as its subject (``batch_shape``), so the named-subject lever works. With
``settings.RECALL_LABEL_WORDS`` off the label is also kept out of the lexical text (``text.search_text``); on
LoCoMo that cost 0.011 of R@10 (the questions name their speaker), so by default it stays.

Read by rules on the text alone, so a memory's words are the same whichever path wrote or re-indexed it:

* Latin: one to three capitalised words, a colon and a space ("Caroline: ", "Dr. Okafor: "), not a common
  heading ("Note:", "Update:", "Q:" …: ``_LATIN_HEADINGS``);
* Chinese: a role (用户, 助手, 我 …) or a name of two or three characters that opens with a common surname
  (王磊, 李娜), then a full-width or ASCII colon.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

_LATIN = re.compile(r"^\s*([A-Z][\w'’.-]{0,30}(?: [A-Z][\w'’.-]{0,30}){0,2})\s*:\s+(?=\S)")
_CJK = re.compile(r"^\s*([\u4e00-\u9fff]{1,4}|AI)\s*[:：]\s*(?=\S)")
_HEADING_WORDS = (
    "note notes todo to-do reminder update updates summary question answer q a re subject date time tip tips "
    "important warning error fact facts preference preferences task tasks goal goals status result results "
    "location address phone email password decision decisions action actions context source title name example "
    "step ps p.s fyi idea ideas meeting agenda deadline budget project issue bug fix info information details "
    "description comment comments feedback response request reason cause edit news alert attention caution hint "
    "key value topic category type tag tags day week month year morning evening today tomorrow yesterday monday "
    "tuesday wednesday thursday friday saturday sunday "
    # what a note about a person is filed under ("Allergies: I'm allergic to nuts", "Remember: my locker is 12")
    "remember recall memo btw nb correction addendum background bio profile personal about me myself diet "
    "allergy allergies health medical medication medications work job career education school family kids "
    "children pets home travel trip trips food drinks likes dislikes favorite favorites favourite favourites "
    "hobby hobbies interests plan plans schedule routine habits contact contacts birthday birthdays finance "
    "finances money shopping groceries car vehicle"
)
_LATIN_HEADINGS = frozenset(_HEADING_WORDS.split())
_ROLES_ZH = frozenset(["用户", "助手", "助理", "客服", "我", "AI", "系统", "机器人", "小助手"])
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟"
    "谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧阳司上官诸葛")
# Roles that speak but are nobody's subject.
ASSISTANTS = frozenset({"assistant", "ai", "bot", "system", "助手", "助理", "客服", "系统", "机器人", "小助手"})


def speaker_label(content: str) -> tuple[str, int] | None:
    """The speaker a content opens with and where the rest begins, or None."""
    match = _LATIN.match(content)
    if match is not None:
        name = match.group(1)
        if name.casefold().rstrip(".") in _LATIN_HEADINGS:
            return None
        return name, match.end()
    match = _CJK.match(content)
    if match is not None:
        name = match.group(1)
        if name in _ROLES_ZH or (2 <= len(name) <= 3 and name[0] in _SURNAMES):
            return name, match.end()
    return None


def without_label(content: str) -> str:
    """The content without its leading speaker label (the content itself without one)."""
    found = speaker_label(content)
    return content[found[1]:] if found is not None else content


def speaker_subject(content: str) -> str | None:
    """The subject a plain content names by its speaker label: the speaker, unless an assistant."""
    found = speaker_label(content)
    if found is None or found[0].casefold() in ASSISTANTS:
        return None
    return found[0]


def batch_shape(items: Sequence[object], session: str | None = None) -> None:
    """Shape the inputs of one write request (``MemoryInput``s, changed in place), with
    ``settings.RECALL_BATCH_SESSIONS`` and ``settings.RECALL_SPEAKER_LABELS``: each that names no subject takes
    its speaker label's (not an assistant's); those without a ``source_session`` join ``session`` (None: a new
    ``batch/<id>`` when the request holds two or more of them), valid from the arrival time plus their position
    in microseconds unless they say when."""
    if settings.RECALL_SPEAKER_LABELS:
        for item in items:
            if getattr(item, "subject", None) is None and isinstance(getattr(item, "content", None), str):
                item.subject = speaker_subject(item.content)  # type: ignore[attr-defined]
    if not settings.RECALL_BATCH_SESSIONS:
        return
    loose = [item for item in items if not getattr(item, "source_session", "")]
    if session is None and len(loose) < 2:
        return
    name = session or f"batch/{uuid.uuid4()}"
    arrived = timezone.now()
    for position, item in enumerate(loose):
        item.source_session = name  # type: ignore[attr-defined]
        if getattr(item, "valid_from", None) is None:
            item.valid_from = arrived + timedelta(microseconds=position)  # type: ignore[attr-defined]
