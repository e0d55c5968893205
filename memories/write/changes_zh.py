"""More of how a Chinese statement says a change, for ``memories.write.changes``.

- Verbs of ending the core cues (``changes._STRONG_ZH``) lack: leaving a race, a group or a course ("退赛",
  "退群", "退课", "退出", "退订"), taking something off or down ("拆" said done: "拆石膏了", "热水器拆了"), hair dyed
  another colour or back ("染回", "染成"), a trial post made permanent ("转正"), a subscription not renewed
  ("没续", "不续费"), a thing given away or sold on ("送人", "出掉", "卖给同事"), a thing done away with by 把
  ("把胡子刮了", "把旧卡注销了"), a debt paid off ("还清了", "尾款付完了").
- Words that name a thing though jieba tags them otherwise: abbreviations (tag ``j``: "社保", "医保", "央企")
  and the unknown words it takes for a person's name (tag ``nr``: "托班", "爱奇艺").
- A verb and its object that jieba's dictionary holds as a name ("戴眼镜" tagged ``nr``) are read as the verb and
  the noun, so "不用戴眼镜了" names 眼镜.
- A run of nouns is held by an old statement when each of its pieces is: among the old one's search words, or,
  for a Chinese piece, inside its text ("网名" in "网名叫…", which jieba cuts "网 / 名叫"); so "框架眼镜" is held by
  "戴框架眼镜" and "手机壳" is not by "手机号". The write's candidate query finds such a memory by the piece or by
  its characters (the lexical index holds each Chinese character too: ``text.search_words``); a Latin piece is
  taken as the index holds it ("ThinkPad": thinkpad).
- A memory that opens with the speaker and goes on to a place by them ("用户隔壁那家烘焙店关门了", "用户楼下的超市
  搬走了") is about the thing there, not the speaker (``nearby_thing``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from jieba import posseg
from jieba.posseg import pair

from memories.write.people import KIN_ZH_RE
from memories.write.text import has_cjk, stemmed

__all__ = ["MORE_ZH", "NAME_TAGS", "held_in", "indexed", "named_by_verb", "nearby_thing", "piece_query", "unfused"]

MORE_ZH = re.compile(r"退[赛群课出订团伙会]|拆[了掉]|拆[^，。；了]{1,5}了|染[回成]|转正|[没不]再?续|送人|"
                     r"出掉|卖给|转卖|改[坐骑穿抽玩听看学练打住读开]|结[课业]|毕业了|被(?:人)?偷|[丢弄]丢了|卸任|"
                     r"交给[^，。；]{1,8}了|停更|断更|扔[了掉]|撤[了掉]|报废|结束了|"
                     r"把[^，。；]{1,8}?转(?:过去|走|出去|到[^，。；]{1,6})了|转粉|戒(?=[\u4e00-\u9fff]{1,2}(?:了|$))|摘[了掉下]|摘[^，。；了]{1,4}了|出院|"
                     # a thing done away with by 把 ("把胡子刮了", "把卡注销了"), a debt paid off ("还清了")
                     r"把[^，。；]{1,8}?(?:刮|剃|剪|拔|扔|卖|退|停|关|删|卸|注销|转让)(?:了|掉)|[刮剃]掉|"
                     r"(?:还|付|结)[清完]了?|"
                     # leaving the army (退伍), a number closed (销号), a thing fetched back from where it
                     # was ("把车从修理厂提回来了"), a thing sold (房子出手了), a course of treatment done
                     # (理疗做完了), a birth
                     r"退伍|退役|复员|销号|销户|注销|停机|从[^，。；]{1,8}(?:提|接|领|拿|取|搬|开)回来|[房车]子?出手了|"
                     r"(?:做|上|打|吃)完了|生了|出生了")
#: What a change names by its verb alone: the thing quit ("戒酒了": 酒, which "喝啤酒" holds), the verb whose
#: object changed ("改喝热拿铁": 喝, what "平时喝冰美式" does), a fan's word ("转粉勇士": 迷, as in 球迷), the
#: hospital left ("出院": 院, as in 住院), a rental ended ("退租": 租), hair dyed again ("染回黑色": 染), a
#: relative's home left ("婆婆搬去养老院": 住, what "跟我们一起住" says),
#: a thing taken off ("摘牙套了": 牙套).
_NAMED_BY_VERB = re.compile(r"戒(?![了掉过着])([\u4e00-\u9fff]{1,2}?)(?:了|$)|"
                            r"(?:改|换)(?:成|为)?([喝吃用坐骑穿抽玩听看学练打住读开])(?![了过掉成])|转(粉)|出(院)|退(租)|(?:退|复)(伍|役|员)|(生)了|(染)(?=[回成])|(搬)(?=[去到进回走出])|摘(?:掉|下)?([\u4e00-\u9fff]{2,3}?)(?=了)")
NAME_TAGS = frozenset({"j", "nr"})


def held_in(word: str, held: set[str], old: str) -> bool:
    """Whether every piece of ``word`` (space-separated) is among ``held`` (the old statement's search words,
    case-folded: "ThinkPad" is "thinkpad") or, when Chinese, inside ``old``'s text."""
    return all(piece.casefold() in held or (has_cjk(piece) and (piece in old or _loosely_in(piece, old)
                                                                or _suffixed_in(piece, old)))
               for piece in word.split())


def _suffixed_in(piece: str, old: str) -> bool:
    """Whether a noun of a character and the suffix 子 is in ``old`` by its character ("房子" in "攒钱买房")."""
    return len(piece) == 2 and piece.endswith("子") and piece[0] in old


def _loosely_in(piece: str, old: str) -> bool:
    """Whether a Chinese word of three characters or more is in ``old`` with at most one character put in before
    each of its later characters ("棒球队" in "棒球校队")."""
    if len(piece) < 3 or not has_cjk(piece):
        return False
    spread = re.escape(piece[:2]) + "".join(f"[\u4e00-\u9fff]?{re.escape(c)}" for c in piece[2:])
    return re.search(spread, old) is not None


def unfused(tokens: Iterable[pair]) -> Iterator[pair]:
    """``tokens`` with each name of three characters or more that is a one-character verb and a noun ("戴眼镜")
    given as the two."""
    for token in tokens:
        if token.flag == "nr" and len(token.word) >= 3:
            verb, rest = posseg.lcut(token.word[0]), posseg.lcut(token.word[1:])
            if verb[0].flag == "v" and len(rest) == 1 and rest[0].flag == "n":
                yield from (*verb, *rest)
                continue
        yield token


def indexed(word: str) -> str:
    """A word of a Chinese statement as the lexical index holds it: Chinese as said, Latin letters case-folded and
    stemmed ("MacBooks": macbook)."""
    return word if has_cjk(word) else stemmed([word.casefold()])[0]


def piece_query(piece: str, quoted: Callable[[str], str]) -> str:
    """A text search query term for one piece of a change's word: a Chinese piece of two characters or more, as
    itself or all its characters ("网名": 网名 | 网 & 名)."""
    if not has_cjk(piece) or len(piece) < 2:
        return quoted(piece)
    return "(" + quoted(piece) + " | " + " & ".join(map(quoted, piece)) + ")"


def named_by_verb(text: str) -> list[str]:
    """What a Chinese statement of change names by its verb alone (``_NAMED_BY_VERB``), one character each: the
    thing quit, the verb whose object changed, 迷 for a fan turned ("转粉"), 院 for the hospital left, 住 for a
    relative's home left, the thing taken off."""
    found = (word for match in _NAMED_BY_VERB.finditer(text) for word in match.groups() if word)
    kin = bool(KIN_ZH_RE.match(text))  # a relative's move (the speaker's own is the home slot's; a thing's is none)
    return [{"粉": "迷", "搬": "住", "伍": "兵", "役": "兵", "员": "兵", "生": "怀孕"}.get(word, word) for word in found
            if (kin or word != "搬") and word not in _PARTICLES]


_PARTICLES = frozenset("了掉过着的得地")


#: Words for next to a place (a complete class): what follows is a thing there, not the speaker's own ("家里" is).
_NEAR = frozenset(("隔壁", "对面", "斜对面", "对门", "楼下", "楼上", "附近", "旁边", "边上", "门口", "周边", "周围",
                   "跟前", "不远处", "马路对面", "街对面"))


def nearby_thing(text: str) -> bool:
    """Whether a memory that opens with the speaker goes on to a thing next to them, the subject ("用户隔壁那家烘焙店
    关门了", "用户公司附近的健身房搬了", "用户楼下的超市…"): a word for next to (``_NEAR``) before any verb, with
    what is there after it."""
    if not text.startswith("用户") or text.startswith("用户的"):
        return False
    tokens = list(posseg.cut(text[2:14]))
    for n, token in enumerate(tokens[:-1]):
        if token.word in _NEAR:
            return tokens[n + 1].word == "的" or tokens[n + 1].flag[:1] in {"r", "n"}
        if token.flag[:1] in {"v", "p", "d", "t", "m"} or token.word.startswith(("在", "是", "有", "和", "跟")):
            return False
    return False
