"""A list a person writes about themselves, for the offline extractor: each item said back as a sentence of theirs.

Agents forward what users paste: "Things about me: - 29 - nurse - 2 cats", or a heading and bullet lines ("Some
background:\\n* retired since 2019\\n* live in Tucson"). Bare items say nothing alone ("nurse", "2 cats"): under a
heading that names the writer (``_ABOUT``: "about me", "my background", "some facts", "quick info", "a bit about
myself", "quick update", "life update", "me, in a nutshell", an agent's "user profile" or "resident profile"; typed
as a markdown heading or in bold or not) each is what the writer is, has or does, read by its first word's shape:

- a subject of its own ("I …", "my …", "we …"), a key and its value ("Name: Dolores"), a note in the third person
  ("Lives at Maple Grove", "Has two sons") or another's ("Her daughter visits"): as written;
- a bare number an age could be: "I'm 29.";
- a count ("2 cats", "two grown kids"): "I have 2 cats.";
- a verb a person does in the first person ("live in Tucson", "drive a Silverado") or a deed in the past, after
  an adverb or not ("finally adopted a cat"; not a state in -ed, "based in Ohio"): "I live in Tucson.";
- anything else, a state or a what ("retired since 2019", "widowed", "nurse", "left-handed"): "I'm …", with "a"
  before one bare singular noun ("I'm a nurse.").

Items are the lines of a bulleted list (``-``, ``*``, ``•``, ``1.``) or, on one line, the parts between " - "
bullets or, when each is short (five words at most), between commas ("quick facts: left-handed, drive a Jeep").
English only; a list under any other heading ("Groceries: - milk - eggs") is left as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memories.extraction.candidates import Turn

__all__ = ["about_lists"]

_ABOUT = re.compile(r"(?i)^\s*(?P<head>[^:\n]{0,60}?\b(?:about\s+me|about\s+myself|my\s+background|background|"
                    r"my\s+(?:details|info|profile|bio|stats)|(?:user|resident|patient|client|member)\s+profile|(?:some|quick|fun|random|key|basic)\s+"
                    r"(?:facts|info|details|things|stuff)|facts\s+about\s+me|things\s+about\s+me|"
                    r"context\s+(?:about|on)\s+me|me,?\s+in\s+(?:a\s+)?(?:nutshell|brief)|"
                    r"(?:quick|life|personal|little|small|big|some|few)\s+(?:update|news)s?|updates?\s+on\s+me)\b[^:\n]{0,60}?)(?::\s*|\s*(?=[-*•–]\s))")
_BULLET = re.compile(r"^\s*(?:[-*•·▪‣–]|\d{1,2}[.)])\s+")
_INLINE = re.compile(r"(?:^|\s)[-*•–]\s+")
_COMMAS = re.compile(r"\s*[,;]\s*(?:and\s+)?")
_COUNT = re.compile(r"(?i)^(?:\d{1,3}|a\s+couple\s+of|one|two|three|four|five|six|seven|eight|nine|ten|a|an)\s+"
                    r"(?:[a-z'\-]+\s+){0,2}[a-z'\-]+s\b")
_OWN = re.compile(r"(?i)^(?:i|i'm|im|i've|my|we|we're|our|me)\b")
#: Verbs of a person's life in the first person (what "I …" is followed by in a profile).
_VERB_WORDS = """live work drive own have love like hate enjoy play speak study teach run go take use ride
rent keep cook sing write read volunteer attend commute travel swim hike bike cycle walk garden knit paint draw dance
practice practise prefer eat drink smoke vape need care look raise coach manage lead serve sell build fix make
collect watch listen follow support belong come grew moved got
took bought began found left quit sold won lost met made went became"""
_VERBS = frozenset(_VERB_WORDS.split())
_BARE_WORDS = ("retired widowed married single divorced engaged separated pregnant vegan vegetarian unemployed "
               "self-employed freelance bilingual sober diabetic")
_ARTICLE_FREE = frozenset(_BARE_WORDS.split())
#: Words in -ed that say a state, not a deed ("based in Ohio", "obsessed with pottery").
_STATE_ED_WORDS = """based interested obsessed married engaged divorced separated located involved qualified
certified licensed trained addicted related employed retired scared excited tired bored exhausted stressed worried
pleased vaccinated named"""
_STATE_ED = frozenset(_STATE_ED_WORDS.split())
#: A key and its value ("Name: Dolores"), a note in the third person ("Lives at …", "Has two sons") or another
#: person's ("Her daughter visits on Sundays"): said as written, read as any note is.
_AS_WRITTEN = re.compile(r"(?i)^(?:[a-z][a-z ]{1,23}:\s+\S|(?:has|does|is|her|his|their)\b)")
_ADVERB = re.compile(r"(?i)^(?:finally|just|recently|officially|also|now|still|already)\s+")


def about_lists(turns: Sequence[Turn]) -> list[Turn]:
    """``turns`` with each user's list about themselves said as sentences (the module's docstring)."""
    return [replace(t, content=said) if t.role == "user" and (said := _said(t.content)) else t for t in turns]


def _said(text: str) -> str:
    text = re.sub(r"^\s*#{1,6}\s+", "", text)  # a markdown heading ("## Resident profile"), bold ("**About me**")
    text = re.sub(r"^(\s*)\*\*([^*\n]+)\*\*", r"\1\2", text)
    head = _ABOUT.match(text)
    if head is None:
        return ""
    body = text[head.end():]
    lines = [line for line in body.splitlines() if line.strip()]
    if len(lines) >= 2 and all(_BULLET.match(line) for line in lines):
        items = [_BULLET.sub("", line) for line in lines]
    elif len(lines) == 1 and len(_INLINE.findall(" " + body)) >= 2:
        items = _INLINE.split(" " + body.strip())
    elif len(lines) == 1 and body.count(",") >= 2 and all(len(i.split()) <= 5 for i in _COMMAS.split(body)):
        items = _COMMAS.split(body.strip())
    else:
        return ""
    sentences = [_sentence(item) for item in items if item.strip(" .,;")]
    return " ".join(s for s in sentences if s) if sentences else ""


def _sentence(item: str) -> str:
    item = item.strip(" .,;")
    first = item.split()[0].casefold()
    if _OWN.match(item) or _AS_WRITTEN.match(item) or (first.endswith("s") and _VERBS & {first[:-1], first[:-2]}):
        said = item
    elif re.fullmatch(r"\d{1,3}", item) and 10 <= int(item) <= 110:
        said = f"I'm {item}"
    elif _COUNT.match(item):
        said = f"I have {item}"
    elif first in _VERBS or _a_deed(_ADVERB.sub("", item)):
        said = f"I {item}"
    elif len(item.split()) == 1 and first not in _ARTICLE_FREE and not re.search(r"(?:ed|ing|s|ful|less|ic|ous|ive|"
                                                                                   r"ant|ent|al|ish)$", first):
        said = f"I'm {'an' if first[0] in 'aeiou' else 'a'} {item}"
    else:
        said = f"I'm {item}"
    return said[0].upper() + said[1:] + "."


def _a_deed(item: str) -> bool:
    """A past deed with its object ("adopted a cat", "joined a gym"), not a state ("based in Ohio")."""
    words = item.casefold().split()
    if not words or words[0] in _VERBS:
        return bool(words)
    if len(words) < 2 or not words[0].endswith("ed") or words[0] in _ARTICLE_FREE:
        return False
    return words[0] not in _STATE_ED
