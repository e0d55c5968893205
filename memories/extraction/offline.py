"""The offline extractor: plain text → atomic, third-person, typed, timed statements, no model, no network.

For every turn of a person (a ``user`` turn, or any turn that carries a speaker ``name``):

1. **Split** into sentences, then into clauses at "and / but / so / because / 而且 / 并且 / 但是 / ，" when the
   words after the joint form a clause of their own (a subject of their own in English; in Chinese a
   predicate, the subject carried over from the clause before).
2. **Drop** what carries nothing to remember, whoever says it: greetings, thanks, questions,
   acknowledgements ("Noted.", "好的"), reactions to the listener ("That's amazing!", "So proud of you",
   "I'm so happy for you") and filler ("I think so", "我也觉得"); each dropped clause has its reason.
3. **Keep** clauses about a person: the speaker ("I …", "my …", "we …"), people they name ("my sister
   …", "Emma …"), or with a time or a number attached to the speaker's life; explicit forms of the
   original rules (``rules.py``: "remember …", projects, deadlines, preferences with their entity keys)
   keep their wording and keys. A clause led by a pronoun that points elsewhere ("It was so powerful"), about
   no one, or only a feeling or a pledge goes with the statement before it in the turn (``clause_role``,
   ``_attached``). Between two named speakers a reaction that names its subject relates them ("Congrats on the
   gig!" → "Omar congratulated Lena on the gig."), and a general claim is the speaker's view ("Gina thinks …").
4. **Rewrite** in the third person, first person bound to the speaker ("Alex is vegetarian",
   "用户是素食主义者", "张伟在阿里巴巴做产品经理"); "my daughter Emma" → "Emma (Alex's daughter)";
   "you" in a named two-person conversation → the other speaker.
5. **Type** it: preference (likes, dislikes, favourites), task (plans, intentions, deadlines), event
   (something that happened), fact (everything else).
6. **Time** it: relative times ("last week", "yesterday", "下个月", "上周五") resolved against the turn's
   time, in the text ("on 7 May 2023", "2023年6月"); a past day becomes the memory's ``valid_from``.

A substantive user turn (one not wholly made of greetings, thanks, questions, acknowledgements and reactions)
that yields no statement is kept verbatim as an ``observation`` memory, so nothing said is dropped in silence.
Assistant turns (unnamed) only count when they report an action taken for the user ("I've booked …", "已为您
预订 …") with words the user has not said already; echoes are skipped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time

import jieba
import jieba.posseg as pseg

from memories.extraction import timeparse
from memories.extraction.candidates import Candidate, KnownMemory, Turn
from memories.extraction.rules import _REMEMBER, CONFIDENCE_EXPLICIT, MAX_CANDIDATES, RuleExtractor, _Reader, _Statement
from memories.write.text import has_cjk

CONFIDENCE = 0.85
CONFIDENCE_OBSERVATION = 0.6
#: A turn with at least this many words (English) or characters (Chinese) left after the junk is dropped is
#: substantive: if nothing is extracted from it, it is kept verbatim as an observation.
SUBSTANTIVE_WORDS = 6
SUBSTANTIVE_CHARS = 8

# --------------------------------------------------------------------------- splitting

_ABBREV = re.compile(r"\b(Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e|a\.m|p\.m)\.", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?;])[\"')\]]*\s+|(?<=[。！？；…])\s*|\n+|\s+[-–—]\s+|(?<=[!?])(?=[A-Z])")
_EN_JOINT = re.compile(r"(?i)\s*(?:[,;]\s*(?:and|but|so|because|though|although|plus|while)?|\s(?:and|but|so|because"
                       r"|though|although|plus|while|then|cause|'cause|since))\s+")
_EN_VERBISH = (r"(?:is|was|are|were|has|had|have|will|would|can|could|did|does|do|just|also|really|still|always|never"
               r"|loves?|likes?|went|got|gets|started|said|told|made|took|came|found|\w+ed|\w+s)")
_EN_SUBJECT = re.compile(
    r"(?i:(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've|we'd|we'll|he|he's|she|she's|they|they're|they've)\b)"
    rf"|(?i:my|our|his|her|their)\s+\w+(?:\s+\w+)?\s+(?i:{_EN_VERBISH})\b"
    rf"|[A-Z][a-z]+(?:'s)?\s+(?i:{_EN_VERBISH})\b")
#: Pieces that cannot stand alone: they stay with the clause that follows.
_EN_SUBORDINATE = re.compile(r"(?i)^(?:since|when|whenever|while|if|because|as|after|before|until|till|though"
                             r"|although"
                             r"|once|unless|whether|so\s+that|even\s+though|even\s+if|which|who|where|like)\b")
_LEADING_JOINT = re.compile(r"(?i)^(?:and|but|so|plus|also|then|or|though|anyway|anyways)\b[\s,]*")
_ZH_JOINT = re.compile(r"\s*(?:[，,；;、]\s*(?:而且|并且|但是|不过|可是|所以|然后|因为|而)?|而且|并且|但是"
                       r"|不过|可是|所以|然后)\s*")
_ZH_SUBJECT = re.compile(r"^(?:我们|咱们|我|他们|她们|他|她|[\u4e00-\u9fff]{1,3}(?:的)?(?:女儿|儿子|妻子|老婆"
                         r"|丈夫|老公|妈妈"
                         r"|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|朋友|同事|老板|孩子|宝宝))")



def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --------------------------------------------------------------------------- what is junk

_INTERJECTION = re.compile(
    r"(?i)^(?:(?:hi|hello|hey|hiya|yo|wow|whoa|oh|ooh|ah|aw+|omg|oh\s+my\s+god|gosh|haha+|lol|hmm+|um+|uh+|well"
    r"|yeah|yes"
    r"|yep|yup|no|nope|nah|sure|ok(?:ay)?|alright|right|great|cool|awesome|nice|thanks|thank\s+you|so|anyway|btw"
    r"|by\s+the\s+way|honestly|actually|also|and|but|plus|totally|absolutely|definitely|exactly|true|indeed"
    r"|good\s+(?:morning|afternoon|evening)|hey\s+there|hi\s+there|dear)"
    r"(?:\s+[A-Z][a-z]+)?\s*[,!.:;—–-]+\s*)+")
_ZH_INTERJECTION = re.compile(r"^(?:(?:你好|您好|嗨|哈喽|哈+|嗯+|哦+|噢|啊+|呀|哇+|好的|好|对|是的|嗯嗯|其实"
                              r"|另外|对了|顺便说一下"
                              r"|话说|那个|老实说|说实话|谢谢|多谢)[，,！!。.~～\s]+)+")
_GREETING = re.compile(
    r"(?i)^(?:hi|hello|hey|hiya|yo|good\s+(?:morning|afternoon|evening|night)|morning|evening|bye|goodbye|see\s+you"
    r"(?:\s+\w+)?|see\s+ya|take\s+care|talk\s+(?:to\s+you\s+)?(?:soon|later)|catch\s+you\s+later|cheers"
    r"|(?:it'?s\s+)?(?:so\s+)?(?:good|great|nice|lovely)\s+(?:to\s+)?(?:see|hear\s+from|meet|chat\s+with|talk\s+to)"
    r"\s+you(?:\s+\w+)?|long\s+time\s+no\s+see|have\s+a\s+(?:good|great|nice|lovely)\s+\w+(?:\s+\w+)?"
    r"|how\s+(?:are|have)\s+you(?:\s+been)?(?:\s+doing)?|what'?s\s+up|welcome(?:\s+back)?)\b")
_ZH_GREETING = re.compile(r"^(?:你好|您好|嗨|哈喽|早上好|上午好|中午好|下午好|晚上好|早安|晚安|早|再见|拜拜"
                          r"|回头聊|回见|好久不见"
                          r"|最近怎么样|最近好吗|你最近好吗)")
_THANKS = re.compile(r"(?i)^(?:(?:thanks|thank\s+you|thx|ty|many\s+thanks|much\s+appreciated"
                     r"|i\s+appreciate\s+(?:it|that"
                     r"|you|this)|appreciate\s+(?:it|that|you|your|ya|the))\b|谢谢|多谢|感谢|辛苦了)")
_ACK = re.compile(
    r"(?i)^(?:(?:ok(?:ay)?|sure|noted|got\s+it|gotcha|understood|sounds\s+(?:good|great|fun|amazing|awesome|lovely"
    r"|like\s+a"
    r"\s+plan)|will\s+do|no\s+problem|no\s+worries|of\s+course|alright|all\s+right|right|yes|yeah|yep|yup|no|nope"
    r"|perfect|great|cool|awesome|nice|fine|agreed|exactly|true|indeed|absolutely|definitely|totally|makes\s+sense"
    r"|that\s+makes\s+sense|i\s+see|i\s+understand|me\s+too|same\s+here|you\s+too|you're\s+welcome|my\s+pleasure"
    r"|good\s+(?:idea|point|luck|job)|well\s+done|congrat(?:s|ulations)|wow|haha+|lol|hmm+|thing|deal|then|now"
    r"|(?:i'm|im|i\s+am)\s+(?:(?:so|really|pretty|very)\s+)?(?:good|fine|ok|okay|great|well|alright|doing\s+(?:well|good"
    r"|great|fine|ok|okay|alright)))\b"
    r"(?:\s+(?:to|for|with)\s+me)?(?:[\s!.,~]+|$))+$")
_ZH_ACK = re.compile(r"^(?:好的?|好吧|行|可以|收到|明白了?|知道了|了解|没问题|嗯+|哦+|对|是的|确实|当然"
                     r"|好主意|加油|恭喜|太好了|太棒了"
                     r"|不客气|没事|哈+|厉害|真棒|好厉害|是啊|对啊|我也是|同意)[了啊呀吧呢哦！!。.~～\s]*$")
_QUESTION_START = re.compile(
    r"(?i)^(?:what|what's|whats|who|who's|whom|whose|where|where's|when|why|how|how's|which|do|does|did|are|is|was"
    r"|were|can|could|would|will|should|shall|may|have|has|had|am|isn't|aren't|don't|doesn't|didn't|won't|wouldn't"
    r"|any\s+(?:idea|thoughts|tips|plans)|wanna|want\s+to)(?=[\s,]|$)")
_ZH_QUESTION = re.compile(r"(?:吗|么|呢|嘛|吧)[？?]?$|^(?:什么|为什么|怎么|怎样|哪|谁|几|是否|能不能|可不可以"
                          r"|要不要|有没有|你觉得|你知道"
                          r"|请问)|[？?]$|(?:什么|怎么样|怎么办|多少|几点|哪里|哪儿|哪个|是不是|有没有|能不能"
                          r"|对不对)")
_REQUEST = re.compile(r"(?i)^(?:please|pls|can\s+you|could\s+you|would\s+you|let\s+me\s+know|tell\s+me|let's"
                      r"|lets|let\s+us"
                      r"|remind\s+me|help\s+me|show\s+me|give\s+me|write|make|find|check|keep\s+(?:it|me)"
                      r"|don't\s+worry"
                      r"|feel\s+free|hang\s+in\s+there|here(?:'s|\s+is|\s+are|\s+ya\s+go|\s+you\s+go"
                      r"|\s+it\s+is)|check\s+(?:it|this|out)"
                      r"|look\s+at|take\s+a\s+look|wish\s+(?:me|you)|keep\s+(?:it\s+up|going|up\s+the)|enjoy"
                      r"|have\s+fun|stay)\b")
_SINCE_LAST = re.compile(r"(?i)\b(?:since|from)\s+(?:we|our)\s+last\s+(?:spoke|talked|chatted|chat|talk"
                         r"|conversation|met"
                         r"|caught\s+up)\b,?\s*")
_ZH_REQUEST = re.compile(r"^(?:请|帮我|麻烦|给我|告诉我|提醒我|我们来|咱们|别担心|加油|祝你)")
#: Reactions: the clause is about the listener or the thing just said, not about anyone's life.
_REACTION = re.compile(
    r"(?i)^(?:(?:that|this|it|which|what|so|how|such|there)(?:'s|\s+is|\s+was|\s+sounds?|\s+looks?|\s+seems?|\s+must|"
    r"\s+would|\s+will|'ll|\s+could|\s+might|\s+has|\s+makes?)?\b|you(?:'re|'ve|'d|'ll|\s+are|\s+were|\s+must"
    r"|\s+should"
    r"|\s+have|\s+can|\s+did|\s+look|\s+sound|\s+seem|\s+always|\s+really|\s+know|\s+got)?\b|your\b"
    r"|(?:i'm|i\s+am|i\s+was|we're)\s+(?:so\s+|really\s+|very\s+|just\s+|truly\s+)*(?:glad|happy|sorry|thrilled"
    r"|excited"
    r"|proud|impressed|stoked|touched|jealous)\s+(?:for|to\s+hear|about\s+that|that\s+you|of\s+you|you)"
    r"|(?:i|we)\s+(?:totally\s+|really\s+|completely\s+|so\s+)?(?:agree|understand|get\s+(?:it|that|you)|hear\s+you"
    r"|bet|see\s+what\s+you\s+mean|know\s+what\s+you\s+mean|feel\s+you|can\s+imagine|can't\s+wait\s+to\s+(?:see"
    r"|hear))"
    r"|(?:i|we)\s+(?:think|guess|hope|believe|suppose|mean)\s+(?:so|not|that's|it's|you)"
    r"|(?:i|we)\s+(?:love|like|adore)\s+(?:it|that|this|those|these|them|your|you)\b"
    r"|(?:looks?|sounds?|seems?|feels?)\s+like\b|(?:super|so|really|totally)\s+(?:pumped|stoked|excited|happy"
    r"|glad|proud)"
    r"|(?:i|we)(?:'m|\s+am|\s+are|'re)?\s+(?:(?:really|so|totally|just|absolutely)\s+)*(?:love|loving|enjoying|like"
    r"|liking|adore)\s+(?:it|that|this|them)\b"
    r"|(?:so|very|really|super|too|totally)\s+\w+[!.]*$|(?:good|great|nice|awesome|amazing|cool|wonderful|lovely"
    r"|beautiful|fantastic|brilliant|impressive|inspiring|glad|happy|sorry|proud|love|wow)\b)")
_ZH_REACTION = re.compile(r"^(?:这|那|它|你|您)(?:个|些|真|太|可|也|就|都)?(?:真的|确实|实在|听起来|看起来"
                          r"|好像|简直|也太|太|真|好|很|挺|非常"
                          r"|是|一定|肯定|应该|会|说得|做得|讲得)|^(?:我(?:也|很|真|太|好)?(?:同意|理解|明白"
                          r"|觉得是|为你|替你|赞同|羡慕))"
                          r"|^(?:太|真|好|很|挺)(?:好|棒|酷|厉害|不错|有意思|可爱|漂亮|美)")
_FIRST_SUBJECT = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've|we'd|we'll)\b|^(?i:my|our)\b")
_SECOND_PERSON = re.compile(r"(?i)\b(?:you|you're|you've|you'd|you'll|your|yours|yourself|u|ur)\b")
_LISTENER_FRAME = re.compile(r"(?i)\b(?:i'm|i\s+am|we're)\s+(?:(?:so|really|just|always|totally)\s+)*(?:sure"
                             r"|here|glad|happy"
                             r"|certain|confident|proud|sorry|thrilled|excited|stoked)\b|\b(?:i"
                             r"|we)\s+(?:(?:really|totally"
                             r"|just|so)\s+)*(?:know|hope|bet|wish|believe|think|appreciate|admire|love|miss"
                             r"|can\s+tell"
                             r"|can\s+see|can't\s+wait)\s+(?:that\s+)?(?:you|your)\b")
_FEELING = re.compile(r"(?i)^(?:so\s+|really\s+|super\s+|very\s+)*(?:glad|happy|sorry|excited|stoked|thrilled|pumped"
                      r"|proud|thankful|grateful|relieved|jealous|bummed|sad)\b")
#: "her"/"him" as an object ("picked her up", "gave him a call"), not a possessive ("her school").
_OBJECT_PRONOUN = re.compile(r"(?<=\w )(?:him|her)(?=\s+(?:up|out|off|in|to|with|for|from|at|on|back|home|every|a|an"
                             r"|the|some|this|that|again|today|yesterday|tomorrow)\b|\s*[.,!?;]|\s*$)")
_THIRD_PRONOUN = re.compile(r"(?i)^(?:he's|she's|they're|they've|he|she|they|his|her|their)\b")
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|me|my|mine|myself|we|we're|we've|we'd|we'll|us"
                           r"|our|ours"
                           r"|ourselves)\b")
_WORD = re.compile(r"[A-Za-z][\w'-]*|\d[\d.,:/]*")
_STOPWORDS = _wordset("""
a an the and or but so to of in on at for with from by about as is am are was were be been being do does did
have has had i i'm i've i'd i'll me my mine myself we we're our us you your he she it they them their his her
its this that these those there here just really very so too also still even now then again much many lot lots
some any all will would can could should might must may not no don't didn't doesn't it's that's what which who
when where how why if than like get got go going gonna want wanna thing things stuff kind sort way bit yeah oh
well think thought know feel felt guess mean say said make made
hasn't haven't isn't aren't wasn't weren't won't can't couldn't wouldn't shouldn't
""")

# --------------------------------------------------------------------------- rewriting

_BE = {"i'm": "is", "im": "is", "i am": "is", "i was": "was", "i've": "has", "ive": "has", "i have": "has",
       "i'd": "would", "i'll": "will", "i do": "does", "i don't": "doesn't", "i dont": "doesn't",
       "i haven't": "hasn't", "i'm not": "is not", "i am not": "is not"}
_MODALS = {"can", "could", "will", "would", "should", "shall", "may", "might", "must", "can't", "couldn't",
           "won't", "wouldn't", "shouldn't", "didn't", "wasn't", "cannot", "used", "ought", "need", "gotta", "wanna",
           "gonna", "hafta"}
_IRREGULAR_PAST = _wordset("""
went was were had did made got took saw came found gave told felt thought bought brought left met ran began
wrote said knew kept lost won built sent spent became taught caught fell held heard led paid sat slept stood
understood wore ate drove flew grew swam sang rode chose broke spoke forgot woke threw drew hung hit put set
cut let quit read tried finished started
""")
_ADVERBS = _wordset("""
really also just still always never usually often sometimes actually totally definitely recently finally even
only now currently mostly truly absolutely already basically literally kinda seriously honestly generally
normally typically occasionally rarely constantly personally
""")
_THIRD = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is"}
_KIN = ("daughter|son|kids?|children|child|wife|husband|partner|boyfriend|girlfriend|mom|mother|mum|dad|father|"
        "sister|brother|sisters|brothers|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|"
        "friend|best\\s+friend|friends|boss|manager|colleague|coworker|roommate|neighbor|neighbour|fiancée?|"
        "dog|cat|puppy|kitten|pet|teacher|therapist|mentor|family|parents|grandkids|baby")
_KIN_NAMED = re.compile(rf"\b(?i:my|our)\s+((?i:little\s+|older\s+|younger\s+|big\s+|eldest\s+|youngest\s+)?"
                        rf"(?i:{_KIN}))"
                        r",?\s+([A-Z][a-z]+)\b")
_ZH_KIN_NAMED = re.compile(r"我(?:的)?(女儿|儿子|妻子|老婆|丈夫|老公|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹"
                           r"|朋友|同事|老板|孩子|宝宝"
                           r"|男朋友|女朋友|室友|邻居|猫|狗)([\u4e00-\u9fff]{0,3})")
_ZH_PRONOUNS = {"我们": "{s}等人", "咱们": "{s}等人", "我": "{s}", "我的": "{s}的", "俺": "{s}", "本人": "{s}",
                "自己": "自己"}

# --------------------------------------------------------------------------- typing

_PREFERENCE = re.compile(r"(?i)\b(?:love[sd]?|like[sd]?|enjoy(?:s|ed)?|prefer(?:s|red)?|hate[sd]?|dislike[sd]?"
                         r"|adore[sd]?"
                         r"|can't\s+stand|favou?rite|fan\s+of|into|passionate\s+about|obsessed\s+with|fond\s+of"
                         r"|allergic|vegetarian|vegan|can't\s+eat|don't\s+eat)\b")
_ZH_PREFERENCE = re.compile(r"喜欢|爱吃|爱喝|爱看|热爱|讨厌|偏好|偏爱|最爱|不爱|受不了|过敏|素食|吃素|不吃"
                            r"|不喝|迷上|着迷")
_TASK = re.compile(r"(?i)\b(?:will|'ll|going\s+to|gonna|plan(?:s|ning)?\s+to|planning|intend(?:s)?\s+to"
                   r"|need(?:s)?\s+to"
                   r"|have\s+to|has\s+to|must|should|want(?:s)?\s+to|hope(?:s)?\s+to|about\s+to|deadline|due|tomorrow"
                   r"|next\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
                   r"|this\s+(?:weekend|coming)|upcoming|thinking\s+(?:of|about)\s+\w+ing|looking\s+forward\s+to)\b")
_ZH_TASK = re.compile(r"要|打算|计划|准备|得|需要|必须|将|会去|想去|想要|截止|明天|后天|下周|下个月|明年"
                      r"|下星期|下礼拜|回头|以后")
_EVENT = re.compile(r"(?i)\b(?:yesterday|ago|last\s+\w+|this\s+morning|earlier|recently|just\s+\w+ed|went"
                    r"|visited|attended"
                    r"|got|took|saw|met|bought|started|finished|moved|joined|won|lost|ran|made|had|did|tried"
                    r"|celebrated"
                    r"|\w+ed)\b")
_ZH_EVENT = re.compile(r"了|过|昨天|前天|上周|上个月|去年|刚刚|刚才|最近|那天")
_ACTION = re.compile(r"(?i)^(?:i've|i\s+have|i|we've|we\s+have)\s+(?:just\s+|now\s+|already\s+)?(?:booked"
                     r"|reserved|scheduled"
                     r"|set\s+(?:up|a)|created|added|sent|ordered|cancel+ed|moved|updated|saved|registered|paid"
                     r"|confirmed"
                     r"|arranged|renewed)\b|^(?:已|已经)(?:为您|为你|帮您|帮你|给您|给你)?(?:预订|预定|预约"
                     r"|安排|取消|发送|创建|添加"
                     r"|设置|更新|保存|下单|支付|确认|登记)|^(?:我)?(?:已经?|刚刚?)(?:为您|为你|帮您|帮你)")


@dataclass
class Clause:
    text: str
    turn: Turn
    explicit: bool = False
    dropped: str = ""  # why, when dropped


@dataclass
class Skip:
    """A turn that gave no memory, and why (for a job's resolutions and mem0's answer)."""

    turn: int
    reason: str


@dataclass
class _State:
    names: dict[int, str] = field(default_factory=dict)


def split_sentences(text: str) -> list[str]:
    protected = _ABBREV.sub(lambda m: m.group(0).replace(".", "\x00"), text)
    return [s.replace("\x00", ".").strip() for s in _SENTENCE.split(protected) if s and s.strip()]


_PLAIN_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?(?=\s|[,.;:!?]|$)")


def capitalised(text: str) -> str:
    """The sentence with a capital first letter when it begins with a plain lowercase word ("went" -> "Went");
    a code, handle or brand ("zq-canary-4417", "iPhone", "x2") keeps the speaker's spelling, byte for byte."""
    return text[:1].upper() + text[1:] if _PLAIN_WORD.match(text) else text


def _strip_open(text: str, zh: bool) -> str:
    previous = None
    while previous != text:
        previous = text
        text = (_ZH_INTERJECTION if zh else _INTERJECTION).sub("", text).strip()
        if not zh:
            text = _LEADING_JOINT.sub("", text).strip()
    return text


def split_clauses(sentence: str) -> list[str]:
    """Clauses joined by and/but/so/而且/并且/，…, split only where the words after the joint stand alone."""
    zh = has_cjk(sentence)
    joint = _ZH_JOINT if zh else _EN_JOINT
    parts: list[str] = []
    last = 0
    for m in joint.finditer(sentence):
        rest = sentence[m.end():]
        head = sentence[last:m.start()].strip()
        if not head or not rest.strip():
            continue
        if zh:
            if len(head) < 2 or len(_ZH_TAIL_STRIP.sub("", rest)) < 2 or _ZH_ADVERBIAL.fullmatch(head):
                continue
        elif (not _EN_SUBJECT.match(_strip_open(rest, False)) or len(_WORD.findall(head)) < 3
              or _EN_SUBORDINATE.match(_strip_open(head, False))):
            continue
        parts.append(head)
        last = m.end()
    tail = sentence[last:].strip()
    if tail:
        parts.append(tail)
    return parts


_ZH_TAIL_STRIP = re.compile(r"[。！？!?.，,\s]")
#: A Chinese piece that is only a time or a place phrase stays with the clause it introduces.
_ZH_ADVERBIAL = re.compile(r"(?:[\u4e00-\u9fff\d]{0,6}(?:天|周|月|年|时候|以后|之后|以前|之前|的时候|早上"
                           r"|晚上|下午|上午|周末)"
                           r"|在[\u4e00-\u9fff]{1,8}|其实|所以|然后|另外|而且|但是|不过|因为|虽然|如果)")


def junk_reason(clause: str, zh: bool) -> str:
    """Why a clause carries nothing to remember ('' when it may)."""
    text = clause.strip().strip("\"'“”‘’")
    bare = text.rstrip("。.!！~～ ")
    if not bare:
        return "filler"
    if zh:
        if _ZH_GREETING.match(bare):
            return "greeting"
        if _THANKS.match(bare):
            return "thanks"
        if _ZH_ACK.match(bare):
            return "acknowledgement"
        if _ZH_QUESTION.search(bare):
            return "question"
        if _ZH_REQUEST.match(bare):
            return "request"
        if _ZH_REACTION.match(bare):
            return "reaction"
        if len(_ZH_TAIL_STRIP.sub("", bare)) < 3:
            return "filler"
        return ""
    if text.endswith("?") or _QUESTION_START.match(bare):
        return "question"
    if _GREETING.match(bare):
        return "greeting"
    if _THANKS.match(bare):
        return "thanks"
    if _ACK.match(bare):
        return "acknowledgement"
    if _REQUEST.match(bare):
        return "request"
    if _FEELING.match(bare):
        return "reaction"
    if _REACTION.match(bare) and not _FIRST_SUBJECT.search(bare) and not factual(bare):
        return "reaction"
    if _SECOND_PERSON.search(bare) and (not _FIRST_SUBJECT.search(bare) or _LISTENER_FRAME.search(bare)):
        return "reaction"  # about the listener
    if re.match(r"(?i)^(?:i'm|i\s+am|i\s+was|we're|i|we)\s", bare) and _REACTION.match(bare):
        return "reaction"
    content = [w for w in _WORD.findall(bare.casefold()) if w not in _STOPWORDS]
    if not content:
        return "filler"
    return ""


_IMPERSONAL = re.compile(r"(?i)^(?:it|this|that|there|these|those)(?:'s|\s+is|\s+was|\s+are|\s+were|\s+has|\s+had"
                         r"|\s+[a-z]+(?:s|ed))\b")
_EVALUATIVE = _wordset("""
amazing awesome great cool good nice lovely beautiful wonderful fantastic incredible super fun special inspiring
impressive adorable cute sweet gorgeous stunning perfect best better interesting exciting hard tough rough crazy
wild insane powerful meaningful important true right sure glad happy proud sorry real totally such pretty kind
way stuff bit whole brilliant epic huge big little small definitely absolutely truly seriously honestly literally
nature feeling feel feels sounds sound looks look seems seem amazingly reminder experience moment moments life
""")


def factual(clause: str) -> bool:
    """An impersonal clause that still says something ("It's a mix of drama and romance", "It was a poetry
    reading where …"), not a reaction ("That's so cool", "It sounds amazing"): three words beyond the
    evaluative ones, and no "you"."""
    if not _IMPERSONAL.match(clause) or _SECOND_PERSON.search(clause):
        return False
    words = [w for w in _WORD.findall(clause.casefold()) if w not in _STOPWORDS and w not in _EVALUATIVE]
    return len(words) >= 3


def _third_person_verb(verb: str) -> str:
    low = verb.casefold()
    if low in _THIRD:
        return _THIRD[low]
    if low in _MODALS or low in _IRREGULAR_PAST or low.endswith(("ed", "s")) or not low.isalpha():
        return verb
    if low.endswith(("sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(low) > 2 and low.endswith("y") and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


_EN_I_VERB = re.compile(r"(?<!and )\b(?:I|i)\s+((?:(?:" + "|".join(sorted(_ADVERBS)) + r")\s+)*)([A-Za-z']+)")
_EN_CONTRACTED = re.compile(r"(?i)\b(?:i'm\s+not|i\s+am\s+not|i\s+haven't|i\s+don't|i\s+dont|i'm|im(?=\s)"
                            r"|i\s+am|i\s+was"
                            r"|i've|ive(?=\s)|i\s+have|i'd|i'll|i\s+do)\b")


def third_person_en(text: str, who: str, listener: str | None) -> str:
    possessive = f"{who}'" if who.endswith("s") else f"{who}'s"
    text = _KIN_NAMED.sub(lambda m: f"{m.group(2)} ({possessive} {m.group(1).lower()})", text)
    text = _EN_CONTRACTED.sub(lambda m: f"{who} {_BE[' '.join(m.group(0).casefold().split())]}", text)

    def verb(m: re.Match[str]) -> str:
        return f"{who} {m.group(1)}{_third_person_verb(m.group(2))}"

    text = _EN_I_VERB.sub(verb, text)
    text = re.sub(r"\b(?:I|i)\b", who, text)
    text = re.sub(r"(?i)\bmy\s*self\b", who, text)
    text = re.sub(r"(?i)\b(?:my|mine)\b", possessive, text)
    text = re.sub(r"(?i)\bme\b", who, text)
    family = f"{who} and others"
    text = re.sub(r"(?i)\bwe(?:'re|\s+are)\b", f"{family} are", text)
    text = re.sub(r"(?i)\bwe've\b", f"{family} have", text)
    text = re.sub(r"(?i)\bwe'll\b", f"{family} will", text)
    text = re.sub(r"(?i)\bwe'd\b", f"{family} would", text)
    text = re.sub(r"(?i)\bwe\b", family, text)
    text = re.sub(r"(?i)\b(?:our|ours)\b", possessive, text)
    text = re.sub(r"(?i)\bus\b", family, text)
    text = re.sub(r"(?i)\bourselves\b", family, text)
    if listener:
        listener_possessive = f"{listener}'" if listener.endswith("s") else f"{listener}'s"
        text = re.sub(r"(?i)\byour\b", listener_possessive, text)
        text = re.sub(r"(?i)\byou're\b", f"{listener} is", text)
        text = re.sub(r"(?i)\byou've\b", f"{listener} has", text)
        text = re.sub(r"(?i)\byou'll\b", f"{listener} will", text)
        text = re.sub(r"(?i)\byou'd\b", f"{listener} would", text)
        text = re.sub(r"(?i)\byou\b", listener, text)
    return capitalised(text)


def _zh_kin(m: re.Match[str], who: str) -> str:
    """我女儿小雨… → 小雨（用户的女儿）…, when the word after the kinship word is a name; else 用户的女儿…"""
    kin, rest = m.group(1), m.group(2)
    first = jieba.lcut(rest, HMM=False)[0] if rest else ""
    if 2 <= len(first) <= 3 and _zh_is_name(first):
        return f"{first}（{who}的{kin}）{rest[len(first):]}"
    return f"{who}的{kin}{rest}"


def _zh_is_name(word: str) -> bool:
    if word in _ZH_NAME_CACHE:
        return _ZH_NAME_CACHE[word]
    tags = pseg.lcut(word, HMM=False)
    named = (len(tags) == 1 and tags[0].flag in ("nr", "nrfg", "nrt")) or (
        word[0] in "小阿老" and len(word) == 2 and word not in ("小时", "老家", "老师", "小学", "老板"))
    _ZH_NAME_CACHE[word] = named
    return named


_ZH_NAME_CACHE: dict[str, bool] = {}


def third_person_zh(text: str, who: str) -> str:
    text = _ZH_KIN_NAMED.sub(lambda m: _zh_kin(m, who), text)
    out = []
    for word in jieba.lcut(text, HMM=False):
        pattern = _ZH_PRONOUNS.get(word)
        out.append(pattern.format(s=who) if pattern else word)
    joined = "".join(out)
    if not joined.startswith(who) and not _ZH_SUBJECT.match(joined) and who not in joined[:6]:
        joined = f"{who}{joined}"
    return joined


def kind_of(text: str, zh: bool, past_day: bool) -> str:
    if (_ZH_PREFERENCE if zh else _PREFERENCE).search(text):
        return "preference"
    if (_ZH_TASK if zh else _TASK).search(text) and not past_day:
        return "task"
    if past_day or (_ZH_EVENT if zh else _EVENT).search(text):
        return "event"
    return "fact"


#: The memory type each kind is stored as (the store's types: fact, preference, task; an event is a fact
#: whose ``metadata.extraction.kind`` says "event").
STORED_TYPE = {"fact": "fact", "event": "fact", "preference": "preference", "task": "task"}

_ZH_THING = re.compile(r"^(?:这|那|它|天气|今天天气|外面|时间|价格|东西|电影|书|歌|饭|菜|网|电脑|手机)")
#: A word every explicit form of rules.py needs (a project, a deadline, a preference verb).
_RULE_HINT = re.compile(r"(?i)project|deadline|\bdue\b|prefer|\blik|\blov|enjoy|hate|dislike|stand"
                        r"|项目|截止|之前|以前|喜欢|讨厌|偏好|偏爱|爱")
_FAMILY_NAME = re.compile(r"^(?:Mom|Mum|Dad|Grandma|Grandpa|Granny|Nana|Papa|Mama|Auntie|Uncle)(?:'s)?\b")
_NAMED_SUBJECT = re.compile(r"^(?![A-Z][a-z]+ing\b)(?!(?:The|This|That|These|Those|It|There|Here|A|An|Some|All|Every"
                            r"|Each|What|Which|Life"
                            r"|Change|Everything|Everyone|Nothing|People|Things|Work|Time"
                            r"|Family)\b)[A-Z][a-z]+(?:'s)?"
                            r"\s+(?:is|was|has|had|will|would|can|loves|likes|went|got|gets|said|told|made|took|came"
                            r"|found|and\s+[A-Z]|started|moved|joined|married|graduated|lives|works|studies|turned|wants"
                            r"|needs|plays|has\s+been|is\s+\w+ing)\b")
_SUBJECTLESS = re.compile(r"^(been|gonna|planning|heading|can't|cannot|don't|didn't|won't|gotta|hoping|loving|hate"
                          r"|need|(?:just|finally|recently|also)(?=\s+(?:" + "|".join(sorted(_IRREGULAR_PAST))
                          + r"|[a-z]+ed)\b)|" + "|".join(sorted(_IRREGULAR_PAST)) + r"|[a-z]+ed)\b"
                          r"(?!\s+(?:is|was|are|were|can|will|has)\b)", re.IGNORECASE)
_INTRO = re.compile(r"^(?i:i'm|i\s+am|im|my\s+name\s+is|my\s+name's|this\s+is"
                    r"|call\s+me)\s+([A-Z][a-z]+)(?:\s+([A-Z][a-z]+))?"
                    r"\s*[.!,]?$")
_ZH_INTRO = re.compile(r"^(?:我叫|我的名字是|我的名字叫|我是)([\u4e00-\u9fff]{2,3})[。！!.]?$")
_ZH_NOT_NAME = re.compile(r"(?:者|员|师|生|人|家|长|手|工|族|迷|控|粉|的)$")


class OfflineExtractor:
    """The offline extractor (``job.extractor`` = ``rules``): see the module's docstring."""

    name = "rules"

    def __init__(self) -> None:
        self.skipped: list[Skip] = []
        self._last_person = ""
        self._summariser = RuleExtractor()

    def extract(self, turns: Sequence[Turn], known: Sequence[KnownMemory],
                context: Sequence[Turn] = ()) -> list[Candidate]:
        self.skipped = []
        reader = _Reader(known)
        found: list[Candidate] = []
        recent_user: list[str] = [t.content for t in context if t.role == "user"]
        speakers = list(dict.fromkeys(t.name for t in [*context, *turns] if t.name))
        names: dict[str, str] = {}  # a self-introduction's name, by speaker key
        for turn in turns:
            if turn.role == "user" or turn.name:
                made = self._person_turn(turn, reader, speakers, names)
                recent_user.append(turn.content)
            else:
                made = self._assistant_turn(turn, recent_user)
            found.extend(made)
            if len(found) >= MAX_CANDIDATES:
                break
        return found[:MAX_CANDIDATES]

    def summarise(self, previous: str, turns: Sequence[Turn]) -> str:
        return self._summariser.summarise(previous, turns)

    # ------------------------------------------------------------------ one turn

    def _person_turn(self, turn: Turn, reader: _Reader, speakers: list[str], names: dict[str, str]) -> list[Candidate]:
        zh_turn = has_cjk(turn.content)
        key = turn.name or turn.role
        self._last_person = ""
        listener = _listener(turn, speakers)
        items: list[tuple[str, Candidate]] = []  # (anchor | weak | dependent, candidate), in the turn's order
        reasons: list[str] = []
        leftover = 0
        for sentence in split_sentences(turn.content):
            zh = has_cjk(sentence)
            explicit = _REMEMBER.match(sentence) if not sentence.rstrip().endswith(("?", "？")) else None
            body = sentence[explicit.end():] if explicit else sentence
            body = _strip_open(body, zh)
            if not body:
                reasons.append(junk_reason(sentence, zh) or "filler")
                continue
            intro = (_ZH_INTRO if zh else _INTRO).match(body)
            if intro and not (zh and _ZH_NOT_NAME.search(intro.group(1))):
                name = intro.group(1) + (f" {intro.group(2)}" if not zh and intro.group(2) else "")
                if not turn.name:
                    names[key] = name
                who = turn.name or ("用户" if zh else "The user")
                text = f"{who}的名字是{name}" if zh else f"{who}'s name is {name}"
                if turn.name == name:
                    continue
                items.append(("anchor", self._candidate(text, "fact", turn, explicit=bool(explicit),
                                                        entity="person:self/name")))
                continue
            subject = ""  # Chinese: the subject a subject-less clause inherits
            previous = ""  # why the clause before was dropped
            for piece in split_clauses(body):
                clause = _strip_open(piece, zh) if not explicit else piece.strip()
                if not clause:
                    continue
                reason = "" if explicit else junk_reason(clause, zh)
                if not reason and zh and previous and not re.search(r"我|咱|他|她", clause):
                    reason = previous  # "谢谢你，帮了大忙": a subject-less clause goes on with the thanks
                previous = reason
                if listener and not zh and (reason in ("reaction", "thanks", "acknowledgement")
                                            or (not reason and _RELATION_LEAD.match(clause))):
                    related = self._relation(_vocative(clause, frozenset(speakers)), turn, listener, speakers)
                    if related is not None:
                        items.append(("anchor", related))
                        continue
                if reason:
                    reasons.append(reason)
                    continue
                clause = _vocative(clause, frozenset(speakers))
                if not zh:
                    clause = _SINCE_LAST.sub("", clause).strip()
                    clause = capitalised(clause)
                    if not clause:
                        continue
                rules_found = self._by_rules(reader, clause, turn, bool(explicit))
                if rules_found:
                    items.extend(("anchor", self._named(c, turn.name)) for c in rules_found)
                    continue
                who = turn.name or names.get(key) or ("用户" if zh else "the user")
                role = "anchor" if explicit else clause_role(clause, zh, speakers)
                candidate, subject = self._statement(clause, turn, who, listener, zh, subject, bool(explicit))
                if candidate is None:
                    role = "dependent"
                    candidate = self._dependent(clause, turn, who, listener, zh)
                    if candidate is not None and turn.name and not zh and _OPINION.search(clause) \
                            and not _PRONOUN_LEAD.match(clause) and len(content_words(clause, speakers)) >= 2:
                        role = "anchor"  # a named speaker's view: "Taking risks is essential" → "Jon thinks …"
                        candidate.content = f"{who} thinks {_lower_first(candidate.content)}"
                if candidate is None:
                    reasons.append("filler")
                    leftover += len(clause) if zh else len(_WORD.findall(clause))
                    continue
                items.append((role, candidate))
        made = _attached(items, reasons)
        if not made:
            leftover += sum(len(c.content) if zh_turn else len(_WORD.findall(c.content))
                            for role, c in items if role == "dependent")
            substantial = leftover >= (SUBSTANTIVE_CHARS if zh_turn else SUBSTANTIVE_WORDS)
            only_leftover = not {"question", "reaction", "greeting", "request"} & set(reasons)
            if turn.role == "user" and substantial and only_leftover:
                made.append(self._observation(turn))
            else:
                self.skipped.append(Skip(turn.index, _main_reason(reasons)))
        return made

    @staticmethod
    def _relation(clause: str, turn: Turn, listener: str, speakers: Sequence[str]) -> Candidate | None:
        """A reaction to the other speaker of a named conversation that names what it is about ("Congrats on the
        new job at the bakery!", "I'm so sorry about your grandma") → a statement relating the two people ("Ana
        congratulated Ben on the new job at the bakery."); None when it names nothing ("That's so cool!")."""
        who = turn.name or ""
        text = clause.strip().rstrip("!.~ ").strip()
        if not _SECOND_PERSON.search(text) and not _RELATION_LEAD.match(text):
            return None
        lead = _RELATION_LEAD.match(text)
        if len(content_words(text, speakers)) < (1 if lead else 2) or _PRONOUN_LEAD.match(text):
            return None
        if lead:
            verb = _RELATION_VERB[next(k for k, v in lead.groupdict().items() if v is not None)]
            rest = third_person_en(text[lead.end():], who, listener)
            said = text[lead.end():]
            if said[:1].islower() and rest.split(" ", 1)[0].casefold() == said.split(" ", 1)[0].casefold():
                rest = rest[:1].lower() + rest[1:]
            content = f"{verb.format(s=who, l=listener)} {rest}"
        elif _SECOND_PERSON.search(text) and _SAYING_LEAD.match(text):
            content = f"{who} told {listener} that {_lower_first(third_person_en(text, who, listener))}"
        else:
            return None
        resolved, _, _ = timeparse.resolve(content, turn.created_at, False)
        return OfflineExtractor._candidate(resolved.rstrip(",;: ") + ".", "fact", turn, about=who)

    @staticmethod
    def _dependent(clause: str, turn: Turn, who: str, listener: str | None, zh: bool) -> Candidate | None:
        """A clause about no one ("It was so powerful", "They're full of potholes"): in the third person, to go
        with a statement of the same turn; None when it has too little to say."""
        text = clause.strip().rstrip("，,;；:：").strip()
        if zh:
            if len(_ZH_TAIL_STRIP.sub("", text)) < 4:
                return None
        else:
            if len(content_words(text)) < 2:
                return None
            text = third_person_en(text, who, listener)
        resolved, _, _ = timeparse.resolve(text, turn.created_at, zh)
        content = resolved.strip()
        if not zh and content[-1:] not in (".", "!"):
            content += "."
        return OfflineExtractor._candidate(content, "fact", turn, about=who if turn.name else "")

    def _remember_person(self, text: str) -> None:
        """The last person named in a turn, for a following "she …" / "he …"."""
        named = _KIN_NAMED.search(text)
        if named:
            self._last_person = named.group(2)
            return
        kin = re.search(rf"(?i)\b(?:my|our)\s+((?:little\s+|older\s+|younger\s+)?(?:{_KIN}))\b", text)
        if kin and not kin.group(1).casefold().endswith(("s", "children", "family", "parents")):
            self._last_person = f"my {kin.group(1)}"

    def _by_rules(self, reader: _Reader, clause: str, turn: Turn, explicit: bool) -> list[Candidate]:
        if not explicit and not _RULE_HINT.search(clause):
            return []  # none of the explicit forms can match: spare their (backtracking) patterns
        before = len(reader.found)
        reader.read(_Statement(clause, explicit, turn.index))
        new = reader.found[before:]
        if explicit and len(new) == 1 and new[0].entity == "" and new[0].type == "fact":
            reader.found = reader.found[:before]  # a plain "remember …": rewritten below like any statement
            return []
        for c in new:
            c.kind = c.type
        return new

    @staticmethod
    def _named(c: Candidate, name: str | None) -> Candidate:
        if name and c.type == "preference":
            c.content = f"{name}{c.content}" if has_cjk(c.content) else f"{name} {c.content[:1].lower()}{c.content[1:]}"
        c.about = name or ""
        return c

    def _statement(self, clause: str, turn: Turn, who: str, listener: str | None, zh: bool, subject: str,
                   explicit: bool) -> tuple[Candidate | None, str]:
        text = clause.strip().rstrip("，,;；:：").strip()
        if zh:
            has_subject = bool(_ZH_SUBJECT.match(text)) or who in text[:4]
            if not has_subject and subject and not explicit:
                text = subject + text
            about_person = bool(re.search(r"我|咱|他|她|" + re.escape(who), text)) or bool(_ZH_KIN_NAMED.search(text))
            if not about_person and not explicit:
                if _ZH_THING.match(text) or len(_ZH_TAIL_STRIP.sub("", text)) < 4:
                    _, _, timed = timeparse.resolve(text, None, True)
                    if not timed:
                        return None, subject
                else:
                    text = f"我{text}"  # Chinese drops the subject: "下个月要去成都出差" is the speaker's plan
            new_subject = re.match(r"^(我们|咱们|我|他们|她们|他|她)", text)
            subject = new_subject.group(1) if new_subject else subject
            text = third_person_zh(text, who)
        else:
            first = _FIRST_PERSON.search(text)
            family = _FAMILY_NAME.match(text)
            if family and not first:
                word = family.group(0).removesuffix("'s")
                verb = " is" if family.group(0).endswith("'s") else ""
                text = f"my {word.lower()}{verb}{text[family.end():]}"
                first = _FIRST_PERSON.search(text)
            starts_third = _THIRD_PRONOUN.match(text) or _NAMED_SUBJECT.match(text)
            bare_verb = _SUBJECTLESS.match(text)
            if bare_verb:
                lead = bare_verb.group(1).casefold()
                text = (f"I've {text[:1].lower()}{text[1:]}" if lead == "been" else
                        f"I'm {text[:1].lower()}{text[1:]}" if lead.endswith("ing") or lead == "gonna" else
                        f"I {text[:1].lower()}{text[1:]}")
            elif (not first and not starts_third and not explicit and not factual(text)
                  and (not timeparse.resolve(text, None, False)[2] or _REACTION.match(text))):
                # Kept without a person only with a time: an appointment, a date ("The dentist … next Thursday")
                return None, subject
            words = [w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS]
            if not words:
                return None, subject
            person = _THIRD_PRONOUN.match(text)
            if person and not first:
                if not self._last_person or person.group(0).casefold() not in ("he", "she", "he's", "she's"):
                    return None, subject  # "they …" / "she …" with no one named before: nothing to bind it to
                rest = text[person.end():]
                text = f"{self._last_person}{' is' if person.group(0).endswith(chr(39) + 's') else ''}{rest}"
            self._remember_person(text)
            if self._last_person and not self._last_person.startswith("my "):
                text = _OBJECT_PRONOUN.sub(self._last_person, text)
            text = third_person_en(text, who, listener)
        resolved, past_day, timed = timeparse.resolve(text, turn.created_at, zh)
        if not zh and timed and timeparse.starts_with_time(text):
            resolved = timeparse.time_to_end(resolved)
        kind = kind_of(text, zh, past_day is not None)
        content = resolved.strip().rstrip("，,;；").strip()
        if not zh and content and content[-1] not in ".!":
            content += "."
        valid_from = None
        if past_day is not None and turn.created_at is not None:
            valid_from = datetime.combine(past_day, time(12), tzinfo=turn.created_at.tzinfo or UTC)
            valid_from = min(valid_from, turn.created_at)
        return self._candidate(content, kind, turn, explicit=explicit, valid_from=valid_from,
                               about=who if turn.name else ""), subject

    @staticmethod
    def _candidate(content: str, kind: str, turn: Turn, *, explicit: bool = False, entity: str = "",
                   valid_from: datetime | None = None, about: str = "") -> Candidate:
        return Candidate(type=STORED_TYPE[kind], content=content[:1000], entity=entity,
                         confidence=CONFIDENCE_EXPLICIT if explicit else CONFIDENCE, provenance="stated",
                         source_turns=[turn.index], kind=kind, valid_from=valid_from, about=about or (turn.name or ""))

    @staticmethod
    def _observation(turn: Turn) -> Candidate:
        return Candidate(type="fact", content=turn.content.strip()[:1000], entity="", confidence=CONFIDENCE_OBSERVATION,
                         provenance="stated", source_turns=[turn.index], kind="fact", about=turn.name or "",
                         observation=True)

    def _assistant_turn(self, turn: Turn, recent_user: list[str]) -> list[Candidate]:
        said = {w for text in recent_user[-4:] for w in _words(text)}
        made = []
        for sentence in split_sentences(turn.content):
            zh = has_cjk(sentence)
            body = _strip_open(sentence, zh)
            if not body or not _ACTION.match(body) or junk_reason(body, zh) == "question":
                continue
            words = _words(body)
            if words and len(words - said) / len(words) < 0.3:
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
            candidate = self._candidate(resolved.rstrip("。."), "event", turn)
            candidate.about = "assistant"
            made.append(candidate)
        if not made:
            self.skipped.append(Skip(turn.index, "assistant"))
        return made


#: Words that say how someone feels or what they will keep doing, not what happened or what is: a clause made of
#: little else is a reaction or a pledge ("Jon is not gonna give up on his dreams", "Nate is feeling good about
#: it").
_VAGUE = _wordset("""
keep keeps keeping kept pushing push trying try tried things something everything anything nothing one ones
deal fun times day moment difference dream dreams goal goals best happy glad proud excited thankful grateful
lucky love loved loving loves hope hoping hoped wish able remember remembers check share sharing see seeing
around later soon gotta wanted great support supportive others everyone everybody someone people give giving
up going feeling feelings positive positivity strong strength hard work working believe believes believed
together doing done go goes went lately always forever cool awesome amazing helps help helped helping power
thanks thank appreciate appreciates appreciated sure definitely enjoy enjoying enjoyed glad rock rocks happen
happened happening stuff idea ideas chance inspired inspiring inspiration motivated motivation motivating
talk talked talking chat chatted chatting situation wait honestly stay staying agree agreed agrees emotions
mixed rough explore
""")
_PLEDGE = re.compile(r"(?i)\b(?:keep|kept|keeps)\s+(?:on\s+|it\s+up|at\s+it|that\s+in\s+mind|in\s+touch|going"
                     r"|pushing|trying|working|\w+ing\b)|\bgive\s+up\b|\bnever\s+stop|\bgotta\s+(?:go|run|bounce)"
                     r"|\bsee\s+(?:you|ya)\b|\btalk\s+(?:soon|later)\b|\bcheck(?:ing)?\s+in\b|\bcatch\s+up\b"
                     r"|\bfill\s+\w+\s+in\b|\bmake\s+(?:a|the)\s+(?:real\s+|big\s+)?difference\b")
_PRONOUN_LEAD = re.compile(r"(?i)^(?:it|it's|its|this|that|that's|these|those|there|there's|they|they're|they've"
                           r"|them|such|which|both|all\s+of\s+(?:it|them))\b")
_ZH_PRONOUN_LEAD = re.compile(r"^(?:这|那|它|他们|她们)")
_NAMED_WORD = re.compile(r"(?<=\w\s)[A-Z][a-z]+")


_RELATION_LEAD = re.compile(
    r"(?i)^(?:(?P<congrats>congrat(?:s|ulations)|kudos|props)\s+(?:on|for|to\s+you\s+(?:on|for))"
    r"|(?P<thanks>thanks|thank\s+you|thx)\s+(?:so\s+much\s+|a\s+lot\s+|again\s+)?for"
    r"|(?P<luck>(?:best\s+of\s+|good\s+)luck)\s+(?:with|on|for|in)"
    r"|(?P<sorry>(?:i'm|i\s+am)\s+(?:so\s+|really\s+|very\s+|truly\s+)*sorry\s+(?:to\s+hear\s+)?(?:about|for|that))"
    r"|(?P<glad>(?:i'm|i\s+am)\s+(?:so\s+|really\s+|very\s+|super\s+|just\s+)*(?:glad|happy|thrilled|excited|stoked)"
    r"\s+(?:for\s+you|to\s+hear|that|about))"
    r"|(?P<proud>(?:i'm|i\s+am)\s+(?:so\s+|really\s+|very\s+|super\s+)*proud\s+of\s+you(?:\s+for)?)"
    r"|(?P<hope>(?:i\s+)?hope)(?=\s+(?:you|your))"
    r"|(?P<gladto>(?:so\s+|really\s+)?(?:glad|happy)(?:\s+to\s+hear)?(?:\s+that)?)(?=\s+(?:you|your))"
    r"|(?P<should>you\s+(?:should|could|might\s+want\s+to|gotta|have\s+to)))\b[\s,]*")
_RELATION_VERB = {"congrats": "{s} congratulated {l} on", "thanks": "{s} thanked {l} for",
                  "luck": "{s} wished {l} good luck with",
                  "sorry": "{s} is sorry about", "glad": "{s} is glad about", "proud": "{s} is proud of {l} for",
                  "should": "{s} suggested that {l} could", "hope": "{s} hopes that", "gladto": "{s} is glad that"}


_COMMON_LEAD = _wordset("hard family life people nature music art sports work kids time friends books movies travel"
                        " visual setbacks networking cooking reading writing exercise health education")


def _lower_first(text: str) -> str:
    """"The new job" → "the new job" inside a sentence; a name or a code keeps its capital."""
    first = text.split(" ", 1)[0]
    low = first.casefold()
    common = low in _STOPWORDS or low in _EVALUATIVE or low in _VAGUE or low.endswith("ing") or low in _COMMON_LEAD
    return text[:1].lower() + text[1:] if common and first != "I" else text


#: A reaction that can be reported as "… told … that <clause>": it opens with a subject, not an imperative or a
#: bare feeling ("Look for a company …", "Glad you're OK").
_SAYING_LEAD = re.compile(r"(?i)^(?:you|your|you're|you've|you'll|you'd|i|i'm|i've|i'd|i'll|we|we're|my|our|the"
                          r"|that's|it's|what|how)\b|^[A-Z][a-z]+'s\b")
#: A general claim (present tense, no time): said by a named speaker, it is their view.
_OPINION = re.compile(r"(?i)\b(?:is|are|can|makes?|helps?|gives?|brings?|means?|keeps?)\b")
#: "check it out", "tried that", "explore them": the clause's thing is named elsewhere.
_OBJECT_REFERENCE = re.compile(r"(?i)(?<=\w\s)(?:it|them|that|those|these|this|one)(?=\s*(?:out|up|yet|too|again|more"
                               r"|someday|sometime|soon|now|later|[.!,?]|$))")


def content_words(text: str, names: Sequence[str] = ()) -> list[str]:
    """The words that carry content: not stopwords, evaluations, feelings or pledges, nor the speakers' names."""
    skip = {n.casefold() for n in names} | {"others", "user"}
    return [w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS and w not in _EVALUATIVE
            and w not in _VAGUE and w.removesuffix("'s") not in skip]


def clause_role(clause: str, zh: bool, speakers: Sequence[str]) -> str:
    """``anchor``: a statement about a person with content of its own; ``weak``: about a person but only a
    feeling, a pledge or a sign-off ("I'm so thankful", "I'll keep pushing", "Gotta go"); ``dependent``: about
    no one, or led by a pronoun that points elsewhere ("It was so powerful", "They're full of potholes")."""
    text = clause.strip()
    if zh:
        return "dependent" if _ZH_PRONOUN_LEAD.match(text) else "anchor"
    if _PRONOUN_LEAD.match(text):
        return "dependent"
    words = content_words(text, speakers)
    if not words or (_PLEDGE.search(text) and len(words) < 3) or (len(words) < 3 and _OBJECT_REFERENCE.search(text)):
        return "weak"
    return "anchor"


def _attached(items: list[tuple[str, Candidate]], reasons: list[str]) -> list[Candidate]:
    """A turn's memories: each anchor, with the weak and dependent clauses around it appended (to the anchor
    before them, or the first one after); without an anchor, a dependent clause stands alone only when it names
    a time or a thing ("The dentist appointment got moved to next Thursday"), never when a pronoun leads it."""
    anchors = [i for i, (role, _) in enumerate(items) if role == "anchor"]
    if not anchors:
        kept = []
        for role, c in items:
            if role == "dependent" and not _PRONOUN_LEAD.match(c.content) and not _ZH_PRONOUN_LEAD.match(c.content) \
                    and (c.valid_from is not None or _timed(c.content)
                         or (_NAMED_WORD.search(c.content) and len(content_words(c.content)) >= 3)):
                kept.append(c)
            else:
                reasons.append("reaction" if role == "weak" else "filler")
        return kept
    out: dict[int, Candidate] = {i: items[i][1] for i in anchors}
    for i, (role, c) in enumerate(items):
        if role == "anchor":
            continue
        host = max((a for a in anchors if a < i), default=anchors[0])
        anchor = out[host]
        zh = has_cjk(anchor.content)
        if zh:
            joined = f"{anchor.content.rstrip('。')}；{c.content}"
        elif host < i:
            joined = f"{anchor.content} {c.content}"
        else:
            joined = f"{c.content} {anchor.content}"
        anchor.content = joined[:1000]
        anchor.source_turns = sorted(set(anchor.source_turns) | set(c.source_turns))
    return [out[i] for i in anchors]


def _timed(text: str) -> bool:
    return bool(timeparse.resolve(text, None, has_cjk(text))[2])


@functools.lru_cache(maxsize=256)
def _vocative_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names))
    return re.compile(rf"^(?:{alternatives})\s*[,!:]\s*|[,\s]+(?:{alternatives})\s*(?=[!.?]*$)")


def _vocative(clause: str, speakers: frozenset[str]) -> str:
    """Without a leading or trailing "Caroline," addressed to someone in the conversation."""
    pattern = _vocative_pattern(speakers)
    return pattern.sub("", clause).strip() if pattern else clause


def _words(text: str) -> set[str]:
    if has_cjk(text):
        return {w for w in jieba.lcut(text, HMM=False) if len(w) > 1 and not re.fullmatch(r"\W+", w)}
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS}


def _listener(turn: Turn, speakers: list[str]) -> str | None:
    others = {s for s in speakers if s != turn.name}
    return others.pop() if turn.name and len(others) == 1 else None


def _main_reason(reasons: list[str]) -> str:
    for reason in ("question", "greeting", "thanks", "acknowledgement", "request", "reaction", "filler"):
        if reason in reasons:
            return reason
    return "empty"


def iter_statements(text: str) -> Iterator[str]:
    """The clauses a text splits into (for docs and tests)."""
    for sentence in split_sentences(text):
        yield from split_clauses(_strip_open(sentence, has_cjk(sentence)))
