"""An eleventh fresh English set, written by a new hand before reading the extractor or its rules.

Styles the other sets lack: voice-dictated run-ons (no punctuation, "um", "so yeah", "anyway"), a fact given
inside a question ("do you know a good vet? we just adopted a beagle"), a caregiver speaking of a parent or a
child, a state implied by a story ("ever since we moved to Austin ..."), "as of Monday" and "starting next month"
changes, numbers changed (rent, salary, weight, race times, mileage), household "we" facts, hobbies with their gear
(a bike, a camera, a guitar), a pet's health, a renter who bought, a shift or commute changed, a volunteering role,
a club or a league. People: a freelance translator, a retired RVer, a hospice nurse, a startup founder, an army
reservist, a dairy farmer, a barista who plays in a band, a grad student abroad, a foster parent, an electrician's
apprentice. A fact is a string of words that must all appear in one kept memory (lowercased; "a|b" is either).

- ``FACTS``: (message, facts) sent alone through mem0's SDK shape.
- ``JUNK``: messages that should keep nothing.
- ``EXCHANGES``: (turns as (role, content), facts, wrong) sent as ONE mem0 ``add`` of several messages;
  ``wrong`` are the assistant's words that must not be kept as the user's.
- ``SESSIONS``: alike, sent through ``POST /sessions/{id}/messages`` then ``/close``.
- ``CONTRADICTIONS``: (first, second, query, current, old): the second changes the first, said indirectly and
  without an ``entity``; search for ``query`` should rank a memory holding ``current`` first.
- ``CHAINS``: (messages, query, current, olds): a value changed twice or more, each message sent alone in turn;
  every memory kept from the earlier messages must be retired and ``current`` ranked first.
- ``TRAPS``: (first, second, query, current, other): alike but not contradicting; both stay active.
"""

from __future__ import annotations

_VOICE = ("okay so um I wanted to tell you that I finally got my journeyman card no wait not journeyman I'm still "
          "an apprentice second year with IBEW Local 46 and I'm working on a big hospital job in Tacoma right now "
          "so yeah anyway the hours are long")

_RVER = ("so me and Linda sold the house in Ohio two years ago and we've been full time in the Airstream ever "
         "since um we're parked outside Quartzsite for the winter and heading up to Montana in May")

_FARM = ("we milk about 140 Holsteins twice a day on the farm here in Wisconsin and my son Caleb pretty much runs "
         "the parlor now since my back surgery")

FACTS: list[tuple[str, list[str]]] = [
    # voice-dictated run-ons
    (_VOICE, ["apprentice", "tacoma"]),
    (_RVER, ["airstream", "quartzsite|montana"]),
    (_FARM, ["holstein", "caleb parlor"]),
    ("um so yeah I do freelance translating Spanish to English mostly legal documents anyway that's what pays the "
     "bills", ["translat spanish"]),
    ("so I was walking home and I realized I haven't told you I'm vegetarian now like fully since October anyway",
     ["vegetarian"]),
    # a fact inside a question
    ("do you know a good vet near Fremont? we just adopted a beagle named Pretzel", ["beagle pretzel"]),
    ("any tips for night shift sleep? I'm a hospice nurse and I just got moved to nights", ["hospice nurse"]),
    ("what's a good lens for birds? I shoot on a Nikon Z6 and I'm mostly doing wildlife now", ["nikon z6"]),
    ("is it normal for a 12 year old cat to drink this much water? Biscuit was just diagnosed with kidney disease",
     ["biscuit kidney"]),
    ("how do I explain a gap on a resume? I was deployed with my reserve unit for nine months",
     ["reserve|deployed"]),
    # a caregiver speaking of a parent or a child
    ("Dad's on warfarin now after the stroke so I have to watch what he eats", ["dad warfarin"]),
    ("the twins started kindergarten at Lincoln this week, I cried in the car", ["twins kindergarten lincoln"]),
    ("Mom moved into assisted living at Brookdale last month", ["mom brookdale"]),
    ("my foster son Jayden is 9 and he's been with us since March", ["jayden"]),
    ("my daughter got into the gifted program, she's doing 5th grade math in 3rd grade", ["daughter gifted"]),
    # numbers
    ("rent is $1,850 a month for a 2 bedroom which is insane for this town", ["1,850|1850"]),
    ("I ran a 1:52 half marathon on Sunday, new PR!", ["1:52 half"]),
    ("down to 182 pounds from 210 in January", ["182"]),
    ("my Tacoma just hit 200,000 miles and it still runs great", ["200,000|200k"]),
    # household "we"
    ("we're a one car family now, sold the Civic", ["one car"]),
    ("we keep kosher at home", ["kosher"]),
    ("we homeschool both kids", ["homeschool"]),
    # hobbies with gear
    ("got a Trek Domane for my birthday, doing the Saturday group ride with the club now", ["trek domane"]),
    ("I play a '72 Telecaster in a little indie band called Porch Light and pull shots at Blue Bottle during the day",
     ["telecaster", "blue bottle|barista"]),
    ("I've been climbing at Movement Gowanus three times a week", ["climb"]),
    # startup founder, grad student abroad
    ("my startup Fernwork just closed a $2M seed round led by Initialized", ["fernwork", "seed"]),
    ("I'm doing my master's in Leiden, in the Netherlands, for urban planning", ["leiden"]),
    # renter who bought, a commute, volunteering, a league
    ("we closed on our first house yesterday!! no more landlord", ["house|homeowner"]),
    ("I take the 7:10 ferry from Bainbridge every morning now", ["ferry bainbridge"]),
    ("I volunteer as a CASA advocate for kids in foster care", ["casa"]),
    ("I'm in a Tuesday night bowling league with guys from work", ["bowling"]),
    ("I coach my son's U10 soccer team on Saturdays", ["coach soccer"]),
    # a state implied by a story
    ("ever since we moved to Austin my allergies have been terrible, cedar fever is real", ["austin"]),
    ("since I started at the co-op I haven't had a weekend off", ["co-op"]),
    # "as of" / "starting"
    ("as of Monday I'm officially the head of operations", ["head of operations"]),
    ("starting next month I'll be working from home full time", ["home"]),
]

JUNK: list[str] = [
    "um okay",
    "so yeah anyway",
    "wait what did you say before that",
    "haha fair enough",
    "can you read that back to me",
    "do you know what time it is in Tokyo?",
    "hmm never mind, forget I asked",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("assistant", "What kind of work do you do? Lots of people here are in tech."),
      ("user", "I translate, French and Portuguese into English, freelance")],
     ["translat"], ["tech"]),
    ([("assistant", "How's your dog doing after the surgery?"),
      ("user", "Rufus is okay, he's on gabapentin for the pain now")],
     ["gabapentin"], []),
    ([("assistant", "Where are you based? I'd guess somewhere cold, maybe Minnesota."),
      ("user", "nope, Tucson. we winter in the RV down here")],
     ["tucson"], ["minnesota"]),
    ([("assistant", "Which unit are you with?"),
      ("user", "the 82nd, reserve side, drill one weekend a month")],
     ["82nd"], []),
    ([("assistant", "Do you have any pets? A cat might suit a small flat."),
      ("user", "two rabbits, Pip and Juniper")],
     ["rabbit"], ["small flat"]),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "I need help writing a message to my landlord"),
      ("assistant", "Sure, what's it about? Is it a repair request, maybe the heating?"),
      ("user", "no, I'm giving notice, we bought a condo in Ballard"),
      ("assistant", "Congratulations! Let's draft it.")],
     ["condo ballard"], ["heating"]),
    ([("user", "um so can you help me plan a training block"),
      ("assistant", "Happy to. What race? A lot of people start with a 10K."),
      ("user", "the Chicago marathon in October, I'm aiming for sub 3:30")],
     ["chicago marathon"], ["10k"]),
    ([("user", "what's the weather tomorrow"),
      ("assistant", "I can't check live weather, but you could try a weather app."),
      ("user", "ok thanks")],
     [], ["weather app"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    # a state implied by a story
    ("I live in Denver", "ever since we moved to Austin my allergies have been awful",
     "where do I live", "austin", "denver"),
    # as of / starting
    ("I work the day shift at the distribution center", "as of Monday I'm on nights at the warehouse",
     "what shift do I work", "night", "day shift"),
    ("I commute by car to the office", "starting next month I'll be taking the train in, we sold the car",
     "how do I commute", "train", "car"),
    # numbers changed
    ("my rent is $1,400 a month", "landlord raised it, it's $1,650 now",
     "how much is my rent", "1,650|1650", "1,400"),
    ("I make $62,000 a year", "got the promotion, base is $78,000 now",
     "what is my salary", "78,000|78k", "62,000"),
    ("I weigh 190 pounds", "weighed in at 176 this morning",
     "how much do I weigh", "176", "190"),
    ("my 5K PR is 24:10", "ran 22:48 at the turkey trot, new 5K best",
     "what's my 5K personal record", "22:48", "24:10"),
    # renter who bought
    ("we rent a townhouse in Plano", "we finally bought a place, closing was Friday, it's in Frisco",
     "where do we live", "frisco", "plano"),
    # caregiver: parent's medication, child's school
    ("Dad takes metoprolol for his heart", "the cardiologist switched Dad to carvedilol",
     "what heart medication does Dad take", "carvedilol", "metoprolol"),
    ("my son goes to Jefferson Elementary", "Noah's at Hawthorne now, the transfer finally went through",
     "what school does my son go to", "hawthorne", "jefferson"),
    # pet's health
    ("Pretzel eats the regular Purina adult food", "the vet put Pretzel on a prescription kidney diet",
     "what does Pretzel eat", "kidney|prescription", "purina"),
    # hobbies with gear
    ("I ride a Specialized Allez", "sold the Allez and picked up a Cervelo Caledonia",
     "what bike do I ride", "cervelo", "allez"),
    ("I shoot with a Canon 5D Mark III", "went mirrorless, it's a Sony A7 IV in my bag these days",
     "what camera do I use", "sony", "canon"),
    # volunteering, club or league
    ("I volunteer at the food bank on Saturdays", "these days my Saturdays go to the animal shelter, walking dogs",
     "where do I volunteer", "shelter", "food bank"),
    ("I play in a Thursday softball league", "softball's done for me, knees, so I joined a pickleball league",
     "what league am I in", "pickleball", "softball"),
    # a correction
    ("my flight home lands at 6:40", "sorry, I meant 8:40, I read the wrong line",
     "when does my flight land", "8:40", "6:40"),
    ("my sister lives in Phoenix", "actually it's Scottsdale, she moved last spring",
     "where does my sister live", "scottsdale", "phoenix"),
    # a job changed, said indirectly
    ("I'm a barista at Blue Bottle", "put in my two weeks at Blue Bottle, I start at Sightglass on the 1st",
     "where do I work", "sightglass", "blue bottle"),
    ("I'm a grad student at Leiden", "defended my thesis last week, I'm done at Leiden and start a job at Arup",
     "what do I do", "arup", "leiden"),
    # household we, diet, commute
    ("we have a golden retriever named Max", "we lost Max in June, and now there's a corgi puppy named Waffles",
     "what dog do we have", "waffles", "max"),
    ("I drink about four coffees a day", "down to one cup of green tea a day, cut coffee completely",
     "how much coffee do I drink", "tea", "four coffees"),
    ("I farm 300 acres of corn", "we converted the whole 300 acres to soybeans this year",
     "what do I grow", "soybean", "corn"),
    ("our foster placement is a 6 year old girl", "she was reunified with her mom, now we have two brothers, 4 and 7",
     "who are we fostering", "brother", "6 year old"),
]

CHAINS: list[tuple[list[str], str, str, list[str]]] = [
    (["my truck has 98,000 miles on it", "just passed 105,000 miles on the truck", "truck's at 112,000 miles now"],
     "how many miles are on my truck", "112,000", ["98,000", "105,000"]),
    (["I work for a staffing agency in Boise", "as of this week I'm at Micron, direct hire",
      "left Micron, I'm running my own startup now, it's called Loomly"],
     "where do I work", "loomly", ["staffing", "micron"]),
    (["we live in an apartment in Ames", "moved into a rental house on the east side of Ames",
      "we bought a farmhouse outside Nevada, Iowa"],
     "where do we live", "farmhouse", ["apartment", "rental house"]),
    (["my bench press max is 185", "hit 205 on bench today", "new bench max: 225!!"],
     "what is my bench press max", "225", ["185", "205"]),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    # another person's same attribute
    ("I live in Denver", "my brother just moved to Seattle", "where do I live", "denver", "seattle"),
    ("I'm on lisinopril for blood pressure", "my mom's on amlodipine for hers",
     "what blood pressure medication do I take", "lisinopril", "amlodipine"),
    ("my rent is $1,400 a month", "my friend pays $2,900 for a studio in Brooklyn",
     "how much is my rent", "1,400", "2,900"),
    # an organisation sharing the attribute's word as the subject
    ("I work at Kaiser", "Kaiser is moving its headquarters to Oakland", "where do I work", "kaiser", "oakland"),
    ("I drive a Subaru Outback", "Subaru just released a new Outback hybrid", "what car do I drive",
     "outback", "hybrid"),
    # a plan only considered
    ("I work nights at the hospice", "thinking about switching to days at some point",
     "what shift do I work", "night", "days"),
    ("I ride a Trek Domane", "been eyeing a Canyon gravel bike, we'll see", "what bike do I ride",
     "trek", "canyon"),
    # sarcasm or a joke
    ("I'm a dairy farmer", "sure, I'll just quit and become an astronaut, easy", "what do I do for work",
     "dairy", "astronaut"),
    # a TV plot or a book
    ("I live in Chicago", "in the show she moves to Paris for the job and it's so unrealistic",
     "where do I live", "chicago", "paris"),
    # an old story
    ("I live in Portland", "back in college I lived in Boston, loved it", "where do I live", "portland", "boston"),
    # a conditional
    ("I'm a freelance translator", "if the agency offers me a salaried role I'd take it in a heartbeat",
     "what do I do for work", "translat", "salaried"),
    # a negated change
    ("I play bass in Porch Light", "no, I didn't quit the band, that's a rumor", "what band am I in",
     "porch light", "quit"),
    # a temporary state
    ("I live in Tacoma", "staying at my sister's in Spokane this week while the floors get redone",
     "where do I live", "tacoma", "spokane"),
    # a question
    ("I drive a Ford F-150", "should I get a Rivian?", "what do I drive", "f-150", "rivian"),
    # an ad
    ("my internet is through Comcast", "Get Verizon Fios for $39.99/mo! Limited time offer.",
     "who is my internet provider", "comcast", "verizon"),
    # a friend's number
    ("my half marathon PR is 1:52", "my running buddy Jess just ran a 1:38, she's a machine",
     "what is my half marathon PR", "1:52", "1:38"),
    # a one-off
    ("I'm vegetarian", "had a bite of my dad's brisket at the wedding, don't tell anyone",
     "what is my diet", "vegetarian", "brisket"),
    # a child's attribute, not the speaker's
    ("I work at Lincoln High as a teacher", "my son starts at Roosevelt High in the fall",
     "where do I work", "lincoln", "roosevelt"),
]
