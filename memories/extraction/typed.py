"""Text as people type it to an assistant, for the offline extractor: openers and tails that are no part of a
statement ("btw", "fyi", "lol", "ugh"), short forms written out ("tmrw", "dont"), and addresses whose letters a
rewrite must not touch ("sam.k@proton.me" is no "me")."""

from __future__ import annotations

import re

__all__ = ["ADDRESS", "PERSON_LOWER", "TYPED_OPENER", "TYPED_TAIL", "WE_VERB", "typed_words"]

#: What people type before a statement with no comma after it ("btw my daughter …", "fyi im lactose intolerant",
#: "lol so i …", "btw我对青霉素过敏"), and after it ("… at 8am ugh", "… dinosaurs lol"): no part of it.
TYPED_OPENER = re.compile(r"(?i)^(?:(?:btw|fyi|lol|lmao|haha+|ok(?:ay)?\s+so|so|anyway[s]?|ps|p\.s\.|heads\s+up"
                           r"|quick\s+update|update|tbh|ngl|oh\s+and|also)(?=\s|[\u4e00-\u9fff])\s*)+")
TYPED_TAIL = re.compile(r"(?i)(?:\s+(?:lol|lmao|haha+|ugh|jk|xd|tbh|smh|lmfao|rofl))+\s*([!.?]*)$")

#: Words as people type them to an assistant, in full ("tmrw", "dont", "cant", "pls"): what the rules read.
_TYPED_WORDS = {"tmrw": "tomorrow", "tmr": "tomorrow", "tmrrw": "tomorrow", "2moro": "tomorrow", "dont": "don't",
                "cant": "can't", "wont": "won't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't",
                "wasnt": "wasn't", "havent": "haven't", "pls": "please", "plz": "please", "thx": "thanks",
                "bday": "birthday", "yr": "year", "yrs": "years", "wk": "week", "wks": "weeks"}
_TYPED_WORD = re.compile(r"(?i)\b(?:" + "|".join(_TYPED_WORDS) + r")\b")


def typed_words(text: str) -> str:
    """``text`` with the short forms people type written out ("dentist tmrw, dont let me forget")."""
    return _TYPED_WORD.sub(lambda m: _TYPED_WORDS[m.group().casefold()], text)


#: An e-mail or web address, kept as written when a clause is put in the third person.
ADDRESS = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+|\b(?:https?://|www\.)\S+|\b[\w\-]+(?:\.[\w\-]+)*\.(?:com|org|net"
                      r"|io|me|co|dev|app|ai|us|uk)\b(?:/\S*)?")

#: "my girlfriend sarah and i have been together 3 years": a person and the speaker, one subject of a verb
#: said of both (typed in lower case, the name is no capital).
PERSON_LOWER = re.compile(r"^(?i:my|our)\s+\w+(?:\s+\w+)?,?\s+[a-z]+,?$|^[A-Za-z][a-z]+$")
WE_VERB = re.compile(r"(?i)\s*(?:i|me)\s+(?:(?:have|'ve|are|'re|were|both|just|finally|recently|officially)\s+)*"
                         r"(?:been|together|dating|married|engaged|divorced|broke up|split|met|moved in|got married|"
                         r"got engaged|are|were|have)\b")
