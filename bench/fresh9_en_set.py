"""A ninth fresh English set, written by a new hand before reading the extractor or its rules.

Styles the other sets lack: several turns forwarded at once by an agent (the fact in the user's second turn), a
long message about a day with three facts buried in it, one message changing two attributes at once, numbers and
measurements (blood pressure, a running PR, a weight, a salary, a GPA, a credit score, a rent), rescheduled dates,
providers (dentist, vet, internet, car insurance, a doctor), visa status, living arrangements, favourites, a hobby
dropped for another, a team at work. People: a nurse practitioner, a farmer, a software intern, a widower, a
grad-school applicant, a musician on tour, a foster parent, a military spouse, a retiree who moved abroad. A fact
is a string of words that must all appear in one kept memory (lowercased; "a|b" is either).

- ``FACTS``: (message, facts) sent alone through mem0's SDK shape.
- ``JUNK``: messages that should keep nothing.
- ``EXCHANGES``: (turns as (role, content), facts, wrong) sent as ONE mem0 ``add`` of several messages;
  ``wrong`` are the assistant's words that must not be kept as the user's.
- ``SESSIONS``: alike, sent through ``POST /sessions/{id}/messages`` then ``/close``.
- ``CONTRADICTIONS``: (first, second, query, current, old): the second changes the first, said indirectly and
  without an ``entity``; search for ``query`` should rank a memory holding ``current`` first.
- ``CHAINS``: (messages, query, current, olds): a value changed twice or more, each message sent alone in turn;
  every memory kept from the earlier messages must be retired and ``current`` ranked first.
- ``TRAPS``: (first, second, query, current, other): alike but not contradicting; both stay active (another
  person's attribute, an organisation sharing the attribute's word as subject, a one-off, a hypothetical, a wish,
  a quote, a negated change, an old story, a temporary state, a question, an ad or offer, someone else's
  measurement).
"""

from __future__ import annotations

_DAY = ("Long day, sorry for the essay. Started at 5 because the cows don't care that it's Sunday, then drove "
        "the old Ford into town for feed and ran into Marlene from church, who talked my ear off about the bake "
        "sale. Got home, fixed the fence on the north pasture again, the deer keep knocking it over. Lunch was "
        "leftovers. The vet came out around two for the heifer with the limp, and she thinks it's just a bruise, "
        "thank God. By the way I finally switched us over to organic certification last spring, so paperwork is "
        "basically my second job now. Evening I sat on the porch and listened to the Avett Brothers, which is "
        "still my favorite band after all these years, while my grandson chased fireflies. He's staying with us "
        "for the summer because his mom is deployed. Anyway, I'm beat, tell me something cheerful before bed.")

_TOUR = ("Writing from a van somewhere outside Albuquerque. We had three shows cancelled this week because of the "
         "venue flooding in Tulsa, so the mood's low. Our drummer quit in Dallas and we're using a fill-in guy "
         "from Austin who's honestly fine. I play bass in the band, have for six years now, and I'm the one who "
         "books everything, which is why I'm stressed. Money-wise we're fine-ish, merch is carrying us. My "
         "girlfriend is back home in Nashville, and we're talking about getting a place together when the tour "
         "wraps in October. Anyway the real reason I'm writing: my wrist has been aching and I've got a follow-up "
         "with an orthopedist in Nashville on the 14th. Can you help me find stretches I can do in the van?")

FACTS: list[tuple[str, list[str]]] = [
    # long messages with facts buried in a day
    (_DAY, ["organic", "avett brothers", "grandson"]),
    (_TOUR, ["bass", "nashville", "orthopedist"]),
    # two attributes changed in one message
    ("New job, new city: I'm in Denver now, working for REI.", ["denver", "rei"]),
    ("Big week - got engaged AND got the offer from Kaiser!", ["engaged", "kaiser"]),
    # numbers and measurements
    ("Doc took my blood pressure today, 142 over 91, so she wants me back in a month.", ["142"]),
    ("Ran a 21:48 5K on Saturday, a new PR for me.", ["21:48"]),
    ("I'm down to 187 pounds from 210 since January.", ["187"]),
    ("My salary is $68,500 before taxes.", ["68,500|68500"]),
    ("Graduated with a 3.7 GPA, if that matters for the application.", ["3.7"]),
    ("Credit score finally hit 742!", ["742"]),
    ("Our rent is $2,150 a month for a two-bedroom.", ["2,150|2150"]),
    ("My resting heart rate sits around 52.", ["52"]),
    # rescheduled dates
    ("The wedding got moved to June 12.", ["june 12"]),
    ("My surgery is scheduled for March 3rd at St. Luke's.", ["march 3"]),
    # providers
    ("My dentist is Dr. Okafor over on Elm Street.", ["okafor"]),
    ("We take Biscuit to Banfield for his shots.", ["banfield"]),
    ("Our internet is through Spectrum and it drops every evening.", ["spectrum"]),
    ("I have car insurance with State Farm, full coverage.", ["state farm"]),
    ("My primary care doctor is Dr. Lindqvist at the Mayo clinic.", ["lindqvist"]),
    # immigration, living arrangements
    ("I'm on an H-1B visa, my employer is sponsoring my green card.", ["h-1b|h1b"]),
    ("I live with two roommates in a rowhouse in Philly.", ["roommates"]),
    ("My mother-in-law moved in with us after her stroke.", ["mother-in-law"]),
    # favourites
    ("Favorite book of all time: East of Eden.", ["east of eden"]),
    ("Severance is the best show on TV right now, no contest.", ["severance"]),
    ("Our go-to restaurant is Lupe's Taqueria on 5th.", ["lupe"]),
    # people and lives
    ("I'm a nurse practitioner at a rural clinic in Montana.", ["nurse practitioner"]),
    ("We grow soybeans and corn on about 600 acres.", ["soybeans"]),
    ("Just started my software internship at Shopify this week, on the checkout team.", ["shopify"]),
    ("My wife Ruth passed two years ago, it's just me and the dog now.", ["ruth"]),
    ("Applying to PhD programs in linguistics this fall, mostly on the west coast.", ["linguistics"]),
    ("We've been foster parents for four years, currently have a 9-year-old boy with us.", ["foster"]),
    ("My husband is active duty Army, we're stationed at Fort Bragg.", ["fort bragg"]),
    ("Retired to Portugal in 2022, we're in a little town outside Lagos in the Algarve.", ["portugal"]),
    ("Quit climbing after my shoulder surgery, pottery is my thing now.", ["pottery"]),
    ("I'm on the data platform team at work, under Priya.", ["data platform"]),
    ("I work in the billing department at a hospital.", ["billing"]),
]

JUNK: list[str] = [
    "what's 15% of 68?",
    "ok cool, thanks!",
    "Can you give me a recipe for banana bread?",
    "lol that's wild",
    "Translate 'good morning' into Portuguese please.",
    "How many ounces are in a cup?",
    "nvm figured it out",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "hey can you help me pick a gift"),
      ("assistant", "Of course! Who's it for and what do they like?"),
      ("user", "my foster daughter, she's 14 and obsessed with Taylor Swift")],
     ["foster daughter"], ["who's it for"]),
    ([("user", "I need a meal plan"),
      ("assistant", "Happy to help. Any dietary restrictions? Many people try keto or Mediterranean."),
      ("user", "I'm type 1 diabetic, so carb counting matters a lot")],
     ["diabetic"], ["keto", "mediterranean"]),
    ([("user", "how do I renew my visa"),
      ("assistant", "Which visa are you on right now?"),
      ("user", "F-1, I'm doing my master's at Purdue")],
     ["f-1|f1", "purdue"], []),
    ([("user", "Need some help with a cover letter"),
      ("assistant", "Sure, what's the role? I'd suggest highlighting leadership."),
      ("user", "It's for a charge nurse position, I've been an RN for eight years")],
     ["rn|nurse"], ["leadership"]),
    ([("user", "thinking about getting a dog"),
      ("assistant", "Fun! A Golden Retriever is great for families. Do you have a yard?"),
      ("user", "no yard, we're in a studio apartment in Queens")],
     ["queens"], ["golden retriever"]),
    ([("user", "can you recommend some music for my drive"),
      ("assistant", "What do you usually listen to?"),
      ("user", "mostly Radiohead honestly, they're my all-time favorite")],
     ["radiohead"], []),
    ([("assistant", "How's the farm doing this season?"),
      ("user", "rough, hail took out a third of the wheat"),
      ("assistant", "I'm sorry. Do you have crop insurance?"),
      ("user", "yeah, through Rain and Hail")],
     ["wheat"], ["crop insurance"]),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "hi, I want to get my finances in order"),
      ("assistant", "Great goal. What's your income like?"),
      ("user", "I make about 54k as a vet tech"),
      ("assistant", "And your biggest monthly costs?"),
      ("user", "rent is 1400, plus 300 for my student loans")],
     ["vet tech", "1400"], ["biggest monthly costs"]),
    ([("user", "my PCS orders came through"),
      ("assistant", "Congratulations! Where are you headed?"),
      ("user", "Ramstein, Germany. My husband's in the Air Force"),
      ("assistant", "Have you looked into the housing office there?")],
     ["ramstein"], ["housing office"]),
    ([("user", "what's the capital of Australia"),
      ("assistant", "Canberra."),
      ("user", "huh, I'd have guessed Sydney")],
     [], ["canberra"]),
    ([("user", "I'm trying to get back into running"),
      ("assistant", "Nice! What's your current weekly mileage?"),
      ("user", "maybe 12 miles, I'm training for the Chicago marathon in October"),
      ("assistant", "Consider adding a long run on Sundays.")],
     ["chicago marathon"], ["long run on sundays"]),
    ([("user", "we moved to Cuenca last year after I retired"),
      ("assistant", "Ecuador! How are you finding it?"),
      ("user", "love it, but my Spanish is still terrible")],
     ["cuenca"], []),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("Our internet provider is Comcast.",
     "Finally got fiber from AT&T installed yesterday and cancelled the cable.",
     "Who is my internet provider?", "at&t", "comcast"),
    ("My dentist is Dr. Patel.",
     "Switched dentists, I see Dr. Romero now because she takes my insurance.",
     "Who is my dentist?", "romero", "patel"),
    ("I have car insurance with Geico.",
     "Progressive quoted me way less so we're with them as of this month.",
     "Who is my car insurance with?", "progressive", "geico"),
    ("The wedding is on May 3.",
     "The wedding got pushed to June 12 because the venue double-booked.",
     "When is the wedding?", "june 12", "may 3"),
    ("My credit score is 680.",
     "Checked Credit Karma this morning, sitting at 731 now.",
     "What is my credit score?", "731", "680"),
    ("I weigh 210 pounds.",
     "Stepped on the scale today: 192.",
     "How much do I weigh?", "192", "210"),
    ("My 5K PR is 24:10.",
     "Broke my 5K record this weekend with a 22:37.",
     "What is my 5K PR?", "22:37", "24:10"),
    ("Our rent is $1,800 a month.",
     "Landlord raised us to $1,950 starting in August.",
     "How much is my rent?", "1,950|1950", "1,800"),
    ("I'm on an F-1 student visa.",
     "My H-1B got approved, so I'm no longer on student status.",
     "What visa am I on?", "h-1b|h1b", "f-1"),
    ("I live with my parents.",
     "Signed a lease on my own one-bedroom, moving out of my parents' place Saturday.",
     "Who do I live with?", "one-bedroom", "my parents"),
    ("My favorite band is Coldplay.",
     "These days nobody beats Fleet Foxes for me.",
     "What is my favorite band?", "fleet foxes", "coldplay"),
    ("My favorite show is The Office.",
     "Honestly The Bear has become my favorite show.",
     "What is my favorite show?", "the bear", "the office"),
    ("My hobby is woodworking.",
     "Sold all my woodworking tools, it's all about fly fishing for me these days.",
     "What is my hobby?", "fly fishing", "woodworking"),
    ("I'm on the payments team.",
     "I transferred to the search team last month.",
     "What team am I on at work?", "search", "payments"),
    ("I work at Target as a shift lead.",
     "New job, new city: I'm in Denver now working for REI.",
     "Where do I work?", "rei", "target"),
    ("I live in Columbus, Ohio.",
     "New job, new city: I'm in Denver now working for REI.",
     "Where do I live?", "denver", "columbus"),
    ("My vet is Riverside Animal Hospital.",
     "We take the dogs to Dr. Chen at Banfield now, Riverside got too expensive.",
     "Who is our vet?", "banfield", "riverside"),
    ("My salary is $62,000.",
     "Got a raise, I'm at 71k now.",
     "What is my salary?", "71k", "62,000"),
    ("My blood pressure was 150 over 95.",
     "With the new meds my blood pressure is down to 128 over 82.",
     "What is my blood pressure?", "128", "150"),
    ("My GPA is 3.4.",
     "Correction, my GPA is 3.6, I misremembered.",
     "What is my GPA?", "3.6", "3.4"),
    ("My doctor is Dr. Hughes.",
     "Dr. Hughes retired, so Dr. Amari at the same practice is my doctor now.",
     "Who is my doctor?", "amari", "hughes"),
    ("I'm a software intern at Stripe.",
     "Stripe gave me a full-time offer, I start as a software engineer in August.",
     "What is my job?", "software engineer", "intern"),
    ("I live in Lisbon.",
     "Wait, I told you wrong earlier, we're in Porto, not Lisbon.",
     "Where do I live?", "porto", "lisbon"),
]

CHAINS: list[tuple[list[str], str, str, list[str]]] = [
    (["I drive a Honda Civic.",
      "Traded the Civic in for a RAV4.",
      "The RAV4 got totaled, so now I've got a used F-150."],
     "What car do I drive?", "f-150", ["civic", "rav4"]),
    (["The recital is on April 5.",
      "The recital got moved to April 19.",
      "Recital's pushed again, it's May 2 now."],
     "When is the recital?", "may 2", ["april 5", "april 19"]),
    (["We're stationed at Fort Hood.",
      "Got orders, we're at Fort Carson now.",
      "PCS'd again, Fort Drum this time."],
     "Where are we stationed?", "fort drum", ["fort hood", "fort carson"]),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    # another person's same attribute
    ("My dentist is Dr. Okafor.",
     "My husband's dentist is Dr. Brandt.",
     "Who is my dentist?", "okafor", "brandt"),
    ("I weigh 165 pounds.",
     "My son weighs 92 pounds now, he's growing so fast.",
     "How much do I weigh?", "165", "92"),
    # an organisation sharing the attribute's word as subject
    ("I'm on the payments team.",
     "The payments team is hiring two more engineers.",
     "What team am I on?", "payments", "hiring"),
    ("We get internet from Spectrum.",
     "Spectrum is raising prices for everyone next year.",
     "Who is my internet provider?", "spectrum", "raising"),
    # a one-off
    ("My favorite restaurant is Lupe's Taqueria.",
     "We tried that new Thai place for my sister's birthday last night.",
     "What is my favorite restaurant?", "lupe", "thai"),
    # a hypothetical
    ("I live in Austin.",
     "If the Seattle job comes through we might end up in Seattle.",
     "Where do I live?", "austin", "seattle"),
    # a wish
    ("I drive a 2012 Corolla.",
     "Someday I'd love to own a Tesla.",
     "What car do I drive?", "corolla", "tesla"),
    # a quote
    ("I'm a nurse practitioner.",
     "My patient told me 'you should've been a surgeon' today, ha.",
     "What is my job?", "nurse practitioner", "surgeon"),
    # a negated change
    ("I have car insurance with State Farm.",
     "I looked into switching to Allstate but decided not to.",
     "Who is my car insurance with?", "state farm", "allstate"),
    ("I'm a vegetarian.",
     "Thought about going back to eating meat, but nah.",
     "What is my diet?", "vegetarian", "meat"),
    # an old story
    ("I live in Boise.",
     "Back in college I lived in Phoenix for a couple years.",
     "Where do I live?", "boise", "phoenix"),
    # a temporary state
    ("I live in Chicago.",
     "I'm in Miami this week for a conference.",
     "Where do I live?", "chicago", "miami"),
    # a question about the attribute
    ("My credit score is 742.",
     "Is a 742 credit score good enough for a mortgage?",
     "What is my credit score?", "742", "mortgage"),
    # an ad or offer
    ("My car insurance is with Geico.",
     "Progressive keeps sending me ads.",
     "Who is my car insurance with?", "geico", "progressive"),
    ("Our internet is through Comcast.",
     "Verizon left a flyer about fiber on our door.",
     "Who is my internet provider?", "comcast", "verizon"),
    # a measurement of someone else
    ("My blood pressure is 120 over 80.",
     "My dad's blood pressure was 160 over 100 at his checkup.",
     "What is my blood pressure?", "120", "160"),
    ("My 5K PR is 22:37.",
     "My running buddy just ran a 19:50.",
     "What is my 5K PR?", "22:37", "19:50"),
    # another person's job and city
    ("I work at REI.",
     "My brother just started at Patagonia.",
     "Where do I work?", "rei", "patagonia"),
    # a rescheduled date for a different event
    ("The wedding is on June 12.",
     "My cousin's wedding got moved to July.",
     "When is the wedding?", "june 12", "july"),
]
