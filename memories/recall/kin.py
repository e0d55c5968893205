"""A person by the kinship or role word the user calls them and by their name: a Chinese question that says one
finds the memories that say the other (docs/recall.md, "Kinship words and names").

A user introduces someone once ("我表哥叫冯家乐", "冯家乐（我表哥）", "给你介绍一下，我下属，傅海燕") and afterwards
says either ("我表哥的手机：138…", "冯家乐今年41岁"). A question in one form ("林晓峰的表哥有什么爱好？",
"冯家乐的电话是多少？") shares no word with a memory in the other. So the memories of the searched scopes that
bind a kinship word to a name (the name right beside the word, or joined by 叫 / 是 / 名字是) give each side
the other: a question naming a kinship word (with its owner: "林晓峰的表哥", "我是林晓峰，我表哥…"; without one,
whoever says it) is searched with the names bound to it, a question naming a person with the owner and word
bound to them. Only the memories that mention that role or that name are read (``MemoryMention``, indexed),
and only for a Chinese question that says a kinship word or a name. An English question gets the names bound to
the speaker's kinship words it says ("the user's boyfriend" → "Mark"), from the same rows.
"""

from __future__ import annotations

import functools
import re
import uuid
from collections import Counter
from collections.abc import Sequence

from django.db.models import Q

from memories.models import MemoryMention
from memories.write.people import COMPOUND_SURNAMES, KIN_EN, KIN_EN_RE, KIN_ZH, SURNAMES, ZH_NOT_NAMES, chinese_names
from memories.write.text import has_cjk

_KIN_ALT = "|".join(sorted(map(re.escape, KIN_ZH), key=len, reverse=True))
# A kinship word the speaker says of their own ("我表哥", "我的下属", "我有个表哥", "我那个女儿", "我高中同学"):
# the word with a prefix of at most two characters that tells people apart (大舅 / 小舅, 高中同学 / 大学同学).
# The extractor writes the user's "我" as "用户" ("用户的男朋友叫李明"): the same speaker.
_OF = r"(?:的|有个|有一个|有一位|那个|这个|那位|这位|带的)?"
_SAID = rf"(?P<said>[\u4e00-\u9fff]{{0,2}}?(?:{_KIN_ALT}))"
_MINE = re.compile(rf"(?:我们?|用户|本人){_OF}{_SAID}")
# In a question: the owner's ("林晓峰的表哥") or the asker's ("我表哥", after "我是林晓峰").
_OWNED = re.compile(rf"(?P<owner>[\u4e00-\u9fff]{{2,6}}?)的(?P<said>[\u4e00-\u9fff]{{0,2}}?(?:{_KIN_ALT}))")
_ASKER = re.compile(r"我是(?P<owner>[\u4e00-\u9fff]{2,4}?)(?:[，,。！!\s]|$)")
# Between a kinship word and the name it binds: nothing but punctuation, or 叫 / 是 / 名字是.
_BINDS = re.compile(r"^[\s，,、（()）：:]*(?:叫做|名叫|叫|就是|是|的名字是|名字是|的名字叫)?[\s，,、（()）：:]*$")
_LABEL = re.compile(r"^\s*([\u4e00-\u9fff]{2,4})\s*[:：]")
MAX_ROWS = 200
MAX_NAMES = 2


def _role(said: str) -> str:
    """The role of a kinship word as said ("高中同学" → classmate)."""
    for start in range(len(said)):
        if said[start:] in KIN_ZH:
            return KIN_ZH[said[start:]]
    return ""


_NAME_AFTER = re.compile(r"(?:叫做|名叫|叫|就是|是|的名字是|名字是|的名字叫)?[\s，,、（(：:]*([\u4e00-\u9fff]{2,3})")
# A name said by what it is called rather than a surname ("叫小鹿", "名叫阿杰", "名字是乐乐"): 小 / 阿 / 老 and one
# character, or one character twice, after a verb of naming only (after 是 it would be "是老师").
_NICKNAME_AFTER = re.compile(r"(?:叫做|名叫|叫|的名字是|名字是|的名字叫)[\s，,：:]*((?:[小阿老][\u4e00-\u9fff])|"
                             r"(?P<twice>[\u4e00-\u9fff])(?P=twice))(?![\u4e00-\u9fff]{2})")
_NAME_BEFORE = re.compile(r"([\u4e00-\u9fff]{2,3})[\s，,、（()）]*(?:就是|是)?[\s，,、（(]*$")


def _surnamed(word: str, *, last: bool) -> str:
    """The name a run of characters holds: three characters from a surname, else two (the first ones, or with
    ``last`` the last ones)."""
    for size in (3, 2):
        piece = word[-size:] if last else word[:size]
        if len(piece) == size and (piece[0] in SURNAMES or piece[:2] in COMPOUND_SURNAMES):
            return piece
    return ""


@functools.lru_cache(maxsize=20_000)
def bindings(content: str, subject: str = "") -> tuple[tuple[str, str, str], ...]:
    """(owner, kinship word as said, name) for each name ``content`` binds to a kinship word of its speaker (the
    owner: the speaker label, else ``subject``): a name the tagger finds, or a surname and one or two characters,
    right beside the word or joined by 叫 / 是 / 名字是. Kept per text (the tagger is the search's dearest step
    here, and a scope's introductions are read again by every question that names the same people)."""
    label = _LABEL.match(content)
    owner = label.group(1) if label else subject
    body_at = label.end() if label else 0
    names = [(name, at + body_at) for name, at in chinese_names(content[body_at:]) if name != owner]
    found: list[tuple[str, str, str]] = []
    for kin in _kin_words(content, body_at, owner):
        said = kin.group("said")
        bound = [name for name, at in names if _BINDS.match(
            content[kin.end():at] if at >= kin.end() else content[at + len(name):kin.start()])]
        if not bound and (after := _NAME_AFTER.match(content, kin.end())):
            bound = [name] if (name := _surnamed(after.group(1), last=False)) else []
        if not bound and (called := _NICKNAME_AFTER.match(content, kin.end())):
            bound = [called.group(1)] if called.group(1) not in ZH_NOT_NAMES else []
        if not bound and (before := _NAME_BEFORE.search(content[body_at:kin.start()])):
            bound = [name] if (name := _surnamed(before.group(1), last=True)) else []
        found += [(owner, said, name) for name in bound if name != owner]
    return tuple(found)


def _kin_words(content: str, start: int, owner: str) -> list[re.Match[str]]:
    """The speaker's kinship words in ``content``: "我表哥", "用户的表哥", and a named speaker's own written with
    their name ("张伟的表哥", the extractor's third person for 张伟's "我表哥")."""
    found = list(_MINE.finditer(content, start))
    if owner and has_cjk(owner):
        found += re.compile(rf"{re.escape(owner)}{_OF}{_SAID}").finditer(content, start)
    return found


def aliases(query: str, scope_ids: Sequence[uuid.UUID]) -> list[str]:
    """The other names of the people a Chinese question names: for a kinship word (with its owner), the names
    the scopes' memories bind to it; for a name, its owner and kinship word. Most often bound first; at most
    ``MAX_NAMES`` a word. Nothing for a question naming nobody; an English one: ``_english_aliases``."""
    if not has_cjk(query):
        return _english_aliases(query, scope_ids)
    people = [name for name, _ in chinese_names(query)]
    wanted = _wanted(query, people)
    names = [name for name in people if not any(name == o for o, _ in wanted)]
    if not wanted and not names:
        return []
    roles = {_role(said) for _, said in wanted}
    condition = Q(name__in=names) | Q(kin__in=roles) | Q(name__in=[f"~{role}" for role in roles])
    rows = (MemoryMention.objects.filter(condition, memory__scope_id__in=list(scope_ids))
            .values_list("memory_id", "memory__content", "memory__subject__external_id")[:MAX_ROWS])
    contents = {pk: (content, subject or "") for pk, content, subject in rows}
    found = [b for content, subject in contents.values() for b in bindings(content, subject)]
    return _other_names(query, wanted, names, found)


def _english_aliases(query: str, scope_ids: Sequence[uuid.UUID]) -> list[str]:
    """The names the scopes' memories bind to each of the speaker's kinship words an English question says ("the
    user's boyfriend", "my sister": ``MemoryMention`` rows that hold the role and a name, written from "my
    boyfriend's name is Mark", "Mark (the user's boyfriend)"), most often bound first, at most ``MAX_NAMES`` a
    word. A name the question already says is not repeated."""
    roles = {KIN_EN[m.group(1).casefold()] for m in KIN_EN_RE.finditer(query)}
    if not roles:
        return []
    rows = (MemoryMention.objects.filter(kin__in=roles, memory__scope_id__in=list(scope_ids))
            .exclude(name__startswith="~").values_list("kin", "name")[:MAX_ROWS])
    said = query.casefold()
    extra: list[str] = []
    for role in sorted(roles):
        counted = Counter(name for kin, name in rows if kin == role and name not in said)
        extra += [name.title() for name, _ in counted.most_common(MAX_NAMES)]
    return list(dict.fromkeys(extra))


def _wanted(query: str, people: Sequence[str]) -> list[tuple[str, str]]:
    """(owner, kinship word as said) of each kinship word the question says: the owner is the person named just
    before 的 ("给林晓峰的小姨" → 林晓峰), or the asker ("我是周浩，我下属…"), or "" (whoever says it)."""
    asker = _ASKER.search(query)
    wanted = [(next((p for p in people if m.group("owner").endswith(p)), ""), m.group("said"))
              for m in _OWNED.finditer(query)]
    wanted += [(asker.group("owner") if asker else "", m.group("said")) for m in _MINE.finditer(query)]
    return [(owner, said) for owner, said in wanted if _role(said)]


def _other_names(query: str, wanted: Sequence[tuple[str, str]], names: Sequence[str],
                 found: Sequence[tuple[str, str, str]]) -> list[str]:
    """The names bound to each wanted kinship word (most often bound first), and each name's owner and word."""
    extra: list[str] = []
    for owner, said in wanted:
        counted = Counter(name for o, s, name in found if s.endswith(said) and (not owner or o == owner))
        extra += [name for name, _ in counted.most_common(MAX_NAMES) if name not in query]
    for name in names:
        counted = Counter(f"{o} {s}".strip() for o, s, n in found if n == name)
        extra += [alias for alias, _ in counted.most_common(1)]
    return list(dict.fromkeys(extra))


def with_aliases(query: str, scope_ids: Sequence[uuid.UUID]) -> str:
    """The query with the other names of the people it names appended (``aliases``); the query as it is when
    there are none."""
    extra = aliases(query, scope_ids)
    return f"{query} {' '.join(extra)}" if extra else query
