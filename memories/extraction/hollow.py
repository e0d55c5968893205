"""Lines made only of reactions, for the offline extractor's filler screen (``information.filler``):
docs/extraction.md's junk rule, "a compliment, encouragement or pep talk", "a pledge or mood with nothing named",
"thanks", "a general claim about no one" and "a garbled fragment". English only; what the patterns read is the
finished memory, its speakers' names given.

- **Hollow**: every word left, once stopwords, names and the evaluations, feelings and pledges that
  ``clauses.content_words`` already sets aside are gone, is one of ``HOLLOW_WORDS`` (a line with no word left,
  "The user is seeing someone", is the other screens' to judge): words of effort, progress,
  impact, eagerness and praise, and the verbs that only relate one speaker to the other ("told", "wishes",
  "means"). "Ana told Ben that Ben is so talented", "Ben is staying determined and focused", "Ana and others had a
  ton of fun", "Ben won't let Ana down" say nothing a reader can find later; "Ana told Ben that Ben's bakery
  opened" (a bakery), "Ben hasn't done pottery yet" (pottery), "The user has the day off" are kept. The caller
  keeps a hollow line that still names something particular (``information.specific``: a name, a number, a time).
- **Thanks for a courtesy**: "Ana thanked Ben for the tip", "… for Ben's kind words", "… for the invite": the
  thing thanked for is itself a courtesy between the two, and the line ends there. Thanks for something named
  stay ("Ana thanked Ben for the lasagna recipe").
- **Generic**: a remark about people in general that the speaker's "we" or "us" turned into "Ana and others"
  ("Challenges force Ana and others to grow", "Taking care of Ben and others is vital", "Books can take Ana and
  others on incredible journeys"): no speaker is its subject, no speaker is named but as "and others", and nothing
  happened (no past tense); the caller keeps one that names something particular.
- **Leaving**: a leave-taking or a retraction put as a statement ("The user is off to bed.", "Ana is heading out
  now", "The user never minds …"), or a guess that was not so ("Huh, the user would have guessed Sydney"):
  nothing a reader needs later.
- **Headless**: a line whose subject was lost when the sentence was cut ("Was wild the week of 26 June 2023.",
  "'s opening will be so much fun", "Reminds Ana being kind matters!"): it does not read as a statement.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memories.extraction.clauses import _wordset, content_words, split_sentences

#: Words that carry no fact of their own in a line between two speakers (module docstring), beyond those
#: ``clauses.content_words`` already leaves out.
HOLLOW_WORDS = _wordset("""
ton tons blast wild days week weeks few decided yet easy determined focused pumped stoked ready shake impact
talented dedicated dedication commitment progress far come came journey positive making make made real difference
inspiring awesome incredible thrill thrilled excited excitement fun heart hearts worth never let nothing anyone
anything hold back forget put much more ever than serenity imagine tough must potential both got get getting kill
gonna killing talent skills skill guts attitude adaptable told wishes wish means meant reminds makes wants down
into part last spoke while out similar coming having paying each other quite offering showing need looking find
effort joy busy knows takes shows gets letting care cares happier hopeful optimistic relief possible ahead matter
matters only else somewhere though usual whatever
""")

_NAME = r"[A-Z][\w'’-]*"
_THANKS = re.compile(rf"^{_NAME} thanked {_NAME} for (?:the |all the |{_NAME}'s )?(?:(?:great|awesome|kind|nice|sweet)"
                     r"\s+)?(?:recommendations?|tips?|invite|invitation|words|kind words|compliments?|pic|photo|picture"
                     r"|support|advice|help|encouragement|offer|suggestions?|reminder|info|heads-up)\W*$")
# A leave-taking or a retraction put as a statement: "The user is off to bed.", "Ana is heading out now", "The user is
# logging off for the night", "The user never minds the user sent." ("never mind" taken for a verb)
_LEAVING = re.compile(rf"^(?:The user|{_NAME}) (?:is |was |'s )?(?:(?:off|going|heading|headed|getting)(?: off)? to "
                      r"(?:bed|sleep|the land of nod)|(?:heading|head|logging|signing|clocking|popping) (?:off|out)|"
                      r"going offline|calling it a (?:night|day))(?: now| for (?:the night|today|now|a bit))?\W*$"
                      rf"|^(?:The user|{_NAME}) never minds?(?:,? (?:the user|{_NAME}|it|that|this|forget|ignore|"
                      r"disregard)\b|\W*$)"
                      # a guess that was not so, said back to an answer ("Huh, the user would have guessed Sydney")
                      rf"|^(?:\w+,? )?(?:[Tt]he user|{_NAME}) (?:would|'d) have (?:guessed|thought|said|bet|assumed|"
                      r"figured|expected)\b")
_HEADLESS = re.compile(r"^(?:'s\b|[a-z]|(?:Was|Were|Reminds|Makes|Looks|Sounds|Seems|Feels)\b)")


#: Something that happened: a past tense, regular or not ("A car ran a red light and hit Ana and others").
_PAST = re.compile(r"(?i)\b(?:had|was|were|went|got|did|came|made|took|found|ran|hit|saw|met|left|lost|won|broke|fell"
                   r"|began|bought|brought|built|caught|drove|felt|flew|gave|grew|heard|held|kept|knew|led|paid|put|rode"
                   r"|sang|sat|sent|shot|sold|spent|stood|swam|taught|thought|threw|told|wore|wrote|[a-z]{3,}ed)\b")


def generic(content: str, names: Sequence[str] = ()) -> str | None:
    """A remark about people in general (module docstring): None when it is not, else the memory without its
    "Ana and others", which must name something particular for the memory to be kept."""
    if _PAST.search(content):
        return None
    named = [n for n in names if n]
    if any(sentence.startswith(n) for sentence in split_sentences(content) for n in named):
        return None
    rest = content
    for name in named:
        rest = re.sub(rf"\b{re.escape(name)} and others\b", "", rest)
    if rest == content or any(re.search(rf"\b{re.escape(name)}\b", rest) for name in named):
        return None
    return rest


def hollow(content: str, names: Sequence[str] = ()) -> bool:
    """Whether every sentence of an English memory is made of words that carry no fact (module docstring); the
    caller still keeps one that names something particular."""
    words = [content_words(sentence, names) for sentence in split_sentences(content)]
    return all(said and all(w in HOLLOW_WORDS for w in said) for said in words)  # no words: not this screen's


def courtesy_thanks(content: str) -> bool:
    """Whether an English memory only thanks the other speaker for a courtesy ("Ana thanked Ben for the tip")."""
    return bool(_THANKS.match(content))


def headless(content: str) -> bool:
    """Whether an English memory lost its subject when its sentence was cut ("Was wild the week of 26 June
    2023.")."""
    return bool(_HEADLESS.match(content))


def reaction(content: str, names: Sequence[str], particular: Callable[[str, Sequence[str]], bool]) -> bool:
    """Whether an English memory is one of this module's reactions: thanks for a courtesy, a headless line, or a
    hollow or generic line that names nothing ``particular`` (``information.specific``)."""
    if courtesy_thanks(content) or headless(content) or _LEAVING.match(content):
        return True
    if hollow(content, names) and not particular(content, names):
        return True
    general = generic(content, names)
    return general is not None and not particular(general, names)
