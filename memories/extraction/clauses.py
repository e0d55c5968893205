"""A person's words read as statements, for the offline extractor (``offline.py``): sentences split into
clauses, what carries nothing to remember (``junk_reason``), the first person rewritten in the third
(``third_person_en``, ``third_person_zh``), the kind of statement (``kind_of``) and what a clause leans on
(``clause_role``: a statement of its own, or a feeling, pledge or pronoun that goes with one). No model, no
network."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import jieba
import jieba.posseg as pseg

from memories.extraction import timeparse, typed
from memories.write.text import has_cjk

_ABBREV = re.compile(r"\b(?:(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e|a\.m|p\.m)\."
                     r"|(?-i:(?:[A-Z]\.\s?){2,}(?=[A-Z][a-z])))", re.IGNORECASE)  # initials: "J.K. Rowling"
_SENTENCE = re.compile(r"(?<=[.!?;])[\"')\]]*\s+|(?<=[。！？；…])\s*|\n+|\s+[-–—]\s+|(?<=[!?])(?=[A-Z])")
_EN_JOINT = re.compile(r"(?i)\s*(?:[,;]\s*(?:and|but|so|because|though|although|plus|while)?|\s(?:and|but|so|because"
                       r"|though|although|plus|while|then|cause|'cause|since))\s+")
_EN_VERBISH = (r"(?:is|was|are|were|has|had|have|will|would|can|could|did|does|do|just|also|really|still|always|never"
               r"|loves?|likes?|went|got|gets|started|said|told|made|took|came|found|\w+ed|\w+s(?=\s+(?!tonight|today|tomorrow|now\b)[a-z]))")
#: A kinship or role word that, bare at the head of a clause, is the speaker's ("Mom's home", "doctor says …").
_BARE_KIN = (r"mom|mum|dad|grandma|grandpa|granny|nana|papa|mama|auntie|uncle|doctor|boss|wife|husband|hubby"
             r"|manager|therapist|landlord|sis|bro|sister|brother|son|daughter|girlfriend|boyfriend|fianc[eé]e?"
             r"|cousin|roommate|coach|trainer|dentist|vet|tutor|mentor|parents|grandparents|in-laws")
_EN_SUBJECT = re.compile(
    r"(?i:(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've|we'd|we'll|he|he's|she|she's|they|they're|they've)\b)"
    rf"|(?i:my|our|his|her|their)\s+\w+(?:\s+\w+)?\s+(?i:{_EN_VERBISH})\b"
    rf"|[A-Z][a-z]+(?:'s)?\s+(?i:{_EN_VERBISH})\b"
    r"|(?i:(?:please\s+)?(?:don't|do\s+not)\s+let\s+me\s+forget)\b"
    rf"|(?i:{_BARE_KIN}|rent|salary|take[- ]home|mortgage|budget|commute)(?:'s)?\s+(?i:{_EN_VERBISH})\b"
    r"|(?i:[a-z]+\s+(?:is|are)\s+(?:now\s+)?(?:my|our)\s+(?:new\s+)?(?:favou?rite|fave))\b")
#: Pieces that cannot stand alone: they stay with the clause that follows.
_EN_SUBORDINATE = re.compile(r"(?i)^(?:since|when|whenever|while|if|because|as|after|before|until|till|though"
                             r"|although"
                             r"|once|unless|whether|so\s+that|even\s+though|even\s+if|which|who|where|like)\b")
#: "My sister, Ann" before ", and I …": a person named, no statement of its own.
_EN_PERSON_ONLY = typed.PERSON_ONLY  # "my sister Ana" before "and I …": one subject with the speaker
_LEADING_JOINT = re.compile(r"(?i)^(?:and|but|so|plus|also|then|or|though|anyway|anyways)\b[\s,]*")
_ZH_JOINT = re.compile(r"\s*(?:[，,；;、]\s*(?:而且|并且|但是|不过|可是|所以|然后|因为|而|[可但](?=我|他|她|咱))?"
                       r"|而且|并且|但是|不过|可是|所以|然后)\s*")
_ZH_SUBJECT = re.compile(r"^(?:我们|咱们|我|他们|她们|他|她|[\u4e00-\u9fff]{1,3}(?:的)?(?:女儿|儿子|妻子|老婆"
                         r"|丈夫|老公|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|朋友|同事|老板|孩子|宝宝))")



def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --------------------------------------------------------------------------- what is junk

_INTERJECTION = re.compile(
    r"(?i)^(?:(?:hi|hello|hey|hiya|yo|wow|whoa|oh|ooh|ah|aw+|omg|oh\s+my\s+god|gosh|haha+|lol|hmm+|um+|uh+|well"
    r"|yeah|yes|ugh|argh|meh|welp|oof|ew|phew|whew"
    r"|yep|yup|no|nope|nah|sure|ok(?:ay)?|alright|right|great|cool|awesome|nice|thanks|thank\s+you|so|anyway|btw"
    r"|by\s+the\s+way|honestly|actually|also|and|but|plus|totally|absolutely|definitely|exactly|true|indeed"
    r"|good\s+(?:morning|afternoon|evening)|hey\s+there|hi\s+there|dear)"
    r"(?:\s+[A-Z][a-z]+)?\s*[,!.:;—–-]+\s*)+")
_ZH_INTERJECTION = re.compile(r"^(?:(?:你好|您好|嗨|哈喽|哈+|嗯+|哦+|噢|啊+|呀|哇+|好的|好|对|是的|嗯嗯|其实"
                              r"|另外|对了|顺便说一下|(?i:ok+|okay)"
                              r"|话说|那个|在的|在呢|在|老实说|说实话|谢谢|多谢)[，,！!。.~～\s]+)+")
_GREETING = re.compile(
    r"(?i)^(?:hi|hello|hey|hiya|yo|good\s+(?:morning|afternoon|evening|night)|(?:morning|evening)(?!\s+(?:i|we)\s)|bye"
    r"|goodbye|see\s+you(?:\s+\w+)?|see\s+ya|take\s+care|talk\s+(?:to\s+you\s+)?(?:soon|later)|catch\s+you\s+later|cheers"
    r"|(?:it'?s\s+)?(?:so\s+)?(?:good|great|nice|lovely)\s+(?:to\s+)?(?:see|hear\s+from|meet|chat\s+with|talk\s+to)"
    r"\s+you(?:\s+\w+)?|long\s+time\s+no\s+(?:see|chat|talk|speak)|have\s+a\s+(?:good|great|nice|lovely)\s+\w+(?:\s+\w+)?"
    r"|how\s+(?:are|have)\s+you(?:\s+been)?(?:\s+doing)?|what'?s\s+up|welcome(?:\s+back)?)\b")
_ZH_GREETING = re.compile(r"^(?:你好|您好|嗨|哈喽|早上好|上午好|中午好|下午好|晚上好|早安|晚安"
                          r"|早(?:[啊呀哇哦啦]|(?=[！!，,。~～\s]|$))|再见|拜拜|(?:回头|改天|下次|晚点|有空)再?聊|回见|好久不见"
                          r"|最近怎么样|最近好吗|你最近好吗|祝(?:您|你|大家))")  # a wish to the listener
_THANKS = re.compile(r"(?i)^(?:(?:thanks|thank\s+you|thx|ty|many\s+thanks|much\s+appreciated"
                     r"|i\s+appreciate\s+(?:it|that|you|this)|appreciate\s+(?:it|that|you|your|ya|the))\b|谢谢|多谢|感谢|辛苦了)")
_ACK = re.compile(
    r"(?i)^(?:(?:ok(?:ay)?|sure|noted|got\s+it|gotcha|understood|sounds\s+(?:good|great|fun|amazing|awesome|lovely"
    r"|like\s+a"
    r"\s+plan)|will\s+do|no\s+problem|no\s+worries|of\s+course|alright|all\s+right|right|yes|yeah|yep|yup|no|nope"
    r"|perfect|great|cool|awesome|nice|fine|agreed|exactly|true|indeed|absolutely|definitely|totally|makes\s+sense"
    r"|that\s+makes\s+sense|i\s+see|i\s+understand|me\s+too|same\s+here|you\s+too|you're\s+welcome|my\s+pleasure"
    r"|good\s+(?:idea|point|luck|job)|well\s+done|congrat(?:s|ulations)|wow|haha+|lol|hmm+|thing|deal|then|now"
    r"|thanks|thank\s+you|thx|cheers|never\s*mind|nvm"
    r"|(?:i'm|im|i\s+am)\s+(?:(?:so|really|pretty|very)\s+)?(?:good|fine|ok|okay|great|well|alright|doing\s+(?:well|good"
    r"|great|fine|ok|okay|alright)))\b"
    r"(?:\s+(?:to|for|with)\s+me)?(?:[\s!.,~]+|$))+$")
_ZH_ACK = re.compile(r"^(?:(?:(?i:ok+|okay)|好的?|好滴|好嘞|好吧|行|可以|收到|明白了?|懂了?|知道了|了解|没问题|嗯+"
                     r"|哦+|对|是的|确实|当然|好主意|加油|恭喜|太好了|太棒了|谢谢|多谢|感谢|不好意思|抱歉|打扰了|打扰一下|麻烦了|辛苦了"
                     r"|不客气|没事|哈+|厉害|真棒|好厉害|是啊|对啊|我也是|同意|不用|不需要|不对|报告一下|(?i:thanks|thx)|没啥"
                     r"|没什么|算了|拜拜|再见|(?:就)?随便问问|(?:我)?(?:不太|不怎么|不)会(?:弄|用|搞|操作)|(?:我|用户)?(?:之前|刚才|上次)?"
                     r"(?:说|记|搞)错了)[了啊呀吧呢哦啦！!。.~～，,\s]*)+$")
_QUESTION_START = re.compile(  # an auxiliary asks before its subject: "had to sell it", "had my … out" state
    r"(?i)^(?!ha(?:d|ve|s)\s+(?:my|our)\s)(?:(?:what|what's|whats|who|who's|whom|whose|where|where's|when|why|how|how's|which|any\s+(?:idea|thoughts|"
    r"tips|plans)|wanna|want\s+to|(?:and\s+|so\s+|but\s+)?if(?=\s+(?:i|we)\s+(?:want|need)\s+to\s+(?:(?!\b(?:i|we|you|it)\s)[^,;])*$))(?=[\s,]|$)|(?:do|does|did|are|is|was|were|can|could|would|will|should|shall|may|have"
    r"|has|had|am|isn't|aren't|don't|doesn't|didn't|won't|wouldn't)(?=[\s,]*$|\s+(?:(?:you|u|ya|ur|i|we|he|she|they|"
    r"it|this|that|these|those|there|the|my|your|our|his|her|their|any\w*|some\w*|people)\b|(?-i:[A-Z]))))")
#: "When I was younger, we …": a wh-word before a subject opens a statement ("When is it?" inverts).
_WH_STATEMENT = re.compile(r"(?i)^(?:when|where|while)\s+(?:i|i'm|i've|we|we're|my|our|he|she|they)\s")
_ZH_QUESTION = re.compile(r"(?:吗|么|呢|嘛|吧)[？?]?$|^(?:什么|为什么|怎么|怎样|哪|谁|几|是否|能不能|可不可以"
                          r"|要不要|有没有|你觉得|你知道|你说(?!过)|你看(?!过|到)"
                          r"|请问)|[？?]$|(?:什么|怎么样|怎么办|(?<![道教学问看懂会不没])(?<!教我)(?<!教他)(?<!教她)(?<!诉我)怎么(?=[\u4e00-\u9fff])|多少|几点|哪里|哪儿|哪个|去哪(?:玩|吃|了|呀|啊)|是不是|有没有|能不能"
                          r"|对不对|咋|(?<![没不])啥(?![都也])|如何|是怎样的?$|要多久|哪一|多大了|多久了?$)|(?:[了完过]没有?|来着|几(?:岁|年级|点|号)了?|吗哈+)$|(.)还是[^，。,；;]{1,8}\1$|([^我你他她它])[^，。,；;]{0,4}还是\2|^(?i:what|how|why|which|who)\b")
_REQUEST = re.compile(r"(?i)^(?:please|pls|can\s+you|could\s+you|would\s+you|let\s+me\s+know|tell\s+me|let's"
                      r"|lets|let\s+us|fix|debug|explain|proofread|rewrite|polish|tighten|translate|summari[sz]e"
                      r"|(?:one|a\s+few|two|three)\s+more|another\s+(?:one|version|take|try)|remind\s+me|help\s+me"
                      r"|show\s+me|give\s+me|write|make|find|check|keep\s+(?:it|me)|recommend|suggest|don't\s+worry"
                      r"|feel\s+free|hang\s+in\s+there|here(?:'s|\s+is|\s+are|\s+ya\s+go|\s+you\s+go"
                      r"|\s+it\s+is)|check\s+(?:it|this|out)"
                      r"|look\s+at|take\s+a\s+look|wish\s+(?:me|you)|keep\s+(?:it\s+up|going|up\s+the)|enjoy"
                      r"|have\s+fun|stay)\b")
_SINCE_LAST = re.compile(r"(?i)\b(?:since|from)\s+(?:we|our)\s+last\s+(?:spoke|talked|chatted|chat|talk"
                         r"|conversation|met|caught\s+up)\b,?\s*")
_ZH_REQUEST = re.compile(r"^(?:请(?![了过假])|帮我|麻烦|给我|告诉我|提醒我|我们来|咱们|别担心|加油|祝你"
                         r"|求推荐|推荐一?[下个些几点]|[查搜]一?下|再来一?[首个篇段版]|再?写一?[首篇段封份](?!代码)|换一[个首种]"
                         r"|我?想?(?:问问|问一下|请教|咨询)(?:一下)?[，,。]?$|跟你说个事|告诉你一?个(?:好|坏)?(?:事|消息))")
#: Reactions: the clause is about the listener or the thing just said, not about anyone's life.
_REACTION = re.compile(
    r"(?i)^(?:(?:that|this|it|which|what|so|how|such|there)(?:'s|\s+is|\s+was|\s+sounds?|\s+looks?|\s+seems?|\s+must|"
    r"\s+would|\s+will|'ll|\s+could|\s+might|\s+has|\s+makes?)?\b|you(?:'re|'ve|'d|'ll|\s+are|\s+were|\s+must"
    r"|\s+should|\s+have|\s+can|\s+did|\s+look|\s+sound|\s+seem|\s+always|\s+really|\s+know|\s+got)?\b|your\b"
    r"|(?:i'm|i\s+am|i\s+was|we're)\s+(?:so\s+|really\s+|very\s+|just\s+|truly\s+)*(?:glad|happy|sorry|thrilled"
    r"|excited|proud|impressed|stoked|touched|jealous)\s+(?:for|to\s+hear|about\s+that|that\s+you|of\s+you|you)"
    r"|(?:i|we)\s+(?:totally\s+|really\s+|completely\s+|so\s+)?(?:agree|understand|get\s+(?:it|that|you)|hear\s+you"
    r"|bet|see\s+what\s+you\s+mean|know\s+what\s+you\s+mean|feel\s+you|can\s+imagine|can't\s+wait\s+to\s+(?:see|hear))"
    r"|(?:i|we)\s+(?:think|guess|hope|believe|suppose|mean)\s+(?:so|not|that's|it's|you)"
    r"|(?:i|we)\s+(?:love|like|adore)\s+(?:it|that|this|those|these|them|your|you)\b"
    r"|(?:looks?|sounds?|seems?|feels?)\s+like\b|(?:super|so|really|totally)\s+(?:pumped|stoked|excited|happy|glad|proud)"
    r"|(?:i|we)(?:'m|\s+am|\s+are|'re)?\s+(?:(?:really|so|totally|just|absolutely)\s+)*(?:love|loving|enjoying|like"
    r"|liking|adore)\s+(?:it|that|this|them)\b"
    r"|(?:so|very|really|super|too|totally)\s+\w+[!.]*$|(?:good|great|nice|awesome|amazing|cool|wonderful|lovely"
    r"|beautiful|fantastic|brilliant|impressive|inspiring|glad|happy|sorry|proud|wow)\b|love\b(?!\s+[a-z]+ing\b))")
_ZH_REACTION = re.compile(r"^(?:这|那|它|你|您)(?:个|些|真|太|可|也|就|都)?(?:真的|确实|实在|听起来|看起来"
                          r"|好像|简直|也太|太|真|好|很|挺|非常"
                          r"|是|一定|肯定|应该|会|说得|做得|讲得)|^(?:我(?:也|很|真|太|好)?(?:同意|理解|明白"
                          r"|觉得是|为你|替你|赞同|羡慕))"
                          r"|^(?:太|真|好|很|挺|超级?|巨|贼|蛮|特别|非常)(?:好|棒|酷|厉害|不错|有意思|可爱|漂亮|美|开心"
                          r"|有用|有帮助|有道理|管用|实用|受用|详细|清楚|贴心|及时)")
_FIRST_SUBJECT = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've|we'd|we'll)\b|^(?i:my|our)\b")
_SECOND_PERSON = re.compile(r"(?i)\b(?:you(?!(?<=[a-z]{2} you)\s+(?:recommended|suggested|lent))"  # "the book you lent"
                            r"(?:'re|'ve|'d|'ll|rs|rself|r)?|u|ur)\b")
_LISTENER_FRAME = re.compile(r"(?i)\b(?:i'm|i\s+am|we're)\s+(?:(?:so|really|just|always|totally)\s+)*(?:sure"
                             r"|here|glad|happy|certain|confident|proud|sorry|thrilled|excited|stoked)\b|\b(?:i"
                             r"|we)\s+(?:(?:really|totally"
                             r"|just|so)\s+)*(?:know|hope|bet|wish|believe|think|appreciate|admire|love|miss"
                             r"|can\s+tell|can\s+see|can't\s+wait)\s+(?:that\s+)?(?:you|your)\b")
#: A feeling, not a plan said with one ("Excited to start my new job").
_FEELING = re.compile(r"(?i)^(?:so\s+|really\s+|super\s+|very\s+)*(?:glad|happy|sorry|proud|thankful|grateful|relieved"
                      r"|jealous|bummed|sad|(?:excited|stoked|thrilled|pumped)(?!\s+to\s+(?!(?:hear|see|help|know|have|chat"
                      r"|talk|catch|meet)\b)[a-z]+\s+(?:my|our|the|a|an|some)\s))\b")
#: "her"/"him" as an object ("picked her up", "gave him a call"), not a possessive ("her school").
_OBJECT_PRONOUN = re.compile(r"(?<=\w )(?:him|her)(?=\s+(?:up|out|off|in|to|with|for|from|at|on|back|home|every|a|an"
                             r"|the|some|this|that|again|today|yesterday|tomorrow)\b|\s*[.,!?;]|\s*$)")
_THIRD_PRONOUN = re.compile(r"(?i)^(?:he's|she's|they're|they've|he|she|they|his|her|their)\b")
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|me|my|mine|myself|we|we're|we've|we'd|we'll|us"
                           r"|our|ours|ourselves)\b")
_WORD = re.compile(r"[A-Za-z][\w'-]*|\d[\d.,:/]*")
_STOPWORDS = _wordset("""
a an the and or but so to of in on at for with from by about as is am are was were be been being do does did
have has had i i'm i've i'd i'll me my mine myself we we're our us you your he she it they them their his her
its this that these those there here just really very so too also still even now then again much many lot lots
some any all will would can could should might must may not no don't didn't doesn't it's that's what which who
when where how why if than like get got go going gonna want wanna thing things stuff kind sort way bit yeah oh
well think thinks thought know knows feel feels felt guess guesses mean means say says said make makes made
hasn't haven't isn't aren't wasn't weren't won't can't couldn't wouldn't shouldn't
""")

# --------------------------------------------------------------------------- rewriting

_BE = {"i'm": "is", "im": "is", "i am": "is", "i was": "was", "i've": "has", "ive": "has", "i have": "has",
       "i'd": "would", "i'll": "will", "i do": "does", "i don't": "doesn't", "i dont": "doesn't",
       "i haven't": "hasn't", "i'm not": "is not", "i am not": "is not"}
_MODALS = {"can", "could", "will", "would", "should", "shall", "may", "might", "must", "can't", "couldn't",
           "won't", "wouldn't", "shouldn't", "didn't", "wasn't", "cannot", "used", "ought", "gotta", "wanna",
           "gonna", "hafta"}
_IRREGULAR_PAST = _wordset("""
went was were had did made got took saw came found gave told felt thought bought brought left met ran began meant
wrote said knew kept lost won built sent spent became taught caught fell held heard led paid sat slept stood
understood wore ate drove flew grew swam sang rode chose broke spoke forgot woke threw drew hung hit put set
cut let quit read tried finished started sold fed shot dumped tore froze stole shook hid bit lit dug stuck struck
""")
_ADVERBS = _wordset("""
really also just still always never usually often sometimes actually totally definitely recently finally even
only now currently mostly truly absolutely already basically literally kinda seriously honestly generally
normally typically occasionally rarely constantly personally ever
""")
_THIRD = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is", "don't": "doesn't", "haven't": "hasn't"}
_KIN = ("daughter|son|kids?|children|child|wife|husband|partner|boyfriend|girlfriend|mom|mother|mum|dad|father|"
        "sister|brother|sisters|brothers|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|"
        "friend|best\\s+friend|friends|boss|manager|colleague|coworker|roommate|neighbor|neighbour|fiancée?|"
        "dog|cat|puppy|kitten|pet|teacher|therapist|mentor|family|parents|grandkids|baby")
_KIN_NAMED = re.compile(rf"\b(?i:my|our)\s+((?i:little\s+|older\s+|younger\s+|big\s+|eldest\s+|youngest\s+)?"
                        rf"(?i:{_KIN}))"
                        r",?\s+([A-Z][a-z]+)\b")
_KIN_APPOSED = re.compile(rf"\b((?i:my|our)\s+(?i:{_KIN})),\s+([A-Z][a-z]+),(?=\s)")
_ZH_KIN_NAMED = re.compile(rf"我(?:的)?({typed.ZH_KIN})([\u4e00-\u9fff]{{0,3}})")
_ZH_PRONOUNS = {"我们": "{s}等人", "咱们": "{s}等人", "我": "{s}", "我的": "{s}的", "我家": "{s}家", "俺": "{s}",
                "本人": "{s}", "自己": "自己"}

# --------------------------------------------------------------------------- typing

_PREFERENCE = re.compile(r"(?i)\b(?:love[sd]?|like[sd]?|enjoy(?:s|ed)?|prefer(?:s|red)?|hate[sd]?|dislike[sd]?"
                         r"|adore[sd]?"
                         r"|can't\s+stand|favou?rite|fan\s+of|into|passionate\s+about|obsessed\s+with|fond\s+of"
                         r"|allergic|vegetarian|vegan|can't\s+eat|don't\s+eat"
                         rf"{typed.EN_DAILY}"  # what one eats or drinks as a habit: "stopped eating …" changes it
                         r"|(?:eat|eats|drink|drinks)\s+(?:a\s+lot\s+of|lots\s+of|tons\s+of|plenty\s+of|mostly|only|no)"
                         r"|(?:eat|eats|eating)\s+(?:\w+\s+){0,2}?(?:meat|steak|beef|pork|bacon|chicken|fish|seafood)"
                         r"|(?:stopped|quit|gave\s+up|no\s+longer|doesn't|don't|never)\s+(?:eating|drinking|eat|drink))\b")
_ZH_PREFERENCE = re.compile(r"喜欢|爱吃|爱喝|爱看|热爱|讨厌|偏好|偏爱|最爱|不爱|受不了|过敏|素食|吃素|不吃"
                            rf"|不喝|迷上|着迷{typed.ZH_DAILY}")
_TASK = re.compile(r"(?i)\b(?:will|'ll|going\s+to|gonna|plan(?:s|ning)?\s+to|planning|intend(?:s)?\s+to"
                   r"|need(?:s)?\s+to"
                   r"|have\s+to|has\s+to|must|should|want(?:s)?\s+to|hope(?:s)?\s+to|about\s+to|deadline|due|tomorrow"
                   r"|next\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
                   r"|this\s+(?:weekend|coming)|upcoming|thinking\s+(?:of|about)\s+\w+ing|looking\s+forward\s+to)\b")
_ZH_TASK = re.compile(r"要|打算|计划|准备|得|需要|必须|将|会去|想去|想要|截止|明天|后天|下周|下个月|明年"
                      r"|下星期|下礼拜|回头|以后")
_EVENT = re.compile(r"(?i)\b(?:yesterday|ago|last\s+\w+|this\s+morning|earlier|recently|just\s+\w+ed|went"
                    r"|visited|attended|got|took|saw|met|bought|started|finished|moved|joined|won|lost|ran|made|had|did|tried"
                    r"|celebrated|\w+ed)\b")
_ZH_EVENT = re.compile(r"了|过|昨天|前天|上周|上个月|去年|刚刚|刚才|最近|那天")
_ACTION = re.compile(r"(?i)^(?:i've|i\s+have|i|we've|we\s+have)\s+(?:just\s+|now\s+|already\s+)?(?:booked"
                     r"|reserved|scheduled"
                     r"|set\s+(?:up|a)|created|added|sent|ordered|cancel+ed|moved|updated|saved|registered|paid"
                     r"|confirmed|arranged|renewed)\b|^(?:已|已经)(?:为您|为你|帮您|帮你|给您|给你)?(?:预订|预定|预约"
                     r"|安排|取消|发送|创建|添加"
                     r"|设置|更新|保存|下单|支付|确认|登记)|^(?:我)?(?:已经?|刚刚?)(?:为您|为你|帮您|帮你)")


#: The speaker shows something of theirs: "Here's a photo of my garden", "Check my bike", "these kids I met at …".
_SHOWN = re.compile(r"(?i)^(?:here(?:'s|\s+is|\s+are)|check(?:\s+out)?|look\s+at|this\s+(?:is|was)(?=\s+(?:my|our)\s+"
                    r"(?!(?:first|last|only|question|point|problem|issue|fault|bad|guess|own|take|understanding|opinion|concern|answer)\b)))\s+(?:(?P<det>this|these|those|the|a|an|some)\s+)?"
                    r"(?:(?P<media>photos?|pics?|pictures?|shots?|snaps?|snapshots?|videos?)\s+(?:of|from)\s+)?"
                    r"(?=(?:one\s+of\s+)?(?:my|our)\s|(?<=from\s)when\s+(?:I|we)\s+(?:was|were)\s|(?:another\s+)?(?:[a-z]+\s+){1,4}?(?:I|we)\s+(?!(?:want|need|ask"
                    r"|mean|talk|mention|promis|said|told))(?:[a-z]+ed|like|love|"
                    + "|".join(_IRREGULAR_PAST - _wordset("was were had did got let meant kept felt knew")) + r")\b)")
_SHOWN_DET = {"these": "some ", "those": "some ", "some": "some ", "the": "the "}  # "this/a/an": "a"
_ZH_SHOWN = re.compile(r"^(?:看[，,]?\s*)?(?:这是|这就是|给你看看?|分享一下)(?=我.*(?:照片|相片|图片|视频))")


def shown(sentence: str, zh: bool) -> str:
    """A sentence that shows something of the speaker's, told as what they did: "Here's a photo of my garden" →
    "I shared a photo of my garden" (a statement, no longer a request); other sentences as they are."""
    if zh:
        return _ZH_SHOWN.sub("我分享了", sentence, count=1)
    m = _SHOWN.match(sentence)
    if not m:
        return sentence
    media, rest, det = m.group("media"), sentence[m.end():], _SHOWN_DET.get((m.group("det") or "").casefold(), "a ")
    if not media:  # "Check out this piece I made": "a piece I made"; "these kids I met": "some kids I met"
        own = re.match(r"(?i)(?:one\s+of\s+)?(?:my|our|another)\b", rest)
        return f"I shared {'' if own else det}{rest}"
    return f"I shared {'a ' if not media.endswith('s') else ''}{media} of {rest}"


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
        text = typed.TYPED_OPENER.sub("", text).strip()
        if not zh:
            text = _LEADING_JOINT.sub("", text).strip()
            text = typed.TYPED_TAIL.sub("", text).strip()
    return text


def split_clauses(sentence: str) -> list[str]:
    """Clauses joined by and/but/so/而且/并且/，…, split only where the words after the joint stand alone."""
    zh = has_cjk(sentence)
    joint = _ZH_JOINT if zh else _EN_JOINT
    parts: list[str] = []
    last, carry = 0, ""
    for m in joint.finditer(sentence):
        rest = sentence[m.end():]
        head = sentence[last:m.start()].strip()
        if not head or not rest.strip():
            continue
        shared = ""
        if zh:
            if len(head) < 2 or len(_ZH_TAIL_STRIP.sub("", rest)) < 2 or _ZH_ADVERBIAL.fullmatch(head) \
                    or typed.zh_says_more(joint.split(rest, 1)[0]) or _ZH_ALONG.match(rest.lstrip()):
                continue
        elif not _EN_SUBJECT.match(_strip_open(rest, False)) and not typed.OWN_MEASURE.match(rest.lstrip()):
            shared = typed.shared_subject(carry + head, rest, m.group())
            if not shared:
                continue
        elif (len(_WORD.findall(head)) < 3 or _EN_SUBORDINATE.match(_strip_open(head, False))
              or _EN_PERSON_ONLY.match(head) or typed.with_me(head, m.group(), rest)):
            continue
        parts.append(carry + head)
        carry = f"{shared} " if shared else ""
        last = m.end()
    tail = sentence[last:].strip()
    if tail:
        parts.append(carry + tail)
    return parts


_ZH_TAIL_STRIP = re.compile(r"[。！？!?.，,\s]")
# "出差，顺便看看我爸妈": on the way; "在学吉他，已经三个月了": how long; "跳槽去了腾讯，做用户研究": the role
_ZH_ALONG = re.compile(r"顺便|顺道|顺路|趁机|顺带|(?:做|当|担任)[\u4e00-\u9fff]{2,6}(?:[，。！；]|$)"
                       r"|(?:已经|都|快|才|有)?[\d一二两三四五六七八九十几半]+个?多?(?:天|周|星期|月|年|小时)多?了")
#: A Chinese piece that is only a time or a place phrase stays with the clause it introduces.
_ZH_ADVERBIAL = re.compile(r"(?:[\u4e00-\u9fff\d]{0,6}(?:天|周|月|年|时候|以后|之后|以前|之前|的时候|早上"
                           r"|晚上|下午|上午|周末)"
                           r"|在(?![\u4e00-\u9fff]*(?:做|当|读|上班|工作|开|住|学|教|干|搞|带|写))[\u4e00-\u9fff]{1,8}|其实|所以|然后|另外|而且|但是|不过|因为|虽然|(?:如果|要是|假如|万一|假设|倘若).*)"+typed.ZH_ONCE)


def junk_reason(clause: str, zh: bool) -> str:
    """Why a clause carries nothing to remember ('' when it may): the first rule of ``_ZH_JUNK`` or
    ``_EN_JUNK`` that applies."""
    text = clause.strip().strip("\"'“”‘’")
    bare = text.rstrip("。.!！~～ ")
    if not bare:
        return "filler"
    return next((reason for reason, applies in (_ZH_JUNK if zh else _EN_JUNK) if applies(text, bare)), "")


_ZH_PLAN = typed.ZH_PLAN  # a plan, or the speaker's guess: "下周六吧", "我大概明年会考研吧"
#: (reason, whether it applies to the clause's (text, bare text)), in order: the first that applies is why.
_ZH_JUNK: tuple[tuple[str, Callable[[str, str], object]], ...] = (
    ("greeting", lambda text, bare: _ZH_GREETING.match(bare)), ("thanks", lambda text, bare: _THANKS.match(bare)),
    ("acknowledgement", lambda text, bare: _ZH_ACK.match(bare)),
    ("question", lambda text, bare: _ZH_QUESTION.search(bare) and not _ZH_PLAN.search(bare)),
    ("request", lambda text, bare: _ZH_REQUEST.match(bare) and not typed.ZH_DONE_FOR_KIN.match(bare)),
    ("reaction", lambda text, bare: _ZH_REACTION.match(bare)),
    ("filler", lambda text, bare: len(_ZH_TAIL_STRIP.sub("", bare)) < 3 or typed.ZH_HESITATION.fullmatch(bare)),
)
_EN_JUNK: tuple[tuple[str, Callable[[str, str], object]], ...] = (
    ("question", lambda text, bare: (text.endswith("?") and not typed.UPTALK.match(bare))
     or (_QUESTION_START.match(bare) and not _WH_STATEMENT.match(bare) and not text.endswith("!"))),
    ("greeting", lambda text, bare: _GREETING.match(bare)), ("thanks", lambda text, bare: _THANKS.match(bare)),
    ("acknowledgement", lambda text, bare: _ACK.match(bare)), ("request", lambda text, bare: _REQUEST.match(bare)),
    ("reaction", lambda text, bare: _FEELING.match(bare)),
    ("reaction", lambda text, bare: _REACTION.match(bare) and not _FIRST_SUBJECT.search(bare) and not factual(bare)),
    # about the listener
    ("reaction", lambda text, bare: _SECOND_PERSON.search(bare)
     and (not _FIRST_SUBJECT.search(bare) or _LISTENER_FRAME.search(bare))),
    ("reaction", lambda text, bare: re.match(r"(?i)^(?:i'm|i\s+am|i\s+was|we're|i|we)\s", bare)
     and _REACTION.match(bare)),
    ("filler", lambda text, bare: not [w for w in _WORD.findall(bare.casefold()) if w not in _STOPWORDS]),
)


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


# --------------------------------------------------------------------------- what a clause leans on

#: Words of feeling or of keeping on, not of what happened or is: a clause of little else is a reaction or a pledge.
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
_PRONOUN_LEAD = re.compile(r"(?i)^(?:its?|it's|(?:this|that)(?!\s+" + typed.TIME_NOUN + r")|that's|these|those|there"
                           r"|there's|they|they're|they've|them|such|which|both|all\s+of\s+(?:it|them)|his|her|their)\b")
#: "这几天…", "那阵子…" open with a time, not a thing pointed at.
_ZH_PRONOUN_LEAD = re.compile(r"^(?:(?:这|那)(?!(?:几|两|一|些|半)?个?(?:天|周|月|年|星期|礼拜|学期)|阵子?|段时间|次)"
                              r"|它|他们|她们)")
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
#: A reaction that can be reported as "… told … that <clause>": it opens with a subject, not an imperative or a
#: bare feeling ("Look for a company …", "Glad you're OK").
_SAYING_LEAD = re.compile(r"(?i)^(?:you|your|you're|you've|you'll|you'd|i|i'm|i've|i'd|i'll|we|we're|my|our|the"
                          r"|that's|it's|what|how)\b|^[A-Z][a-z]+'s\b")
#: A general claim (present tense, no time): said by a named speaker, it is their view.
_OPINION = re.compile(r"(?i)\b(?:is|are|can|makes?|helps?|gives?|brings?|means?|keeps?)\b")
#: "check it out", "tried that", "explore them": the clause's thing is named elsewhere.
_OBJECT_REFERENCE = re.compile(r"(?i)(?<=\w\s)(?:it|them|that|those|these|this|one)(?=\s*(?:out|up|yet|too|again|more"
                               r"|someday|sometime|soon|now|later|[.!,?]|$))")


def _lower_first(text: str) -> str:
    """"The new job" → "the new job" inside a sentence; a name or a code keeps its capital."""
    first = text.split(" ", 1)[0]
    low = first.casefold()
    common = low in _STOPWORDS or low in _EVALUATIVE or low in _VAGUE or low.endswith("ing") or low in _COMMON_LEAD
    return text[:1].lower() + text[1:] if common and first != "I" else text


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


def stands_alone(text: str, timed: bool) -> bool:
    """A clause about no one that may be a memory by itself (when its turn has no statement to go with): it
    names a time or a thing ("The dentist appointment got moved to next Thursday"), and no pronoun leads it."""
    if _PRONOUN_LEAD.match(text) or _ZH_PRONOUN_LEAD.match(text):
        return False
    return timed or bool(timeparse.resolve(text, None, has_cjk(text))[2]) \
        or bool(_NAMED_WORD.search(text) and len(content_words(text)) >= 3)


#: Present-tense verbs that end like a past one ("I need" → "needs", not "need"); "-ss" ones are present too.
_EED = frozenset(("need", "feed", "bleed", "breed", "speed", "proceed", "succeed", "exceed", "heed", "seed", "weed"))


def _third_person_verb(verb: str) -> str:
    low = verb.casefold()
    if low in _THIRD:
        return _THIRD[low]
    if low in _MODALS or re.sub(r"^(?:re|over|under|out|mis|with)(?=[a-z]{3})", "", low) in _IRREGULAR_PAST \
            or not low.isalpha() or (low.endswith(("ed", "s")) and low not in _EED and not low.endswith("ss")):
        return verb
    if low.endswith(("sh", "ch", "x", "z", "o", "ss")):
        return verb + "es"
    if len(low) > 2 and low.endswith("y") and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


_EN_I_VERB = re.compile(r"(?<!and )\b(?:I|i)\s+((?:(?:no longer|" + "|".join(sorted(_ADVERBS)) + r")\s+)*)([A-Za-z']+)")
_EN_CONTRACTED = re.compile(r"(?i)\b(?:i'm\s+not|i\s+am\s+not|(?<!and )i\s+(?:haven't|don't|dont|have|do)|i'm|im(?=\s)"
                            r"|i\s+am|i\s+was|i've|ive(?=\s)|i'd|i'll)\b")  # "X and I don't": theirs


def third_person_en(text: str, who: str, listener: str | None) -> str:
    """``text`` in the third person; an e-mail address or a web address keeps its letters ("sam@proton.me")."""
    kept: list[str] = []

    def keep(m: re.Match[str]) -> str:
        kept.append(m.group())
        return f"\x00{len(kept) - 1}\x00"

    text = typed.ADDRESS.sub(keep, text)
    text = _third_person_en(text, who, listener)
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)


def _third_person_en(text: str, who: str, listener: str | None) -> str:
    possessive = f"{who}'" if who.endswith("s") else f"{who}'s"
    text = _KIN_APPOSED.sub(r"\1 \2", text)  # "my manager, Tom, wants" → "my manager Tom wants"
    text = _KIN_NAMED.sub(lambda m: f"{m.group(2)} ({possessive} {m.group(1).lower()})", text)
    text = re.sub(r"(?i)\band i've\b", "and I have", text)  # "my wife and I've been": their verb
    text = _EN_CONTRACTED.sub(lambda m: f"{who} {_BE[' '.join(m.group(0).casefold().split())]}", text)

    def verb(m: re.Match[str]) -> str:
        return f"{who} {m.group(1)}{_third_person_verb(m.group(2))}"

    text = _EN_I_VERB.sub(verb, text)
    text = re.sub(r"\b(?:I|i)\b(?!-\d)", who, text)  # not a highway ("I-80")
    text = re.sub(r"(?i)\bmy\s*self\b", who, text)
    text = re.sub(r"(?i)\b(?:my|mine)\b", possessive, text)
    text = re.sub(r"(?i)\bme\b", who, text)
    family = f"{who} and others"
    text = re.sub(r"(?i)\b(?:(?:both|the two) of us|we(?= both\b))", f"{who} and one other person", text)  # two
    verbs = {"re": "are", "are": "are", "ve": "have", "ll": "will", "d": "would"}  # "we're", "we are", "we've" …
    text = re.sub(r"(?i)\bwe(?:'(re|ve|ll|d)|\s+(are))\b", lambda m: f"{family} {verbs[(m[1] or m[2]).lower()]}", text)
    text = re.sub(r"(?i)\bwe\b", family, text)
    text = re.sub(r"(?i)\bour(?=\s+(?:own\s+)?(?:lives|minds|selves|hearts|souls|bodies|heads|spirits|homes)\b)",
                  f"{family}'", text)  # one each: "our lives" are theirs, not one person's "lives"
    text = re.sub(r"(?i)\b(?:our|ours)\b", possessive, text)
    text = re.sub(r"(?i)\b(?:(?:all|most) of )?(?!(?-i:US)\b)(?:us|ourselves)\b", family, text)  # not the US
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


def third_person_zh(text: str, who: str, prefix: bool = True) -> str:
    """A Chinese clause with 我 bound to ``who`` ("我们公司" is ``who``'s company, "我们去了" ``who`` and others);
    ``prefix``: a clause that names no one is ``who``'s ("下个月要去成都" → "用户下个月要去成都")."""
    text = _ZH_KIN_NAMED.sub(lambda m: _zh_kin(m, who), text)
    out = []
    tokens = pseg.lcut(text, HMM=False)
    for i, token in enumerate(tokens):
        word = token.word
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if word in ("我们", "咱们") and after is not None and after.word[0] == "家":  # "家", the tagger's "家养"
            out.append(who)  # "我们家" → "用户家"
            continue
        if word in ("我们", "咱们") and after is not None and typed.zh_ours(after.word, after.flag):
            out.append(f"{who}的")  # "我们公司", "咱们老板": whose, not who
            continue
        pattern = _ZH_PRONOUNS.get(word)
        if pattern is None and len(word) > 1 and word[0] == "我" and word[1] in typed.ZH_AFTER_I:
            word = who + word[1:]  # the tagger's "我会" (弹钢琴), "我能": 我 and a verb, one token
        out.append(pattern.format(s=who) if pattern else word)
    joined = "".join(out)
    if prefix and not joined.startswith(who) and (typed.zh_led_by_preposition(joined, who) or (
            not _ZH_SUBJECT.match(joined) and who not in joined[:6])):
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
