"""A sixth fresh English set, written by a new hand before reading the extractor or its rules.

Styles the other sets lack: voice-assistant transcripts (run-on, "um", "like", "so yeah", no punctuation,
self-corrections with "I mean" / "no wait"); long life-update paragraphs (a holiday letter, a journal entry) with
five to eight facts in one message; formal email-like notes; bullet lists and "key: value" lines; past-tense
narratives that end in a present state; facts framed by time ("as of last month", "since January", "for the past
3 years", "starting Monday"). People: a nurse on night shifts, a PhD student, a small-business owner, a single
dad, a retired teacher, a military family that moves often, someone with a chronic illness. A fact is a string of
words that must all appear in one kept memory (lowercased; "a|b" is either).

- ``FACTS``: (message, facts) sent alone through mem0's SDK shape.
- ``JUNK``: messages that should keep nothing.
- ``EXCHANGES``: (turns as (role, content), facts, wrong) sent as ONE mem0 ``add`` of several messages;
  ``wrong`` are the assistant's words that must not be kept as the user's.
- ``SESSIONS``: alike, sent through ``POST /sessions/{id}/messages`` then ``/close``.
- ``CONTRADICTIONS``: (first, second, query, current, old): the second changes the first, never naming the old
  value's slot outright; search for ``query`` should rank a memory holding ``current`` first.
  "We finally closed on the house in Tacoma, moving in next week" after "we live in Olympia" counts as a change:
  the purchase is done and the move is fixed, so an assistant asked next week where the user lives must not
  answer Olympia; the new memory keeps "moving in next week", so nothing true is lost.
- ``TRAPS``: (first, second, query, current, other): alike but not contradicting; both stay active (another
  person's attribute, a one-off, a hypothetical, a past trip, a question, a plan not made, a wish, a quote, a
  negated change, a story about the past, a temporary state).
"""

from __future__ import annotations

FACTS: list[tuple[str, list[str]]] = [
    # voice-assistant transcripts
    ("um so yeah I'm a nurse I work nights at St Luke's like three twelves a week so yeah",
     ["nurse", "st luke"]),
    ("okay so my daughter's name is um Ava and she's I mean she just turned seven", ["ava"]),
    ("uh remind me that I'm allergic to like penicillin so don't let me forget that", ["penicillin"]),
    ("hey so we live in um Dayton no wait I mean Columbus we moved there last year", ["columbus"]),
    ("so like my husband's name is Marcus and he's a firefighter with the county", ["marcus", "firefighter"]),
    # a holiday letter and a journal entry
    ("What a year it has been for the Hendersons! Tom retired from teaching in June after 32 years. I'm still at "
     "the public library, now part-time. Our oldest, Claire, started law school at Georgetown. Jack got engaged "
     "to his girlfriend Mia in October. We adopted a rescue greyhound named Pickles. And we finally finished the "
     "kitchen remodel!",
     ["tom retired", "library", "claire georgetown", "jack mia",
      "pickles", "kitchen"]),
    ("Journal, day 40 of the PhD. My advisor is Dr. Okafor and my thesis is on coral bleaching. I TA intro bio "
     "on Tuesdays. My stipend is $2,800 a month, which barely covers rent in Santa Cruz. I've started running "
     "again, three mornings a week.",
     ["okafor", "coral", "intro bio", "2,800|2800", "santa cruz", "running"]),
    # formal email-like notes
    ("Dear assistant, please note that I will be working remotely from Lisbon until the end of March. My primary "
     "email address is now priya.nair@fastmail.com. Kind regards, Priya",
     ["lisbon", "priya.nair@fastmail.com"]),
    ("To whom it may concern: I am the owner of Bloom and Branch, a florist on Main Street in Asheville, and I "
     "employ four people.",
     ["bloom asheville"]),
    # bullet lists and key: value lines
    ("Name: Priya\nAllergies: shellfish\nCity: Austin\nJob: pharmacist", ["priya", "shellfish", "austin",
                                                                       "pharmacist"]),
    ("- 2 kids (Leo 4, Nora 9)\n- drive a Subaru Outback\n- vegetarian since college",
     ["leo|nora", "subaru", "vegetarian"]),
    ("Blood type: O negative / Doctor: Dr. Reyes / Insurance: Aetna", ["o negative", "reyes", "aetna"]),
    # past-tense narratives that end in a present state
    ("I grew up in Manila, went to college in Michigan, worked in Chicago for ten years, and now I live in "
     "Portland with my partner.", ["portland"]),
    ("Spent twenty years in the Army, retired as a master sergeant, and these days I drive a school bus.",
     ["army", "school bus"]),
    # facts framed by time
    ("as of last month I'm the store manager at the Walgreens on 5th", ["manager walgreens"]),
    ("since January I've been doing physical therapy twice a week for my knee", ["physical therapy"]),
    ("for the past 3 years I've volunteered at the food bank on Saturdays", ["food bank"]),
    ("starting Monday I'll be on day shift in the ICU", ["day shift"]),
    # the people
    ("single dad here, two boys 6 and 11, I do school pickup every day at 3", ["single dad"]),
    ("we're an Army family so we move every 2-3 years, currently stationed at Fort Bragg", ["fort bragg"]),
    ("I have type 1 diabetes, diagnosed at 12, and I wear a Dexcom and an Omnipod", ["diabetes", "dexcom"]),
    ("I have lupus so some days I'm wiped out, my rheumatologist is Dr. Feld", ["lupus", "feld"]),
    ("I run a food truck called Taco Loco, we park at the brewery every Friday", ["taco loco"]),
    ("I taught 3rd grade for 30 years before retiring, now I tutor kids in reading at the library",
     ["3rd|third grade", "tutor"]),
    ("I'm a fourth-year PhD student in chemical engineering at Purdue", ["phd purdue"]),
]

JUNK: list[str] = [
    "um what time is it",
    "hey uh set a timer for ten minutes",
    "so yeah anyway",
    "okay never mind I mean cancel that",
    "play some jazz",
    "Thank you for your help. Best regards.",
    "what's the capital of Australia",
    "um like how many ounces are in a cup",
    "turn off the lights in the kitchen",
    "Noted, thanks.",
    "can you read that back to me",
    "uh what's the weather like this weekend",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("assistant", "What would you like me to call you?"),
      ("user", "um just call me Dee, like the letter")],
     ["dee"], []),
    ([("user", "what's a good stretch for lower back pain"),
      ("assistant", "Try the cat-cow stretch and child's pose, holding each for 30 seconds."),
      ("user", "ok I'll try that, I have a herniated disc by the way")],
     ["herniated disc"], ["cat-cow", "child's pose"]),
    ([("assistant", "How many people are in your household?"),
      ("user", "five, me my husband and our three kids")],
     ["three|3 kids"], []),
    ([("user", "recommend a podcast for my drive"),
      ("assistant", "You might enjoy Hardcore History or Radiolab."),
      ("user", "thanks")],
     [], ["radiolab", "hardcore"]),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "just got off a 12 hour night shift, can you help me plan my sleep"),
      ("assistant", "Try blackout curtains and a consistent wind-down routine before bed."),
      ("user", "I usually sleep from 9am to 4pm, I work in the NICU")],
     ["nicu"], ["blackout", "wind-down"]),
    ([("user", "I need to finish my dissertation proposal by May"),
      ("assistant", "Break it into chapters and set weekly writing goals."),
      ("user", "my committee chair is Professor Lindqvist and she's tough")],
     ["lindqvist"], ["weekly writing"]),
    ([("user", "we PCS to Germany this summer, any advice"),
      ("assistant", "Ramstein has a large American community; look into the DoDEA schools."),
      ("user", "we're going to Stuttgart actually, my wife is the one in the Air Force")],
     ["stuttgart", "air force"], ["ramstein", "dodea"]),
    ([("user", "um what's 20 times 15"),
      ("assistant", "300."),
      ("user", "thanks")],
     [], []),
    ([("user", "how do I pay quarterly taxes"),
      ("assistant", "Use Form 1040-ES to pay estimated taxes each quarter."),
      ("user", "right, I own a bakery with my sister and we have 6 employees")],
     ["bakery"], ["1040"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("I go to the gym by my office three times a week", "switched gyms, I'm at Equinox now",
     "which gym does the user go to", "equinox", "office"),
    ("I have one kid, a son named Eli", "we had our second baby last week, a girl named June!",
     "how many children does the user have", "june|second", "one kid"),
    ("I'm allergic to penicillin", "turns out I'm not allergic to penicillin after all, the allergist tested me",
     "is the user allergic to penicillin", "not allergic", "allergic"),
    ("it's just me and my husband at home", "my mom moved in with us last month",
     "who lives with the user", "mom", "just me"),
    ("I take the 7:15 train into the city every morning", "I drive to work now since they cut the express train",
     "how does the user commute", "drive", "7:15"),
    ("I eat pretty much everything, no restrictions", "as of this week I'm doing keto, no bread or sugar",
     "what diet is the user on", "keto", "everything"),
    ("I'm a senior associate at Deloitte", "got promoted, my title is manager now",
     "what is the user's job title", "manager", "senior associate"),
    ("I make 65k a year", "my salary went up to 78k after my review",
     "what is the user's salary", "78", "65k"),
    ("my cell is 555-203-4471", "new number, it's 555-890-1123, the old one is disconnected",
     "what is the user's phone number", "890", "4471"),
    ("email me at dana.k@gmail.com", "I don't use gmail anymore, reach me at dana@kowalski.net",
     "what is the user's email address", "kowalski.net", "gmail"),
    ("we have a border collie named Scout", "we had to rehome Scout, he needed more space than our apartment",
     "does the user have a dog", "rehome", "border collie"),
    ("I work nights, 7pm to 7am, Wednesday through Friday", "switched to days, I'm on 7am to 7pm now",
     "what shift does the user work", "days", "nights"),
    ("I teach 5th grade at Roosevelt Elementary",
     "I used to teach but now I work in instructional design for a software company",
     "what does the user do for work", "instructional design", "5th grade"),
    ("we live in Olympia", "we finally closed on the house in Tacoma, moving in next week",
     "where does the user live", "tacoma", "olympia"),
    ("I'm on medical leave from work", "as of this week I'm back at work full time",
     "is the user working", "back", "medical leave"),
    ("I drive a 2012 Camry", "the Camry finally died so I'm leasing a RAV4 now",
     "what car does the user drive", "rav4", "2012 camry"),
    ("we're stationed at Fort Hood", "got our orders, we're at Fort Carson now",
     "where is the user's family stationed", "carson", "hood"),
    ("I take metformin for my diabetes", "my endo took me off metformin and put me on Ozempic",
     "what diabetes medication does the user take", "ozempic", "metformin"),
    ("I'm divorced", "I got remarried last spring",
     "is the user married", "remarried", "divorced"),
    ("I'm a stay at home mom", "after the kids started school I went back to work as a paralegal",
     "what does the user do", "paralegal", "stay at home"),
    ("um I live in like Fresno", "so yeah we moved to Sacramento in the spring I mean it's been good",
     "where does the user live", "sacramento", "fresno"),
    ("Pharmacy: CVS on Oak St", "Pharmacy: Walgreens (switched because of insurance)",
     "which pharmacy does the user use", "walgreens", "cvs"),
    ("I live at 220 Pine Street in Medford", "Please update my records: my new address is 14 Birch Lane, Medford.",
     "what is the user's address", "birch", "pine"),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    ("I'm a night nurse at Mercy", "my sister is a nurse too, at Kaiser",
     "where does the user's sister work", "kaiser", "mercy"),
    ("I bike to work", "took an Uber to work today because of the rain",
     "how did the user get to work today", "uber", "bike"),
    ("I live in Cincinnati", "if I got the job in Seattle we'd have to sell the house",
     "what would happen if the user got the Seattle job", "seattle", "cincinnati"),
    ("I live in Denver", "we spent two weeks in Japan in April, Kyoto was the highlight",
     "where did the user travel in April", "japan|kyoto", "denver"),
    ("I work at Target", "do you think I should apply at Costco?",
     "where does the user work", "target", "costco"),
    ("I love steak, I eat meat most days", "thinking about going vegan in the new year",
     "what diet is the user thinking about", "vegan", "steak"),
    ("I work as an accountant", "I wish I could quit and open a bakery someday",
     "what does the user wish", "bakery", "accountant"),
    ("I live in Phoenix", "my boss said I should move to Denver for the new office",
     "what did the user's boss suggest", "denver", "phoenix"),
    ("I work at Boeing", "no, I did NOT switch jobs, that was my brother who went to Microsoft",
     "where does the user work", "boeing", "microsoft"),
    ("I live in Austin", "when I lived in Boston I used to walk everywhere",
     "where did the user live before", "boston", "austin"),
    ("I live in an apartment in Oakland", "staying at my parents' this week while they fix our water heater",
     "where is the user staying this week", "parents", "oakland"),
    ("my phone number is 555-301-2200", "my husband's number is 555-301-9988",
     "what is the user's husband's phone number", "9988", "2200"),
    ("we're stationed at Fort Carson", "my brother-in-law just got stationed at Fort Bragg",
     "where is the user's brother-in-law stationed", "bragg", "carson"),
    ("I have one kid", "my neighbor just had her second baby",
     "who had a second baby", "neighbor", "one kid"),
    ("I have Crohn's disease", "my cousin was just diagnosed with Crohn's too",
     "who else has crohn's", "cousin", "crohn"),
    ("I work nights at the hospital", "picked up one day shift this Saturday to cover for a coworker",
     "what shift is the user covering on saturday", "saturday", "nights"),
    ("I make 70k", "my friend makes 90k doing the same job",
     "how much does the user's friend make", "90", "70k"),
]
