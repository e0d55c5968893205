"""The English half of bench/realchat.py's set: LongMemEval-style help chats of one user, facts said in passing.

Each session: (id, date or None, "mem0" | "rest", turns); a turn is (role, text). Written for this bench, not
taken from any corpus."""
# ruff: noqa: E501  (the assistant's answers are kept as written, one paragraph a line)

SESSIONS = [
    ("e01", "2026-01-14", "mem0", [
        ("user", "Can you help me plan a menu for my daughter's 7th birthday party next Saturday? We're expecting "
                 "about 12 kids and one of them has a peanut allergy, so nothing with nuts."),
        ("assistant", """Happy early birthday to your daughter! Here's a nut-free menu that kids usually love:

**Savory**
1. Mini margherita pizzas on English muffins – easy to make ahead.
2. Chicken and cheese quesadilla triangles.
3. Veggie cups: cucumber, carrot sticks and cherry tomatoes with ranch in the bottom.

**Sweet**
- Rainbow fruit skewers (strawberry, orange, pineapple, kiwi, blueberries, grapes).
- Sunbutter chocolate chip cookies instead of peanut butter ones.

**Tips**
- Label everything and keep packaged snacks' ingredient lists handy for the allergic child's parents.
- Make the pizzas in two batches so the second comes out warm.
- Plan roughly 3 pizza halves per kid."""),
        ("user", "This is great. She's completely obsessed with unicorns right now, any idea for a cake?"),
        ("assistant", """A unicorn cake would be perfect! A few options:

1. **Unicorn layer cake** – three vanilla layers with pastel buttercream, a gold fondant horn and piped rosette "mane". Sally's Baking Addiction has a reliable vanilla layer recipe.
2. **Unicorn cupcakes** – easier to serve to 12 kids; swirl pink, purple and blue frosting in one piping bag.
3. **Rainbow surprise cake** – plain white outside, rainbow layers inside.

Make sure your sprinkles and food colouring are made in a nut-free facility."""),
    ]),
    ("e02", "2026-02-03", "mem0", [
        ("user", "Could you help me write a cover letter? I've been a nurse for six years, the last four in the ICU "
                 "at St. Mary's in Austin, and I'm applying for a nurse educator position at Dell Seton."),
        ("assistant", """Of course! Here's a draft you can adapt:

Dear Hiring Committee,

I am excited to apply for the Nurse Educator position at Dell Seton Medical Center. Over six years of bedside nursing, including four years in a high-acuity ICU, I have precepted more than twenty new graduate nurses and led our unit's sepsis bundle refresher course.

In the ICU I learned that good teaching happens at 3 a.m. as much as in the classroom...

Sincerely,
[Your name]

**Tips**
- Quantify your precepting and any committee work.
- Mention certifications such as CCRN if you hold them.
- Keep it to one page."""),
        ("user", "Nice. Can you also work in that I finished my MSN in nursing education this past December?"),
        ("assistant", """Absolutely – add this after the first paragraph:

"In December I completed my Master of Science in Nursing with a concentration in nursing education, where my capstone focused on simulation-based training for new ICU nurses."

That positions your degree as directly relevant to the role."""),
    ]),
    ("e03", "2026-02-20", "mem0", [
        ("user", "My partner Sam and I are going to Lisbon for five days in April. We want a walkable area and "
                 "mid-range prices. Can you suggest a few hotels?"),
        ("assistant", """Lisbon is wonderful in April! Here are three walkable mid-range picks:

1. **Memmo Alfama Hotel** – a boutique hotel in Alfama with a rooftop pool and views over the river; about €180–230 a night.
2. **Lisboa Pessoa Hotel** – in Chiado, close to trams, shops and cafés; around €160–200.
3. **Hotel Avenida Palace** – classic grand hotel next to Rossio station; around €200.

Alfama is charming but hilly; Chiado is flatter and central. Book early – April is busy because of Easter."""),
        ("user", "Memmo Alfama looks amazing, we'll go with that one."),
        ("assistant", """Great choice! A few tips for staying in Alfama:
- Wear comfortable shoes – the streets are steep cobblestones.
- Take tram 28 early in the morning to avoid crowds.
- Try a fado dinner at Clube de Fado, a short walk from the hotel."""),
    ]),
    ("e04", "2026-03-02", "rest", [
        ("user", "My Flask app keeps timing out on Heroku when it generates the weekly PDF sales reports. I built "
                 "it on weekends for my brother-in-law's bakery chain, Rise & Grind, which has four locations, so "
                 "I'm the one who has to fix it. Any ideas?"),
        ("assistant", """Heroku kills any request that runs longer than 30 seconds, so long PDF generation needs to move out of the request cycle. Here's the usual approach:

1. **Add a background worker** with Celery (or RQ) and a Redis add-on.
2. **Enqueue the job** from the route and return immediately:

```python
@app.post("/reports")
def start_report():
    job = build_report.delay(week=request.json["week"])
    return {"job": job.id}, 202
```

3. **Store the PDF** in S3 and email a link or poll for status.
4. Use WeasyPrint with cached templates – it's much faster than rendering charts on the fly.

Start a worker dyno with `worker: celery -A app.celery worker`."""),
        ("user", "Thanks, I'll try Celery with Redis tonight."),
    ]),
    ("e05", "2026-03-15", "mem0", [
        ("user", "I started running in early January and last Sunday I finished my first 10K in 58 minutes! "
                 "Can you make me a plan to get under 55 minutes?"),
        ("assistant", """Congratulations on your first 10K! Going from 58 to sub-55 in 8–10 weeks is very achievable. Here's a plan:

**Week structure (4 runs)**
- **Tuesday – intervals:** 6 × 800 m at 5:15/km with 2 min jog recovery.
- **Thursday – tempo:** 20 minutes at 5:25/km.
- **Saturday – easy:** 5–6 km conversational pace.
- **Sunday – long run:** build from 10 km to 13 km.

**Tips**
- Don't increase weekly distance by more than 10%.
- Do strides twice a week.
- Race-pace target: 5:29/km."""),
    ]),
    ("e06", "2026-03-28", "mem0", [
        ("user", "I need a gift idea for my dad's 65th birthday. He retired from teaching high school chemistry "
                 "last year and now spends all his time in his vegetable garden."),
        ("assistant", """What a lovely hobby for retirement! Some ideas:

1. **Hori-hori garden knife** – a Japanese digging knife; the Nisaku version is a classic (~$30).
2. **Raised bed kit** from Gardener's Supply – cedar, easy to assemble.
3. **Soil testing kit** – a nod to his chemistry background; the Luster Leaf Rapitest is popular.
4. **Personalized garden markers** engraved with his vegetables.
5. **A subscription to Heirloom seed boxes** from Baker Creek."""),
        ("user", "The soil testing kit is perfect for him, I'll get that and the hori-hori knife."),
        ("assistant", "Great picks! The soil kit pairs nicely with a small notebook so he can track pH by bed."),
    ]),
    ("e07", "2026-04-10", "mem0", [
        ("user", "I listen to a ton of true crime podcasts on my commute, like Serial and Casefile, but I'm getting "
                 "a bit burned out on them. Any history podcasts with the same storytelling feel?"),
        ("assistant", """If you like deeply researched narrative shows, try these:

1. **Hardcore History** by Dan Carlin – long, gripping episodes; start with "Blueprint for Armageddon".
2. **The Rest Is History** – two historians chatting; great series on the Titanic and the Aztecs.
3. **Fall of Civilizations** – atmospheric episodes on collapsed societies.
4. **Revolutions** by Mike Duncan – serialized and very easy to follow.

If you miss the crime angle, **American Scandal** blends both."""),
    ]),
    ("e08", "2026-05-02", "mem0", [
        ("user", "I'm going to my college roommate Jenna's wedding at a vineyard in Napa on May 16th. What should a "
                 "guest wear to an afternoon vineyard wedding?"),
        ("assistant", """For an afternoon vineyard wedding, think "garden cocktail":

- **Dress:** a midi dress in a light fabric (chiffon, linen blend) – florals or soft solids.
- **Shoes:** block heels or wedges – stilettos sink into grass.
- **Layer:** a pashmina or light jacket; Napa evenings cool down fast in May.
- **Avoid:** white, and anything too formal like floor-length sequins.

Bring sunglasses and sunscreen – ceremonies are often outdoors."""),
    ]),
    ("e09", "2026-06-20", "rest", [
        ("user", "I'm back from my cousin Marco's wedding in Chicago last weekend, it was beautiful."),
        ("assistant", "That sounds wonderful! How can I help?"),
        ("user", "His parents hosted us for the rehearsal dinner and I want to send them a thank-you note. "
                 "Could you draft one?"),
        ("assistant", """Here's a warm draft:

Dear Aunt Lucia and Uncle Paul,

Thank you so much for hosting us at the rehearsal dinner. The food was incredible and it meant a lot to celebrate Marco and Elena with the whole family. ...

With love,
[Your name]

Handwritten notes mean more – send it within two weeks of the wedding."""),
    ]),
    ("e10", "2026-09-05", "mem0", [
        ("user", "I was a bridesmaid at my coworker Priya's wedding yesterday and my feet are destroyed. "
                 "What helps blisters heal faster?"),
        ("assistant", """Ouch! Here's how to help them heal:

1. **Don't pop them** if the skin is intact – it's a natural bandage.
2. **Cover them** with hydrocolloid bandages (Compeed or Band-Aid Hydro Seal).
3. **If one pops**, wash with soap and water, leave the skin flap, and cover.
4. **Air them out** at night and wear open shoes for a few days.

See a doctor if you notice redness spreading or pus."""),
    ]),
    ("e11", "2026-05-20", "mem0", [
        ("user", "Since I moved to Denver this month for a new job I've been trying to find a good climbing gym. "
                 "I mostly boulder, around V4. Any recommendations?"),
        ("assistant", """Denver has a great climbing scene! For bouldering around V4:

1. **Movement RiNo** – huge bouldering area, resets every week.
2. **The Spot Denver** – bouldering-only, great community.
3. **Earth Treks Englewood** – biggest gym in the area, good training boards.

Most offer a first-visit pass and a 10-punch card."""),
        ("user", "Thanks! By the way the new job is going well - I started as a clinical educator at Denver Health "
                 "two weeks ago."),
        ("assistant", "That's fantastic – congratulations on the new role! Teaching new nurses must be rewarding."),
    ]),
    ("e12", "2026-07-08", "mem0", [
        ("user", "Can you give me a quick weeknight dinner idea? I went vegetarian back in March, and Sam can't "
                 "stand mushrooms."),
        ("assistant", """Here are three 30-minute vegetarian dinners with no mushrooms:

1. **Chickpea coconut curry** – chickpeas, spinach, coconut milk, curry paste; serve with rice.
2. **Black bean tacos** – spiced beans, quick pickled onions, avocado and feta.
3. **Lemon orzo with peas and halloumi** – one pan, ready in 25 minutes.

Batch-cook the curry; it's even better the next day."""),
    ]),
    ("e13", "2026-08-14", "mem0", [
        ("user", "My 2015 Honda Civic needs new brakes and the shop quoted $480 for pads and rotors on the front. "
                 "Is that reasonable?"),
        ("assistant", """That's within the normal range. Typical prices for front pads and rotors on a Civic:

- **Independent shop:** $350–$500
- **Dealer:** $500–$700

Ask whether the quote uses OEM or aftermarket parts, and whether it includes a brake fluid check."""),
        ("user", "Ok good. I'm also thinking of trading it in for a Subaru Outback before winter, since we drive up "
                 "to the mountains most weekends."),
        ("assistant", """The Outback is a popular choice for mountain driving:

- Standard symmetrical AWD.
- 8.7 inches of ground clearance.
- The 2023+ Wilderness trim adds all-terrain tires.

Trade-in values are usually highest in early fall."""),
    ]),
    ("e14", "2026-10-01", "mem0", [
        ("user", "Big news: I just signed up for the Rock 'n' Roll Las Vegas half marathon in November, my first "
                 "half! My 10K PR is 53:40 now. How should I structure my training?"),
        ("assistant", """Congrats on signing up! With a 53:40 10K you could aim for around 1:58–2:02.

**Eight-week outline**
- Weeks 1–3: build the long run from 12 km to 16 km.
- Weeks 4–6: add half-marathon-pace segments (5:40/km).
- Week 7: peak long run of 18 km.
- Week 8: taper.

Practise fuelling with gels on long runs."""),
    ]),
    ("e15", "2026-10-20", "rest", [
        ("user", "We adopted a rescue beagle named Waffles three weeks ago and he howls whenever we leave the "
                 "apartment. How do I crate train an older dog?"),
        ("assistant", """Beagles are vocal, but crate training helps a lot:

1. **Make the crate a good place** – feed meals inside, add a worn T-shirt.
2. **Practise short departures** – 1 minute, then 5, then 15.
3. **Use a stuffed Kong** frozen with peanut butter.
4. **Keep exits boring** – no big goodbyes.
5. **Exercise first** – a 30-minute sniff walk before you leave.

If the howling continues, a certified trainer (CPDT-KA) can assess separation anxiety."""),
        ("user", "He's about five, the shelter thinks. We'll start with the frozen Kong."),
    ]),
    ("e16", None, "mem0", [
        ("user", "How do I write a lookup in Google Sheets that ignores case? I'm helping my sister Ana with the "
                 "inventory sheet for her flower shop, Petal & Stem, in Boulder."),
        ("assistant", """VLOOKUP in Google Sheets is already case-insensitive. If you need exact matching that *does* respect case, use:

```
=INDEX(B:B, MATCH(TRUE, EXACT(A:A, D2), 0))
```

For a cleaner setup:
- Keep SKUs in column A and use data validation for new entries.
- Use XLOOKUP if you want a default when nothing is found."""),
    ]),
    ("e17", "2026-11-10", "mem0", [
        ("user", "I'm hosting my book club on Thursday and we're reading Tomorrow, and Tomorrow, and Tomorrow. "
                 "Can you suggest some discussion questions?"),
        ("assistant", """Great pick! Some questions:

1. Sam and Sadie's friendship is the heart of the book – is it a love story?
2. How does the game-within-the-book, Ichigo, mirror their lives?
3. What role does Marx play in holding them together?
4. Which game world did you find most moving?
5. Is play a way to escape grief, or to face it?"""),
        ("user", "Perfect. There are eight of us, all nurses from my old ICU unit, so we'll probably talk about "
                 "the hospital chapters a lot."),
    ]),
    ("e18", "2026-04-25", "mem0", [
        ("user", "I've been learning Portuguese on Duolingo for about three months, mostly for the Lisbon trip. "
                 "Can you explain when to use ser versus estar?"),
        ("assistant", """Both mean "to be", but:

**Ser** – permanent or defining traits: identity, origin, profession, time.
- *Eu sou enfermeira.* (I am a nurse.)

**Estar** – temporary states and location.
- *Estou cansada.* (I'm tired.)
- *O hotel está em Alfama.*

A common trick: DOCTOR for ser (Description, Occupation, Characteristic, Time, Origin, Relationship) and PLACE for estar."""),
    ]),
    ("e19", "2026-11-25", "mem0", [
        ("user", "I'm cooking Thanksgiving for ten people for the first time this year, my in-laws are flying in "
                 "from Ohio. I need a cooking timeline for a 14 lb turkey."),
        ("assistant", """Here's a timeline for a 14 lb turkey (about 3–3.5 hours at 325°F):

- **Wednesday:** dry-brine the turkey; make cranberry sauce and pie.
- **Thursday 9:00** – take the turkey out of the fridge.
- **10:00** – into the oven.
- **1:00** – check temperature (165°F in the thigh).
- **1:30** – rest 30–40 minutes while you bake stuffing and rolls.
- **2:15** – carve and serve.

Make the gravy while the turkey rests."""),
        ("user", "I'll also make a lentil loaf for me and Sam since we don't eat meat."),
    ]),
    ("e20", "2026-06-02", "mem0", [
        ("user", "My doctor said my vitamin D is low, 18 ng/mL, and told me to take 2000 IU a day. What foods "
                 "can help too?"),
        ("assistant", """Supplements do most of the work, but food helps:

- **Fortified foods:** milk, orange juice, cereals.
- **Eggs:** the yolk has about 40 IU.
- **Mushrooms exposed to UV light** – one of the few plant sources.
- **Fatty fish** if you eat it (you may not, as a vegetarian).

Take the supplement with a meal containing fat for better absorption. Recheck your levels in about three months."""),
    ]),
]

USER_QUESTIONS = [
    # (id, kind, question, evidence [(session, turn)], expected words (a regular expression), newer-first)
    ("q01", "user", "How old is my daughter turning?", [("e01", 0)], r"7|seven"),
    ("q02", "user", "What is my kid really into these days?", [("e01", 2)], r"unicorn"),
    ("q03", "user", "What graduate degree did I complete?", [("e02", 2)], r"MSN|Master"),
    ("q04", "user", "Who am I travelling to Portugal with?", [("e03", 0)], r"Sam"),
    ("q05", "user", "Which business did I build an app for?", [("e04", 0)], r"Rise|bakery"),
    ("q06", "user", "How does my father spend his retirement?", [("e06", 0)], r"garden"),
    ("q07", "user", "What car do I currently drive?", [("e13", 0)], r"Civic"),
    ("q08", "user", "What's the name of our dog?", [("e15", 0)], r"Waffles"),
    ("q09", "user", "What kind of business does my sister own?", [("e16", 0)], r"flower|Petal"),
    ("q10", "user", "What was my vitamin D level?", [("e20", 0)], r"18"),
    ("q11", "user", "Who is visiting me for Thanksgiving?", [("e19", 0)], r"in-laws|Ohio"),
    ("q12", "user", "What do the people in my book club have in common?", [("e17", 2)], r"nurse|ICU"),
    ("q13", "assistant", "What was the name of the hotel with the rooftop pool you recommended in Lisbon?",
     [("e03", 1)], r"Memmo"),
    ("q14", "assistant", "Which bouldering gyms did you recommend to me in Denver?", [("e11", 1)],
     r"Movement|The Spot|Earth Treks"),
    ("q15", "assistant", "Remind me of the history shows you told me to listen to.", [("e07", 1)],
     r"Hardcore History|Rest Is History|Fall of Civilizations|Revolutions"),
    ("q16", "assistant", "What kind of cake did you suggest for the birthday?", [("e01", 3)],
     r"[Uu]nicorn (layer )?cake|cupcake"),
    ("q17", "assistant", "How did you tell me to fix the Heroku timeouts?", [("e04", 1)], r"Celery|Redis|worker"),
    ("q18", "assistant", "Which soil testing kit did you mention for my dad?", [("e06", 1)], r"Rapitest|Luster"),
    ("q19", "preference", "What kind of podcasts would I enjoy?", [("e07", 0)],
     r"true crime|Serial|Casefile|history"),
    ("q20", "preference", "Suggest something for dinner tonight for me and Sam.", [("e12", 0)],
     r"vegetarian|mushroom"),
    ("q21", "preference", "Any ideas for a fun workout this weekend?", [("e11", 0), ("e05", 0)],
     r"boulder|climb|run|10K"),
    ("q22", "update", "Which city do I live in now?", [("e11", 0), ("e02", 0)], r"Denver|Austin", True),
    ("q23", "update", "Where do I work at the moment?", [("e11", 2), ("e02", 0)],
     r"Denver Health|St\. Mary", True),
    ("q24", "update", "What is my current 10K personal best?", [("e14", 0), ("e05", 0)], r"53:40|58", True),
    ("q25", "temporal", "How long ago did I take up running?", [("e05", 0)], r"January|started running"),
    ("q26", "temporal", "Which wedding did I go to first, Jenna's or Marco's?", [("e08", 0), ("e09", 0)],
     r"Jenna|Marco"),
    ("q27", "temporal", "When did we get Waffles?", [("e15", 0)], r"Waffles"),
    ("q28", "temporal", "Since when have I been vegetarian?", [("e12", 0)], r"vegetarian|meat"),
    ("q29", "temporal", "When is my first half marathon?", [("e14", 0)], r"half|Las Vegas"),
    ("q30", "count", "How many weddings did I attend this year?", [("e08", 0), ("e09", 0), ("e10", 0)],
     r"wedding"),
    ("q31", "count", "How many races have I signed up for or run?", [("e05", 0), ("e14", 0)],
     r"10K|half"),
]
