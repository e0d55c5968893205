"""English exchanges for bench/exchanges_en.py, written for this bench (not taken from any corpus).

Each item is what mem0's SDK sends in one ``add`` call: the last exchange, user and assistant turns, or an
agent's note about the user. ``U``/``A`` build the turns.

EXCHANGES: (turns, facts, wrong) — each fact is a few words, every one of which one kept memory must carry
(lowercased, any order); an empty ``facts`` means the exchange must keep nothing. ``wrong``: word groups that
only the assistant said (its suggestions, its questions' options); a kept memory carrying all of one group's
words took the assistant's words as the user's.

PAIRS: (kind, first, second, query, current, old) — two calls to one user. "contra": the second changes the
first's value, so the first must leave the active set (or the second wait for review); "compat": both stay
active. ``query`` asks for the value in other words; ``current`` must be in the first hit.
"""

from __future__ import annotations

from typing import Any

Turns = list[dict[str, str]]


def U(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


def A(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


EXCHANGES: list[tuple[Turns, list[str], list[str]]] = [
    # --- the assistant asks, the user answers briefly ---
    ([A("Do you have any kids?"), U("yeah, two")], ["two"], []),
    ([A("Where are you based these days?"), U("Leeds, moved up last spring")], ["leeds"], []),
    ([A("What do you do for work?"), U("I'm a dental hygienist")], ["dental hygienist"], []),
    ([A("Any pets at home?"), U("a rescue greyhound called Pip")], ["greyhound pip"], []),
    ([A("How do you usually get to the office?"), U("bike, mostly. tube when it rains")], ["bike"], []),
    ([A("Are you vegetarian or do you eat meat?"), U("pescatarian actually")], ["pescatarian"], []),
    ([A("What's your partner's name?"), U("Marcus")], ["marcus"], []),
    ([A("Which language are you learning?"), U("Portuguese, for my trip to Lisbon in June")],
     ["portuguese"], []),
    ([A("How old is your son?"), U("he turned 9 in August")], ["9"], []),
    ([A("Do you drink coffee?"), U("not anymore, switched to green tea")], ["green tea"], []),
    ([A("Is the wedding still on for October?"), U("no, we pushed it to next May")], ["may"], []),
    ([A("What time do you normally wake up?"), U("around 5:30 on weekdays")], ["5:30"], []),
    ([A("Do you play any instruments?"), U("the cello, badly")], ["cello"], []),
    ([A("What kind of car do you drive?"), U("an old silver Honda Jazz")], ["honda jazz"], []),
    ([A("Where did you grow up?"), U("a small town near Cork")], ["cork"], []),
    # --- the assistant suggests, the user declines or accepts ---
    ([U("I'm planning to watch a movie tonight. Any recommendations?"),
      A("How about thriller movies? They can be quite engaging."),
      U("I'm not a big fan of thriller movies but I love sci-fi movies.")],
     ["sci-fi"], ["likes thriller", "love thriller"]),
    ([U("Need a quick dinner idea"), A("What about a chicken stir-fry with noodles?"),
      U("I don't eat chicken, I'm vegan")], ["vegan"], ["stir-fry", "noodles"]),
    ([A("You could try the Couch to 5K app for running."), U("already on week 6 of it!")],
     ["week 6"], []),
    ([U("looking for a weekend away somewhere warm"), A("Have you considered Malaga or the Algarve?"),
      U("been to Malaga twice, would rather try somewhere new")], ["malaga"], ["algarve"]),
    ([A("For the awards dinner, would you like the beef or the sea bass?"), U("sea bass please")],
     ["sea bass"], ["beef"]),
    ([U("What should I read next?"), A("Maybe 'Project Hail Mary' by Andy Weir?"),
      U("loved it, read it last year. I'm more into historical fiction lately")],
     ["historical fiction"], []),
    ([A("Would you like me to suggest some gyms near you?"), U("no thanks, I work out at home")],
     ["home"], ["gym near"]),
    ([U("Gift ideas for my mum?"), A("Perhaps a spa voucher or a cookbook?"),
      U("she hates cooking, but she's into gardening")], ["gardening"], ["spa voucher"]),
    ([A("I'd recommend a standing desk for back pain."), U("got one last month, it helps a lot")],
     ["standing desk"], []),
    ([U("any podcast for my commute?"), A("Try 'Hardcore History' or 'Radiolab'."),
      U("nah, I prefer comedy podcasts")], ["comedy podcast"], ["hardcore history", "radiolab"]),
    # --- agent-summarised notes ---
    ([U("User mentioned they recently adopted a kitten named Biscuit.")], ["kitten biscuit"], []),
    ([U("The user said they are training for the Berlin marathon in September.")], ["berlin marathon"], []),
    ([U("User prefers replies in bullet points and hates long paragraphs.")], ["bullet points"], []),
    ([U("Customer noted that their sister works as a nurse in Glasgow.")], ["sister nurse"], []),
    ([U("User indicated they are lactose intolerant.")], ["lactose intolerant"], []),
    ([U("The user shared that they were laid off from their job at a fintech startup last week.")],
     ["laid off"], []),
    ([U("User told me their budget for the new laptop is around $1,200.")], ["1,200"], []),
    ([U("Note: user is left-handed and plays tennis on Sundays.")], ["left-handed", "tennis"], []),
    # --- several facts in one message ---
    ([U("Quick intro: I'm Priya, 34, software tester in Manchester, two cats, and I'm learning to swim.")],
     ["priya", "software tester", "manchester", "two cats", "swim"], []),
    ([U("I live with my boyfriend Tom, we rent a flat in Camden and we're saving up for a house.")],
     ["tom", "camden", "saving"], []),
    ([U("my daughter Lily just started secondary school, and my son Max is still in nursery.")],
     ["lily school", "max nursery"], []),
    ([U("I work nights at a hospital pharmacy, so I sleep till 2pm and I hate morning calls.")],
     ["pharmacy", "2pm", "morning calls"], []),
    ([U("Grew up in Ohio, studied chemistry at Purdue, now teaching high school science in Denver.")],
     ["ohio", "chemistry purdue", "denver"], []),
    ([U("Hi! I'm Sam. I'm gluten free and my wife is pregnant with our first baby, due in March.")],
     ["sam", "gluten", "pregnant"], []),
    # --- negations ---
    ([U("I don't drink coffee anymore.")], ["coffee"], []),
    ([U("I never learned to drive, I take the bus everywhere.")], ["drive", "bus"], []),
    ([U("I'm not on Facebook, I deleted it years ago.")], ["facebook"], []),
    ([U("we don't have a TV at home")], ["tv"], []),
    # --- numbers, dates, money ---
    ([U("Our rent went up to £1,450 a month from January.")], ["1,450"], []),
    ([U("my flight to Toronto is on the 14th at 9am")], ["toronto"], []),
    ([U("I paid off my student loan last month, finally!")], ["student loan"], []),
    ([U("I've lost 6 kilos since New Year")], ["6 kilos"], []),
    ([U("Mortgage is 25 years at 4.2% fixed for five")], ["4.2%"], []),
    ([U("I earn about 52k before tax")], ["52k"], []),
    # --- about other people ---
    ([U("My brother Jake just got engaged to his girlfriend of six years.")], ["jake engaged"], []),
    ([U("my grandma is 94 and still does the crossword every morning")], ["94"], []),
    ([U("My best friend Aisha moved to Dubai for a teaching job.")], ["aisha dubai"], []),
    ([U("my dad had a knee replacement in November")], ["knee replacement"], []),
    ([U("Our neighbour's dog bit my son last week, he needed stitches.")], ["stitches"], []),
    ([U("My manager is leaving at the end of the month.")], ["manager leaving"], []),
    # --- junk: greetings, questions, acknowledgements, small talk, whoever says them ---
    ([U("hey there!"), A("Hi! How can I help you today?")], [], []),
    ([U("thanks, that's really helpful"), A("You're welcome! Anything else?"), U("nope, all good")], [], []),
    ([U("What's the capital of Australia?"), A("Canberra is the capital of Australia.")], [], []),
    ([U("ok"), A("Great, let me know if you need anything.")], [], []),
    ([U("can you summarise this article for me?"), A("Sure, please paste the article text.")], [], []),
    ([U("lol that's hilarious"), A("Glad you liked it!")], [], []),
    ([U("how do I convert celsius to fahrenheit?"),
      A("Multiply by 9/5 and add 32."), U("cool, got it")], [], []),
    ([U("good morning"), A("Good morning! What's on your mind?"), U("not much tbh")], [], []),
    ([U("sorry, wrong chat"), A("No problem!")], [], []),
    ([U("Is it going to rain tomorrow in Paris?"), A("I can't check live weather, sorry.")], [], []),
]


Pair = tuple[str, Any, Any, str, str, str]

PAIRS: list[Pair] = [
    # --- contradictions: the second changes the first ---
    ("contra", [A("Where do you live?"), U("Bristol")], "We just moved to Cardiff last weekend.",
     "which city is the user's home?", "cardiff", "bristol"),
    ("contra", "I work as a barista at a cafe downtown.",
     [A("How's the cafe job going?"), U("I quit that, I'm a postman now")],
     "what is the user's job?", "postman", "barista"),
    ("contra", "I'm vegetarian.", "I started eating meat again last year.",
     "does the user eat meat?", "meat", "vegetarian"),
    ("contra", "My favourite band is Radiohead.", "These days my favourite band is Arctic Monkeys.",
     "which band does the user like most?", "arctic monkeys", "radiohead"),
    ("contra", "I drive a Ford Focus.", "Sold the Focus, I drive a Tesla Model 3 now.",
     "what car does the user have?", "tesla", "focus"),
    ("contra", "I'm single.", [A("Anything new?"), U("I'm seeing someone now, her name is Mia")],
     "is the user in a relationship?", "mia", "single"),
    ("contra", "My phone number is 07700 900123.", "new number: 07700 900456",
     "how can I call the user?", "900456", "900123"),
    ("contra", "I go to the gym on Mondays.", "I switched my gym day to Thursdays.",
     "which day does the user work out?", "thursday", "monday"),
    ("contra", "I have one cat.", "We adopted a second cat, so we have two cats now.",
     "how many cats does the user have?", "two", "one cat"),
    ("contra", "I work from the office every day.", "these days I work from home",
     "where does the user work from?", "home", "office"),
    ("contra", "I'm allergic to penicillin.",
     "Turns out I'm not allergic to penicillin after all, the test was negative.",
     "does the user have a penicillin allergy?", "not allergic", "allergic to penicillin"),
    ("contra", "My sister lives in Madrid.", "my sister moved back to London in the summer",
     "where does the user's sister live?", "london", "madrid"),
    ("contra", "I'm 29.", "just turned 30 yesterday!",
     "how old is the user?", "30", "29"),
    ("contra", "I take the train to work.", "I cycle to work now.",
     "how does the user commute?", "cycle", "train"),
    ("contra", "My dentist appointment is on Tuesday.", "The dentist moved my appointment to Friday.",
     "when is the user's dentist appointment?", "friday", "tuesday"),
    ("contra", "I'm studying law at university.", "I switched from law to history this term.",
     "what does the user study?", "history", "law"),
    ("contra", "my dad lives with us", "dad moved into a care home in May",
     "where does the user's father live?", "care home", "lives with"),
    ("contra", "I love spicy food.", "I can't handle spicy food anymore since my stomach surgery.",
     "does the user like spicy food?", "spicy", "love spicy"),
    ("contra", "We live in Shoreditch.", "We moved to Hackney last month.",
     "which part of London does the user live in?", "hackney", "shoreditch"),
    ("contra", "My email is sam.k@example.com", "please use sam.kim@work.example.com from now on",
     "what is the user's email address?", "sam.kim@work.example.com", "sam.k@example.com"),
    ("contra", "I play football on Saturdays.", "I gave up football after my ACL injury.",
     "does the user still play football?", "football", "saturdays"),
    ("contra", "My budget for the trip is £800.", "Actually I can stretch the trip budget to £1,200.",
     "how much can the user spend on the trip?", "1,200", "800"),
    ("contra", "I smoke about ten a day.", "I quit smoking in January.",
     "does the user smoke?", "quit", "ten a day"),
    ("contra", [A("What's your dog's name?"), U("Rex")], "We renamed the dog to Bruno.",
     "what's the user's dog called?", "bruno", "rex"),
    ("contra", "I'm a night owl, I go to bed around 2am.", "I go to bed by 10 these days.",
     "when does the user go to sleep?", "10", "2am"),
    ("contra", "I work at Google.", [A("Still at Google?"), U("no, I joined Spotify in April")],
     "which company does the user work for?", "spotify", "google"),
    ("contra", "My husband and I live in Austin.", "My husband and I separated, I live alone now.",
     "does the user live with their husband?", "alone", "austin"),
    ("contra", "I'm learning Spanish.", "I dropped Spanish and started Japanese instead.",
     "which language is the user learning?", "japanese", "spanish"),
    ("contra", "I drink two coffees a day.", "I'm down to one coffee a day.",
     "how much coffee does the user drink?", "one coffee", "two coffees"),
    ("contra", "My favourite food is sushi.", "Honestly I could live on Thai food, it's my favourite now.",
     "what food does the user like best?", "thai", "sushi"),
    # --- compatible pairs and traps: both stay ---
    ("compat", "I have a dog.", "I also have a cat.", "what pets does the user have?", "cat", "dog"),
    ("compat", "I live in Paris.", "I was born in Lyon.", "where was the user born?", "lyon", "paris"),
    ("compat", "I like jazz.", "I also love classical music.", "what music does the user enjoy?",
     "classical", "jazz"),
    ("compat", "My sister lives in Madrid.", "My brother lives in Rome.", "where does the user's brother live?",
     "rome", "madrid"),
    ("compat", "I work as a nurse.", "I volunteer at a food bank on weekends.",
     "what does the user do on weekends?", "food bank", "nurse"),
    ("compat", "I'm allergic to peanuts.", "I'm also allergic to cats.", "what is the user allergic to?",
     "cats", "peanuts"),
    ("compat", "My daughter plays the violin.", "My son plays the drums.", "what instrument does the son play?",
     "drums", "violin"),
    ("compat", "I used to live in Berlin.", "I live in Munich now.", "where does the user live?",
     "munich", "berlin"),
    ("compat", "I speak French.", "I speak German too.", "which languages does the user speak?",
     "german", "french"),
    ("compat", "I go running on Mondays.", "I go swimming on Wednesdays.", "when does the user swim?",
     "wednesday", "monday"),
    ("compat", "My car is a blue Golf.", "My wife drives a red Fiat.", "what does the user's wife drive?",
     "fiat", "golf"),
    ("compat", "I love pizza.", [A("Any other favourites?"), U("sushi too")], "what foods does the user like?",
     "sushi", "pizza"),
    ("compat", "I have a meeting with Dan on Friday.", "I have lunch with Eva on Friday.",
     "who is the user having lunch with?", "eva", "dan"),
    ("compat", "My mum is a teacher.", "My dad is a plumber.", "what does the user's father do?",
     "plumber", "teacher"),
    ("compat", "I'm learning guitar.", "I'm learning Italian as well.", "what is the user learning?",
     "italian", "guitar"),
    ("compat", [A("Do you have kids?"), U("yes, a daughter")], "My daughter starts school in September.",
     "when does the user's daughter start school?", "september", "daughter"),
]
