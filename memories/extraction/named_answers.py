"""A named speaker's answer to the other speaker's question, for the offline extractor (``answers.answer_to``).

Between two named people the reply to "What did you make?" or "What do they eat?" often names no subject of its
own, or only a pronoun the question gave ("They eat vegetables, fruits and insects", "It's a mix of drama and
romance", "We made pizza!"), and it opens with thanks or a reaction and may end with a question back. Such a turn
gives no statement alone; kept with the question it answers it says what was asked and what was said:
"Nate's answer to Joanna's question "What do they eat?": They eat a combination of vegetables, fruits, and
insects."

Only when the other speaker's turn just before ends with a question that asks for something particular (what,
which, where, when, who, how many/often/long/much/old/far, how did/do/does/was/were) or for advice ("… - any
advice on that?", "Got any tips for marketing?", "What should I …?"), not a greeting ("How's it going?", "What's
up?", "How about you?", "What else?"); the answer is the turn's sentences after its opening courtesies (for advice,
only a short one: "Sure!") and before its first question, and must hold something: a name, a number, a time or two
content words (``information.specific`` / ``clauses.content_words``; advice ``ADVICE_CONTENT_WORDS``, or a name or a
number: not a pep talk), at most ``MAX_WORDS`` words. English only;
Chinese has ``answers.answer_to``'s own rule.
"""

from __future__ import annotations

import re

from memories.extraction.clauses import content_words, junk_reason, split_sentences, third_person_en
from memories.extraction.information import specific

__all__ = ["asked_en", "named_answer"]

#: The most words an answer keeps (its first sentences, whole).
MAX_WORDS = 45
#: The most words of a courtesy that opens advice asked for ("Sure!", "Oh, great question!").
ADVICE_COURTESY_WORDS = 4
#: Content words advice asked for needs, unless it names something or holds a number: a pep talk has fewer.
ADVICE_CONTENT_WORDS = 6
_NAMED_OR_NUMBER = re.compile(r"\d|(?<=[\w,;:)] )[A-Z][a-z]+")
#: A question that asks for something particular.
_ASKS = re.compile(r"(?i)^(?:(?:so|and|oh|wow|hey)[,!]?\s+)?(?:what|which|where|when|who|whose"
                   r"|how\s+(?:many|often|long|much|old|far|did|do|does|was|were|come)"
                   # a yes-no question about the listener or what they spoke of: "Did you make it?", "Do they offer …?"
                   r"|(?:do|did|does|are|were|is|was|have|has|had|can|could|will|would)(?:n't)?\s+(?:you|they|it|he|she"
                   r"|your|these|those|that|this)(?!\s+(?:think|guys|wanna|want\s+to\s+(?:hang|chat|talk)))"
                   r")\b")
#: A request for advice or a recommendation anywhere in the question ("I'm trying to pick the right ones - any advice
#: on that?", "Got any tips for marketing?", "Any pointers on what I should get …?"): the reply is the advice asked for.
_ASKS_ADVICE = re.compile(r"(?i)\b(?:any|some)\s+(?:advice|tips?|pointers|suggestions?|recommendations?|ideas)\b"
                          r"|\bwhat\s+(?:should|would)\s+(?:I|we)\b")
#: A question that only keeps the talk going: "How's it going?", "What's up?", "What about you?", "What do you think?".
_SMALL_TALK = re.compile(r"(?i)\b(?:what's\s+(?:up|new|been\s+up)|what\s+about\s+you|how\s+about\s+you"
                         r"|how\s+(?:was|were|is|are|did)\s+(?:your|you|it|things|everything)\s*(?:going|doing|been"
                         r"|today|day|week|weekend)?\s*\?$|what\s+do\s+you\s+think|what\s+have\s+you\s+been"
                         r"|what\s+else(?:\s+(?:is\s+new|is\s+up|is\s+going\s+on|have\s+you\s+been\s+up\s+to))?\s*\?$"
                         r"|anything\s+(?:new|else|interesting))\b")
_COURTEOUS = frozenset(("thanks", "greeting", "acknowledgement", "reaction"))


def _question(text: str) -> str:
    """The other speaker's last question, when it asks for something particular; else ''."""
    asked = [s.strip() for s in split_sentences(text) if s.strip().endswith("?")]
    if not asked or _SMALL_TALK.search(asked[-1]):
        return ""
    if not _ASKS.match(asked[-1]) and not _ASKS_ADVICE.search(asked[-1]):
        return ""
    return asked[-1]


def _answer(text: str, names: tuple[str, ...], advice: bool = False) -> str:
    """The turn's sentences after its opening courtesies and before its first question, at most ``MAX_WORDS``;
    ``advice``: advice was asked for, so a sentence to the listener ("For one, you should get a couch …") is the
    answer, and only a short courtesy ("Sure!", "Great question!") opens it."""
    sentences = [s.strip() for s in split_sentences(text.strip()) if s.strip()]
    while sentences and junk_reason(sentences[0], False) in _COURTEOUS \
            and (not advice or len(sentences[0].split()) <= ADVICE_COURTESY_WORDS):
        sentences = sentences[1:]
    kept: list[str] = []
    for sentence in sentences:
        if sentence.endswith("?") or len(" ".join([*kept, sentence]).split()) > MAX_WORDS:
            break
        kept.append(sentence)
    if not kept:
        return ""
    start = text.find(kept[0])  # the words as said, with their dashes, from the first kept sentence to the last
    end = text.find(kept[-1], max(start, 0)) + len(kept[-1])
    answer = text[start:end].strip() if 0 <= start < end else " ".join(kept)
    for name in names:  # "Thanks, Nate! …": the vocative left out
        answer = re.sub(rf"(?:^|,\s*){re.escape(name)}\s*[,!]\s*", "", answer).strip()
    return answer


def named_answer(answer: str, question_turn: str, who: str, asker: str) -> str | None:
    """The answer of ``who`` to ``asker``'s particular question, with it (module docstring); None when the turn
    before asks nothing particular or the answer holds nothing."""
    question = _question(question_turn)
    advice = bool(_ASKS_ADVICE.search(question))
    said = _answer(answer, (who, asker), advice) if question else ""
    if not said or not (specific(said, (who, asker)) or len(content_words(said, (who, asker))) >= 2):
        return None
    if advice and len(content_words(said, (who, asker))) < ADVICE_CONTENT_WORDS \
            and not _NAMED_OR_NUMBER.search(said):
        return None  # a pep talk ("Just believe in yourself and never give up!", "Trust the process")
    reply = third_person_en(said, who, asker).rstrip(" .!")
    return f"{who}'s answer to {asker}'s question \"{asked_en(question, asker, who)}\": {reply[:1].upper()}{reply[1:]}."


def asked_en(question: str, asker: str, who: str) -> str:
    """An English question in the third person, its "I" the asker and its "you" who answers ("Do you …?" → "Does
    Sam …?"), capitalised."""
    asked = third_person_en(question, asker, who)
    asked = re.sub(rf"(?i)\b(do|are|were|have)( {re.escape(who)})\b",
                   lambda m: {"do": "does", "are": "is", "were": "was", "have": "has"}[m.group(1).casefold()]
                   + m.group(2), asked)
    return asked[:1].upper() + asked[1:]
