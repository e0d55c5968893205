"""English clauses that leave their subject out, for the offline extractor (``offline.py``). Said to an assistant,
a clause that opens with its verb is the speaker's ("Been vegan since 2019", "Lives in Austin now, moved from
Chicago two years ago", "can't eat gluten anymore", "Need to renew my passport"), and a bare kinship or role word
is the speaker's person ("Mom's recovering from knee surgery", "doctor confirmed celiac last month")."""

from __future__ import annotations

import re

from memories.extraction.clauses import _BARE_KIN, _IRREGULAR_PAST

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
_SUBJECTLESS = re.compile(r"^(been|gonna|planning|heading|can't|cannot|don't|didn't|won't|haven't|hasn't|"
                          r"(?:could|would)(?=\s+(?:live|eat|drink|watch|listen|sleep|spend|never|happily)\b)|"
                          r"(?:never|rarely|usually)(?!\s+(?:late|early|on time|busy|home|there|here|sure|the|a|an)\b)"
                          r"|gotta|hoping|loving|hate|busy|on\s+call|out\s+sick|home\s+sick|off\s+work"
                          r"|(?:going|moving|flying|driving|leaving)(?=\s+(?:to|back|home|out|away)\b)"
                          r"(?!" + _FINITE + r")|trying(?=\s+to\b)(?!" + _FINITE + ")"
                          r"|(?:working|living|staying|studying|training|volunteering|interning|recovering|babysitting"
                          r"|starting|learning|practising|practicing)"
                          r"(?=\s+(?:from|on|at|as|for|in|with|near|remotely|late|nights|overtime|abroad|alone|home"
                          r"|full|part|my|our|the|a)\b)(?!" + _FINITE + ")"
                          r"|need|" + _LIFE + r"|(?:just|finally|recently|also|still)(?=\s+(?:" + _PAST
                          + r"|[a-z]+ed|" + _LIFE + r")\b)|" + _PAST + r"|[a-z]+ed)\b"
                          r"(?!\s+(?:is|was|are|were|can|will|has)\b)", re.IGNORECASE)
_KIN_LEAD = re.compile(rf"^(?i:{_BARE_KIN})(?:'s)?\b")
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
                   r"resting heart rate|credit score|budget)(?:'s)?\s+(?:went|goes|is|was|got|has|have|increased|rose|"
                   r"jumped|dropped|fell|just|now|will|takes|keeps|stays|stayed|doubled|going|gone|been|up|down)\b")
_LEVEL = re.compile(r"(?i)^(?:(?:finally|now|already|just|almost|nearly)\s+)?(?:down|up)\s+to\s+"
                    r"(?:about\s+|around\s+)?\d")


def with_subject(text: str) -> tuple[str, bool]:
    """The clause with the subject it left out put back ("I've been vegan …", "my mom is recovering …"), and
    whether a bare verb made it the speaker's."""
    label = _LABEL.match(text)
    if label:  # "new phone number: 555…", "Email: a@b.io": the speaker's
        return f"my {label.group(1).strip().lower()} is {text[label.end():].strip()}", False
    if _MINE.match(text) or _LEVEL.match(text):  # "rent went up to $2,050", "down to 76 kg now": the speaker's
        return (f"my {text[:1].lower()}{text[1:]}" if _MINE.match(text) else f"I'm {text[:1].lower()}{text[1:]}"), False
    kin = _KIN_LEAD.match(text)
    if kin:
        word = kin.group(0).removesuffix("'s")
        rest = text[kin.end():]
        if kin.group(0).endswith("'s"):
            rest = (" has" + rest if rest.startswith(" been") else
                    " is" + rest if _IS_AFTER.match(rest) else "'s" + rest)
        return f"my {word.lower()}{rest}", False
    adverb = re.match(r"(?i)^(?:currently|still|now)\s+(?=\w+ing\b)", text)  # "currently learning the violin"
    if adverb:
        said, bare = with_subject(text[adverb.end():])
        return (said.replace("I'm ", f"I'm {adverb.group().strip().lower()} ", 1), True) if bare else (text, False)
    bare_verb = _SUBJECTLESS.match(text)
    if not bare_verb:
        return text, False
    lead = bare_verb.group(1).casefold()
    lowered = f"{text[:1].lower()}{text[1:]}"
    if lead == "been":
        return f"I've {lowered}", True
    if lead.endswith("ing") or lead in ("gonna", "busy") or " " in lead:
        return f"I'm {lowered}", True
    return f"I {lowered}", True
