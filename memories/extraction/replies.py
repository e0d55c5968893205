"""A short English answer to the assistant's question said as the speaker's own statement (``answers.py``): the
question gives the verb and the thing, the answer the value. "Where do you live?" — "Bristol" is "I live in
Bristol"; "What's your dog's name?" — "Rex" is "my dog's name is Rex"; "Do you have any kids?" — "yeah, two" is "I
have two kids"; "Do you drink coffee?" — "not anymore, switched to tea" is "I do not drink coffee anymore" and "I
switched to tea"; "Are you vegetarian or do you eat meat?" — "pescatarian actually" is "I am pescatarian actually".
The statement then goes the way of every other one (third person, slots), so a later "we moved to Cardiff"
retires "lives in Bristol" as it would have the same words said in one message.

Only questions about the listener ("you", "your") whose shape is known; an offer or a check ("Do you want me to
…?", "Would you like …?", "Do you have any other questions?", "Are you sure?") gives nothing, and neither does a
bare yes or no to a question that names nothing."""

from __future__ import annotations

import re

from memories.extraction.bare import with_subject
from memories.extraction.clauses import _IRREGULAR_PAST

__all__ = ["first_person"]

_YES = re.compile(r"(?i)^(?:yes|yeah|yea|yep|yup|sure|of course|definitely|absolutely|i do|i am|i have|i did"
                  r"|correct|right|indeed)\b[\s,.!—–-]*")
_NO = re.compile(r"(?i)^(?:no(?:pe)?|nah|not\s+(?:really|anymore|any\s+more|at\s+all|these\s+days|now|yet)"
                 r"|never|no\s+longer)\b[\s,.!—–-]*")
_STILL_NOT = re.compile(r"(?i)\b(?:anymore|any\s+more|no\s+longer|these\s+days|now)\b")
#: What a question asks about the conversation rather than the speaker's life.
_META = re.compile(r"(?i)^(?:want|need|mind|think|know|remember|mean|agree|see|understand|tried"
                   r"|like\s+(?:me|that|this|it)"
                   r"|have\s+(?:any\s+)?(?:other|more|further)?\s*questions|sure|there|ready|ok|okay|still\s+there"
                   r"|kidding|joking|serious|(?:have|got)\s+(?:a\s+(?:minute|moment|sec(?:ond)?)|time))\b"
                   r"|\b(?:anything|something|else|me)\s*$|\b(?:it|that|this)\b")
_TRAILING_TIME = re.compile(r"(?i)\s+(?:these\s+days|nowadays|now|currently|at\s+the\s+moment|right\s+now|originally"
                            r"|usually|normally|typically|these\s+past\s+\w+\s+\w+)$")
_PREPOSITION = re.compile(r"(?i)^(?:in|at|near|on|from|outside|by|to|around|with|just|right|close|up|down|over)\b")
_COUNT = re.compile(r"(?i)^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple|a\s+few|several"
                    r"|twins)$")
_AUX = r"(?P<aux>do|did|are|were|have|will)"


def _mine(text: str) -> str:
    """The listener's words of the question as the speaker's ("your car" → "my car")."""
    text = re.sub(r"(?i)\byourself\b", "myself", text)
    text = re.sub(r"(?i)\byours\b", "mine", text)
    text = re.sub(r"(?i)\byour\b", "my", text)
    return re.sub(r"(?i)\byou\b", "me", text)


def _past(verb: str) -> str:
    low = verb.casefold()
    irregular = {"grow": "grew", "go": "went", "get": "got", "meet": "met", "buy": "bought", "take": "took",
                 "find": "found", "leave": "left", "come": "came", "do": "did", "have": "had", "make": "made",
                 "spend": "spent", "see": "saw", "begin": "began", "become": "became", "study": "studied"}
    if low in irregular:
        return irregular[low]
    if low in _IRREGULAR_PAST:
        return low
    return low + ("d" if low.endswith("e") else "ed")


def _said(aux: str, rest: str, negated: bool = False) -> str:
    """ "I" with the question's verb phrase: "do you live" → "I live", "are you learning" → "I am learning"."""
    aux = aux.casefold()
    if aux == "did":
        if negated:
            return f"I did not {rest}"
        verb, _, tail = rest.partition(" ")
        return f"I {_past(verb)} {tail}".strip()
    helper = {"are": "am", "were": "was", "have": "have", "will": "will", "do": ""}[aux]
    if negated:
        helper = "do not" if aux == "do" else f"{helper} not"
    return f"I {helper} {rest}".replace("  ", " ").strip()


def _split(answer: str) -> tuple[str, str]:
    """The answer's value and what it goes on to say after a comma or a full stop ("Leeds, moved up last spring")."""
    head, *after = re.split(r"(?<=[.!;])\s+", answer, maxsplit=1)
    rest = after[0].strip() if after else ""
    value, _, more = head.partition(",")
    if more.strip() and with_subject(more.strip())[1]:  # a clause of its own: "moved up last spring"
        return value.strip(), f"{more.strip()} {rest}".strip()
    return head.rstrip(".!; ").strip(), rest


def _more(tail: str) -> str:
    """What the answer goes on to say, with the subject it left out ("switched to tea" → "I switched to tea"); a
    piece that is no clause stays with the statement ("by bike, mostly, tube when it rains")."""
    tail = tail.strip(" ,.;")
    if not tail:
        return ""
    said, bare = with_subject(tail)
    return f". {said}" if bare or said != tail else f", {tail}"


def _asked_value(question: str, answer: str) -> str | None:
    """A question that asks for a value (what, which, where, who, when, how), with the answer in its place."""
    value, tail = _split(answer)
    if not value or _YES.match(value) or _NO.match(value):
        return None
    return _of_mine(question, value, tail) or _of_verb(question, value, tail)


def _of_mine(question: str, value: str, tail: str) -> str | None:
    """ "What's your dog's name?", "How old is your son?", "Where do you live?": a thing of the speaker's."""
    if m := re.match(r"(?i)^(?:what|which|who|when)(?:'s|\s+is|\s+was|\s+are)\s+(?P<n>(?:your|you)\b.*)$", question):
        verb = "was" if " was " in f" {question.casefold()} " else "is"
        thing, called = re.subn(r"(?i)\s+(called|named)$", "", m.group("n"))  # "what's your cat called?"
        return f"{_mine(thing)} {verb}{' called' if called else ''} {value}{_more(tail)}"
    if m := re.match(r"(?i)^how\s+old\s+(?:is|are)\s+(?P<n>your\s+.+|you)$", question):
        years = " years old" if value.isdigit() else ""
        who = "I am" if m.group("n").casefold() == "you" else f"{_mine(m.group('n'))} is"
        return f"{who} {value}{years}{_more(tail)}"
    if m := re.match(rf"(?i)^where\s+{_AUX}\s+you\s+(?P<rest>.+)$", question):
        rest = m.group("rest")
        when = _TRAILING_TIME.search(rest)
        rest = rest[:when.start()] if when else rest
        joined = "" if _PREPOSITION.match(value) or re.search(r"(?i)\b(?:from|to|at|in)$", rest) else " in"
        return f"{_said(m.group('aux'), _mine(rest))}{joined} {value}{when.group() if when else ''}{_more(tail)}"
    return None


def _of_verb(question: str, value: str, tail: str) -> str | None:
    """ "What kind of car do you drive?", "How many siblings do you have?": the value as the verb's object."""
    if m := re.match(rf"(?i)^how\s+(?:many|much)\s+(?P<n>[\w\s]+?)\s+{_AUX}\s+you\s+(?P<rest>.+)$", question):
        thing = f" {m.group('n')}" if _COUNT.match(value) else ""
        return f"{_said(m.group('aux'), _mine(m.group('rest')))} {value}{thing}{_more(tail)}"
    if m := re.match(rf"(?i)^how\s+{_AUX}\s+you\s+(?P<rest>(?:\w+ly\s+)?(?:get|go|commute|travel|come)\b.*)$",
                     question):
        joined = "" if _PREPOSITION.match(value) else " by"
        return f"{_said(m.group('aux'), _mine(m.group('rest')))}{joined} {value}{_more(tail)}"
    if m := re.match(rf"(?i)^what\s+(?:\w+\s+of\s+)?(?P<n>[a-z]+(?:\s[a-z]+)?)\s+{_AUX}\s+you\s+(?P<rest>.+)$",
                     question):
        return f"{_said(m.group('aux'), _mine(m.group('rest')))} {value}{_more(tail)}"
    if m := re.match(rf"(?i)^which\s+(?P<n>[a-z]+(?:\s[a-z]+)?)\s+{_AUX}\s+you\s+(?P<rest>.+)$", question):
        return f"{_said(m.group('aux'), _mine(m.group('rest')))} {value}{_more(tail)}"
    if m := re.match(r"(?i)^what\s+do\s+you\s+do(?:\s+for\s+(?:work|a\s+living))?$", question):
        return f"I work as {value}{_more(tail)}"
    return None


def _yes_no(question: str, answer: str) -> str | None:
    """A yes-or-no question about the listener ("Do you have any kids?", "Any pets?"), with the answer's value."""
    if m := re.match(r"(?i)^any\s+(?P<n>[a-z]+)(?P<tail>.*)$", question):
        question = f"do you have any {m.group('n')}{m.group('tail')}"
    m = re.match(r"(?i)^(?P<aux>do|did|are|were|have)\s+you\s+(?P<rest>.+)$", question)
    if m is None or _META.search(m.group("rest")):
        return None
    aux, rest = m.group("aux"), _mine(m.group("rest"))
    if re.search(r"(?i)\bor\b", rest):  # "are you vegetarian or do you eat meat?": the value said is the answer
        rest = re.split(r"(?i)\s+or\b", rest)[0] if not _value_of(answer) else ""
    yes, no = _YES.match(answer), _NO.match(answer)
    polar = yes or no
    said = answer[polar.end():] if polar else answer
    value, tail = _split(said) if said.strip() else ("", "")
    if no:
        still = " anymore" if _STILL_NOT.search(no.group()) else ""
        return f"{_said(aux, rest, True)}{still}{_more(value + ' ' + tail)}"
    return _filled(aux, rest, value, tail, yes is not None)


def _filled(aux: str, rest: str, value: str, tail: str, yes: bool) -> str | None:
    """A yes (or a value said for one) to "do you have any kids?": "two" → "I have two kids"."""
    if not value:
        return f"{_said(aux, rest)}" if yes and rest else None
    anything = re.search(r"(?i)\bany\s+(?P<n>[a-z]+)", rest)
    if anything:  # "any kids" → "two kids" / "a daughter"
        put = f"{value} {anything.group('n')}" if _COUNT.match(value) else value
        return f"{_said(aux, rest[:anything.start()] + put + rest[anything.end():])}{_more(tail)}"
    if not rest:
        return f"{_said(aux, value)}{_more(tail)}"
    verb, _, thing = rest.partition(" ")
    if _COUNT.match(value):  # "do you have kids?" — "two"
        return f"{_said(aux, f'{verb} {value} {thing}')}{_more(tail)}"
    if re.match(r"(?i)^(?:a|an|the|my|one|two|three|four|five)\b", value) and aux.casefold() in ("do", "did"):
        return f"{_said(aux, f'{verb} {value}')}{_more(tail)}"  # "do you have kids?" — "yes, a daughter"
    return f"{_said(aux, rest)}{_more(value + ' ' + tail)}" if yes else None  # "are you married?" — "yep, 10 years"


def _value_of(answer: str) -> bool:
    return not (_YES.match(answer) or _NO.match(answer))


_OPTIONS = re.compile(r"(?i)^(?P<lead>.*?)(?:^|,\s*)(?:would|do)\s+you\s+(?:like|want|prefer|fancy)\s+"
                      r"(?P<options>.+\bor\b.+)$")


def _chosen(question: str, answer: str) -> str | None:
    """ "For the dinner, would you like the beef or the sea bass?" — "sea bass please": "I chose sea bass for the
    dinner" (the answer names one of the options)."""
    asked = _OPTIONS.match(question)
    if asked is None or _YES.match(answer) or _NO.match(answer):
        return None
    options = {w.casefold() for w in re.findall(r"[A-Za-z]{3,}", asked.group("options"))} - {"the", "and", "one"}
    said = answer.strip(" ,.!")
    if not options & {w.casefold() for w in re.findall(r"[A-Za-z]{3,}", said)}:
        return None
    lead = asked.group("lead").strip(" ,")
    return f"I chose {said}" + (f" {_mine(lead[:1].lower() + lead[1:])}" if re.match(r"(?i)^for\b", lead) else "")


def first_person(question: str, answer: str) -> str | None:
    """The answer to the question as the speaker's statement in the first person (module docstring), or None."""
    question = re.sub(r"(?i)^(?:so|and|ok(?:ay)?|great|cool|nice|got\s+it|oh)[\s,!]+", "", question.strip())
    question = question.rstrip("?？ ").strip()
    answer = re.sub(r"(?i)\s+(?:please|thanks|thank\s+you)$", "", answer.strip().rstrip(".!"))
    if not question or not answer:
        return None
    return _asked_value(question, answer) or _yes_no(question, answer) or _chosen(question, answer)
