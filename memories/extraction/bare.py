"""English clauses that leave their subject out, for the offline extractor (``offline.py``). Said to an assistant,
a clause that opens with its verb is the speaker's ("Been vegan since 2019", "Lives in Austin now, moved from
Chicago two years ago", "can't eat gluten anymore", "Need to renew my passport"), and a bare kinship or role word
is the speaker's person ("Mom's recovering from knee surgery", "doctor confirmed celiac last month")."""

from __future__ import annotations

import re

from memories.extraction.clauses import _BARE_KIN, _IRREGULAR_PAST, _STOPWORDS, _wordset
from memories.extraction.texting import done_to_mine, unsaid_self
from memories.write.people import COMMON_OPENERS, NOT_PERSON, PERSON_VERBS, SURNAMES, ZH_NOT_NAMES, is_chinese_name

_PAST = "|".join(sorted(_IRREGULAR_PAST))
#: Verbs of a life said in the present without "I" ("Lives in Austin", "Works nights", "Love hiking"), not
#: before a pronoun that makes them a reaction or a favour ("Love it", "Works for me").
_LIFE = (r"(?:lives?|works?|loves?|hates?|owns?|drives?|teach(?:es)?|stud(?:y|ies)|speaks?|commutes?|rents?"
         r"|volunteers?|trains?|cooks?|plays?|runs|eats|drinks|misses|needs|wants)"
         r"(?!\s+(?:it|that|this|them|you|your|for\s+(?:me|us|you))\b)")
#: A verb after an "-ing" lead makes the "-ing" phrase a subject ("Going to those places is on my list"), not a
#: clause without one ("Going to Seattle next week").
_FINITE = (r".*\b(?:is|was|are|were|has|had|have|isn't|wasn't|takes|took|makes|made|can|will|would|feels|seems"
           r"|sounds|gives|helps|means)\b")
#: Any "-ing" lead said of now ("climbing V3 at the moment", "reading Dune rn", "doing a pottery class these
#: days"), not a noun in "-ing" ("Morning runs these days …", "Nothing at the moment").
_NOW_DOING = (r"(?!(?:nothing|something|anything|everything|morning|evening|spring|thing|king|ring|wedding|building"
              r"|meeting|ceiling|clothing|feeling|during|string|sibling|darling|pudding|sterling|ping|bling)"
              r"\b)"
              r"[a-z]{2,}ing(?=[^.;!?]*\b(?:at\s+the\s+moment|right\s+now|rn|atm|these\s+days|lately|nowadays"
              r"|this\s+(?:week|month|year|term|semester|season)|for\s+now|currently|at\s+present)\b)")
_SUBJECTLESS = re.compile(r"^(been|become|gone(?=\s+(?:back|over|from|off|vegan|vegetarian|keto|full[- ]time|"
                          r"part[- ]time|remote|freelance|quiet|grey|gray|blonde|bald|sober|dry)\b)|gonna|planning|"
                          r"heading|can't|cannot|don't|didn't|won't|haven't|hasn't|"
                          r"(?:could|would)(?=\s+(?:live|eat|drink|watch|listen|sleep|spend|never|happily)\b)|"
                          r"(?:never|rarely|usually)(?!\s+(?:late|early|on time|busy|home|there|here|sure|the|a|an)\b)"
                          r"|gotta|hoping|loving|hate|busy|on\s+call|out\s+sick|home\s+sick|off\s+work"
                          r"|(?:going|moving|flying|driving|leaving)(?=\s+(?:to|back|home|out|away)\b)"
                          r"(?!" + _FINITE + r")|trying(?=\s+to\b)(?!" + _FINITE + ")"
                          r"|(?:thinking(?=\s+(?:about|of)\b)|considering|looking(?=\s+(?:for|into)\b)"
                          r"|saving(?=\s+(?:up|for)\b)|waiting(?=\s+(?:for|on)\b))(?!" + _FINITE + ")"
                          r"|(?:working|living|staying|studying|training|volunteering|interning|recovering|babysitting"
                          r"|starting|learning|practising|practicing)"
                          r"(?=\s+(?:from|on|at|as|for|in|with|near|remotely|late|nights|overtime|abroad|alone|home"
                          r"|full|part|my|our|the|a)\b)(?!" + _FINITE + ")"
                          r"|" + _NOW_DOING + r"(?!" + _FINITE + ")"
                          r"|need|" + _LIFE + r"|(?:just|finally|recently|also|still)(?=\s+(?:" + _PAST
                          + r"|[a-z]+ed|" + _LIFE + r")\b)|" + _PAST + r"|[a-z]+ed)\b"
                          r"(?!\s+(?:is|was|are|were|can|will|has)\b)", re.IGNORECASE)
#: "the dog", "the kids", "the wife" said by the speaker before a verb are theirs ("the kids start school monday"),
#: not "the dog park" nor "the cat next door".
_THE_HOUSEHOLD = re.compile(r"(?i)^the\s+(dog|dogs|cat|cats|puppy|kitten|kids|kid|baby|twins|wife|hubby|husband|missus"
                            r"|boys|girls|kiddos)(?=(?:'s|\s+(?:is|are|was|were|has|have|had|gets|got|needs|loves|hates"
                            r"|goes|went|will|can|won't|doesn't|don't|isn't|aren't|just|still|start|started|starts"
                            r"|love|hate|need|[a-z]+ed))\b)")
_KIN_LEAD = re.compile(rf"^(?i:{_BARE_KIN})(?:'s)?\b")
# "truck's at 112,000 miles now", "the car's due for a service": a household vehicle, the speaker's
_VEHICLE_LEAD = re.compile(r"(?i)^(?:the\s+)?(?:truck|car|van|minivan|suv|jeep|motorcycle|motorbike|scooter|rv|camper"
                           r"|trailer|boat)(?='s\s+(?:at|got|now|still|been|up|over|almost|nearly|past|due|finally|"
                           r"making|running|in\s+the\s+shop|\d))")
# "shoulder is back to normal", "knee's still swollen": a part of the body, the speaker's
_BODY_LEAD = re.compile(r"(?i)^(?:shoulder|knee|knees|back|lower back|neck|ankle|wrist|hip|elbow|foot|feet|"
                        r"hand|arm|leg|eye|eyes|ear|ears|tooth|teeth|jaw|stomach|gut|skin|throat|hamstring|achilles|"
                        r"spine|shin|calf|toe|finger|thumb|sinuses|blood sugar)(?='s\s+|\s+(?:is|are|was|were|has|"
                        r"have|feels?|still|finally|keeps|got|gets|hurts?|healed|looks?)\b)")
#: After "Mom's": a verb or a state ("Mom's recovering", "Dad's back home"), not a thing of hers ("Mom's car").
_IS_AFTER = re.compile(r"(?i)^\s+(?:\w+ing|not|in|at|on|back|home|here|there|still|so|really|very|doing|feeling|better"
                       r"|worse|sick|ill|fine|ok|okay|away|out|off|retired|pregnant|visiting|coming|going|gonna|been)\b")


#: A label and its value, as typed in a hurry ("new phone number: 555-877-0912", "new address: 12 Oak St",
#: "email - li@163.com"): a new value of the speaker's, or one of their contact details.
_LABEL = re.compile(r"(?i)^((?:new|current|updated)\s+[a-z][a-z \-]{1,30}?|(?:(?:home|work|cell|mobile|phone)\s+)?"
                    r"(?:phone|number|phone number|email|e-mail|email address|address))\s*(?:is\s*)?(?::|\s-)\s*(?=\S)")


#: A thing of one's own life said without "my" before a verb ("rent went up to $2,050", "salary is 110k now",
#: "weight's stable", "commute takes an hour"), and a level said without "I'm" ("down to 76 kg now", "up to 5 miles").
_MINE = re.compile(r"(?i)^(?:rent|salary|pay|weight|mortgage|commute|blood pressure|cholesterol|a1c|income|"
                   r"resting heart rate|credit score|gpa|bmi|budget|take[- ]home|take[- ]home pay|"
                   r"(?:(?!the\b|a\b|this\b|that\b|his\b|her\b|their\b)[\w.]+\s+)?(?:rating|elo|handicap))"
                   r"(?:\s+(?:alone|itself|payment|here))?(?:'s)?\s+(?:went|goes|is|was|got|has|have|increased|rose|"
                   r"jumped|dropped|fell|just|now|will|takes|keeps|stays|stayed|doubled|going|gone|been|up|down|"
                   r"finally|hit|reached|climbed|sits|sitting)\b")
_LEVEL = re.compile(r"(?i)^(?:(?:finally|now|already|just|almost|nearly)\s+)?(?:down|up)\s+to\s+"
                    r"(?:about\s+|around\s+)?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|half|"
                    r"a\s+couple|a\s+few|zero)\b)"
                    # "88 kg this morning!!": a weight said alone, at a weigh-in
                    r"|^\d{2,3}(?:\.\d)?\s*(?:kg|kgs|kilos|lbs?|pounds)(?=\s*(?:$|[!.]|this\s+morning|today|now"
                    r"|on\s+the\s+scale)(?:\W|$))")


#: What a person does, said of them by name ("Mia runs a bakery", "Bea drives a blue car", "Priya adopted a
#: greyhound"), besides the verbs that tell a name from a capitalised word (``people.PERSON_VERBS``).
ACTIVITY_VERBS = _wordset("""
drives drove owns owned manages managed leads founded coaches coached trains trained paints painted sings sang dances
danced swims swam cooks cooked bakes baked rides rode knits knitted collects collected volunteers volunteered practices
practised practiced attends attended speaks spoke uses wears wore sells sold builds built grows grew raises raised
adopted rescued fosters fostered drinks eats ate adores dislikes avoids misses supports follows watches watched listens
hosts hosted organises organised organizes organized designs designed fixes fixed repairs repaired commutes rents
rented travels traveled travelled flies flew left quit quits retired won lost broke finished completed passed signed
launched opened returned arrived stays stayed spends spent earns earned saves saved pays paid mentors tutors walks
walked hikes hiked climbs climbed skis skied surfs surfed runs ran photographs photographed teaches tours toured
""")
#: Verbs said of things as much as of people ("Honesty is everything", "Traffic gets worse"): after a capitalised
#: word, a name only with an article or a number after them ("Mia has a blue car", "Jo is a nurse").
_WEAK_VERBS = frozenset(("is", "was", "has", "had", "gets", "got", "goes", "went", "turns", "turned", "becomes",
                         "became", "needs", "needed", "wants", "wanted", "will", "would", "can", "could", "should",
                         "does", "did", "says", "said", "knows", "knew", "thinks", "thought", "means", "plans"))
_PERSON_DOES = (PERSON_VERBS | ACTIVITY_VERBS) - _WEAK_VERBS
_NAME_THEN_VERB = re.compile(r"^([A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:(?:also|still|now|currently|recently|just|often"
                             r"|usually|always|never)\s+)?([a-z]+)\b(\s+(?:a|an|two|three|four|five|\d+)\b)?")
#: Endings of abstract nouns ("Honesty", "Patience", "Kindness", "Happiness"), rare in given names.
_ABSTRACT = re.compile(r"(?:ness|ity|ment|tion|sion|ism|ship|hood|dom|ence|ance|ing)$")


def named_subject(text: str) -> bool:
    """Whether an English sentence opens with a person's name and what they do ("Mia works at a bakery",
    "Bea drives a blue car", "Mia has a blue car"; not "Coffee gets cold", "Life goes on", "Honesty is
    everything")."""
    lead = _NAME_THEN_VERB.match(text)
    if lead is None:
        return False
    name, verb = lead.group(1).casefold(), lead.group(2)
    if verb not in _PERSON_DOES and not (verb in _WEAK_VERBS and lead.group(3) and not _ABSTRACT.search(name)):
        return False
    return name not in COMMON_OPENERS and name not in NOT_PERSON and name not in _STOPWORDS


#: An assistant's or an agent's note about the user, its subject left out and its verb in the third person
#: ("Prefers short answers", "Has two cats", "Is vegetarian", "Enjoys hiking"), or a state of theirs said alone
#: ("Allergic to penicillin", "Based in Toronto", "Originally from Lagos"): the speaker's, put in the first person.
_NOTE_VERB = re.compile(r"^(prefers|likes|enjoys|dislikes|adores|loves|has|is|was|uses|wants|speaks|attends|follows"
                        r"|avoids|celebrates|visits|reads|watches|listens|practi[cs]es|collects|travels|wakes|sleeps"
                        r"|writes|owns|manages|runs|works|lives|drives|teaches|studies|plays|eats|drinks|cooks|rides"
                        r"|volunteers|commutes|rents|misses|supports|believes|identifies)\b(?!\s+(?:it|that|this"
                        r"|them|you|your|for\s+(?:me|us|you)|good|great|fine|nice|like|there|here)\b)(?!.*\?\s*$)",
                        re.IGNORECASE)
_NOTE_STATE = re.compile(r"^(?:allergic|intolerant|lactose|gluten|vegetarian|vegan|pescatarian|based|originally"
                         r"|born|fluent|married|single|divorced|engaged|pregnant|retired|diabetic|interested|afraid"
                         r"|self-employed|left-handed|right-handed|new\s+to"
                         # a state said with a participle, not a past act: "Obsessed with …", "Tired of …"
                         r"|(?:blessed|obsessed|tired|hooked|addicted|attached|devoted|committed|dedicated|fascinated"
                         r"|swamped|overwhelmed|stressed|exhausted|bored|worried|scared|terrified|thrilled|stoked"
                         r"|pumped|excited|relieved|amazed|surprised|disappointed|frustrated|determined|inspired"
                         r"|motivated|impressed)(?=\s+(?:with|of|on|about|by|to|at|for|that|we|i|my|the)\b))"
                         r"\b(?!.*\?\s*$)", re.IGNORECASE)
_FIRST_FORMS = {"is": "am", "has": "have", "was": "was", "does": "do", "goes": "go"}


def _first_person(verb: str) -> str:
    """A verb in the third person singular as "I" says it: prefers → prefer, studies → study, watches → watch."""
    word = verb.casefold()
    if word in _FIRST_FORMS:
        return _FIRST_FORMS[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def noted(clause: str) -> str:
    """A note's clause with its subject put back ("Loves sushi" → "I love sushi"), so that the explicit rules read
    it as the speaker's; any other clause as it is."""
    if _NOTE_VERB.match(clause) or _NOTE_STATE.match(clause):
        return with_subject(clause)[0]
    clause = _DONE_TO_ME.sub(lambda m: f"I was {m.group('verb')} ", clause)  # "they moved me to nights"
    clause = done_to_mine(clause)  # "they moved my shift to 2pm-10pm" (texting.py)
    return _POINTED_MINE.sub("The ", clause)  # "These figurines I bought …": a thing named, not a pronoun


#: What an employer or "they" did to the speaker, said of the speaker ("they moved me to nights" → "I was moved to
#: nights", "my boss put me on the weekend rota", "work transferred me to Leeds"): no pronoun-led remark.
_DONE_TO_ME = re.compile(r"(?i)^(?:they|work|management|hr|(?:my|the)\s+(?:boss|manager|supervisor|company|employer|"
                         r"job|firm|hospital|school|store|plant|office|agency|union|doctor|gp|nurse))\s+"
                         r"(?:finally\s+|just\s+|have\s+|'ve\s+|has\s+)?(?P<verb>moved|switched|put|transferred|bumped|"
                         r"promoted|demoted|laid off|let go|fired|hired|assigned|reassigned|changed|upped|taken|"
                         r"started|signed off|referred|diagnosed)\s+me\b\s*")


#: A thing pointed at and then said to be the speaker's doing ("These figurines I bought yesterday …", "That recipe we
#: tried …"): "the …", so that the clause is no pronoun-led remark.
_POINTED_MINE = re.compile(r"^(?:These|This|That|Those)\s+(?!(?:is|was|are|were|has|had|looks|seems|means|makes)\b)"
                           # a time, not a thing: "This morning I fixed …", "That summer we moved …"
                           r"(?!(?:morning|afternoon|evening|night|week|weekend|month|year|summer|winter|spring|fall"
                           r"|autumn|time|day|semester|term|season|past|coming|monday|tuesday|wednesday|thursday"
                           r"|friday|saturday|sunday)\b)"
                           r"(?!shows\b)(?=(?:[a-z]+\s+){0,2}[a-z]+\s+(?:I|we)\s+(?:just\s+|finally\s+)?"
                           r"(?:[a-z]+ed|bought|made|got|drew|wrote|took|found|built|grew|sold|won|knit|sewed)\b)")


#: "I'm Ivo and I collect stamps", "my name is Ana, I teach piano": the introduction is a sentence of its own.
_INTRO_AND = re.compile(r"(?i:\b(?:i'm|i\s+am|my\s+name\s+is|my\s+name's)\s+)([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
                        r"\s*(?:,\s*and\s+|\s+and\s+|,\s*)(?=(?i:i|i'm|i've|i'd|my|we|we're)\b)")


#: A result said alone after the news it belongs to: "did the half yesterday!!! 1:57:40.", "… last sunday! 4:12".
_RESULT_ALONE = re.compile(r"(?i)(?<=\w)([.!]+)\s+(\d{1,2}:\d{2}(?::\d{2})?"
                           r"|\d+(?:\.\d+)?\s*(?:min(?:ute)?s?|h(?:ou)?rs?"
                           r"|km|miles?|mi|k|kg|lbs?|pounds?|points?|pts|%))\s*([.!,;]+|$)")


def _result_back(m: re.Match[str]) -> str:
    """The result after its news: a time taken "in 1:57:40", a measure after a comma ("…, 71.5 kg")."""
    result, stop = m.group(2), m.group(1) if m.group(3)[:1] in (".", "!", "") else m.group(3)
    joint = " in" if re.match(r"(?i)[\d:]+$|.*(?:min|h)", result) else ","
    return f"{joint} {result}{stop}"


def intro_apart(text: str) -> str:
    """Two statements a self-introduction runs together ("I'm Ivo and I collect stamps") put apart; a result
    said alone after its news put back with it ("did the half yesterday, 1:57:40!")."""
    text = _RESULT_ALONE.sub(_result_back, text)
    return _INTRO_AND.sub(lambda m: m.group(0)[: m.end(1) - m.start(0)] + ". ", text)


def _owned_lead(text: str) -> str | None:
    """A clause led by a bare kinship word or a household's "the dog" with "my" put before it, else None."""
    lead = (_THE_HOUSEHOLD.match(text) or _KIN_LEAD.match(text) or _VEHICLE_LEAD.match(text)
            or _BODY_LEAD.match(text))
    if lead is None:
        return None
    word = lead.group(0).removesuffix("'s")
    rest = text[lead.end(0):]
    if lead.group(0).endswith("'s") or rest.startswith("'s"):
        rest = rest.removeprefix("'s")
        rest = (" has" + rest if rest.startswith(" been") else " is" + rest if _IS_AFTER.match(rest) else "'s" + rest)
    return f"my {word[4:].lower() if word.lower().startswith('the ') else word.lower()}{rest}"


def _lowered(text: str) -> str:
    """The clause's first letter in lower case, unless its word is an acronym ("GPA is 3.7"); a clause shouted in
    capitals ("ENGAGED!!!", "PASSED MY BOARDS") is said in lower case."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) >= 5 and all(c.isupper() for c in letters):
        return text.lower()
    return text if text[1:2].isupper() else f"{text[:1].lower()}{text[1:]}"


def with_subject(text: str) -> tuple[str, bool]:
    """The clause with the subject it left out put back ("I've been vegan …", "my mom is recovering …"), and
    whether a bare verb made it the speaker's."""
    label = _LABEL.match(text)
    if label:  # "new phone number: 555…", "Email: a@b.io": the speaker's
        return f"my {label.group(1).strip().lower()} is {text[label.end():].strip()}", False
    if _MINE.match(text) or _LEVEL.match(text):  # "rent went up to $2,050", "down to 76 kg now": the speaker's
        return (f"my {_lowered(text)}" if _MINE.match(text) else f"I'm {_lowered(text)}"), False
    denied = unsaid_self(text)
    if denied is not None:  # "not vegan anymore", "no longer a student": the speaker's (texting.py)
        return denied, True
    owned = _owned_lead(text)
    if owned is not None:  # "Mom's recovering …", "the dog gets walked at 6am": the speaker's
        return owned, False
    adverb = re.match(r"(?i)^(?:currently|still|now)\s+(?=\w+ing\b)", text)  # "currently learning the violin"
    if adverb:
        said, bare = with_subject(text[adverb.end():])
        return (said.replace("I'm ", f"I'm {adverb.group().strip().lower()} ", 1), True) if bare else (text, False)
    note = _NOTE_VERB.match(text)
    if note:  # "Prefers short answers" → "I prefer short answers"
        return f"I {_first_person(note.group(1))}{text[note.end():]}", True
    if _NOTE_STATE.match(text):  # "Allergic to penicillin" → "I'm allergic to penicillin"
        return f"I'm {_lowered(text)}", True
    bare_verb = _SUBJECTLESS.match(text)
    if not bare_verb or re.match(r"(?i)\s*(?:me|us)\b", text[bare_verb.end():]):
        return text, False  # "gave me a sense of peace": the speaker is the object, the subject was said before
    lead = bare_verb.group(1).casefold()
    lowered = _lowered(text)
    if lead in ("been", "become", "gone"):  # "gone back to regular milk": "I've gone back …"
        return f"I've {lowered}", True
    if lead.endswith("ing") or lead in ("gonna", "busy") or " " in lead:
        return f"I'm {lowered}", True
    return f"I {lowered}", True


# What a name after 我叫 / 我的名字是 never ends with: a kind of person ("我叫程序员" is no name either).
_ZH_KIND_END = re.compile(r"(?:者|员|师|生|人|家|长|手|工|族|迷|控|粉|的|士|妈|爸|官|匠|警|医|痴|货|领)$")


def zh_self_named(body: str, name: str) -> bool:
    """Whether a Chinese self-introduction names the speaker: after 我叫 / 我的名字是 any name that is not a kind
    of person; after a bare 我是 only a word with a name's shape (a surname and one or two characters, or 小/老/阿
    and a surname: "我是张伟", "我是小王"), since "我是护士" says what one is, not who."""
    if _ZH_KIND_END.search(name) or name in ZH_NOT_NAMES:
        return False
    if not body.startswith("我是"):
        return True
    return is_chinese_name(name) or (len(name) == 2 and name[0] in "小老阿" and name[1] in SURNAMES)
