"""A change of what a person said before, read without an attribute slot: plain text in, the old value retired.

The slot readers (``memories.write.slots``) know the attributes people usually change (where one lives, works,
what one drives, eats, weighs…), each by its own rules. A change of anything else ("the band split up, I'm doing
solo gigs now" after "I play guitar in a band called The Lowlights"; "no more freelancing" after "I'm a freelance
photographer"; "工资现在发到建行卡上了" after "我的工资卡是招商银行的") would leave both live. This reads the change
itself, the same way in both languages:

- the new statement says a change (``said_changed``) by a verb of change or ending ("switched", "quit", "moved",
  "split up", "no longer", "no more", "didn't stick"; "改", "换", "搬", "不…了", "解散", "取消", "自从") — "now" or
  "again" alone say too little in a conversation ("X is now friends with…") — and is never hedged: a question, a
  plan or a wish, what might be, a stay ("this week", "for two weeks", "这周"), what is added ("also", "too", "也"),
  a change denied ("didn't switch", "没换"), a question put to the assistant and its answer;
- the old statement is a state, not an event or a view (``a_state``: "is", "lives", "plays", "在…"; not "visited
  Tokyo in 2019", "used to", "thinks…", "is proud of…", "去了成都");
- both are about one subject (``subject_of``: the speaker, "The user's mother" / "mom", a named person), and
- a word of the new statement that names a thing (``change_words``: a content word, not a verb of change, not the
  subject; one said after another content word goes with it, so "the chess club" is not "the university club";
  in Chinese a run of nouns is one word, held when each of its pieces is among the old one's search words or in
  its text, so "手机壳" is not "手机号"; a possessor is left out: "电动车的电池换了" names the battery; more verbs of
  ending and nouns by jieba's tags in ``changes_zh``) is among the old one's search words, by its root ("therapy"
  and "therapist"), by kind ("church" and "mass", "account" and "bank", "allegiance" and "fan"), or in Chinese as an
  abbreviation (北马: 北京马拉松) or by the verb alone (``changes_zh.named_by_verb``: "戒酒了" names 酒, "改坐地铁"
  the habit of 坐). A death names the one who died, a theft's subject is the speaker whose thing was taken, and
  "he"/"she" opening a change is the relative of that sex the old statement is about (``changes_who``).
  "him"/"her" moved out of or into something by the speaker is the relative the old statement is about
  ("The user pulled him out of daycare."); a Chinese statement that opens with a thing the old one names is about
  it ("小新换成MacBook Air了").

A plan (``_a_plan``: "is planning to …", 准备/打算/计划) is ended by its calling off ("北马跑不了了"); a thing got
("got a plot", 分到, 批下来) ends only a wait for it ("on the waitlist for …", 排队等); a relative's coach or friend
("the user's son's coach", "用户的外甥的战友") is someone else, not the relative. A post handed on is the speaker's,
named by its role ("用户的教练的活交给…"); a thing the speaker only listens to or follows is not theirs ("用户常听
的一个播客停更了"); a thing's term ended is the thing's ("家委会的任期结束了"); an exam passed ends the study for it,
and a thing bought the saving for it (``_WAITING``).

Then the pair is linked as two values of one slot, ``<subject>|change:<word>`` (``related._compared``), and the
conflict policy decides it as it decides any slot (both stated with confidence: the old one superseded; the old
one holding other slots the new does not: a person decides). The words are also how the write's candidate query
finds the old memory (``sql.RELATED_SQL``'s ``change`` column), whatever its vector's distance.
"""

from __future__ import annotations

import re
from functools import lru_cache

from jieba import posseg
from jieba.posseg import pair

from memories.write.changes_org import place_opens
from memories.write.changes_who import died, pronoun_of, same_one, stolen_from_self, subject_word
from memories.write.changes_zh import (
    MORE_ZH,
    NAME_TAGS,
    held_in,
    indexed,
    named_by_verb,
    nearby_thing,
    piece_query,
    unfused,
)
from memories.write.changes_zh_frame import causee, new_part
from memories.write.people import KIN_ZH_RE
from memories.write.roles import KIN_EN
from memories.write.slot_values import KIN_ZH_ALT
from memories.write.text import has_cjk, stemmed

__all__ = ["a_state", "change_query", "change_words", "changed_from", "said_changed", "subject_of"]

# --------------------------------------------------------------------------- English

# A verb of change or ending: what it says holds whatever the tense ("quit", "switched", "moved out").
_STRONG_EN = re.compile(
    r"(?i)\b(?:no longer|no more|any ?more|switched|switching|moved|relocated|transferred|quit|quitting|left|stopped|"
    r"gave up|given up|giving up|broke up|split up|splitting up|ended|cancell?ed|sold|traded(?: in)?|became|"
    r"become|converted|dropped|ported|replaced|retired|graduated|didn't stick|did not stick|fell through|"
    r"closed down|shut down|disbanded|folded|over it|withdrew|dropped out|came off|healed|recovered|dumped|ditched|"
    r"lost interest|got rid of|got out of|got (?:the|my|our|his|her|the user's) \w+ back from|"
    r"(?:did not|didn't|not going to|won't be) renew(?:ing)?|let (?:\S+ ){1,3}lapse|"
    r"had (?:the|her|a|their|his) baby|gave birth|cut (?:off |out )?(?:the|our|my|the user's)\b|outgrew|"
    r"fell out of love|burned out on|burnt out on|passed away|died|"
    r"(?:was|were|got|been) stolen|stole|handed (?:\S+ ){0,4}?(?:off|over)|stepped down|closed on|discharged|"
    r"turned in (?:the|my|our|his|her|their)\b|aged out of|broke down (?:the|my|our|his|her|their)\b|"
    r"(?:got |was |been )?totall?ed\b|written off|fizzled out|petered out|"
    r"(?:is|are|'s) (?:all |finally |officially )?(?:done|over|finished)(?=\s*(?:$|[.,!;]|now\b|for good\b))|"
    r"(?:is|are|am|'m|'re|been|was|were) done with|shaved (?:\S+ ){0,3}?off|shaved off|cleared out|"
    r"(?:gave|given|handed) back|paid off (?:the|my|our|his|her|their|all|a|an)\b|paid (?:it|them|\w+ loan) off|"
    r"went back to (?:my |being |the user's )?(?:natural|original|old|normal)|"
    r"dyed (?:it|the user's hair|my hair)|(?:made|paid) the (?:last|final) (?:payment|installment)|"
    r"had to (?:stop|quit|give up|leave|sell|cancel|drop|move)|(?:pulled|took) (?:\w+ )?out of|"
    r"went (?:full|part)[- ]time|went (?:freelance|vegan|vegetarian|remote|solo|sober|independent))\b")
_HEDGED_EN = re.compile(
    r"(?i)\?|\bassistant\b(?!\s+(?:coach|manager|professor|principal|director|editor|teacher|producer|chef|to|"
    r"store|district|attorney|librarian|nurse|pastor|head|captain|superintendent|dean))|\basked\b|\b(?:if|would|might|maybe|perhaps|thinking|considering|plans?\s+(?:to|on)|planning|wants?|wanted|wish|hope|"
    r"hoping|thought (?:about|of)|should|could|not sure|someday|probably|today|tonight|tomorrow|"
    r"this (?:week|weekend|morning|evening)|"
    r"for (?:a|one|two|three|four|a few|a couple of|\d+) (?:days?|weeks?|nights?)|until|covering|visiting|trying|"
    r"tried|used to|(?<!stopped )(?<!quit )(?<!stop )going to|will|won't|wouldn't|can't wait|next|also|"
    r"too(?=\s*[.,!;]|$)|as well|(?<!to )another|"
    r"temporar(?:y|ily)|for now|early|late|on time|at (?:\d|noon|midnight)|"
    r"for (?:lunch|the day|the night|the weekend|a bit|a while|a moment|a minute)|"
    r"ended up|dropped (?:off|by)|become like|left (?:over|behind)|moved (?:by|on to)|moved me)\b|"
    r"\b(?:didn't|did not|never|haven't|have not|hasn't|has not|wasn't|isn't|not)\s+(?:\w+\s+)?"
    r"(?:switch|move|quit|leave|left|change|stop|sell|sold|transfer|retire|break|broke|give|gave|end)")
_PAST_VERBS = (r"\w+ed|went|was|were|had|got|made|took|saw|met|did|bought|came|ran|ate|drank|gave|found|spent|"
               r"told|said|won|lost|flew|drove|wrote|read|sent|built|began|brought|caught|felt|heard|kept|paid|"
               r"sat|slept|sold|taught|thought|threw|wore|forgot|fell|rode|sang|swam|chose|hid|held|led|lent")
# "the user's phone plan": a thing named in two words, the second no verb
_SUBJECT_EN = (r"^(?:the user(?:'s \w+(?: (?!(?:is|are|was|were|has|have|had|does|do|got|gets)\b)\w+)?)?"
               r"(?: and others)?|[A-Z][\w\-]+(?:'s \w+)?)\s+"
               r"(?:(?:just|recently|finally|really|still|currently|usually)\s+)?")
# "The user and others keep chickens": a plural verb after the speaker and others
_PRESENT_WE = re.compile(r"(?i)^the user and others\s+(?:(?:just|still|usually|currently|really|now)\s+)?"
                         r"(?!(?:were|had|did|used|got|went|made|took)\b)[a-z]+(?<!ed)\b")
_PAST_EN = re.compile(rf"(?i){_SUBJECT_EN}(?:used to|{_PAST_VERBS})\b")
# What one thinks or feels is a view, not a state a change ends.
_VIEW_EN = re.compile(rf"(?i){_SUBJECT_EN}(?:thinks|feels|believes|hopes|wishes|wants|knows|loves (?:it|that|how|when)|"
                      r"finds|is (?:so |really |very )?(?:glad|proud|excited|happy|lucky|grateful|thankful|sure|sorry|"
                      r"worried|nervous|stoked|thrilled|amazed|impressed|blessed|over the moon|inspired|touched))\b")
_PRESENT_EN = re.compile(rf"(?i){_SUBJECT_EN}(?:(?:is|are|am|has|have|'s|do|does|doesn't|does not|don't|do not|"
                         rf"can't|cannot|isn't|is not)\b|(?!was\b|has\b)\w+s\b)")
_WHEN_EN = re.compile(
    r"(?i)\b(?:yesterday|ago|last (?:week|month|year|night|weekend|summer|winter|spring|autumn|fall)|"
    r"in (?:19|20)\d\d|on \d{1,2} [a-z]+ \d{4}|\d{1,2} [a-z]+ (?:19|20)\d\d)\b")
_NOT_NAMES_WORDS = ("the it its this that these those they there he she his her we our you your my a an "
                     "what when where why how if so but and or after before since while once now then")
_NOT_NAMES = frozenset(_NOT_NAMES_WORDS.split())
_KIN_EN = {"mom": "mother", "mum": "mother", "mommy": "mother", "mama": "mother", "dad": "father",
           "daddy": "father", "papa": "father", "hubby": "husband", "manager": "boss", "supervisor": "boss"}
# Words that name no thing: grammar, the subject, time, and the verbs of change themselves.
_FUNCTION_EN_WORDS = (
    "the user user's users and others a an of in on at to for with from by is are was were be been being has have "
    "had do does did not no it its this that these those there their they them he she his her him i me my we our you "
    "your as so just now again also very really more less much many some any all up down over into out about after "
    "before since than then still even only back new old one two three four five six year years month months week "
    "weeks day days time times lot bit thing things way ago last next get got gotten go goes going went gone make "
    "made take took taken want like lately anymore any longer ever around these days nowadays everyday every each "
    "full part first second well yet though other another person people someone something everything anything nothing "
    "lucky such what which who whom whose where when why how can could would should may must might shall much "
    "thinks think feel feels felt look looks looking help helps helped glad great good nice happy really able "
    "stop start started starting pull pulled work works working whole entire")
_FUNCTION_EN = frozenset(_FUNCTION_EN_WORDS.split())


def _en_subject(text: str) -> str:
    lowered = text.casefold()
    if (found := re.match(r"the user's (?:new |old |ex-)?([a-z\-]+)", lowered)) is not None:
        word = _KIN_EN.get(found.group(1), found.group(1))
        theirs = re.match(r"the user's [a-z\-]+'s ([a-z\-]+)(?: ([a-z\-]+))?", lowered)
        person = next((w for w in (theirs.groups() if theirs else ()) if w in KIN_EN or w in _KIN_EN), "")
        if person:
            return f"~{word}'s {person}"  # "the user's son's baseball coach quit": the coach, not the son
        # A relative or a role is someone else; a thing of the user's ("the user's band split up") is the user's.
        return "~" + KIN_EN.get(word, word) if word in KIN_EN or word in _KIN_EN.values() else "self"
    if lowered.startswith("the user") or stolen_from_self(text):
        return "self"
    found = re.match(r"([A-Z][\w\-]+)\b(?!')", text)
    if found is None or found.group(1).casefold() in _NOT_NAMES or found.group(1).endswith("ing"):
        return ""
    return found.group(1).casefold()


def _en_changed(text: str) -> bool:
    hedges = [found.group(0).casefold() for found in _HEDGED_EN.finditer(text)]
    if hedges and not (set(hedges) <= _A_DAY and _FOR_GOOD.search(text)):
        return False
    return bool(_STRONG_EN.search(text))


# A day said with a change that cannot be undone the next ("made the last payment today", "was discharged this
# morning") does not make it a one-off, as it does "covering a class today".
_A_DAY = frozenset(("today", "tonight", "this morning", "this evening"))
_FOR_GOOD = re.compile(r"(?i)\b(?:sold|quit|retired|graduated|discharged|passed away|died|paid off|"
                       r"paid (?:it|them) off|(?:last|final) (?:payment|installment)|closed on|broke up|split up|"
                       r"got rid of)\b")


# --------------------------------------------------------------------------- Chinese

_STRONG_ZH = re.compile(r"不再|再也不|不[^，。；]{0,8}了|没[^，。；]{0,3}了|改[成用喝吃去做]|换[了成到]?|"
                        r"转[学行到去岗成为正]|搬|离职|辞职|解散|分手|退[了休学租赛出]|拆[了掉]|痊愈|康复了|"
                        r"卖[了掉]|取消|戒[了掉]|停[了掉]|放弃|调[到去回]|升[职了为到成]|变成|"
                        r"成了|自从|没坚持|不干了|不做了|黄了|关门|[降涨加减]到|迁[到去往至]|改学|升级[成为到]")
_WEAK_ZH = re.compile(r"现在|如今|目前|开始")
_HEDGED_ZH = re.compile(r"？|\?|吗|呢|助手|问“|干脆|算了|如果|要是|假如|万一|打算|"
                        r"(?<![联思理梦感幻回构预猜设料])想[要去换搬]?|"
                        r"考虑|(?<!在)准备|计划|希望|"
                        r"要不要|是不是|今天|明天|这周|这个?周末|(?<!那)[一两三几]个?(?:星期|礼拜|周|天)(?![\d一二三四五六七八九十两几])|帮|代管|暂时|以前|之前|"
                        # "也" adds ("也养了只猫"), unless it says an end too ("也不骑电动车了")
                        r"当年|曾经|还没|也(?!不再|不[^，。；]{0,8}了)|没[换搬转改卖离辞]")
# "参加了一个读书会": a member of it now, no event
_EVENT_ZH = re.compile(r"过(?!敏)|[去来到买看见办玩回参加吃做]了"
                       r"(?![一两]个[^，。；]{0,8}(?:会|俱乐部|社团?|协会|群|小组|队|团)$)"
                       r"|^\d{4}年|上[周个]|昨天|前天|那天")
_TIME_ZH = re.compile(r"^(?:\d{4}年)?(?:\d{1,2}月)?(?:\d{1,2}日)?(?:[春夏秋冬]天|上半年|下半年|年初|年底)?")
# A thing put before the speaker ("合唱团用户退了", "收容所的义工用户不做了").
_FRONTED_ZH = re.compile(r"^[^，。；用]{1,8}用户(?!的)")
_NOUNS_ZH = frozenset({"n", "nz", "ng", "nt", "nl", "vn", "eng", "nrt", "an", "ns"}) | NAME_TAGS
_FUNCTION_ZH = frozenset({"用户", "用户等人", "现在", "时候", "东西", "事情", "样子", "问题", "情况", "时间", "今年",
                          "去年", "明年", "每天", "工作", "上班", "全部", "所有", "一切"})
# a thing's term or period ("家委会的任期结束了", "健身房的会员到期了"): its end is the thing's, not a part changed
_TERM_ZH = frozenset({"任期", "合同", "租期", "租约", "会籍", "会员", "期限", "疗程", "课程", "服务", "协议"})


_THEIRS_ZH = re.compile(rf"的?({KIN_ZH_ALT})")


# what the speaker only listens to, watches or follows: "用户常听的一个播客停更了" is the podcast's change
_FOLLOWED_ZH = re.compile(r"^用户(?:常|经常|一直|平时|最|很|特别|每天|每周)?"
                          r"(?:听|看|追|关注|订阅|喜欢|爱看|爱听|爱|收听|读)(?:过|着)?的")
# a role's post handed on, not the person: "用户的教练的活交给别人了", "用户组长的位置让出来了"
_POST_ZH = re.compile(r"^(?:用户|我)的?(?P<role>[\u4e00-\u9fff]{2,4}?)的(?:活儿?|职位|位置|岗位|差事|职务|担子|位子)"
                      r"[^，。；]{0,4}?(?:交给|让给|让出|移交|传给|交出|交接)")


def _zh_post(text: str) -> str:
    """The role whose post a Chinese statement opens with ("用户的教练的活…": 教练), else ""."""
    found = _POST_ZH.match(causee(_TIME_ZH.sub("", text, count=1)))
    return found.group("role") if found is not None else ""


def _zh_subject(text: str) -> str:
    text = causee(_TIME_ZH.sub("", text, count=1))
    if _zh_post(text):
        return "self"  # "用户的教练的活交给别人了": the post of coach, which the speaker held
    if (found := KIN_ZH_RE.match(text)) is not None:
        if (theirs := _THEIRS_ZH.match(text, found.end())) is not None:
            return f"~{found.group(1)}的{theirs.group(1)}"  # "用户的外甥的战友退伍了": the friend's, not the nephew's
        return "~" + found.group(1)
    if nearby_thing(text):
        return ""  # "用户隔壁那家烘焙店关门了": the shop's, not the speaker's
    if text.startswith("用户") or _WEAK_ZH.match(text) or _STRONG_ZH.match(text) or _FRONTED_ZH.match(text):
        return "self"
    first = next(iter(posseg.cut(text[:8])), None)
    return first.word if first is not None and first.flag == "nr" else ""


def _zh_changed(text: str) -> bool:
    return not _HEDGED_ZH.search(text) and bool(_STRONG_ZH.search(text) or MORE_ZH.search(text))


def _a_cue(word: str) -> bool:
    """Whether a token is a word of change itself."""
    return bool(_STRONG_ZH.fullmatch(word) or _WEAK_ZH.fullmatch(word) or MORE_ZH.fullmatch(word)
                or word in {"成", "为", "到"})


def _kin_before_thing(word: str, after: list[pair]) -> bool:
    """Whether ``word`` is a kinship or role word said before a noun that is none ("妈 化疗"; not "助理 教练")."""
    return KIN_ZH_RE.fullmatch("用户的" + word) is not None and bool(after) and after[0].flag in _NOUNS_ZH \
        and KIN_ZH_RE.fullmatch("用户的" + after[0].word) is None


@lru_cache(maxsize=4096)
def _zh_words(text: str) -> tuple[str, ...]:
    """Runs of nouns, each as one word ("手机"+"壳" is 手机壳), and verbs, of two characters or more."""
    words: list[str] = []
    run = ""
    changed = False
    tokens = list(unfused(posseg.cut(text)))
    for n, token in enumerate(tokens):
        cue = _a_cue(token.word)
        changed = changed or cue
        if not run and _kin_before_thing(token.word, tokens[n + 1:n + 2]):
            continue  # "用户的妈化疗…": the relative opens no run of what changed
        if token.flag in _NOUNS_ZH and not cue and token.word not in _FUNCTION_ZH:
            run += f" {indexed(token.word)}" if run else indexed(token.word)
            continue
        if token.word == "的" and run and not changed:
            # a possessor before the change ("电动车的电池换了"): what changed is what it has; but "家委会的任期"
            # is the committee's term, which ends it
            words.append(run if tokens[n + 1:n + 2] and tokens[n + 1].word in _TERM_ZH else "")
            run = ""
            continue
        words.append(run)
        run = ""
        if token.flag.startswith("v") and not cue:
            words.append(token.word)
    words.append(run)
    return tuple(w for w in words if _a_thing_word(w))


def _a_thing_word(word: str) -> bool:
    """Whether a word of ``_zh_words`` names a thing: two characters or more, no function word, no kinship word,
    nor the tagger's "的哥" of "用户的哥"."""
    return len(word) >= 2 and word not in _FUNCTION_ZH and not KIN_ZH_RE.fullmatch("用户的" + word) \
        and not KIN_ZH_RE.fullmatch("用户" + word)


# --------------------------------------------------------------------------- both

def subject_of(text: str) -> str:
    """Who a memory is about, by its opening words: "self" (the speaker), "~mother" (a relative of the speaker's,
    "mom" and "mother" one), a name in lower case, "?he"/"?she" (a pronoun: ``changes_who``), or "" (not known)."""
    return (_zh_subject(text) if has_cjk(text) else _en_subject(text)) or pronoun_of(text)


def said_changed(text: str) -> bool:
    """Whether a statement says something changed, unhedged (the module's first point)."""
    return _zh_changed(text) if has_cjk(text) else _en_changed(text)


def a_state(text: str) -> bool:
    """Whether a statement says how things are (a state that a change can end), not an event or a hedge."""
    if has_cjk(text):
        return not _EVENT_ZH.search(_TIME_ZH.sub("", text, count=1)) and not _HEDGED_ZH.search(text)
    if _PAST_EN.search(text) or _WHEN_EN.search(text) or _HEDGED_EN.search(text) or _VIEW_EN.search(text):
        return False
    return bool(_PRESENT_EN.search(text) or _PRESENT_WE.match(text))


def change_words(text: str) -> tuple[str, ...]:
    """The words naming what a statement of change is about, as the lexical index holds them; () when it says
    no change or names no one."""
    subject = subject_of(text) or ("thing" if re.match(r"(?i)the (?!user\b)[a-z]", text) or _zh_thing(text) else "")
    if died(text, subject) and not (_HEDGED_ZH if has_cjk(text) else _HEDGED_EN).search(text):
        return (subject_word(subject, has_cjk(text)),)  # a death ends all the one who died was (changes_who)
    if not subject or not (said_changed(text) or _obtained(text)) or _FOLLOWED_ZH.match(text):
        return ()
    own = {subject.lstrip("~"), *(k for k, v in _KIN_EN.items() if v == subject.lstrip("~"))}
    if has_cjk(text):
        text = causee(text)  # "医生让用户的爸把阿司匹林停了": what the one made to act changed
        thing = [_zh_thing(text)] if subject == "thing" else [post] if (post := _zh_post(text)) else []
        named = new_part(text, [*thing, *named_by_verb(text), *(w for w in _zh_words(text) if w not in own)])
        return tuple(dict.fromkeys(w.casefold() for w in named))
    return tuple(dict.fromkeys(_en_words(text, own)))


def _zh_thing(text: str) -> str:
    """The thing a Chinese statement of change opens with, before its verb of change ("小新换成MacBook Air了":
    小新), "" when it opens otherwise."""
    if not has_cjk(text):
        return ""
    ends = [found.start() for cue in (_STRONG_ZH, MORE_ZH) if (found := cue.search(text)) is not None]
    if not ends:
        return ""
    head = _TIME_ZH.sub("", text[:min(ends)], count=1)
    return head if 2 <= len(head) <= 10 and re.fullmatch(r"[\u4e00-\u9fffA-Za-z0-9]+", head) else ""


def _en_words(text: str, own: set[str]) -> list[str]:
    """Content words as stems; one after another content word is said with it ("chess club": "chess club", which
    a "university club" does not hold)."""
    words: list[str] = []
    before = ""
    acronyms = {w.casefold() for w in re.findall(r"\b[A-Z]{2}\b", text)}  # "the ER", "HR": a thing named
    for word in (w.removesuffix("'s") for w in re.findall(r"[a-z][a-z'\-]+|[,;:]", text.casefold())):
        if word in ",;:":
            before = ""  # "on Tuesday, chemo is done": no "tuesday chemo"
            continue
        content = ((len(word) > 2 or word in acronyms) and word not in _FUNCTION_EN and word not in own
                   and not _STRONG_EN.fullmatch(word))
        if content:
            stem = stemmed([word])[0]
            words.append(f"{before} {stem}" if before else stem)
        # A modifier is a plain word: not "two-cups-a-day" nor a participle ("assisted").
        before = stemmed([word])[0] if content and "-" not in word and not word.endswith("ed") else ""
    return [*words, *(kind for verb, kind in _IMPLIED.items() if re.search(rf"\b{verb}\b", text, re.IGNORECASE))]


#: What a verb of change implies: "discharged" is from the hospital, a colour dyed or gone back to is the hair's.
_IMPLIED = {"discharged": "hospit", "dyed|natural (?:brown|black|blonde?|red|gr[ae]y|colou?r)": "hair",
            "had (?:the|her|a|their|his) baby|gave birth": "pregnant"}


def change_query(words: tuple[str, ...]) -> str:
    """``words`` as a text search query that finds any of them, each of a compound ("chess club") too, a word by
    its root ("therapi": 'therap':*, which "therapist" holds) and a place of worship by any (``sql.RELATED_SQL``),
    "" for none."""
    def quoted(word: str) -> str:
        return "'" + word.replace("'", "''").replace("\\", "") + "'"

    def term(piece: str) -> str:
        if piece in _KINDS:
            return "(" + " | ".join(quoted(w) for w, kind in _KINDS.items() if kind == _KINDS[piece]) + ")"
        if not has_cjk(piece) and _root(piece) != piece:
            return quoted(_root(piece)) + ":*"
        return piece_query(piece, quoted)

    return " | ".join("(" + " & ".join(map(term, w.split())) + ")" for w in words)


def _thing_of(new: str, old: str) -> str:
    """"self" when a statement of change is about a thing the speaker's old statement names ("The band split up."
    after "The user plays guitar in a band …"; "小新换成MacBook Air了" after "用户的笔记本是联想小新"), else ""."""
    if has_cjk(new):
        thing = _zh_thing(new)
        return "self" if thing and thing in old and subject_of(old) == "self" else ""
    found = re.match(r"(?i)the ([a-z\-]+)\b", new)
    if found is None or subject_of(old) != "self" or not re.search(rf"(?i)\b(?:a|an|the|the user's) (?:[a-z\-]+ )?"
                                                                  rf"{re.escape(found.group(1))}\b", old):
        return ""
    return "self"


# Words for one thing (stems): "stopped going to church" ends "goes to mass at St. Anne's"; "moved all my accounts
# over to a credit union" ends "banks with Chase".
_KINDS = {**dict.fromkeys(("church", "mass", "parish", "congreg", "worship", "templ", "mosqu", "synagogu", "chapel"),
                          "church"),
          **dict.fromkeys(("bank", "account"), "bank"), **dict.fromkeys(("fan", "allegi", "fandom"), "fan")}


def _root(stem: str) -> str:
    """An English stem without its derivational ending when enough is left ("therapist", "therapi": "therap")."""
    root = re.sub(r"(?:ist|ian|or|i)$", "", stem)
    return _KINDS.get(stem, root if len(root) >= 5 else stem)


def _abbreviates(word: str, old: str) -> bool:
    """Whether a Chinese word of two or three characters is the first characters of as many words said one after
    another in ``old`` (北马: 北京马拉松)."""
    if not 2 <= len(word) <= 3 or not has_cjk(word):
        return False
    words = [token.word for token in posseg.cut(old) if len(token.word) >= 2]
    return any("".join(w[0] for w in words[i:i + len(word)]) == word for i in range(len(words) - len(word) + 1))


# The speaker moving a relative out of or into something: "pulled him out of daycare", "switched her to a new school".
_MOVED_THEM = re.compile(r"(?i)\b(?:pulled|took|moved|switched|transferred|withdrew|changed)\s+(?:him|her)\s+"
                         r"(?:out\s+of|from|to|over\s+to|into)\b")


def _subject_pair(new: str, old: str) -> tuple[str, str]:
    """The subjects of ``new`` and ``old``; the speaker's "him"/"her" is a relative the old statement is about
    ("The user pulled him out of daycare." after "The user's son goes to daycare …")."""
    subject, before = subject_of(new) or _thing_of(new, old), subject_of(old)
    if subject == "self" and before.startswith("~") and _MOVED_THEM.search(new):
        return before, before
    if subject.startswith("?") and same_one(subject, before):
        return before, before  # "He graduated from …": the relative the old statement is about
    return subject, before


# A plan called off: "the trip is off", "北马跑不了了", "婚礼取消了".
_CALLED_OFF = re.compile(r"(?i)\b(?:is|are|'s|was) (?:off|cancell?ed|called off)\b|\bcall(?:ed)? off\b|\bcancell?ed\b|"
                         r"\bfell through\b|取消|黄了|泡汤|[不没]去了|[\u4e00-\u9fff]不[了成]了")
# A plan said as one: "is planning to run Chicago", "准备跑北马" (not a wish or a question).
_PLAN_EN = re.compile(r"(?i)^the user(?: and others)? (?:is|are) (?:planning|going|training|signed up|registered)"
                      r" (?:to|for|on)\b")
_PLAN_ZH = re.compile(r"^用户(?:等人)?(?:已经|正在|在)?(?:准备|打算|计划|报名了?|报了)")


# A thing got, which ends a wait for it ("got a plot at the community garden" after "is on the waitlist for a plot";
# "分到一块地了" after "在排队等菜园的地").
_OBTAINED = re.compile(r"(?i)\bgot (?:a|an|the|my|our|into|in|off|approved)\b|\bcame through\b|"
                       r"\bpassed (?:the|my|his|her|their)\b|分到|拿到|排到|等到了|批下来|批了|中签|摇到|轮到|上岸|"
                       r"考上了|考过了|通过了|买下来|买到手|\bclosed on\b")
# a wait, or the study toward an exam ("studying for the bar", "在准备考研", "备考"), which what is got ends
_WAITING = re.compile(r"(?i)\bwait ?list|\bwaiting list|\bwaiting (?:for|on)\b|\b(?:studying|preparing|prepping|"
                      r"cramming|saving(?: up)?) for\b|排队等|排号|在等|候补|等着|在准备考|准备考|备考|在考|在复习|"
                      r"攒钱|存钱")


def _obtained(text: str) -> bool:
    """Whether a statement says a thing was got, unhedged (``_OBTAINED``)."""
    return bool(_OBTAINED.search(text)) and not (_HEDGED_ZH if has_cjk(text) else _HEDGED_EN).search(text)


def _a_plan(text: str) -> bool:
    """Whether a memory is the speaker's plan, which a plan called off (``_CALLED_OFF``) ends."""
    return bool((_PLAN_ZH if has_cjk(text) else _PLAN_EN).match(text)) and "?" not in text and "？" not in text


def changed_from(new: str, words: tuple[str, ...], old: str, old_words: str) -> str:
    """The word by which ``new`` (whose ``change_words`` are ``words``) changes ``old`` (its search words
    ``old_words``): one subject, the old a state, a word of the new among the old's; "" when it does not."""
    if not words or not (a_state(old) or (_a_plan(old) and _CALLED_OFF.search(new))):
        return ""
    if not said_changed(new) and _obtained(new) and not died(new, subject_of(new)) and not _WAITING.search(old):
        return ""  # a thing got ends only the wait for it
    subject, before = _subject_pair(new, old)
    if not subject or subject != before or place_opens(new, old):
        return ""  # (place_opens: "用户顺丰最近搬到…" after "用户在顺丰做快递员" is the company's move)
    held = set(old_words.split())
    roots = {_root(w) for w in held}
    return next((w for w in words if held_in(w, held, old) or {_root(x) for x in w.split()} <= roots
                 or _abbreviates(w.replace(" ", ""), old)), "")
