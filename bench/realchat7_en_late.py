"""bench/realchat7_en.py's later sessions (May to September): the move, the e-bike, Lisbon, the new job,
vegan, Moab, the violin, and the filler after them. Kept apart for the module size limit."""
# ruff: noqa: E501  (the messages are kept as written)

from typing import Any

LATE: list[dict[str, Any]] = [
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
