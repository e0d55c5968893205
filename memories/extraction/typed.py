"""Text as people type it to an assistant, for the offline extractor: openers and tails that are no part of a
statement ("btw", "fyi", "lol", "ugh"), short forms written out ("tmrw", "dont"), and addresses whose letters a
rewrite must not touch ("sam.k@proton.me" is no "me")."""

from __future__ import annotations

import re

from memories.write.people import KIN_EN

__all__ = [
    "ADDRESS",
    "EN_DAILY",
    "OWN_MEASURE",
    "PERSON_LOWER",
    "TYPED_OPENER",
    "TYPED_TAIL",
    "WE_VERB",
    "ZH_AFTER_I",
    "ZH_DAILY",
    "ZH_KIN",
    "shared_subject",
    "typed_words",
    "with_me",
    "zh_ours",
    "zh_says_more",
]

#: What people type before a statement with no comma after it ("btw my daughter …", "fyi im lactose intolerant",
#: "lol so i …", "btw我对青霉素过敏", "actually i …" before the speaker's own words), and after it ("… at 8am ugh",
#: "… dinosaurs lol", "… week tbh, …"): no part of it.
TYPED_OPENER = re.compile(r"(?i)^(?:(?:btw|fyi|lol|lmao|haha+|ok(?:ay)?\s+so|so+|anyway[s]?|omg|ugh+|welp|yay|lowkey|fr"
                           r"|honestly|literally|basically"
                           r"|ps|p\.s\.|heads\s+up"
                           r"|quick\s+update|update|tbh|ngl|oh\s+and|also"
                           # … and a word of speech before the speaker's own "I" ("actually I switched", "well I'm …")
                           r"|(?:actually|well|oh|yeah|yea|ok(?:ay)?|alright|hmm+|um+|uh+|(?:pretty|fairly|100%)\s+sure)"
                           r"(?=\s+(?:i|i'm|im|i've|ive|i'd|i'll|we|we're|we've|my|our)\b))(?=\s|[\u4e00-\u9fff])\s*)+")
TYPED_TAIL = re.compile(r"(?i)(?:\s+(?:btw|lol|lmao|haha+|ugh+|jk|xd|tbh|smh|lmfao|rofl|tho|fr|ngl|lowkey))+"
                        r"(?:\s*([!.?]*)$|(?=\s*,))")  # or before a comma ("rough week tbh, …")

#: Kinship and role words after 我 ("我表哥", "我闺蜜小雨"): the speaker's person (``clauses._ZH_KIN_NAMED``).
ZH_KIN = ("爸妈|父母|爹妈|女儿|儿子|妻子|老婆|丈夫|老公|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|朋友|同事|老板|孩子"
          "|宝宝|男朋友|女朋友|男友|女友|闺蜜|发小|对象|媳妇|同学|领导|表[哥姐弟妹]|堂[哥姐弟妹]|爷爷|奶奶|外公|外婆|姥姥"
          "|姥爷|舅舅|姑姑|阿姨|叔叔|婆婆|公公|岳父|岳母|室友|邻居|猫|狗|妈|爸|哥|姐|弟|妹")

#: Words as people type them to an assistant, in full ("tmrw", "dont", "cant", "pls"): what the rules read.
_TYPED_WORDS = {"tmrw": "tomorrow", "tmr": "tomorrow", "tmrrw": "tomorrow", "2moro": "tomorrow", "dont": "don't",
                "cant": "can't", "wont": "won't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't",
                "wasnt": "wasn't", "havent": "haven't", "pls": "please", "plz": "please", "thx": "thanks",
                "bday": "birthday", "b-day": "birthday", "yr": "year", "yrs": "years", "wk": "week", "wks": "weeks",
                "rn": "right now", "bf": "boyfriend", "gf": "girlfriend", "hubby": "husband", "wifey": "wife",
                "bff": "best friend", "bc": "because", "b/c": "because", "cuz": "because",
                "appt": "appointment", "ppl": "people", "wanna": "want to", "im": "I'm",
                "ive": "I've", "w/": "with", "abt": "about", "lmk": "let me know", "shes": "she's",
                "theyre": "they're", "bro": "brother", "sis": "sister", "hrs": "hours",
                "mins": "minutes", "whats": "what's", "hes": "he's", "thats": "that's", "theres": "there's",
                "youre": "you're", "arent": "aren't", "couldnt": "couldn't", "wouldnt": "wouldn't",
                "shouldnt": "shouldn't", "gonna": "going to", "definately": "definitely", "definatly": "definitely",
                "recieve": "receive", "recieved": "received", "fav": "favourite"}
_TYPED_WORD = re.compile(r"(?i)(?<![\w/-])(?:" + "|".join(map(re.escape, _TYPED_WORDS)) + r")(?![\w/-])"
                         r"|(?<=\s)w(?=\s+(?:the|my|our|his|her|their|a|an|some|friends|family)\b)")


def typed_words(text: str) -> str:
    """``text`` with the short forms people type written out ("dentist tmrw, dont let me forget"), and a time said
    before the speaker's clause put after it ("these days I work from home" → "I work from home these days")."""
    text = _TYPED_WORD.sub(lambda m: _TYPED_WORDS.get(m.group().casefold(), "with"), text)
    if _HELP_PLAN.match(text):  # no question once it is the speaker's plan
        text = re.sub(r"\?+(\s|$)", r".\1", _HELP_PLAN.sub(
            lambda m: f"I'm {_GERUND.get(m.group('verb').casefold(), 'planning')} ", text), count=1)
    text = _OF_US.sub(lambda m: f"{'W' if m.group()[0].isupper() else 'w'}e {(m.group(1) or 'both').casefold()}", text)
    text = _NAMED_LATER.sub(lambda m: f"{m.group('name')}{m.group('mid')}", text)  # "someone…, her name is Mia"
    if (lower := _LOWER_NAME.match(text)) and lower.group(1) not in _NOT_NAMES:  # "bruno died on saturday"
        text = text[:1].upper() + _WEEKDAY.sub(lambda m: m.group().capitalize(), text[1:])
    front = _TIME_FIRST.match(text)
    if front is None:
        return text
    rest = text[front.end():]
    body, end = re.match(r"(.*?)([.!]*)\s*$", rest, re.DOTALL).groups()  # type: ignore[union-attr]
    return f"{body[:1].upper()}{body[1:]} {front.group(1).casefold()}{end}"


#: A request for help with something the speaker has coming, with its day: "can u help me plan a dinner for
#: saturday" says "I'm planning a dinner for saturday" (the request itself keeps nothing).
_HELP_PLAN = re.compile(r"(?i)^(?:(?:hey|hi|ok|so|okay)[,\s]+)?"
                        r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?"
                        r"|please\s+|pls\s+)?help\s+me\s+(?:to\s+)?(?P<verb>plan|organi[sz]e|host|prepare|throw|cook"
                        r"|pack\s+for|get\s+ready\s+for)\s+(?=(?:a|an|my|our|the)\s+[^,.!?]{2,40}?\b(?:for|on|this|next"
                        r"|tomorrow|tonight|in\s+\w+\s+(?:days?|weeks?))\b)")
_GERUND = {"plan": "planning", "organise": "organising", "organize": "organizing", "host": "hosting",
           "prepare": "preparing", "throw": "throwing", "cook": "cooking"}
#: A measure of one's own said with no "my" ("rent is 2100", "take home is about 5400/mo"): a clause of its own
#: after a comma, with the speaker's subject (``bare._MINE`` puts "my" before it).
OWN_MEASURE = re.compile(r"(?i)^(?:rent|salary|pay|weight|mortgage|commute|income|budget|take[- ]home(?:\s+pay)?)"
                         r"(?:'s)?\s+(?:is|was|went|goes|got|will\s+be)\b")
#: "Both of us love hiking", "all of us got covid": "we both …", "we all …", as the rest of the extractor reads "we".
_OF_US = re.compile(r"(?i)^(?:the\s+two|(both|all))\s+of\s+us\b")
#: Someone named in the clause after ("I'm seeing someone now, her name is Mia" → "I'm seeing Mia now").
_NAMED_LATER = re.compile(r"(?i)\b(?:someone|somebody|a\s+(?:guy|girl|man|woman|lady|boy))\b(?P<mid>[^.!?,;]{0,40}?)"
                          r"\s*[,;—–-]\s*(?:and\s+)?(?:her|his|their)\s+name(?:'s|\s+is)\s+"
                          r"(?P<name>(?-i:[A-Z][a-z]+))\b")
#: A name typed in lower case before what happens to a person or a pet ("bruno died on saturday").
_LOWER_NAME = re.compile(r"^([a-z]{3,})\s+(?:just\s+|finally\s+)?(?:died|passed\s+away|was\s+put\s+down|was\s+born"
                         r"|got\s+(?:married|engaged|divorced)|had\s+(?:puppies|kittens|her\s+baby|a\s+baby))\b")
_NOT_NAMES = frozenset(KIN_EN) | frozenset("""he she they who someone somebody everyone nobody one dog cat puppy kitten
fish hamster rabbit horse bird parrot grandma grandpa granny nan nana gran uncle aunt auntie cousin neighbour neighbor
friend boss colleague teacher doctor baby mine hers his theirs ours yours it""".split())  # noqa: SIM905
_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b")
#: A time said first, before the speaker's own clause ("these days I drive a cab", "Lately, we've been …", "This
#: morning I fixed the fence").
_TIME_FIRST = re.compile(r"(?i)^\s*(these\s+days|nowadays|lately|at\s+the\s+moment|right\s+now|currently"
                         r"|this\s+(?:morning|afternoon|evening)|earlier\s+today"
                         r"|these\s+past\s+(?:few\s+)?(?:days|weeks|months|years))\s*,?\s+"
                         r"(?=(?:i|i'm|i've|we|we're|we've|my|our)\b)")


#: An e-mail or web address, kept as written when a clause is put in the third person.
ADDRESS = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+|\b(?:https?://|www\.)\S+|\b[\w\-]+(?:\.[\w\-]+)*\.(?:com|org|net"
                      r"|io|me|co|dev|app|ai|us|uk)\b(?:/\S*)?")

#: "my girlfriend sarah and i have been together 3 years": a person and the speaker, one subject of a verb
#: said of both (typed in lower case, the name is no capital).
PERSON_LOWER = re.compile(r"^(?i:my|our)\s+\w+(?:\s+\w+)?,?\s+[a-z]+,?$|^[A-Za-z][a-z]+$")
WE_VERB = re.compile(r"(?i)\s*(?:i|me)\s+(?:(?:have|'ve|are|'re|were|both|just|finally|recently|officially)\s+)*"
                         r"(?:been|together|dating|married|engaged|divorced|broke up|split|met|moved in|got married|"
                         r"got engaged|are|were|have)\b")
#: "Some friends from church and I went camping", "a few coworkers and I started a book club": a noun phrase with
#: no verb of its own, then "and I": the speaker and others, one subject.
_GROUP = re.compile(r"(?i)^(?:some|a few|a couple of|a bunch of|a group of|two|three|four|several|many|most|all|a|an"
                    r"|the|my|our)\s+(?:of\s+)?(?:[A-Za-z'-]+\s+){0,5}?[A-Za-z'-]+$")
_VERB = re.compile(r"(?i)\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|can|will|would|could|should|may"
                   r"|might|must|went|got|made|took|saw|met|said|told|paid|ran|won|lost|left|felt|kept|built|bought"
                   r"|brought|thought|came|began|grew|knew|sold|sent|spent|[a-z]+ed|it|them|him|her|me|us|this|that"
                   r"|off|up|out|there|here|so|too|well|now)\b|'(?:s|re|ve|m|d|ll)\b")


#: A time said before the subject ("Two weekends ago, Tom and I …", "Yesterday my sister and I …", "Last week,").
#: A span of time after "this"/"that" ("This season I'm coaching at Big Sky"): a time said first, no pronoun.
TIME_NOUN = (r"(?:season|semester|term|quarter|week(?:end)?|month|year|summer|winter|spring|fall|autumn|morning"
             r"|afternoon|evening|time|round)\s+(?:i|i'm|i've|we|we're|my|our|the\s+user)\b")
_FRONTED_TIME = re.compile(r"(?i)^(?:(?:yesterday|today|tonight|last\s+night|this\s+(?:morning|afternoon|evening)"
                           r"|(?:last|this|next|on|that)\s+(?:week(?:end)?|month|year|summer|winter|spring|autumn|fall"
                           r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
                           r"|(?:\w+|a\s+few|a\s+couple\s+of)\s+(?:days?|weeks?|weekends?|months?|years?)\s+ago"
                           r"|in\s+(?:january|february|march|april|may|june|july|august|september|october|november"
                           r"|december))\s*,?\s+|[^,]{1,40},\s+)")


def with_me(head: str, joint: str, rest: str) -> bool:
    """Whether "<head> and I …" is one subject: "my girlfriend sarah and i have been together" (``PERSON_LOWER``),
    "some friends from church and I went camping" (``_GROUP``), after a time said first ("Two weekends ago, Tom
    and I had a trip": a name, or a person by their role, "Yesterday my sister and I went …"); two names before a
    plural verb ("so Maya and Theo are with me")."""
    core = _FRONTED_TIME.sub("", head, count=1)
    if core != head and joint.strip().casefold() == "and" and re.match(r"(?i)i\s", rest) \
            and (re.fullmatch(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?", core) or PERSON_ONLY.match(core)
                 or with_me(core, joint, rest)):
        return True
    if PERSON_LOWER.match(head) and WE_VERB.match(rest):
        return True
    if joint.strip().casefold() == "and" and re.search(r"\b[A-Z][a-z]+$", head) \
            and re.match(r"\s*[A-Z][a-z]+\s+(?:are|were|have|'re|both)\b", rest):  # "so Maya and Theo are with me"
        return True
    return (joint.strip().casefold() == "and" and re.match(r"I\s", rest) is not None and _GROUP.match(head) is not None
            and not _VERB.search(head))


#: Two verbs of one subject ("my mom lives in manila and calls every sunday", "tom moved to berlin last year and
#: works at a startup there"): the subject, then a verb that is no copula; after "and"/"but" a verb of a life.
_HEAD_SUBJECT = re.compile(r"(?i)^(?P<subj>i|we|(?:my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+|[A-Z][a-z]+)(?:['’]ve)?\s+"
                           r"(?:just\s+|also\s+|still\s+|recently\s+|finally\s+)?"
                           r"(?P<verb>[a-z]+(?:ed|s)|is|was|are|were|am|'s|'m|'re|feel|seem|get|think|hope|guess|know|"
                           r"mean|love|like|go|went|got|had|have|made|took|came|found|left|met|quit|sold|bought|"
                           r"began|became|spent|paid|broke|won|gave|sent|told|work|live|play|drive|own|teach|run)\b")
_LIFE_VERBS = ("lives|works|calls|plays|loves|likes|hates|owns|drives|teaches|studies|speaks|visits|runs|cooks|"
               "walks|swims|travels|writes|reads|watches|sings|coaches|volunteers|commutes|trains|goes|has|wants|"
               "needs|takes|makes|spends|sends|texts|helps|moved|started|joined|quit|left|bought|sold|got|went|"
               "took|made|found|lost|began|became|met|spent|paid|broke|won|gave|sent|told|came|had|adopted|"
               "opened|finished|graduated|retired|married|signed|booked|switched|changed|learned|learnt|picked")
_NEXT_VERB = re.compile(rf"(?i)^(?:also\s+|still\s+|now\s+|then\s+|just\s+)?(?:{_LIFE_VERBS})\s+\S")
#: The same verbs as said after "I" or "we" ("I've got type 1 diabetes and wear a dexcom").
_BASE_VERB = re.compile(r"(?i)^(?:also\s+|still\s+|now\s+|then\s+|just\s+)?(?:live|work|wear|play|drive|own|teach|"
                        r"speak|visit|run|cook|walk|swim|travel|write|read|watch|sing|coach|volunteer|commute|train|"
                        r"have|take|spend|use|study|eat|drink|grow|bake|collect|ride|keep|rent|share)\s+\S")
_COPULA = re.compile(r"(?i)^(?:be|been|feel|feels|felt|seem|seems|seemed|get|gets|"
                     r"think|thinks|hope|hopes|guess|know|knows|mean|means|love|like)$")


def shared_subject(head: str, rest: str, joint: str) -> str:
    """The subject a clause after "and"/"but" or a comma shares with the clause before ("my mom lives in manila" +
    "calls every sunday" → "my mom"; "I finished my master's, started at a hospital"), or "" when the words after
    the joint are no such clause."""
    if not re.fullmatch(r"(?i)\s*(?:(?:,\s*)?(?:and|but)|,)\s+", joint):
        return ""
    # "big news, i quit gearhead and started at …": the subject after an opener set off by a comma
    head = re.sub(r"(?i)^[^,]{1,30},\s+(?=(?:i|we|my|our)\s)", "", head.strip())
    head_said = _HEAD_SUBJECT.match(head)
    if head_said is None or _COPULA.match(head_said.group("verb")) or len(head.split()) < 3:
        return ""
    subject = head_said.group("subj")
    if not (_NEXT_VERB.match(rest) or (subject.casefold() in ("i", "we") and _BASE_VERB.match(rest))):
        return ""
    return "I" if subject.casefold() == "i" else subject


#: What follows 我 in one token of the tagger that is no word of its own ("我会", "我能", "我要"): 我 is the subject.
ZH_AFTER_I = frozenset("会能要想也都还就是在有去叫爱没")


#: A Chinese piece that is only how much or how often ("一天一包", "现在每月五千", "一般五公里左右") says more of
#: the clause before it and stays with it.
_ZH_AMOUNT_ONLY = re.compile(r"(?:现在|目前|大概|大约|差不多|一般|平时|通常|每天|每周|每月|每个月|每年|"
                             r"一天|一周|一个月|一年|一次|才|只有|都)*[\d零〇一二两三四五六七八九十百千万半.]+(?:个|只|包|根|杯|瓶|次|趟|块钱|块|"
                             r"元|斤|公斤|千克|公里|千米|米|岁|小时|分钟|万|天|遍|本|首)?(?:小时|钟头|分钟|公里|月|星期)?"
                             r"(?:左右|多|上下|出头)?[了吧啊呢。！!]*")


#: "一点都不行", "完全受不了": how much the clause before holds, no statement of its own.
_ZH_DEGREE_ONLY = re.compile(r"(?:一点儿?|一口|完全|根本|绝对|真的|实在|死活)(?:都|也)?"
                             r"(?:不行|不能|不可以|受不了|吃不了|喝不了|碰不得|不能碰|不敢|不碰)(?:吃|喝|碰|沾)?[了吧啊呢。！!]*")


#: "(我老婆说)等孩子开学了，…": once something has happened, the time of the clause after it, which it stays with.
ZH_ONCE = r"|(?:[\u4e00-\u9fff]{0,6}(?:说|想|打算|觉得|准备))?等(?:到)?[\u4e00-\u9fff]{2,10}?(?:了|以后|之后|后|完)"


#: "(对芒果过敏，)上次吃了进医院了", "(在学吉他，)每天练一个小时", "(喜欢这部电影，)看了三遍": a verb that takes a
#: thing, said without it and without a subject — the thing is the clause before's, so the two stay one statement.
_ZH_OBJECTLESS = re.compile(
    r"(?:上次|每次|有次|有一次|那次|每天|天天|平时|一般|经常|偶尔|每周|周末|晚上|早上|现在|后来|结果|都|也|还|就|才|只|一)*"
    r"(?:吃|喝|练|看|玩|用|学|做|写|读|听|弹|唱|画|抽|碰)(?:了|过|完|好)?"
    r"(?:[一两二三四五六七八九十半\d]+(?:个)?(?:小时|分钟|次|遍|回|天|周|年|口|杯|根)(?:多|左右)?"
    r"|(?:就|都|以后|之后|完)?(?:进|到|去|住|拉|吐|过敏|发|起|晕|难受|不舒服)[\u4e00-\u9fff]{0,6})?"
    r"[了吧啊呢。！!]*")


def zh_says_more(piece: str) -> bool:
    """Whether a Chinese piece after "，" is only how much, how often or how far ("一天一包", "一点都不行"), or a verb
    whose thing is the clause before's ("上次吃了进医院了"): it says more of the clause before it and stays with it."""
    piece = piece.strip()
    return bool(_ZH_AMOUNT_ONLY.fullmatch(piece) or _ZH_DEGREE_ONLY.fullmatch(piece) or _ZH_OBJECTLESS.fullmatch(piece))


#: What one eats or drinks every day ("drinks coffee every morning", "每天早上都喝咖啡"): a preference, as "drinks a
#: lot of coffee" is, so that a later "doesn't drink coffee anymore" / "已经不喝咖啡了" (a preference) relates to it.
EN_DAILY = (r"|(?:eat|eats|drink|drinks)\s+(?!breakfast|lunch|dinner|meals?|pills?|medication)"
            r"(?:\w+\s+){1,2}?(?:every|each)\s+(?:single\s+)?"
            r"(?:day|morning|night|evening|afternoon)|(?:eat|eats|drink|drinks)\s+(?:\w+\s+){1,2}?daily")
ZH_DAILY = (r"|(?:每天|天天|每日|经常|常常|总是|每周)(?:早上|晚上|中午|下午|上午|早晚|饭后)?(?:都|也|还)?(?:要|会)?"
            r"(?:喝|吃)(?!药|饭|早饭|午饭|晚饭)")


#: Not a question though it ends in 吧: a plan with its time ("下周六吧"), or what the speaker guesses they will do
#: ("我大概明年会考研吧", "我可能下个月换工作吧"); "再说吧" puts it off.
ZH_PLAN = re.compile(r"(?:(?:[今明后]天|明年|今年|年底|月底|下下?周|(?:周|星期|礼拜)[一二三四五六日天末]|下个?月|号)"
                     r"[^？?]*"
                     r"|^我(?:大概|可能|应该|估计|也许|多半)(?:会|要|得)?[^？?，,]{2,}?)(?<!再说)吧$")
#: A statement said with a rising tone, its hedge first: "I think I'm allergic to cats?", "pretty sure my flight is
#: on the 9th?": not a question (no question word, no auxiliary before its subject).
UPTALK = re.compile(r"(?i)^(?:i\s+think|i\s+guess|i'm\s+pretty\s+sure|pretty\s+sure|i\s+believe|i\s+suppose)\s+"
                    r"(?:that\s+)?(?:i|i'm|i've|my|we|we're|our)\b(?![^?]*\b(?:should|could|can|would|will|shall)\b)")

#: Only a person, named after their role ("my sister Ana", typed in lower case too: "my coworker jake"), before
#: "and I …": the two are one subject, not a clause of their own.
PERSON_ONLY = re.compile(r"^(?i:my|our)\s+\w+(?:\s+\w+)?,?\s+[A-Z][a-z]+,?$"
                         r"|^(?i:my|our)\s+(?:coworker|co-worker|colleague|friend|best\s+friend|bf|gf|boyfriend"
                         r"|girlfriend|husband|wife|partner|sister|brother|cousin|neighbou?r|roommate|flatmate|housemate"
                         r"|boss|manager|mate|buddy|son|daughter|mum|mom|dad)\s+"
                         rf"(?!(?:{_LIFE_VERBS}|is|was|and|also|just|still|never|always|too)\b)[a-z][a-z'-]+$")


#: A hesitation, nothing else: a sound ("emmm", "呃", "嗯…") or the speaker taking time to think, a thinking verb
#: doubled or tried with no object ("让我想想", "我考虑一下", "等我琢磨琢磨"); a filler wherever it stands.
ZH_HESITATION = re.compile(r"(?:(?i:em+|hm+|um+)|额+|呃+|嗯+)?[\s，,…。.~～]*(?:(?:让|容|等)?我(?:再|先)?"
                           r"(?P<think>想|考虑|琢磨|斟酌|思考)(?:(?P=think)|一下|下|一想)?)?[啊呀了吧哈哦！!~～…。\s]*")


# "给我爸做了一桌菜", "帮我妈修好了电脑": done for one's own relative (我, a kinship word, then 了 or 过), an event,
# not a request to the listener ("帮我查一下", "给我妈推荐个药": no 了).
ZH_DONE_FOR_KIN = re.compile(rf"^(?:帮|给|替|陪|跟|和|同)我的?(?:{ZH_KIN}|家)[^，。,；;！!？?]*?[了过]")


def zh_led_by_preposition(text: str, who: str) -> bool:
    """Whether a third-person Chinese clause opens with a preposition before its speaker ("给用户的爸…",
    "跟用户的老婆去看了…"), or with a purpose that names only what is theirs ("为了参加用户的妹妹的婚礼，
    把胡子刮了"): the speaker is then the one who acts, not yet its subject."""
    return bool(re.match(rf"(?:给|帮|替|陪|跟|和|同|为|对|向){re.escape(who)}|为了[^，。；]{{0,6}}?{re.escape(who)}的",
                         text))


#: A group one belongs to, said in one character after 我们/咱们 ("我们组", "咱们班"; jieba may fuse it with the
#: next word: "组在"): whose group, not who.
_ZH_OUR_GROUP = "组班队村科系厂"


def zh_ours(word: str, flag: str) -> bool:
    """Whether the word after 我们/咱们 is what "we" have ("我们公司", "我们组"), so 我们 reads as "the speaker's"."""
    return (flag in ("n", "nt", "nz") and len(word) > 1) or word[:1] in _ZH_OUR_GROUP
