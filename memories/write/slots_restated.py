"""What everyday English says of a value in other words than the slot readers' own (read by ``slots_routine``):

- a role said after the person ("Dr. Amari at the same practice is my doctor now", ``<role>``; the name without
  its title);
- a measure whose sentence opens with how it came about ("With the new meds my blood pressure is down to 128"),
  read as ``slots_measures`` reads it without the opening, and one said by where it got to ("my credit score
  finally hit 742");
- a race time ("my 5K PR is 24:10", "broke my 5K record with a 22:37", "ran a 21:48 5K, a new PR"):
  ``measure:<distance>``, the time as said;
- a rent raised by the landlord ("the landlord raised us to $1,950"): ``rent``;
- where the speaker is now, said as a present place ("I'm in Denver now", "we're in Porto, not Lisbon", "we're at
  Fort Carson now"): ``city`` when the place is a city by name or a military base, with the employer when the
  sentence goes on "working for REI"; a trip ("this week", "for a conference") is no home;
- the speaker moved again, the new place said after ("PCS'd again, Fort Drum this time"): ``city``;
- living with one's parents or moving out of their place: ``lives-with:parents``;
- the pets taken to a clinic now ("we take the dogs to Dr. Chen at Banfield now"): ``provider:vet``;
- a home connection got from a provider ("got fiber from AT&T installed"): ``provider:internet``;
- an event moved again, its new date said after ("the recital's pushed again, it's May 2 now"): the event's
  ``date``.

Only the speaker's own: a relative's or a named person's sentence opens otherwise and is not read here.
"""

from __future__ import annotations

import re

from memories.write.places import place_en
from memories.write.slot_values import DATE_EN, EVENTS_EN, GENERIC_EVENTS, Slot, date_value
from memories.write.slots_measures import en_measures

__all__ = ["en_restated"]

_ROLES = r"dentist|doctor|gp|therapist|landlord|landlady|tutor|trainer|coach|accountant|vet|boss|manager|physician"
_TITLE = r"(?i:dr|mr|mrs|ms|prof|doctor)\.?\s+"
_NAME = r"[A-Z][\w'’\-]+"
_ROLE_AFTER = re.compile(rf"(?:^|[,;]\s*(?:so|and|but|now)?\s*|\bso\s+)(?:{_TITLE})?(?P<value>{_NAME})"
                         rf"(?:\s+(?:at|from|of|in)\s+[^,.;!?]{{1,40}}?|,\s+(?:who|whom)\s+[^,.;!?]{{1,50}},)?\s+"
                         rf"(?:is|'s)\s+(?:now\s+)?"
                         rf"(?i:my|the user's|our)\s+(?:new\s+)?(?P<role>(?i:{_ROLES}))(?:\s+now)?\s*[.!]*$")
# An opening that says how something came about, not whose it is: "with the new meds", "after the surgery".
_FRONTED = re.compile(r"(?i)^(?:with|after|since|thanks to|on|following|because of)\s+[^,]{1,40}?,?\s+"
                      r"(?=(?:my|the user's)\s)")
# A measure said by where it got to ("my credit score finally hit 742"): read as "my credit score is 742".
# The number alone or with a unit of measure, not a count of things ("my team hit 100 customers").
_REACHED = re.compile(r"(?i)^((?:my|the user's)\s+(?:[a-z][a-z0-9\-]*\s+){0,2}?[a-z][a-z0-9\-]*)\s+"
                      r"(?:finally\s+|just\s+|now\s+)?(?:hit|reached|climbed to|jumped to|rose to|fell to|dropped to|"
                      r"is sitting at|sits at|is at)\s+(?=[$£€]?\s?\d[\d,.]*\s*(?:$|[.!,;]|(?:pounds|lbs?|kg|points|"
                      r"bpm|k)\b))")
_DISTANCE = r"(?P<dist>\d{1,2}\s?k|\d{1,2}\s?km|half[- ]marathon|marathon|mile|\d{3,4}\s?m)"
_TIME = r"(?P<time>\d{1,2}:\d{2}(?::\d{2})?)"
_RECORD = r"(?:pr|pb|personal (?:best|record)|record|best(?: time)?|time)"
_RACE = (re.compile(rf"(?i)^(?:my|the user's)\s+{_DISTANCE}\s+{_RECORD}\s+(?:is|'s)\s+(?:now\s+)?(?:a\s+)?{_TIME}"),
         re.compile(rf"(?i)^(?:i|the user)\s+(?:just\s+|finally\s+)?(?:broke|beat|smashed|set)\s+(?:my|the user's|a)\s+"
                    rf"(?:new\s+)?{_DISTANCE}\s+{_RECORD}\b[^.;!?]{{0,40}}?\b(?:with|in|at)\s+(?:a\s+)?{_TIME}"),
         re.compile(rf"(?i)^(?:i|the user)\s+(?:just\s+)?ran\s+(?:a\s+)?{_TIME}\s+{_DISTANCE}\b[^.;!?]{{0,40}}?"
                    rf"\b(?:new|personal)\s+(?:pr|pb|record|best)\b"))
_RENT_RAISED = re.compile(r"(?i)^(?:my|our|the user's|the)\s+(?:new\s+)?(?:landlord|landlady|letting agent|property "
                          r"manager)\s+(?:just\s+)?(?:raised|put|bumped|increased|upped|lowered|dropped)\s+(?:us|me|"
                          r"the user(?: and others)?|the rent|our rent|my rent)\s+(?:up\s+|down\s+)?to\s+[$£€]?\s?"
                          r"(?P<value>\d[\d,]*)")
_BASE = r"(?:Fort|Camp|Joint Base|Naval Station|Naval Base|Air Force Base|RAF|Marine Corps Base)\s+[A-Z][\w\-]+"
_HERE = re.compile(rf"(?:^(?:[^:]{{0,30}}:\s*)?|,\s*(?:and\s+|so\s+)?)(?i:i|we|the user(?: and others)?)"
                   rf"(?:\s+(?i:am|is|are)|['’](?i:m|re))\s+(?:now\s+|currently\s+)?(?:(?i:in|at|based in|based at)\s+)"
                   rf"(?P<place>{_BASE}|[A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)?)(?:,\s+[A-Z][\w\-]+)?"
                   rf"(?P<how>\s+now\b|,\s+not\s+(?:in\s+)?[A-Z][\w\-]+\s*[.!]*$)")
# Stationed at a base: where a service family lives ("we're stationed at Camp Lejeune").
_STATIONED = re.compile(rf"^(?i:i|we|the user(?: and others)?)(?:\s+(?i:am|is|are)|['’](?i:m|re))\s+(?:now\s+)?"
                        rf"(?i:stationed|posted)\s+(?i:at|in)\s+(?P<place>{_BASE})\s*(?:[.!]|$)")
# A move said by its verb and the new place after, "this time" ("PCS'd again, Fort Drum this time").
_MOVED_TO = re.compile(rf"(?i)^(?:(?:i|we|the user(?: and others)?)\s+)?(?:moved|pcs'?d|pcsed|relocated|transferred)"
                       rf"(?:\s+again)?\s*[,:;]?\s+(?:to\s+)?(?P<place>(?-i:{_BASE}|[A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)?))"
                       rf"\s+this\s+time\b")
# Living with one's parents, or moving out of their place ("moving out of my parents' place Saturday").
_PARENTS = re.compile(r"(?i)^(?:i|we|the user(?: and others)?)\s+(?:still\s+|now\s+)?(?:live|lives|am living|"
                      r"is living|are living)\s+(?:with|at)\s+(?:my|the user's|our)\s+(?:parents|folks|mom and dad|"
                      r"mum and dad)\b|\b(?P<out>moved|moving)\s+out\s+of\s+(?:my|the user's|our)\s+(?:parents|folks)"
                      r"(?:'|'s)?(?:\s+(?:place|house|home))?\b")
_TRIP = re.compile(r"(?i)\b(?:this|next|for the|for a|the) (?:week|weekend|month|day|night|trip|conference|holiday|"
                   r"vacation|visit)\b|\bvisiting\b|\bon (?:a )?(?:trip|holiday|vacation|business)\b|\buntil\b|"
                   r"\bfor (?:work|a few|two|three|\d)|\bnow,?\s+(?:for(?!\s+good\b)|visiting|on)\b")
_WORKING = re.compile(r"(?i)\bworking\s+(?:for|at)\s+(?P<v>(?-i:[A-Z][\w&'’\-]*(?:\s+[A-Z][\w&'’\-]*){0,2}))")
_PETS = re.compile(r"(?i)^(?:i|we|the user(?: and others)?)\s+(?:now\s+)?(?:take|bring)\s+(?:the|my|our|the user's)\s+"
                   r"(?:dogs?|cats?|pets?|puppy|kitten|animals?)\s+to\s+(?:(?:dr|doctor)\.?\s+[A-Z][\w\-]+\s+at\s+)?"
                   r"(?P<v>(?-i:[A-Z][\w&'’\-]*(?:\s+(?:and\s+|&\s+|of\s+)?[A-Z][\w&'’\-]*){0,2}))\s+now\b")
_INTERNET = re.compile(r"(?i)^(?:i|we|the user(?: and others)?)\s+(?:\w+\s+)?(?:got|have|has|switched to|signed up for)"
                       r"\s+(?:(?:fiber|fibre|broadband|internet|wi-?fi|cable)\s+)+(?:internet\s+)?(?:from|through|with|"
                       r"via)\s+(?P<v>(?-i:[A-Z][\w&'’\-]*(?:\s+[A-Z][\w&'’\-]*)?))")
_MOVED_AGAIN = re.compile(rf"(?i)^(?:the\s+|our\s+|my\s+)?(?P<event>[\w\-]+)(?:'s|\s+is|\s+was|\s+got|\s+has been)\s+"
                          rf"(?:been\s+)?(?:pushed|moved|postponed|rescheduled|delayed|bumped)(?:\s+(?:again|back|out))*"
                          rf"\s*[,;:]\s*(?:it's|it is|now)\s+(?:on\s+)?(?P<value>{DATE_EN})")
_HEDGED = re.compile(r"(?i)\?|\b(?:if|would|might|maybe|wish|hope|someday|could|should|thinking|considering|"
                     r"going to|gonna|plan(?:ning)?|used to|ago|back (?:in|then|when))\b")


def en_restated(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (see the module's docstring), else []."""
    if _HEDGED.search(sentence):
        return []
    found: list[Slot] = []
    if said := _ROLE_AFTER.search(sentence):
        role = said.group("role").casefold().replace("gp", "doctor").replace("physician", "doctor")
        found.append(Slot(speaker, "boss" if role == "manager" else role, said.group("value").casefold()))
    if (fronted := _FRONTED.match(sentence)) is not None:
        found += en_measures(sentence[fronted.end():], speaker)
    elif (reached := _REACHED.match(sentence)) is not None:
        found += en_measures(f"{reached.group(1)} is {sentence[reached.end():]}", speaker)
    if race := next((m for pattern in _RACE if (m := pattern.search(sentence))), None):
        distance = re.sub(r"[\s\-]", "", race.group("dist").casefold())
        found.append(Slot(speaker, f"measure:{distance}", race.group("time")))
    if rent := _RENT_RAISED.search(sentence):
        found.append(Slot(speaker, "rent", rent.group("value").replace(",", "")))
    found += _here(sentence, speaker)
    if parents := _PARENTS.search(sentence):
        found.append(Slot(speaker, "lives-with:parents", "no" if parents.group("out") else "yes"))
    if vet := _PETS.search(sentence):
        found.append(Slot(speaker, "provider:vet", vet.group("v").casefold()))
    if net := _INTERNET.search(sentence):
        found.append(Slot(speaker, "provider:internet", net.group("v").casefold()))
    if (moved := _MOVED_AGAIN.search(sentence)) and re.fullmatch(f"(?i:{EVENTS_EN})", moved.group("event")) \
            and moved.group("event").casefold() not in GENERIC_EVENTS:
        found.append(Slot(f"event:{moved.group('event').casefold()}", "date", date_value(moved.group("value"))))
    return found


def _here(sentence: str, speaker: str) -> list[Slot]:
    said = _HERE.search(sentence) or _MOVED_TO.search(sentence) or _STATIONED.search(sentence)
    if said is None or _TRIP.search(sentence):
        return []
    place = said.group("place")
    if not re.match(_BASE, place) and not place_en(place):
        return []
    found = [Slot(speaker, "city", place.casefold())]
    if said.re is _HERE and (work := _WORKING.search(sentence[said.end("place"):])):
        found.append(Slot(speaker, "employer", work.group("v").casefold()))
    return found
