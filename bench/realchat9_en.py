"""bench/realchat9.py's set: one English user who uses the assistant as a work tool, over eight months.

Written for this bench before reading the extractor or the recall code. A backend developer in Manchester asks for
code reviews, spreadsheet formulas, email drafts, trip plans and scaled recipes, 30 sessions from February to
September; her own facts come in passing, some of them inside pasted content (a landlord's email, a flight
confirmation, a family recipe, an error log). Facts about the people in her life (partner, sister, nephew, the
partner's brother, her mother), a wedding date that moves three times, books and races counted across sessions,
dates said relatively ("the week after my birthday", "two Fridays ago"), and questions in other words than the
facts (pet for a parrot, vehicle for an e-bike, medication for a drug name). 8 sessions are filler. The second half
of the sessions and the questions are in bench/realchat9_en_late.py. A turn is (role, text)."""
# ruff: noqa: E501  (the messages are kept as written)

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realchat9_en_late import LATE, QUESTIONS  # noqa: F401  (QUESTIONS is this set's, kept with the late half)

EARLY: list[dict[str, Any]] = [
    {"id": "s01", "date": "2026-02-02", "via": "rest", "filler": False, "turns": [
        ("user", """Can you review this? It's a retry wrapper for calls to our courier's API. I'm the only backend dev at Fernleaf (we deliver houseplants around Manchester) so there's nobody else to review it, and Bea, my manager, wants it merged today.

```python
def with_retry(fn, attempts=5):
    for attempt in range(attempts):
        try:
            return fn()
        except Exception as exc:
            log.warning("courier call failed: %s", exc)
            time.sleep(2 ** attempt)
    return None
```"""),
        ("assistant", """A few problems, from most to least serious:

1. **It retries everything.** `except Exception` catches a 400 Bad Request or a 401 just as happily as a timeout. Retrying a request the courier rejected as invalid will never succeed; it only delays the failure by 31 seconds. Retry only transient errors: timeouts, connection errors and 5xx/429 responses.
2. **It hides the final failure.** After the last attempt you return `None`, so the caller cannot tell "no result" from "the courier was down". Re-raise the last exception instead.
3. **No jitter and no cap.** `2 ** attempt` grows without bound if someone passes `attempts=10`, and every worker that failed at the same moment retries at the same moment. Add a cap and random jitter.
4. **Not idempotent by default.** If `fn` creates a delivery, a timeout after the courier accepted it means a retry books a second van. Send an idempotency key if their API supports one.

Rather than maintaining this yourself, I'd use the **tenacity** library:

```python
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception

def _transient(exc):
    return isinstance(exc, (httpx.TimeoutException, httpx.ConnectError)) or (
        isinstance(exc, httpx.HTTPStatusError) and exc.response.status_code in (429, 500, 502, 503, 504))

@retry(stop=stop_after_attempt(5), wait=wait_random_exponential(multiplier=1, max=20),
       retry=retry_if_exception(_transient), reraise=True)
def book_pickup(payload):
    ...
```

`reraise=True` gives the caller the original exception after the last attempt, and the log line can move to tenacity's `before_sleep` hook."""),
        ("user", "Fair, the 400 thing would have bitten us. Switching to tenacity."),
    ]},
    {"id": "s02", "date": "2026-02-05", "via": "mem0", "filler": True, "turns": [
        ("user", "What's the actual difference between TCP and UDP? Short version please."),
        ("assistant", """Both carry data between programs over IP; they differ in what they promise.

**TCP** is a connection: the two sides shake hands first, every byte is numbered, lost packets are re-sent, and data arrives in order. It also slows down when the network is congested. You pay for that with extra round trips and head-of-line blocking: one lost packet holds up everything behind it. Web pages, email, SSH and database connections use TCP.

**UDP** just sends datagrams. No handshake, no ordering, no retransmission; a lost packet is simply gone. That makes it light and fast, and it lets the application decide what to do about loss. Video calls, online games and DNS lookups use UDP because a late packet is worthless anyway.

QUIC, which HTTP/3 runs on, is the interesting middle ground: it builds TCP-like reliability on top of UDP, but per stream, so one lost packet no longer stalls every stream."""),
    ]},
    {"id": "s03", "date": "2026-02-10", "via": "rest", "filler": False, "turns": [
        ("user", "I need a Google Sheets formula. Column B has our monthly bills (rent is £1,450, plus council tax, energy, broadband), column C says who paid each one (\"Ellie\" or \"Jonas\"). My partner Jonas and I split everything 60/40 since I earn more, me 60. I want a cell that says how much Jonas owes me (or I owe him) at the end of the month. Also I'm typing this on the 86 bus into the Northern Quarter, so sorry for typos."),
        ("assistant", """Here's a setup that gives one signed number: positive means Jonas owes you, negative means you owe him.

Assume the bills are in B2:B20 and the payer in C2:C20.

1. Total of all bills (say in F1):
   `=SUM(B2:B20)`
2. What you actually paid (F2):
   `=SUMIF(C2:C20, "Ellie", B2:B20)`
3. Your fair share at 60% (F3):
   `=ROUND(F1*0.6, 2)`
4. The settlement (F4):
   `=F2-F3`

If F4 is 120, you paid £120 more than your share, so Jonas owes you £120. If it's −80, you owe him £80.

A single-cell version if you prefer:

`=ROUND(SUMIF(C2:C20,"Ellie",B2:B20) - 0.6*SUM(B2:B20), 2)`

And a friendly label next to it:

`=IF(F4>=0, "Jonas owes Ellie £"&TEXT(F4,"0.00"), "Ellie owes Jonas £"&TEXT(-F4,"0.00"))`

Tips: keep the 0.6 in its own cell (say H1) and refer to `$H$1`, so if your incomes change you adjust one number. Data validation on column C (a dropdown with the two names) stops a typo like "ellie " from silently falling out of the SUMIF."""),
        ("user", "The label formula is great, Jonas will love being told he owes me."),
    ]},
    {"id": "s04", "date": "2026-02-16", "via": "mem0", "filler": False, "turns": [
        ("user", "I just finished Piranesi last night and I'm a bit bereft. I loved how strange and quiet it was. What should I read next that scratches the same itch?"),
        ("assistant", """Piranesi is hard to follow, but a few books share its mood of a strange, self-contained world discovered slowly:

- **The Starless Sea** by Erin Morgenstern: my first pick. A grad student finds a book that describes his own childhood and follows it into a hidden underground library of stories. It has the same sense of wonder and labyrinthine space, and it's about the love of stories themselves.
- **Jonathan Strange & Mr Norrell** by Susanna Clarke: her earlier, much longer book. Very different in pace, but the same dry wit and the same sense of magic as something ancient and indifferent.
- **Invisible Cities** by Italo Calvino: short prose poems in which Marco Polo describes impossible cities to Kublai Khan. Quiet and dreamlike, ideal in small doses.
- **The Ocean at the End of the Lane** by Neil Gaiman: short, melancholy, a remembered childhood with something vast at its edges.
- **Klara and the Sun** by Kazuo Ishiguro: a narrator who sees the world with a gentle, partial understanding, like Piranesi does.

If you want something to start tonight, The Starless Sea is the closest match."""),
        ("user", "Ordered The Starless Sea. Also adding Klara to the list."),
    ]},
    {"id": "s05", "date": "2026-02-24", "via": "rest", "filler": False, "turns": [
        ("user", "Can you help me write an email to a wedding venue? Jonas and I are getting married on Saturday 12 September at Hesketh Hall, near Macclesfield. We've paid the deposit; I need to ask them whether we can bring our own cake and whether the garden room can take 90 people for the evening reception."),
        ("assistant", """Here's a draft you can adapt:

**Subject:** 12 September wedding (Marsh / Weber) – cake and evening numbers

Dear Hesketh Hall events team,

I hope you're well. Jonas Weber and I are booked for our wedding on Saturday 12 September, and we've paid the deposit, so we're starting to pin down the details. I have two questions:

1. **Cake.** We'd like to bring in a cake from an outside baker. Is that allowed, and is there a cake-cutting or plating charge? If you have requirements for the supplier (food-hygiene rating, delivery times), please let me know.
2. **Evening reception.** We're expecting around 90 guests in the evening. Can the garden room hold that number comfortably, with space for a band and a dance floor? If not, what would you suggest?

It would also help to know the date by which you need final numbers.

Many thanks, and we're really looking forward to the day.

Best wishes,
Ellie Marsh

Two small tips: putting the date and both surnames in the subject line makes it easy for them to find your booking, and asking for the final-numbers deadline now saves a round of emails later."""),
        ("user", "Sent, thanks!"),
    ]},
    {"id": "s06", "date": "2026-03-03", "via": "mem0", "filler": False, "turns": [
        ("user", "Jonas is taking me to Ljubljana for three nights for my birthday on March 14th. Can you suggest a hotel in the old town and a rough plan? We like walking, food markets and not too much museum time."),
        ("assistant", """Lovely choice; Ljubljana is compact and very walkable.

**Where to stay**
- **Vander Urbani Resort**: my top pick. A design hotel right in the old town by the river, with a small rooftop pool and a good restaurant. Quiet rooms, everything within ten minutes on foot.
- **Cubo**: a calmer, good-value alternative near Congress Square.

**Day 1 – the old town**
Walk the riverbanks and the Triple Bridge, take the funicular up to Ljubljana Castle for the view, and have dinner at a gostilna (try štruklji and kranjska klobasa).

**Day 2 – market and Tivoli**
The Central Market by Plečnik's colonnade is busiest in the morning. On Fridays from mid-March the Open Kitchen (Odprta kuhna) food market may be starting up in Pogačar Square. Afternoon in Tivoli Park and up Rožnik hill.

**Day 3 – Lake Bled**
A bus from the main station takes about 80 minutes. Walk the 6 km loop round the lake, row or take a pletna boat to the island, and eat the cream cake (kremšnita). Vintgar Gorge is nearby but may still be closed in mid-March.

**Birthday dinner**
Book ahead for somewhere with a tasting menu; mid-March is quiet, so a weeknight table should be easy."""),
        ("user", "Booked Vander Urbani. Can't wait."),
    ]},
    {"id": "s07", "date": "2026-03-09", "via": "rest", "filler": True, "turns": [
        ("user", "Write me a short poem about the first warm day of spring, something to put on a card."),
        ("assistant", """The window opens on its own accord,
or so it seems; the air has changed its mind.
The jackets hang forgotten on their hooks,
the pavement smells of rain it left behind.

A blackbird tries a phrase it half recalls,
the cherry tree rehearses something pink,
and everybody walking down the street
is slower than they were, and smiles, I think.

So here's to doors propped open, sleeves pushed up,
to light that lingers later than it should:
the year has turned its face toward the sun,
and, just for now, it's promising it's good."""),
    ]},
    {"id": "s08", "date": "2026-03-23", "via": "mem0", "filler": False, "turns": [
        ("user", "I ran my first ever race yesterday, the Manchester 10k, in 52:30! Now I'm weirdly tempted by the Great Manchester half in May. Is seven weeks enough to go from 10k to half marathon? I run about three times a week."),
        ("assistant", """Congratulations, 52:30 for a first 10k is a strong time. Seven weeks is tight but realistic, because you already have a base of three runs a week.

**Structure (three runs plus optional cross-training)**
- **Long run (weekend):** the key session. Build from 12 km to 18–19 km, adding about 1.5 km a week, with an easier week in week 4. Run it slowly, 60–90 seconds per km slower than your 10k pace, roughly 6:10–6:30/km.
- **Steady run (midweek):** 6–8 km at a comfortable pace, with the last 2 km a little quicker.
- **Quality session:** alternate intervals (e.g. 5 × 1 km at 10k pace with 2 minutes jogging) and tempo runs (20–25 minutes at "comfortably hard").

**Week outline**
1. Long 12 km
2. Long 13.5 km
3. Long 15 km
4. Easier week: long 11 km
5. Long 17 km
6. Long 18–19 km
7. Taper: long 10 km, a few short strides, race.

**Targets**
From your 10k, a realistic half finish is about 1:55–2:00. Start at around 5:40/km and speed up only after 15 km.

Practise your race-day breakfast and a gel or two on the long runs, and don't add extra runs to catch up if you miss one."""),
        ("user", "Signed up! Sub-2 hours is the dream."),
    ]},
    {"id": "s09", "date": "2026-03-30", "via": "rest", "filler": False, "turns": [
        ("user", """Can you scale this focaccia recipe from one tray to three? It's for a potluck at my pottery class: I started a Thursday evening wheel-throwing course at Clayworks in Ancoats the week after my birthday and everyone brings food on the last night.

FOCACCIA (one 23x33 cm tray)
500 g strong white flour
400 ml lukewarm water
10 g fine salt
7 g instant yeast (one sachet)
40 ml olive oil, plus extra for the tray
flaky salt and rosemary for the top
Mix, rest 15 min, 4 sets of stretch-and-folds, overnight in the fridge, into the oiled tray, dimple, bake 25 min at 220C."""),
        ("assistant", """Here it is for three trays (everything × 3):

- **Strong white flour:** 1,500 g (1.5 kg)
- **Lukewarm water:** 1,200 ml
- **Fine salt:** 30 g
- **Instant yeast:** 21 g (three sachets)
- **Olive oil:** 120 ml in the dough, plus extra for each tray
- Flaky salt and rosemary to taste

A few practical notes for the bigger batch:

1. **Mixing.** 2.7 kg of dough is a lot for most home mixers, so mix it by hand in your biggest bowl, or make three separate batches, which is also easier to fold.
2. **Yeast.** For an overnight cold rise you can keep the full 21 g, but if your fridge is crowded and the dough sits out longer, dropping to 15 g avoids over-proofing.
3. **Fridge space.** Three oiled tubs or the trays themselves, covered.
4. **Baking.** Bake one or two trays at a time on the middle shelf; with two, swap them halfway. Keep it at 220 °C for about 25 minutes, until deep golden.
5. **Transport.** Let them cool on racks, then cut into squares at home; focaccia travels well and is good at room temperature.

Enjoy the potluck, and the wheel-throwing!"""),
        ("user", "Three separate batches it is. My bowls are an embarrassment anyway, hence the class."),
    ]},
    {"id": "s10", "date": "2026-04-06", "via": "mem0", "filler": False, "turns": [
        ("user", "My African grey Biscuit has started plucking his chest feathers. Our vet, Dr Amara Osei at Northern Vets, checked him and thinks it's stress or boredom rather than illness. He's 11 and I work from home three days a week. What enrichment can I set up?"),
        ("assistant", """Feather plucking in African greys is common and, once medical causes are ruled out as your vet has done, usually responds to more stimulation and routine. Some ideas:

**Foraging (the most effective change)**
- Stop serving food only in a bowl. Wrap pellets or nuts in paper, stuff them into cardboard tubes, or use foraging toys so he spends an hour or more working for food, as wild greys do.
- Start easy (a visible treat in an open paper cup) and make it harder as he learns.

**Shredding and chewing**
- Balsa, cardboard, palm leaf, untreated paper. Greys that pluck often redirect that urge into shredding.
- Rotate toys weekly so the cage doesn't become wallpaper.

**Routine and sleep**
- 10–12 hours of dark, quiet sleep. A cover and a separate sleep cage help if the living room is busy in the evening.
- Predictable times for breakfast and time out of the cage.

**Social time and training**
- Short training sessions (target training, step-up, simple tricks) twice a day; greys are very bright and love a task.
- On your office days, leave a radio or talk station on and some new foraging toys.

**Environment**
- Daily misting or a shower perch; dry central-heating air can make skin itchy.
- Full-spectrum bird lighting if he gets little daylight.

Keep a simple log of plucking episodes; it often reveals a trigger (a time of day, a noise)."""),
        ("user", "The foraging idea is great, he's already shredding paper cups."),
    ]},
    {"id": "s11", "date": "2026-04-13", "via": "rest", "filler": True, "turns": [
        ("user", "Explain regex lookahead and lookbehind with one example each."),
        ("assistant", """Lookarounds check what's next to the current position without consuming it, so they don't become part of the match.

**Lookahead** `(?=...)` asserts that what follows matches; `(?!...)` asserts it doesn't.

Example: match a price number only when it's followed by "GBP":
`\\d+(?= GBP)` on "costs 40 GBP" matches `40`, and the " GBP" isn't part of the match.

**Lookbehind** `(?<=...)` asserts that what precedes matches; `(?<!...)` asserts it doesn't.

Example: match the number after a pound sign:
`(?<=£)\\d+` on "costs £40" matches `40`, without the £.

A common use of negative lookahead is password rules: `^(?=.*\\d)(?=.*[A-Z]).{8,}$` requires a digit and a capital letter anywhere, then checks the length.

Note that many engines (including Python's `re`) require a lookbehind of fixed width; the newer `regex` module lifts that."""),
    ]},
    {"id": "s12", "date": "2026-04-22", "via": "rest", "filler": False, "turns": [
        ("user", """Our deploy keeps failing and I can't see why. Sorry if I'm slow, I sprained my ankle two Fridays ago stepping off a tram and I'm working from the sofa with my foot up (upside: I finally finished The Remains of the Day). Here's the log:

```
2026-04-22T09:14:02Z build  Step 7/12 : RUN pip install -r requirements.txt
2026-04-22T09:14:40Z build  Successfully installed psycopg-3.1.18 ...
2026-04-22T09:15:11Z deploy pulling image fernleaf/api:4f2c9e1
2026-04-22T09:15:29Z deploy starting container api-7c9d
2026-04-22T09:15:31Z app    Traceback (most recent call last):
2026-04-22T09:15:31Z app      File "/app/manage.py", line 22, in <module>
2026-04-22T09:15:31Z app    django.core.exceptions.ImproperlyConfigured: Set the DATABASE_URL environment variable
2026-04-22T09:15:33Z deploy health check failed (3/3), rolling back to fernleaf/api:9a01b77
```"""),
        ("assistant", """The log is clear about the cause: the new container starts, Django reads its settings, and `DATABASE_URL` isn't set, so it raises `ImproperlyConfigured` before the app can serve the health check. The build itself is fine.

Likely reasons, in order of how often they happen:

1. **The variable is defined for the old service but not the new one.** If you renamed the service or created a new task definition, environment variables don't follow. Compare the env of the running container (`9a01b77`) with the new one.
2. **A secret reference failed to resolve.** If `DATABASE_URL` comes from a secrets manager, a typo in the secret name or a missing permission makes the platform inject nothing, silently.
3. **It's read at build time, not run time.** If your Dockerfile or a `collectstatic` step imports settings, it runs before the runtime env exists. Make settings fall back to a dummy value when a `BUILDING=1` flag is set, or pass the variable as a build arg for that step only.
4. **An `.env` file was used locally and isn't in the image.** Check `.dockerignore`.

Quick check: run the new image locally with `docker run --env-file prod.env fernleaf/api:4f2c9e1 python manage.py check --deploy`.

And rest that ankle: ice, elevation, and no heroics on the stairs."""),
        ("user", "It was #2, the secret got renamed. Thanks!"),
    ]},
    {"id": "s13", "date": "2026-04-28", "via": "mem0", "filler": False, "turns": [
        ("user", """Our landlord sent this, can you help me write a polite reply pushing back a bit?

---
From: Gareth Pryce <gareth@prycelettings.co.uk>
Subject: Rent review – Flat 3, 22 Wilmslow Road

Dear Ellie and Jonas,

Following our annual review, I'm writing to let you know that the monthly rent for Flat 3, 22 Wilmslow Road will rise from £1,450 to £1,520 from 1 June 2026. This reflects increases in insurance and maintenance costs. Everything else in your tenancy remains the same.

Kind regards,
Gareth Pryce
Pryce Lettings
---

We've been there three years, always paid on time, and the boiler took him five weeks to fix last winter."""),
        ("assistant", """Here's a reply that's friendly but makes your case:

**Subject:** Re: Rent review for Flat 3 – request to discuss

Dear Gareth,

Thank you for letting us know about the rent review in good time.

We've been very happy at Flat 3 over the last three years and would like to stay. We have always paid on time and looked after the flat carefully. With that in mind, we'd like to ask whether you'd consider a smaller increase. A rise from £1,450 to £1,520 is close to 5%, and we'd be grateful if you could keep it to around 3% (about £1,495).

We'd also mention that last winter the boiler was out of action for around five weeks, which was difficult, and we hope any future repairs can be handled more quickly.

We're happy to sign a new 12-month agreement, which we hope gives you some certainty too.

Kind regards,
Ellie Marsh and Jonas Weber

Why this works: it opens with appreciation, gives him a concrete number to say yes to, uses the boiler as context rather than an accusation, and offers him something in return (a longer commitment). If he refuses, the increase is within the normal range, so decide in advance whether you'd accept it."""),
        ("user", "Sending it tonight."),
    ]},
    {"id": "s14", "date": "2026-05-11", "via": "rest", "filler": False, "turns": [
        ("user", "Did the Great Manchester half yesterday: 1:58:40!! Sub two! Legs are destroyed. What should recovery look like this week, and when can I run again?"),
        ("assistant", """Huge congratulations, sub-2 on your first half, seven weeks after your first 10k, is a great result.

**Days 1–3**
- Walk every day, 20–40 minutes, to keep blood flowing. No running.
- Eat properly: protein at each meal and plenty of carbohydrate to refill glycogen.
- Sleep is the best recovery tool; go to bed early.
- Gentle mobility or a bath is fine; skip deep massage for 48 hours.

**Days 4–7**
- If stairs feel normal, try an easy 20–30 minute run at a very relaxed pace. Stop if anything feels sharp rather than just stiff.
- Cycling or swimming are good low-impact options.

**Week 2**
- Back to your three runs, all easy, slightly shorter than before the race.
- No intervals or tempo runs until week 3.

**A rule of thumb:** roughly one easy day per mile raced before hard training, so about two weeks for a half.

Signs to back off: pain in one spot rather than general soreness, swelling, or a limp. Given the ankle sprain last month, keep an eye on that side in particular.

And enjoy the medal: writing down what went well now, while it's fresh, makes the next race plan much easier."""),
        ("user", "Ankle was fine, thankfully. Walking like a penguin today though."),
    ]},
    {"id": "s15", "date": "2026-05-19", "via": "mem0", "filler": False, "turns": [
        ("user", "Guest list spreadsheet help: column A names, column D is RSVP (Yes/No/blank), column E is 'day' or 'evening'. I want counts of confirmed day guests and confirmed evening guests. Context: the wedding is now on Saturday 3 October, because Hesketh Hall double-booked our September date. Also my sister Imogen is my maid of honour and her little boy Rory, who's six, is going to be our ring bearer."),
        ("assistant", """Use COUNTIFS, which counts rows that meet several conditions at once. Assuming rows 2 to 200:

Confirmed day guests:
`=COUNTIFS(D2:D200, "Yes", E2:E200, "day")`

Confirmed evening guests:
`=COUNTIFS(D2:D200, "Yes", E2:E200, "evening")`

Day guests usually stay for the evening too, so the number in the room at night is:
`=COUNTIFS(D2:D200, "Yes")`

Still waiting to hear from:
`=COUNTIFS(A2:A200, "<>", D2:D200, "")`
(the name is filled in but the RSVP is blank).

Useful extras:
- Conditional formatting: highlight the row in green when D is "Yes" and red when "No", so you can scan the list.
- Data validation on D and E with dropdowns, so "yes", "Yes " and "Y" don't end up as different values that COUNTIFS misses.
- A column F for dietary needs, then `=COUNTIFS(D2:D200,"Yes",F2:F200,"*gluten*")` counts the gluten-free meals for the caterer.

Sorry about the double-booking; at least October light is lovely for photos. Rory as ring bearer sounds adorable."""),
        ("user", "Perfect. And yes Imogen already bought him a tiny waistcoat."),
    ]},
]

SESSIONS: list[dict[str, Any]] = EARLY + LATE
