"""bench/realchat9_en.py's second half: sessions s16–s30 (June to September) and the questions.

A question is (id, kind, text, evidence, pattern[, update]): evidence is [(session, 0), ...], one per fact the
answer needs (a count or a list: every fact scored); a knowledge update lists the newest value's session first,
then the value it replaced (the older ones after, unscored). Kinds as bench/realchat4.py scores them; questions in
other words than the facts (pet, vehicle, medication) are of kind "user"."""
# ruff: noqa: E501  (the messages are kept as written)

from typing import Any

LATE: list[dict[str, Any]] = [
    {"id": "s16", "date": "2026-05-26", "via": "rest", "filler": False, "turns": [
        ("user", "Big news: I accepted an offer from Tidewater Analytics as a data engineer! I start on Monday 22 June and my new manager will be Marcus Lindqvist. Now the hard part: can you help me write a resignation email to Bea? She's been a great manager and I don't want to burn any bridges. My notice period at Fernleaf is four weeks."),
        ("assistant", """Congratulations! Here's a warm, professional draft:

**Subject:** Resignation – Ellie Marsh

Hi Bea,

I wanted to tell you in person first, and I'm following up in writing: I've decided to accept a role at another company, and I'm resigning from my position as backend developer at Fernleaf. In line with my four-week notice period, my last day will be Friday 19 June.

This wasn't an easy decision. I've learned an enormous amount here, and a lot of that is down to you: your trust in me as the only backend developer, and your support when things broke at awkward hours, meant a great deal.

Over the next four weeks I'll make the handover as smooth as I can:
- documenting the courier integration, the deploy pipeline and the on-call runbook;
- finishing or handing over the open tickets;
- being available for a handover session with whoever takes on the backend, or with a contractor.

Thank you for everything. I'd love to stay in touch, and I'll be cheering Fernleaf on.

Best wishes,
Ellie

A couple of tips: tell Bea in a call or face to face before the email lands, and keep the email free of reasons or comparisons; you can share those in conversation if she asks."""),
        ("user", "Told her on a call, she was lovely about it."),
    ]},
    {"id": "s17", "date": "2026-06-02", "via": "mem0", "filler": False, "turns": [
        ("user", """Trip help! We're visiting my sister Imogen in Cork (she's lived there since 2019), here's the booking:

---
Aer Lingus – Booking confirmation
Booking reference: K7QZ2M
Passengers: MS ELLIE MARSH, MR JONAS WEBER
Outbound: EI 205 Manchester (MAN) → Cork (ORK), Sat 13 June 2026, dep 09:40 arr 10:55
Return:   EI 206 Cork (ORK) → Manchester (MAN), Mon 15 June 2026, dep 18:20 arr 19:35
Baggage: 1 × cabin bag 10 kg per passenger
---

What could we do on the Sunday with my nephew Rory (6)? Imogen doesn't drive."""),
        ("assistant", """A Sunday in Cork with a six-year-old and no car is very doable:

**Fota Wildlife Park (my top pick)**
The train from Kent Station to Fota takes about 15 minutes and stops right at the park. Animals roam in large open areas: cheetahs, giraffes, lemurs on islands, and kangaroos wandering past the paths. Allow three to four hours; there's a playground and a café. Book tickets online on a sunny Sunday.

**Cobh**
Two more stops on the same train line. A colourful harbour town with the cathedral on the hill and the Titanic Experience (better for older kids, but the harbour, boats and ice cream work at any age). Fota in the morning and Cobh for a late lunch fits in one day.

**In the city**
- The English Market for breakfast or picnic supplies.
- Fitzgerald Park: playground, river walk and the Cork Public Museum.
- Cork City Gaol: spooky but not scary, surprisingly fun for kids.

**Blarney Castle**
A bus from the city takes about 30 minutes; the grounds, the poison garden and the fairy glade are better for a six-year-old than kissing the stone.

With only a cabin bag each, remember the 10 kg limit if you're bringing presents."""),
        ("user", "Fota it is, Rory is obsessed with giraffes."),
    ]},
    {"id": "s18", "date": "2026-06-09", "via": "rest", "filler": True, "turns": [
        ("user", "Summarise the causes of the First World War in a paragraph or two."),
        ("assistant", """Historians usually group the causes under four long-term pressures and one spark. The long-term pressures were militarism (an arms race, above all the Anglo-German naval race, and war plans such as Germany's Schlieffen Plan that assumed fast mobilisation), alliances (the Triple Entente of France, Russia and Britain against the Triple Alliance of Germany, Austria-Hungary and Italy, which turned a local conflict into a continental one), imperial rivalry over colonies and markets, and nationalism, especially in the Balkans, where Slav nationalism threatened Austria-Hungary's multi-ethnic empire.

The spark was the assassination of Archduke Franz Ferdinand in Sarajevo on 28 June 1914 by Gavrilo Princip, a Bosnian Serb nationalist. Austria-Hungary, backed by Germany's "blank cheque", issued an ultimatum to Serbia; Russia mobilised to support Serbia; Germany declared war on Russia and France and invaded Belgium to reach France, which brought Britain in. Within six weeks of the assassination, a regional crisis had become a European war."""),
    ]},
    {"id": "s19", "date": "2026-06-24", "via": "mem0", "filler": False, "turns": [
        ("user", "I bought an e-bike! A Cube Ella Ride, so I can ride to the new Tidewater office in Salford Quays instead of squeezing onto the bus. How do I look after the battery? Also, random, but I finished Klara and the Sun on the flight back from Cork and cried on a plane full of strangers."),
        ("assistant", """Congratulations on both the bike and the new job! Lithium-ion e-bike batteries last longest with a few habits:

**Charging**
- Keep it between about 20% and 80% for everyday riding; charge to 100% only before a long ride.
- Don't leave it on the charger for days after it's full.
- Use the original Bosch (or matching) charger, never a cheap universal one.

**Temperature**
- Charge at room temperature, never straight after a freezing ride; let it warm up first.
- Don't leave it in hot sun or a hot car; heat ages the cells fastest.
- In winter, store the battery indoors even if the bike lives in a shed.

**Storage**
- For weeks without riding, store it at 40–60% and check it monthly.
- Keep the contacts clean and dry; don't jet-wash the bike.

**Riding**
- Use the lower assist modes on the flat; save Turbo for hills. Changing down gears before stopping reduces strain on the motor.

A battery treated this way typically keeps most of its capacity for 800–1,000 full charge cycles. And crying at Klara and the Sun is the correct response."""),
        ("user", "Ha, good to know I'm normal."),
    ]},
    {"id": "s20", "date": "2026-06-30", "via": "rest", "filler": False, "turns": [
        ("user", "My GP started me on levothyroxine, 50 micrograms, for an underactive thyroid. I'm meant to take it first thing. How long do I have to wait before my coffee? That's the real question."),
        ("assistant", """The usual advice is to take levothyroxine on an empty stomach with a glass of water and wait **30 to 60 minutes** before coffee or breakfast. Coffee (even black) can cut absorption noticeably, so the wait matters more than it seems.

Other things that help:

- **Same time every day.** Consistency matters more than the exact time. Many people keep the tablet by the bed and take it when the alarm goes off, so the wait has passed by the time they're up and dressed.
- **Calcium and iron.** Supplements with calcium or iron, and antacids, should be at least four hours apart from the tablet.
- **Soy and high-fibre breakfasts** can also reduce absorption a little; you don't need to avoid them, just be consistent.
- **Bedtime alternative.** Some people take it at bedtime, at least three hours after their last meal. Ask your GP before switching, as it can change your levels.
- **Blood tests.** Your GP will probably recheck your TSH after six to eight weeks and adjust the dose.

Please check anything specific with your GP or pharmacist, who know your full history."""),
        ("user", "Tablet by the bed it is. Coffee survives."),
    ]},
    {"id": "s21", "date": "2026-07-06", "via": "mem0", "filler": True, "turns": [
        ("user", "Quick one: inner join vs left join in SQL?"),
        ("assistant", """Both combine rows from two tables where a condition matches; they differ in what happens to rows without a match.

**INNER JOIN** keeps only rows that have a match on both sides.

```sql
SELECT o.id, c.name
FROM orders o
INNER JOIN customers c ON c.id = o.customer_id;
```
An order whose customer was deleted disappears from the result.

**LEFT JOIN** keeps every row of the left table; where there's no match, the right table's columns are NULL.

```sql
SELECT c.name, o.id
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id;
```
Customers who never ordered appear with NULL in `o.id`, which makes LEFT JOIN the tool for "find customers with no orders": add `WHERE o.id IS NULL`.

A classic trap: a filter on the right table in the WHERE clause (`WHERE o.status = 'paid'`) turns a LEFT JOIN back into an INNER JOIN. Put it in the ON clause instead if you want to keep the unmatched rows."""),
    ]},
    {"id": "s22", "date": "2026-07-14", "via": "rest", "filler": False, "turns": [
        ("user", """Code review please, this is my first dbt model at Tidewater and Marcus is strict:

```sql
select *, sum(amount) over (partition by customer_id) as lifetime_value
from {{ ref('stg_payments') }}
where status != 'refunded'
```

Unrelated, but the ride along the canal to work is the best part of my day now; I listen to history podcasts (The Rest Is History is my favourite, I can't stand true crime)."""),
        ("assistant", """Nice and compact; a few points a strict reviewer will raise:

1. **`select *` in a model.** Name the columns. New columns in `stg_payments` would silently flow downstream and break contracts, and explicit columns document the model.
2. **NULL status is dropped.** `status != 'refunded'` is false for NULL, so payments with no status vanish. If that's unintended, use `coalesce(status, '') != 'refunded'` or test `not_null` on status upstream.
3. **Grain.** The window repeats the lifetime value on every payment row. If consumers want one row per customer, a `group by customer_id` model is clearer and much smaller; if they need it per payment, say so in the model's description.
4. **Naming.** `lifetime_value` usually means a forecast in analytics; `total_paid_to_date` says what it is.
5. **Tests.** Add a `schema.yml` with `unique` and `not_null` on the payment id and `not_null` on `customer_id`.

Suggested version:

```sql
select
    payment_id,
    customer_id,
    paid_at,
    amount,
    sum(amount) over (partition by customer_id) as total_paid_to_date
from {{ ref('stg_payments') }}
where coalesce(status, '') != 'refunded'
```

Enjoy the canal rides; good podcasts make any commute shorter."""),
        ("user", "Renamed it, Marcus approved. Thanks!"),
    ]},
    {"id": "s23", "date": "2026-07-21", "via": "mem0", "filler": False, "turns": [
        ("user", "Ugh. The wedding has moved AGAIN, it's now Saturday 17 October. Jonas's brother Felix is on deployment with the navy until mid-October and we can't get married without him. Can you help me write a short message to all the guests about the new date? Lighthearted, we've already changed it once."),
        ("assistant", """Here's a light-hearted version you could send by email or in the group chat:

**Subject:** Save the (new, final, promise) date: 17 October

Hi everyone,

Third time's the charm! Our wedding has moved once more and will now be on **Saturday 17 October** at Hesketh Hall.

The reason is a good one: Jonas's brother Felix is away with the navy until mid-October, and we couldn't do this without him there.

Everything else stays the same: same venue, same dress code, same excessive amount of cake. If you've already booked a hotel for the 3rd, most places near Macclesfield will move the booking free of charge if you call them soon; let us know if you have any trouble.

We're sorry for the shuffle and so grateful for your patience. Please reply to let us know whether the new date works for you.

With love,
Ellie and Jonas

If you want it shorter for a group chat: "New date alert! We're now getting married on Saturday 17 October at Hesketh Hall, so Felix can be there. Same place, same plans, even more excitement. Please let us know if you can still make it!" """),
        ("user", "Sent the short one. Three dates, honestly."),
    ]},
    {"id": "s24", "date": "2026-07-29", "via": "rest", "filler": False, "turns": [
        ("user", """Can you scale my gran's ginger cake for Rory's 7th birthday on 8 August? It serves 12 and I need 30 portions. Jonas is coeliac so I'll swap in a gluten-free flour blend, any tips?

GRAN NORA'S STICKY GINGER CAKE (20 cm square tin, 12 pieces)
225 g self-raising flour
2 tsp ground ginger, 1 tsp mixed spice
115 g butter, 115 g dark muscovado sugar
200 g golden syrup (Nora swore by Lyle's), 2 tbsp black treacle
2 eggs, 150 ml milk
Bake 160C fan for 45-50 min."""),
        ("assistant", """For 30 pieces, multiply by 2.5. That's a large batch, so bake it in a 30 × 40 cm roasting tin, or as two 20 cm tins plus a loaf tin.

**Scaled ingredients (× 2.5)**
- Gluten-free self-raising flour blend: 565 g
- Ground ginger: 5 tsp; mixed spice: 2½ tsp
- Butter: 290 g
- Dark muscovado sugar: 290 g
- Golden syrup: 500 g; black treacle: 5 tbsp
- Eggs: 5 (use 4 large + 1 medium if you want to be exact)
- Milk: 375 ml

**Gluten-free tips**
1. Add ½ tsp xanthan gum per 225 g of flour (about 1¼ tsp here) if your blend doesn't already contain it; it gives the crumb structure.
2. Let the batter rest 20 minutes before baking so the flour hydrates; GF cakes are less gritty that way.
3. Check that your mixed spice and baking powder are labelled gluten-free, and use a clean tin and utensils to avoid cross-contamination for Jonas.
4. GF sticky cakes improve overnight: bake it the day before and wrap it.

**Baking**
In one big tin, bake at 160 °C fan for about 55–65 minutes, until a skewer comes out with a few moist crumbs. Smaller tins: check from 40 minutes.

Happy 7th birthday to Rory!"""),
        ("user", "Nora would approve. Thank you!"),
    ]},
    {"id": "s25", "date": "2026-08-17", "via": "mem0", "filler": False, "turns": [
        ("user", "Did my third race of the year yesterday, the Hope Valley trail 15k in the Peak District. So much harder than road running, the climbs destroyed me (1:44). I want to get better at hills before the next one. What should I add to my training?"),
        ("assistant", """Trail 15k with Peak District climbs is a big step up from road, and finishing in 1:44 is solid. Hills respond quickly to specific training:

**1. Hill repeats (once a week)**
Find a hill that takes 60–90 seconds to run up. Run up at a hard but controlled effort, walk or jog back down, repeat 6–10 times. Focus on short steps, upright posture and driving the arms.

**2. Power hiking**
On steep trail climbs, strong runners walk. Practise fast hiking with hands on thighs on your long runs; it's often faster than running and saves your legs.

**3. Downhill practice**
Descents wreck the quads if you're not used to them. Add some controlled downhill running on grass or gentle trails: quick, light steps, eyes a few metres ahead.

**4. Strength (twice a week, 20 minutes)**
Step-ups, split squats, calf raises, and single-leg deadlifts. Ankle stability work (single-leg balance, hopping drills) matters on trails, especially given your earlier sprain.

**5. Time on feet**
Make one long run a week a trail run, measured in time rather than distance.

After six to eight weeks you should feel a clear difference on the climbs."""),
        ("user", "Hill repeats on the Salford bridges it is."),
    ]},
    {"id": "s26", "date": "2026-08-24", "via": "rest", "filler": True, "turns": [
        ("user", "Translate into French: 'Thank you for your patience. The parcel will arrive on Tuesday.'"),
        ("assistant", """« Merci pour votre patience. Le colis arrivera mardi. »

In a more formal business context: « Nous vous remercions de votre patience. Le colis sera livré mardi. »

Note that French doesn't use "on" before a day of the week: "mardi" on its own means "on Tuesday", and "le mardi" would mean "on Tuesdays" (every Tuesday)."""),
    ]},
    {"id": "s27", "date": "2026-08-31", "via": "mem0", "filler": False, "turns": [
        ("user", "I work from home on Fridays now and I need something to put on while I code. I love jazz piano, Bill Evans especially, anything with words distracts me. Can you suggest a few albums? Also: finally finished Tomorrow, and Tomorrow, and Tomorrow, which means I've done way more reading this year than last. And my mum Helen is coming to stay with us from 5 to 15 October to help with the wedding."),
        ("assistant", """Great taste; here are albums in the same spirit, calm enough to code to:

- **Bill Evans Trio – Sunday at the Village Vanguard** (1961). If you don't already know it, start here; the trio playing as one instrument.
- **Bill Evans – Alone** (1968). Solo piano, even quieter than the trio records.
- **Keith Jarrett – The Köln Concert**. Long improvised pieces that keep a mood for an hour.
- **Brad Mehldau – Art of the Trio, Vol. 1**. Modern, lyrical, clearly descended from Evans.
- **Ahmad Jamal – At the Pershing: But Not for Me**. Lighter and more spacious, lots of air between the notes.
- **Esbjörn Svensson Trio – Seven Days of Falling**. Jazz piano with a bit of ambient texture.
- **Tord Gustavsen Trio – Changing Places**. Very slow, Nordic, perfect for deep focus.

For longer sessions, Bill Evans & Jim Hall's "Undercurrent" (piano and guitar duo) is another favourite.

And enjoy having your mum around for the wedding countdown."""),
        ("user", "Undercurrent is on now, thank you."),
    ]},
    {"id": "s28", "date": "2026-09-07", "via": "rest", "filler": False, "turns": [
        ("user", "Honeymoon planning! Ten days in Madeira after the wedding. Jonas loves hiking and I'd like one fancy hotel with a pool. Suggest a hotel in Funchal and the best hikes?"),
        ("assistant", """Madeira is perfect for a hiking honeymoon: dramatic mountains, levada trails along old irrigation channels, and Funchal for good food in between.

**Hotel**
- **Quinta da Casa Branca**: my recommendation. A quiet quinta set in gardens in Funchal's Lido area, with a lovely pool, modern rooms and a good restaurant, close enough to walk into town.
- Alternative: **Belmond Reid's Palace** if you want the classic cliff-top grand hotel (afternoon tea is famous) and don't mind the price.

**Hikes**
1. **Pico do Arieiro to Pico Ruivo (PR1)**: the island's signature ridge hike, about 7 km one way with steep steps and tunnels. Start at sunrise to beat the clouds and the crowds.
2. **Levada do Caldeirão Verde (PR9)**: from Queimadas, about 13 km return through laurel forest to a 100 m waterfall. Bring a head torch for the tunnels.
3. **Vereda da Ponta de São Lourenço (PR8)**: the bare, windswept eastern peninsula; easy and spectacular.
4. **Levada das 25 Fontes (PR6)**: popular and busy, but beautiful; go early.

**Tips**
Rent a car for at least part of the stay (the trailheads are far apart), check the IFCN trail status before each hike, since paths close after rain, and book the PR1 trail access in advance."""),
        ("user", "Quinta da Casa Branca booked!"),
    ]},
    {"id": "s29", "date": "2026-09-14", "via": "mem0", "filler": True, "turns": [
        ("user", "Write a limerick about a database that keeps timing out."),
        ("assistant", """A database, proud of its speed,
Timed out every query we'd need.
   We added an index,
   It spat out some hex,
Then went back to sleep, guaranteed."""),
    ]},
    {"id": "s30", "date": "2026-09-22", "via": "rest", "filler": True, "turns": [
        ("user", "What's the difference between a Roth and a traditional IRA? Asking for a US friend."),
        ("assistant", """Both are US retirement accounts; the difference is when you pay tax.

**Traditional IRA:** contributions may be tax-deductible now (depending on income and workplace plans), the money grows tax-deferred, and withdrawals in retirement are taxed as ordinary income. Required minimum distributions start in your seventies.

**Roth IRA:** contributions are made with money you've already paid tax on, but qualified withdrawals in retirement, including all the growth, are tax-free. There are no required distributions during the owner's lifetime, and contributions (not earnings) can be withdrawn at any time. Eligibility phases out at higher incomes.

Rule of thumb: if your friend expects a higher tax rate in retirement than now (early career, low current income), the Roth usually wins; if they expect a lower rate later, the traditional IRA's deduction now is worth more. Many people hold both to hedge."""),
    ]},
]

QUESTIONS: list[tuple[Any, ...]] = [
    # single-session facts about the user and the people in her life
    ("q01", "user", "What's my partner called?", [("s03", 0)], r"(?i)jonas"),
    ("q02", "user", "Where are we having the wedding?", [("s05", 0)], r"(?i)hesketh"),
    ("q03", "user", "Who is my maid of honour?", [("s15", 0)], r"(?i)imogen|sister"),
    ("q04", "user", "What's my nephew's name?", [("s15", 0)], r"(?i)rory"),
    ("q05", "user", "What is Jonas's brother called, and what does he do?", [("s23", 0)], r"(?i)felix"),
    ("q06", "user", "Who is our landlord?", [("s13", 0)], r"(?i)gareth|pryce"),
    ("q07", "user", "Where does my pottery class take place?", [("s09", 0)], r"(?i)clayworks|ancoats"),
    ("q08", "user", "Which flight am I taking to Cork?", [("s17", 0)], r"(?i)EI ?205"),
    ("q09", "user", "Who is coming to stay with us in October?", [("s27", 0)], r"(?i)helen|mum|mother"),
    ("q10", "user", "What's the name of our vet?", [("s10", 0)], r"(?i)osei|northern vets"),
    # the same in other words (a hypernym, a kinship word)
    ("q11", "user", "What kind of pet do I have?", [("s10", 0)], r"(?i)african grey|parrot|biscuit"),
    ("q12", "user", "What vehicle did I buy this summer?", [("s19", 0)], r"(?i)e-?bike|cube"),
    ("q13", "user", "What medication am I taking?", [("s20", 0)], r"(?i)levothyroxine"),
    ("q14", "user", "Does anyone in my household have a food intolerance?", [("s24", 0)], r"(?i)coeliac|celiac|gluten"),
    ("q15", "user", "Which city does my sibling live in?", [("s17", 0)], r"(?i)cork"),
    # what the assistant said
    ("q16", "assistant", "Which library did you suggest for the retry logic in my code review?", [("s01", 1)], r"(?i)tenacity"),
    ("q17", "assistant", "What book did you recommend after I finished Piranesi?", [("s04", 1)], r"(?i)starless sea"),
    ("q18", "assistant", "What was the name of the hotel you suggested in Ljubljana?", [("s06", 1)], r"(?i)vander urbani"),
    ("q19", "assistant", "How much flour did you say for the tripled focaccia?", [("s09", 1)], r"(?i)1,?500 ?g|1\.5 ?kg"),
    ("q20", "assistant", "What subject line did you suggest for my reply to the landlord?", [("s13", 1)], r"(?i)rent review"),
    ("q21", "assistant", "Which wildlife park did you recommend near Cork?", [("s17", 1)], r"(?i)fota"),
    ("q22", "assistant", "How long did you say to wait between my thyroid pill and coffee?", [("s20", 1)], r"(?i)30|60|minutes"),
    ("q23", "assistant", "Which hotel in Funchal did you recommend for the honeymoon?", [("s28", 1)], r"(?i)casa branca"),
    ("q24", "assistant", "Which formula did you give me for counting confirmed evening guests?", [("s15", 1)], r"(?i)countifs"),
    ("q25", "assistant", "What was the bug you spotted in my dbt model's filter?", [("s22", 1)], r"(?i)null|coalesce"),
    # counting and lists across sessions
    ("q26", "multi", "How many books have I mentioned finishing this year?", [("s04", 0), ("s12", 0), ("s19", 0), ("s27", 0)],
     [r"(?i)piranesi", r"(?i)remains of the day", r"(?i)klara", r"(?i)tomorrow"]),
    ("q27", "multi", "How many races have I run this year?", [("s08", 0), ("s14", 0), ("s25", 0)],
     [r"(?i)10 ?k", r"(?i)half", r"(?i)trail|hope valley|15 ?k"]),
    ("q28", "multi", "Where have I travelled this year?", [("s06", 0), ("s17", 0)], [r"(?i)ljubljana", r"(?i)cork"]),
    ("q29", "multi", "Which of my relatives have a part in the wedding?", [("s15", 0), ("s15", 0), ("s23", 0)],
     [r"(?i)imogen", r"(?i)rory", r"(?i)felix"]),
    ("q30", "multi", "How many times has the wedding date changed?", [("s15", 0), ("s23", 0)],
     [r"(?i)3(rd)? october|october 3", r"(?i)17(th)? october|october 17"]),
    # time: dates said relatively, order, when
    ("q31", "temporal", "When did I start the pottery course?", [("s09", 0)], r"(?i)pottery|wheel|clayworks"),
    ("q32", "temporal", "When did I sprain my ankle?", [("s12", 0)], r"(?i)ankle|sprain"),
    ("q33", "temporal", "When is my birthday?", [("s06", 0)], r"(?i)march 14|14(th)? march|03-14"),
    ("q34", "temporal", "What did I do first, the 10k or the pottery class?", [("s08", 0), ("s09", 0)], [r"(?i)10 ?k", r"(?i)pottery|wheel"]),
    ("q35", "temporal", "What date did I start the new job?", [("s16", 0)], r"(?i)22 june|june 22|06-22"),
    ("q36", "temporal", "When is Rory's birthday?", [("s24", 0)], r"(?i)8 august|august 8|08-08"),
    ("q37", "temporal", "When do we fly back from Cork?", [("s17", 0)], r"(?i)15 june|june 15|EI ?206"),
    # knowledge updates: the newest first
    ("q38", "update", "When is the wedding?", [("s23", 0), ("s15", 0), ("s05", 0)],
     [r"(?i)17(th)? october|october 17", r"(?i)3(rd)? october|october 3", r"(?i)12 september|september 12"], True),
    ("q39", "update", "How much is our rent?", [("s13", 0), ("s03", 0)], [r"1,?520", r"1,?450"], True),
    ("q40", "update", "Where do I work?", [("s16", 0), ("s01", 0)], [r"(?i)tidewater", r"(?i)fernleaf"], True),
    ("q41", "update", "Who is my manager?", [("s16", 0), ("s01", 0)], [r"(?i)marcus", r"(?i)bea"], True),
    ("q42", "update", "How do I get to work?", [("s19", 0), ("s03", 0)], [r"(?i)e-?bike|cube|ride", r"(?i)bus"], True),
    ("q43", "update", "Which part of town is my office in?", [("s19", 0), ("s03", 0)], [r"(?i)salford", r"(?i)northern quarter"], True),
    # preferences asked without naming them
    ("q44", "preference", "Suggest a podcast for my ride to work.", [("s22", 0)], r"(?i)history|rest is history"),
    ("q45", "preference", "What should I bake for Jonas's birthday?", [("s24", 0)], r"(?i)coeliac|celiac|gluten"),
    ("q46", "preference", "Can you recommend a novel for the honeymoon flight?", [("s04", 0)], r"(?i)piranesi|starless|klara"),
    ("q47", "preference", "Put together a playlist for my work-from-home Friday.", [("s27", 0)], r"(?i)jazz|bill evans|piano"),
    ("q48", "preference", "Any ideas for a treat for my pet?", [("s10", 0)], r"(?i)forag|shred|biscuit|grey|parrot"),
    ("q49", "preference", "Which race should I enter next?", [("s25", 0)], r"(?i)trail|hill|race|15 ?k"),
    # never said: shown, not scored
    ("q50", "abstain", "What breed is my dog?", [], r""),
    ("q51", "abstain", "What is my brother's job?", [], r""),
    ("q52", "abstain", "Which restaurant did you recommend in Vienna?", [], r""),
    ("q53", "abstain", "What's my blood type?", [], r""),
    ("q54", "abstain", "How much did the engagement ring cost?", [], r""),
    ("q55", "abstain", "What is my son's favourite football team?", [], r""),
]
