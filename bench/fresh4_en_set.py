"""A fourth fresh English set, written by a new hand before reading the extractor or its rules.

People who are not tech workers: a nurse on shifts, a retired teacher, a student, a small-business owner, a
parent of three, a long-distance runner, someone managing a chronic illness (meds, doses, doctors). Shapes the
other sets lack: voice-dictated run-ons without punctuation, long messages with five or more facts, non-native
English, British spelling and idiom, numbers written as words, third-person reports, negations and hedges.
Changes are said the way people make them ("as of Monday", "turns out", "we broke up", "upped it to 20mg").
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
    # a nurse on shifts
    ("I'm a nurse on the cardiac ward and I do three twelve hour night shifts a week",
     ["nurse", "night shift"]),
    ("so my rota is nights monday tuesday wednesday then I'm off till the weekend",
     ["nights|rota"]),
    # a retired teacher
    ("retired now but I taught primary school for thirty one years",
     ["taught|teacher", "31|thirty"]),
    ("I volunteer at the library on Wednesday mornings reading to the little ones",
     ["volunteer library", "wednesday"]),
    # a student
    ("I'm in my second year at uni studying biomedical science in Leeds",
     ["biomedical", "leeds"]),
    ("my dissertation is on antibiotic resistance and its due in may",
     ["antibiotic", "may"]),
    # a small-business owner
    ("I own a little bakery on the high street, we have four staff",
     ["bakery", "four|4 staff"]),
    ("our best seller is the cinnamon buns, we sell about two hundred on a saturday",
     ["cinnamon bun", "saturday|200|hundred"]),
    # a parent of three
    ("I have three kids Mia is eleven Jack is eight and the baby Rosie is just one",
     ["mia 11|eleven", "jack 8|eight", "rosie 1|one"]),
    ("Jack has football practice on tuesdays and thursdays after school",
     ["jack football", "tuesday|thursday"]),
    # a long-distance runner
    ("I run about fifty miles a week and my marathon PB is three hours twelve",
     ["50|fifty miles", "3:12|twelve|12"]),
    ("doing the Berlin marathon in september, it'll be my sixth marathon",
     ["berlin marathon", "september"]),
    # chronic illness
    ("I have type 1 diabetes and I'm on an insulin pump",
     ["type 1 diabetes", "insulin pump"]),
    ("I take 50mg of sertraline every morning",
     ["sertraline 50"]),
    ("my rheumatologist is Dr Okafor at St Mary's",
     ["okafor"]),
    # voice-dictated run-ons
    ("ok so I work at the garden centre on weekends and my husband drives a bus for the council and we live "
     "out near Stockport",
     ["garden centre", "husband|driver bus", "stockport"]),
    ("remind yourself that my mum is coming to stay next week she is diabetic so no sugary stuff in the house",
     ["mum|mother diabetic", "mum|mother coming|stay|visit"]),
    # long multi-topic
    ("Bit about me: I'm 58, a widower, I live in a bungalow in Devon with my border collie Bess, I grow "
     "tomatoes in the greenhouse and I sing in the church choir on Sundays",
     ["58", "widower", "devon", "bess|border collie", "tomato", "choir"]),
    ("Quick update on everything. I started a new job at the post office, my daughter passed her driving test, "
     "we're having the kitchen redone in March, I've given up smoking and my knee is finally better",
     ["post office", "driving test", "kitchen march", "smoking", "knee"]),
    # non-native English
    ("my wife she is working in hospital as a cleaner since two years",
     ["wife hospital|cleaner"]),
    ("I am coming from Poland and now I live in Dublin with my brother",
     ["poland", "dublin"]),
    ("my son he has seven years and he is going to school near our house",
     ["son 7|seven"]),
    # British spelling and idiom
    ("we've just moved into a two bed flat in Bristol, the rent is eleven hundred a month",
     ["bristol", "1100|eleven|1,100"]),
    ("I see my mum every fortnight, she's in a care home in Kent",
     ["care home", "fortnight|kent"]),
    ("my favourite colour is green and I'm mad about gardening",
     ["green", "gardening"]),
    # third-person reports
    ("my sister just got engaged to a guy called Tom",
     ["sister engaged", "tom"]),
    ("my dad had a hip replacement last month and he's recovering at home",
     ["dad|father hip"]),
    ("my best mate Dev has moved to Manchester for work",
     ["dev manchester"]),
    # negations
    ("I don't eat pork", ["pork"]),
    ("never been to Japan", ["japan"]),
    ("I don't drive, I get the train everywhere", ["drive|train"]),
    ("I'm not on facebook or instagram", ["facebook|instagram"]),
    # hedges
    ("I think I'm lactose intolerant, milk always makes me feel rough", ["lactose"]),
    ("pretty sure I'm allergic to penicillin, I came out in a rash as a kid", ["penicillin"]),
    # numbers as words
    ("we've been married twenty five years this june", ["married 25|twenty"]),
    ("my cat Biscuit is fourteen", ["biscuit 14|fourteen"]),
]

JUNK: list[str] = [
    "morning!",
    "cheers for that",
    "right, I'm off to bed",
    "how many calories are in a banana",
    "what time is it in Sydney right now",
    "haha brilliant",
    "can you say that again but shorter",
    "ta",
    "what's a good substitute for buttermilk",
    "sorry wrong chat",
]

SESSIONS: list[tuple[list[tuple[str, str]], list[str], list[str]]] = [
    ([("user", "I've been on metformin five hundred twice a day since the spring"),
      ("assistant", "Thanks. Some people also take a GLP-1 drug like semaglutide alongside metformin."),
      ("user", "my GP is Dr Hughes, we review it in August")],
     ["metformin", "hughes"], ["semaglutide", "glp-1"]),
    ([("user", "help me plan meals for the week, there's five of us and the youngest is a fussy eater"),
      ("assistant", "You could try a lentil bolognese or a quinoa bake for variety."),
      ("user", "we're on a tight budget, about eighty quid a week for food")],
     ["80|eighty"], ["quinoa", "lentil"]),
    ([("user", "training for an ultra in the Peak District in july"),
      ("assistant", "Great! A common approach is back-to-back long runs and hill repeats. Tailwind is popular "
                    "for fuel."),
      ("user", "yeah my long run is twenty miles on sundays at the moment")],
     ["ultra|peak", "20|twenty miles"], ["tailwind"]),
    ([("user", "can you check this email to my landlord for typos"),
      ("assistant", "Sure, paste it in."),
      ("user", "never mind I sent it already")],
     [], []),
    ([("user", "I run a dog grooming business from my van"),
      ("assistant", "Nice! Many groomers use software like MoeGo or Gingr to book clients."),
      ("user", "I just use a paper diary, I've got about sixty regular clients")],
     ["grooming", "60|sixty"], ["moego", "gingr"]),
    ([("user", "my lad is starting secondary school in September at Oakfield"),
      ("assistant", "That's a big step! Lots of schools use apps like ParentPay for dinner money."),
      ("user", "he's nervous, he's quite shy")],
     ["oakfield|secondary", "shy|nervous"], ["parentpay"]),
]

CONTRADICTIONS: list[tuple[str, str, str, str, str]] = [
    ("I work nights on the stroke unit", "as of Monday I'm on days on the stroke unit, no more nights",
     "what shifts does the user work", "days", "nights"),
    ("I work at Tesco on the tills", "left tesco last week, I'm a teaching assistant now",
     "where does the user work", "teaching assistant", "tesco"),
    ("I live in Glasgow", "we've moved down to Newcastle to be near my partner's family",
     "where does the user live", "newcastle", "glasgow"),
    ("my girlfriend is called Chloe", "me and chloe broke up in the summer",
     "is the user in a relationship", "broke up", "girlfriend is called chloe"),
    ("I'm single", "I've been seeing someone called Ravi for a few months now",
     "is the user seeing anyone", "ravi", "single"),
    ("I'm vegetarian", "started eating chicken again so I'm not vegetarian anymore",
     "what does the user eat", "chicken", "i'm vegetarian"),
    ("I take 10mg of amlodipine", "my doctor upped my amlodipine to 20mg",
     "what dose of amlodipine does the user take", "20", "10mg"),
    ("I'm on propranolol for my migraines", "stopped the propranolol, I'm on topiramate for the migraines now",
     "what does the user take for migraines", "topiramate", "propranolol"),
    ("I drive a Ford Fiesta", "the fiesta finally died so I bought a second hand Toyota Yaris",
     "what car does the user drive", "yaris", "fiesta"),
    ("I've got an iPhone 11", "dropped my phone in the bath, got a Samsung Galaxy now",
     "what phone does the user have", "samsung|galaxy", "iphone"),
    ("I go to PureGym near work", "cancelled puregym, I swim at the leisure centre instead",
     "where does the user exercise", "leisure|swim", "puregym"),
    ("I do the school run at eight fifteen", "from next week the school run is at half seven because of breakfast club",
     "what time is the school run", "7:30|half", "eight fifteen"),
    ("my kids go to St Anne's primary", "we moved the kids to Hillside primary after Easter",
     "which school do the user's kids go to", "hillside", "st anne"),
    ("we have a rabbit called Thumper", "sadly Thumper died in the spring, we've got a guinea pig called Nibbles now",
     "what pet does the user have", "nibbles|guinea", "thumper"),
    ("I'm on the waiting list for a knee operation", "turns out I don't need the operation, physio has sorted my knee",
     "does the user need a knee operation", "physio|sorted", "waiting list"),
    ("I'm a secondary school maths teacher", "I retired from teaching at Christmas",
     "does the user work", "retired", "maths teacher"),
    ("my long run is fifteen miles", "my long run is up to eighteen miles now",
     "how long is the user's long run", "18|eighteen", "fifteen"),
    ("I'm in first year at uni", "just finished first year, going into second year in october",
     "what year of uni is the user in", "second year", "first year"),
    ("the bakery opens at seven", "we open at half six now, people want coffee before work",
     "when does the bakery open", "6:30|half", "seven"),
    ("my husband works for the council", "my husband got a new job at the airport",
     "where does the user's husband work", "airport", "council"),
]

TRAPS: list[tuple[str, str, str, str, str]] = [
    ("I live in Leeds", "my sister lives in Cardiff",
     "where does the user's sister live", "cardiff", "leeds"),
    ("I take 40mg of omeprazole", "my mum takes 20mg of omeprazole",
     "how much omeprazole does the user's mum take", "20", "40mg"),
    ("I work at the hospital", "I'm working a bank shift at the care home this saturday",
     "where is the user's bank shift", "care home", "hospital"),
    ("I'm vegetarian", "if I ever stopped being vegetarian I'd miss bacon the most",
     "what would the user miss", "bacon", "vegetarian"),
    ("I live in Brighton", "we went to Barcelona for a week in may",
     "where did the user go in may", "barcelona", "brighton"),
    ("I drive a Skoda", "should I get an electric car next?",
     "what car does the user drive", "skoda", "electric"),
    ("I work at a bakery", "thinking about opening a second shop next year",
     "what is the user thinking about", "second shop", "bakery"),
    ("I live in Norwich", "I wish I lived by the sea",
     "where does the user live", "norwich", "sea"),
    ("my friend Sarah lives in Bath", "I live in Bristol",
     "where does the user live", "bristol", "bath"),
    ("I'm on 50mg of sertraline", "my husband is on 100mg of sertraline",
     "what dose of sertraline is the user's husband on", "100", "50mg"),
    ("my son Leo goes to Greenfield primary", "my daughter goes to Kingsway secondary",
     "which school does the user's daughter go to", "kingsway", "greenfield"),
    ("I run with the Harriers on Tuesdays", "did a parkrun in Bushy Park on saturday while visiting my aunt",
     "where did the user do a parkrun", "bushy", "harriers"),
    ("I have a black Labrador called Max", "my neighbour has a black Labrador too",
     "what dog does the user have", "max", "neighbour"),
    ("I'm a nurse", "my partner is a paramedic",
     "what does the user's partner do", "paramedic", "nurse"),
]
