"""A tenth fresh English set, written by a new hand before reading the extractor or its rules.

Styles the other sets lack: phone-typed messages (lowercase, no punctuation, "rn", "tmrw", "bf", "ngl", emoji),
bullet lists and "quick update:" notes holding two to four facts, a fact given only in the user's short answer to
the assistant's question, facts said through someone else ("my wife says", "my doctor put me on"), a dose or a
schedule changed, a subscription or plan, a diet change, an allergy found, a child's school, grade or teacher, a
pet adopted or lost, a tech stack at work, a language being learned, a car changed, a street moved to. People: a
night-shift ER nurse, a long-haul trucker, a PhD student, a single dad, a bakery owner, a retired teacher, a
Twitch streamer, a pastor, a new immigrant, a college athlete. A fact is a string of words that must all appear in
one kept memory (lowercased; "a|b" is either).

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

_UPDATE = ("quick update:\n- started the new job at Cedars on monday\n- moved into the place on Alder Street\n"
           "- finally adopted the cat, her name is Mochi")

_BULLETS = ("Things to remember about me:\n* I'm lactose intolerant\n* I drive a 2019 RAV4\n"
            "* my son Eli is in 3rd grade at Lincoln Elementary\n* I'm learning Portuguese")

_TRUCKER = ("update for ya: switched carriers, I'm hauling for Werner now. doing the I-80 run Chicago to Salt Lake "
            "mostly. home every other weekend")

FACTS: list[tuple[str, list[str]]] = [
    # phone-typed
    ("omg my bf proposed last night 😭💍", ["proposed|engaged"]),
    ("ngl im so tired rn, working nights in the ER all week", ["night"]),
    ("just found out im allergic to shellfish lol rip shrimp", ["shellfish"]),
    ("moving to austin tmrw!! so nervous", ["austin"]),
    ("my daughter starts kindergarten at maple grove next wk", ["kindergarten"]),
    ("got a puppy!!! hes a corgi named waffles 🐶", ["corgi|waffles"]),
    ("cancelled netflix finally, too expensive", ["netflix"]),
    ("im vegan now btw, like 2 months in", ["vegan"]),
    ("we lost our dog buster last week. still cant believe it", ["buster"]),
    # bullets and updates
    (_UPDATE, ["cedars", "alder", "mochi"]),
    (_BULLETS, ["lactose", "rav4", "lincoln", "portuguese"]),
    (_TRUCKER, ["werner", "i-80|chicago"]),
    ("Quick update: passed my quals, so I'm officially a PhD candidate now. Advisor is Dr. Feld.",
     ["phd candidate|quals", "feld"]),
    # through someone else
    ("My wife says I snore like a chainsaw.", ["snore"]),
    ("My doctor put me on metformin last month.", ["metformin"]),
    ("The allergist says I'm allergic to birch pollen.", ["birch"]),
    ("My coach moved me to point guard this season.", ["point guard"]),
    # dose / schedule / plan
    ("They upped my lisinopril to 20mg.", ["lisinopril", "20"]),
    ("I work night shifts now, 7p to 7a.", ["night"]),
    ("Signed up for a Planet Fitness membership, $10 a month.", ["planet fitness"]),
    ("Our phone plan is with Mint Mobile.", ["mint"]),
    # diet, tech stack, language, car
    ("Doing keto since the new year.", ["keto"]),
    ("At work we're migrating the whole backend from Rails to Go.", ["backend go"]),
    ("I'm learning Korean on Duolingo, 140 day streak.", ["korean"]),
    ("Traded in the Civic for a used Tacoma.", ["tacoma"]),
    ("We moved to 14 Birchwood Lane last month.", ["birchwood"]),
    # people and lives
    ("I stream on Twitch four nights a week, mostly Elden Ring.", ["twitch"]),
    ("I pastor a small Lutheran church in rural Iowa.", ["lutheran|pastor"]),
    ("I own a bakery in Portland called Rise & Crumb.", ["bakery"]),
    ("Retired after 31 years teaching middle school science.", ["retired|teaching"]),
    ("Single dad of two boys, 6 and 9.", ["single dad|two boys"]),
    ("I came here from Ukraine two years ago and I'm still working on my English.", ["ukraine"]),
    ("I run the 400m for Oregon State, junior year.", ["oregon state|400"]),
    ("My son's teacher this year is Mrs. Alvarez, he loves her.", ["alvarez"]),
]

JUNK: list[str] = [
    "lol ok",
    "ty!! 🙏",
    "hmm idk let me think abt it",
    "can u make that shorter",
    "k thx bye",
    "what's a good name for a sourdough starter?",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("assistant", "Where are you working these days?"), ("user", "Stripe, since August")],
     ["stripe"], []),
    ([("assistant", "What language are you studying right now?"), ("user", "japanese! N4 in december hopefully")],
     ["japanese"], []),
    ([("assistant", "Do you have any food allergies I should know about?"), ("user", "peanuts, pretty bad")],
     ["peanut"], []),
    ([("assistant", "What do you drive? A Subaru would be great for snow."), ("user", "a 2015 Honda Fit lol")],
     ["fit"], ["subaru"]),
    ([("assistant", "Which school does your son go to?"), ("user", "Roosevelt Middle, 7th grade")],
     ["roosevelt"], []),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "hey so my shifts changed"),
      ("assistant", "Oh? What's the new schedule? Many nurses prefer three 12s."),
      ("user", "nights, 3 on 4 off. ER at St. Vincent"),
      ("assistant", "Got it, that's a tough rotation.")],
     ["night|st. vincent"], ["three 12s"]),
    ([("user", "I want to plan meals for the week"),
      ("assistant", "Sure! Any dietary restrictions? Maybe try the Mediterranean diet."),
      ("user", "gluten free, I have celiac")],
     ["celiac|gluten"], ["mediterranean"]),
    ([("user", "can you recommend a podcast"),
      ("assistant", "Try Hardcore History."),
      ("user", "thanks")],
     [], ["hardcore history"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("I work at Stripe.", "last day at stripe was friday, starting at Plaid on monday 🎉",
     "where do I work", "plaid", "stripe"),
    ("My doctor has me on 10mg of lisinopril.", "they bumped my lisinopril up to 20mg",
     "lisinopril dose", "20mg|20 mg", "10mg"),
    ("I work the day shift.", "night shift starting this week, ugh",
     "what shift do I work", "night", "day shift"),
    ("I'm vegetarian.", "started eating fish again, so pescatarian I guess",
     "what's my diet", "pescatarian", "vegetarian"),
    ("I drive a Honda Civic.", "sold the civic, picked up a Mazda CX-5 this weekend",
     "what car do I drive", "cx-5|mazda", "civic"),
    ("I live on Maple Avenue.", "new address: 220 Harbor Street, apt 4",
     "what's my address", "harbor", "maple"),
    ("We have a Netflix subscription.", "cancelled netflix, we just use hulu now",
     "what streaming service do we have", "hulu", "netflix"),
    ("My phone plan is with Verizon.", "ported my number to T-Mobile yesterday",
     "who is my phone carrier", "t-mobile", "verizon"),
    ("I'm learning Spanish.", "dropped spanish, doing french on duolingo now",
     "what language am I learning", "french", "spanish"),
    ("My daughter is in 2nd grade.", "Lily just started 3rd grade!",
     "what grade is my daughter in", "3rd", "2nd"),
    ("Our dog is named Rex.", "Rex passed away in march. We adopted a beagle named Pepper last week.",
     "what's our dog's name", "pepper", "rex"),
    ("I haul for Swift.", "signed on with Schneider, first load out tomorrow",
     "who do I drive for", "schneider", "swift"),
    ("I'm a PhD student in chemistry.", "defended last week!! Dr. me now",
     "am I a PhD student", "defended", "phd student"),
    ("My bakery opens at 6am.", "we open at 7 now, the 6am crowd wasn't worth it",
     "when does my bakery open", "open 7", "6am"),
    ("I stream on Twitch.", "moved my streams over to YouTube, the Twitch payouts got terrible",
     "where do I stream", "youtube", "twitch"),
    ("My gym is Planet Fitness.", "switched gyms, I go to the YMCA on 5th now",
     "what gym do I go to", "ymca", "planet fitness"),
    ("My backend is written in Python.", "we rewrote the backend in Rust over the summer",
     "what is our backend written in", "rust", "python"),
    ("I'm allergic to penicillin.", "Actually, correction: it's amoxicillin I'm allergic to, not penicillin.",
     "what am I allergic to", "amoxicillin", "penicillin"),
    ("My son's teacher is Mr. Grant.", "Eli got moved to Ms. Patel's class this week",
     "who is my son's teacher", "patel", "grant"),
    ("I play shortstop.", "coach has me at second base this year",
     "what position do I play", "second base", "shortstop"),
    ("I'm a youth pastor at Grace Church.", "accepted the senior pastor role at Grace!",
     "what is my role at church", "senior pastor", "youth pastor"),
    ("I live in Kyiv.", "we made it to Toronto, this is home now",
     "where do I live", "toronto", "kyiv"),
]

CHAINS: list[tuple[list[str], str, str, list[str]]] = [
    (["I take 500mg of metformin.", "doc raised my metformin to 1000mg", "metformin is at 1500mg now"],
     "metformin dose", "1500", ["500mg", "1000mg"]),
    (["I drive a Corolla.", "got a Camry now", "traded the camry for a Prius lol"],
     "what car do I drive", "prius", ["corolla", "camry"]),
    (["I live on Oak Street.", "we moved to Pine Road", "new place is on Cedar Court"],
     "what street do I live on", "cedar", ["oak", "pine"]),
    (["I'm in 10th grade.", "11th grade now", "senior year starts monday!!"],
     "what grade am I in", "senior", ["10th", "11th"]),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    # another person's same attribute
    ("I'm allergic to peanuts.", "My sister is allergic to shellfish.",
     "what am I allergic to", "peanut", "shellfish"),
    ("I drive a Subaru Outback.", "my husband drives a F-150",
     "what car do I drive", "subaru", "f-150"),
    ("I work night shifts in the ER.", "my roommate works days at the DMV",
     "what shift do I work", "night", "days"),
    # an organisation sharing the attribute's word as subject
    ("I'm on the payments team.", "the payments team is hiring two more engineers",
     "what team am I on", "payments", "hiring"),
    ("I own a bakery on Main Street.", "the bakery across the street closed down",
     "what do I own", "bakery", "closed"),
    # a one-off
    ("I'm vegetarian.", "had a bite of my dad's brisket at the bbq, don't tell anyone",
     "what's my diet", "vegetarian", "brisket"),
    # a hypothetical
    ("I live in Denver.", "if I got the Seattle job we'd have to move to Seattle",
     "where do I live", "denver", "seattle"),
    # a wish
    ("I drive a 2012 Accord.", "i really want a tesla someday",
     "what car do I drive", "accord", "tesla"),
    # a quote
    ("I work at Target.", "my manager keeps saying 'you'd be great at Costco' lol",
     "where do I work", "target", "costco"),
    # a negated change
    ("I take 20mg of lisinopril.", "doc said we're not changing my lisinopril dose",
     "lisinopril dose", "20", "not changing"),
    ("I'm learning Italian.", "thought about switching to German but nah, sticking with Italian",
     "what language am I learning", "italian", "german"),
    # an old story
    ("I live in Chicago.", "back in college I lived in Madison for four years",
     "where do I live", "chicago", "madison"),
    # a temporary state
    ("I live in Phoenix.", "staying at my mom's in Tucson this week while she recovers",
     "where do I live", "phoenix", "tucson"),
    # a question about the attribute
    ("My phone plan is with AT&T.", "is Visible cheaper than AT&T?",
     "who is my phone carrier", "at&t", "visible"),
    # an ad or offer
    ("I have car insurance with Geico.", "Progressive keeps sending me ads",
     "who is my car insurance with", "geico", "progressive"),
    ("I have a Hulu subscription.", "got an email offering 3 months of Peacock free",
     "what streaming service do I have", "hulu", "peacock"),
    # a measurement of someone else
    ("I weigh 180 pounds.", "my son weighs 62 pounds now, growing so fast",
     "how much do I weigh", "180", "62"),
    ("My blood pressure is 128/82.", "my dad's blood pressure was 160 over 95 today",
     "what's my blood pressure", "128", "160"),
]
