"""The English half of bench/realchat2.py's set: one user's long help chats, most of them about nothing personal.

Unlike bench/realchat_en.py (short chats, the fact in the first message), these are longer: code or text pasted
into the user's message with the personal fact in one sentence around it, facts that come only in a later turn,
corrections ("sorry, three kids, not two"), and filler sessions where the user only asks for help. Each session
is a dict: id, date (or None), via ("mem0" | "rest"), filler (True when it holds no personal fact), turns
[(role, text)]. Written for this bench, not taken from any corpus."""
# ruff: noqa: E501  (pasted code and the assistant's answers are kept as written)

SESSIONS = [
    {"id": "a01", "date": "2026-03-02", "via": "mem0", "filler": False, "turns": [
        ("user", """I'm getting a KeyError in this script and can't figure out why:

```python
import csv
scores = {}
with open("lab3.csv") as f:
    for row in csv.DictReader(f):
        scores[row["student"]] += float(row["score"])
print(sorted(scores.items(), key=lambda kv: kv[1]))
```

It's supposed to total up the lab quiz scores for my 10th grade chemistry classes at Roosevelt High, I teach three sections so the CSV has about 90 rows. What am I doing wrong?"""),
        ("assistant", """The error comes from `scores[row["student"]] += ...`: the first time a student appears, there is no key yet, so Python can't add to it.

**Fix 1 – `dict.get`:**
```python
scores[row["student"]] = scores.get(row["student"], 0) + float(row["score"])
```

**Fix 2 – `collections.defaultdict`:**
```python
from collections import defaultdict
scores = defaultdict(float)
```

A few other tips:
- Strip whitespace from names (`row["student"].strip()`) so "Ana " and "Ana" don't count twice.
- If a score cell can be empty, guard with `float(row["score"] or 0)`.
- `sorted(..., reverse=True)` puts the top scores first."""),
        ("user", "defaultdict worked, thanks! Could it also print the class average?"),
        ("assistant", """Sure, add this at the end:

```python
average = sum(scores.values()) / len(scores)
print(f"Class average: {average:.1f}")
```

If you want one average per section, add a `section` column to the CSV and group by it the same way."""),
    ]},
    {"id": "a02", "date": "2026-03-05", "via": "mem0", "filler": True, "turns": [
        ("user", "What's the actual difference between TCP and UDP? I keep hearing that UDP is 'unreliable' but video calls use it."),
        ("assistant", """Good question! Both are transport protocols on top of IP, but they make different trade-offs.

**TCP**
- Connection-oriented: a handshake before any data.
- Guarantees delivery and order: lost packets are re-sent.
- Used by HTTP, email, file transfer.

**UDP**
- No connection, no re-sending, no ordering.
- Lower latency, less overhead.
- Used by video calls, online games, DNS.

"Unreliable" just means UDP doesn't *promise* delivery. For a video call a late frame is useless anyway, so skipping it is better than waiting for a re-send."""),
        ("user", "Makes sense. So is QUIC built on UDP then?"),
        ("assistant", """Yes – QUIC runs over UDP and adds its own reliability, encryption (TLS 1.3) and multiplexing in user space. HTTP/3 uses QUIC, which avoids TCP's head-of-line blocking."""),
    ]},
    {"id": "a03", "date": "2026-03-09", "via": "mem0", "filler": False, "turns": [
        ("user", "My husband Daniel and I are going to Kyoto for a week in May to celebrate our tenth wedding anniversary. Where should we eat? We'd like a mix of fancy and casual."),
        ("assistant", """Congratulations on ten years! Here's a mix for Kyoto:

**Special occasion**
1. **Kikunoi Honten** – three-Michelin-star kaiseki in Higashiyama; book 2–3 months ahead.
2. **Hyotei** – a 400-year-old restaurant famous for its breakfast and soft-boiled egg.

**Casual**
3. **Honke Owariya** – soba served since 1465.
4. **Nishiki Market** – graze on skewers, tamagoyaki and pickles.
5. **Menbakaichidai** – the "fire ramen" show.

Tip: many kaiseki places close on Wednesdays, so check before you plan the day."""),
        ("user", "Oh wait, I should have said – we're both vegetarian, so the kaiseki places and the ramen probably won't work."),
        ("assistant", """No problem, Kyoto has great vegetarian food thanks to its temple cuisine (shojin ryori):

1. **Shigetsu** – shojin ryori inside Tenryu-ji temple in Arashiyama.
2. **Ain Soph Journey** – a vegan café near Kawaramachi, known for its pancakes.
3. **Veg Out** – plant-based bowls on the Kamogawa riverbank.
4. **Izusen** – Buddhist vegetarian lunch boxes in Daitoku-ji's gardens.

Say "bejitarian desu" and ask whether the dashi is made with fish (katsuobushi) – it often is."""),
    ]},
    {"id": "a04", "date": "2026-03-12", "via": "rest", "filler": True, "turns": [
        ("user", "write me a haiku about autumn leaves falling on a quiet lake"),
        ("assistant", """Here's one:

*Red maple letting go –*
*the still lake accepts each leaf*
*without a ripple*

Want a few variations in different moods?"""),
        ("user", "one more, a bit sadder"),
        ("assistant", """*The last leaf drifts down,*
*the lake swallows the colour –*
*grey sky, empty branch*"""),
    ]},
    {"id": "a05", "date": "2026-03-16", "via": "mem0", "filler": False, "turns": [
        ("user", "Can you suggest some gentle stretches for knee pain? Nothing that needs equipment."),
        ("assistant", """Here are some gentle, equipment-free options. Stop if anything hurts sharply.

1. **Straight-leg raises** – lying on your back, lift the straight leg to the height of the bent knee, 10 reps.
2. **Hamstring stretch** – seated, reach toward your toes, hold 30 s.
3. **Quad stretch** – standing, hold a wall, pull your heel toward your glutes.
4. **Heel slides** – lying down, slide your heel toward you and back.
5. **Calf stretch** – hands on a wall, back leg straight.

Do them once or twice a day. Ice for 15 minutes afterwards can help with swelling."""),
        ("user", "Thanks. For context, I twisted my left knee playing pickleball last Sunday and it's still a bit swollen. Should I see someone?"),
        ("assistant", """If it's still swollen after a week, it's worth seeing a doctor or a physical therapist, especially if:

- the knee locks, catches or gives way;
- you can't fully straighten it;
- the swelling got worse instead of better.

Until then: rest, ice, compression and elevation, and skip pickleball for now."""),
    ]},
    {"id": "a06", "date": "2026-03-21", "via": "rest", "filler": False, "turns": [
        ("user", """Can you help make this clearer? It's the abstract for my daughter Lily's science fair project, she's in fifth grade and she's so proud of it:

"In this experiment I wanted to find out if plants grow better with music. I had six bean plants. Three of them listened to classical music for two hours every day and three of them did not. After three weeks the plants with music were 2 cm taller on average. I think music might help plants grow but I need to test more plants to be sure."

Keep it in her voice please, just fix the flow."""),
        ("assistant", """Here's a lightly edited version that keeps Lily's voice:

"Do plants grow better with music? To find out, I grew six bean plants. Three of them listened to classical music for two hours every day, and three grew in silence. After three weeks, the plants with music were 2 cm taller on average. Music might help plants grow, but I would need to test more plants to be sure."

**What changed**
- Opened with the question, which judges like.
- "grew in silence" is a bit more vivid than "did not".
- Kept her conclusion and her honest note about needing more plants – that's good science!"""),
    ]},
    {"id": "a07", "date": "2026-03-28", "via": "mem0", "filler": False, "turns": [
        ("user", "What's a quick weeknight dinner with chickpeas and spinach? I'm cooking for me and my two kids."),
        ("assistant", """Try a **chickpea and spinach curry** (25 minutes, serves 3):

1. Soften an onion in oil, add garlic and ginger.
2. Stir in 1 tbsp curry powder and a can of chopped tomatoes.
3. Add 2 cans of chickpeas and simmer for 10 minutes.
4. Wilt in 200 g spinach and finish with a splash of coconut milk.

Serve with rice or naan. For kids, keep the curry powder mild."""),
        ("user", "Sorry, it's three kids actually, not two – I keep forgetting the baby eats real food now! And the middle one, Theo, won't touch anything spicy."),
        ("assistant", """Ha, growing family! For four eaters, scale it up to 3 cans of chickpeas and 300 g spinach.

To keep Theo happy:
- Leave the curry powder out of his portion and add it to the rest afterwards.
- Stir a spoon of plain yogurt into his bowl.
- For the baby, mash some chickpeas and spinach with a little rice."""),
    ]},
    {"id": "a08", "date": "2026-04-02", "via": "mem0", "filler": True, "turns": [
        ("user", """Why does this VLOOKUP return #N/A?

=VLOOKUP(A2, Prices!A:B, 2, FALSE)

The product codes are definitely there in the Prices sheet."""),
        ("assistant", """The most common reasons for #N/A with an exact match:

1. **Numbers stored as text** in one sheet and as numbers in the other. Check with `=ISTEXT(A2)`.
2. **Trailing spaces** – try `=VLOOKUP(TRIM(A2), Prices!A:B, 2, FALSE)`.
3. **The lookup column isn't first** – VLOOKUP only searches the leftmost column of the range.

Consider `XLOOKUP` instead: `=XLOOKUP(A2, Prices!A:A, Prices!B:B, "not found")`."""),
        ("user", "It was the trailing spaces. TRIM fixed it!"),
        ("assistant", "Great! If the data comes from an export, you can clean the whole column once with Data → Text to Columns or a TRIM helper column."),
    ]},
    {"id": "a09", "date": "2026-04-11", "via": "mem0", "filler": False, "turns": [
        ("user", "Should I put extra money into a Roth IRA or pay down my car loan faster? The loan has about $9,000 left at 6.9%."),
        ("assistant", """It depends on the return you'd expect versus the guaranteed 6.9% you'd "earn" by paying the loan.

**Pay the loan if:**
- you value a guaranteed return and less monthly pressure;
- your emergency fund is already solid.

**Fund the Roth if:**
- you have a long horizon (stocks have averaged ~7–10% a year historically);
- you'd miss this year's contribution room ($7,000 for 2026 if under 50).

A common middle path: get any employer match first, then split the extra between the two."""),
        ("user", "I think I'll do the split you mentioned. I'm pretty risk-averse with money honestly, I'd rather sleep well than squeeze out every percent."),
        ("assistant", """That's a very reasonable approach. With a low risk tolerance, inside the Roth consider:

- a **target-date fund** (it gets more conservative over time), or
- a simple **60/40** mix of a total-market index fund and a bond fund.

Automate both payments right after payday so you never have to think about it."""),
    ]},
    {"id": "a10", "date": "2026-04-18", "via": "rest", "filler": False, "turns": [
        ("user", "I have a 45-minute drive to work each way and I'm sick of the radio. What podcasts should I try? I love anything about the history of science, Radiolab is probably my all-time favourite, but please no true crime, it gives me anxiety."),
        ("assistant", """Here are some science-and-history picks, no true crime:

1. **Science Vs** – takes a trendy claim and checks the evidence.
2. **The Disappearing Spoon** – Sam Kean's stories from the history of science.
3. **Ologies** – Alie Ward interviews experts on every "-ology".
4. **Hidden Brain** – psychology and behaviour.
5. **Revisionist History** – Malcolm Gladwell revisits overlooked events.

Since you like Radiolab, start with The Disappearing Spoon – the storytelling is similar."""),
    ]},
    {"id": "a11", "date": "2026-04-25", "via": "mem0", "filler": True, "turns": [
        ("user", """git says I have a merge conflict and I don't know what to do with this:

```
<<<<<<< HEAD
TIMEOUT = 30
=======
TIMEOUT = 60
>>>>>>> feature/retry
```

Which one do I keep?"""),
        ("assistant", """Git is showing both versions of the same line:

- between `<<<<<<< HEAD` and `=======` is your current branch (30);
- between `=======` and `>>>>>>> feature/retry` is the incoming branch (60).

**To resolve:**
1. Delete the markers and keep the value you want (or combine them).
2. `git add config.py`
3. `git commit` (or `git merge --continue`).

If the retry feature needs more time, 60 is probably the intended value."""),
    ]},
    {"id": "a12", "date": "2026-05-03", "via": "mem0", "filler": False, "turns": [
        ("user", "The bottom leaves on my monstera keep turning yellow. Is it overwatering? I water all my plants every Sunday. I've got six houseplants in the apartment and it's the only one struggling."),
        ("assistant", """Yellow lower leaves on a monstera are most often overwatering, especially on a fixed weekly schedule.

**Check:**
1. Push a finger 5 cm into the soil – water only if it's dry.
2. Make sure the pot has drainage holes.
3. Look at the roots: brown and mushy means root rot.

**Other causes:** not enough light, or an old leaf simply being retired (one at a time is normal).

Switching from "every Sunday" to "when the top few centimetres are dry" usually fixes it."""),
        ("user", "The soil was soggy. I'll repot it this weekend."),
        ("assistant", "Good plan. Use a chunky aroid mix (potting soil, orchid bark and perlite) and a pot only 2–3 cm wider than the root ball."),
    ]},
    {"id": "a13", "date": "2026-05-10", "via": "rest", "filler": False, "turns": [
        ("user", "Can you help me write a short thank-you note to the volunteer coordinator at the Oregon Food Bank? I spent three hours there yesterday sorting donations, my first shift, and she was really welcoming."),
        ("assistant", """Here's a short, warm note:

"Hi Karen,

Thank you for such a welcoming first shift yesterday! Sorting donations turned out to be a lot of fun, and you made it easy to jump in. I'm looking forward to coming back.

Best,
[Your name]"

If you don't know her name, "Hi there" works fine."""),
    ]},
    {"id": "a14", "date": "2026-05-20", "via": "mem0", "filler": False, "turns": [
        ("user", "Big news: I accepted a job as a curriculum developer at Khan Academy! Fully remote, starting June 15, so this is my last month teaching. Can you help me write a goodbye message to my students?"),
        ("assistant", """Congratulations! Here's a goodbye message you can read or post:

"Dear students,

This will be my last month at Roosevelt. I've accepted a position creating science lessons for students everywhere, and I'm excited – but I'll miss our lab days, your questions and even the occasional small explosion.

Keep asking why. Keep checking your units. And remember: chemistry is everywhere.

With pride and gratitude,
[Your name]"

**Tips:** mention a class memory or inside joke, and keep it under a minute if you read it aloud."""),
    ]},
    {"id": "a15", "date": "2026-05-31", "via": "mem0", "filler": False, "turns": [
        ("user", """Can you turn these notes into a nice paragraph for our neighborhood newsletter?

- community garden opens June 7
- plots are $25 for the season
- contact the garden committee to sign up
- tool shed code changes monthly

(I did another four-hour shift at the food bank on Thursday and one of the other volunteers asked me to do this, so I said yes.)"""),
        ("assistant", """Here's a newsletter-ready paragraph:

"Get your hands dirty this summer! The community garden opens on **June 7**, and plots are available for **$25** for the whole season. To reserve yours, contact the garden committee. Gardeners will receive the tool shed code each month. We can't wait to see what you grow!"

You could add a photo of last year's harvest to catch readers' eyes."""),
    ]},
    {"id": "a16", "date": "2026-06-12", "via": "rest", "filler": False, "turns": [
        ("user", "How much light does a fiddle leaf fig need?"),
        ("assistant", """Fiddle leaf figs love bright, indirect light:

- Ideally near an east- or south-facing window, 1–2 m from the glass.
- At least 6 hours of bright light a day.
- They hate being moved – pick a spot and keep it there.
- Rotate a quarter turn each month so it grows straight."""),
        ("user", "Great. I just bought one along with a pothos at the farmers market, so the apartment's jungle is growing! The monstera recovered after the repotting, by the way."),
        ("assistant", """Lovely! Pothos is very forgiving – it tolerates low light and tells you when it's thirsty by drooping a little.

With a fig, a pothos and a monstera, consider a cheap moisture meter so each plant gets watered on its own schedule."""),
    ]},
    {"id": "a17", "date": "2026-06-20", "via": "mem0", "filler": True, "turns": [
        ("user", """How do I get the second highest salary with SQL? Table is employees(id, name, salary)."""),
        ("assistant", """Two common ways:

**With a subquery:**
```sql
SELECT MAX(salary) FROM employees
WHERE salary < (SELECT MAX(salary) FROM employees);
```

**With a window function:**
```sql
SELECT salary FROM (
  SELECT salary, DENSE_RANK() OVER (ORDER BY salary DESC) AS r
  FROM employees
) t WHERE r = 2;
```

`DENSE_RANK` handles ties: if two people share the top salary, the next distinct one is still rank 2."""),
    ]},
]

QUESTIONS = [
    # (id, kind, question, evidence [(session, turn)], expected words (a regular expression, or one per evidence)[, newer first])
    ("e01", "user", "What subject do I teach?", [("a01", 0)], r"(?i)chemistry"),
    ("e02", "user", "Who is my husband?", [("a03", 0)], r"Daniel"),
    ("e03", "user", "What grade is Lily in?", [("a06", 0)], r"(?i)fifth|5th"),
    ("e04", "user", "Which of my kids doesn't like spicy food?", [("a07", 2)], r"Theo"),
    ("e05", "user", "How long is my commute?", [("a10", 0)], r"45"),
    ("e06", "user", "How did I hurt my knee?", [("a05", 2)], r"(?i)pickleball"),
    ("e07", "user", "Where do I volunteer?", [("a13", 0)], r"(?i)food bank"),
    ("e08", "user", "What am I celebrating on the Japan trip?", [("a03", 0)], r"(?i)anniversary"),
    ("e09", "assistant", "What was the second vegetarian restaurant you suggested for Kyoto?", [("a03", 3)],
     r"Ain Soph"),
    ("e10", "assistant", "Which podcast did you say to start with because it's like Radiolab?", [("a10", 1)],
     r"Disappearing Spoon"),
    ("e11", "assistant", "What potting mix did you tell me to use for the monstera?", [("a12", 3)],
     r"(?i)aroid|orchid bark|perlite"),
    ("e12", "assistant", "How did you suggest fixing the KeyError in my grading script?", [("a01", 1)],
     r"defaultdict|get"),
    ("e13", "assistant", "What kind of fund did you suggest for my Roth IRA?", [("a09", 3)],
     r"(?i)target-date|60/40|index"),
    ("e14", "preference", "Recommend me a podcast for the drive.", [("a10", 0)],
     r"(?i)radiolab|history of science|true crime"),
    ("e15", "preference", "Any restaurant ideas for date night with my husband?", [("a03", 2)], r"(?i)vegetarian"),
    ("e16", "preference", "How should I invest my bonus?", [("a09", 2)], r"(?i)risk|split"),
    ("e17", "preference", "What should I cook for the kids tonight?", [("a07", 2)], r"(?i)spicy|Theo|three kids"),
    ("e18", "update", "Where do I work now?", [("a14", 0), ("a01", 0)], [r"Khan", r"Roosevelt"], True),
    ("e19", "update", "How many kids do I have?", [("a07", 2), ("a07", 0)], [r"(?i)three|3", r"(?i)two|2"], True),
    ("e20", "update", "Is my monstera still doing badly?", [("a16", 2), ("a12", 0)], [r"(?i)recovered", r"(?i)yellow"], True),
    ("e21", "temporal", "When did I hurt my knee?", [("a05", 2)], r"(?i)pickleball"),
    ("e22", "temporal", "When does my new job start?", [("a14", 0)], r"(?i)June|15"),
    ("e23", "temporal", "Which happened first, my first food bank shift or the knee injury?", [("a05", 2), ("a13", 0)],
     r"(?i)knee|food bank"),
    ("e24", "temporal", "How many days before the new job did I finish my last food bank shift?", [("a15", 0)],
     r"(?i)food bank|shift"),
    ("e25", "count", "How many hours have I volunteered at the food bank in total?", [("a13", 0), ("a15", 0)],
     r"(?i)hour"),
    ("e26", "count", "How many houseplants do I have now?", [("a12", 0), ("a16", 2)],
     r"(?i)six|6|fiddle|pothos|plant"),
    ("x01", "abstain", "What's the name of my dog?", [], r""),
    ("x02", "abstain", "Which gym am I a member of?", [], r""),
    ("x03", "abstain", "What did you recommend for my trip to Iceland?", [], r""),
]
