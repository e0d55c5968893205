"""An eighth fresh English set, written by a new hand before reading the extractor or its rules.

Styles the other sets lack: messages as agents forward them — a pasted email or a bullet list about the user, the
user correcting the agent ("no, it's Portland, Oregon, not Maine"), a voice-dictated run-on with no punctuation,
emoji-heavy texting, a fact and a request to the agent in one sentence, a third person telling about the user
("my wife says I snore"), and a fact in the user's answer to the assistant's question. People: a retiree, a
pastor, a truck driver, an ER nurse, a PhD student, a landlord, a new immigrant, a stay-at-home dad, a
small-business owner, a gamer, a chronic-illness patient. A fact is a string of words that must all appear in one
kept memory (lowercased; "a|b" is either).

- ``FACTS``: (message, facts) sent alone through mem0's SDK shape.
- ``JUNK``: messages that should keep nothing.
- ``EXCHANGES``: (turns as (role, content), facts, wrong) sent as ONE mem0 ``add`` of several messages;
  ``wrong`` are the assistant's words that must not be kept as the user's.
- ``SESSIONS``: alike, sent through ``POST /sessions/{id}/messages`` then ``/close``.
- ``CONTRADICTIONS``: (first, second, query, current, old): the second changes the first, said indirectly and
  without an ``entity``; search for ``query`` should rank a memory holding ``current`` first.
- ``TRAPS``: (first, second, query, current, other): alike but not contradicting; both stay active (another
  person's attribute, a one-off, a hypothetical, a plan not made, a wish, a quote, a negated change, a story about
  the past, a temporary state, a question about the attribute, a shop or place sharing the attribute's word, an
  unrelated attribute that shares a word).
"""

from __future__ import annotations

FACTS: list[tuple[str, list[str]]] = [
    # a list about the user
    ("Things about me: - 29 - nurse - 2 cats", ["nurse", "cats"]),
    ("Some background so you don't have to ask again:\n* retired since 2019\n* live in Tucson\n"
     "* widowed, two grown kids", ["tucson", "retired"]),
    ("quick facts: gluten intolerant, left-handed, drive a Silverado", ["gluten", "silverado"]),
    # a pasted email
    ("Here's the email I got, can you help me reply? \"Dear Pastor Mike, thank you for leading the service at "
     "Grace Fellowship on Sunday...\" For context I'm the associate pastor there.", ["pastor"]),
    ("Can you make this sound nicer: 'Hi team, I'll be out Friday for my dialysis appointment, back Monday.' "
     "I have dialysis three times a week.", ["dialysis"]),
    # the user corrects the agent
    ("no, it's Portland, Oregon, not Maine", ["portland oregon"]),
    ("You've got it wrong, I'm not a teacher, I'm a school counselor.", ["counselor"]),
    ("nope, my daughter is Ava not Eva", ["ava"]),
    # voice-dictated run-ons
    ("ok so I drive long haul for Werner mostly the I-80 corridor I'm gone like three weeks at a time and my "
     "wife handles the bills while I'm out", ["werner", "long haul"]),
    ("so basically I just moved here from Lagos two months ago and I'm still waiting on my work permit "
     "and my English classes are at the community college", ["lagos"]),
    ("remind me that I take metformin twice a day with breakfast and dinner", ["metformin"]),
    # emoji-heavy texting
    ("omg just adopted a kitten 😻😻 her name is Mochi 🍡", ["mochi"]),
    ("new job!!! 🎉🎉 starting at Kaiser as an ER nurse 🏥💉", ["kaiser"]),
    ("lol I'm so bad at cooking 😂🔥 burnt pasta AGAIN", ["cooking"]),
    ("just hit Diamond in Valorant 💎🎮 finally!!", ["diamond valorant"]),
    # a fact and a request in one sentence
    ("can you find me vegan recipes, I stopped eating dairy", ["dairy"]),
    ("help me write a cover letter, I'm applying for data analyst jobs since my PhD funding runs out in May",
     ["analyst|phd"]),
    ("Please suggest some low-impact exercises since I have rheumatoid arthritis.", ["rheumatoid arthritis"]),
    ("Could you draft a lease renewal for my tenant at the duplex on Oak Street?", ["duplex"]),
    # a third person telling about the user
    ("my wife says I snore", ["snore"]),
    ("My therapist thinks I have ADHD, I'm getting assessed next month.", ["adhd"]),
    ("My kids keep telling me I'm the best pancake maker in the family.", ["pancake"]),
    # people and lives
    ("I stay home with our twin boys while my wife works at the hospital.", ["twin"]),
    ("I own a little coffee roastery in Asheville, it's just me and two employees.", ["roastery|coffee"]),
    ("I'm in my fourth year of a PhD in marine biology at UC San Diego.", ["marine biology"]),
    ("I rent out the two units above my shop.", ["units|rent"]),
    ("Living with lupus means some weeks I can barely get out of bed.", ["lupus"]),
    ("I play Final Fantasy XIV most nights, I'm a healer in a static raid group.", ["final fantasy"]),
    ("I'm 71 and I volunteer at the food bank on Wednesdays.", ["food bank"]),
]

JUNK: list[str] = [
    "can you explain how compound interest works",
    "thx 🙏",
    "what's 15% of 84",
    "hmm let me think about it and get back to you",
    "Write a haiku about autumn leaves please",
    "ok cool 👍👍",
    "Translate 'where is the train station' into Portuguese.",
    "is it going to rain tomorrow in Chicago?",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("assistant", "Where do you live?"),
      ("user", "Leeds, for now")],
     ["leeds"], []),
    ([("assistant", "Do you have any allergies I should know about for the meal plan?"),
      ("user", "shellfish. and peanuts but only mildly")],
     ["shellfish"], []),
    ([("user", "I need help planning my week"),
      ("assistant", "Sure! What do you do for work?"),
      ("user", "ER nurse, three 12s a week, usually Thursday to Saturday")],
     ["nurse"], ["what do you do"]),
    ([("assistant", "What's your budget for the new laptop? A MacBook Air is about $999."),
      ("user", "under 800 ideally, I mostly just write papers for my dissertation")],
     ["dissertation"], ["macbook"]),
    ([("assistant", "How many kids do you have?"),
      ("user", "three. 4, 7 and 12")],
     ["three|3"], []),
    ([("assistant", "Would you like me to recommend a church nearby?"),
      ("user", "no thanks, I'm Catholic, we already go to St. Anne's")],
     ["catholic"], ["recommend a church"]),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "hey so I'm setting up my budget"),
      ("assistant", "Great! What's your monthly take-home pay?"),
      ("user", "about 4200 after tax, I'm a paralegal"),
      ("assistant", "Got it. Any big fixed costs?"),
      ("user", "rent's 1650 and my car loan is 380")],
     ["paralegal", "1650"], ["take-home pay"]),
    ([("user", "my back's killing me after the drive"),
      ("assistant", "Sorry to hear that. How long do you usually drive for?"),
      ("user", "11 hours a day, I haul freight for a living"),
      ("assistant", "That's tough. Have you tried lumbar support?")],
     ["freight"], ["lumbar support"]),
    ([("user", "what's a good name for a goldfish"),
      ("assistant", "How about Bubbles, Finn, or Goldie?"),
      ("user", "haha thanks")],
     [], ["bubbles"]),
    ([("assistant", "Welcome! To get started, what should I call you?"),
      ("user", "Dee is fine, nobody calls me Deanna"),
      ("assistant", "Nice to meet you, Dee. What brings you here?"),
      ("user", "just got to Canada from Manila and I'm trying to figure out banking")],
     ["dee", "manila"], ["what brings you"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("I have Blue Cross through my employer.",
     "Lost my job so I'm on Medicaid now.",
     "What health insurance do I have?", "medicaid", "blue cross"),
    ("We pay for Netflix and Hulu.",
     "Cancelled Netflix, we just have Hulu and Disney+ now.",
     "Which streaming services do I pay for?", "disney", "netflix and hulu"),
    ("I'm a member at First Baptist downtown.",
     "We've been going to the Methodist church on 5th since the spring, it fits us better.",
     "Which church do I go to?", "methodist", "first baptist"),
    ("I wear glasses, pretty strong prescription.",
     "Had LASIK last month, 20/20 now!",
     "Do I wear glasses?", "lasik", "glasses"),
    ("Training for the Chicago Marathon in October.",
     "Pulled out of Chicago, my hamstring isn't going to be ready.",
     "Am I running the Chicago Marathon?", "pulled|hamstring", "training"),
    ("I'm majoring in chemistry.",
     "Switched to nursing, the chem labs were killing me.",
     "What is my major?", "nursing", "chemistry"),
    ("I see a therapist every other Thursday.",
     "Stopped therapy in June, I felt like I'd gotten what I needed.",
     "Do I go to therapy?", "stopped", "every other thursday"),
    ("Our son goes to Little Sprouts daycare.",
     "My mother-in-law watches him during the day now, so we pulled him out of daycare.",
     "Who looks after our son?", "mother-in-law", "little sprouts"),
    ("I do all my work on an old ThinkPad.",
     "The ThinkPad finally died, I'm on a Mac Mini now.",
     "What computer do I use?", "mac mini", "old thinkpad"),
    ("I work part-time at the library, 20 hours a week.",
     "They offered me full-time hours and I took it.",
     "How many hours do I work?", "full-time|full time", "20 hours"),
    ("I volunteer at the animal shelter on Saturdays.",
     "I had to give up the shelter, no time with the new baby.",
     "Do I volunteer?", "give|gave up", "saturdays"),
    ("I sprained my ankle playing pickleball.",
     "Ankle's all healed, back on the court this week.",
     "How is my ankle?", "healed", "sprained"),
    ("Everyone calls me Jojo.",
     "I go by Jo these days, Jojo felt too childish.",
     "What do people call me?", "childish|by jo", "calls me jojo"),
    ("My gamertag is ShadowFox99.",
     "Changed my gamertag to NightOwl_Gus.",
     "What is my gamertag?", "nightowl", "shadowfox"),
    ("I'm a huge Cowboys fan.",
     "After last season I'm done with Dallas, I've become an Eagles fan, don't judge.",
     "Which football team do I support?", "eagles", "cowboys"),
    ("Our house has an oil furnace.",
     "We put in a heat pump over the summer and got rid of the furnace.",
     "How is our house heated?", "heat pump", "oil furnace"),
    ("My hair is dark brown.",
     "Went platinum blonde this weekend, total change.",
     "What color is my hair?", "blonde", "dark brown"),
    ("I bike to work most days.",
     "Since we moved out to the suburbs I take the commuter rail in.",
     "How do I get to work?", "rail", "bike"),
    ("We have a greyhound named Bolt.",
     "We had to rehome Bolt, he wasn't good with the baby.",
     "Do we have a dog?", "rehome", "greyhound"),
    ("I sell candles on Etsy on the side.",
     "Closed my Etsy shop, now I do bookkeeping for a few small businesses on the side.",
     "What is my side hustle?", "bookkeeping", "candles"),
    ("I'm on Eastern time.",
     "We relocated to Denver so I'm on Mountain time now.",
     "What time zone am I in?", "mountain", "eastern"),
    ("My brother's name is Jon.",
     "Actually it's Jonah, not Jon, I always shorten it.",
     "What is my brother's name?", "jonah", "jon"),
    ("I'm a night-shift ER nurse at Mercy.",
     "I left the ER, I'm doing outpatient infusion at Mercy now.",
     "What kind of nursing do I do?", "infusion", "er nurse"),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    ("I have Blue Cross through my employer.", "Does Blue Cross cover physical therapy?",
     "What health insurance do I have?", "blue cross", "physical therapy"),
    ("I work part-time at the bakery.", "The bakery is hiring part-timers, should I tell my cousin?",
     "Where do I work?", "bakery", "cousin"),
    ("I wear glasses.", "My husband just got contacts and he loves them.",
     "Do I wear glasses?", "glasses", "contacts"),
    ("We pay for Netflix.", "Watched a movie on my friend's Disney+ last night.",
     "Which streaming services do I pay for?", "netflix", "disney"),
    ("I'm a member at First Baptist.", "Went to my niece's wedding at a Catholic church on Saturday.",
     "Which church do I go to?", "baptist", "catholic"),
    ("I'm majoring in chemistry.", "If I switched to biology I'd graduate a semester later.",
     "What is my major?", "chemistry", "biology"),
    ("I see a therapist every other week.", "I keep thinking about quitting therapy but I'm not going to.",
     "Do I go to therapy?", "therapist", "quitting"),
    ("I bike to work.", "Took an Uber in today because of the rain.",
     "How do I get to work?", "bike", "uber"),
    ("My hair is dark brown.", "I'd love to go red one day, maybe when I retire.",
     "What color is my hair?", "brown", "red"),
    ("I'm on Eastern time.", "I'm in Phoenix for a conference this week so everything's three hours off.",
     "What time zone am I in?", "eastern", "phoenix"),
    ("My gamertag is ShadowFox99.", "My son's gamertag is LavaKing.",
     "What is my gamertag?", "shadowfox", "lavaking"),
    ("I'm a huge Cowboys fan.", "My dad always said 'no son of mine will root for the Eagles.'",
     "Which football team do I support?", "cowboys", "eagles"),
    ("I live in Tucson.", "Back when I lived in Ohio the winters were brutal.",
     "Where do I live?", "tucson", "ohio"),
    ("I sprained my ankle last week.", "My knee's been fine since the surgery in 2019.",
     "How is my ankle?", "ankle", "knee"),
    ("We have a greyhound named Bolt.", "We're dog-sitting my neighbor's beagle for the weekend.",
     "Do we have a dog?", "bolt", "beagle"),
    ("I drive a Peterbilt for Werner.", "No, I'm not switching companies, Werner's been good to me.",
     "Who do I drive for?", "werner", "switching"),
    ("I sell candles on Etsy on the side.", "Bought some candles at the farmers market for my mom.",
     "What is my side hustle?", "etsy", "farmers market"),
    ("Our son goes to Little Sprouts daycare.", "Little Sprouts is closed Monday for a staff day, ugh.",
     "Which daycare does our son go to?", "little sprouts", "staff day"),
    ("I'm on Medicaid.", "I'm thinking about looking into marketplace plans next year.",
     "What health insurance do I have?", "medicaid", "marketplace"),
]
