"""Slots of states that hold until they stop, read after the attribute and amount rules found none
(``memories.write.slots``): whether the speaker likes a thing (``like:<thing>``), keeps up an activity
(``habit:<activity>``, also ``habit:<place>`` one goes to regularly), how many children, siblings or pets they
have (``count:<kind>``), whether a named pet is alive (``alive``), an allergy or an intolerance
(``allergy:<thing>``, ``intolerance:<thing>``: "i think i'm lactose intolerant" / "turns out i'm not").

Each slot holds one value, so a later statement of the other value retires the earlier: "I love sushi" / "I've
gone off sushi lately" (``like:sushi`` yes → no), "我每周去健身房三次" / "已经不去健身房了" (``habit:健身房``),
"I have two kids" / "three kids now" (``count:children`` 2 → 3), "我们养了一只狗叫豆豆" / "豆豆上个月去世了"
(``豆豆|alive`` yes → no). What is additive stays apart: two likes, two activities, a dog and a cat are other
keys ("likes tea" and "drinks coffee"; "a dog named Max" and "a cat called Whiskers"). A count is read only when
said with a number ("two kids", "两个孩子", "一个孩子"), never from "a son" (one of them, perhaps).
"""

from __future__ import annotations

import re

from memories.write.people import KIN_ZH
from memories.write.slot_values import ZH_NUM, Slot, zh_number
from memories.write.slots_pets import pets_listed
from memories.write.tagging import tagger

__all__ = ["en_states", "zh_states"]

# --------------------------------------------------------------------------- English

_SELF = r"(?:i|we|the user(?:\s+and\s+others)?|user)"
_ADV = (r"(?:\s+(?:now|currently|still|recently|just|also|really|absolutely|totally|completely|kind of|sort of|"
        r"honestly|actually|usually|always|often|regularly|officially|finally|already|pretty much|so|have|has|'ve|"
        r"am|is|'m|are|'re))*")
# What ends a thing's words ("gone off sushi lately": sushi).
_STOP = (r"(?:lately|now|anymore|any|more|these|so|too|very|a|at|in|on|with|and|but|after|since|because|for|"
         r"every|all|much|really|though|either|again|as|these|this|that|than|of|or|nowadays|recently|either|"
         r"completely|totally|the|to|from|when|if|it|them)")
_THING = (r"(?!(?:it|that|this|them|to|the idea|when|how|being|my|our|your|his|her|their|you|him|me|us|a|an|"
          rf"going|doing|having|getting|working|living)\b)(?:the\s+)?(?P<thing>[A-Za-z][\w\-]+(?:\s+(?!{_STOP}\b)"
          r"[a-z][\w\-]+)?)")
_LIKE_YES = re.compile(rf"(?i)^{_SELF}{_ADV}\s+(?:love|loves|like|likes|enjoy|enjoys|adore|adores|into|am into|"
                       rf"'m into|is into|am a (?:big |huge )?fan of|is a (?:big |huge )?fan of)\s+{_THING}")
_LIKE_NO = re.compile(rf"(?i)^{_SELF}{_ADV}\s+(?:(?:don't|doesn't|do not|does not|no longer|never|can't|cannot)\s+"
                      rf"(?:really\s+|much\s+)?(?:like|love|enjoy|stand)|hate|hates|dislike|dislikes|"
                      rf"(?:gone|went|go|goes)\s+off|(?:can't|cannot|can no longer)\s+(?:handle|take|tolerate|do)|"
                      rf"(?:am|is|'m)\s+(?:so\s+|really\s+)?(?:sick|tired)\s+of|"
                      rf"(?:am|is|'m)\s+(?:not|no longer)\s+(?:a\s+)?(?:big\s+|huge\s+)?(?:fan of|into)|"
                      rf"(?:(?:am|is|'m|are|'re)\s+)?over|lost\s+(?:my|the user's|our|all)\s+taste for|"
                      rf"(?:stopped|quit)\s+(?:liking|enjoying))\s+{_THING}")
_GERUNDS = {"run": "running", "runs": "running", "jog": "jogging", "jogs": "jogging", "swim": "swimming",
            "swims": "swimming", "cycle": "cycling", "cycles": "cycling", "bike": "biking", "bikes": "biking",
            "hike": "hiking", "hikes": "hiking", "climb": "climbing", "climbs": "climbing", "surf": "surfing",
            "surfs": "surfing", "ski": "skiing", "skis": "skiing", "skate": "skating", "skates": "skating",
            "row": "rowing", "rows": "rowing", "dance": "dancing", "dances": "dancing", "box": "boxing",
            "meditate": "meditating", "meditates": "meditating"}
_GERUND_ALT = "|".join(sorted(_GERUNDS, key=len, reverse=True))
_OFTEN = (r"(?:every|each|daily|regularly|once|twice|three|four|five|\d+\s+times|most|on\s+\w+days|on\s+weekends|"
          r"a\s+lot|several|in\s+the\s+mornings?|before\s+work|after\s+work)")
# a distance kept up: "runs about 20 miles a week", "swims 40 lengths"
_DISTANCE = (r"(?:(?:about|around|like|roughly|over|up to|at least)\s+)?\d+(?:\.\d+)?\s*(?:k|km|kms|miles?|laps|"
             r"lengths|kilomet(?:er|re)s)\b")
_NOT_ACTS = (r"(?!(?:going|working|living|doing|having|getting|being|seeing|dating|talking|using|taking|making|"
             r"trying|planning|thinking|looking|feeling|eating|drinking|paying|waiting|buying|selling|something|"
             r"anything|nothing|everything|wedding|meeting|morning|evening|building|thing)\b)")
_ACT_YES = re.compile(rf"(?i)^{_SELF}{_ADV}\s+(?:(?:go|goes)\s+(?P<gerund>{_NOT_ACTS}[a-z]+ing)\b|"
                      rf"(?:started|start|took up|take up|began|picked up|got into|taken up|gotten into)\s+"
                      rf"(?P<gerund2>{_NOT_ACTS}[a-z]+ing)\b|"
                      rf"(?P<verb>{_GERUND_ALT})\s+(?:to\s+(?:work|school|the office)\s+)?(?:{_OFTEN}|{_DISTANCE})|"
                      rf"(?:go|goes|hit|hits)\s+(?:to\s+)?the\s+(?P<place>[a-z]+)\s+{_OFTEN})")
_ACT_NO = re.compile(rf"(?i)^{_SELF}{_ADV}\s+(?:stopped|quit|gave up|given up|give up|can't|cannot|can no longer|"
                     rf"no longer|don't|doesn't|do not|does not|haven't been|hasn't been|haven't gone|hasn't gone)\s+"
                     rf"(?:(?:(?:go|goes|going)\s+(?:to\s+)?|(?<=been\s)to\s+)(?:the\s+)?(?P<place>(?!\w+ing\b)[a-z]+)\b|"
                     rf"(?:go\s+|going\s+)?(?P<gerund>{_NOT_ACTS}[a-z]+ing)\b|(?P<verb>{_GERUND_ALT})\b)")
_NUM_EN = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10}
_COUNTED_EN = {"kid": "children", "kids": "children", "child": "children", "children": "children",
               "son": "sons", "sons": "sons", "daughter": "daughters", "daughters": "daughters",
               "brother": "brothers", "brothers": "brothers", "sister": "sisters", "sisters": "sisters",
               "sibling": "siblings", "siblings": "siblings", "grandchild": "grandchildren",
               "grandchildren": "grandchildren", "grandkids": "grandchildren", "cat": "cats", "cats": "cats",
               "dog": "dogs", "dogs": "dogs"}
_COUNTED_ALT = "|".join(sorted(_COUNTED_EN, key=len, reverse=True))
_COUNT_EN = re.compile(rf"(?i)^(?:{_SELF}{_ADV}\s*(?:(?<=\s)(?:have|has|got|now have|now has)|'ve got)\s+|"
                       rf"(?P<bare>(?:so\s+|and\s+)?(?:that's\s+|that makes\s+|it's\s+|it is\s+|"
                       rf"we're (?:at|up to)\s+)?))"
                       rf"(?P<n>\d{{1,2}}|{'|'.join(_NUM_EN)})\s+"
                       r"(?:(?:little|young|grown|grown-up|older|younger|rescue|adopted|foster)\s+)?"
                       rf"(?P<thing>{_COUNTED_ALT})\b(?P<rest>.*)")
_PETS_EN = (r"(?:cat|kitten|dog|puppy|pup|parrot|rabbit|bunny|hamster|guinea pig|turtle|tortoise|goldfish|fish|"
            r"bird|lizard|snake|ferret|horse|pony|budgie|cockatiel|gecko)")
# A pet by its name: "we adopted a cat named Luna", "our dog is a beagle called Pepper", "my cat Miso".
_PET_EN = re.compile(rf"(?i)\b{_PETS_EN}s?\b[^.;!?]{{0,30}}?\b(?:named|called)\s+(?P<name>[A-Za-z][a-z]+)|"
                     rf"\b(?:my|our|the user's)\s+(?:new\s+|little\s+)?{_PETS_EN},?\s+(?P<name2>(?-i:[A-Z][a-z]+))\b")
_DIED_EN = re.compile(rf"^(?:(?i:sadly|unfortunately|so|well|ugh)[,]?\s+)*(?:(?i:my|our|the user's|the user and "
                      rf"others')\s+(?:(?i:old|sweet|beloved)\s+)?(?i:{_PETS_EN})\s+)?(?!(?i:he|she|it|they|we|i|dad|mum|mom|father|mother|gran|grandma|grandad|grandpa|"
                      rf"nan|uncle|aunt|someone|everyone|nobody|who|that|this)\b)(?P<name>[A-Za-z][a-z]+)"
                      rf"(?:\s*\([^)]{{1,30}}\))?"
                      r"(?i:\s+(?:has|had|just|sadly|finally|recently|unfortunately))*\s+"
                      r"(?i:passed away|passed|died|was put down|had to be put down|was put to sleep|"
                      r"crossed the rainbow bridge)\b")


# "turns out", "apparently", and a hedge ("i think", "pretty sure"): what the speaker says of themselves all the same
_REPORTED_EN = (r"(?:(?:it\s+)?turns out(?:\s+that)?,?\s+|apparently,?\s+|actually,?\s+|so\s+|"
                r"(?:i|the user)\s+(?:think|thinks|reckon|reckons|suspect|suspects|believe|believes)\s+(?:that\s+)?|"
                r"(?:(?:i'm|i am|the user is)\s+)?pretty sure\s+(?:that\s+)?)?")
_ALLERGY_EN = re.compile(rf"(?i)^{_REPORTED_EN}(?:{_SELF}|i'm|i’m){_ADV}\s+(?P<no>(?:not|no longer|isn't|aren't)\s+)?"
                         r"(?:severely\s+|very\s+|mildly\s+|really\s+|slightly\s+|actually\s+)?allergic\s+to\s+"
                         r"(?P<thing>[a-z][\w\-]*(?:\s+(?!(?:after|at|and|but|so|now|anymore|either)\b)[a-z][\w\-]*)?)")
# An intolerance, as the allergy: "i'm lactose intolerant" / "turns out i'm not lactose intolerant"
_INTOLERANT_EN = re.compile(rf"(?i)^{_REPORTED_EN}(?:{_SELF}|i'm|i’m){_ADV}\s+"
                            r"(?P<no>(?:not|no longer|isn't|aren't)\s+)?"
                            r"(?:severely\s+|very\s+|mildly\s+|really\s+|slightly\s+|actually\s+)?"
                            r"(?P<thing>[a-z][\w]*)[\s\-]+intolerant\b")
_STUDY_EN = re.compile(r"(?i)^(?:i|we|the user)\b.*?\b(?P<level>bachelor'?s|b\.?a\.?|bsc|"
                       r"undergrad(?:uate)?(?: degree)?|major|majoring|majored|master'?s|msc|mba|phd|ph\.d\.?|"
                       r"doctorate)\s+(?:degree\s+)?"
                       r"(?:is\s+|was\s+)?(?:in|to)\s+(?P<value>[a-z][a-z ]{2,30}?)(?=$|[.,;!]|\s+(?:at|from|and|but|"
                       r"now|this|next|last|since|instead)\b)")
_LEVELS = (("mast", "master"), ("msc", "master"), ("mba", "master"), ("ph", "phd"), ("doct", "phd"))


_OPENER_EN = re.compile(r"(?i)^(?:(?:honestly|frankly|tbh|to be honest|actually|well|so|ok|okay|lol|haha|yeah|sadly|"
                        r"unfortunately|anyway|oh|also|fyi|update|btw|by the way)[,!:]?\s+)+")


def en_states(sentence: str, speaker: str) -> list[Slot]:
    """The states an English statement says of its speaker (likes, activities, counts, allergies, what they
    study) or of a named pet: the first reader that finds one."""
    sentence = _OPENER_EN.sub("", sentence)
    sentence = re.sub(r"^(?i:i['’]m|im)\b", "i am", sentence)
    return next((found for read in _EN_READERS if (found := read(sentence, speaker))), [])


def _en_allergy_study(sentence: str, speaker: str) -> list[Slot]:
    if allergy := _ALLERGY_EN.match(sentence):
        return [Slot(speaker, f"allergy:{_thing(allergy.group('thing'))}", "no" if allergy.group("no") else "yes")]
    if intolerant := _INTOLERANT_EN.match(sentence):
        return [Slot(speaker, f"intolerance:{intolerant.group('thing').casefold()}",
                     "no" if intolerant.group("no") else "yes")]
    if study := _STUDY_EN.match(sentence):
        said = study.group("level").casefold()
        level = next((name for start, name in _LEVELS if said.startswith(start)), "major")
        return [Slot(speaker, f"study:{level}", study.group("value").casefold().strip())]
    return []


def _en_pets_counts(sentence: str, speaker: str) -> list[Slot]:
    if died := _DIED_EN.match(sentence):
        return [Slot(died.group("name").casefold(), "alive", "no")]
    found = []
    if pet := _PET_EN.search(sentence):  # "I have one cat called Pixel": Pixel is alive, and one cat is the count
        found.append(Slot((pet.group("name") or pet.group("name2")).casefold(), "alive", "yes"))
    found += [Slot(name, "alive", "yes") for name in pets_listed(sentence)  # "two cats luna and sol" (slots_pets)
              if name not in {slot.subject for slot in found}]
    count = _COUNT_EN.match(sentence)
    if count and (count.group("bare") is None or re.search(r"(?i)\bnow\b", count.group("rest"))):
        n = count.group("n").casefold()
        value = str(_NUM_EN.get(n) or int(n))
        found.append(Slot(speaker, f"count:{_COUNTED_EN[count.group('thing').casefold()]}", value))
    return found


def _en_activities_likes(sentence: str, speaker: str) -> list[Slot]:
    for pattern, value in ((_ACT_NO, "no"), (_ACT_YES, "yes")):
        if said := pattern.match(sentence):
            groups = said.groupdict()
            thing = groups.get("place") or groups.get("gerund") or groups.get("gerund2") or \
                _GERUNDS.get((groups.get("verb") or "").casefold(), "")
            if thing:
                return [Slot(speaker, f"habit:{thing.casefold()}", value)]
    for pattern, value in ((_LIKE_NO, "no"), (_LIKE_YES, "yes")):
        if said := pattern.match(sentence):
            return [Slot(speaker, f"like:{_thing(said.group('thing'))}", value)]
    return []


#: A count changed without its new number: "one of my cats passed away", "we adopted another dog", "had our third
#: baby", "baby number two arrived" — the count said before no longer holds ("one fewer", "one more").
_POSSESSIVE_EN = r"(?:my|our|the user's|the user and others')"
_FEWER_EN = re.compile(rf"(?i)\bone of {_POSSESSIVE_EN} (?P<thing>kids|children|cats|dogs)\b"
                       r"(?:\s+(?:has|had|just|sadly|recently|finally|unfortunately))*\s+(?:passed away|passed|died"
                       r"|was put down|had to be put down|was put to sleep|ran away|went missing"
                       r"|crossed the rainbow bridge)\b")
_MORE_EN = re.compile(rf"(?i)^{_SELF}{_ADV}\s+(?:adopted|got|had|brought home|rescued|welcomed|took in)\s+"
                      rf"(?:another|a second|a third|a fourth|{_POSSESSIVE_EN} (?:second|third|fourth|fifth))\s+"
                      r"(?:(?:little|baby|new|rescue)\s+)?(?P<thing>kid|baby|child|son|daughter|cat|kitten|dog|puppy)\b")
_BORN_EN = re.compile(rf"(?i)^(?:{_POSSESSIVE_EN}\s+)?(?:(?:second|third|fourth)\s+"
                      r"(?P<thing>baby|child|kid|son|daughter)|"
                      r"(?P<thing2>baby|kid) (?:number |no\.? ?|#)(?:two|three|four|[234]))"
                      r"\s+(?:has\s+|just\s+)*(?:arrived|was born|is here|came)\b")
_CHANGED_KIND = {"kid": "children", "baby": "children", "child": "children", "son": "children", "daughter": "children",
                 "kitten": "cats", "puppy": "dogs"}


def _en_count_changed(sentence: str, speaker: str) -> list[Slot]:
    for pattern, value in ((_FEWER_EN, "one fewer"), (_MORE_EN, "one more"), (_BORN_EN, "one more")):
        if said := pattern.search(sentence):
            thing = (said.group("thing") or said.group("thing2")).casefold()
            return [Slot(speaker, f"count:{_CHANGED_KIND.get(thing) or _COUNTED_EN.get(thing, thing)}", value)]
    return []


_EN_READERS = (_en_allergy_study, _en_pets_counts, _en_count_changed, _en_activities_likes)


def _thing(words: str) -> str:
    words = words.casefold().strip()
    return words[:-1] if len(words) > 3 and words.endswith("s") and not words.endswith(("ss", "us", "is")) else words


# --------------------------------------------------------------------------- Chinese

_ZSPK = r"^(?:我们家|我家|用户家|我们|我|用户等人|用户|本人)"
_ZADV = (r"(?:现在|目前|如今|最近|已经|早就|刚刚|刚|还|也|都|一直|又|真的|实在|彻底|终于|这段时间|这阵子|居然|竟然|"
         r"突然|渐渐|慢慢|"
         r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?)*")
_ZTHING = r"(?!的)(?P<thing>[\u4e00-\u9fffA-Za-z]{1,6}?)"
_ZEND = r"(?=$|[，。,！!；;]|了|啦|的|呢)"
_ZH_SICK_OF = re.compile(rf"{_ZSPK}{_ZADV}(?:对)?(?P<verb>吃|喝|看|玩|听)?(?P<thing>[\u4e00-\u9fffA-Za-z]{{1,6}}?)"
                         r"(?:(?P=verb))?(?:腻了|腻歪了|够了|烦了|厌了|吃腻|喝腻|看腻|玩腻|听腻)")
_ZH_FOR = r"(?:为了[\u4e00-\u9fff]{1,6}?)?"  # a purpose said first: "为了减肥戒奶茶了"
_ZH_QUIT_THING = re.compile(rf"{_ZSPK}{_ZADV}{_ZH_FOR}{_ZADV}(?:戒掉了?|戒了|戒)(?!烟|酒)"
                            r"(?P<thing>[\u4e00-\u9fffA-Za-z]{1,4}?)"
                            r"(?=$|[，。,！!；;]|了)")
#: The thing said first, then quitting it ("咖啡戒了", "奶茶早就戒掉了"): a habit, no more.
_ZH_QUIT_FRONTED = re.compile(rf"{_ZSPK}{_ZADV}(?P<thing>[\u4e00-\u9fffA-Za-z]{{1,4}}?){_ZADV}(?:戒掉了|戒了)"
                              r"(?=$|[，。,！!；;]|了)")
_ZH_LIKE = re.compile(rf"{_ZSPK}{_ZADV}(?P<no>不再|不|没那么|再也不|不怎么)?(?:很|特别|非常|超|超级|最|也|还|挺)?"
                      rf"(?:迷上了?|爱上了?|喜欢|热爱|喜爱|爱)(?P<verb>吃|喝|看|玩|听|打|弹|画|唱|逛)?{_ZTHING}{_ZEND}")
_ZH_ACTS = (r"跑步|慢跑|夜跑|游泳|健身|练瑜伽|瑜伽|打球|打篮球|打羽毛球|打乒乓球|打网球|踢球|踢足球|骑车|骑行|爬山|"
            r"徒步|滑雪|冲浪|攀岩|跳舞|练拳|打拳|冥想|钓鱼|广场舞|太极")
_ZH_OFTEN = r"(?:每天|每周|每星期|每个?月|每晚|每早|每天早上|每天晚上|天天|经常|定期|平时|一般|周末|常常|坚持)"
#: A pastime switched to ("改成每天早上跑步了", "换成周末游泳"): the one kept up now.
_ZH_SWITCH = r"(?:改成了?|换成了?|改为|改)?"
_ZH_ACT_YES = re.compile(rf"{_ZSPK}{_ZADV}{_ZH_SWITCH}{_ZH_OFTEN}+(?:都|会|也|要)*"
                         rf"(?:(?:去[\u4e00-\u9fff]{{1,4}}?)?(?P<act>{_ZH_ACTS})|"
                         # a ball game counted before its name: "每周打三次篮球" is 打篮球
                         rf"(?P<verb>打|踢)[一两三四五六七八九十\d]+次(?P<ball>[\u4e00-\u9fff]{{0,2}}球)|"
                         rf"去(?!了)(?P<place>[\u4e00-\u9fff]{{2,4}}?)"
                         rf"(?=[一两三四五六七八九十\d]+次|锻炼|运动|$|[，。,！!])|(?P<act2>{_ZH_ACTS}))")
#: Told to stop ("医生说先别跑了", "医生不让我再跑步了"): the activity, by its verb alone too (跑 is 跑步).
_ZH_TOLD = (r"(?:的?[\u4e00-\u9fff]{1,4}?(?:说|让|叫|建议|要求|嘱咐)我?[，,]?)?(?:先|暂时|以后|最近)?"
            r"(?:别|不能|不要|不让我?|不可以)再?")
_ZH_VERB_ACTS = {"跑": "跑步", "游": "游泳", "骑": "骑车", "爬": "爬山"}
_ZH_ACT_NO = re.compile(rf"{_ZSPK}{_ZADV}(?:(?:不再|不|没再|没有再|再也不|好久没有?|很久没有?|好久都没)"
                        rf"(?:去(?P<place>[\u4e00-\u9fff]{{2,4}}?)|"
                        rf"(?P<act>{_ZH_ACTS}))|(?:停了|放弃了?|戒了)(?P<act2>{_ZH_ACTS})|"
                        rf"{_ZH_TOLD}(?P<act3>{_ZH_ACTS}|[跑游骑爬]))(?=了|$|[，。,！!])")
_KIN = "|".join(sorted(map(re.escape, KIN_ZH), key=len, reverse=True))  # a relative's lesson is theirs
#: A pastime by its verb and thing, kept up ("周末一般在家打游戏", "在学吉他") or dropped, the thing said first
#: ("游戏早就不玩了", "吉他不学了", "吉他放下了"): one slot per thing, ``habit:<thing>``.
_ZH_PLAY = r"(?P<verb>玩|打|学|练|弹|追)"
_ZH_DOING = re.compile(rf"{_ZSPK}{_ZADV}(?:周末|平时|每天|晚上|一般|经常|天天|在家|都|也|还|正在|在|改成|换成|改|"
                       r"每?(?:周|星期|礼拜)[一二三四五六日天末](?:上午|下午|晚上)?)*"
                       rf"{_ZH_PLAY}"
                       r"(?![学习校会生期院到了过着完车卡工针算])(?:[一两几]?[部个首本款局把])?(?P<thing>[\u4e00-\u9fffA-Za-z]{1,4}?)(?=$|[，。,！!；;]|呢|了|啦)")
_ZH_DROPPED = re.compile(rf"{_ZSPK}?{_ZADV}(?!{_KIN})(?P<thing>[\u4e00-\u9fffA-Za-z]{{1,4}}?){_ZADV}(?:也|都|就)?"
                         rf"(?:(?:不再?|没再|再也不){_ZH_PLAY}了|放弃了|停掉了|停了|放下了|搁下了|撂下了|荒废了)(?=$|[，。,！!；;])")
_ZH_COUNTED = {"孩子": "children", "小孩": "children", "娃": "children", "宝宝": "children", "儿子": "sons",
               "女儿": "daughters", "哥哥": "哥哥", "姐姐": "姐姐", "弟弟": "弟弟", "妹妹": "妹妹",
               "兄弟姐妹": "siblings", "孙子": "孙子", "孙女": "孙女", "猫": "cats", "狗": "dogs"}
_ZH_COUNT = re.compile(rf"(?:[^，。,；;！!？?\s]{{1,8}}?说[，,]?)?{_ZSPK.lstrip('^')}?{_ZADV}(?:家里|家中)?"
                       rf"(?:其实|原来)?"
                       rf"(?P<has>有|养了|养着|一共有|共有|现在有)?(?P<n>\d{{1,2}}|[{ZH_NUM}]{{1,3}})"
                       rf"(?:个|只|条)(?P<thing>{'|'.join(sorted(_ZH_COUNTED, key=len, reverse=True))})"
                       r"(?![的在去和跟])")
# A child by birth order born ("二胎出生了", "老三上个月生了", "家里二宝降生了"): the count of children it makes; one
# expected ("怀了二胎", "二胎要出生了") is not born yet.
_ZH_NTH_BORN = re.compile(rf"{_ZSPK.lstrip('^')}?(?:家|们家)?的?(?:(?P<n>[二三四五])[胎宝娃]|老(?P<nth>[二三四五]))"
                          r"[^，。,；;！!？?要将快]{0,14}?(?:出生|降生|生)了")
_ZH_PETS = r"(?:猫咪|小猫|猫|小狗|狗狗|狗|兔子|鹦鹉|仓鼠|乌龟|金鱼|柯基|泰迪|金毛|柴犬|哈士奇|布偶|英短|橘猫)"
_ZH_PET = re.compile(rf"{_ZH_PETS}[，,]?(?:的名字)?"
                     r"(?:叫|名叫|叫做|名字叫)(?P<name>[\u4e00-\u9fffA-Za-z]{1,4}?)(?=$|[，。,！!；;]|了|呢)")
_ZH_DIED = re.compile(rf"^(?:用户家的|用户的|用户|我家的|我的|我家|我们家的|我们的)?(?:{_ZH_PETS})?"
                      rf"(?P<name>(?:(?!的|用户)[\u4e00-\u9fffA-Za-z]){{2,4}}?)(?:{_ZADV}|前几天|上周|上个月|昨天|去年|"
                      r"(?:\d{4}年)?\d{1,2}月(?:\d{1,2}日)?(?:那一?周|那天|那个?周末|那个?月)?)*"
                      r"(?:去世|过世|病逝|死了|死掉了|(?<![搬带拿跑飞开送接赶偷抢冲溜逃撤调出])走了|离开了我们|没了|"
                      # a pet given away or lost is gone from the home as one dead is ("旺财送人了")
                      r"送人了|送给[\u4e00-\u9fff]{1,6}?(?:养)?了|被[\u4e00-\u9fff]{0,6}?领养了|走丢了|跑丢了|弄丢了)")


# Allergies, yes or no; what another reports comes first ("医生说我其实对芒果不过敏").
_ZH_ALLERGY = re.compile(rf"^(?:[^，。,；;！!？?\s]{{1,8}}?(?:说|显示|表明|证实|确认|知道|发现)了?[，,]?)?"
                         rf"(?:其实|原来)?"
                         rf"{_ZSPK.lstrip('^')}{_ZADV}(?:其实|原来|并)?对"
                         r"(?P<thing>[\u4e00-\u9fffA-Za-z]{1,6}?)(?P<no>不|没有|并不|不再)?(?:严重|有点|有些|轻微|轻度|非常|特别|很)?过敏")
_ZH_STUDY = (re.compile(rf"{_ZSPK}{_ZADV}(?:的专业是|专业是|的专业换成了?|专业换成了?|主修|学的专业是|读的专业是)"
                        r"(?P<value>[\u4e00-\u9fff]{2,6}?)(?:专业|系)?(?=$|[，。,！!；;]|了)"),
             re.compile(rf"{_ZSPK}{_ZADV}(?:(?:转|换)(?:到|去|成)了?|(?:读|学|念)的?是?)"
                        r"(?P<value>[\u4e00-\u9fff]{2,6}?)(?:专业|系)"),
             # What one studies said as "学的是会计", "改学计算机了", "转学法律了" (not "在学日语": a course)
             re.compile(rf"{_ZSPK}{_ZADV}(?:后来|然后|在?(?:大学|本科|研究生|硕士|博士|学校)|大[一二三四]|研[一二三])*(?:(?:学|读|念)的(?:专业)?是|改学|改读|"
                        r"转学(?![到去])|转读|转专业(?:转?到|转?去|转?成)?(?:学|读)?了?)"
                        r"(?P<value>[\u4e00-\u9fff]{2,6}?)(?:专业|系)?(?=$|[，。,！!；;]|了)"))


def zh_states(sentence: str, speaker: str) -> list[Slot]:
    """The states a Chinese statement says of its speaker (likes, activities, counts, allergies, what they
    study) or of a named pet: the first reader that finds one."""
    sentence = sentence.strip(" 。！!")
    return next((found for read in _ZH_READERS if (found := read(sentence, speaker))), [])


def _zh_allergy_study(sentence: str, speaker: str) -> list[Slot]:
    if allergy := _ZH_ALLERGY.match(sentence):
        return [Slot(speaker, f"allergy:{allergy.group('thing')}", "no" if allergy.group("no") else "yes")]
    if study := next((said for pattern in _ZH_STUDY if (said := pattern.match(sentence))), None):
        return [Slot(speaker, "study:major", study.group("value"))]
    return []


def _zh_pets_counts(sentence: str, speaker: str) -> list[Slot]:
    if pet := _ZH_PET.search(sentence):
        return [Slot(pet.group("name").casefold(), "alive", "yes")]
    if (died := _ZH_DIED.match(sentence)) and not _degree(died.group("name")):
        name = died.group("name")
        return [Slot(f"~{KIN_ZH[name]}" if name in KIN_ZH else name.casefold(), "alive", "no")]
    if nth := _ZH_NTH_BORN.match(sentence):  # "二胎出生了": the children are now that many
        return [Slot(speaker, "count:children", str(zh_number(nth.group("n") or nth.group("nth"))))]
    count = _ZH_COUNT.match(sentence)
    if count and (count.group("has") or re.match(rf"{_ZSPK}?(?:现在|目前|如今)", sentence)):
        n = zh_number(count.group("n"))
        if n and (n > 1 or count.group("thing") not in {"猫", "狗"}):  # "养了一只猫": a cat, not a count
            return [Slot(speaker, f"count:{_ZH_COUNTED[count.group('thing')]}", str(n))]
    return []


def _degree(name: str) -> bool:
    """"死了" after a verb or an adjective says how much, not a death ("同学羡慕死了", "累死了", "笑死了"): the
    tagger's last word of the name is one."""
    words = list(tagger().cut(name))
    return bool(words) and words[-1].flag[:1] in ("v", "a")


def _zh_activities_likes(sentence: str, speaker: str) -> list[Slot]:
    for pattern, value in ((_ZH_ACT_NO, "no"), (_ZH_ACT_YES, "yes")):
        if said := pattern.match(sentence):
            groups = said.groupdict()
            act = _act_of(groups)
            return [Slot(speaker, f"habit:{_ZH_VERB_ACTS.get(act, act)}", value)]
    if sick := _ZH_SICK_OF.match(sentence) or _ZH_QUIT_THING.match(sentence) or _ZH_QUIT_FRONTED.match(sentence):
        verb = sick.groupdict().get("verb")
        return [Slot(speaker, f"{'habit' if verb in {'吃', '喝', None} else 'like'}:{sick.group('thing')}", "no")]
    for pattern, value in ((_ZH_DROPPED, "no"), (_ZH_DOING, "yes")):
        if (said := pattern.match(sentence)) and said.group("thing") not in _ZH_NOT_PASTIMES \
                and not said.group("thing").startswith("的"):  # "学的会计": what one studies (``slots_zh_lives``)
            act = (said.group("verb") or "") + said.group("thing")  # "羽毛球不打了" meets "每周打羽毛球"
            return [Slot(speaker, f"habit:{act if re.fullmatch(_ZH_ACTS, act) else said.group('thing')}", value)]
    if like := _ZH_LIKE.match(sentence):  # what is eaten or drunk is a habit, as ``slots_zh`` reads "喜欢喝茶"
        value = "no" if like.group("no") else "yes"
        if not like.group("verb"):  # "爱上了榴莲": eaten or not, it meets "不喜欢吃榴莲" as well as "喜欢榴莲"
            return [Slot(speaker, f"like:{like.group('thing')}", value), Slot(speaker, f"habit:{like.group('thing')}",
                                                                             value)]
        kind = "habit" if like.group("verb") in {"吃", "喝"} else "like"
        return [Slot(speaker, f"{kind}:{like.group('thing')}", value)]
    return []


def _act_of(groups: dict[str, str | None]) -> str:
    """The activity an activity pattern read: a place gone to, an activity, or a ball game counted ("打三次篮球")."""
    return groups.get("place") or groups.get("act") or groups.get("act2") or groups.get("act3") or \
        (groups.get("verb") or "") + (groups.get("ball") or "")


_ZH_NOT_PASTIMES = frozenset(("东西", "的", "什么", "一下", "工", "卡", "车", "电话", "针", "算"))
_ZH_READERS = (_zh_allergy_study, _zh_pets_counts, _zh_activities_likes)
