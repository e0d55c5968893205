""""He" or "she" opening a clause, named by the one person a clause before it in the same sentence names by a role
(English, offline extractor): "my blood pressure was high at the doctor yesterday, she wants me to cut salt" keeps
"The doctor wants the user to cut salt", not a clause dropped as vague for its pronoun. Only one role word that
fits the pronoun ("she": a woman's kinship word or a role any person has; "he": a man's or such a role), said with
"my", "the" or "our"; two such people, or a name in the sentence, leave the clause as it was. With no such role, the
one person's name that opens a clause before it names it ("Maya begged to switch to violin, so she's quit piano" →
"Maya has quit piano"): a name, not a place, a weekday or a word a sentence capitalises; two names leave it.

"This", "that", "these" or "those" before a thing, in a clause that ties the thing to the speaker (me, my, us, our),
points at something the speaker has or shows, not at the other's words: "This mug reminds me of my first flat",
"That scarf was knitted by my aunt", "These trainers are my favourites" are read as statements about "the mug" (
``owned``), not dropped as a reaction ("That sounds great", "This is so cool for me" stay as they are).
"""

from __future__ import annotations

import re

from memories.extraction.clauses import _IRREGULAR_PAST
from memories.write.people import english_names

__all__ = ["owned", "pronouns_named"]

_ANY = (r"doctor|gp|dentist|nurse|physio|physiotherapist|therapist|counsellor|counselor|surgeon|specialist|"
        r"consultant|boss|manager|supervisor|landlord|landlady|teacher|tutor|coach|trainer|neighbour|neighbor|"
        r"vet|pharmacist|lawyer|accountant|advisor|adviser|cardiologist|midwife|optician|friend|partner|roommate|"
        r"flatmate|colleague|coworker|client")
_SHE = r"wife|mom|mum|mother|sister|daughter|girlfriend|fiancee|grandma|gran|nan|aunt|niece|stepmom|stepmum"
_HE = r"husband|dad|father|brother|son|boyfriend|fiance|grandpa|grandad|granddad|uncle|nephew|stepdad"
_ROLE = re.compile(rf"(?i)\b(?P<det>my|the|our)\s+(?:new\s+|old\s+|little\s+|older\s+|younger\s+)?"
                   rf"(?P<role>{_ANY}|{_SHE}|{_HE})\b(?!'s)")
_PRONOUN = re.compile(r"(?i)^(?P<p>she|he)(?=\s|'s\b|'d\b|'ll\b)")
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+\b")


def _fits(pronoun: str, role: str) -> bool:
    if re.fullmatch(_ANY, role):
        return True
    return bool(re.fullmatch(_SHE if pronoun == "she" else _HE, role))


def pronouns_named(pieces: list[str]) -> list[str]:
    """``pieces`` (one sentence's clauses) with an opening "he"/"she" named (the module's docstring)."""
    named: list[str] = []
    for piece in pieces:
        said = _PRONOUN.match(piece.strip())
        if said is None or not named:
            named.append(piece)
            continue
        pronoun = said.group("p").casefold()
        before = " ".join(named)
        roles = {m.group("role").casefold(): m for m in _ROLE.finditer(before)
                 if _fits(pronoun, m.group("role").casefold())}
        name = _one_name(before) if not roles else None
        if (len(roles) != 1 or _NAME.search(before)) and name is None:
            named.append(piece)
            continue
        if name is None:
            role = next(iter(roles.values()))
            name = f"{role.group('det').casefold()} {role.group('role')}"
        who = name
        rest = piece.strip()[said.end():]
        if rest.startswith("'s"):  # "she's at a startup": "my wife is at …" ("she's been", "she's quit": "has")
            rest = (" has" if _PARTICIPLE.match(rest) else " is") + rest[2:]
        named.append(who + rest)
    return named


#: "'s" before a past participle is "has" ("she's been", "she's quit", "he's started violin"), else "is" ("she's
#: worried about", "he's married to", "she's tired").
_PARTICIPLE = re.compile(r"'s\s+(?:just\s+|already\s+|finally\s+|now\s+)?(?:been|got|gotten|[a-z]{3,}en"
                         rf"|{'|'.join(sorted(_IRREGULAR_PAST))}"
                         r"|[a-z]{3,}ed(?!\s+(?:about|of|that|with|by|at|to|for|in)\b)(?=\s+[a-z]))\b")
#: A name described, not acting ("Kyoto was amazing, she loved it"): not who a pronoun after it is.
_DESCRIBED = r"\s+(?:is|was|are|were|looks|looked|seems|seemed|sounds|sounded|feels|felt)\b"


def _one_name(before: str) -> str | None:
    """The one person's name in the clauses before a pronoun (``english_names``), when it acts there."""
    names = {before[at:at + len(name)] for name, at in english_names(before)}
    if len(names) != 1:
        return None
    name = names.pop()
    return None if " " in name or re.search(rf"\b{re.escape(name)}{_DESCRIBED}", before) else name


#: "This"/"that" before a thing: not before a verb, an adverb or a word of time ("this week" stays a time).
_DEMONSTRATIVE = re.compile(
    r"^(?:this|that|these|those)\s+(?=[a-z])(?!(?:is|was|are|were|isn't|wasn't|must|sounds?|looks?|seems?|makes?|made"
    r"|means?|meant|can|could|would|will|might|should|has|had|have|gives?|gave|really|definitely|just|so|totally|all"
    r"|one|ones|being|way|kind|sort|time|times|week|weekend|month|year|morning|afternoon|evening|night|summer|winter"
    r"|spring|fall|autumn|season|semester|term|moment|moments|day|days|feeling|stuff|thing|things|reminds?|brings?"
    r"|helps?|took|takes?|got|gets?|also|too|very|much|many|same|other)\b)", re.IGNORECASE)
_SPEAKER = re.compile(r"(?i)\b(?:me|my|mine|us|our|ours)\b")
#: Not a thing one has or shows: "those joyful moments", "this love and support".
_ABSTRACT = re.compile(r"(?i)^(?:\S+\s+){0,2}?(?:moments?|memories|milestones?|love|support"
                       r"|encouragement|enthusiasm|feelings?|vibes?|words|times|things|stuff|kindness|energy)\b")


def owned(pieces: list[str]) -> list[str]:
    """``pieces`` (one sentence's clauses), a demonstrative before a thing of the speaker's read as "the" (the
    module's docstring)."""
    out = []
    for piece in pieces:
        text = piece.strip()
        lead = _DEMONSTRATIVE.match(text)
        thing = lead is not None and not _ABSTRACT.match(text[lead.end():])
        out.append("The " + text[lead.end():] if lead and thing and _SPEAKER.search(text) else piece)
    return out
