"""bench/realchat7.py's set: one English user's help chats over eight months, a LongMemEval-style haystack.

Written for this bench before reading the extractor or the recall code. A data analyst in Denver asks an assistant
for help with work, cooking, trips, her daughter's activities and the house, 42 sessions from January to September;
the assistant answers at length (code, recipes, itineraries, letters, plans) and the user's own facts come as
asides in a task message ("btw this is for my daughter's 7th birthday"). 15 sessions are filler (no personal fact
at all: an explanation, a poem, code help). Values change across sessions (job, commute, home, diet, the
daughter's instrument, a climbing grade, a reading goal). A turn is (role, text)."""
# ruff: noqa: E501  (the messages are kept as written)

from typing import Any

SESSIONS: list[dict[str, Any]] = [
    {"id": "s01", "date": "2026-01-06", "via": "rest", "filler": False, "turns": [
        ("user", "I have a pandas dataframe of truck arrivals with a 'date' column and a 'depot' column, and some days have no arrivals at all so they're just missing. I need a daily count per depot with zeros for the missing days. Context: I'm a data analyst at Ridgeline Logistics and my manager Dana wants this in the weekly ops report by Friday, so I'd love something clean."),
        ("assistant", """Here's a clean way to do it: count per depot and day, then reindex each depot onto a complete calendar so the missing days become zeros.

```python
import pandas as pd

df["date"] = pd.to_datetime(df["date"]).dt.normalize()
counts = df.groupby(["depot", "date"]).size()

full_days = pd.date_range(df["date"].min(), df["date"].max(), freq="D")
index = pd.MultiIndex.from_product([counts.index.levels[0], full_days], names=["depot", "date"])
daily = counts.reindex(index, fill_value=0).rename("arrivals").reset_index()
```

How it works:

1. `dt.normalize()` drops the time of day, so two arrivals at 08:10 and 17:45 on the same day land in the same bucket.
2. `groupby([...]).size()` gives a Series indexed by (depot, date) with the number of rows in each group.
3. `pd.date_range(..., freq="D")` builds every calendar day between the first and last arrival, including the days nobody arrived.
4. `MultiIndex.from_product` crosses every depot with every day, and `reindex(..., fill_value=0)` fills the gaps with zeros instead of NaN, which keeps the column an integer type.

If the report should cover a fixed week rather than the span of the data, pass explicit bounds such as `pd.date_range("2026-01-05", "2026-01-11")`.

For the report itself, a wide table is often easier to read:

```python
wide = daily.pivot(index="date", columns="depot", values="arrivals")
```

An alternative is `df.set_index("date").groupby("depot").resample("D").size()`, but `resample` only fills the days between each depot's own first and last arrival, so a depot that was quiet at the start of the week would still be missing rows. The reindex approach avoids that."""),
        ("user", "Perfect, the reindex version works. Thanks!"),
        ("assistant", "Glad it worked. If the ops report grows, consider wrapping this in a small function that takes the start and end dates so you can reuse it every week."),
    ]},
    {"id": "s02", "date": "2026-01-10", "via": "mem0", "filler": True, "turns": [
        ("user", "Can you explain compound interest simply, with an example?"),
        ("assistant", """Compound interest means you earn interest not only on the money you put in, but also on the interest it has already earned.

Simple example: you deposit $1,000 at 5% a year.

- After year 1: $1,000 × 1.05 = $1,050. You earned $50.
- After year 2: $1,050 × 1.05 = $1,102.50. You earned $52.50, because the $50 from last year is now earning interest too.
- After year 3: $1,157.63.

The general formula is A = P × (1 + r/n)^(n×t), where P is the principal, r the annual rate, n the number of times interest is compounded per year, and t the number of years. More frequent compounding (monthly instead of yearly) gives slightly more, though the difference is small at ordinary rates.

A handy shortcut is the rule of 72: divide 72 by the interest rate to estimate how many years it takes to double your money. At 6%, that's about 12 years; at 9%, about 8.

The same mechanism works against you with debt: a credit card charging 24% a year compounds monthly, so an unpaid balance grows quickly. That's why paying down high-interest debt is often the best "investment" available."""),
        ("user", "That's clear, thanks."),
    ]},
    {"id": "s03", "date": "2026-01-15", "via": "rest", "filler": False, "turns": [
        ("user", "Can you help me plan a kids' party at home for about 12 children? Btw this is for my daughter Maya's 7th birthday on February 7th, and she is completely obsessed with octopuses right now, so an ocean theme would be ideal. One important thing: she's allergic to cashews, so the food has to be nut-free."),
        ("assistant", """What a fun theme! Here's a two-hour plan for 12 seven-year-olds.

**Before the party**
- Decorations: blue and green streamers hung from the ceiling like seaweed, paper-plate jellyfish with crepe-paper tentacles, and a big cardboard octopus at the door for photos.
- Tell every parent on the invitation that the party is nut-free.

**Schedule**
- 0:00–0:20 Arrival craft: kids decorate paper-bag octopus puppets with googly eyes and pipe-cleaner legs. It keeps early arrivals busy.
- 0:20–0:50 Underwater treasure hunt: six clues hidden around the house, each one a riddle about a sea creature, leading to a "treasure chest" of chocolate coins and stickers. Pair stronger readers with younger kids.
- 0:50–1:10 Games: "Octopus tag" (the octopus tags people, who become seaweed and wave their arms to catch others) and a sea-animal freeze dance.
- 1:10–1:35 Food: fish-shaped crackers, "sea star" sandwiches cut with a star cutter, fruit skewers, veggie sticks with hummus, and blue lemonade.
- 1:35–1:55 Cake and singing: a blue cake with an octopus made from sour candy strips.
- 1:55–2:00 Goodie bags: bubble wands, sea-animal stickers, a small squishy octopus.

**Nut-free food tips**
- Bake the cake yourself or buy from a bakery that certifies nut-free production; many supermarket cakes carry "may contain" warnings.
- Check every packet, including chocolate coins and crackers, for cashew or "tree nut" warnings.
- Keep an eye out for pesto and some hummus brands, which occasionally contain cashews.

Would you like the six treasure-hunt riddles written out?"""),
        ("user", "Yes please, but later. The plan is great."),
    ]},
    {"id": "s04", "date": "2026-01-21", "via": "mem0", "filler": True, "turns": [
        ("user", "How do vaccines actually train the immune system?"),
        ("assistant", """A vaccine shows your immune system a harmless version or piece of a germ so it can practise responding without you getting sick.

1. **Presentation.** The vaccine contains an antigen: a weakened or inactivated virus, a protein from its surface, or instructions (mRNA) that let your cells make that protein briefly.
2. **Detection.** Immune cells called dendritic cells pick up the antigen and carry it to the lymph nodes, where they show it to T cells and B cells.
3. **Response.** B cells that recognise the antigen multiply and produce antibodies that can bind to it. Helper T cells coordinate the response, and killer T cells learn to destroy infected cells.
4. **Memory.** After the response fades, some long-lived memory B and T cells remain. If the real germ shows up later, they recognise it quickly and mount a much faster, stronger response, often before you notice symptoms.

Booster doses remind the immune system and increase the number and quality of memory cells. Adjuvants, ingredients added to some vaccines, make the initial alarm louder so the response is stronger.

Side effects like a sore arm or mild fever are signs the immune system is reacting, not that you have the disease."""),
    ]},
    {"id": "s05", "date": "2026-01-29", "via": "rest", "filler": False, "turns": [
        ("user", "I want to make a Thai green curry from scratch this weekend. I've been vegetarian for about ten years, so no fish sauce or shrimp paste please. Can you give me a recipe for four?"),
        ("assistant", """Here's a vegetarian Thai green curry for four, with a homemade paste.

**Green curry paste**
- 4–6 green bird's-eye chillies (fewer for mild)
- 2 stalks lemongrass, tender parts sliced
- 4 garlic cloves, 2 shallots
- Thumb of galangal or ginger
- Zest of 1 lime, 4 kaffir lime leaves
- Large handful of coriander, stems included
- 1 tsp ground cumin, 1 tsp ground coriander
- 1 tbsp light soy sauce and 1 tsp white miso (this replaces the fish sauce and shrimp paste and gives the same savoury depth)

Blend everything with a splash of oil into a smooth paste.

**Curry**
- 1 tbsp coconut oil
- 2 × 400 ml cans coconut milk
- 400 g firm tofu, pressed and cubed
- 1 aubergine, cubed; 1 red pepper; a handful of green beans
- 1 tsp palm or brown sugar
- Thai basil and lime wedges to serve

**Method**
1. Fry the tofu in a little oil until golden, then set aside.
2. Heat the coconut oil, add 4 tbsp paste and fry for 2 minutes until fragrant.
3. Add the thick top of the coconut milk first and cook until the oil separates, then the rest of the milk.
4. Add the aubergine and simmer 10 minutes, then the pepper and beans for 5 more.
5. Return the tofu, season with sugar and more soy sauce to taste.
6. Finish with Thai basil and serve with jasmine rice and lime.

Leftover paste freezes well in an ice-cube tray."""),
        ("user", "Made it, it was amazing. The miso trick is genius."),
    ]},
    {"id": "s06", "date": "2026-02-04", "via": "mem0", "filler": False, "turns": [
        ("user", "I take the light rail to work, it's about 40 minutes each way, and I'm tired of scrolling my phone. Can you recommend some podcasts? I'm really into urban design and architecture, how cities work, that kind of thing."),
        ("assistant", """Forty minutes is a perfect podcast slot. Given your interest in cities and design, here are some favourites:

1. **99% Invisible** – the classic. Roman Mars and team tell stories about the hidden design of everyday things: street signs, revolving doors, why cities look the way they do. Episodes run 30–45 minutes, ideal for one leg of the commute.
2. **The Urbanist (Monocle)** – a weekly look at cities around the world, from transit to public space, with a global perspective.
3. **Strong Towns** – conversations about how American towns and suburbs are built and financed, and why some places thrive while others struggle. Thought-provoking if you've ever wondered about parking minimums.
4. **The War on Cars** – sharp, funny episodes on streets, transit and car dependence.
5. **Bloomberg CityLab's** occasional series and **Talking Headways** – deeper transit planning talk, good for when you want detail.

Outside your core interest, a couple of broadly loved shows:
- **Hidden Brain** – psychology and behaviour, very listenable.
- **Radiolab** – science stories with great sound design.

Tip: start with the 99% Invisible episodes "The Modern Moloch" and "Hostile Architecture"; they're a great introduction to the kind of thinking the show does."""),
        ("user", "Starting with 99% Invisible tomorrow!"),
    ]},
    {"id": "s07", "date": "2026-02-11", "via": "rest", "filler": True, "turns": [
        ("user", "Explain SQL window functions like ROW_NUMBER and LAG with examples."),
        ("assistant", """Window functions compute a value for each row using a "window" of related rows, without collapsing rows like GROUP BY does.

**ROW_NUMBER** numbers rows within a partition:

```sql
SELECT customer_id, order_date, amount,
       ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY order_date) AS nth_order
FROM orders;
```

Each customer's orders get 1, 2, 3… in date order. A common use is keeping only the latest row per group: number by `ORDER BY order_date DESC` and filter `nth_order = 1` in an outer query.

**LAG** looks at a previous row:

```sql
SELECT order_date, amount,
       amount - LAG(amount) OVER (ORDER BY order_date) AS change
FROM daily_sales;
```

`LAG(amount)` returns the previous day's amount, so `change` is the day-over-day difference. `LEAD` looks forward instead.

**Running totals** use an aggregate as a window:

```sql
SELECT order_date, SUM(amount) OVER (ORDER BY order_date
       ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running_total
FROM daily_sales;
```

Key parts of the OVER clause: PARTITION BY splits rows into groups; ORDER BY defines order within each group; the frame (ROWS BETWEEN …) decides which rows count. RANK and DENSE_RANK are like ROW_NUMBER but give ties the same number."""),
    ]},
    {"id": "s08", "date": "2026-02-18", "via": "mem0", "filler": False, "turns": [
        ("user", "Can you help me plan five days in Kyoto in mid-April? It's for our 10th wedding anniversary, just my husband Marcus and me, no kids this time. We like walking, temples, good food and quiet places more than nightlife. Mid-range budget but we'd splurge on one special night."),
        ("assistant", """Congratulations on ten years! Mid-April is late cherry blossom season, so book early. Here's a relaxed five-day plan.

**Where to stay**
- **Hotel Kanra Kyoto** (near Gojo): a calm, modern hotel with wooden interiors and some rooms with Japanese-style baths. Central, walkable, mid-range. I'd base yourselves here for four nights.
- **Splurge night: Yoshida-sanso**, a small ryokan in a former imperial family villa near Yoshida Shrine, with a kaiseki dinner served in your room. Perfect for the anniversary itself.

**Day 1 – Higashiyama**: walk from Kiyomizu-dera down Sannenzaka and Ninenzaka to Yasaka Shrine, then dinner in Gion.
**Day 2 – Fushimi Inari and sake**: go to Fushimi Inari at 6–7 am before the crowds and walk up to the Yotsutsuji viewpoint. Afternoon in Fushimi's sake district with a tasting at Gekkeikan Okura.
**Day 3 – Arashiyama**: the bamboo grove early, Tenryu-ji garden, then a boat on the Hozu river or the Sagano scenic railway. Tofu lunch at Shoraian.
**Day 4 – Philosopher's Path**: walk from Ginkaku-ji to Nanzen-ji along the canal; check into Yoshida-sanso in the afternoon for your anniversary dinner.
**Day 5 – Nishiki Market and Daitoku-ji**: browse the market for snacks and gifts, then the quiet Zen sub-temples of Daitoku-ji.

**Tips**
- Buy an ICOCA card for buses and trains.
- Many temples close by 5 pm; plan the main sights for mornings.
- Reserve kaiseki and any Michelin-listed restaurants a month ahead."""),
        ("user", "This sounds perfect. Booking the Kanra now. My mother-in-law will stay with our daughter."),
    ]},
    {"id": "s09", "date": "2026-02-24", "via": "rest", "filler": True, "turns": [
        ("user", "Write me a short funny poem about Mondays."),
        ("assistant", """Ode to Monday

The alarm clock shrieks its cheerful lie,
"Rise up, the week is young!"
I answer with a muffled sigh
And coffee on my tongue.

The inbox swells, the printer jams,
The meeting could have been an email;
My lunch is soggy, made of spams,
My optimism, frail.

But Monday, you are not so bad,
You only come but once a week;
And Friday is the friend I've had
Five days to learn to seek."""),
    ]},
    {"id": "s10", "date": "2026-03-06", "via": "mem0", "filler": False, "turns": [
        ("user", "I started bouldering last week at Basecamp Bouldering near my office and I'm hooked. I'm climbing V2s right now. Can you give me a beginner training plan so I improve without getting hurt? I can go three times a week."),
        ("assistant", """Great to hear! At V2, the fastest progress comes from climbing lots of varied problems and building good technique, not from hard finger training. Here's a plan for three sessions a week.

**Every session (warm-up, 15 min)**
- 5 minutes of light cardio or easy traversing.
- Arm circles, wrist rolls, shoulder dislocates with a band.
- 4–6 very easy problems (V0) focusing on quiet feet.

**Session A – Volume**: climb 15–20 problems at V0–V2. Repeat ones you've done, trying to make them smoother. Focus on footwork: place each foot precisely and silently.
**Session B – Projecting**: pick 2–3 V3 problems and work on the moves. Rest 3–4 minutes between attempts. Stop when you're failing on moves you did earlier.
**Session C – Technique games**: "hover hands" (hover a hand over each hold before grabbing it), "silent feet", and climbing problems with straight arms.

**Antagonist and injury prevention (twice a week, 15 min after climbing)**
- Push-ups: 3 × 10
- Reverse wrist curls with a light dumbbell: 3 × 15
- Band pull-aparts: 3 × 15
- Shoulder external rotations with a band: 3 × 12

**Rules**
- No campus board or hangboard for the first year.
- Rest at least one day between sessions.
- Stop immediately if you feel a pop or sharp pain in a finger.

Most people climbing consistently like this reach V3–V4 within six months."""),
        ("user", "Love it, I'll start the antagonist stuff this week."),
    ]},
    {"id": "s11", "date": "2026-03-12", "via": "rest", "filler": True, "turns": [
        ("user", "Why does this print undefined? async function getData() { fetch('/api').then(r => r.json()) } console.log(await getData())"),
        ("assistant", """`getData` doesn't return anything, so the awaited value is `undefined`. The `fetch(...).then(...)` chain runs, but its promise is thrown away.

Fix it by returning the promise:

```javascript
async function getData() {
  return fetch('/api').then(r => r.json());
}
```

or, more readably, with `await` inside:

```javascript
async function getData() {
  const response = await fetch('/api');
  if (!response.ok) {
    throw new Error(`HTTP ${response.status}`);
  }
  return response.json();
}

const data = await getData();
console.log(data);
```

Two more things to keep in mind:

1. Top-level `await` only works in ES modules (a `<script type="module">` or an `.mjs` file). In a classic script, wrap the call: `getData().then(console.log)`.
2. `fetch` only rejects on network errors, not on HTTP errors like 404 or 500, which is why checking `response.ok` is a good habit.

An `async` function always returns a promise, and whatever you `return` inside it becomes the promise's resolved value; with no `return`, the value is `undefined`."""),
    ]},
    {"id": "s12", "date": "2026-03-18", "via": "mem0", "filler": False, "turns": [
        ("user", "Could you help me write a polite note to our upstairs neighbour? We live in a second-floor apartment in Capitol Hill and they've started doing workouts with dropped weights at 11pm, which wakes up my daughter. I don't want to start a feud, we're probably only here another year or so until we can buy a house."),
        ("assistant", """Here's a friendly, non-confrontational note you can slip under their door or hand over in person:

---

Hi there,

I'm your neighbour from the apartment below (2B). I hope you're settling in well!

I wanted to mention something in case you're not aware of it: sounds from upstairs carry quite a lot in this building, and we've noticed thuds from what sounds like weights being set down at around 10:30–11 pm. Our young daughter's bedroom is directly below, and it's been waking her up.

Would it be possible to do workouts a bit earlier in the evening, or to use a mat or rubber tiles under the weights? We'd really appreciate it. And of course, if anything from our side ever bothers you, please tell us – we're happy to return the favour.

Thanks so much, and nice to (virtually) meet you!

[Your name], 2B

---

A few tips:
- Deliver it on a neutral day, not right after an incident, so it doesn't feel like a reaction in anger.
- Offering a solution (a mat, earlier times) makes it easy for them to say yes.
- Knocking on their door and introducing yourself first can make the note feel warmer.
- If nothing changes after a couple of weeks, check your lease for quiet hours and speak to the property manager, but keep a record of dates and times first."""),
        ("user", "Thanks, I'll knock and introduce myself tomorrow."),
    ]},
    {"id": "s13", "date": "2026-03-25", "via": "rest", "filler": False, "turns": [
        ("user", "We just bought Wingspan for family game night and we absolutely love it. We're really into these calm nature-themed engine builders. What should we get next? Ideally something our 7-year-old can eventually play with us."),
        ("assistant", """If Wingspan is a hit, you have lots of great options. Here are my top picks for calm, nature-themed games:

1. **Cascadia** – tile-laying and drafting where you build a Pacific Northwest landscape and place animals that score in different patterns (bears in pairs, salmon in runs). Short turns, beautiful components and simple rules, so it's excellent with a 7-year-old. My top recommendation.
2. **Everdell** – a gorgeous woodland worker-placement and engine-building game with critters and a 3D tree. Heavier than Wingspan, better for adults or older kids.
3. **Parks** – hike through US national parks, collecting resources to visit parks and taking photos. Relaxing and lovely art.
4. **Meadow** – a set-collection game about observing plants and animals; similar feel to Wingspan, with very pretty cards.
5. **Wyrmspan** – from Wingspan's designer, with dragons; good if you want more of the same engine-building.
6. **Kingdomino** – not nature-themed exactly, but a 15-minute tile game that kids as young as six pick up quickly.

For a 7-year-old, start with Kingdomino or Cascadia. Wingspan's expansions (European, Oceania) also add variety if you want to stay with the game you love."""),
        ("user", "Cascadia is on the list!"),
    ]},
    {"id": "s14", "date": "2026-04-01", "via": "mem0", "filler": False, "turns": [
        ("user", "Maya just started piano lessons this week (weekly lessons with a teacher named Mrs. Ortiz). How should a seven-year-old practise at home without it turning into a fight every evening?"),
        ("assistant", """Great question – the habit matters more than the amount at this age. Some ideas that work well for young beginners:

**Keep it short and predictable**
- 10–15 minutes a day is plenty for a seven-year-old in her first months.
- Attach practice to an existing routine, e.g. right after snack or before dinner, so it isn't a negotiation each day.

**Give the session a shape**
1. Warm up with something she already plays well (confidence first).
2. The new piece, in small chunks: two bars at a time, hands separately.
3. Finish with something fun: a song she picks, or improvising "rain sounds" on the black keys.

**Make progress visible**
- A sticker chart or a jar where she drops a bead for each session.
- Let her "perform" a piece for family or a stuffed-animal audience on Sundays.

**Let the teacher be the teacher**
- Ask the teacher what to focus on each week and write it in a notebook.
- Avoid correcting every mistake; ask "how did that sound to you?" instead.

**When she resists**
- Offer choices ("scales first or the new song first?").
- A 5-minute minimum is fine on tired days; consistency beats length.

Most kids go through a resistant phase around three months in; keeping the routine light usually gets them through it."""),
        ("user", "The bead jar is a great idea."),
    ]},
    {"id": "s15", "date": "2026-04-05", "via": "rest", "filler": False, "turns": [
        ("user", "I need books for a long flight to Japan next week. I mostly read literary science fiction; Ursula K. Le Guin and Ted Chiang are my favourites. My goal this year is 20 books and I'm at 6, so I need to catch up!"),
        ("assistant", """A long flight is a great chance to catch up. Given Le Guin and Chiang, here are some picks:

1. **The Memory Police** by Yoko Ogawa – a quiet, haunting novel set on an island where things, and the memory of them, disappear. Perfect for a trip to Japan.
2. **Sea of Tranquility** by Emily St. John Mandel – time travel, a pandemic, and a moon colony, in short, beautifully connected chapters.
3. **Piranesi** by Susanna Clarke – a man living in an endless house of statues and tides; strange and wonderful.
4. **A Psalm for the Wild-Built** by Becky Chambers – a gentle, philosophical novella about a tea monk and a robot. Very Le Guin in spirit, and short.
5. **Exhalation** – if you haven't read Chiang's second collection, start there. "The Lifecycle of Software Objects" is a standout.
6. **The Dispossessed** or **The Lathe of Heaven** – if you've only read Le Guin's Earthsea or The Left Hand of Darkness.
7. **Klara and the Sun** by Kazuo Ishiguro – an artificial friend observes a family; literary and moving.

For a long flight, bring one absorbing novel (Sea of Tranquility or The Memory Police) and one short one (A Psalm for the Wild-Built) for when you're too tired to concentrate."""),
        ("user", "The Memory Police it is."),
    ]},
    {"id": "s16", "date": "2026-04-09", "via": "mem0", "filler": False, "turns": [
        ("user", "Can you make me a packing list for 5 days in Kyoto in April? Marcus's mom Gloria is flying in from Tucson to stay with Maya while we're gone, so I also need a list of notes for her about Maya's routine. Marcus teaches chemistry at East High, so luckily his spring break lines up with the trip."),
        ("assistant", """Here are both lists.

**Packing list (5 days, Kyoto in April)**
Clothes: layers for 8–20 °C (two light sweaters, a light waterproof jacket), 4 tops, 2 pairs of trousers, comfortable walking shoes that slip on and off easily (you'll remove them at temples and ryokans), socks without holes, sleepwear, one nicer outfit for the anniversary dinner.
Essentials: passport, printed hotel confirmations, travel insurance details, credit card plus some cash in yen (many small places are cash only), ICOCA card or app, phone charger and a Type A plug adapter, small towel or handkerchief, a coin purse, reusable bag for rubbish (few public bins).
Health: any prescriptions in original packaging, plasters for blisters, hand sanitiser.

**Notes for Gloria**
- School drop-off 8:15, pick-up 3:10; the school's phone number and the teacher's name.
- Allergy: no cashews or tree nuts. EpiPen location and how to use it.
- Piano practice 10 minutes after snack; the bead jar is on the shelf.
- Bedtime 7:45: bath, two books, lights out.
- Emergency contacts: our hotel numbers, the pediatrician, and a neighbour who can help.
- Favourite meals and what she won't eat.

Tape the notes to the fridge and share a copy by text so Gloria has them on her phone too."""),
        ("user", "Thank you, this is a lifesaver."),
    ]},
    {"id": "s17", "date": "2026-04-12", "via": "rest", "filler": True, "turns": [
        ("user", "What's the difference between a Roth IRA and a traditional IRA?"),
        ("assistant", """Both are US individual retirement accounts; the main difference is when you pay tax.

**Traditional IRA**
- Contributions may be tax-deductible now, lowering this year's taxable income (depending on your income and whether you have a workplace plan).
- Money grows tax-deferred.
- Withdrawals in retirement are taxed as ordinary income.
- Required minimum distributions start at age 73.

**Roth IRA**
- Contributions are made with after-tax money; no deduction now.
- Money grows tax-free, and qualified withdrawals in retirement are tax-free.
- No required minimum distributions during the owner's lifetime.
- Income limits apply to contributing directly.
- You can withdraw your contributions (not earnings) any time without penalty.

**Which is better?** It mostly depends on whether you expect your tax rate to be higher now or in retirement. If you expect a higher rate later, or you're early in your career, a Roth often makes sense. If you're in a high bracket now and expect a lower one in retirement, a traditional IRA's deduction is more valuable.

Many people hold both for tax diversification. The combined contribution limit applies across all your IRAs."""),
    ]},
    {"id": "s18", "date": "2026-04-15", "via": "mem0", "filler": True, "turns": [
        ("user", "What are the most useful Japanese phrases for a tourist?"),
        ("assistant", """Here are the phrases that go furthest:

**Basics**
- Konnichiwa – hello
- Arigatou gozaimasu – thank you (polite)
- Sumimasen – excuse me / sorry / getting someone's attention
- Hai / iie – yes / no
- Onegaishimasu – please (when requesting)

**Getting around**
- ___ wa doko desu ka? – where is ___?
- Eki – station; toire – toilet
- Kore wa ikura desu ka? – how much is this?
- Eigo wa hanasemasu ka? – do you speak English?

**Eating out**
- Futari desu – two people
- Osusume wa nan desu ka? – what do you recommend?
- Kore o kudasai – this one, please
- Okaikei onegaishimasu – the bill, please
- Itadakimasu (before eating) and gochisousama deshita (after) – people love hearing these.

**Etiquette**
- Bow slightly when thanking people.
- Don't tip; it can cause confusion.
- Say "sumimasen" liberally; it smooths almost every interaction.

Pointing at menu pictures and a smile also work wonders."""),
    ]},
    {"id": "s19", "date": "2026-04-27", "via": "rest", "filler": False, "turns": [
        ("user", "We got back from Kyoto last week! The Kanra was perfect and going to Fushimi Inari at 6am was the highlight. Now I want to make a photo book of the trip, around 40 pages. How should I structure it so it doesn't feel like a random dump of photos?"),
        ("assistant", """Welcome back, and happy anniversary! A photo book reads best when it tells a story. Here's a structure for about 40 pages:

**Opening (pages 1–4)**
- Cover: one striking, simple image, perhaps the torii gates at Fushimi Inari in early light.
- Title page with dates and a line like "Ten years, five days, Kyoto."
- A map spread marking where you stayed and walked.

**Chapters by day or theme (pages 5–34)**
Give each day a two-page opener with one large photo and a short caption, followed by 4–6 pages mixing:
- One full-bleed hero photo per spread.
- Grids of 3–6 smaller photos for details: food, signs, textures, tickets.
- A short journal line or quote from the day.
Consider themes instead of days if some days were thin: "Temples", "Food", "Quiet streets", "The two of us".

**Closing (pages 35–40)**
- The anniversary dinner with its menu if you kept it.
- A reflective spread: a favourite photo of you both.
- Final page: a quiet image, such as a lantern or a garden.

**Tips**
- Choose 120–150 photos at most; be ruthless.
- Keep a consistent style (same filter, same font).
- Leave white space; not every page has to be full.
- Put ephemera (tickets, temple stamps) in as scans."""),
        ("user", "Great, I'll go by theme."),
    ]},
    {"id": "s20", "date": "2026-05-03", "via": "mem0", "filler": True, "turns": [
        ("user", "How does a heat pump heat a house when it's cold outside?"),
        ("assistant", """A heat pump doesn't make heat; it moves it from outside to inside, using the same cycle as a refrigerator run in reverse.

1. **Evaporation.** A refrigerant much colder than the outdoor air flows through the outdoor coil. Even at -10 °C, the air is warmer than the refrigerant, so heat flows into it and it evaporates into a gas.
2. **Compression.** The compressor squeezes the gas, which raises its temperature sharply, to 50–70 °C.
3. **Condensation.** The hot gas flows through the indoor coil; a fan blows room air across it, heating your home while the refrigerant condenses back to a liquid.
4. **Expansion.** The liquid passes through an expansion valve, dropping its pressure and temperature, and the cycle starts again.

Because it moves heat rather than generating it, a heat pump can deliver 2–4 units of heat for each unit of electricity, a coefficient of performance of 2–4. Efficiency falls as it gets colder outside, but modern cold-climate models keep working well below -15 °C.

In very cold snaps, some systems use backup electric resistance heat. In summer, a reversing valve runs the cycle the other way, so the same unit provides air conditioning."""),
    ]},
    {"id": "s21", "date": "2026-05-09", "via": "rest", "filler": True, "turns": [
        ("user", "Regex to match a US ZIP code, either 5 digits or ZIP+4?"),
        ("assistant", """Use:

```
^\\d{5}(-\\d{4})?$
```

- `^` and `$` anchor the match to the whole string.
- `\\d{5}` matches exactly five digits.
- `(-\\d{4})?` optionally matches a hyphen and four more digits.

In Python:

```python
import re
ZIP = re.compile(r"^\\d{5}(-\\d{4})?$")
ZIP.match("80202")       # match
ZIP.match("80202-1234")  # match
ZIP.match("8020")        # None
```

If you're extracting ZIP codes from free text rather than validating a field, replace the anchors with word boundaries: `\\b\\d{5}(?:-\\d{4})?\\b`. Note that a regex only checks the format; it can't tell whether a ZIP code actually exists."""),
    ]},
    {"id": "s22", "date": "2026-05-16", "via": "mem0", "filler": False, "turns": [
        ("user", "We finally got the keys to our house in Lakewood last Saturday, so we've officially moved out of the Capitol Hill apartment! Can you give me a change-of-address checklist so I don't forget anything?"),
        ("assistant", """Congratulations on the new house! Here's a checklist, roughly in order of urgency.

**First week**
- USPS mail forwarding (online, about $1.10 to verify identity).
- Utilities: confirm electricity, gas, water, trash and internet are in your names at the new address and closed at the old one.
- Driver's licence and vehicle registration: Colorado requires an update within 30 days.
- Voter registration.
- Car insurance and homeowner's insurance (cancel renter's insurance on the apartment once you're out).

**Money**
- Banks and credit cards.
- Employer payroll and HR (for your W-2).
- IRS (Form 8822) if you expect letters before next year's filing.
- Investment and retirement accounts.

**Family**
- Maya's school: proof of residency if she's changing schools, updated emergency contacts.
- Pediatrician, dentist, pharmacy.
- Piano teacher, activities, and any subscription boxes.

**Other**
- Amazon and other online shopping defaults.
- Subscriptions (magazines, meal kits).
- Gym or climbing membership, library card.
- Tell friends and family; update your address in your phone's contact card.

**At the new house**
- Change the locks or rekey.
- Find the water shut-off valve and the electrical panel.
- Test smoke and carbon monoxide detectors."""),
        ("user", "Rekeying is a great reminder, thanks."),
    ]},
    {"id": "s23", "date": "2026-05-23", "via": "rest", "filler": False, "turns": [
        ("user", "Painting question: we're doing Maya's new bedroom in sage green, she picked the colour herself. What colour should the trim and ceiling be, and what finish should I use for a kid's room?"),
        ("assistant", """Sage green is a lovely, calm choice for a bedroom. Some suggestions:

**Trim**
- A warm white (e.g. Benjamin Moore White Dove or Sherwin-Williams Alabaster) keeps things soft; crisp bright whites can look cold next to sage.
- For something playful, paint the trim a slightly deeper green, or a soft terracotta on just the door.

**Ceiling**
- Flat ceiling white is standard and hides imperfections.
- A very pale tint of the wall colour (25–50% strength) makes the room feel cosy and cohesive.

**Finish for a kid's room**
- Walls: eggshell or satin. Both are scrubbable enough for crayon and fingerprints without the shine of semi-gloss. Matte looks beautiful but marks easily unless it's a washable "scuff-resistant" matte.
- Trim and doors: semi-gloss, for durability.
- Ceiling: flat.

**Tips**
- Use low-VOC or zero-VOC paint and ventilate for a couple of days before she sleeps there.
- Buy a sample pot and paint a large swatch; sage shifts a lot between morning and evening light.
- Let Maya help with something small, like painting a stencilled shape, so she feels ownership."""),
        ("user", "Eggshell it is, and she'll love helping."),
    ]},
    {"id": "s24", "date": "2026-05-30", "via": "mem0", "filler": False, "turns": [
        ("user", "Since the move the light rail isn't practical anymore, so I've started commuting by e-bike, about 7 miles each way along the Bear Creek trail. What maintenance should I be doing so it doesn't let me down?"),
        ("assistant", """Nice – that's a great commute route. E-bikes need the same care as regular bikes, just a bit more often because of the extra weight and speed.

**Every ride**
- Quick check: tyres look inflated, brakes grab, lights work.
- Charge the battery after rides; lithium batteries prefer to stay between 20% and 80%.

**Weekly**
- Tyre pressure with a gauge (e-bike tyres lose pressure and wear faster when soft).
- Wipe and lube the chain, especially after wet or dusty rides.
- Check brake pads for wear; e-bikes eat pads.

**Monthly**
- Inspect the chain for stretch with a chain checker; replace at 0.5% on 11/12-speed drivetrains.
- Check bolts (stem, handlebar, racks, fenders).
- Clean the battery contacts and check the charging port.

**Every 6–12 months**
- Professional tune-up: brake bleed if hydraulic, drivetrain check, wheel truing, motor firmware updates.

**Battery care**
- Store it indoors at room temperature; don't leave it in a freezing garage in winter.
- Avoid fully draining it.

**Safety on the trail**
- A bright daytime running light, a bell, and reflective gear for darker winter commutes.
- Slow down around walkers; e-bikes are faster than people expect."""),
        ("user", "Adding a chain checker to my cart."),
    ]},
    {"id": "s25", "date": "2026-06-02", "via": "rest", "filler": False, "turns": [
        ("user", "We built two raised garden beds in the backyard this weekend, 4x8 feet each. What soil mix should I fill them with, and what can I still plant in early June in the Denver area?"),
        ("assistant", """Congratulations on the new beds! Here's how to fill and plant them.

**Soil**
Each 4×8 bed at 12 inches deep needs about 32 cubic feet, so roughly 2.4 cubic yards for both. A good mix:
- 60% topsoil or a screened garden soil
- 30% compost
- 10% aeration (perlite, pumice, or fine bark)
Many Denver-area landscape suppliers sell a ready-made "raised bed mix" in bulk, which is cheaper than bags for this volume. Water it well and let it settle a few days before planting.

**What to plant in early June (Denver, zone 5b–6a)**
Transplants (buy starts):
- Tomatoes, peppers, eggplant – the warmth-lovers, plant now.
- Zucchini and cucumbers (or sow seed directly).
- Basil.
Direct seed:
- Bush beans, which grow fast.
- Carrots and beets in part of a bed.
- Lettuce and spinach in partial shade; they bolt in July heat.
- Sunflowers along the back for Maya.

**Tips**
- Colorado sun is intense and the air is dry: drip irrigation or a soaker hose on a timer saves a lot of hassle.
- Mulch with straw once plants are up to keep moisture in.
- Watch for hail forecasts; a frame with hail cloth protects tender plants."""),
        ("user", "Sunflowers for Maya, yes!"),
    ]},
    {"id": "s26", "date": "2026-06-04", "via": "mem0", "filler": False, "turns": [
        ("user", "I'm learning Portuguese on Duolingo (60-day streak!) because I'll be working remotely from Lisbon for the whole month of June. Can you give me the phrases I'll actually need day to day, European Portuguese not Brazilian?"),
        ("assistant", """Great motivation! European Portuguese sounds quite different from Brazilian, so here are everyday phrases as used in Lisbon.

**Greetings and politeness**
- Bom dia / boa tarde / boa noite – good morning / afternoon / evening
- Obrigada – thank you (a woman says obrigada, a man obrigado)
- Se faz favor – please / excuse me (used to call a waiter)
- Com licença – excuse me (to get past someone)
- Desculpe – sorry

**Café life**
- Um café, se faz favor – an espresso (called a "bica" in Lisbon)
- Um galão – a milky coffee in a glass
- Um pastel de nata – the famous custard tart
- A conta, se faz favor – the bill, please

**Getting around**
- Onde fica…? – where is…?
- Um bilhete para… – a ticket to…
- Cartão Viva Viagem – the rechargeable transit card

**Work and small talk**
- Estou a trabalhar daqui este mês – I'm working from here this month
- Fala inglês? – do you speak English?
- Não percebo – I don't understand (European usage; Brazilians say "não entendo")

**Pronunciation tips**
European Portuguese swallows unstressed vowels, so "obrigada" sounds like "brigad". Final "s" is pronounced "sh": "três" sounds like "tresh"."""),
        ("user", "Obrigada! Very helpful."),
    ]},
    {"id": "s27", "date": "2026-06-10", "via": "rest", "filler": False, "turns": [
        ("user", "I'm in Lisbon this month so my timezone is off from the team in Denver. Can you help me figure out good hours for our daily standup, and is there a decent coworking space you'd suggest so I'm not stuck in the Airbnb?"),
        ("assistant", """Lisbon in June is on WEST (UTC+1) and Denver is on MDT (UTC-6), so Lisbon is 7 hours ahead.

**Standup timing**
| Denver | Lisbon | Notes |
|---|---|---|
| 8:00 am | 3:00 pm | Best overlap: start of their day, mid-afternoon for you |
| 9:00 am | 4:00 pm | Also good |
| 10:00 am | 5:00 pm | Fine, but eats into your evening |

I'd suggest 8:30 am Denver / 3:30 pm Lisbon. Your overlap window with the team is roughly 8 am–11 am Denver (3–6 pm Lisbon), so schedule meetings there and protect your mornings for focused work.

**Coworking**
- **Second Home Lisboa** – inside the Mercado da Ribeira (Time Out Market) in Cais do Sodré. Beautiful space full of plants, good wifi, day passes available. My top pick.
- **Heden** – friendly, community-focused spaces in Santa Apolónia and elsewhere.
- **Outsite** or **Selina** – coliving/coworking options if you'd like social events.
- Cafés like Fábrica Coffee Roasters are fine for an hour, but not for calls.

**Tips**
- Add Denver time as a second clock in your calendar.
- Tell your team your hours in Slack, e.g. "online 9 am–7 pm Lisbon, 2 am–12 pm Denver"."""),
        ("user", "Second Home looks perfect, booked a week pass."),
    ]},
    {"id": "s28", "date": "2026-06-22", "via": "mem0", "filler": False, "turns": [
        ("user", "Big news: I accepted an offer to be a senior analytics engineer at Harbor Health, starting July 13. My new manager there is Keisha. Now I need to write a resignation letter to Dana at Ridgeline, and I want to stay on good terms. Can you draft it?"),
        ("assistant", """Congratulations on the new role! Here's a warm, professional resignation letter:

---

Dear Dana,

Please accept this letter as formal notice of my resignation from my position as Data Analyst at Ridgeline Logistics. My last day will be Friday, July 10, 2026.

I want to thank you sincerely for your support over my time here. I've learned a great deal, from building the weekly ops reporting to working with the depot teams, and I'm grateful for the trust you've placed in me.

Over the next few weeks, I'll do everything I can to make the transition smooth: documenting the reporting pipelines, handing over my recurring dashboards, and helping train whoever takes on my work.

I've accepted a role that's a step toward analytics engineering, which is the direction I want to grow in, but leaving a team I've enjoyed so much isn't easy. I hope we'll stay in touch.

Thank you again for everything.

Warm regards,
[Your name]

---

**Tips**
- Tell Dana in person or on a video call first, then send the letter.
- Two weeks is standard; you're giving a little more, which helps.
- Don't go into detail about the new company's offer or compare it with Ridgeline.
- Ask Dana if she'd be willing to be a reference later."""),
        ("user", "Sent it, and Dana was really gracious about it."),
    ]},
    {"id": "s29", "date": "2026-06-30", "via": "rest", "filler": False, "turns": [
        ("user", "My brother Sam is visiting from Portland next week with his two boys, ages 9 and 11, plus Maya makes three kids. What are some fun things to do around Denver for four days that the kids and adults will all enjoy?"),
        ("assistant", """Sounds like a fun week! Here's a four-day mix for three kids (7, 9, 11) and adults.

**Day 1 – Museums and the city**
- Denver Museum of Nature & Science: dinosaurs, the space gallery, and the planetarium show.
- Picnic in City Park afterwards, with the skyline view.

**Day 2 – Mountains**
- Drive to Red Rocks Park for the Trading Post trail (1.4 miles, easy), then lunch in Morrison.
- Afternoon: Dinosaur Ridge, where the kids can see real dinosaur tracks.

**Day 3 – Water and animals**
- Denver Zoo in the morning (go early; July afternoons are hot).
- Afternoon at a splash pad or a reservoir beach such as Chatfield or Cherry Creek.

**Day 4 – Adventure**
- A family bouldering session (most Denver gyms have kids' areas and auto-belays), or
- Georgetown Loop Railroad: a historic steam train in the mountains, 1.5 hours from Denver.
- Farewell dinner somewhere casual with a patio.

**Rainy-day backups**
- Children's Museum of Denver at Marsha Sharp Center (best for Maya's age), Meow Wolf Convergence Station (kids 9+ will love it), or an indoor trampoline park.

**Tips**
- Start outdoor outings early; afternoon thunderstorms are common in July.
- Bring water, sunscreen and hats: the altitude makes the sun stronger and dehydrates visitors from sea level quickly."""),
        ("user", "Meow Wolf will blow the boys' minds."),
    ]},
    {"id": "s30", "date": "2026-07-07", "via": "mem0", "filler": False, "turns": [
        ("user", "We bought Cascadia after you suggested it, and Marcus and I love it. How do I teach it to Maya so she doesn't get overwhelmed by the scoring cards?"),
        ("assistant", """Great choice! Cascadia is very teachable if you introduce it in layers.

**Game 1: habitats only**
- Play without wildlife scoring cards at all. Each turn, take a tile-and-token pair, place the tile, and place the animal if it fits.
- Score only the largest connected area of each habitat (forest, mountain, wetland, prairie, river). This teaches the core "draft and place" loop.

**Game 2: add the family variant**
- Cascadia includes a Family variant and an Intermediate variant with simpler scoring for all five animals (score by groups of the same animal). Use the Family variant first.

**Game 3: the regular cards, A only**
- Use the "A" scoring cards, the simplest ones. Lay them out and talk through each: "Bears like to be in pairs", "Salmon like to swim in a line".

**Tips for a 7-year-old**
- Play open-handed: everyone can see everyone's map and helps each other.
- Let her choose her "favourite animal" to focus on.
- Keep a scoring pad and add up together; it's sneaky maths practice.
- Nature tokens (pinecones) are fun; explain they let you break the rules once.

Most kids enjoy placing animals long before they understand scoring strategy, so let her play her way at first."""),
        ("user", "Open-handed play is a good idea."),
    ]},
    {"id": "s31", "date": "2026-07-14", "via": "rest", "filler": False, "turns": [
        ("user", "I just sent my first V4 at the gym yesterday!! I want to keep progressing but two friends have hurt their fingers recently. How do I keep pushing without getting a pulley injury?"),
        ("assistant", """Congratulations on your first V4! That's a big milestone about four months in. Finger injuries, especially A2 pulley strains, are the most common climbing injuries, so it's smart to think about this now.

**Warm up your fingers properly**
- 10–15 minutes of easy climbing, then progressively harder holds.
- Open-hand hangs on big edges, feet on the ground, before any small crimps.

**Limit full crimping**
- Full crimp (thumb over the index finger) loads the pulleys most. Practise half-crimp and open-hand grips on problems you already know.

**Manage volume and intensity**
- Keep hard sessions (projecting V4–V5) to two a week, with an easy or rest day between.
- Avoid dynamic moves to small crimps when tired; most injuries happen late in a session.

**Start structured finger training carefully**
- At V4, a no-hang protocol or a very light hangboard programme (e.g. 10 s hangs on a 20 mm edge with feet assisted) once a week is reasonable. Progress load slowly.

**Warning signs**
- Pain at the base of the finger when crimping, a pop, or swelling: stop climbing and rest.
- See a physiotherapist who knows climbers if pain lasts more than a few days.

**Recovery**
- Sleep, protein, and keep the antagonist exercises going."""),
        ("user", "Half-crimp practice starting tomorrow."),
    ]},
    {"id": "s32", "date": "2026-07-20", "via": "mem0", "filler": True, "turns": [
        ("user", "How do dbt incremental models work?"),
        ("assistant", """An incremental model in dbt builds its table once, then on later runs only processes new or changed rows instead of rebuilding everything.

```sql
{{ config(materialized='incremental', unique_key='event_id') }}

select event_id, user_id, event_time, event_type
from {{ source('app', 'events') }}

{% if is_incremental() %}
  where event_time > (select max(event_time) from {{ this }})
{% endif %}
```

- On the first run, or with `--full-refresh`, `is_incremental()` is false and dbt builds the whole table.
- On later runs, the `where` clause filters to rows newer than the latest already in the table (`{{ this }}`).
- `unique_key` tells dbt to update existing rows that match instead of inserting duplicates (a merge on most warehouses).

**Strategies**: `append`, `merge`, `delete+insert` and `insert_overwrite` (partition replacement, good for BigQuery and Spark) depending on the warehouse.

**Gotchas**
- Late-arriving data: use a lookback window, such as `event_time > max(event_time) - interval '3 days'`, with a unique key to dedupe.
- Schema changes: set `on_schema_change` to `append_new_columns` or `sync_all_columns`.
- Run a periodic full refresh if logic changes."""),
    ]},
    {"id": "s33", "date": "2026-07-26", "via": "rest", "filler": False, "turns": [
        ("user", "I went fully vegan at the start of July after watching a documentary, and Marcus is trying it with me. I'm struggling with lunches that keep me full through the afternoon with all the climbing. Can you suggest high-protein vegan lunches I can prep on Sundays?"),
        ("assistant", """Good on you both! Here are high-protein vegan lunches that hold up well through the week (each roughly 25–35 g protein).

1. **Tofu and edamame peanut noodles** – soba noodles, baked tofu, shelled edamame, shredded cabbage and a peanut-lime dressing. Keeps 4 days.
2. **Lentil and quinoa salad** – green lentils, quinoa, roasted red peppers, cucumber, parsley and a lemon-tahini dressing.
3. **Tempeh burrito bowls** – crumbled smoky tempeh, black beans, brown rice, corn salsa and avocado (add avocado on the day).
4. **Chickpea "tuna" sandwiches** – mashed chickpeas with vegan mayo, capers, celery and a little nori for a sea flavour.
5. **Seitan and roasted vegetable wraps** – seitan is one of the highest-protein plant foods (about 25 g per 100 g).
6. **Red lentil dal with spinach** – freezes beautifully; pair with a whole-wheat flatbread.

**Prep plan for Sunday (90 minutes)**
- Cook a big pot each of quinoa and lentils.
- Bake two blocks of tofu and crumble one pack of tempeh.
- Make two dressings (peanut-lime, lemon-tahini).
- Assemble into containers, keeping dressings separate.

**Don't forget**
- Vitamin B12 supplement (essential on a vegan diet).
- Snacks for after climbing: roasted chickpeas, soy yoghurt with granola, or a smoothie with pea protein."""),
        ("user", "The peanut noodles will be my first try."),
    ]},
    {"id": "s34", "date": "2026-08-02", "via": "mem0", "filler": False, "turns": [
        ("user", "We're planning a camping trip to Moab August 14 to 17 with Maya. Where should we camp, and which hikes are OK for a seven-year-old in August heat?"),
        ("assistant", """Moab in August is hot (often 100 °F+), so plan around early mornings and evenings.

**Where to camp**
- **Devils Garden Campground** in Arches National Park – the best location, at the end of the park road among the fins and arches. It's reservable up to six months ahead and usually full, so check for cancellations daily.
- If it's full: the BLM campgrounds along the Colorado River on Highway 128 (Goose Island, Big Bend) – first come, first served, with river access for cooling off.

**Kid-friendly hikes (go at sunrise)**
- **Sand Dune Arch and Broken Arch** (Arches): short, with a shady sand "beach" kids love.
- **Landscape Arch** (Arches, 1.9 miles round trip): flat and spectacular.
- **Double Arch and the Windows** (Arches): under a mile, lots of scrambling.
- **Mesa Arch** (Canyonlands, Island in the Sky): a half-mile loop; famous at sunrise.
- **Grandstaff Canyon**: a creek hike to Morning Glory Arch, cooler thanks to the water, but 5 miles round trip, so maybe only partway.

**Heat plan**
- Hike 6–10 am, rest in the shade or at the river midday, then short evening walks.
- A gallon of water per person per day, electrolytes, sun hats.
- Arches requires a timed-entry reservation in summer."""),
        ("user", "Devils Garden it is if we can snag a spot."),
    ]},
    {"id": "s35", "date": "2026-08-08", "via": "rest", "filler": False, "turns": [
        ("user", "Update on the music front: Maya begged to switch from piano to violin, so she's quit piano and started violin with a Suzuki teacher this month. Should we rent or buy her violin, and what size does a seven-year-old need?"),
        ("assistant", """Lots of kids find the instrument that clicks on the second try! Here's what to know.

**Size**
- Most seven-year-olds play a 1/4 size violin, some a 1/2 if they're tall. The teacher will measure: with her arm extended, the scroll should sit in the palm with fingers curled around it.
- Don't size up early; a too-big violin causes tension and poor technique.

**Rent or buy?**
- **Rent.** Children move through 1/16, 1/10, 1/8, 1/4, 1/2, 3/4 and full sizes. Most violin shops offer rent-to-own programmes where rental payments accrue toward a full-size instrument later.
- Typical cost: $15–30 a month for a fractional violin, including insurance.
- Avoid very cheap online violins; they're hard to tune and sound harsh, which is discouraging.

**What to ask the shop for**
- A violin set up by a luthier (bridge, strings, pegs that turn smoothly).
- A case, bow and rosin included.
- A shoulder sponge or small shoulder rest.

**Suzuki specifics**
- Suzuki relies on listening: play the Suzuki Book 1 recordings at home daily.
- Parents usually attend lessons and act as the "home teacher", so take notes.
- The practice routine you set up for piano carries over: short, daily, and fun."""),
        ("user", "Renting it is. The bead jar lives on!"),
    ]},
    {"id": "s36", "date": "2026-08-12", "via": "mem0", "filler": True, "turns": [
        ("user", "Write three haiku about rain."),
        ("assistant", """Soft rain on the roof,
the gutters hum their one note,
tea cools by the glass.

City after rain:
neon swims in every puddle,
buses splash the night.

Thunder rolls away;
the garden drinks and exhales
the smell of wet earth."""),
    ]},
    {"id": "s37", "date": "2026-08-20", "via": "rest", "filler": False, "turns": [
        ("user", "Help me build a household budget spreadsheet. I want monthly categories, a column for actual vs planned, and a warning if we go over. Honestly Marcus has spent a small fortune on bird feeders and binoculars since he got into birdwatching this summer, so I want a 'hobbies' category we can both see."),
        ("assistant", """Here's a simple structure that works in Google Sheets or Excel.

**Sheet 1: Budget**
Columns: A Category | B Planned | C Actual | D Difference | E Status

Categories (rows): Mortgage, Utilities, Groceries, Eating out, Transport (e-bike, car, transit), Childcare and activities (violin rental, lessons), Hobbies (birding, climbing), Gifts, Travel, Savings, Other.

Formulas (row 2, fill down):
- C2: `=SUMIFS(Transactions!C:C, Transactions!B:B, A2, Transactions!A:A, ">="&$H$1, Transactions!A:A, "<"&EDATE($H$1,1))`
- D2: `=B2-C2`
- E2: `=IF(C2>B2, "OVER", IF(C2>0.9*B2, "Close", "OK"))`

Put the month's first day in H1 (e.g. 2026-08-01), so changing it updates everything.

**Sheet 2: Transactions**
Columns: A Date | B Category | C Amount | D Note | E Who.
Use data validation on column B (a dropdown from the category list) so spellings always match.

**Warning colours**
Conditional formatting on column E: red fill when the text is "OVER", amber for "Close".

**Tips**
- A "Who" column lets you both see who spent what without blame.
- Review together once a month.
- Put annual costs (insurance, memberships) in as a monthly twelfth so they don't surprise you."""),
        ("user", "The 'Who' column is a nice touch."),
    ]},
    {"id": "s38", "date": "2026-08-24", "via": "mem0", "filler": False, "turns": [
        ("user", "I've already finished 22 books this year, so I'm raising my reading goal to 30. Can you help me set up a reading tracker in Notion with ratings and a progress bar toward the goal?"),
        ("assistant", """Well done on 22! Here's a Notion setup.

**1. Create a database "Books"** (full-page table) with properties:
- Title (title)
- Author (text)
- Status (select: To read, Reading, Finished, Abandoned)
- Finished on (date)
- Rating (select: ★ to ★★★★★)
- Genre (multi-select: sci-fi, literary, non-fiction…)
- Pages (number)
- Year (formula): `formatDate(prop("Finished on"), "YYYY")`

**2. Progress toward the goal**
Create a second database "Goals" with one row "2026" and properties:
- Goal (number): 30
- Books (relation to Books, filtered to this year's finished rows)
- Count (rollup): count of Books
- Progress (formula): `prop("Count") / prop("Goal")`, shown as a bar (Number format: Bar, divide by 1).

**3. Views**
- "Currently reading" board grouped by Status.
- "2026 finished" table filtered by Year = 2026, sorted by Finished on.
- Gallery view with cover images for a bookshelf feel.

**4. Extras**
- A "Quotes" text property for favourite lines.
- A template button "Add book" with Status = Reading and today's date.

Eight books in four months is a comfortable pace, about one every two weeks."""),
        ("user", "Set up and the progress bar already says 73%!"),
    ]},
    {"id": "s39", "date": "2026-08-27", "via": "rest", "filler": True, "turns": [
        ("user", "Briefly, what caused World War I?"),
        ("assistant", """Historians often summarise the long-term causes with the acronym MAIN:

- **Militarism**: an arms race, especially the Anglo-German naval race, and detailed war plans like Germany's Schlieffen Plan that favoured rapid mobilisation.
- **Alliances**: Europe split into the Triple Entente (France, Russia, Britain) and the Triple Alliance (Germany, Austria-Hungary, Italy), so a local conflict could spread.
- **Imperialism**: rivalry over colonies and influence in Africa and Asia heightened tensions.
- **Nationalism**: especially in the Balkans, where Slavic nationalism threatened Austria-Hungary, and in great-power pride.

**The trigger**: on 28 June 1914, Archduke Franz Ferdinand of Austria-Hungary was assassinated in Sarajevo by Gavrilo Princip, a Bosnian Serb nationalist. Austria-Hungary, backed by Germany's "blank cheque", issued an ultimatum to Serbia and declared war on 28 July. Russia mobilised to support Serbia; Germany declared war on Russia and France and invaded Belgium, which brought Britain in on 4 August.

Historians still debate how much blame falls on Germany versus shared miscalculation; Christopher Clark's *The Sleepwalkers* argues the leaders stumbled into war."""),
    ]},
    {"id": "s40", "date": "2026-08-30", "via": "mem0", "filler": True, "turns": [
        ("user", "How do I mock a function that calls requests.get in pytest?"),
        ("assistant", """Patch `requests.get` where it's used, with `unittest.mock.patch` or pytest's `monkeypatch`.

```python
# weather.py
import requests

def temperature(city):
    r = requests.get(f"https://api.example.com/weather/{city}", timeout=5)
    r.raise_for_status()
    return r.json()["temp"]
```

```python
# test_weather.py
from unittest.mock import Mock, patch
import weather

def test_temperature():
    fake = Mock()
    fake.json.return_value = {"temp": 21}
    fake.raise_for_status.return_value = None
    with patch("weather.requests.get", return_value=fake) as get:
        assert weather.temperature("denver") == 21
    get.assert_called_once_with("https://api.example.com/weather/denver", timeout=5)
```

With `monkeypatch`:

```python
def test_temperature(monkeypatch):
    class Fake:
        def raise_for_status(self): pass
        def json(self): return {"temp": 21}
    monkeypatch.setattr(weather.requests, "get", lambda *a, **k: Fake())
    assert weather.temperature("denver") == 21
```

Key rule: patch the name in the module that uses it (`weather.requests.get`), not where it's defined. For larger suites, the `responses` or `requests-mock` libraries let you register fake URLs and are cleaner."""),
    ]},
    {"id": "s41", "date": "2026-09-03", "via": "rest", "filler": True, "turns": [
        ("user", "Give me a template for a short wedding toast from a friend, 2 minutes."),
        ("assistant", """Here's a two-minute template; fill in the brackets.

---

Good evening, everyone. For those who don't know me, I'm [name], and I've been [friend's name]'s friend since [how you met].

When I first met [friend], [a short, warm story that shows who they are, 2–3 sentences].

And then [partner's name] came along. I knew it was serious when [a sign, e.g. "she started planning trips a year ahead, and he was on every one"]. [Partner] brings out [a quality] in [friend], and together they [what they're like as a couple].

[Friend] and [partner], I wish you [a wish: patience on the hard days, laughter on the ordinary ones, and many adventures].

So please raise your glasses: to [friend] and [partner]!

---

**Tips**
- Keep it to 250–300 words; that's about two minutes spoken.
- One story is better than five.
- No inside jokes that only three people will get, and nothing about exes.
- Practise out loud a few times and keep notes on a card."""),
    ]},
    {"id": "s42", "date": "2026-09-06", "via": "mem0", "filler": True, "turns": [
        ("user", "How do I get a red wine stain out of a cotton tablecloth?"),
        ("assistant", """Act fast, and don't rub.

1. **Blot** the excess with a clean cloth or paper towel.
2. **Flush from behind**: stretch the fabric over a bowl and pour cold water through the back of the stain, which pushes it out the way it came.
3. **Treat**: mix one part dish soap with two parts hydrogen peroxide (3%) and dab it on. Test on a hidden area first, since peroxide can lighten coloured fabric. For white cotton, it's usually safe.
4. **Wait** 20–30 minutes, then rinse with cold water.
5. **Wash** on the warmest setting the care label allows, with an oxygen-based stain remover.
6. **Check before drying**: heat sets stains. If any mark remains, repeat the treatment before it goes in the dryer.

For an old, dried stain, soak overnight in cold water with an oxygen bleach (sodium percarbonate) before treating.

Salt or baking soda on a fresh stain can help draw wine out, but it's less effective than flushing with water first."""),
    ]},
]

# (id, kind, question, [(evidence session, turn)], expected pattern(s)[, True for a knowledge update: newer first])
QUESTIONS: list[tuple[Any, ...]] = [
    ("q01", "user", "What's my daughter's name?", [("s03", 0)], r"Maya"),
    ("q02", "user", "What is Maya allergic to?", [("s03", 0)], r"(?i)cashew|tree nut"),
    ("q03", "user", "What does my husband teach?", [("s16", 0)], r"(?i)chemistry"),
    ("q04", "user", "Who looked after Maya while we were in Japan?", [("s16", 0)], r"(?i)gloria|mother-in-law|grandma|mom"),
    ("q05", "user", "Which anniversary were we celebrating on the Kyoto trip?", [("s08", 0)], r"(?i)10th|tenth|ten"),
    ("q06", "user", "What's the name of the gym where I boulder?", [("s10", 0)], r"(?i)basecamp"),
    ("q07", "user", "What colour is Maya's bedroom?", [("s23", 0)], r"(?i)sage"),
    ("q08", "user", "Which language am I learning?", [("s26", 0)], r"(?i)portuguese"),
    ("q09", "user", "Where does my brother live?", [("s29", 0)], r"(?i)portland"),
    ("q10", "user", "What new hobby did my husband pick up this summer?", [("s37", 0)], r"(?i)bird"),
    ("q11", "assistant", "What was the name of the hotel you recommended in Kyoto?", [("s08", 1)], r"(?i)kanra"),
    ("q12", "assistant", "Which ryokan did you suggest for our anniversary night?", [("s08", 1)], r"(?i)yoshida"),
    ("q13", "assistant", "What did you say to use instead of fish sauce in the green curry?", [("s05", 1)], r"(?i)miso|soy"),
    ("q14", "assistant", "What was the main game you suggested for Maya's birthday party?", [("s03", 1)], r"(?i)treasure hunt|octopus tag"),
    ("q15", "assistant", "Which coworking space in Lisbon did you recommend?", [("s27", 1)], r"(?i)second home"),
    ("q16", "assistant", "Which campground in Moab did you suggest?", [("s34", 1)], r"(?i)devils garden"),
    ("q17", "assistant", "What antagonist exercises did you tell me to do for climbing?", [("s10", 1)], r"(?i)push-up|wrist curl|pull-apart|external rotation"),
    ("q18", "assistant", "What pandas approach did you give me for filling in missing days?", [("s01", 1)], r"(?i)reindex|date_range"),
    ("q19", "assistant", "What size violin did you say a seven-year-old needs?", [("s35", 1)], r"1/4|quarter"),
    ("q20", "preference", "Can you suggest something for dinner tonight?", [("s33", 0)], r"(?i)vegan|vegetarian"),
    ("q21", "preference", "Any podcast for my commute?", [("s06", 0)], r"(?i)urban|architecture|design|cit(y|ies)"),
    ("q22", "preference", "Recommend a novel for my next flight.", [("s15", 0)], r"(?i)science fiction|sci-fi|le guin|chiang"),
    ("q23", "preference", "What board game should we try next for family game night?", [("s13", 0)], r"(?i)nature|wingspan|engine|cascadia"),
    ("q24", "preference", "What could I get my husband for his birthday?", [("s37", 0)], r"(?i)bird|binocular|chemistry"),
    ("q25", "preference", "Any snack ideas for Maya's class party?", [("s03", 0)], r"(?i)cashew|nut"),
    ("q26", "multi", "Which trips have I taken this year?", [("s19", 0), ("s27", 0), ("s34", 0)], [r"(?i)kyoto|japan", r"(?i)lisbon", r"(?i)moab"]),
    ("q27", "multi", "Which instruments has Maya learned?", [("s14", 0), ("s35", 0)], [r"(?i)piano", r"(?i)violin"]),
    ("q28", "multi", "Which board games do we own?", [("s13", 0), ("s30", 0)], [r"(?i)wingspan", r"(?i)cascadia"]),
    ("q29", "multi", "Which family members have come to stay with us?", [("s16", 0), ("s29", 0)], [r"(?i)gloria", r"(?i)sam"]),
    ("q30", "multi", "What have we done to the new house so far?", [("s23", 0), ("s25", 0)], [r"(?i)paint|sage", r"(?i)raised|garden bed"]),
    ("q31", "temporal", "How long ago did I start bouldering?", [("s10", 0)], r"(?i)boulder|climb"),
    ("q32", "temporal", "What came first, the Kyoto trip or moving to Lakewood?", [("s19", 0), ("s22", 0)], [r"(?i)kyoto", r"(?i)lakewood"]),
    ("q33", "temporal", "When is Maya's birthday?", [("s03", 0)], r"(?i)february 7|feb(ruary)? 7|7 feb|02-07"),
    ("q34", "temporal", "When did we get the keys to the new house?", [("s22", 0)], r"(?i)lakewood|keys|moved"),
    ("q35", "temporal", "When does my new job start?", [("s28", 0)], r"(?i)july 13|13 july|07-13"),
    ("q36", "temporal", "How many days was the Moab camping trip?", [("s34", 0)], r"(?i)14|17|moab"),
    ("q37", "update", "Where do I work now?", [("s28", 0), ("s01", 0)], [r"(?i)harbor health", r"(?i)ridgeline"], True),
    ("q38", "update", "How do I get to work these days?", [("s24", 0), ("s06", 0)], [r"(?i)e-?bike|bik", r"(?i)light rail"], True),
    ("q39", "update", "Where do we live?", [("s22", 0), ("s12", 0)], [r"(?i)lakewood", r"(?i)capitol hill"], True),
    ("q40", "update", "What's my diet?", [("s33", 0), ("s05", 0)], [r"(?i)vegan", r"(?i)vegetarian"], True),
    ("q41", "update", "What instrument is Maya playing now?", [("s35", 0), ("s14", 0)], [r"(?i)violin", r"(?i)piano"], True),
    ("q42", "update", "What's the hardest grade I've climbed?", [("s31", 0), ("s10", 0)], [r"(?i)v4", r"(?i)v2"], True),
    ("q43", "update", "What's my reading goal for the year?", [("s38", 0), ("s15", 0)], [r"30", r"20"], True),
    ("q44", "update", "Who is my manager?", [("s28", 0), ("s01", 0)], [r"(?i)keisha", r"(?i)dana"], True),
    ("q45", "abstain", "What's my dog's name?", [], r""),
    ("q46", "abstain", "What did I study at university?", [], r""),
    ("q47", "abstain", "Which restaurant in Reykjavik did you recommend?", [], r""),
    ("q48", "abstain", "How much did we pay for the house?", [], r""),
    ("q49", "abstain", "What is my son's name?", [], r""),
]
