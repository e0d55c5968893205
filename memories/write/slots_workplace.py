"""A workplace typed in lower case (``memories.write.slots_en``): "started at the crux, it's a bouldering gym",
"just started at acme labs", "new job at bluebird cafe". A capitalised name after "started at" is a workplace
(slots_en.py's rules); in lower case "started at the gym" is as likely an activity, so the words must show a
name: a name explained by what it is (an apposition naming a kind of workplace), a name made of a word and a
business's head noun with no article ("acme labs", not "the gym"), or the job itself said ("new job at …")."""

from __future__ import annotations

from memories.write.slots_changes import WORKPLACES_EN

__all__ = ["workplace_rules"]

# A business's name ends in one of these ("acme labs", "bluebird cafe", "northside motors"); not a place one
# studies or trains at ("art school", "city gym": as likely a student or a member).
_NAME_HEADS = (rf"(?:(?!(?:school|university|college|gym|library|museum|nursery)\b){WORKPLACES_EN}s?|labs|inc|co|"
               r"corp|ltd|llc|group|partners|media|systems|technologies|tech|solutions|software|games|foods|motors|"
               r"logistics|consulting|ventures|capital|industries|works|cycles|kitchen|diner|grill|studios)")
# What a lower-case word of a name is: not an article, a possessive or a word that says no name ("new", "local").
_WORD = (r"(?!(?:the|a|an|my|our|his|her|their|your|this|that|new|old|local|same|other|nearby|usual|big|small|"
         r"little|main|first|last|next)\b)[a-z][\w&'\-]*")
# "…, it's a bouldering gym downtown", "… (a small design studio)", "…, which is a startup": what the name is.
_IS_A = (rf"\s*(?:,|\(|-+|–|—)\s*(?:it['’]?s|it is|which is|that is|they['’]?re)?\s*(?:an?|the)\s+"
         rf"(?:[a-z\-]+\s+){{0,3}}{WORKPLACES_EN}s?\b")
_STARTED = r"(?:started|starting|starts?|began|begun|beginning)\s+(?:work\s+|working\s+)?at\s+"


def workplace_rules(subject: str, adverbs: str, value: str, tail: str) -> list[tuple[str, str]]:
    """slots_en.py's employer rules for a lower-case workplace: ``subject``, ``adverbs``, ``value`` (a value in
    either case, group ``value``) and ``tail`` (what may follow a value) are its patterns."""
    s = subject
    return [
        # Named, then said what it is: the words before the apposition are the name (not "the gym, a big one")
        ("employer", rf"^{s}{adverbs}\s+{_STARTED}(?:the\s+)?(?P<value>(?!(?:[\w\-]+\s+){{0,3}}"
                     rf"{WORKPLACES_EN}s?\b){_WORD}(?:\s+{_WORD}){{0,2}})(?={_IS_A})"),
        # A word and a business's head noun, no article: "just started at acme labs"
        ("employer", rf"^{s}{adverbs}\s+{_STARTED}(?P<value>{_WORD}(?:\s+{_WORD}){{0,2}}\s+{_NAME_HEADS})"
                     rf"{tail}"),
        # The job said: "has a new job at bluebird cafe", "new job at …" (a statement with no subject is its
        # speaker's: slots_en.py reads it again after "i")
        ("employer", rf"^{s}{adverbs}\s+(?:(?:has|have|had|got|found|landed)\s+)?(?:a\s+)?new\s+(?:full-time\s+|"
                     rf"part-time\s+)?(?:job|position|role|gig)\s+(?:at|with)\s+{value}{tail}"),
    ]
