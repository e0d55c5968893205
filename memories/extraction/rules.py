"""The offline extractor: explicit statements in English and Chinese, no model, no network.

Used when ``ANTHROPIC_API_KEY`` is empty, so the whole system works offline. It reads ONLY user turns
(so the assistant's words can never become user facts) and recognises a small set of explicit forms:

| form | example | memory |
|---|---|---|
| remember …             | "Remember: my badge number is 42" / "记住：…"            | fact, confidence 0.95      |
| my project is called X | "my project is called Starlight" / "我的项目叫星辰计划"  | fact, project:<x>/name     |
| … is due / deadline is | "the prototype is due next Monday" / "下周一是…截止日期" | task, project:<x>/deadline |
| I prefer/like/hate X   | "I like a blue theme" / "我喜欢蓝色主题" / "我讨厌…"     | preference, preference:<t> |

Entity keys are chosen so that a later statement about the same thing lands on the same key and the
conflict policy can supersede or pair it: a topic word (theme, font, 主题 …) names the key in both
languages; a bare colour ("I prefer green now") reuses the key of the colour preference already known.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import jieba

from memories.extraction.candidates import Candidate, KnownMemory, Turn
from memories.write.text import has_cjk

CONFIDENCE_EXPLICIT = 0.95
CONFIDENCE_STATED = 0.9
MAX_CANDIDATES = 50
SUMMARY_CHARS = 1500

_STOP = r"[,;.!?，。！？；\n]"
_NOT_STOP = r"[^,;.!?，。！？；\n]"
_REMEMBER = re.compile(r"^\s*(?:(?i:(?:please\s+)?(?:remember|note|don't\s+forget|remind\s+yourself|keep\s+in\s+mind|"
                       r"bear\s+in\s+mind|make\s+a\s+note|take\s+note)\b(?:\s+that)?)"
                       r"|(?:请|帮我)?(?:记住|记得|记一下|别忘了))\s*[:：,，\-–—]?\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?;。！？；])\s*|\n+")

_PROJECT = [
    re.compile(r"(?i:\b(?:my|our|the)\s+project(?:'s)?\s+(?:name\s+is|is\s+called|is\s+named|is\s+titled|called|named)"
               r"|\bworking\s+on\s+(?:a\s+project\s+called|project))\s+[\"'“‘]?(?P<name>\w[\w-]*(?:\s+[A-Z0-9][\w-]*)*)"),
    re.compile(r"项目(?:的)?(?:(?:名字|名称)(?:是|叫|为)|叫做|叫|名为)\s*[「“\"《]?(?P<name>[^,;.!?，。！？；」”\"》\s]+)"),
]
_DEADLINE = [
    # "the deadline for the launch is …", "the launch deadline is …" (one deadline)
    re.compile(rf"(?i:\b(?:(?:the|our|my)\s+)?(?:(?P<pre>(?!(?:the|our|my|is|so|and|but|a)\b)[\w-]+)\s+)?deadline"
               rf"(?:\s+for\s+(?:the\s+)?(?P<what>[\w\s-]+?))?\s+is)\s+(?P<when>{_NOT_STOP}+)"),
    re.compile(rf"(?i:\b(?:the\s+|our\s+|my\s+)?(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+is\s+due)\s+(?P<when>{_NOT_STOP}+)"),
    re.compile(rf"(?P<when>{_NOT_STOP}+?)是(?P<what>{_NOT_STOP}*?)的?截止(?:日期|时间|日)"),
    re.compile(rf"(?P<what>{_NOT_STOP}*?)的?截止(?:日期|时间|日)(?:是|为|在)(?P<when>{_NOT_STOP}+)"),
    re.compile(rf"(?P<what>{_NOT_STOP}+?)(?:要|需要|得)?在(?P<when>{_NOT_STOP}+?)(?:之前|以前)(?:完成|交付|提交)"),
]
_PREFERENCE = [
    re.compile(r"(?i:\bI\s+(?:(?:really|also|now|still|much|actually|definitely)\s+)*"
               r"(?P<verb>prefer|like|love|enjoy|hate|dislike|can't\s+stand|cannot\s+stand|don't\s+like|do\s+not\s+like))"
               rf"\s+(?P<what>{_NOT_STOP}+)"),
    re.compile(r"我(?:现在|其实|还是|也|比较|更|很|最|真的|一直|特别|非常)*"
               rf"(?P<verb>不喜欢|讨厌|喜欢|偏好|偏爱|爱(?!人|好|心|情))(?!的)(?P<what>{_NOT_STOP}+)"),
]
_NEGATIVE = {"hate", "dislike", "can't stand", "cannot stand", "don't like", "do not like", "不喜欢", "讨厌"}
_EN_TRAILING = re.compile(r"(?i)\s+(?:now|instead|too|as\s+well|anymore|any\s+more|better|best|a\s+lot|very\s+much"
                          r"|for\s+(?:it|this|that|now|the\s+project))$")
_ZH_TRAILING = re.compile(r"(?:了|啦|吧|呢|呀|一些|一点|多了|更多)$")
#: The rest of a list after its first item ("I like hiking, cooking and chess": ", cooking and chess"): short
#: items of no one's, the last after "and"/"or", up to the end of the sentence.
_LIST_ITEM = r"(?!(?:i|my|we|our|he|she|his|her|they|their|you|your|it)\b)[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}"
_LIST_TAIL = re.compile(rf"(?i)^(?:\s*,\s*{_LIST_ITEM})*\s*,?\s+(?:and|or|&)\s+{_LIST_ITEM}\s*(?=[.!?;]|$)")


def _listed(rest: str) -> str:
    """The rest of a list the liked thing opens, or ""."""
    m = _LIST_TAIL.match(rest)
    return m.group(0).rstrip() if m and m.group(0).lstrip().startswith(",") else ""


_ARTICLE = re.compile(r"(?i)^(?:a|an|the|my|our|some)\s+")
_PRONOUNS = {"it", "this", "that", "them", "these", "those", "which", "you", "它", "这个", "那个", "这", "那"}
_EN_CUT = re.compile(r"(?i)\s+(?:before|after|over|than|for|with|in|on|at|during|instead|when|because|but|and)\s.*$")

TOPICS = {"theme": "theme", "color": "color", "colour": "color", "font": "font", "language": "language",
          "editor": "editor", "ide": "editor", "framework": "framework", "music": "music", "coffee": "coffee",
          "tea": "tea", "mode": "mode", "layout": "layout", "style": "style", "tone": "tone", "format": "format",
          "主题": "theme", "颜色": "color", "字体": "font", "语言": "language", "编辑器": "editor",
          "框架": "framework", "音乐": "music", "咖啡": "coffee", "茶": "tea", "模式": "mode", "布局": "layout",
          "风格": "style", "格式": "format"}
_ZH_TOPIC_LABEL = {"theme": "主题", "color": "颜色", "font": "字体", "language": "语言", "editor": "编辑器"}
_COLOUR = re.compile(r"(?i)\b(?:red|orange|yellow|green|blue|purple|violet|pink|black|white|gr[ae]y|brown|teal|cyan)\b"
                     r"|[红橙黄绿蓝紫粉黑白灰棕青]色")


@dataclass
class _Statement:
    text: str
    explicit: bool
    turn: int


def _statements(turn: Turn) -> Iterator[_Statement]:
    for sentence in _SENTENCE_END.split(turn.content):
        match = _REMEMBER.match(sentence)
        text = sentence[match.end():] if match else sentence
        text = text.strip()
        if text:
            yield _Statement(text, bool(match), turn.index)


def _key(name: str) -> str:
    return re.sub(r"\s+", "-", name.strip().casefold())


def _tidy(text: str) -> str:
    return text.strip().strip("，。！？；,.!?;:：\"'“”‘’「」《》 ").strip()


def _topic_of(what: str) -> str | None:
    if has_cjk(what):
        return next((TOPICS[w] for w in TOPICS if has_cjk(w) and w in what), None)
    return next((TOPICS[w] for w in re.findall(r"\w+", what.casefold()) if w in TOPICS), None)


def _fallback_topic(what: str, verb: str = "prefer") -> str:
    """The key of a preference of no known topic: its head word for a choice ("prefer aisle seats": seats), the
    thing itself for a liking, since likings add up ("love Thai food" and "love Mexican food" are both true)."""
    if has_cjk(what):
        words = [w for w in jieba.lcut(what) if w.strip() and not re.fullmatch(r"\W+", w)]
        return words[-1] if words else what
    core = _EN_CUT.sub("", _ARTICLE.sub("", what))
    words = re.findall(r"[\w-]+", core.casefold())
    if verb != "prefer" and words:
        return " ".join(words[-3:])
    return words[-1] if words else core.casefold()


class RuleExtractor:
    name = "rules"

    def extract(self, turns: Sequence[Turn], known: Sequence[KnownMemory],
                context: Sequence[Turn] = ()) -> list[Candidate]:
        reader = _Reader(known)
        for turn in turns:
            if turn.role != "user":  # the assistant's words are never a source of user memories
                continue
            for statement in _statements(turn):
                reader.read(statement)
        return reader.found[:MAX_CANDIDATES]

    def summarise(self, previous: str, turns: Sequence[Turn]) -> str:
        """A plain rolling digest of what the user said (no model offline): the newest lines win."""
        lines = [line for line in previous.splitlines() if line.strip()]
        lines += [f"- {_tidy(t.content)[:200]}" for t in turns if t.role == "user" and _tidy(t.content)]
        kept: list[str] = []
        for line in reversed(lines):
            if sum(len(x) + 1 for x in kept) + len(line) > SUMMARY_CHARS:
                break
            kept.insert(0, line)
        return "\n".join(kept)


class _Reader:
    """The state of one extraction: what was found so far and the project being talked about."""

    def __init__(self, known: Sequence[KnownMemory]) -> None:
        self._known = list(known)
        self.found: list[Candidate] = []
        self._project = self._known_project()

    def read(self, s: _Statement) -> None:
        before = len(self.found)
        self._projects(s)
        self._deadlines(s)
        self._preferences(s)
        if s.explicit and len(self.found) == before and _tidy(s.text):
            self._add("fact", _tidy(s.text), "", s)

    def _add(self, type_: str, content: str, entity: str, s: _Statement) -> None:
        confidence = CONFIDENCE_EXPLICIT if s.explicit else CONFIDENCE_STATED
        self.found.append(Candidate(type=type_, content=content, entity=entity, confidence=confidence,
                                     provenance="stated", source_turns=[s.turn]))

    def _known_project(self) -> str | None:
        keys = {m.entity.split("/", 1)[0].removeprefix("project:") for m in self._known
                if m.entity.startswith("project:") and "/" in m.entity}
        if len(keys) != 1:
            return None  # none, or several projects: do not guess which one
        key = keys.pop()
        # The name as the user wrote it ("Starlight"), found in a memory's text; else the key itself.
        spelled = re.compile(re.escape(key).replace("\\-", "[\\s-]"), re.IGNORECASE)
        return next((m.group(0) for k in self._known if (m := spelled.search(k.content))), key)

    def _projects(self, s: _Statement) -> None:
        for pattern in _PROJECT:
            for m in pattern.finditer(s.text):
                name = _tidy(m.group("name"))
                if not name or name.casefold() in _PRONOUNS:
                    continue
                self._project = name
                content = f"项目叫{name}" if has_cjk(m.group(0)) else f"Project is called {name}"
                self._add("fact", content, f"project:{_key(name)}/name", s)

    def _deadlines(self, s: _Statement) -> None:
        seen: list[tuple[int, int]] = []
        for pattern in _DEADLINE:
            for m in pattern.finditer(s.text):
                if any(a < m.end() and m.start() < b for a, b in seen):
                    continue  # two forms matching one clause: keep the first
                seen.append(m.span())
                what, when = _tidy(m.group("what") or m.groupdict().get("pre") or ""), _tidy(m.group("when"))
                what = re.sub(r"(?i)^(?:and|but|also|so|then)\s+", "", what)
                if not when:
                    continue
                self._add("task", self._deadline_text(m, what, when), self._deadline_entity(what), s)

    def _deadline_text(self, m: re.Match[str], what: str, when: str) -> str:
        zh = has_cjk(m.group(0))
        if zh:
            clause = f"{what}的截止日期是{when}" if what else f"截止日期是{when}"
        else:
            clause = re.sub(r"(?i)^(?:and|but|also|so|then)\s+", "", _tidy(m.group(0)))
        if self._project and self._project.casefold() not in clause.casefold():
            return f"{self._project}{'：' if zh else ': '}{clause}"
        return clause

    def _deadline_entity(self, what: str) -> str:
        if self._project:
            return f"project:{_key(self._project)}/deadline"
        if what and what.casefold() not in _PRONOUNS:
            return f"deadline:{_key(_ARTICLE.sub('', what))}"
        return "deadline"

    def _preferences(self, s: _Statement) -> None:
        for pattern in _PREFERENCE:
            for m in pattern.finditer(s.text):
                verb = re.sub(r"\s+", " ", m.group("verb").casefold())
                what = self._clean_what(m.group("what") + _listed(s.text[m.end():]))
                if not what or what.casefold() in _PRONOUNS:
                    continue
                topic = _topic_of(what)
                looked_up = None
                if topic is None and _COLOUR.search(what):
                    looked_up = self._colour_preference_entity()
                    topic = "color" if looked_up is None else None
                entity = looked_up or f"preference:{_key(topic or _fallback_topic(what, verb))}"
                self._add("preference", self._preference_text(verb, what, looked_up), entity, s)

    @staticmethod
    def _clean_what(what: str) -> str:
        what = _tidy(what)
        if has_cjk(what):
            while _ZH_TRAILING.search(what):
                what = _ZH_TRAILING.sub("", what)
            return what
        previous = None
        while previous != what:
            previous, what = what, _EN_TRAILING.sub("", what).strip()
        return what

    def _colour_preference_entity(self) -> str | None:
        """The key of the colour preference already known (this batch first, then stored memories)."""
        pool = [(c.type, c.entity, c.content) for c in reversed(self.found)]
        pool += [(m.type, m.entity, m.content) for m in self._known]
        return next((entity for type_, entity, content in pool
                     if type_ == "preference" and entity.startswith("preference:") and _COLOUR.search(content)), None)

    @staticmethod
    def _preference_text(verb: str, what: str, looked_up: str | None) -> str:
        topic = looked_up.removeprefix("preference:") if looked_up else ""
        if has_cjk(what) or has_cjk(verb):
            label = f"（{_ZH_TOPIC_LABEL.get(topic, topic)}）" if topic else ""
            return f"{'不喜欢' if verb in _NEGATIVE else '喜欢'}{what}{label}"
        label = f" ({topic})" if topic else ""
        lead = "Dislikes" if verb in _NEGATIVE else "Prefers" if verb == "prefer" else "Likes"
        return f"{lead} {what}{label}"
