"""A fifth fresh English set, written by a new hand before reading the extractor or its rules.

Texting style the other sets lack: all lowercase, no punctuation, abbreviations and slang ("bf", "wfh", "rn",
"tbh", "ngl", "gonna", "my fav"), emoji, typos ("recieve", "definately") and dropped apostrophes ("im", "dont").
People: a teenager, a gig worker with two jobs, a new immigrant, a retiree, a caregiver for a parent, a remote
freelancer across time zones, an owner of several pets. Facts come with a question or a request in the same
message, inside a request to the assistant, or as answers to the assistant. A fact is a string of words that
must all appear in one kept memory (lowercased; "a|b" is either).

- ``FACTS``: (message, facts) sent alone through mem0's SDK shape.
- ``JUNK``: messages that should keep nothing.
- ``EXCHANGES``: (turns as (role, content), facts, wrong) sent as ONE mem0 ``add`` of several messages;
  ``wrong`` are the assistant's words that must not be kept as the user's.
- ``SESSIONS``: alike, sent through ``POST /sessions/{id}/messages`` then ``/close``.
- ``CONTRADICTIONS``: (first, second, query, current, old): the second changes the first; search for ``query``
  should rank a memory holding ``current`` first.
- ``TRAPS``: (first, second, query, current, other): alike but not contradicting; both stay active.
"""

from __future__ import annotations

FACTS: list[tuple[str, list[str]]] = [
    # a teenager
    ("im 16 and in 11th grade lol", ["16", "11th grade"]),
    ("my bf is jake hes a senior 😍", ["jake"]),
    ("ngl i hate math but im def gonna take ap bio next yr", ["math", "ap bio"]),
    ("i work at chipotle on weekends for gas money", ["chipotle"]),
    ("my fav band rn is boygenius tbh", ["boygenius"]),
    # a gig worker with two jobs
    ("i drive for uber in the mornings and do doordash at night", ["uber", "doordash"]),
    ("also deliver for instacart on sundays when im not too tired", ["instacart"]),
    ("my car is a 2014 prius w like 200k miles on it", ["prius"]),
    # a new immigrant
    ("i am from venezuela, i arrive to houston 8 months ago", ["venezuela", "houston"]),
    ("my english is not so good, i am taking esl class in the community college", ["esl|english class"]),
    ("in my country i was engineer but here i am working in construction", ["engineer", "construction"]),
    ("recieved my green card last week!!! 🎉", ["green card"]),
    # a retiree
    ("retired from the railroad in 2019, now i mostly fish and do crosswords", ["railroad", "fish|crossword"]),
    ("the grandkids come over every other sunday, theres 4 of them", ["grandkids|grandchildren"]),
    # a caregiver for a parent
    ("my mom has alzheimers and she lives with us now, im her main caregiver", ["alzheimer"]),
    ("her aide comes tues and thurs so i can go in to work those days", ["aide"]),
    # a remote freelancer across time zones
    ("im a freelance ux designer, most of my clients r in london so i work uk hours from denver",
     ["ux designer", "denver"]),
    ("wfh full time and my standup is at 7am my time 😴", ["7am|7 am|standup"]),
    # an owner of several pets
    ("i have 3 dogs biscuit pepper and moose and a cat named olive 🐶🐱", ["biscuit", "olive"]),
    ("moose is a great dane and hes only 1 lol", ["moose great dane"]),
    ("pepper needs her thyroid pills twice a day", ["pepper thyroid"]),
    # facts with a question or a request
    ("im vegan btw, whats a good lunch spot near union square?", ["vegan"]),
    ("book me a table for 4 at 7, my wife is gluten free", ["wife gluten"]),
    ("ugh my landlord raised the rent to 2400 😤 anyway can u help me make a budget", ["2400|2,400"]),
    ("my birthday is march 3rd, any ideas for a party?", ["birthday march"]),
    ("whats a good gift for my dad, hes really into golf and jazz", ["dad golf|jazz"]),
    ("ive got a peanut allergy so pls dont suggest thai places w peanuts", ["peanut"]),
    ("how do i get to jfk from queens, i live in astoria", ["astoria"]),
    ("my sister is getting married in june, what do i wear to a beach wedding", ["sister married|wedding"]),
    # answers and texting
    ("yeah two kids, 5 and 8", ["kids|two|2 5"]),
    ("yep, moved to SF last yr for work", ["sf|francisco"]),
    ("i definately cant eat shellfish", ["shellfish"]),
    ("i dont drink coffee, only matcha", ["matcha"]),
    ("live in nyc, bushwick w 2 roommates", ["bushwick|nyc"]),
    ("just finished my nursing degree and start at mass general in august", ["nursing", "mass general"]),
]

JUNK: list[str] = [
    "lol ok",
    "thx!!",
    "brb",
    "wait what",
    "ok nvm",
    "👍",
    "whats the weather tmrw",
    "how long do i boil an egg",
    "can u make that shorter",
    "gn",
    "haha true",
    "whats 15% of 80",
]

EXCHANGES: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "any tips for jet lag? flying to manila to see my lola"),
      ("assistant", "Try melatonin and get some sunlight when you arrive. Stay hydrated on the flight."),
      ("user", "thx, im filipino american btw, first time back in 10 yrs")],
     ["filipino"], ["melatonin", "hydrated"]),
    ([("assistant", "Do you have any kids?"),
      ("user", "yeah two, 5 and 8")],
     ["two|2 5"], []),
    ([("assistant", "What city are you in?"),
      ("user", "philly")],
     ["philly|philadelphia"], []),
    ([("user", "whats a good beginner guitar"),
      ("assistant", "The Yamaha FG800 is a great choice for beginners."),
      ("user", "cool ty")],
     [], ["yamaha"]),
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "my mom got diagnosed w parkinsons last yr"),
      ("assistant", "I'm sorry to hear that. Medications like levodopa and the Parkinson's Foundation can help."),
      ("user", "yeah shes on sinemet, i drive her to the neurologist every month")],
     ["parkinson", "sinemet"], ["levodopa", "foundation"]),
    ([("user", "need a cheaper phone plan, i use like 20gb a month"),
      ("assistant", "Mint Mobile and Visible are popular budget carriers."),
      ("user", "im on tmobile rn paying 70")],
     ["tmobile|t-mobile"], ["mint", "visible"]),
    ([("user", "what should i name my new puppy"),
      ("assistant", "How about Bailey, Cooper or Luna?"),
      ("user", "lol shes a corgi, shes 10 weeks")],
     ["corgi"], ["bailey", "cooper"]),
    ([("user", "can u help me fix this excel formula"),
      ("assistant", "Sure, paste it here."),
      ("user", "nvm got it")],
     [], []),
    ([("user", "i work two jobs, target during the day and a bar at night"),
      ("assistant", "That's a lot! Apps like Homebase can help track your shifts."),
      ("user", "yeah the bar is called the rusty nail")],
     ["target", "rusty nail"], ["homebase"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("im vegan", "not vegan anymore, eating fish again",
     "what does the user eat", "fish", "im vegan"),
    ("my gf sarah and i live together", "me and sarah split up last month",
     "is the user in a relationship", "split", "gf sarah"),
    ("i work at starbucks", "got a new job at trader joes!! 🎉",
     "where does the user work", "trader joe", "starbucks"),
    ("i live in chicago rn", "moved back to ohio to be near my parents",
     "where does the user live", "ohio", "chicago"),
    ("ive got an iphone 13", "switched to android, got a pixel 8",
     "what phone does the user have", "pixel|android", "iphone"),
    ("im on lexapro 10mg", "my doc upped it to 20mg",
     "what dose of lexapro does the user take", "20", "10mg"),
    ("i have two cats luna and sol", "luna passed away last night 😢",
     "what cats does the user have", "passed", "two cats"),
    ("i drive a honda civic", "sold the civic, i just bike everywhere now",
     "how does the user get around", "bike", "honda civic"),
    ("im 34", "im 35 now lol bday was yesterday",
     "how old is the user", "35", "34"),
    ("i wfh full time", "no longer wfh, back in office 3 days a week",
     "does the user work from home", "office", "full time"),
    ("i have 2 kids", "3 kids now, baby girl born tuesday!!",
     "how many kids does the user have", "3|three", "2 kids"),
    ("my warehouse shift is 6am to 2pm", "they moved my warehouse shift to 2pm-10pm starting next week",
     "what is the user's warehouse shift", "10", "6am"),
    ("my rent is 1800 a month", "rent went up to 2100 smh",
     "how much is the user's rent", "2100|2,100", "1800"),
    ("i have netflix", "cancelled netflix, got hulu instead",
     "what streaming service does the user have", "hulu", "netflix"),
    ("i teach piano lessons on saturdays", "piano lessons moved to sundays now",
     "when does the user teach piano", "sunday", "saturday"),
    ("my dad lives in phoenix", "dad moved in with us last month",
     "where does the user's dad live", "moved in", "phoenix"),
    ("im a junior at lincoln high", "graduated!!! starting at ohio state in the fall",
     "where does the user go to school", "ohio state", "lincoln"),
    ("our vet is dr patel", "switched vets, we see dr kim at banfield now",
     "who is the user's vet", "kim", "patel"),
    ("im single", "ok so i have a bf now 🙈 his name is marco",
     "is the user in a relationship", "marco", "single"),
    ("i do uber eats on weekends", "quit uber eats, doing amazon flex instead",
     "what gig does the user do", "flex", "uber eats"),
    ("my moms aide comes tues and thurs", "moms aide comes mon wed fri now",
     "when does the user's mom's aide come", "mon", "tues"),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    ("i live in brooklyn", "my bff lives in queens",
     "where does the user's best friend live", "queens", "brooklyn"),
    ("i work at target", "covering a shift at my cousins restaurant tonight",
     "where is the user working tonight", "cousin", "target"),
    ("i live in seattle", "if i moved to denver id def get a dog",
     "what would the user do in denver", "denver", "seattle"),
    ("i live in miami", "went to cancun last spring break, so fun",
     "where did the user go for spring break", "cancun", "miami"),
    ("i drive a jeep", "should i get a tesla?",
     "what car does the user drive", "jeep", "tesla"),
    ("i work at a dentist office", "thinking about going back to school for nursing next yr",
     "what is the user thinking about", "nursing", "dentist"),
    ("i live in cleveland", "wish i lived somewhere warm lol",
     "where does the user live", "cleveland", "warm"),
    ("i work at a coffee shop", "my roommate works at google",
     "where does the user's roommate work", "google", "coffee"),
    ("we have a golden retriever named sunny", "my neighbors have a pitbull named rocky",
     "what dog does the user's neighbour have", "rocky", "sunny"),
    ("i live in toledo", "yeah right im totally moving to mars 🙄",
     "where does the user live", "toledo", "mars"),
    ("im 35", "my husband is 38",
     "how old is the user's husband", "38", "35"),
    ("im on 50mg of zoloft", "my mom takes zoloft too, 100mg",
     "what dose does the user's mom take", "100", "50mg"),
    ("i have 2 kids", "my sister has 3 kids",
     "how many kids does the user's sister have", "3", "2 kids"),
    ("i live in portland", "visiting my grandma in tucson this weekend",
     "where is the user going this weekend", "tucson", "portland"),
    ("i work from home", "working from a cafe today bc the wifi died",
     "where is the user working today", "cafe", "home"),
]
