""""He" or "she" opening a clause, named by the one person a clause before it in the same sentence names by a role
(English, offline extractor): "my blood pressure was high at the doctor yesterday, she wants me to cut salt" keeps
"The doctor wants the user to cut salt", not a clause dropped as vague for its pronoun. Only one role word that
fits the pronoun ("she": a woman's kinship word or a role any person has; "he": a man's or such a role), said with
"my", "the" or "our"; two such people, or a name in the sentence, leave the clause as it was.
"""

from __future__ import annotations

import re

__all__ = ["pronouns_named"]

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
