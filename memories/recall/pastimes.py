"""A question asking what a person likes to do ("What are Alex's hobbies?", "What does the user do for fun?",
"她周末一般干嘛？", "他有什么兴趣爱好？") is answered by the memories that state a liking or a pastime of that person
("I've gotten really into bouldering", "my go-to way to unwind is baking", "她最近迷上了养多肉", "我舅舅一有空就去
钓鱼"). Those often share no word with the question, and lose to other memories about the same person (an
introduction, a phone number); few of them fill a slot (``memories.write.slots_states`` reads "I love X" said
first), so their text is read here, at search time, among the candidates only.

``asks_pastimes`` reads the question (English and Chinese, a liking or pastime asked for itself: not "When did
she start painting?"); ``pastime_holders`` the candidates whose text states a liking or a pastime (a verb of
liking or taking up, a hobby word, "for fun", "in my spare time", "没事就", "迷上", …), of the person asked
about: the subjects a statement speaks of are the relatives its kinship words name, the people it names and its
speaker label's name (the user when it names none), held to the question by ``attributes.held_by_asked`` (the
attribute lever's rules: a named person, the user, a relative, whose relative). They gain
``RECALL_PASTIME_BOOST`` × the best candidate's fused score (``pastime_lifted``). One statement (the candidates'
contents), only for a question that asks for pastimes; hybrid searches only."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping, Sequence

from django.conf import settings

from memories.recall.attributes import held_by_asked, kin_subjects
from memories.recall.sql import contents
from memories.write.people import SPEAKER_LABEL, ZH_NOT_NAMES, chinese_names, is_chinese_name
from memories.write.slot_values import SELF
from memories.write.text import has_cjk

_WHO = r"(?:[\w']+\s+){0,3}?[\w']+"
_ASKS = re.compile(
    r"\b(?:hobby|hobbies|pastimes?|interests|leisure|free\s+time|spare\s+time|downtime|for\s+fun|to\s+unwind|"
    r"to\s+relax|(?:what|which)\s+(?:\w+\s+)?(?:activities|sports|games|pursuits)(?!\s+(?:has|have|did|had)\b)|"
    rf"what\s+(?:do|does|did)\s+{_WHO}\s+(?:like|love|enjoy)(?:s)?\s+(?:to\s+do|doing)|"
    rf"how\s+(?:do|does)\s+{_WHO}\s+(?:relax|unwind|spend\s+(?:\w+\s+)?(?:free\s+)?(?:time|weekends?|evenings?))|"
    rf"what\s+(?:is|are)\s+{_WHO}\s+(?:into(?=\s*(?:\?|$|these|lately|now|nowadays))|passionate\s+about)|"
    rf"what\s+(?:is|are)\s+{_WHO}\s+passions?|"
    # something to do asked for: its answer is what the person likes ("suggest something to do this weekend")
    r"(?:suggest|recommend)\w*\s+(?:\w+\s+){0,3}?(?:to\s+do|activit(?:y|ies))|weekend\s+(?:ideas?|activit(?:y|ies))|"
    r"what\s+should\s+(?:i|we)\s+do\s+(?:this|on\s+the|over\s+the|for\s+the)\s+weekend)\b"
    r"|(?:推荐|建议|安排|想找)[^，,。？?]{0,6}(?:活动|去处|好玩|玩的|消遣)|去哪(?:儿|里)?(?:玩|逛|走走)"
    r"|(?:出去|出门|出門)(?:玩|走走|逛逛?)[^。？?]{0,12}(?:推荐|建议|推薦|建議|(?:去|上)(?:哪|什么地方))"
    r"|(?:周末|假期|放假|休息|有空)[^。？?]{0,12}(?:去|上)哪(?:儿|里|裡)?(?:比较)?(?:好|合适|合適)"
    r"|(?:活动|活動|去处|去處|好玩的?)(?:地方)?[^，,。？?]{0,3}(?:推荐|推薦|建议|建議)"
    r"|爱好|兴趣|嗜好|消遣|业余|闲暇|空闲时|有空(?:的时候)?(?:都|一般|喜欢)?(?:干|做|玩)|喜欢(?:干|做|玩)点?(?:什么|啥|嘛|些)|"
    r"(?:平时|周末|没事|闲着?)(?:的时候|时)?(?:都|一般|喜欢|没事|会|常|爱)*(?:干|做|玩|搞)点?(?:什么|啥|嘛|些)|迷上了?(?:什么|啥)|热衷于?(?:什么|啥)",
    re.IGNORECASE)
# A question about when, why or how something began asks for an event ("When did Jon take up painting?").
_EVENT = re.compile(r"^\W*(?:when|how\s+(?:long|many|much|come|did|has|have|often))\b|\b(?:why|reasons?)\b|什么时候|"
                    r"为什么|为啥|多久|"
                    r"哪(?:一)?年|几点|多少次", re.IGNORECASE)

# A dialogue's speaker labels ("Bart: …", "Assistant: …", "助手：…") and a question's sentences.
_TURN = re.compile(r"(?:^|(?<=\s))(?:[A-Z][\w-]*|用户|助手)\s*[:：]\s")
_SENTENCE = re.compile(r"(?<=[?？!！。.;；])\s*")

# A statement of a liking or a pastime, in general terms: a verb of liking or taking up, a hobby word, the time
# one gives to it.
_STATES_EN = re.compile(
    r"(?<!'d\s)(?<!would\s)\b(?:(?:love|loves|loved|loving|adore|adores|enjoy|enjoys|enjoyed|enjoying)\s+"
    r"(?!(?:it|that|this|you|yourself|yourselves|them|those|these|your|how|what|when|hearing|seeing|the\s+idea)\b)|(?:like|likes|liked)\s+(?:to\s+\w+|\w+ing)|"
    r"(?:am|'m|is|are|'re|been|getting|got|gotten|get)\s+(?:\w+\s+)?into|(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|"
    r"passion(?:ate)?|hobby|hobbies|pastimes?|for\s+fun|free\s+time|spare\s+time|downtime|to\s+unwind|"
    r"obsessed\s+with|hooked\s+on|addicted\s+to|crazy\s+about|(?:took|take|takes|taken|picked|pick|picks)\s+up|"
    r"(?:got|gotten|getting)\s+(?:back\s+)?into|favou?rite\s+(?:thing|activity|activities|sport|way|pastime)|"
    r"(?:every|on)\s+weekends?|(?:every|each)\s+(?:morning|evening|saturday|sunday)|in\s+my\s+leisure)\b",
    re.IGNORECASE)
_STATES_ZH = re.compile(
    r"爱好|兴趣|嗜好|喜欢|热爱|(?<![可恋亲])爱(?!人|情|心|护|国|上他|上她)[\u4e00-\u9fff]|迷上|着迷|痴迷|沉迷|热衷|入坑|上瘾|"
    r"迷恋|发烧友|最爱|没事(?:就|儿就|的时候就)|有空(?:就|的时候就|儿就)|闲(?:了|下来|着没事)就|业余|消遣|"
    r"周末(?:基本|一般|常常|经常|总)?(?:都|就)?(?:在|去|会)|一有(?:空|时间)就|坚持(?:每天|每周)?")
_EN_NAME = re.compile(r"\b[A-Z][a-z]+\b")
_NOT_NAMES = frozenset({"i", "yeah", "yes", "no", "oh", "ok", "okay", "wow", "well", "so", "and", "but", "the",
                        "a", "my", "we", "it", "that", "this", "hey", "hi", "thanks", "thank", "sure", "really",
                        "just", "also"})
_LABEL_ZH = re.compile(r"^\s*([\u4e00-\u9fff]{2,4})\s*[:：]\s*")
_QUESTION = re.compile(r"[?？]\s*$")


def asks_pastimes(query: str) -> bool:
    """Whether the question asks what someone likes to do: one of its sentences does, not about when or why; of
    a dialogue passed as the query, its last turn (what an earlier turn asked is not what is asked now)."""
    turn = _TURN.split(query)[-1]
    return any(_ASKS.search(sentence) and not _EVENT.search(sentence) for sentence in _SENTENCE.split(turn))


def states_pastime(content: str) -> bool:
    """Whether a memory's text states a liking or a pastime (not a question)."""
    if _QUESTION.search(content):
        return False
    return (_STATES_ZH if has_cjk(content) else _STATES_EN).search(content) is not None


def subjects(content: str, known: Iterable[str] = ()) -> set[str]:
    """Whom a statement speaks of, as slot subjects: the relatives it names, the people it names (``known``: the
    names the question says, found in it as written), and its speaker's label (a Chinese label only when the
    statement names no one else; the user when nothing is said)."""
    label = SPEAKER_LABEL.match(content) or _LABEL_ZH.match(content)
    body = content[label.end():] if label else content
    folded = body.casefold()
    said = kin_subjects(body) | {name for name in known if name and (
        name in folded if not name.isascii() else re.search(rf"\b{re.escape(name)}\b", folded))}
    if has_cjk(body):
        said |= {name.casefold() for name, _ in chinese_names(body)}
    else:
        said |= {word.casefold() for word in _EN_NAME.findall(body)} - _NOT_NAMES
    speaker = label.group(1).casefold() if label else ""
    if speaker and speaker not in {"用户", "我", "user", "assistant", "助手"} and (not said or not has_cjk(body)):
        said.add(speaker)
    return said or {SELF}


def pastime_holders(ids: Iterable[uuid.UUID], query: str, people: Sequence[str] = ()) -> set[uuid.UUID]:
    """Of these memories, those stating a liking or a pastime of the person the question asks about."""
    wanted = list(ids)
    if not wanted or not asks_pastimes(query):
        return set()
    rows: list[tuple[uuid.UUID, list[str], str]] = [(pk, [], content) for pk, content in contents(wanted)
                                                    if states_pastime(content)]
    known = {name.casefold() for name in people} | {name.casefold() for name, _ in chinese_names(query)}
    known |= {word for word in query.split() if is_chinese_name(word) and word not in ZH_NOT_NAMES}  # kin's aliases
    filled = [(pk, subject) for pk, _, content in rows for subject in subjects(content, known)]
    return held_by_asked(query, rows, filled, people)


def pastime_lifted(fused: Mapping[int, float], held: set[int]) -> dict[int, float]:
    """``fused`` with each holder gaining ``RECALL_PASTIME_BOOST`` × the best candidate's score."""
    boost = float(settings.RECALL_PASTIME_BOOST)
    if boost <= 0 or not held or not fused:
        return dict(fused)
    lift = boost * max(fused.values())
    return {pk: value + lift if pk in held else value for pk, value in fused.items()}
