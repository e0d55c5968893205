"""bench/realchat5.py's set: two English users' help chats over eight months, LongMemEval-style.

Written for this bench before reading the extractor. ``formal``: a history teacher in Leeds who writes in full,
careful sentences, 16 sessions, one of them a chat between her and a colleague (speakers by ``name``); ``texting``:
a young man in Portland who writes in lowercase, texting style, 8 sessions. Filler: a recipe, code help (two), a
trip itinerary, a cover letter template, a poem. Facts come buried in long messages about something else, as
corrections later in the same session, and as values that change across sessions; dates are relative to the
session day. A turn is (role, text) or, in a chat between two people, (role, text, speaker's name)."""
# ruff: noqa: E501  (the messages are kept as written)

from typing import Any

FORMAL: list[dict[str, Any]] = [
    {"id": "f01", "date": "2026-04-04", "via": "mem0", "filler": False, "turns": [
        ("user", "Good morning. I would be grateful for some help drafting a firm but polite email to my letting agent. The boiler in our flat has been leaking for nearly three weeks, and despite two telephone calls nobody has come to look at it. I teach history at a secondary school in Leeds, so I am out of the flat from half past seven until late most days, which makes it difficult to wait in for an engineer without notice. My partner, Tom, works night shifts as a paramedic, so he is usually asleep during the day and would prefer not to be woken by unannounced visits. Could you write something that asks for a confirmed appointment within the next five working days?"),
        ("assistant", """Certainly. Here is a draft:

Subject: Boiler leak at Flat 4 – request for a confirmed repair appointment

Dear [Agent's name],

I am writing to follow up on my telephone calls of [date] and [date] regarding the leaking boiler at the above property. The leak began approximately three weeks ago and has not yet been inspected.

As the boiler is the property's only source of heating and hot water, I would be grateful if you could arrange for an engineer to attend within the next five working days. Because of our work schedules, please confirm the date and time in writing at least 24 hours in advance, so that one of us can be present.

I would appreciate a reply by [date]. Thank you for your help.

Yours sincerely,
[Your name]

You may also wish to mention that, under the Landlord and Tenant Act 1985, landlords are responsible for keeping heating and hot water installations in repair."""),
        ("user", "That is excellent, thank you. I shall add the reference to the Act."),
        ("assistant", "You're welcome. Keep a copy of the email and any replies in case you need to escalate the matter to the council's private housing team."),
    ]},
    {"id": "f02", "date": "2026-04-12", "via": "rest", "filler": True, "turns": [
        ("user", "Could you give me a reliable recipe for shakshuka that serves four?"),
        ("assistant", """Shakshuka (serves 4)

Ingredients:
- 2 tbsp olive oil
- 1 large onion, finely sliced
- 1 red pepper and 1 yellow pepper, sliced
- 3 garlic cloves, crushed
- 1 tsp ground cumin, 1 tsp sweet paprika, ½ tsp chilli flakes
- 2 × 400 g tins chopped tomatoes
- 1 tsp sugar, salt and pepper
- 6–8 eggs
- A handful of coriander or parsley, feta to serve (optional)

Method:
1. Heat the oil in a large, deep frying pan over a medium heat. Add the onion and peppers and cook for 10 minutes until soft.
2. Add the garlic and spices and cook for 1 minute until fragrant.
3. Pour in the tomatoes, add the sugar and season. Simmer for 10–15 minutes until thickened.
4. Make 6–8 wells in the sauce with the back of a spoon and crack an egg into each.
5. Cover and cook on a low heat for 6–8 minutes, until the whites are set but the yolks are still runny.
6. Scatter over the herbs and feta and serve with warm flatbreads or crusty bread."""),
        ("user", "Can the sauce be made a day ahead?"),
        ("assistant", "Yes. The tomato sauce keeps well in the fridge for up to three days; reheat it until bubbling before adding the eggs."),
    ]},
    {"id": "f03", "date": "2026-04-20", "via": "mem0", "filler": False, "turns": [
        ("user", "I have finally started the Couch to 5K programme this week, after years of saying I would. My knees are complaining a little after the second run. What should I look for in a pair of running shoes? My current trainers are at least eight years old."),
        ("assistant", """Well done for starting! A few points when buying running shoes:

1. **Get a gait analysis** at a specialist running shop; many do it free of charge.
2. **Cushioning matters for beginners**: a neutral, well-cushioned shoe such as the Brooks Ghost or the ASICS Gel-Nimbus is a good starting point.
3. **Size up by half a size**: feet swell when you run.
4. **Replace them every 500–800 km.**

For your knees, keep to the programme's pace, run on softer surfaces such as park paths where you can, and do some simple strength work (squats, glute bridges) twice a week."""),
        ("user", "Thank you. I went to the shop on my way home and they suggested the Brooks Ghost, so I bought those."),
        ("assistant", "A very sensible choice. Break them in with a couple of short runs before your longer sessions."),
    ]},
    {"id": "f04", "date": "2026-05-02", "via": "rest", "filler": False, "turns": [
        ("user", "Several colleagues and I have decided to start a book club, which we are calling the Tuesday Readers; we shall meet on the first Tuesday of each month in the staff room after school. I have been asked to host the first meeting at my flat instead, and I would like to serve something simple. I am vegetarian, although I still eat fish now and again, so I would prefer a menu along those lines. Could you also suggest a first book that would suit a group of eight teachers with quite different tastes?"),
        ("assistant", """What a lovely idea. For the first book, I would suggest **Piranesi by Susanna Clarke**: it is short (about 250 pages), beautifully written, and mysterious enough to generate plenty of discussion without requiring any particular background. Other good options are *Klara and the Sun* by Kazuo Ishiguro and *The Dutch House* by Ann Patchett.

For the food, a relaxed spread works well:
- A large tray of roasted vegetable and halloumi skewers
- Smoked salmon blinis with crème fraîche and dill
- A big bowl of Greek salad
- Lemon drizzle cake to finish"""),
        ("user", "I must correct myself: I stopped eating fish altogether last year, so I am fully vegetarian now, and the salmon blinis will not do. Piranesi is a splendid suggestion, however."),
        ("assistant", "Noted. Swap the blinis for beetroot and goat's cheese blinis, or mini spinach and ricotta tarts; everything else on the list is already vegetarian."),
    ]},
    {"id": "f05", "date": "2026-05-16", "via": "mem0", "filler": True, "turns": [
        ("user", """I have a spreadsheet of pupils' marks exported as a CSV file. How can I compute the average mark per class in Python?

```
pupil,class,mark
A. Jones,10B,62
B. Khan,10A,71
```"""),
        ("assistant", """Use pandas:

```python
import pandas as pd

df = pd.read_csv("marks.csv")
averages = df.groupby("class")["mark"].mean().round(1)
print(averages)
```

This groups the rows by the `class` column and takes the mean of `mark` for each group. To save the result:

```python
averages.to_csv("class_averages.csv")
```

If some marks are missing, `mean()` ignores the empty cells automatically."""),
        ("user", "And if I want the highest mark in each class as well?"),
        ("assistant", """Use `agg` with several functions:

```python
summary = df.groupby("class")["mark"].agg(["mean", "max", "min", "count"])
```"""),
    ]},
    {"id": "f06", "date": "2026-05-30", "via": "rest", "filler": False, "turns": [
        ("user", "Tom and I have just come back from a long weekend in Edinburgh, which was wonderful, if rather windy. The train journey home was nearly three hours, and I realised I have nothing to listen to. Could you recommend a few history podcasts? I would prefer something well researched rather than chatty."),
        ("assistant", """Here are some well-researched history podcasts:

1. **Fall of Civilizations** by Paul Cooper: long, atmospheric episodes on how societies collapsed, from the Bronze Age to the Aztecs.
2. **The Rest Is History** with Tom Holland and Dominic Sandbrook: lively but scholarly.
3. **In Our Time** (BBC Radio 4): Melvyn Bragg with three academics on a single topic.
4. **Revolutions** by Mike Duncan: a series-by-series account of major political revolutions.

If you have a long journey, Fall of Civilizations is ideal: most episodes run to three or four hours."""),
        ("user", "I shall start with Fall of Civilizations; the episode on the Bronze Age collapse sounds perfect for my Year 9 unit as well."),
        ("assistant", "It is an excellent episode, and the show also publishes transcripts, which you could use with your class."),
    ]},
    {"id": "f07", "date": "2026-06-15", "via": "mem0", "filler": False, "turns": [
        ("user", "I ran my first 10K race yesterday, the Roundhay Park 10K, and finished in 58 minutes and 40 seconds, which I am rather proud of given that I could not run for one minute in April. I am now running three times a week. What would be a sensible next goal? I do not think I am ready for a marathon."),
        ("assistant", """Congratulations! Going from Couch to 5K to a sub-hour 10K in under two months is excellent progress.

Sensible next goals:
1. **Bring your 10K under 55 minutes** by adding one interval session a week (e.g. 6 × 800 m at a hard pace with 2 minutes' rest).
2. **A half marathon in the autumn**: the Great North Run in September is sold out, but the Leeds Half or the Yorkshire Coast Half are good options.
3. **Keep one run a week easy and long**, building it by about 10 per cent each week."""),
        ("user", "A half marathon in the autumn is tempting. I shall think about it."),
        ("assistant", "A 12-week plan starting in early July would take you comfortably to an October race."),
    ]},
    {"id": "f08", "date": "2026-06-27", "via": "rest", "filler": True, "turns": [
        ("user", "Could you draw up a three-day itinerary for Rome for a first-time visitor in the autumn?"),
        ("assistant", """Three days in Rome (autumn)

**Day 1 – Ancient Rome**
- Morning: the Colosseum (book a timed ticket online), then the Roman Forum and the Palatine Hill.
- Lunch: Monti district, e.g. a trattoria on Via Panisperna.
- Afternoon: the Capitoline Museums, then the view from the Vittoriano terrace.
- Evening: dinner in Trastevere.

**Day 2 – The Vatican**
- Early morning: the Vatican Museums and the Sistine Chapel (book the 8:00 slot).
- Late morning: St Peter's Basilica; climb the dome for the view.
- Afternoon: Castel Sant'Angelo and a walk along the Tiber.
- Evening: Piazza Navona and the Pantheon.

**Day 3 – Piazzas and villas**
- Morning: the Trevi Fountain early, before the crowds, then the Spanish Steps.
- Afternoon: the Borghese Gallery (booking required) and a stroll in the Villa Borghese gardens.
- Evening: aperitivo in Campo de' Fiori.

Autumn tips: October is still warm (around 20 °C), but pack a light rain jacket; many museums have shorter hours from November."""),
        ("user", "Is the Roma Pass worth buying?"),
        ("assistant", "For three days, the 72-hour Roma Pass is worth it if you visit at least two paid sites and use public transport: it covers the first two museums, unlimited travel, and lets you skip some ticket queues."),
    ]},
    {"id": "f09", "date": "2026-07-11", "via": "mem0", "filler": False, "turns": [
        ("user", "My fortieth birthday is on the 25th of July, and Tom has insisted that we have a proper celebration. My sister Hannah is flying over from Toronto for it, which I am delighted about, as I have not seen her for two years. We are thinking of a garden party for about thirty people. Could you suggest a few ideas that would not require us to cook all day?"),
        ("assistant", """Happy early birthday! Some low-effort ideas for a garden party for thirty:

1. **Hire a food truck**: pizza or street-food vans typically charge per head and bring everything.
2. **A grazing table**: cheeses, breads, dips, fruit and salads, arranged in advance.
3. **A make-your-own Pimm's or spritz station** instead of a full bar.
4. **Lawn games** (croquet, giant Jenga) and a playlist of songs from each decade of your life.
5. **A photo wall** with pictures from your first forty years."""),
        ("user", "The food truck is a good idea. Since everything will have to be vegetarian, a wood-fired pizza van would be ideal."),
        ("assistant", "Wood-fired pizza vans are very popular for birthdays; book early, as July weekends fill up quickly."),
    ]},
    {"id": "f10", "date": "2026-07-27", "via": "rest", "filler": False, "turns": [
        ("user", "The party on Saturday was a great success, and the pizza van was a hit. Two weekends ago, Tom and I also had a lovely quiet trip to the Lake District, where we swam in Buttermere; the water was freezing but glorious. Now Hannah has gone back to Toronto and I am trying to write thank-you notes. Could you help me with a short, warm note for a friend who gave me a first edition of a history book?"),
        ("assistant", """Of course. Here is a short note:

Dear [Name],

Thank you so much for coming to my party, and for such a thoughtful present. A first edition of [title] is a real treasure, and I was genuinely touched that you remembered how much I love [author]'s work. It will have pride of place on my shelves.

It meant a great deal to celebrate with you.

With love,
[Your name]"""),
        ("user", "Perfect, thank you."),
        ("assistant", "You're welcome, and happy fortieth!"),
    ]},
    {"id": "f11", "date": "2026-08-08", "via": "mem0", "filler": False, "turns": [
        ("user", "I have some news: I have accepted a post as head of the history department at Roundhay School, starting in September. I shall be leaving my current school after eleven years, which is bittersweet. I need to prepare a short talk for my first department meeting. Could you suggest a structure for a ten-minute introduction that sets a positive tone without promising too much?"),
        ("assistant", """Congratulations on the new post! A structure for ten minutes:

1. **Who I am (2 min)**: your background, what drew you to history teaching, one personal detail.
2. **What I have seen so far (2 min)**: genuine strengths of the department you have noticed.
3. **How I like to work (3 min)**: your values, e.g. collaboration, protecting planning time, clear communication.
4. **First steps (2 min)**: that you will meet each colleague one to one in the first half-term before changing anything.
5. **An invitation (1 min)**: ask them what they would like to keep, and what they would change.

Avoid announcing new initiatives in the first meeting; listening first builds trust."""),
        ("user", "That is very helpful. The one-to-one meetings are a good idea."),
        ("assistant", "They also give you a clear picture of workloads before you plan anything new."),
    ]},
    {"id": "f12", "date": "2026-08-22", "via": "rest", "filler": True, "turns": [
        ("user", "Please write a general cover letter template for a marketing assistant position that a school leaver could adapt."),
        ("assistant", """[Your name]
[Address] · [Email] · [Phone]

[Date]

Dear [Hiring manager's name],

I am writing to apply for the position of Marketing Assistant at [Company], as advertised on [website]. Having recently completed my A levels in Business, English and Media Studies, I am keen to begin a career in marketing, and I believe my creativity, organisation and enthusiasm for digital media would make me a valuable addition to your team.

During my studies I [managed the social media accounts for the school's charity week, increasing followers by 40 per cent / organised an event / worked part-time in retail], which taught me how to communicate clearly with different audiences and to meet deadlines under pressure. I am confident using Canva, Instagram, TikTok and Microsoft Office, and I am eager to learn tools such as Google Analytics and Mailchimp.

I am particularly drawn to [Company] because of [a specific campaign, value or product]. I would welcome the opportunity to contribute to your campaigns while developing my skills.

Thank you for considering my application. I have attached my CV and would be delighted to discuss how I could support your team.

Yours sincerely,
[Your name]"""),
        ("user", "Could you make the tone slightly less formal?"),
        ("assistant", "Replace 'I am writing to apply for' with 'I'd love to apply for', use contractions throughout (I'm, I'd, I've), and end with 'I'd be really happy to chat about how I could help your team.'"),
    ]},
    {"id": "f13", "date": "2026-09-05", "via": "mem0", "filler": False, "turns": [
        ("user", "The first week at Roundhay has been exhausting but encouraging. Tom and I have booked a week in Crete for the October half-term, flying from Leeds Bradford on the 24th, to recover. Could you recommend some quieter places to stay on the island? We would like to walk, swim and eat well, and neither of us wants a large resort."),
        ("assistant", """For a quiet week in Crete:

1. **Loutro** (south coast): a car-free village reachable only by boat or on foot, with excellent coastal walks to Sweetwater Beach and Marmara.
2. **Paleochora**: a relaxed town with two beaches and good tavernas, a base for the E4 coastal path.
3. **Chania's old town**: a boutique hotel in the Venetian harbour, then day trips to Balos and the Samaria Gorge (the gorge usually closes at the end of October).
4. **Plakias**: a small bay with walking routes to Preveli Beach and its palm forest.

For walking and swimming, I would suggest splitting the week: three nights in Chania, then four in Loutro."""),
        ("user", "Loutro sounds ideal. We shall stay there for the whole week, I think."),
        ("assistant", "It's a wonderful choice; book the ferry from Hora Sfakion in advance, as the autumn timetable is reduced."),
    ]},
    {"id": "f14", "date": "2026-09-19", "via": "rest", "filler": False, "turns": [
        ("user", "A quick question about running. I have increased my training and now run five times a week, roughly forty kilometres in total, in preparation for the Yorkshire Coast Half Marathon on the 11th of October. Should I taper in the final week, and if so, by how much?"),
        ("assistant", """Yes: a taper helps you arrive fresh.

- **Two weeks out**: reduce your weekly distance by about 20–25 per cent, keeping some pace work.
- **Race week**: reduce by about 40–50 per cent; two or three short, easy runs with a few strides.
- **The day before**: rest or a 15-minute jog.

Keep your usual diet; there is no need to carbohydrate-load heavily for a half marathon, but have a good carbohydrate-rich meal the evening before."""),
        ("user", "Thank you; I shall follow that."),
        ("assistant", "Good luck on the 11th!"),
    ]},
    {"id": "f15", "date": "2026-10-31", "via": "mem0", "filler": False, "turns": [
        ("user", "We got back from Loutro last Saturday, and it was everything we had hoped for. I have one piece of news regarding food: after a blood test showed that my iron was low, my GP advised me to eat fish again, so I am now pescatarian rather than vegetarian. Could you suggest some quick weeknight dinners with fish that are high in iron?"),
        ("assistant", """Here are some quick, iron-rich fish dinners:

1. **Sardines on wholemeal toast** with wilted spinach and lemon (15 minutes).
2. **Mackerel and lentil salad** with beetroot and watercress.
3. **Prawn and chickpea curry** with spinach stirred through at the end.
4. **Baked salmon with a pumpkin-seed crust**, roasted broccoli and quinoa.

Pair each with a source of vitamin C (peppers, citrus, tomatoes) to help absorption, and avoid tea with meals, as it reduces iron uptake."""),
        ("user", "The sardines on toast sound ideal for Tom's night-shift weeks."),
        ("assistant", "They're quick and keep well in the cupboard, so they're perfect for busy evenings."),
    ]},
    {"id": "f16", "date": "2026-11-14", "via": "rest", "filler": False, "turns": [
        ("user", "Eleanor, have you heard? I've been told I'm moving to the Manchester office in January.", "Raj"),
        ("user", "Oh no, we shall miss you terribly. Is it a promotion?", "Eleanor"),
        ("user", "Yes, regional coordinator for the trust's schools. Priya is pleased, as her parents live in Stockport.", "Raj"),
        ("user", "Then congratulations are in order. You must come to one last meeting of the Tuesday Readers before you go; we are reading Tomorrow, and Tomorrow, and Tomorrow for December.", "Eleanor"),
        ("user", "I'll be there. Is it any good?", "Raj"),
        ("user", "I am halfway through and cannot put it down. By the way, how is Anika settling in at secondary school?", "Eleanor"),
        ("user", "She loves Year 7, especially the orchestra; she has taken up the cello.", "Raj"),
        ("user", "How splendid. Tell her I said well done.", "Eleanor"),
    ]},
]

TEXTING: list[dict[str, Any]] = [
    {"id": "t01", "date": "2026-04-09", "via": "rest", "filler": False, "turns": [
        ("user", "ok so i just adopted a cat lol. shes a 3 yr old tabby named biscuit, got her from the shelter on saturday. i work at gearhead cycles so im kinda broke rn, whats a decent cat food that wont cost a fortune"),
        ("assistant", """Congrats on adopting Biscuit! Some budget-friendly options that still have good ingredients:

- **Purina ONE** (dry): affordable, meat as the first ingredient.
- **Fancy Feast Classic Paté** (wet): cheap per can and most cats love it.
- **Costco's Kirkland Signature** (dry): great value if you have a membership.

A mix of dry food for the day and one wet meal helps with hydration. Introduce any new food gradually over a week, mixing it with what the shelter fed her."""),
        ("user", "sweet ty. she keeps hiding under my bed is that normal"),
        ("assistant", "Totally normal. Shelter cats often need one to three weeks to settle. Give her a quiet room, keep her food and litter nearby, and let her come to you."),
    ]},
    {"id": "t02", "date": "2026-05-05", "via": "mem0", "filler": True, "turns": [
        ("user", """how do i check if a string is a valid email in js

```js
const ok = email.includes('@')
```"""),
        ("assistant", """A simple regex covers most cases:

```js
const isEmail = (s) => /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(s);

isEmail("a@b.co");   // true
isEmail("nope@");    // false
```

For a form, you can also let the browser do it with `<input type="email" required>`, and always validate again on the server."""),
        ("user", "whats the \\s part"),
        ("assistant", "`\\s` matches any whitespace character; `[^\\s@]` means any character that is neither whitespace nor `@`."),
    ]},
    {"id": "t03", "date": "2026-06-02", "via": "rest", "filler": False, "turns": [
        ("user", "ugh my roommate derek keeps eating my leftovers and i'm about to lose it. anyway can u help me with a cheap grocery list for the week, im lactose intolerant and i cant stand cilantro so nothing with that pls"),
        ("assistant", """Here's a cheap, lactose-free week (about $50):

**Staples**: rice, oats, pasta, canned black beans, canned tomatoes, peanut butter, eggs, bread
**Protein**: chicken thighs (family pack), a dozen eggs, tofu
**Produce**: bananas, onions, garlic, carrots, frozen broccoli, spinach, potatoes
**Dairy swaps**: oat milk, lactose-free yogurt

Meals: overnight oats with oat milk; chicken and veggie rice bowls; pasta with tomato sauce and spinach; egg fried rice; bean and potato tacos (with lime and green onion instead of cilantro).

Tip: label your leftovers or keep them in an opaque container."""),
        ("user", "lol wait i said derek, my roommate is devon. derek is my brother, hes cool. devon is the food thief"),
        ("assistant", "Got it: Devon is the roommate (and the food thief), Derek is your brother. Maybe a quick chat with Devon about shared and not-shared shelves in the fridge?"),
    ]},
    {"id": "t04", "date": "2026-07-18", "via": "mem0", "filler": False, "turns": [
        ("user", "big news, i quit gearhead and started at the crux, its a bouldering gym downtown. im doing the front desk + route setting sometimes. pay is better and i climb for free lol. do u have tips for not destroying my fingers"),
        ("assistant", """Nice, congrats on the new job! To keep your fingers healthy:

1. **Warm up** for 10–15 minutes on easy routes before trying anything hard.
2. **Avoid full crimps** on small holds; use an open-hand grip where you can.
3. **Don't climb hard every day**: with free access it's tempting, but tendons adapt much slower than muscles. Three or four sessions a week is plenty.
4. **Tape** isn't a substitute for rest, but it helps with skin splits.
5. **Antagonist training**: rice-bucket exercises or rubber-band finger extensions."""),
        ("user", "bet. my forearms are already dead lmao"),
        ("assistant", "That's normal in the first weeks; it gets better as you build up."),
    ]},
    {"id": "t05", "date": "2026-08-30", "via": "rest", "filler": False, "turns": [
        ("user", "just finished severance and now i have nothing to watch. gimme something similar, like weird workplace mystery vibes"),
        ("assistant", """If you liked Severance, try these:

1. **Devs** (FX/Hulu): a quiet, eerie thriller about a secretive quantum computing company.
2. **Maniac** (Netflix): Emma Stone and Jonah Hill in a surreal pharmaceutical trial.
3. **Mr. Robot**: a hacker at a cybersecurity firm, paranoid and twisty.
4. **Dark** (Netflix, German): a time-travel mystery in a small town.

Devs is the closest in mood: a tech campus that hides something."""),
        ("user", "devs sounds sick, starting it tonight"),
        ("assistant", "Enjoy! It's only eight episodes, so it's a good weekend watch."),
    ]},
    {"id": "t06", "date": "2026-09-21", "via": "mem0", "filler": True, "turns": [
        ("user", "write me a short poem about fall"),
        ("assistant", """Amber light on the maple street,
leaves like letters at my feet,
the air gone crisp, the evenings slow,
the sky a softer, paler glow.

Sweaters pulled from dusty shelves,
pumpkins grinning at themselves,
and every gust that shakes the trees
hums the year's goodbyes to me."""),
        ("user", "lol cute"),
        ("assistant", "Glad you liked it!"),
    ]},
    {"id": "t07", "date": "2026-10-12", "via": "rest", "filler": False, "turns": [
        ("user", "rough week. biscuit had to get a tooth pulled, vet bill was $480 smh. which is annoying bc im trying to save up for japan in march, me and my brother want to go to tokyo and osaka for 2 weeks. how much should i budget"),
        ("assistant", """Sorry about Biscuit, I hope she's recovering well. For two weeks in Tokyo and Osaka in March, a rough budget per person:

- **Flights from Portland**: $900–1,300 round trip (book by December for March).
- **Accommodation**: $40–80/night in business hotels or hostels, so $600–1,100.
- **JR Pass** isn't worth it for just Tokyo–Osaka; a one-way Shinkansen is about $100.
- **Food**: $30–40/day eating at ramen shops, konbini and izakayas.
- **Activities and transport**: $300–400.

Total: roughly $2,500–3,500 each. Late March is cherry blossom season, so book rooms early."""),
        ("user", "oof ok. gotta pick up more shifts"),
        ("assistant", "Saving $250–300 a month from now would get you there comfortably."),
    ]},
    {"id": "t08", "date": "2026-11-20", "via": "mem0", "filler": False, "turns": [
        ("user", "finally moved out of devon's place!! got a tiny studio in st johns, its just me and biscuit now. what are some cheap ways to make a small place feel bigger"),
        ("assistant", """Congrats on your own place! Cheap ways to make a studio feel bigger:

1. **Mirrors**: a big leaning mirror opposite the window doubles the light.
2. **Raise things off the floor**: a lofted or platform bed with storage underneath.
3. **Light colors** for walls, curtains and bedding.
4. **Curtains hung high and wide** make windows look larger.
5. **Zone the room** with a rug for the living area and a bookshelf as a divider.
6. **Vertical storage**: wall shelves instead of wide furniture.

And for Biscuit: a wall-mounted cat shelf gives her territory without using floor space."""),
        ("user", "cat shelves!! ok thats happening"),
        ("assistant", "She'll love it. Put one near a window so she can watch the birds."),
    ]},
]

#: (id, kind, question, [(session, turn)], pattern or [newer, older] patterns, update?) as bench/realchat4.py reads
#: them; a question's user is ``formal`` or ``texting`` (its prefix: f… / t…).
QUESTIONS_FORMAL: list[tuple[Any, ...]] = [
    ("f01", "user", "What subject do I teach?", [("f01", 0)], r"(?i)history"),
    ("f02", "user", "What does my partner do for a living?", [("f01", 0)], r"(?i)paramedic"),
    ("f03", "user", "What is my partner's name?", [("f01", 0)], r"Tom"),
    ("f04", "user", "Which running shoes did I buy?", [("f03", 2)], r"(?i)ghost"),
    ("f05", "user", "What is the name of the book club I started with colleagues?", [("f04", 0)], r"(?i)tuesday readers"),
    ("f06", "user", "Where does my sister live?", [("f09", 0)], r"(?i)toronto"),
    ("f07", "user", "How long did it take me to finish my first 10K?", [("f07", 0)], r"58"),
    ("f08", "user", "Where exactly did we stay in Crete?", [("f13", 2)], r"(?i)loutro"),
    ("f09", "user", "Where is Raj moving to?", [("f16", 0)], r"(?i)manchester"),
    ("f10", "user", "What instrument has Raj's daughter taken up?", [("f16", 6)], r"(?i)cello"),
    ("f11", "assistant", "What was the name of the podcast you recommended for long train journeys?", [("f06", 1)], r"(?i)fall of civili[sz]ations"),
    ("f12", "assistant", "Which book did you suggest for the first book club meeting?", [("f04", 1)], r"(?i)piranesi"),
    ("f13", "assistant", "How did you suggest I structure my first department meeting talk?", [("f11", 1)], r"(?i)one to one|one-to-one|listen"),
    ("f14", "assistant", "What did you say about the ferry to Loutro?", [("f13", 3)], r"(?i)hora sfakion|ferry"),
    ("f15", "assistant", "Which iron-rich fish dinners did you suggest?", [("f15", 1)], r"(?i)sardine|mackerel|prawn|salmon"),
    ("f16", "multi", "How many trips did Tom and I take this year, and where did we go?", [("f06", 0), ("f10", 0), ("f15", 0)], [r"(?i)edinburgh", r"(?i)lake district|buttermere", r"(?i)loutro|crete"]),
    ("f17", "multi", "Which book is the Tuesday Readers reading in December, and when does the club meet?", [("f16", 3), ("f04", 0)], [r"(?i)tomorrow", r"(?i)first tuesday"]),
    ("f18", "multi", "Who flew in from abroad for my fortieth, and what food did we have at the party?", [("f09", 0), ("f10", 0)], [r"(?i)hannah|toronto", r"(?i)pizza"]),
    ("f19", "update", "What is my job now?", [("f11", 0), ("f01", 0)], [r"(?i)head of (the )?history|roundhay", r"(?i)teach"], True),
    ("f20", "update", "What is my diet at the moment?", [("f15", 0), ("f04", 2)], [r"(?i)pescatarian|fish", r"(?i)vegetarian"], True),
    ("f21", "update", "How often do I run these days?", [("f14", 0), ("f07", 0)], [r"(?i)five times|forty|40", r"(?i)three times"], True),
    ("f22", "temporal", "When did I run my first 10K race?", [("f07", 0)], r"(?i)june 14|14 june|2026-06-14|14th of june|june 14th"),
    ("f23", "temporal", "How long ago did I start running?", [("f03", 0)], r"(?i)couch to 5k|running|started"),
    ("f24", "temporal", "What did I do the weekend before my birthday?", [("f10", 0)], r"(?i)lake district|buttermere"),
    ("f25", "temporal", "When is my birthday?", [("f09", 0)], r"(?i)25(th)? (of )?july|july 25|07-25"),
    ("f26", "temporal", "When did we fly to Crete?", [("f13", 0)], r"(?i)24|october"),
    ("f27", "preference", "Can you suggest a dinner for tonight?", [("f15", 0)], r"(?i)pescatarian|fish|vegetarian"),
    ("f28", "preference", "I have a long drive on Saturday; anything to listen to?", [("f06", 2)], r"(?i)podcast|fall of civili[sz]ations|history"),
    ("f29", "preference", "Any ideas for a present for Tom?", [("f01", 0)], r"(?i)paramedic|night shift"),
    ("f30", "abstain", "What is the name of my dog?", [], r""),
    ("f31", "abstain", "Which university did Tom go to?", [], r""),
    ("f32", "abstain", "What restaurant in Rome did you recommend to me?", [], r""),
]

QUESTIONS_TEXTING: list[tuple[Any, ...]] = [
    ("t01", "user", "whats my cats name", [("t01", 0)], r"(?i)biscuit"),
    ("t02", "user", "what kind of cat is biscuit", [("t01", 0)], r"(?i)tabby"),
    ("t03", "user", "whats my roommate's name", [("t03", 2)], r"(?i)devon"),
    ("t04", "user", "who is derek", [("t03", 2)], r"(?i)brother"),
    ("t05", "user", "how much was biscuit's vet bill", [("t07", 0)], r"480"),
    ("t06", "user", "what food can't i eat", [("t03", 0)], r"(?i)lactose|dairy|cilantro"),
    ("t07", "assistant", "what was that show u said was closest to severance", [("t05", 1)], r"(?i)devs"),
    ("t08", "assistant", "what did u say about the jr pass", [("t07", 1)], r"(?i)jr pass|shinkansen"),
    ("t09", "assistant", "how many climbing sessions a week did u say is enough", [("t04", 1)], r"(?i)three or four|3.4|three|four"),
    ("t10", "update", "where do i work now", [("t04", 0), ("t01", 0)], [r"(?i)crux|bouldering|climbing", r"(?i)gearhead"], True),
    ("t11", "update", "where do i live", [("t08", 0), ("t03", 0)], [r"(?i)st\.? johns|studio", r"(?i)roommate|devon"], True),
    ("t12", "multi", "who's coming with me to japan and when are we going", [("t07", 0), ("t03", 2)], [r"(?i)march|japan", r"(?i)brother|derek"]),
    ("t13", "temporal", "when did i adopt biscuit", [("t01", 0)], r"(?i)april|04-0[4-9]|adopt"),
    ("t14", "temporal", "when did i start at the climbing gym", [("t04", 0)], r"(?i)july|crux"),
    ("t15", "preference", "what should i cook this week", [("t03", 0)], r"(?i)lactose|dairy|cilantro|cheap"),
    ("t16", "preference", "any tips for decorating my place", [("t08", 0)], r"(?i)studio|small|biscuit|cat"),
    ("t17", "abstain", "whats my girlfriends name", [], r""),
    ("t18", "abstain", "what car do i drive", [], r""),
]
