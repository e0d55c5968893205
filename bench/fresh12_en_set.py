"""A twelfth fresh English set, written by a new hand before reading the extractor or its rules.

Styles the other sets lack: notes an agent writes about its user in the third person ("User's son now ...", "The
user switched ...", "Prefers ..."), markdown bullets and emoji-laden texts, hedged states ("pretty sure I'm done
with ..."), absolute dates ("since 3/14", "on Jan 5th"), units switched (lb/kg, mi/km, °F/°C), long messages with
the change buried in the middle, a message quoting someone else, a status told through an outcome ("passed my
boards", "closing on the house Friday"), relationships (engaged, moved in, broke up, remarried), health
(diagnosed, in remission, cast off), paperwork (green card, name change, custody), school (switched majors,
dropped a class, defended). People: a long-haul trucker, a sommelier, a pharmacist, a Twitch streamer, a ski
instructor, a widower, a court reporter, a beekeeper, a yoga teacher, a divorced dad, an air-traffic controller,
a nursing-home resident. A fact is a string of words that must all appear in one kept memory (lowercased; "a|b"
is either).

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

_RESIDENT = ("## Resident profile\n- Name: Dolores Whitaker\n- Age: 86\n- Lives at Maple Grove Care Center, room 212\n"
             "- Her daughter Annette visits on Sundays")

_BEES = ("**Me, in a nutshell** 🐝\n- keep six hives behind the garage\n- sell honey at the Saturday farmers "
         "market 🍯\n- day job: court reporter for Cook County")

_LONG = ("Long day. The kids had swim lessons and then soccer, and the car made that grinding noise again. The judge "
         "finally signed the new parenting plan, so Maya and Theo are with me every other week now, Monday to "
         "Monday. Then I had to drive back to the office for a laptop I forgot. Pizza for dinner, no regrets.")

FACTS: list[tuple[str, list[str]]] = [
    # an agent's third-person notes about its user
    ("User's son Mateo started kindergarten at Riverside Montessori this fall.", ["mateo montessori"]),
    ("The user is a long-haul trucker; runs dedicated lanes for Schneider, out about three weeks at a time.",
     ["schneider"]),
    ("Prefers window seats on flights. Vegetarian meals only.", ["window seat", "vegetarian"]),
    ("User works as a court reporter in Cook County and writes on a Luminex steno machine.",
     ["court reporter", "luminex"]),
    ("Note: user has a penicillin allergy (hives).", ["penicillin"]),
    # markdown and emoji
    (_RESIDENT, ["maple grove", "annette sunday"]),
    (_BEES, ["six hives|6 hives", "farmers market", "court reporter"]),
    ("🎉🎉 PASSED MY BOARDS!!! officially a licensed pharmacist 💊👩‍⚕️", ["pharmacist"]),
    ("closing on the house Friday 🏡🔑 we'll be Round Rock people by next week", ["round rock"]),
    ("got my cast off today!! 🦴✨ wrist is weak but FREE", ["cast"]),
    # hedged
    ("pretty sure I'm done with coffee for good, it's been matcha every morning for a month", ["matcha"]),
    ("I guess I'm a cat person now? we took home two kittens from the shelter, Pickle and Bean", ["kitten"]),
    # absolute dates
    ("I've been sober since 3/14/2022. Almost three years.", ["sober"]),
    ("My green card interview is on Jan 5th at the Newark field office.", ["green card"]),
    ("Started teaching vinyasa at CorePower on Feb 2", ["corepower"]),
    # units
    ("weighed in at 82 kg this morning, that's like 181 lb for my American friends", ["82"]),
    ("my long run this weekend was 21 km, furthest I've ever gone", ["21 km|21k|21-kilometer"]),
    # a change buried in a long message
    (_LONG, ["every other week"]),
    # quoting someone
    ("my boss literally said 'you're on the Denver account now' so I guess I live at DIA this quarter",
     ["denver account"]),
    # outcomes
    ("Defended my dissertation yesterday!!! Dr. Okafor now 😎", ["dissertation|defended"]),
    ("hit affiliate on twitch last night!!! 50 followers lets gooo 🎮", ["affiliate"]),
    # relationships
    ("Jenna and I got engaged on the ferry to Bainbridge last Saturday", ["engaged"]),
    ("My partner Sam moved in with me last month, so the spare room is an office now", ["sam"]),
    ("After Ruth passed I never thought I'd marry again, but Carol and I tied the knot in June.", ["carol"]),
    # health
    ("Got diagnosed with type 2 diabetes last week. Lots to learn.", ["diabetes"]),
    ("last scan was clean, oncologist says I'm in remission 🙏", ["remission"]),
    # paperwork
    ("Legally changed my last name back to Alvarez after the divorce went through", ["alvarez"]),
    # school
    ("Switched my major from biology to nursing this semester", ["nursing"]),
    ("dropped organic chem today, too much with my work hours", ["organic chem|orgo"]),
    # people
    ("I'm the head sommelier at Bellweather now, rebuilding the whole wine list", ["sommelier bellweather"]),
    ("I teach ski school at Mammoth December through April, and guide fly fishing out of Bishop the rest of the year",
     ["mammoth", "fly fishing"]),
    ("I work approach control at the Atlanta TRACON, rotating shifts", ["tracon|approach control"]),
]

JUNK: list[str] = [
    "lol",
    "thanks, that's super helpful 🙏",
    "ok cool",
    "what's the capital of Peru?",
    "can you make that shorter",
    "😂😂😂",
    "good morning!",
    "hmm let me think about it and get back to you",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "what wine goes with grilled salmon?"),
      ("assistant", "An Oregon Pinot Noir is a classic pairing. Do you have a favorite region?"),
      ("user", "ha, I'm a sommelier, I pour mostly Burgundy at work")],
     ["sommelier"], ["oregon"]),
    ([("user", "help me plan dinners for the week"),
      ("assistant", "Sure! Any dietary restrictions? Quinoa bowls are easy to batch."),
      ("user", "I'm celiac, diagnosed in March")],
     ["celiac"], ["quinoa"]),
    ([("assistant", "Where are you based these days?"),
      ("user", "Reno. I haul out of the Sparks yard")],
     ["reno|sparks"], []),
    ([("user", "my custody schedule changed"),
      ("assistant", "What does it look like now?"),
      ("user", "I get the kids Wednesday nights and every other weekend")],
     ["wednesday"], []),
    ([("user", "what's a good beginner stream setup?"),
      ("assistant", "A Shure MV7 mic and an Elgato Facecam are popular choices."),
      ("user", "I already have a Blue Yeti. I stream Valorant mostly")],
     ["valorant"], ["mv7", "elgato"]),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "My granddaughter Lily set this up for me."),
      ("assistant", "How lovely! How can I help you today?"),
      ("user", "I moved into Sunrise Village in September. My hip doesn't let me do stairs anymore."),
      ("assistant", "That sounds like a big change. Is there a physical therapist there?")],
     ["sunrise village"], ["physical therapist"]),
    ([("user", "lost two hives over the winter, down to four now"),
      ("assistant", "Sorry to hear that. Varroa mites are a common cause."),
      ("user", "yeah it was mites")],
     ["four|4"], ["varroa"]),
    ([("user", "new truck finally, a 2024 Peterbilt 579"),
      ("assistant", "Nice rig! Are you still running the I-10 route?"),
      ("user", "nah I run dedicated for Walmart now, Texas regional")],
     ["peterbilt", "walmart"], ["i-10"]),
    ([("user", "what time is it in Tokyo?"),
      ("assistant", "It's about 3 AM in Tokyo right now."),
      ("user", "ok thanks")],
     [], ["tokyo"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    # an agent's third-person notes
    ("User lives in Portland, Oregon.", "User has relocated to Spokane for a new job.",
     "where does the user live", "spokane", "portland"),
    ("Prefers aisle seats.", "User now prefers window seats; says he sleeps better on flights.",
     "seat preference", "window", "aisle"),
    ("The user works the day shift at the Atlanta tower.", "The user was moved to the midnight shift as of 3/1.",
     "what shift does the user work", "midnight", "day shift"),
    # hedged
    ("I drink about three cups of coffee a day.", "pretty sure I'm done with coffee for good, it's green tea now 🍵",
     "coffee habit", "green tea", "three cups"),
    # units switched
    ("I weigh 190 lb.", "Weighed in at 82 kg this morning 💪", "my weight", "82", "190"),
    ("My long runs are about 10 miles.", "long run is up to 25 km now", "long run distance", "25", "10 miles"),
    # quoting someone
    ("I handle the Phoenix account at work.", "my boss said 'you're on the Denver account now' so that's that",
     "which account do I handle", "denver", "phoenix"),
    # outcomes
    ("I'm studying for my nursing boards.", "passed my boards!!! 🎉 I'm an RN now", "nursing boards",
     "passed|rn", "studying"),
    ("We rent a two-bedroom in Midtown.", "closing on the house Friday, homeowners in Round Rock 🏡",
     "where do we live", "round rock", "midtown"),
    # relationships
    ("My girlfriend Tasha and I live together in Tempe.", "Tasha and I broke up last month, she kept the apartment",
     "tasha", "broke", "live together"),
    ("I'm single.", "ENGAGED!!! 💍 Marcus asked on the beach last night", "relationship status", "engaged", "single"),
    ("My wife Ruth passed away in 2019; I'm a widower.", "I remarried in June. Carol and I had a small church wedding",
     "wife", "carol", "widower"),
    # health
    ("Undergoing chemo for Hodgkin lymphoma.", "Scan came back clean, I'm officially in remission!",
     "lymphoma treatment", "remission", "chemo"),
    ("Broke my wrist skiing, in a cast for six weeks.", "cast came off today 🙌 wrist is stiff but free",
     "wrist cast", "off", "six weeks"),
    # paperwork
    ("I'm in the US on an H-1B visa.", "green card approved on Jan 5th!! permanent resident now 🇺🇸",
     "immigration status", "green card", "h-1b"),
    ("My name is Sarah Kowalski.", "Legally changed my name back to Sarah Alvarez", "my last name", "alvarez",
     "kowalski"),
    ("I have my kids every weekend.", _LONG, "custody schedule", "every other week", "every weekend"),
    # school
    ("I'm a biology major at UC Davis.", "switched majors to nursing 😅 premed wasn't for me", "my major",
     "nursing", "biology"),
    # corrections
    ("I teach yoga at CorePower on Tuesdays.", "sorry, I meant Thursdays, Tuesday is my day off",
     "when do I teach yoga", "thursday", "tuesday"),
    ("My daughter is allergic to peanuts.", "actually it's tree nuts, the allergist retested her",
     "daughter allergy", "tree nut", "peanut"),
    # work
    ("I'm the assistant sommelier at Bellweather.", "Got promoted: head sommelier at Bellweather starting this month",
     "my job title", "head sommelier", "assistant"),
    ("I stream on Twitch Monday, Wednesday and Friday.", "moved my stream over to YouTube, Twitch payouts were awful",
     "where do I stream", "youtube", "twitch"),
    ("I teach skiing at Mammoth every winter.", "This season I'm coaching at Big Sky, Mammoth didn't renew my contract",
     "where do I teach skiing", "big sky", "mammoth"),
    ("🚗 I drive a Honda Civic", "sold the civic 😢 picked up a used Tacoma", "my car", "tacoma", "civic"),
    ("I keep six hives in the backyard.", "the bees had a rough winter, down to 4 colonies",
     "how many hives do I keep", "4", "six"),
    ("I'm a pharmacist at the CVS on Elm Street.",
     "first week at Kaiser's outpatient pharmacy went great, so much better than retail",
     "where do I work", "kaiser", "cvs"),
]

CHAINS: list[tuple[list[str], str, str, list[str]]] = [
    (["I live in Lakewood.", "We moved to Boulder over the summer.", "just bought a place in Fort Collins 🏡"],
     "where do I live", "fort collins", ["lakewood", "boulder"]),
    (["User drives for Schneider.", "User now drives for J.B. Hunt.",
      "As of 5/1 the user is an owner-operator leased on with Landstar."],
     "who does the user drive for", "landstar", ["schneider", "j.b. hunt"]),
    (["I'm 230 lbs.", "down to 95 kg 💪", "88 kg this morning!!"], "my weight", "88", ["230", "95"]),
    (["I'm majoring in finance.", "switched to econ", "ok final answer, it's data science now 😂"],
     "my major", "data science", ["finance", "econ"]),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    # another person's same attribute
    ("I live in Tucson.", "My sister just moved to Seattle.", "where do I live", "tucson", "seattle"),
    ("My son goes to Lincoln Elementary.", "My nephew switched to Jefferson Academy this year.",
     "which school does my son go to", "lincoln", "jefferson"),
    ("User works the night shift at the post office.", "User's roommate switched to the day shift.",
     "what shift does the user work", "night", "day shift"),
    ("I weigh 165 lb.", "the vet says our lab is 80 lbs now, he needs a diet lol", "my weight", "165", "80"),
    ("I'm a yoga teacher.", "my husband just became a firefighter!", "my job", "yoga", "firefighter"),
    # an organisation as the subject
    ("I drive a Ford F-150.", "Ford moved its EV truck production to Tennessee.", "what truck do I drive",
     "f-150", "tennessee"),
    ("I teach yoga at CorePower.", "CorePower moved to a new studio on Pine Street.", "where do I teach yoga",
     "corepower", "pine"),
    # a plan only considered, a conditional
    ("I'm a vegetarian.", "thinking about going vegan after that documentary", "my diet", "vegetarian", "vegan"),
    ("I drive a Subaru Outback.", "if the transmission goes I'll probably get a RAV4", "my car", "outback", "rav4"),
    ("I live in Phoenix.", "we might move to Flagstaff next year if the job comes through", "where do I live",
     "phoenix", "flagstaff"),
    # a joke
    ("I work as a court reporter.", "lol I'm quitting to become a professional napper. kidding, deposition at 9",
     "my job", "court reporter", "napper"),
    # a show, a book, a dream
    ("I live in Chicago.", "in the show she moves to Paris and leaves everyone behind, I was so mad",
     "where do I live", "chicago", "paris"),
    ("I'm married to Dan.", "finished the book, the wife divorces him and marries the neighbor, wild ending",
     "who am I married to", "dan", "neighbor"),
    # the past
    ("I live in Sacramento.", "back in college I lived in Boston, miss the T sometimes", "where do I live",
     "sacramento", "boston"),
    # a negated change
    ("I work at Target.", "I'm not leaving Target, the Costco offer was too low", "where do I work", "target",
     "costco"),
    # a temporary state
    ("I live in Minneapolis.", "staying at my sister's in Duluth this week while our floors get redone",
     "where do I live", "minneapolis", "duluth"),
    # a question
    ("I'm allergic to penicillin.", "is amoxicillin a penicillin? asking for my mom", "what am I allergic to",
     "penicillin", "amoxicillin"),
    # an ad, a friend's number
    ("My phone number is 555-0142.", "Call 1-800-555-0199 today for a FREE solar quote! ☀️", "my phone number",
     "0142", "0199"),
    ("My number is 312-555-0187.", "here's Jake's number if you need it: 312-555-0123", "my phone number",
     "0187", "0123"),
    # another's outcome
    ("I'm studying for the bar exam.", "my roommate passed the bar!! so proud of her", "bar exam", "studying",
     "passed"),
]
