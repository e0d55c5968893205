"""bench/realchat7.py's set: one English user's help chats over eight months, a LongMemEval-style haystack.

Written for this bench before reading the extractor or the recall code. A data analyst in Denver asks an assistant
for help with work, cooking, trips, her daughter's activities and the house, 42 sessions from January to September;
the assistant answers at length (code, recipes, itineraries, letters, plans) and the user's own facts come as
asides in a task message ("btw this is for my daughter's 7th birthday"). 15 sessions are filler (no personal fact
at all: an explanation, a poem, code help). Values change across sessions (job, commute, home, diet, the
daughter's instrument, a climbing grade, a reading goal). A turn is (role, text)."""
# ruff: noqa: E501  (the messages are kept as written)

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realchat7_en_late import LATE

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
]
SESSIONS += LATE
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
