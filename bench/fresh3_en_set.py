"""A third fresh English set, written by a new hand before reading the extractor or the other sets.

People using a work or coding assistant (stack, editor, team, manager, on-call, deadlines, tools they switched),
money and home (rent, mortgage, bank, budget, moving), travel habits, hobbies with levels and gear, facts told
about kids, pets and partners, and changes said indirectly ("we ended up going with", "not anymore", "used to …
now", "scratch that", "sorry, I meant"), typed lowercase, without punctuation, with typos and emoji.
A fact is a string of words that must all appear in one kept memory (lowercased; "a|b" is either).

- ``FACTS``: (message, facts) sent alone through mem0's SDK shape.
- ``JUNK``: messages that should keep nothing.
- ``SESSIONS``: (turns as (role, content), facts, wrong) sent through ``POST /sessions/{id}/messages`` then
  ``/close``; ``wrong`` are words of the assistant's that must not be kept as the user's.
- ``CONTRADICTIONS``: (first, second, query, current, old): the second changes the first; search for ``query``
  should rank a memory holding ``current`` first.
- ``TRAPS``: (first, second, query, current, other): alike but not contradicting; both stay active.
"""

from __future__ import annotations

FACTS: list[tuple[str, list[str]]] = [
    ("im a backend dev, mostly go and postgres at work", ["backend", "go|golang|postgres"]),
    ("I use neovim with a pretty heavy lua config", ["neovim"]),
    ("our team is 6 engineers and my manager is Priya", ["6 engineer|engineers", "priya manager"]),
    ("on call this week so expect me to be grumpy", ["on call|on-call"]),
    ("the billing migration has to ship by march 31", ["billing migration", "march 31"]),
    ("we moved from jenkins to github actions last quarter", ["github actions"]),
    ("my laptop is a thinkpad running arch btw", ["thinkpad", "arch"]),
    ("I pay 2100 a month in rent for a 1br in Oakland", ["2100 rent|2100", "oakland"]),
    ("we just refinanced the mortgage at 5.1%", ["mortgage 5.1|refinanc"]),
    ("bank with Chase but thinking of switching to a credit union", ["chase"]),
    ("trying to keep groceries under $400 a month", ["groceries 400|400"]),
    ("moving flats on the 15th, new place is in Brixton", ["brixton", "15th"]),
    ("i always book aisle seats, cant stand being stuck by the window", ["aisle"]),
    ("I have TSA precheck and global entry", ["precheck|pre-check", "global entry"]),
    ("we go to lisbon every spring, it's kind of our thing", ["lisbon spring"]),
    ("i only travel carry-on, never check a bag", ["carry-on|carry on"]),
    ("climbing V4 at the gym, working on my first V5", ["v4|climb"]),
    ("I play bass in a cover band on weekends", ["bass", "band"]),
    ("just bought a Fuji X-T4 for street photography 📷", ["fuji|x-t4", "street photography|photograph"]),
    ("chess.com rating is around 1450 rapid", ["1450"]),
    ("my son is in 3rd grade now", ["son 3rd|third grade"]),
    ("my daughter Ava takes violin on thursdays", ["ava violin", "thursday"]),
    ("our cat Pickles has kidney disease, she's on a special diet", ["pickles kidney|kidney", "diet"]),
    ("my wife is a pediatric nurse at Kaiser", ["wife nurse", "kaiser"]),
    ("the dog gets walked at 6am and 6pm, he's a 3yo husky named Loki",
     ["loki husky", "6am|6pm|walk"]),
    ("my brother Sam lives in austin and works in sales", ["sam austin", "sam sales|brother sales"]),
    ("ngl i hate cilantro it tastes like soap", ["cilantro"]),
    ("vegetarian since 2019", ["vegetarian"]),
    ("i run 5k three mornings a week", ["5k|run"]),
    ("i'm training for a half marathon in october", ["half marathon", "october"]),
    ("im learning japanese, about n4 level rn", ["japanese", "n4"]),
    ("my birthday's june 3rd", ["birthday june 3|june 3rd"]),
    ("allergic to cats but we have one anyway lol", ["allergic cat|allergic to cats"]),
    ("I work remote from Denver but the company is in NYC", ["remote|denver", "nyc"]),
    ("my standup is at 9:30 every day", ["standup 9:30|9:30"]),
    ("i prefer tabs over spaces and will die on that hill", ["tabs"]),
    ("my kid Leo just started at a new daycare, Little Acorns", ["leo daycare|little acorns"]),
    ("we own a 2018 subaru outback", ["subaru|outback"]),
    ("I'm saving for a house, about 40k in the down payment fund so far", ["40k|down payment"]),
    ("my partner Jordan is a freelance UX designer", ["jordan designer|jordan ux"]),
]

JUNK: list[str] = [
    "hey! how's it going",
    "thanks a ton, that helped",
    "ok cool",
    "can you explain what a race condition is?",
    "lol",
    "good morning ☀️",
    "what's the difference between a roth and a traditional ira",
    "sounds good 👍",
    "hmm let me think about it",
    "nvm figured it out",
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "can you help me write a migration? we use django 4.2 and postgres 15"),
      ("assistant", "Sure. You might also consider using Alembic if you ever move to SQLAlchemy."),
      ("user", "nah we're a django shop, been on it for 6 years")],
     ["django"], ["alembic", "sqlalchemy"]),
    ([("user", "help me budget, take home is about 5200 a month"),
      ("assistant", "A common rule is 50/30/20: 2600 needs, 1560 wants, 1040 savings."),
      ("user", "rent alone is 1900 so needs will be tight")],
     ["5200", "1900"], ["1560", "1040"]),
    ([("user", "planning a trip to japan in april with my husband"),
      ("assistant", "April is cherry blossom season. Kyoto and Tokyo are popular, and a JR Pass can save money."),
      ("user", "we've been to tokyo before, this time we want hiking, maybe the kumano kodo")],
     ["japan april", "kumano|hiking"], ["jr pass"]),
    ([("user", "my son has a peanut allergy and his class is doing a bake sale, ideas?"),
      ("assistant", "You could bake sunflower butter cookies or oat bars."),
      ("user", "great, he's 7 btw and obsessed with dinosaurs")],
     ["son peanut|peanut allerg", "dinosaur"], ["sunflower"]),
    ([("user", "hi"),
      ("assistant", "Hello! How can I help today?"),
      ("user", "just testing, thanks")],
     [], []),
    ([("user", "my on-call rotation is every 4th week, and we use pagerduty"),
      ("assistant", "Got it. Would you like tips on alert fatigue? Many teams use Opsgenie too."),
      ("user", "yeah please. also my team lead is Marcus if i mention him")],
     ["pagerduty|4th week", "marcus"], ["opsgenie"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("I use vscode for everything", "switched to zed last month, vscode was getting too slow",
     "which editor does the user use", "zed", "vscode"),
    ("my manager is Priya", "priya left the company, my new manager is Tom",
     "who is the user's manager", "tom", "priya"),
    ("we're evaluating mongo and postgres for the new service", "we ended up going with postgres",
     "which database did the user's team choose", "postgres", "mongo"),
    ("rent is 1800 a month", "landlord bumped it, rent is 1950 now",
     "how much is the user's rent", "1950", "1800"),
    ("I bank with Wells Fargo", "closed my wells fargo account, everything's at ally now",
     "which bank does the user use", "ally", "wells"),
    ("we live in a flat in Camden", "moved out of camden, we're in Walthamstow now",
     "where does the user live", "walthamstow", "camden"),
    ("I'm vegan", "not vegan anymore, I eat fish again",
     "what does the user eat", "fish", "vegan"),
    ("my son is in 2nd grade", "my son is in 3rd grade now",
     "what grade is the user's son in", "3rd", "2nd"),
    ("the deadline for the launch is friday", "sorry, I meant the launch deadline is tuesday",
     "when is the launch deadline", "tuesday", "friday"),
    ("our dog Max weighs 30 pounds", "max is up to 42 lbs now, vet says he needs to lose some",
     "how much does max weigh", "42", "30"),
    ("i drink coffee every morning", "these days i only drink green tea in the mornings",
     "what does the user drink in the morning", "tea", "coffee"),
    ("I'm flying to Chicago on the 12th", "scratch that, flight got moved to the 14th",
     "when is the user flying to chicago", "14th", "12th"),
    ("climbing V3 at the moment", "finally sent my first V5 so I'm climbing V5 now 🎉",
     "what grade does the user climb", "v5", "v3"),
    ("my wife works at Google", "my wife quit google, she's at a startup called Lumen now",
     "where does the user's wife work", "lumen", "google"),
    ("I'm on the platform team", "got moved to the payments team last week",
     "which team is the user on", "payments", "platform"),
    ("we drive a honda civic", "sold the civic, we got a tesla model 3",
     "what car does the user drive", "tesla", "civic"),
    ("i'm 34", "turned 35 yesterday 🥳",
     "how old is the user", "35", "34"),
    ("my standup is at 10", "standup moved to 9:15 starting this sprint",
     "when is the user's standup", "9:15", "10"),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    ("I use vim at work", "at home I use emacs for org mode",
     "which editor does the user use at home", "emacs", "vim"),
    ("my daughter is 9", "my son is 6",
     "how old is the user's son", "6", "9"),
    ("I have a cat named Miso", "I also have a dog named Pepper",
     "what is the user's dog called", "pepper", "miso"),
    ("my rent is 1500", "my car payment is 350 a month",
     "how much is the user's car payment", "350", "1500"),
    ("we vacation in Maine every summer", "we go skiing in Utah every winter",
     "where does the user go in winter", "utah", "maine"),
    ("I play guitar", "I'm learning piano too",
     "what instrument is the user learning", "piano", "guitar"),
    ("my manager is Dana", "my skip-level is Raj",
     "who is the user's skip-level", "raj", "dana"),
    ("I write python at work", "on side projects I write rust",
     "what does the user write for side projects", "rust", "python"),
    ("my brother lives in Seattle", "my sister lives in Miami",
     "where does the user's sister live", "miami", "seattle"),
    ("I bank with Chase", "my savings are at Marcus by Goldman",
     "where are the user's savings", "marcus", "chase"),
]
