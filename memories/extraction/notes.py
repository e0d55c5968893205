"""Notes an agent writes about its user, for the offline extractor: said back in the first person so that the
rules for what a person says of themselves read them.

- **Third person** ("User's wife is Priya.", "Customer prefers email over phone.", "User mentioned that their mother
  has diabetes."): a note that opens with the user (bare "User", "Customer", "Client", or "The user") is the
  speaker's own statement ("My wife is Priya.", "I prefer email over phone.", "My mother has diabetes."). "The
  customer …" said by a person is their customer, and stays so; Chinese notes ("用户的女儿在读小学三年级") are read
  as they are, 用户 being the speaker already.
- **Key and value** ("diet: vegan", "home airport = SFO", "Allergies: penicillin, shellfish", "生日：5月3日",
  "过敏：青霉素", "职业——律师"): a label that names something of a person's profile (a diet, an allergy, a
  birthday, a city, a language …; ``_EN_FIELDS``, ``_ZH_FIELDS``) and its value are the speaker's: "My diet is
  vegan.", "I'm allergic to penicillin, shellfish.", "我的生日是5月3日", "我对青霉素过敏". A label that names no
  such thing ("Dinner: pasta with Ben", "注意：明天下雨") is left as written.
- **A correction's opener** ("scratch that,", "correction:", "不对，", "更正一下：") is no part of the statement:
  "不对，牙医改到下周三了" is "牙医改到下周三了" (the write flow's slots retire what it corrects).
"""

from __future__ import annotations

import re

from memories.write.text import has_cjk

__all__ = ["as_said", "unopened"]

# --------------------------------------------------------------------------- corrections

_EN_CORRECTION = re.compile(r"(?i)^(?:(?:oh\s+)?(?:wait|sorry|oops|no)[,!.]?\s+)*(?:scratch that|strike that|"
                            r"correction|my bad|i was wrong|i misspoke|let me correct that|update)\s*[,:;!.\-–—]\s*"
                            r"(?=\S)|^(?:(?:oh\s+)?(?:wait|sorry|oops|no|actually|my bad)[,!.]?\s+)*(?:i meant|i mean|"
                            r"what i meant (?:was|is)|meant to say|i meant to say)\s*[,:;\-–—]?\s+(?!to\b|it\b|that\b|"
                            r"well\b|you\b)(?=\S)")
_ZH_CORRECTION = re.compile(r"^(?:不对|不是|说错了|我说错了|搞错了|我搞错了|记错了|我记错了|更正一下|更正|纠正一下|"
                            r"纠正|改一下|等等|哦不|啊不)[啊呀吧哈了]?\s*[，,：:！!。]\s*(?=\S)")

# --------------------------------------------------------------------------- third-person notes (English)

_EN_NOTE = re.compile(r"^(?P<who>User|Customer|Client|The user|the user|user)(?P<own>['’]s)?\s+(?P<rest>\S.*)$")
_EN_REPORTED = re.compile(r"(?i)^(?:has\s+)?(?:mentioned|mentions|said|says|noted|notes|reported|reports|stated|"
                          r"states|shared|shares|indicated|indicates|explained|explains|confirmed|confirms|"
                          r"told (?:me|us)|tells (?:me|us))\s+(?:that\s+)?(?=\S)")
_EN_BE = {"is": "am", "isn't": "am not", "was": "was", "wasn't": "wasn't", "has": "have", "hasn't": "haven't",
          "does": "do", "doesn't": "don't", "is not": "am not", "does not": "do not", "has not": "have not"}
_NOT_VERB = frozenset({"this", "his", "its", "yes", "us", "bus", "gas", "plus", "always", "perhaps", "as", "thus"})


#: After "The user", the verbs of a note about them (what they are, have, like, do as a habit) rather than of an
#: action described ("The user clicks the button twice", a bug report): "The user prefers …", "… doesn't eat …".
_PROFILE_VERB = re.compile(
    r"(?i)(?:is|isn't|was|wasn't|has|hasn't|had|does|doesn't|did|didn't|can|can't|cannot|will|won't|would|should|"
    r"never|always|usually|often|also|still|now|no longer|recently|currently|just|"
    r"(?:like|love|hate|dislike|enjoy|prefer|want|need|wish|work|live|own|speak|eat|drink|use|play|stud(?:y|ie)|"
    r"teach|keep|drive|ride|follow|support|believe|know|attend|train|collect|volunteer|cook|read|watch|listen|"
    r"travel|avoid|wear|practi[cs]e|belong|suffer|care|plan|hope|moved?|start|join|quit|left|got|became|grew)"
    r"(?:s|es|d|ed)?)\b")


def _base(verb: str) -> str:
    """The form a verb takes after "I" ("prefers" → "prefer", "watches" → "watch", "studies" → "study")."""
    if verb.casefold() in _EN_BE:
        return _EN_BE[verb.casefold()]
    if verb.casefold() in _NOT_VERB or not re.fullmatch(r"[a-z]+s", verb) or verb.endswith("ss"):
        return verb
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if re.search(r"(?:ch|sh|x|z|ss|o)es$", verb):
        return verb[:-2]
    return verb[:-1]


def _en_note(sentence: str) -> str:
    note = _EN_NOTE.match(sentence)
    if note is None:
        return sentence
    rest = note.group("rest")
    if note.group("own"):
        return f"My {rest}"
    reported = _EN_REPORTED.match(rest)
    if note.group("who").casefold() == "the user" and reported is None and not _PROFILE_VERB.match(rest):
        return sentence  # "The user clicks the button twice": an action described, read as it is
    if reported:  # "User mentioned that their mother has diabetes": the user's words, "their" the user's
        rest = rest[reported.end():]
        rest = re.sub(r"(?i)^(?:they|he|she)\s+(are|is|were|was|have|has)\b",
                      lambda m: "I " + {"are": "am", "is": "am", "were": "was", "has": "have"}.get(
                          m.group(1).casefold(), m.group(1).casefold()), rest)
        rest = re.sub(r"(?i)^(?:they|he|she)\b", "I", rest)
        rest = re.sub(r"\b(?:their|his|her)\b(?=\s+(?!own\b)\w)", "my", rest)
        return rest[:1].upper() + rest[1:]
    head = re.match(r"(?:is not|does not|has not|[a-z']+)\b", rest)
    if head is None:
        return sentence
    verb = head.group(0)
    if re.match(r"(?i)\s+(?:are|were|is|was|have|has|will|can|should|must|need|get|got)\b", rest[head.end():]):
        return sentence  # "Client meetings are on Fridays": a noun, then its verb
    base = _base(verb)
    if base == verb and verb.casefold() not in _EN_BE and not re.fullmatch(
            r"(?:[a-z]+ed|will|would|can|can't|cannot|should|must|may|might|won't|never|always|usually|often|"
            r"rarely|also|still|now|just|recently|currently|no longer|only|really|likes?|loves?|hates?|wants?|"
            r"needs?|prefers?|works?|lives?|had|got|went|sold|bought|left|quit|made|took|became|began|met|lost)",
            verb):
        return sentence  # "User experience matters": no verb of the user's after it
    return f"I {base}{rest[head.end():]}"


# --------------------------------------------------------------------------- key and value (English)

#: What a profile says of a person: the head of a label ("home airport", "preferred language", "dietary
#: restrictions"), after at most two words.
_EN_FIELDS = (r"diet|dietary restrictions?|allerg(?:y|ies)|time ?zone|languages?|birthday|date of birth|dob|age|"
              r"height|weight|job|occupation|profession|job title|title|employer|company|city|location|hometown|"
              r"home town|airport|address|pronouns|nickname|kids|children|pets?|partner|spouse|wife|husband|"
              r"religion|blood type|shoe size|size|budget|salary|income|rent|car|vehicle|colou?r|food|cuisine|"
              r"drink|team|sport|hobby|hobbies|interests|goals?|nationality|marital status|relationship status|"
              r"medications?|meds|conditions?|diagnosis|school|university|college|degree|major|seat|gym|doctor|"
              r"dentist|coffee order|coffee|tea|music|genre|band|book|movie|show|schedule|contact method|"
              r"channel|commute|role|team size|neighborhood|neighbourhood|country|state|zip code|postcode|phone|"
              r"phone number|email|e-mail|number|mobile|cell|pharmacy|insurance|insurer|vet|bank")
_EN_KEY_VALUE = re.compile(rf"(?i)^(?P<label>(?:[a-z][a-z\-']*\s+){{0,2}}?(?:{_EN_FIELDS}))\s*(?::|=|\s[-–—]\s|–|—)"
                           r"\s*(?P<value>[^\s:=].{0,80}?)\s*[.!]?$")
_EN_TASK_VALUE = re.compile(r"(?i)(?:need|needs|have to|has to|must|should|will|can|call|finish|get|buy|pick|send|"
                            r"book|go|went|is|was|are|were|remember|don't|do|did|try|make|fix)\b")
_EN_PLURAL = re.compile(r"(?i)(?:restrictions|languages|kids|children|pets|hobbies|interests|goals|medications|meds|"
                        r"conditions|pronouns)$")


def _en_key_value(sentence: str) -> str:
    said = _EN_KEY_VALUE.match(sentence)
    if said is None:
        return sentence
    label, value = said.group("label").strip().lower(), said.group("value").strip()
    if re.search(r"(?i)\b(?:I|I'm|me|my|we|our|you)\b", value) or _EN_TASK_VALUE.match(value):
        return sentence  # "Weight: I lost 5 kg", "Job: need to finish the report": a statement after a heading
    if re.fullmatch(r"allerg(?:y|ies)|(?:food|drug|known)\s+allerg(?:y|ies)", label):
        return f"I'm allergic to {value}."
    count = re.match(r"(\d+)\s*(.*)$", value)
    if count and re.fullmatch(r"kids|children|pets", label):  # "kids: 2 (ages 4 and 7)"
        return f"I have {count.group(1)} {label} {count.group(2)}".rstrip() + "."
    return f"My {label} {'are' if _EN_PLURAL.search(label) else 'is'} {value}."


# --------------------------------------------------------------------------- key and value (Chinese)

_ZH_FIELDS = ("生日|出生日期|年龄|身高|体重|饮食|饮食习惯|口味|忌口|过敏|过敏史|过敏源|职业|工作|职位|公司|单位|城市|"
              "常住城市|所在城市|居住城市|居住地|常住地|住址|地址|家庭住址|老家|籍贯|家乡|电话|手机|手机号|邮箱|爱好|"
              "兴趣|兴趣爱好|星座|血型|学历|专业|学校|婚姻状况|婚姻|宠物|孩子|小孩|车|座驾|语言|母语|时区|宗教|"
              "偏好|联系方式|目标|预算|工资|月薪|年薪|房租|饮品|运动|作息|病史|用药|身份|昵称|民族|国籍")
_ZH_KEY_VALUE = re.compile(rf"^(?P<label>(?:{_ZH_FIELDS}))\s*(?:：|:|——|—|－|=|-)\s*(?P<value>[^：:\s].{{0,60}}?)"
                           r"\s*[。！!]?$")


_ZH_HOME = frozenset({"城市", "常住城市", "所在城市", "居住城市", "居住地", "常住地"})


def _zh_key_value(sentence: str) -> str:
    said = _ZH_KEY_VALUE.match(sentence)
    if said is None:
        return sentence
    label, value = said.group("label"), said.group("value")
    if re.search(r"我|你|今天|明天|昨天|刚|了|要|得|想|去", value):
        return sentence  # "工作：今天加班到十点": a statement after a heading, not the value of a field
    if label.startswith("过敏"):
        return f"我对{value}过敏"
    if label == "忌口":
        return f"我不吃{value}"
    if label in _ZH_HOME:
        return f"我住在{value}"
    return f"我的{label}是{value}"


def unopened(text: str) -> str:
    """``text`` without a correction's opener ("scratch that,", "sorry, I meant", "不对，"), else unchanged."""
    return (_ZH_CORRECTION if has_cjk(text) else _EN_CORRECTION).sub("", text, count=1) or text


def as_said(sentence: str, zh: bool) -> str:
    """``sentence`` as the speaker would say it (above); unchanged when it is no note."""
    stripped = sentence.strip()
    if zh:
        said = _zh_key_value(_ZH_CORRECTION.sub("", stripped))
    else:
        said = _en_note(_en_key_value(_EN_CORRECTION.sub("", stripped)))
    return sentence if said == stripped else said
