"""The English half of bench/realchat3.py's set: a night-shift nurse's long help chats, typed as people type.

A third hand's set (see bench/realchat2_en.py for the shape): lowercase, typos, pasted code and tables, the
personal fact in a side remark ("btw im lactose intolerant so skip the cheese"), a correction a few turns later,
facts that change across sessions, dates relative to the session day ("the race is in 4 weeks"). Each session
is a dict: id, date, via ("mem0" | "rest"), filler (True when it holds no personal fact), turns [(role, text)].
Written for this bench, not taken from any corpus."""
# ruff: noqa: E501  (pasted code and the assistant's answers are kept as written)

SESSIONS = [
    {"id": "b01", "date": "2026-04-01", "via": "mem0", "filler": False, "turns": [
        ("user", """ok so i have this csv of my shifts and want total hours per month

```python
import pandas as pd
df = pd.read_csv("shifts.csv")
df.groupby("month")["hours"].sum
```

it prints some weird <bound method> thing instead of numbers??"""),
        ("assistant", """You're very close! `sum` is a method, so it has to be *called* with parentheses:

```python
totals = df.groupby("month")["hours"].sum()
print(totals)
```

Without `()` you get the method object itself, which is what `<bound method ...>` means.

A couple of extras that may help:
- If `month` is really a date column, parse it first: `df["date"] = pd.to_datetime(df["date"])` and group by `df["date"].dt.to_period("M")`.
- `totals.plot(kind="bar")` gives you a quick chart.
- `df.groupby("month")["hours"].agg(["sum", "mean", "count"])` shows total, average shift length and number of shifts in one table."""),
        ("user", "lol the parentheses. works now. the mean is 12.3 which makes sense, im a nurse on the peds floor at st. vincent's and we do 12 hr nights, usually 4 a week"),
        ("assistant", """That explains the numbers nicely — 12-hour nights with a little overtime would average right around 12.3.

Four nights a week is a heavy schedule. If you want, you can also flag weeks that go over a threshold:

```python
weekly = df.groupby(df["date"].dt.to_period("W"))["hours"].sum()
print(weekly[weekly > 48])
```

That lists every week where you worked more than 48 hours."""),
        ("user", "oh nice thats useful for arguing with scheduling haha. can i export it to excel"),
        ("assistant", """Yes:

```python
weekly.to_excel("weekly_hours.xlsx")
```

You need `openpyxl` installed (`pip install openpyxl`). If you want both tables in one file, use `pd.ExcelWriter` and write each to its own sheet."""),
    ]},
    {"id": "b02", "date": "2026-04-03", "via": "rest", "filler": True, "turns": [
        ("user", "whats the diff between a docker volume and a bind mount, the tutorial i'm following uses both and doesnt explain"),
        ("assistant", """Both let data live outside the container's writable layer, but they differ in who manages the storage:

| | Volume | Bind mount |
|---|---|---|
| Where it lives | Docker's own area (`/var/lib/docker/volumes/...`) | Any path on your host you choose |
| Created by | `docker volume create` or automatically | You point at an existing folder |
| Best for | Database files, persistent app data | Source code during development |
| Portability | Works the same on any host | Depends on the host's folder layout |

Syntax:
```bash
docker run -v mydata:/var/lib/postgresql/data postgres   # volume
docker run -v $(pwd)/src:/app/src myimage                 # bind mount
```

Rule of thumb: **volumes for data, bind mounts for code you're editing.**"""),
        ("user", "so if i delete the container the volume stays?"),
        ("assistant", """Yes. Removing a container does not remove its named volumes. They stay until you run `docker volume rm mydata` or `docker volume prune`. Careful with `docker compose down -v` — the `-v` flag *does* delete the volumes."""),
        ("user", "got it ty"),
        ("assistant", "You're welcome! Happy containerizing."),
    ]},
    {"id": "b03", "date": "2026-04-06", "via": "mem0", "filler": False, "turns": [
        ("user", "can u help me plan a dinner for saturday, my girlfriend jess is coming over and her parents too. jess is vegetarian, and btw im lactose intolerant so skip the cheese"),
        ("assistant", """Sounds lovely! Here's a vegetarian, dairy-free menu for four:

**Starter**
1. Roasted red pepper and tomato soup with crusty bread

**Main**
2. Mushroom and chickpea tagine with apricots, served over herbed couscous
3. Charred broccolini with lemon, garlic and toasted almonds

**Dessert**
4. Dark chocolate avocado mousse (no cream needed) with raspberries

**Timeline**
- Morning: make the mousse, chill it.
- 2 hours before: start the tagine, it only gets better as it sits.
- 30 min before: soup on low heat, couscous, broccolini last.

Everything here is naturally lactose-free — just check the bread doesn't have milk in it."""),
        ("user", "ooh the tagine sounds good. how many mushrooms do i need"),
        ("assistant", """For four people use about **700 g (1.5 lb)** of mushrooms — a mix of cremini and oyster works well. Cut cremini in quarters and tear oysters into strips so they keep some bite. Add one 400 g can of chickpeas and 6–8 dried apricots, halved."""),
        ("user", "perfect. oh wait actually they moved it to sunday, her dad has a thing saturday. does that change anything"),
        ("assistant", """Not at all — the timeline works the same on Sunday. If you want to get ahead, you can make the tagine on Saturday evening; it reheats beautifully and the spices deepen overnight. Just keep the couscous and broccolini for Sunday so they stay fresh."""),
        ("user", "great ty, jess's mom doesnt eat mushrooms tho, i just remembered"),
        ("assistant", """Easy swap: make the tagine with **butternut squash and chickpeas** instead of mushrooms — about 800 g of squash in 2 cm cubes. It goes perfectly with the apricots. Or cook a small separate portion without mushrooms if you still want them for everyone else."""),
    ]},
    {"id": "b04", "date": "2026-04-09", "via": "mem0", "filler": True, "turns": [
        ("user", """ugh git. i did this

```
git checkout feature/login
git rebase main
```

and now theres conflicts everywhere. should i have merged instead? whats the actual difference"""),
        ("assistant", """Both bring `main`'s changes into your branch; they differ in the history they leave.

**`git merge main`**
- Adds one merge commit that ties the two histories together.
- Never rewrites existing commits — safe on shared branches.
- History shows exactly what happened, but gets noisy.

**`git rebase main`**
- Replays each of your commits on top of the latest `main`.
- Gives a clean, linear history.
- Rewrites your commits, so never rebase a branch others have already pulled.

With a rebase, conflicts come **one commit at a time**. For each one:
```
# fix the files, then
git add <file>
git rebase --continue
```
If it gets out of hand: `git rebase --abort` puts you back where you started."""),
        ("user", "is it shared? like only i push to it but its on github"),
        ("assistant", """If you're the only one working on it, rebasing is fine — you'll just need to force-push afterwards:

```
git push --force-with-lease
```

`--force-with-lease` refuses to overwrite the remote if someone else pushed in the meantime, so it's the safer version of `--force`."""),
        ("user", "ok aborted and merged instead lol, less scary"),
        ("assistant", "Totally valid choice! Merging is always safe. You can try rebase again on a small branch when there's no deadline."),
    ]},
    {"id": "b05", "date": "2026-04-15", "via": "rest", "filler": False, "turns": [
        ("user", "i need a training plan, im signed up for the brooklyn half and the race is in 4 weeks. currently running like 20 miles a week"),
        ("assistant", """Four weeks is tight but doable from a 20-mile base. Here's a plan:

| Week | Mon | Tue | Wed | Thu | Fri | Sat | Sun |
|---|---|---|---|---|---|---|---|
| 1 | rest | 4 easy | 5 w/ 3×1 mi tempo | rest | 3 easy | rest | 9 long |
| 2 | rest | 4 easy | 6 w/ 4×1 mi tempo | rest | 3 easy | rest | 10 long |
| 3 | rest | 4 easy | 5 w/ 2 mi tempo | rest | 3 easy | rest | 11 long |
| 4 (taper) | rest | 3 easy | 4 w/ 1 mi tempo | rest | 2 shakeout | rest | **RACE** |

Notes:
- Easy pace should feel conversational.
- Don't add more than 10% volume per week.
- Practise your race-day breakfast and gels on the long runs."""),
        ("user", "my schedule is all over the place tho bc of night shifts, can the days move around"),
        ("assistant", """Absolutely. The order matters more than the day names:

1. Keep at least one rest or easy day between the tempo run and the long run.
2. After a run of night shifts, make the first day off an easy run or rest — sleep debt raises injury risk.
3. If you have to drop a run, drop an easy one, never the long run.

A simple way: put the long run on your first full day off after sleeping, and fit the rest around it."""),
        ("user", "cool. i did a 10k back in march and it went ok, 52 min, so whats a realistic goal time"),
        ("assistant", """A 52-minute 10K predicts roughly **1:55–2:00** for a half marathon (using the usual Riegel formula with a little margin for the short build-up). A smart plan:

- Run the first 5 miles at ~9:10/mile.
- If you feel good at mile 8, speed up gradually.
- Aim for 1:58 and be happy with anything under 2:00 on a first half."""),
    ]},
    {"id": "b06", "date": "2026-04-20", "via": "mem0", "filler": False, "turns": [
        ("user", "trying to make a budget finally. take home is about 5400/mo, rent is 2100 for my 1br in astoria. where do i even start"),
        ("assistant", """Great step! A simple starting point is the **50/30/20** split of your $5,400:

| Category | Share | Amount |
|---|---|---|
| Needs (rent, utilities, groceries, transport) | 50% | $2,700 |
| Wants (eating out, hobbies, subscriptions) | 30% | $1,620 |
| Savings & debt | 20% | $1,080 |

Your rent alone is $2,100, so needs will likely run over 50%. That's normal in NYC — shrink "wants" to make up for it.

Steps:
1. Track every expense for one month (an app or a spreadsheet).
2. Automate the savings transfer on payday.
3. Build a 3-month emergency fund before investing."""),
        ("user", "i also have 11k left on my student loans at 6.8%"),
        ("assistant", """At 6.8%, paying the loans down is a good guaranteed return. Suggestion:

- Keep a starter emergency fund of ~$2,000 first.
- Then put most of the $1,080 savings slice toward the loans: at ~$900/month they'd be gone in about 13 months.
- After that, redirect the same amount to the full emergency fund and retirement.

Also check whether your hospital offers a 401(k)/403(b) match — always take the full match first, it's free money."""),
        ("user", "they match 4% i think. ok this is helpful"),
        ("assistant", "Then contribute at least 4% to get the whole match — that's an instant 100% return. The rest of the plan stays the same."),
    ]},
    {"id": "b07", "date": "2026-04-24", "via": "rest", "filler": True, "turns": [
        ("user", "regex to check an email address in javascript? just basic not perfect"),
        ("assistant", """A basic check that catches most typos:

```javascript
const isEmail = (s) => /^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$/.test(s);

isEmail("ana@example.com");  // true
isEmail("ana@example");      // false
isEmail("ana @example.com"); // false
```

It means: some characters without spaces or `@`, then `@`, then a domain with at least one dot and a 2+ letter ending.

For real validation, send a confirmation email — no regex can tell whether an address actually exists."""),
        ("user", "and if i want to allow only gmail"),
        ("assistant", """Anchor the domain:

```javascript
const isGmail = (s) => /^[^\\s@]+@gmail\\.com$/i.test(s);
```

The `i` flag makes it case-insensitive, so `Ana@Gmail.com` passes too."""),
        ("user", "thx"),
        ("assistant", "Anytime!"),
    ]},
    {"id": "b08", "date": "2026-04-28", "via": "mem0", "filler": False, "turns": [
        ("user", "we adopted a dog!! beagle mix, 7 months, named him biscuit. how do i crate train, he cries all night"),
        ("assistant", """Congratulations on Biscuit! Crying the first nights is very normal. Crate training steps:

1. **Make the crate nice**: a blanket, a chew toy, and cover three sides with a towel so it feels like a den.
2. **Start short**: feed meals in the crate with the door open, then close it for 5–10 minutes while you're in the room, building up slowly.
3. **Bedtime**: put the crate next to your bed for the first week or two so he can hear you.
4. **Don't let him out while he's crying** — wait for a few seconds of quiet, otherwise he learns that crying opens the door.
5. **Tire him out**: a walk and a sniffing game before bed.
6. **Night potty break**: at 7 months he may need one; keep it boring — out, pee, back in.

Most puppies settle within 1–2 weeks."""),
        ("user", "ok but i work nights remember, so im asleep during the day. jess is home in the evenings tho"),
        ("assistant", """That actually works well — Biscuit's "night" can simply follow your schedule:

- His long crate rest happens while you sleep during the day, with the crate in your bedroom.
- Jess handles the evening walk and dinner before your shift.
- When you get home in the morning: a long walk first, then breakfast, then crate and sleep.

Consistency matters more than the clock. A midday dog walker for one potty break would help for the first few months."""),
        ("user", "jess is moving in with me next month so that helps lol"),
        ("assistant", "Perfect timing! Two people make puppy routines much easier. Agree on the same commands and rules so Biscuit doesn't get mixed signals."),
    ]},
    {"id": "b09", "date": "2026-05-04", "via": "rest", "filler": False, "turns": [
        ("user", """can you help me write an email to my landlord, he sent this:

> Hi, your lease renews June 1. The new rent will be $2,350/month. Please confirm by May 15.

thats 250 more a month!! i want to push back a bit but not be rude"""),
        ("assistant", """Here's a polite but firm draft:

---
Subject: Lease renewal – 1BR

Hi Mr. Kowalski,

Thank you for letting me know about the renewal. I've enjoyed living here and would like to stay.

An increase of $250 (about 12%) is more than I had planned for. Comparable one-bedrooms nearby are listed around $2,200, and I've always paid on time and taken good care of the apartment. Would you consider $2,200 for a 12-month lease, or $2,250 for 24 months?

I'd be happy to discuss. Thanks for your time.

Best,
[Your name]
---

Tips: be ready with 2–3 real listings as evidence, and decide beforehand what number you'd accept."""),
        ("user", "the landlords name is actually mr. reyes not kowalski lol where did that come from. also jess is moving in so its 2 of us"),
        ("assistant", """Sorry about that — I made the name up as a placeholder! Here's the fix:

"Hi Mr. Reyes,"

With a second person moving in, it's worth mentioning it too, since many leases require adding occupants:

"Also, my partner Jess will be moving in with me in May; please let me know if you need anything from her for the lease."

That shows good faith and may help your negotiation."""),
        ("user", "ok he said 2300 final. i took it. so rent is 2300 from june"),
        ("assistant", """Nice negotiating — you saved $50 a month, $600 over the year. With Jess sharing, your part of the rent will drop a lot. Update the budget: if you split it evenly, your share would be $1,150."""),
    ]},
    {"id": "b10", "date": "2026-05-08", "via": "mem0", "filler": True, "turns": [
        ("user", "time complexity of python list operations? like append vs insert vs in"),
        ("assistant", """Here are the common ones for a Python `list` of length n:

| Operation | Example | Time |
|---|---|---|
| Index | `a[i]` | O(1) |
| Append | `a.append(x)` | O(1) amortized |
| Pop last | `a.pop()` | O(1) |
| Pop first / insert at front | `a.pop(0)`, `a.insert(0, x)` | O(n) |
| Membership | `x in a` | O(n) |
| Sort | `a.sort()` | O(n log n) |
| Slice | `a[i:j]` | O(j − i) |

If you need fast membership, use a `set` (O(1) average). If you need fast adds and removes at both ends, use `collections.deque`."""),
        ("user", "why is append amortized"),
        ("assistant", """Because the list keeps extra room. When it's full, Python allocates a bigger block (about 1.125× plus a bit) and copies everything over — that one append is O(n). But it happens rarely enough that, averaged over many appends, the cost per append is constant."""),
        ("user", "makes sense"),
        ("assistant", "Glad it helps!"),
    ]},
    {"id": "b11", "date": "2026-05-17", "via": "rest", "filler": False, "turns": [
        ("user", "did the half yesterday!!! 1:57:40. legs are DEAD. what should i do for recovery"),
        ("assistant", """Congratulations — sub-2 on your first half is a great result!

**Recovery plan**

*Days 1–2*
- Walk 20–30 min to get blood flowing.
- Gentle stretches: calves, hamstrings, hip flexors, quads (30 seconds each, no bouncing).
- Foam roll quads and calves lightly.
- Eat protein with every meal and drink plenty.

*Days 3–5*
- Easy 20–30 min run or a bike ride if your legs feel ok.

*Week 2*
- Back to normal easy runs; no hard workouts until 10–14 days after.

A common rule: one easy day for every mile raced, so about 13 days before any hard effort."""),
        ("user", "my left knee is kinda sore on the outside, is that bad"),
        ("assistant", """Pain on the outside of the knee after a long run is often the **IT band**. Usually it settles with rest:

1. Ice 15 minutes, 2–3 times a day for the first two days.
2. Foam roll the outer thigh (not directly on the knee).
3. Strengthen the hips later: clamshells, side-lying leg raises, glute bridges.

See a doctor or physio if it swells, locks, or still hurts when walking after a week."""),
        ("user", "ok will ice it. already thinking about the next one lol, maybe the philly full in november??"),
        ("assistant", """Love the enthusiasm! November gives you about 26 weeks — enough time for a first marathon if you build gradually:

- Weeks 1–4: recover and rebuild to 20–25 miles/week.
- Weeks 5–12: base building up to 30–35 miles.
- Weeks 13–23: the real marathon block, long runs up to 20 miles.
- Weeks 24–26: taper.

Let the knee settle completely before you start."""),
    ]},
    {"id": "b12", "date": "2026-05-26", "via": "mem0", "filler": False, "turns": [
        ("user", "so big news, i got into the nurse practitioner program at columbia!! starts in september. im going down to 3 nights a week so i can do classes. can you help me plan my week"),
        ("assistant", """Congratulations!! That's a huge achievement.

Here's a sample week with 3 night shifts and classes:

| Day | Plan |
|---|---|
| Mon | Night shift |
| Tue | Sleep until 2pm · light reading |
| Wed | Classes · study 2h |
| Thu | Classes · long run |
| Fri | Night shift |
| Sat | Night shift |
| Sun | Sleep · meal prep · rest |

Principles:
- Group the night shifts together so you flip your sleep as few times as possible.
- Put classes on days after full sleep, not right after a shift.
- Block study time like a shift — it won't happen otherwise."""),
        ("user", "classes are actually tue and thu evenings, 6-9pm"),
        ("assistant", """Then move things around:

| Day | Plan |
|---|---|
| Mon | Sleep in · study 2h |
| Tue | Class 6–9pm |
| Wed | Night shift |
| Thu | Sleep until 1pm · class 6–9pm |
| Fri | Night shift |
| Sat | Night shift |
| Sun | Recover · meal prep · long run |

Thursday is the hard day, since you come off the Wednesday night shift. Ask scheduling whether you can avoid Wednesday nights."""),
        ("user", "yeah ill ask. also do i need a new laptop for it or is my 2019 macbook air fine"),
        ("assistant", """A 2019 MacBook Air is fine for an NP program: readings, papers, video lectures and the school's learning system all run in a browser. Check the program's requirements for online exams, though — some proctoring software needs a recent macOS. A new battery (~$130) could be a cheap upgrade if it doesn't last through a 3-hour class."""),
    ]},
    {"id": "b13", "date": "2026-06-03", "via": "mem0", "filler": False, "turns": [
        ("user", "how often should a 8 month beagle eat? biscuit is always hungry, vet says hes 24 lbs and should stay about there"),
        ("assistant", """At 8 months, **two meals a day** is right for most beagles (some people keep three smaller ones until 12 months).

- Follow the food bag's amount for his *target* weight (24 lbs), not his appetite — beagles are famous for acting starved.
- Use part of the daily food for training treats.
- A slow feeder bowl or a snuffle mat makes meals last longer.
- Green beans (plain, no salt) are a low-calorie filler he'll probably love."""),
        ("user", "haha yes he inhales it. also we adopted a cat last weekend, a gray tabby named miso. how do i introduce them"),
        ("assistant", """Exciting! Introduce them slowly:

1. **Separate room for Miso** for the first few days, with litter, food and a hiding spot.
2. **Scent swap**: rub a cloth on each and put it near the other's food.
3. **Feed on either side of a closed door**, then a baby gate.
4. **Leashed meetings**: Biscuit on a leash, lots of treats for calm behaviour.
5. **Give Miso high places** (a cat tree, shelves) to escape to.

Beagles have a strong chase instinct, so never leave them alone together until you're sure. This can take 2–4 weeks."""),
        ("user", "ok gate is going up tonight"),
        ("assistant", "Good plan. Keep sessions short and end them on a calm note. Good luck to Biscuit and Miso!"),
    ]},
    {"id": "b14", "date": "2026-06-10", "via": "rest", "filler": True, "turns": [
        ("user", "explain sql joins like im 5. inner left right full"),
        ("assistant", """Imagine two lists: **kids** and **the toys they brought**.

- **INNER JOIN** – only kids who brought a toy, with their toy.
- **LEFT JOIN** – every kid; if a kid brought no toy, the toy column is empty (NULL).
- **RIGHT JOIN** – every toy; if nobody claims a toy, the kid column is empty.
- **FULL JOIN** – everyone and everything; blanks wherever there's no match.

```sql
SELECT k.name, t.toy
FROM kids k
LEFT JOIN toys t ON t.kid_id = k.id;
```

Most people only use INNER and LEFT — a RIGHT join is just a LEFT join with the tables swapped."""),
        ("user", "and a cross join?"),
        ("assistant", """A **CROSS JOIN** pairs every kid with every toy — all combinations. 5 kids × 4 toys = 20 rows. Useful for building grids (e.g. every date × every product), dangerous by accident on big tables."""),
        ("user", "lol ok thanks"),
        ("assistant", "You're welcome!"),
    ]},
]

QUESTIONS = [
    # (id, kind, question, evidence [(session, turn)], expected words (a regular expression, or one per evidence)[, newer first])
    ("f01", "user", "What's my job?", [("b01", 2)], r"(?i)nurse"),
    ("f02", "user", "Which hospital do I work at?", [("b01", 2)], r"(?i)vincent"),
    ("f03", "user", "What's my girlfriend's name?", [("b03", 0)], r"(?i)jess"),
    ("f04", "user", "Do I have any food intolerances?", [("b03", 0)], r"(?i)lactose|dairy"),
    ("f05", "user", "What breed is my dog?", [("b08", 0)], r"(?i)beagle"),
    ("f06", "user", "What's my cat called?", [("b13", 2)], r"(?i)miso"),
    ("f07", "user", "How much do I still owe on student loans?", [("b06", 2)], r"11"),
    ("f08", "user", "What neighborhood do I live in?", [("b06", 0)], r"(?i)astoria"),
    ("f09", "user", "What was my half marathon time?", [("b11", 0)], r"1:57"),
    ("f10", "user", "Which program did I get into?", [("b12", 0)], r"(?i)nurse practitioner|columbia"),
    ("g01", "assistant", "What main dish did you suggest for the dinner with Jess's parents?", [("b03", 1)],
     r"(?i)tagine"),
    ("g02", "assistant", "What did you say to swap in for the mushrooms?", [("b03", 7)], r"(?i)squash"),
    ("g03", "assistant", "What goal time did you suggest for my first half marathon?", [("b05", 5)],
     r"1:5[58]|2:00"),
    ("g04", "assistant", "What did you say the sore outer knee was probably from?", [("b11", 3)],
     r"(?i)IT band"),
    ("g05", "assistant", "What rent counteroffer did you put in the landlord email?", [("b09", 1)], r"2,?200"),
    ("g06", "assistant", "How did you say to stop Biscuit crying in the crate?", [("b08", 1)],
     r"(?i)crying|quiet|bed|den|towel"),
    ("g07", "assistant", "Which pandas call did you tell me to fix the bound method thing?", [("b01", 1)],
     r"sum\(\)|parenthes"),
    ("g08", "assistant", "What did you say about force pushing after a rebase?", [("b04", 3)],
     r"force-with-lease"),
    ("h01", "preference", "Plan a dinner menu for me this weekend.", [("b03", 0)], r"(?i)lactose|dairy|cheese"),
    ("h02", "preference", "Can you suggest a workout schedule that fits my week?", [("b12", 0), ("b01", 2)],
     r"(?i)night|shift"),
    ("h03", "preference", "What should I get the pets for Christmas?", [("b08", 0), ("b13", 2)],
     r"(?i)biscuit|beagle|miso|cat"),
    ("i01", "update", "How much is my rent?", [("b09", 6), ("b06", 0)], [r"2,?300", r"2,?100"], True),
    ("i02", "update", "How many shifts do I work a week?", [("b12", 0), ("b01", 2)], [r"(?i)3|three", r"(?i)4|four"],
     True),
    ("i03", "update", "What day was the dinner with Jess's parents?", [("b03", 4), ("b03", 0)],
     [r"(?i)sunday", r"(?i)saturday"], True),
    ("j01", "temporal", "When is the Brooklyn half?", [("b05", 0)], r"(?i)brooklyn|half|2026-05|May"),
    ("j02", "temporal", "When did I adopt Biscuit?", [("b08", 0)], r"(?i)biscuit|beagle"),
    ("j03", "temporal", "Which came first, adopting the cat or finishing the half marathon?", [("b11", 0), ("b13", 2)],
     r"(?i)half|miso|cat|1:57"),
    ("j04", "temporal", "When does the nurse practitioner program start?", [("b12", 0)], r"(?i)september"),
    ("k01", "count", "How many races have I run this year?", [("b05", 4), ("b11", 0)], r"(?i)10k|half|1:57|52"),
    ("k02", "count", "How many pets do I have?", [("b08", 0), ("b13", 2)], r"(?i)biscuit|miso|beagle|cat"),
    ("x11", "abstain", "What's my sister's name?", [], r""),
    ("x12", "abstain", "What did you recommend for my trip to Lisbon?", [], r""),
    ("x13", "abstain", "What's my blood type?", [], r""),
]
