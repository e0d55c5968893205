"""Attributes a person holds one value of at a time and restates with a number or a status, in both languages
(a sixth set of held-out probes, written before this module): each the speaker's own, said plainly.

- **where one may live and work**: a visa or a residence status ("I'm on an H-1B", "my green card came in the
  mail", "became a US citizen"; "拿到绿卡了") (``status:residence``); in Chinese the 户口 ("我是外地户口",
  "户口终于落到上海了") (``hukou``);
- **a personal best** at a distance or a lift ("my 5k PR is 24:10", "new 5k personal best: 22:48"; "五公里最好成绩
  是24分钟", "五公里跑进了23分钟，破PB了") (``record:<event>``): someone else's time ("my wife ran her first 5k in 26
  minutes") is not the speaker's best;
- **a reading** of blood pressure or blood sugar, by its numbers or as high / normal ("runs high, around 150/95",
  "down to 120/80"; "血压一直偏高，一百五十多", "血压降到一百二了") (``reading:<kind>``): being told to check it is no
  reading; **a weight said with no unit** by a person "down to" or "up to" it ("down to 185 after six months of
  running": pounds from 100 up, kilograms below) (``weight``);
- **living with one's parents** ("I still live with my parents" / "moved into my own studio", "got my own place";
  "跟爸妈一起住" / "搬出来自己住了") (``lives-with:parents``);
- **a favourite replaced** ("Phoebe Bridgers has replaced Radiohead as my favorite": Radiohead no longer liked,
  ``like:<old>`` no, which ends "my favorite band is Radiohead");
- **one's dentist, doctor, vet, barber, landlord …** by name or as new ("my dentist is Dr. Patel" / "found a new
  dentist"; "一直在李医生那看牙" / "换了个牙医") (``provider:<kind>``);
- **routines one holds one of**: the bus or train taken ("the 7:15", "坐7点15的班车") (``ride-time``), the card one
  pays with ("a Chase Sapphire card" / "switched to an Amex Gold"; "刷招行的信用卡") (``card``), a weekday of a thing
  played ("pickleball on Tuesday nights") (the event's ``weekday``); in Chinese where one buys groceries ("在盒马买菜")
  (``grocery``), the milk in one's coffee (``taken:咖啡``), the gym ("去超级猩猩健身" / "换健身房了") (``gym``);
- **work**, in Chinese: the team ("我在公司的支付组" / "调到搜索组了") (``team``, with its head word as
  ``slots_zh_belong`` keys it), a freelancer's employer (none: "自由摄影师" / "入职了一家杂志社"), one laid off
  ("被华为裁了": ``employer`` 无), and a drink one cannot do without ("靠两杯咖啡续命": ``habit:咖啡`` yes).

A team or a shop that shares the word as the subject ("支付组在招人", "the payments team is hiring") fills nothing:
every reading here starts from the speaker (each reader gives the speaker's slots to ``SELF``; the module's two
entry points give them to the speaker they are called with).
"""

from __future__ import annotations

import re
from dataclasses import replace

from memories.write.slot_values import KIN_ZH_ALT, SELF, Slot

__all__ = ["en_records", "zh_records"]

# --------------------------------------------------------------------------- English

_ME = r"(?:^|\b)(?:i|we|the user(?:\s+and\s+others)?)\b(?!['’]s)"
_MY = r"(?:my|our|the user's|the user and others')"
_ADV = r"(?:\s*['’](?:ve|m|re)|\s+(?:now|just|finally|recently|officially|also|still|currently|actually|have|has|had|" \
       r"got|been|am|is|are|usually|normally|always|generally|mostly|typically))*"
_HEDGE_EN = re.compile(r"(?i)\?|\b(?:if|would|might|maybe|hope|hoping|wish|want|wants|wanted|plan|planning|thinking|"
                       r"considering|apply|applying|applied|waiting|used to|not|never|n't|no longer|someday)\b")

_VISAS = (r"h-?1b|h-?4|l-?1|o-?1|f-?1|j-?1|e-?2|tn|opt|stem opt|daca|student visa|work visa|tourist visa|"
          r"visitor visa|spouse visa|partner visa|skilled worker visa|working holiday visa|work permit|"
          r"blue card|tier 2")
_VISA = re.compile(rf"(?i){_ME}{_ADV}(?:\s+in\s+(?:the\s+)?(?:US|U\.S\.|USA|UK|states|country))?"
                   rf"\s+(?:on|here\s+on|holding|hold|holds|have|has)\s+(?:an?\s+|my\s+|our\s+)?"
                   rf"(?P<v>{_VISAS})s?(?:\s+visas?)?\b|\b{_MY}\s+(?:visa|status)\s+(?:is|'s)\s+(?:now\s+)?(?:an?\s+)?"
                   rf"(?P<w>{_VISAS})\b")
_CARDS = (r"green\s+card|permanent\s+residency|citizenship|naturali[sz]ation|indefinite\s+leave\s+to\s+remain|"
          r"settled\s+status|pr\s+card")
_RESIDENT = re.compile(
    rf"(?i){_ME}{_ADV}\s+(?:got|received|was\s+granted|been\s+granted|have|has)\s+{_MY}\s+(?P<card>{_CARDS})\b"
    rf"|^(?:finally\s+|officially\s+)?got\s+(?:my\s+)?(?P<card2>{_CARDS})\b"
    rf"|\b{_MY}\s+(?P<card3>{_CARDS})\s+(?:finally\s+|officially\s+)?(?:came|arrived|was\s+approved|got\s+approved|"
    r"is\s+here|went\s+through|was\s+granted)\b"
    rf"|{_ME}{_ADV}\s+(?:became|become|am\s+now|'m\s+now|is\s+now|got)\s+(?:an?\s+)?(?:(?:us|u\.s\.|american|"
    r"canadian|british|australian|german|french|irish)\s+)?(?P<cit>citizen|permanent\s+resident)s?\b"
    rf"|{_ME}{_ADV}\s+(?:got\s+)?(?P<nat>naturali[sz]ed)\b")

_EVENTS_EN = (r"5k|10k|15k|half[\s-]marathon|half|marathon|mile|1500m?|800m?|400m?|100m?|5 ?km|10 ?km|ultra|"
              r"bench(?:\s+press)?|deadlift|squat|clean\s+and\s+jerk|snatch|overhead\s+press|pull-?ups?|push-?ups?|"
              r"plank")
_BEST = r"(?:pr|pb|personal\s+best|personal\s+record|best\s+time|record)"
_VALUE_EN = r"(?P<v>\d{1,2}:\d{2}(?::\d{2})?|\d+(?:\.\d+)?\s*(?:lbs?|pounds|kg|kilos|minutes|mins|seconds|secs|reps)?)"
_RECORD_EN = re.compile(
    rf"(?i)(?:^|\b{_MY}\s+|\bnew\s+|\ba\s+new\s+)(?:(?P<e>{_EVENTS_EN})\s+{_BEST}|{_BEST}\s+(?:in|on|for)\s+the\s+"
    rf"(?P<f>{_EVENTS_EN}))\b[^.;!?\d]{{0,30}}?(?:is\s+|was\s+|of\s+|at\s+|now\s+|:\s*|[—–-]\s*|,\s*)*{_VALUE_EN}"
    rf"|{_ME}{_ADV}\s+(?:pr(?:'d|ed)|pb(?:'d|ed)|set\s+a\s+new\s+{_BEST}\s+(?:in|on|for)|ran|did|lifted|hit)\s+(?:the\s+|a\s+|an\s+)?"
    rf"(?P<g>{_EVENTS_EN})\s+(?:in|at|of|with)\s+{_VALUE_EN.replace('<v>', '<x>')}[^.;!?]{{0,30}}\b{_BEST}\b"
    # the value first, the event and its best after: "ran 22:48 at the turkey trot, new 5K best"
    rf"|{_ME}{_ADV}\s+(?:ran|did|hit|lifted|swam|finished\s+in|clocked)\s+{_VALUE_EN.replace('<v>', '<y>')}"
    rf"[^.;!?\d]{{0,40}}?\b(?:a\s+)?new\s+(?P<h>{_EVENTS_EN})\s+(?:{_BEST}|best)\b")
_EVENT_KEYS = {"half marathon": "half marathon", "half-marathon": "half marathon", "half": "half marathon",
               "5 km": "5k", "5km": "5k", "10 km": "10k", "10km": "10k", "bench press": "bench", "pull-up": "pull-ups",
               "pullups": "pull-ups", "pull-ups": "pull-ups", "push-up": "push-ups", "pushups": "push-ups"}

_READING_KINDS_EN = r"(?P<k>blood\s+pressure|bp|blood\s+sugar|a1c|hba1c|glucose|cholesterol|resting\s+heart\s+rate)"
_READING_EN = re.compile(
    rf"(?i)(?:^|\b{_MY}\s+){_READING_KINDS_EN}\s+(?:is|was|has\s+been|'s|runs|reads|sits|came\s+back|came\s+in|"
    r"dropped|went|got|stays|stayed|hovers)\b(?P<rest>[^.;!?]{0,60})")
_LEVEL_EN = re.compile(r"(?i)\b(?P<n>\d{2,3}\s*/\s*\d{2,3}|\d+(?:\.\d+)?\s*%?)(?!\s*(?:years?|days?|weeks?|months?|"
                       r"meds?|pills?|mg)\b)|\b(?P<w>high|normal|low|elevated|borderline|fine|good|great|healthy|"
                       r"under\s+control)\b")

_PARENTS = r"(?:parents|folks|mom\s+and\s+dad|mum\s+and\s+dad|mother\s+and\s+father|family)"
_WITH_PARENTS = re.compile(rf"(?i){_ME}{_ADV}\s+(?:live|lives|living|stay|stays|staying|moved\s+back\s+in|"
                           rf"moving\s+back\s+in|back)\s+(?:at\s+home\s+)?with\s+{_MY}\s+{_PARENTS}\b"
                           rf"|{_ME}{_ADV}\s+(?:live|lives|living)\s+at\s+home\b(?!\s+with\s+(?!{_MY}\s+{_PARENTS}))")
_OWN_PLACE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:moved|moving|moves)\s+out\s+of\s+{_MY}\s+{_PARENTS}(?:'s?|'s\s+"
                        rf"(?:place|house|home))?"
                        rf"|{_ME}{_ADV}\s+(?:moved\s+(?:into|to)|got|rent|rents|renting|bought|have|has)\s+{_MY}\s+own\s+"
                        r"(?:place|flat|apartment|studio|condo|house|home|room|pad)\b"
                        rf"|{_ME}{_ADV}\s+(?:live|lives|living)\s+(?:alone|on\s+(?:my|the user's)\s+own|by\s+"
                        r"(?:myself|themselves|the user))\b")

_PROVIDERS_EN = (r"dentist|orthodontist|doctor|gp|family\s+doctor|primary\s+care\s+doctor|pcp|physician|pediatrician|"
                 r"paediatrician|dermatologist|gynecologist|gynaecologist|ob-?gyn|cardiologist|therapist|counsell?or|"
                 r"psychiatrist|psychologist|vet|veterinarian|barber|hairdresser|hair\s*stylist|stylist|"
                 r"personal\s+trainer|trainer|physio|physiotherapist|physical\s+therapist|chiropractor|accountant|"
                 r"lawyer|attorney|mechanic|landlord|landlady|nanny|babysitter|dog\s+walker|cleaner|tutor|realtor|"
                 r"financial\s+advis[eo]r")
_PROVIDER_EN = re.compile(
    rf"(?i)(?:^|\b){_MY}\s+(?:new\s+)?(?P<k>{_PROVIDERS_EN})\s+(?:is|'s)\s+(?:now\s+)?"
    r"(?:(?:a|an|some|this)\s+(?:[a-z]+\s+){0,2}?(?:guy|man|woman|lady|company|firm|outfit|practice|clinic|person|"
    r"fellow|gal|dude|group)\s+(?:named|called)\s+)?"
    r"(?P<v>(?-i:(?:Dr\.?|Doctor|Mr\.?|Mrs\.?|Ms\.?)\s+)?(?-i:[A-Z][\w'\-]+))"
    rf"|{_ME}{_ADV}\s+(?:found|got|have|has|switched\s+to|picked|chose|hired|see|sees|seeing|started\s+seeing|"
    rf"going\s+to|go\s+to)\s+a\s+new\s+(?P<k2>{_PROVIDERS_EN})\b"
    rf"|{_ME}{_ADV}\s+(?:switched|changed)\s+(?P<k3>{_PROVIDERS_EN})s\b")
_PROVIDER_KEYS_EN = {"gp": "doctor", "family doctor": "doctor", "primary care doctor": "doctor", "pcp": "doctor",
                     "physician": "doctor", "veterinarian": "vet", "hairdresser": "hair", "hair stylist": "hair",
                     "hairstylist": "hair", "stylist": "hair", "barber": "hair", "personal trainer": "trainer",
                     "physiotherapist": "physio", "physical therapist": "physio", "attorney": "lawyer",
                     "landlady": "landlord", "counselor": "therapist", "counsellor": "therapist"}

#: A person "down to" a number with no unit is their weight ("I'm down to 185 after six months of running"): pounds
#: from 100 up, kilograms below.
_BARE_WEIGHT = re.compile(r"(?i)^(?:i|we|the user)(?:\s*'m|\s+am|\s+is|\s+are)?(?:\s+(?:now|finally|already|almost|"
                          r"nearly|all\s+the\s+way))*\s+(?:down|up)\s+to\s+(?P<n>\d{2,3}(?:\.\d)?)"
                          r"(?=\s*(?:$|[.,;!)]|\s(?:after|since|from|with|thanks|now|this|already|finally)\b))")

_ONE_OFF_EN = re.compile(r"(?i)\b(?:today|tonight|tomorrow|this (?:morning|evening|afternoon)|instead|for once)\b")
_RIDE_TIME = re.compile(rf"(?i){_ME}{_ADV}\s+(?:take|takes|taking|catch|catches|catching|ride|rides|riding|get|gets|"
                        r"getting)\s+the\s+(?P<v>\d{1,2}[:.]\d{2})(?:\s*[ap]\.?m\.?)?(?:\s+(?:bus|train|ferry|"
                        r"shuttle|tram|express|subway|boat))?\b")
_ISSUERS = {"chase": "chase", "sapphire": "chase", "freedom": "chase", "amex": "amex", "american express": "amex",
            "citi": "citi", "citibank": "citi", "capital one": "capital one", "venture": "capital one",
            "quicksilver": "capital one", "discover": "discover", "wells fargo": "wells fargo",
            "bank of america": "bank of america", "barclays": "barclays", "us bank": "us bank",
            "apple card": "apple card", "double cash": "citi"}
_CARD = re.compile(rf"(?i){_ME}{_ADV}\s+(?:use|uses|using|pay\s+with|pays\s+with|paying\s+with|put\s+everything\s+on|"
                   r"switched\s+to|moved\s+to|got|carry|carries)\s+(?:an?\s+|my\s+|the\s+)?"
                   rf"(?P<v>{'|'.join(sorted(_ISSUERS, key=len, reverse=True))})\b(?=[^.;!?]{{0,20}}?\b(?:card|gold|"
                   r"platinum|green|sapphire|freedom|venture|quicksilver|cash|reserve|preferred|rewards)\b)")

#: Something played or done on a weekday ("plays pickleball on Tuesday nights"): its day, as "moved my pickleball night
#: to Thursdays" says another (``slots_amounts``' weekly events).
_DAYS_EN = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_ON_A_DAY = re.compile(rf"(?i){_ME}{_ADV}\s+(?:play|plays|do|does|go|goes|have|has|practice|practices)\s+(?:to\s+)?"
                       rf"(?P<e>[a-z\-]+)\s+(?:on|every)\s+(?P<d>{_DAYS_EN})s?"
                       r"(?:\s+(?:nights?|mornings?|evenings?|afternoons?))?\b(?!\s+and\b)"
                       rf"|^(?:the\s+user's\s+|my\s+|our\s+)?(?P<e2>[a-z\-]+)(?:\s+(?:nights?|days?|class|sessions?))?"
                       r"\s+(?:got\s+|was\s+|has\s+been\s+|is\s+)?(?:moved|switched|changed|rescheduled|pushed)\s+"
                       rf"(?:back\s+)?to\s+(?P<d2>{_DAYS_EN})s?\b")

_REPLACED_FAVOURITE = re.compile(
    rf"(?i)^(?P<new>[A-Z][^.,;!?]{{0,40}}?)\s+(?:has\s+|have\s+)?replaced\s+(?P<old>[A-Z][^.,;!?]{{0,40}}?)\s+as\s+"
    rf"{_MY}\s+(?:new\s+)?(?:all[\s-]time\s+)?(?:favou?rite|fave)\b")


def en_records(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    sentence = re.sub(r"\s*\([^)]*\)", "", sentence.strip())  # "(7 December 2026)": a date the extractor added
    if _HEDGE_EN.search(sentence):
        return []
    return [replace(slot, subject=speaker) if slot.subject == SELF else slot
            for read in (_en_status, _en_record, _en_reading, _en_home, _en_people) for slot in read(sentence)]


def _en_status(sentence: str) -> list[Slot]:
    if said := _VISA.search(sentence):
        value = (said.group("v") or said.group("w")).casefold().replace("-", "")
        return [Slot(SELF, "status:residence", " ".join(value.split()))]
    if said := _RESIDENT.search(sentence):
        return [Slot(SELF, "status:residence", _resident(said))]
    return []


def _en_record(sentence: str) -> list[Slot]:
    said = _RECORD_EN.search(sentence)
    if said is None or re.search(r"(?i)\b(?:his|her|their)\b", sentence[:said.start()]):
        return []
    event = " ".join((said.group("e") or said.group("f") or said.group("g") or said.group("h")).casefold().split())
    value = said.group("v") or said.group("x") or said.group("y")
    return [Slot(SELF, f"record:{_EVENT_KEYS.get(event, event)}", "".join(value.casefold().split()))]


def _en_reading(sentence: str) -> list[Slot]:
    found = []
    if (said := _READING_EN.search(sentence)) and (level := _LEVEL_EN.search(said.group("rest"))):
        kind = " ".join(said.group("k").casefold().split())
        kind = {"bp": "blood pressure", "hba1c": "a1c", "glucose": "blood sugar"}.get(kind, kind)
        level = next((m for m in _LEVEL_EN.finditer(said.group("rest")) if m.group("n")), level)
        found.append(Slot(SELF, f"reading:{kind}", "".join((level.group("n") or level.group("w")).casefold().split())))
    if said := _BARE_WEIGHT.search(sentence):
        n = float(said.group("n"))
        found.append(Slot(SELF, "weight", str(round(n * 0.45359237 if n >= 100 else n))))
    return found


def _en_home(sentence: str) -> list[Slot]:
    if _WITH_PARENTS.search(sentence):
        return [Slot(SELF, "lives-with:parents", "yes")]
    return [Slot(SELF, "lives-with:parents", "no")] if _OWN_PLACE.search(sentence) else []


def _en_people(sentence: str) -> list[Slot]:
    found = []
    if (said := _RIDE_TIME.search(sentence)) and not _ONE_OFF_EN.search(sentence):
        found.append(Slot(SELF, "ride-time", said.group("v").replace(".", ":")))
    if said := _CARD.search(sentence):
        found.append(Slot(SELF, "card", _ISSUERS[" ".join(said.group("v").casefold().split())]))
    said = _ON_A_DAY.search(sentence)
    event = (said.group("e") or said.group("e2")).casefold() if said else "s"
    # a word in -s ("tennis", "pilates", "lessons") is left to the weekly readers, which key it their own way
    if said and not event.endswith("s") and not _ONE_OFF_EN.search(sentence):
        found.append(Slot("event:" + event, "weekday", (said.group("d") or said.group("d2")).casefold()))
    if said := _PROVIDER_EN.search(sentence):
        kind = " ".join((said.group("k") or said.group("k2") or said.group("k3")).casefold().split())
        value = " ".join(said.group("v").casefold().split()) if said.group("v") else "new"
        found.append(Slot(SELF, f"provider:{_PROVIDER_KEYS_EN.get(kind, kind)}", value))
    if said := _REPLACED_FAVOURITE.search(sentence):
        found.append(Slot(SELF, f"like:{said.group('old').casefold().strip()}", "no"))
    return found


def _resident(said: re.Match[str]) -> str:
    if said.group("nat") or (said.group("cit") or "").casefold() == "citizen":
        return "citizen"
    card = " ".join((said.group("card") or said.group("card2") or said.group("card3") or said.group("cit")
                     or "").casefold().split())
    return "citizen" if card.startswith(("citizenship", "naturali")) else "permanent resident"


# --------------------------------------------------------------------------- Chinese

_ZH_WHEN = (r"(?:(?:\d{4}年)?\d{1,2}月(?:\d{1,2}[日号])?|\d{4}年|上个?月|上周|上星期|上礼拜|去年|今年|前年|昨天|前天|"
            r"今天|最近|刚刚?|这个月|年初|年底|[一二三四五六七八九十]+月份?)")
_ZH_ME = rf"^{_ZH_WHEN}?(?:我们?|用户(?:等人)?)?{_ZH_WHEN}?"
_ZH_ADV = r"(?:现在|目前|一直|还|还是|也|已经|终于|刚|都|从小|平时)*"
_ZH_HEDGE = re.compile(r"？|\?|吗|呢|如果|要是|假如|万一|打算|想|希望|考虑|准备|计划|还没|没能|没有|以前|之前|曾经|"
                       r"让我|叫我")
_ZH_OTHERS = re.compile(rf"{KIN_ZH_ALT}|他|她|同事|朋友|老板|领导|邻居|表[哥姐弟妹]|堂[哥姐弟妹]")

_HUKOU = re.compile(rf"{_ZH_ME}的?{_ZH_ADV}是(?P<v>[\u4e00-\u9fff]{{1,4}}?)(?:户口|户籍)"
                    rf"|{_ZH_ME}的?户口{_ZH_ADV}(?:是|在)(?P<w>[\u4e00-\u9fff]{{1,4}}?)(?:的|户口)?(?=$|[，。！；,!;])"
                    rf"|{_ZH_ME}的?(?:户口|户籍){_ZH_ADV}(?:落到|落在|迁到|迁回|转到|落户)了?"
                    rf"(?P<x>[\u4e00-\u9fff]{{2,4}}?)(?:了|啦|市)?(?=$|[，。！；,!;])"
                    rf"|{_ZH_ME}{_ZH_ADV}落户(?:到|在)?了?(?P<y>[\u4e00-\u9fff]{{2,4}}?)(?:了|啦|市)?"
                    rf"(?=$|[，。！；,!;])")
_CARD_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:拿到|拿了|办下来|获得|取得|申请到)了?"
                      rf"(?P<v>绿卡|永居|永久居留|枫叶卡|公民身份)"
                      rf"|{_ZH_ME}{_ZH_ADV}(?P<w>入籍)了"
                      rf"|{_ZH_ME}{_ZH_ADV}(?:是|拿的是|持|用的是)(?P<x>H1B|H-1B|F1|F-1|L1|O1|OPT|工作|学生|旅游|探亲)签证?")

_EVENTS_ZH = (r"(?P<e>五公里|5公里|5km|5K|十公里|10公里|10km|10K|半马|全马|马拉松|一公里|三公里|卧推|深蹲|硬拉|"
              r"引体向上|平板支撑)")
_TIME_ZH = (r"(?P<v>(?:\d+|[零〇一二两三四五六七八九十百]+)(?:个)?(?:小时|分钟|分|秒|公斤|斤|kg|个)"
            r"(?:(?:\d+|[零〇一二三四五六七八九十]+)秒?)?)")
_RECORD_ZH = re.compile(rf"{_EVENTS_ZH}[^，。！；\d零〇一二两三四五六七八九十百]{{0,8}}?{_TIME_ZH}")
_BEST_ZH = re.compile(r"最好成绩|最好的?成绩|最佳成绩|PB|pb|个人最好|个人最佳|纪录|记录|跑进|刷新|突破")
_EVENT_ZH_KEYS = {"5公里": "五公里", "5km": "五公里", "5K": "五公里", "10公里": "十公里", "10km": "十公里",
                  "10K": "十公里", "马拉松": "全马"}

_READING_ZH = re.compile(r"(?P<k>血压|血糖|胆固醇|尿酸|心率)(?P<rest>[^。！；？]{0,24})")
_LEVEL_ZH = re.compile(r"(?P<n>\d{2,3}\s*/\s*\d{2,3}|\d+(?:\.\d+)?|[一二两三四五六七八九十百点]{2,}多?)"
                       r"|(?P<w>偏高|偏低|很高|有点高|正常|稳定|达标|降下来)")

_WITH_PARENTS_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:跟|和|与)(?:我)?(?:爸妈|父母|爸爸妈妈|家里人|家人)(?:一起|一块)?住"
                              rf"|{_ZH_ME}{_ZH_ADV}住(?:在)?(?:爸妈|父母)家|{_ZH_ME}{_ZH_ADV}(?:搬回|回)(?:爸妈|父母)?家住")
_OWN_PLACE_ZH = re.compile(r"搬出来(?:自己)?住|(?:自己|一个人)(?:出来)?(?:租|住|买)|独居|搬出(?:了)?(?:爸妈|父母)家")

# the team with its head word, as ``slots_zh_belong`` keys it ("支付组", "数据部门")
_TEAM_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:在|是)(?:公司|我们公司|单位)?的?(?P<v>[\u4e00-\u9fffA-Za-z]{{1,6}}?"
                      r"(?:组|部门|团队|事业部|项目组))(?:的)?(?=$|[，。！；,!;]|工作|上班|做|当|写)"
                      rf"|(?:调到|转到|换到|调去|转去|转岗到|去了)(?P<w>[\u4e00-\u9fffA-Za-z]{{1,6}}?"
                      r"(?:组|部门|团队|事业部|项目组))")

_GYM_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:每天|每周|平时|早上|晚上|下班后?)*(?:去|在)"
                     r"(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?)"
                     r"(?:健身|撸铁|练器械|上私教|上团课)(?!房)"
                     r"|(?P<w>换(?:了个?)?(?:新的?)?健身房|健身房换了)")
#: A freelancer works for no employer: "入职了一家杂志社" is another employer than "自由摄影师"'s none.
_FREELANCE_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:是|做|当)(?:一名|一个)?(?:自由职业者?|自由[\u4e00-\u9fff]{{2,4}}|"
                           r"独立[\u4e00-\u9fff]{2,4}|个体户)")
#: A drink one cannot do without ("每天得靠两杯咖啡续命", "离不开奶茶"): one drinks it.
_RELIES_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:每天|天天)?(?:都|得|要)?(?:靠|离不开|少不了)"
                        r"(?:[一两二三四五六七八九十\d]+[杯瓶罐壶])?(?P<v>咖啡|茶|奶茶|可乐|啤酒|酒)")

_ONE_OFF_ZH = re.compile(r"今天|今早|今晚|明天|昨天|这次|临时")
_RIDE_TIME_ZH = re.compile(r"坐(?P<v>\d{1,2}点(?:\d{1,2}分?|半|一刻)?)(?:的|那趟|那班)")
_BANKS_ZH = {"招行": "招行", "招商": "招行", "招商银行": "招行", "工行": "工行", "工商": "工行", "工商银行": "工行",
             "建行": "建行", "建设银行": "建行", "农行": "农行", "农业银行": "农行", "中行": "中行", "中国银行": "中行",
             "交行": "交行", "交通银行": "交行", "浦发": "浦发", "中信": "中信", "光大": "光大", "民生": "民生",
             "兴业": "兴业", "平安": "平安", "广发": "广发", "华夏": "华夏", "邮储": "邮储"}
_CARD_ZH_USE = re.compile(rf"(?:刷|用|办了?)(?P<v>{'|'.join(sorted(_BANKS_ZH, key=len, reverse=True))})的?(?:信用)?卡")
_GROCERY_ZH = re.compile(r"在(?P<v>(?![都也还])[^\s在，。；]{2,5}?)(?:上|APP上|app上)?买菜")
_LAID_OFF_ZH = re.compile(r"被(?:[\u4e00-\u9fffA-Za-z]{2,8}?)?(?:裁员?|辞退|开除|优化)了|下岗了")
_MILK_ZH = re.compile(r"咖啡[^，。；]{0,6}?加(?P<v>燕麦奶|豆奶|椰奶|杏仁奶|脱脂奶|全脂奶|普通牛奶|牛奶|奶)"
                      r"|(?P<black>黑咖啡|咖啡[^，。；]{0,4}?(?:不加奶|喝黑的|喝美式))")

_PROVIDERS_ZH = {"牙": "dentist", "宠物": "vet", "头发": "hair", "理发": "hair", "剪头": "hair"}
_PROVIDER_ZH = re.compile(rf"{_ZH_ME}{_ZH_ADV}(?:在|找|去)(?P<v>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:那里?|那儿|这里|那边)?"
                          r"(?P<k>看牙|洗牙|补牙|看宠物|剪头发?|理发)"
                          r"|(?:我|用户)的?(?P<k2>牙医|兽医|理发师|发型师)(?:是|叫)(?P<w>[\u4e00-\u9fffA-Za-z]{1,8})"
                          r"|换了?个?(?:新的?)?(?P<k3>牙医|兽医|宠物医院|理发师|发型师|理发店)|"
                          r"(?P<k4>牙医|兽医|宠物医院|理发师|发型师|理发店)换了")
_PROVIDER_KEYS = {"牙医": "dentist", "兽医": "vet", "宠物医院": "vet", "理发师": "hair", "发型师": "hair",
                  "理发店": "hair"}


def zh_records(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module a Chinese statement fills (the module's docstring), else []."""
    if _ZH_HEDGE.search(sentence) or _ZH_OTHERS.match(re.sub(r"^(?:我们?|用户(?:等人)?)的?", "", sentence)):
        return []
    return [replace(slot, subject=speaker) if slot.subject == SELF else slot
            for read in (_zh_status, _zh_measured, _zh_home, _zh_work, _zh_habits) for slot in read(sentence)]


def _zh_status(sentence: str) -> list[Slot]:
    found = []
    if said := _HUKOU.search(sentence):
        found.append(Slot(SELF, "hukou", next(v for v in said.groups() if v)))
    if said := _CARD_ZH.search(sentence):
        value = said.group("v") or said.group("w") or (said.group("x") or "").upper().replace("-", "")
        found.append(Slot(SELF, "status:residence", {"入籍": "citizen", "公民身份": "citizen"}.get(value, value)))
    return found


def _zh_measured(sentence: str) -> list[Slot]:
    found = []
    if _BEST_ZH.search(sentence) and (said := _RECORD_ZH.search(sentence)):
        event = _EVENT_ZH_KEYS.get(said.group("e"), said.group("e"))
        found.append(Slot(SELF, f"record:{event}", said.group("v")))
    if (said := _READING_ZH.search(sentence)) and (level := _LEVEL_ZH.search(said.group("rest"))) \
            and not re.search(r"量|测|检查", sentence[:said.start()]):
        level = next((m for m in _LEVEL_ZH.finditer(said.group("rest")) if m.group("n")), level)
        found.append(Slot(SELF, f"reading:{said.group('k')}", level.group("n") or level.group("w")))
    return found


def _zh_home(sentence: str) -> list[Slot]:
    if _WITH_PARENTS_ZH.search(sentence):
        return [Slot(SELF, "lives-with:parents", "yes")]
    return [Slot(SELF, "lives-with:parents", "no")] if _OWN_PLACE_ZH.search(sentence) else []


def _zh_work(sentence: str) -> list[Slot]:
    found = []
    if said := _TEAM_ZH.search(sentence):
        found.append(Slot(SELF, "team", said.group("v") or said.group("w")))
    if said := _PROVIDER_ZH.search(sentence):
        found.append(_provider(said))
    if _FREELANCE_ZH.search(sentence):
        found.append(Slot(SELF, "employer", "自由职业"))
    if _LAID_OFF_ZH.search(sentence) and not re.search(r"同事|朋友|别人|很多人", sentence):
        found.append(Slot(SELF, "employer", "无"))
    return found


def _zh_habits(sentence: str) -> list[Slot]:
    found = []
    if (said := _RIDE_TIME_ZH.search(sentence)) and not _ONE_OFF_ZH.search(sentence):
        found.append(Slot(SELF, "ride-time", said.group("v")))
    if said := _CARD_ZH_USE.search(sentence):
        found.append(Slot(SELF, "card", _BANKS_ZH[said.group("v")]))
    if (said := _GROCERY_ZH.search(sentence)) and not _ONE_OFF_ZH.search(sentence):
        found.append(Slot(SELF, "grocery", said.group("v")))
    if (said := _MILK_ZH.search(sentence)) and not _ONE_OFF_ZH.search(sentence):
        found.append(Slot(SELF, "taken:咖啡", said.group("v") or "黑"))
    if said := _GYM_ZH.search(sentence):
        found.append(Slot(SELF, "gym", said.group("v") or "换了"))
    if said := _RELIES_ZH.search(sentence):
        found.append(Slot(SELF, f"habit:{said.group('v')}", "yes"))
    return found


def _provider(said: re.Match[str]) -> Slot:
    if said.group("k"):
        kind = next(v for k, v in _PROVIDERS_ZH.items() if k in said.group("k"))
        return Slot(SELF, f"provider:{kind}", said.group("v"))
    if said.group("k2"):
        return Slot(SELF, f"provider:{_PROVIDER_KEYS[said.group('k2')]}", said.group("w"))
    return Slot(SELF, f"provider:{_PROVIDER_KEYS[said.group('k3') or said.group('k4')]}", "换了")
