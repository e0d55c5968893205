""""He" or "she" opening a clause, named by the one person a clause before it in the same sentence names by a role
(English, offline extractor): "my blood pressure was high at the doctor yesterday, she wants me to cut salt" keeps
"The doctor wants the user to cut salt", not a clause dropped as vague for its pronoun. Only one role word that
fits the pronoun ("she": a woman's kinship word or a role any person has; "he": a man's or such a role), said with
"my", "the" or "our"; two such people, or a name in the sentence, leave the clause as it was.

"This", "that", "these" or "those" before a thing, in a clause that ties the thing to the speaker (me, my, us, our),
points at something the speaker has or shows, not at the other's words: "This mug reminds me of my first flat",
"That scarf was knitted by my aunt", "These trainers are my favourites" are read as statements about "the mug" (
``owned``), not dropped as a reaction ("That sounds great", "This is so cool for me" stay as they are).
"""

from __future__ import annotations

import re

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
        if len(roles) != 1 or _NAME.search(before):
            named.append(piece)
            continue
        role = next(iter(roles.values()))
        who = f"{role.group('det').casefold()} {role.group('role')}"
        rest = piece.strip()[said.end():]
        if rest.startswith("'s"):  # "she's at a startup": "my wife is at …" ("she's been": "has been")
            rest = (" has" if re.match(r"'s\s+(?:been|got)\b", rest) else " is") + rest[2:]
        named.append(who + rest)
    return named


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
