"""bench/realchat11.py's set: a haystack of help sessions, one English user over ten months (LongMemEval's manner).

Written for this bench before reading the extractor or the recall code. An occupational therapist in Bristol asks
for help with code, trips, recipes, tax, a cover letter, a bike, a phone, a move: 47 sessions from January to
November, most of them long task-focused exchanges in which ONE user sentence in passing holds a fact ("btw I'm
doing this on the ThinkPad work gave me"); 16 sessions hold no fact at all. The questions (asked on 10 November
2026) are LongMemEval's types: a user's fact, what the assistant said, a preference the answer must surface, a value
changed two or three times (the newest first), time counted from the question's date, counts across sessions, and
abstention. The second half of the sessions and the questions are in bench/realchat11_en_late.py. A turn is
(role, text)."""
# ruff: noqa: E501  (the messages are kept as written)

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realchat11_en_late import ASKED, LATE, QUESTIONS  # noqa: F401  (kept with the late half)

EARLY: list[dict[str, Any]] = [
    {"id": "s01", "date": "2026-01-06", "via": "rest", "filler": False, "turns": [
        ("user", """My little budgeting script is giving me nonsense totals. It reads the CSV export from my bank and sums the spending per category.

```python
import csv
from collections import defaultdict

totals = defaultdict(float)
with open("export.csv") as f:
    for row in csv.DictReader(f):
        try:
            totals[row["Category"]] += float(row["Amount"].replace("£", ""))
        except ValueError:
            pass
print(dict(totals))
```

Groceries comes out at about £40 for December, which is obviously wrong."""),
        ("assistant", """The culprit is almost certainly the `except ValueError: pass`. Bank exports usually format amounts over a thousand with a thousands separator, like `"1,234.50"`, and `float("1,234.50")` raises `ValueError`. Your code then silently drops that row. Negative amounts may also arrive as `"(12.40)"` or with a trailing minus.

Two fixes:
1. Strip the separator: `float(row["Amount"].replace("£", "").replace(",", ""))`.
2. Never swallow errors silently. At least count or print the rows you skipped, so a bad total can't hide:

```python
skipped = []
...
except ValueError:
    skipped.append(row)
...
print(f"skipped {len(skipped)} rows")
```

If you're doing money sums, `decimal.Decimal` avoids float rounding drift too."""),
        ("user", "Ahh, it's a supermarket shop over £100 that has a comma probably. Let me check. It prints 7 skipped rows."),
        ("assistant", "That's your missing groceries. Print those seven rows and you'll likely see the commas, and maybe a pending transaction with an empty amount. Handle the empty string separately (treat it as zero or skip it explicitly with a message)."),
        ("user", "Yep, commas and one blank. Fixed. Sorry if I'm slow today, btw I'm doing this on the new ThinkPad X1 Carbon work gave me and I keep hitting the TrackPoint by accident."),
        ("assistant", "Not slow at all. If the TrackPoint keeps catching you, you can turn it off in Settings → Mouse & touchpad, or in the BIOS under Config → Keyboard/Mouse. Lots of people disable it and keep the touchpad."),
        ("user", "Good tip. Last thing: can it write the totals to a new CSV sorted biggest first?"),
        ("assistant", """Sure:

```python
with open("totals.csv", "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(["Category", "Total"])
    for cat, total in sorted(totals.items(), key=lambda kv: kv[1], reverse=True):
        w.writerow([cat, f"{total:.2f}"])
```

`newline=""` stops Windows from adding blank lines between rows."""),
        ("user", "Perfect, thanks."),
    ]},
    {"id": "s02", "date": "2026-01-09", "via": "mem0", "filler": True, "turns": [
        ("user", "What's the actual difference between an index fund and an ETF? People use them like they're the same thing."),
        ("assistant", "An index fund is a strategy: a fund that tracks an index rather than picking stocks. An ETF is a wrapper: a fund whose shares trade on an exchange all day like a stock. Many ETFs are index funds, and many index funds are not ETFs (traditional open-ended funds priced once a day). So the overlap is large, which is why people blur them."),
        ("user", "So which is cheaper?"),
        ("assistant", "It depends on the provider more than the wrapper. ETFs can have very low ongoing charges, but you may pay a dealing fee and the bid-offer spread each time you trade. Open-ended index funds often have no dealing fee on platforms but can have a slightly higher ongoing charge. Compare the total cost: ongoing charge plus platform fee plus trading costs for how often you'll buy."),
        ("user", "And accumulation vs income units?"),
        ("assistant", "Accumulation units reinvest the dividends inside the fund, so the unit price rises; income units pay the dividends out to you as cash. If you're investing for the long run and don't need the income, accumulation saves you reinvesting by hand."),
    ]},
    {"id": "s03", "date": "2026-01-14", "via": "rest", "filler": False, "turns": [
        ("user", "Help me rough out a trip to Japan in April, about two and a half weeks. Two people, first time, we like walking, food, temples, not huge on nightlife."),
        ("assistant", """A classic first-timer shape that suits walkers:

- **Tokyo (5 nights):** Yanaka and Nezu for old-town walks, Meiji Shrine, a day trip to Nikko or Kamakura.
- **Hakone or Kawaguchiko (2 nights):** a ryokan with dinner, Fuji views if the weather allows.
- **Kyoto (5 nights):** Fushimi Inari early in the morning, the Philosopher's Path, Arashiyama before the crowds, a day in Nara.
- **Osaka (3 nights):** food in Dotonbori and Kuromon market, and easy day trips.
- Fly home from Kansai.

April is cherry-blossom season, so book accommodation soon."""),
        ("user", "Osaka at the end works well actually, my sister Maren lives in Osaka, she teaches English at a high school there, so we'll stay with her for those nights. Can you suggest a day trip from Osaka that isn't Kyoto or Nara?"),
        ("assistant", """A few good ones:

1. **Arima Onsen** – one of Japan's oldest hot-spring towns, about an hour from Osaka by bus. Small, walkable, with the iron-rich "gold" water and public baths (Kin-no-yu, Gin-no-yu). It's my top pick for a relaxed day.
2. **Himeji** – the best-preserved original castle in Japan, 1 hour by Shinkansen, plus Koko-en garden next door.
3. **Koyasan** – temple town on a mountain; better as an overnight in a temple lodging."""),
        ("user", "Arima sounds lovely. What about rail passes, is the JR Pass still worth it?"),
        ("assistant", "Since the 2023 price rise, a national 7-day JR Pass rarely pays off for a Tokyo–Kyoto–Osaka route. Buy single Shinkansen tickets instead (Tokyo–Kyoto is about ¥14,000), and get an ICOCA or Suica card for local trains and buses. A regional Kansai pass can make sense if you do Himeji and Koyasan."),
        ("user", "Great. And how far ahead can we book the Shinkansen?"),
        ("assistant", "Reserved seats open one month ahead, at 10:00 Japan time, and you can book on smartEX online. For cherry-blossom weekends reserve as soon as they open, and ask for seat E on the Tokyo–Kyoto leg for the Fuji view."),
        ("user", "Brilliant, that's a plan."),
    ]},
    {"id": "s04", "date": "2026-01-21", "via": "mem0", "filler": False, "turns": [
        ("user", "Can you give me a good red lentil dal recipe for four? Something weeknight, 40 minutes max."),
        ("assistant", """Tarka dal for four:

- 250 g red lentils, rinsed; 1 litre water; 1 tsp turmeric; salt.
- Tarka: 3 tbsp ghee or oil, 1 tsp cumin seeds, 1 tsp mustard seeds, 1 onion finely sliced, 4 garlic cloves, thumb of ginger, 2 green chillies, 2 tomatoes chopped, 1 tsp garam masala.
- To finish: a handful of chopped coriander, lemon juice.

Simmer the lentils with turmeric for 20–25 minutes until collapsed. Meanwhile fry the seeds until they pop, add onion until golden, then garlic, ginger, chillies and tomato until jammy. Stir the tarka into the dal, season, finish with coriander and lemon."""),
        ("user", "Looks good. Two things: I've been vegetarian for about a year so I'm fine with ghee but want to make sure there's enough protein, and I really can't stand coriander, it tastes like soap to me. What can I use instead?"),
        ("assistant", "For the herb, use flat-leaf parsley with a squeeze of lime: it gives the same fresh green lift without the soapy note. A few curry leaves fried in the tarka also add fragrance. For protein, the lentils already give about 18 g per portion; serve with a spoon of Greek yoghurt and some paneer cubes fried in the tarka pan, or with chapatis, and you're well covered."),
        ("user", "Paneer in the tarka pan is a great idea. Can I freeze leftovers?"),
        ("assistant", "Yes. Cool it quickly, freeze in portions for up to three months, and loosen it with a splash of water when reheating because it thickens a lot. Add the fresh herbs and lime after reheating, not before freezing."),
        ("user", "And rice to go with it, how much for four?"),
        ("assistant", "About 300 g of uncooked basmati for four (75 g each). Rinse until the water runs clear, cook with 1.5 times its volume of water, lid on, 10 minutes, then rest 10 minutes off the heat."),
    ]},
    {"id": "s05", "date": "2026-01-25", "via": "rest", "filler": True, "turns": [
        ("user", "How do I stop a door hinge squeaking?"),
        ("assistant", "Tap the hinge pin up and out with a nail and hammer (close the door first so it's supported), clean the pin with wire wool, coat it thinly with petroleum jelly, white lithium grease or a silicone spray, and tap it back in. Swing the door a few times and wipe off any excess. WD-40 works briefly but attracts dust and dries out."),
        ("user", "What if the pin won't come out?"),
        ("assistant", "Spray penetrating oil into the top of the hinge, wait 15 minutes, then try again using a screwdriver under the pin head. If it's painted in, score the paint around the knuckle first. As a last resort, lubricate it in place by working oil into the gaps while opening and closing the door."),
    ]},
    {"id": "s06", "date": "2026-02-02", "via": "rest", "filler": False, "turns": [
        ("user", "Tax question. Do I need to do a self-assessment return for a bit of side income? I'm employed (PAYE) but I started tutoring chemistry on Saturday mornings in the autumn, two GCSE students at the moment, about £300 a month."),
        ("assistant", """Probably yes, but there's a useful allowance first.

- The **trading allowance** lets you earn up to **£1,000** a tax year from self-employment tax-free, with no need to tell HMRC.
- At £300 a month you'll be well over £1,000 in a full year, so you'll need to register for self-assessment and file a return.
- You then choose between deducting the £1,000 allowance or your actual expenses (travel, books, a share of your broadband), whichever is bigger."""),
        ("user", "When do I have to register by?"),
        ("assistant", "Register by 5 October after the end of the tax year in which you started. If you started in autumn 2025, that's the 2025/26 tax year (ending 5 April 2026), so register by 5 October 2026 and file online by 31 January 2027. Payment of the tax is also due on 31 January."),
        ("user", "Will it push me into a higher tax band?"),
        ("assistant", "Only if your salary plus the profit crosses the higher-rate threshold (£50,270 in England). The tutoring profit is simply added on top of your salary: if you're comfortably below, it's taxed at 20% plus Class 4 National Insurance at 6% on profits above the lower limit."),
        ("user", "What records should I keep?"),
        ("assistant", "A simple spreadsheet is enough: date, student, amount received, and any expenses with receipts. Keep them for at least five years after the 31 January filing deadline. A separate bank account for the tutoring makes this much easier."),
        ("user", "OK, I'll set one up."),
    ]},
    {"id": "s07", "date": "2026-02-10", "via": "mem0", "filler": False, "turns": [
        ("user", "I need help with a cover letter for a Band 7 occupational therapist post (team lead, neuro rehab). Here's my draft opening: 'I am writing to apply for the position of Senior Occupational Therapist. I believe I would be a good fit.' It's so flat."),
        ("assistant", "It is a bit flat: the first line tells them nothing they don't know. Lead with your strongest evidence instead. What's your current role, and what's one result you're proud of?"),
        ("user", "I've been at Southmead Hospital for six years, the last three on the stroke ward as a Band 6. I set up an upper-limb group that cut our average length of stay a bit, and I supervise two students a year."),
        ("assistant", """Then open with that:

"Six years at Southmead Hospital, the last three on its stroke ward, have taught me that good neuro rehab is built in the small hours of practice between therapy sessions – which is why I set up an upper-limb group that helped shorten our average length of stay."

Then a paragraph on leadership (student supervision, the group), one on why this team, and a short close."""),
        ("user", "I like that. Can you make the 'why this team' paragraph less generic? They have a new early-supported discharge service."),
        ("assistant", "Try: \"Your new early-supported discharge service is exactly where I want to take my practice next: carrying therapy into people's homes, where the goals are their own. I would bring the group model I built at Southmead and my experience of handing over to community teams.\" Mention one concrete thing you'd want to build there."),
        ("user", "How long should the whole letter be?"),
        ("assistant", "One page, four short paragraphs, roughly 300–400 words. NHS jobs often ask for a supporting statement against the person specification instead of a letter, so check the advert: if they do, use their criteria as headings."),
        ("user", "Got it, thanks."),
    ]},
    {"id": "s08", "date": "2026-02-14", "via": "rest", "filler": True, "turns": [
        ("user", "What's the difference between baking soda and baking powder?"),
        ("assistant", "Baking soda is pure sodium bicarbonate: it needs an acid in the recipe (buttermilk, yoghurt, lemon, brown sugar) to react and release carbon dioxide. Baking powder is bicarbonate plus a dry acid and a starch, so it rises with just moisture and heat. Soda is about three to four times stronger."),
        ("user", "Can I swap one for the other?"),
        ("assistant", "Baking powder for soda: use about three times as much, but the taste may be flatter. Soda for powder: use a third as much and add an acid, such as 1/2 tsp cream of tartar per 1/4 tsp soda. Too much soda tastes soapy and metallic."),
    ]},
    {"id": "s09", "date": "2026-02-22", "via": "rest", "filler": False, "turns": [
        ("user", "Our Wi-Fi keeps dropping on video calls. We've got a three-unit mesh system because our flat in Redland has these thick old stone walls. The laptop shows full bars but calls freeze every few minutes."),
        ("assistant", "Full bars with freezing usually means your device is being shuffled between nodes or bands, not weak signal. First question: are the mesh units linked to each other by cable or wirelessly?"),
        ("user", "Wirelessly. The main one is by the front door where the fibre comes in."),
        ("assistant", """Then three things to try, in this order:

1. **Turn off band steering** (sometimes called "smart connect") in the mesh app. It pushes devices between 2.4 GHz and 5 GHz mid-call, which causes exactly these freezes. Instead, give the 5 GHz band its own name and connect the laptop to that.
2. **Move the nodes**: each satellite should be within one or two walls of the previous one. Through thick stone, halfway is better than at the far end.
3. **Pick a fixed channel** for the backhaul instead of auto, so the mesh doesn't rescan."""),
        ("user", "Band steering was on. Turned it off and made a separate 5 GHz network. Will test tomorrow."),
        ("assistant", "Good. If calls still stutter, run a continuous ping to the router (`ping -t 192.168.1.1` on Windows) during a call: spikes over 100 ms point to the wireless link between nodes, and a powerline adapter or a single Ethernet run to the nearest node fixes that."),
        ("user", "Would powerline work through old wiring?"),
        ("assistant", "Often, yes, as long as both adapters are on the same circuit and plugged straight into the wall, not an extension lead. Buy from somewhere with easy returns and test with your calls."),
        ("user", "Cool, will report back if it doesn't work."),
    ]},
    {"id": "s10", "date": "2026-03-03", "via": "mem0", "filler": False, "turns": [
        ("user", "I want to put up a floating shelf on a plasterboard wall, about 90 cm long, for books. What fixings?"),
        ("assistant", "Books are heavy, so ideally fix into the studs. Find them with a stud detector (usually 40 or 60 cm apart); a 90 cm shelf will cross at least one, often two. Use 5 x 70 mm wood screws into the studs. Where there's no stud, use metal spring toggles or GripIt fixings, not plastic plugs."),
        ("user", "The concealed bracket has holes that don't line up with the studs."),
        ("assistant", "Then drill your own holes through the bracket's back plate at the stud positions with a metal bit (HSS, go slow, with a drop of oil), or mount a wooden batten across the studs first and fix the bracket to the batten. The batten route is easier and very strong."),
        ("user", "Batten it is. Also it needs to be high enough that the cat can't get onto it, we adopted her from the Bristol Animal Rescue Centre on Saturday (28 Feb), a two-year-old tabby called Pickle, and she's already jumping on everything."),
        ("assistant", "Cats can jump about five times their height, so height alone rarely works. Better: keep no launching point (chair, radiator cover) within about 1.5 m, or give her a sanctioned shelf or cat tree elsewhere so she leaves yours alone. And load the shelf evenly so it can't tip if she does land on it."),
        ("user", "Makes sense. What height looks good above a desk?"),
        ("assistant", "About 40–50 cm above the desk surface: high enough to clear a monitor, low enough to reach while seated. Use a level along the whole batten, and mark the line with masking tape before drilling."),
        ("user", "Thanks, doing it this weekend."),
    ]},
    {"id": "s11", "date": "2026-03-08", "via": "rest", "filler": True, "turns": [
        ("user", "Explain git rebase vs merge like I'm tired."),
        ("assistant", "Merge: joins two branches with a new commit that has both as parents. History shows exactly what happened, including the branching. Rebase: replays your commits on top of the other branch as if you'd started there. History is a straight line, but the commits get new ids. Rule of thumb: rebase your own local work before sharing; never rebase commits others already pulled."),
        ("user", "And what does --onto do?"),
        ("assistant", "`git rebase --onto new-base old-base branch` takes the commits on `branch` after `old-base` and replays them onto `new-base`. It's how you move a branch that was started from the wrong place, or drop a range of commits."),
        ("user", "How do I undo a rebase that went wrong?"),
        ("assistant", "`git reflog` shows where the branch pointed before; find the entry just before 'rebase (start)' and `git reset --hard <that sha>`. Do it before garbage collection, which is weeks away by default, so there's no rush."),
    ]},
    {"id": "s12", "date": "2026-03-12", "via": "mem0", "filler": True, "turns": [
        ("user", "How many grams is a cup of flour? American recipe."),
        ("assistant", "About 120–125 g of plain flour per US cup if spooned and levelled; scooped straight from the bag it can be 140 g or more. Sugar is about 200 g a cup, butter 227 g (two sticks), and a US cup of liquid is 240 ml."),
        ("user", "And a stick of butter?"),
        ("assistant", "113 g, or half a cup. Tablespoons: one US tablespoon is about 15 ml, a teaspoon 5 ml."),
    ]},
    {"id": "s13", "date": "2026-03-15", "via": "mem0", "filler": False, "turns": [
        ("user", "I want a 10-week plan to get faster at 5K. I run three times a week, about 20 km total."),
        ("assistant", "Good base. Keep three runs and give each a job: one interval session, one tempo run, one easy long run. What's your current 5K time?"),
        ("user", "My PB is 27:40, from a parkrun at Ashton Court in November. I'd love to go under 26."),
        ("assistant", """Under 26:00 is 5:12/km, very realistic in 10 weeks from 27:40. Outline:

- **Tuesday intervals:** weeks 1–3, 8 x 400 m at 5:00/km with 90 s jog; weeks 4–6, 5 x 800 m; weeks 7–9, 4 x 1 km at 5:05/km.
- **Thursday tempo:** 15 min building to 25 min at about 5:35/km.
- **Sunday long run:** 8 km building to 12 km, fully easy, conversational.
- Week 10: taper, then a parkrun time trial."""),
        ("user", "Should I do strength work too?"),
        ("assistant", "Yes, twice a week for 20 minutes: single-leg squats, calf raises (slow, 3 x 15), glute bridges and planks. It helps running economy and keeps calves and Achilles healthy when you add speed."),
        ("user", "And what pace for the easy runs?"),
        ("assistant", "Slow enough to talk in full sentences, probably 6:30–7:00/km for you. Most runners do easy runs too fast, which makes the hard days worse."),
        ("user", "Right, slowing down. Thanks!"),
    ]},
    {"id": "s14", "date": "2026-03-22", "via": "rest", "filler": False, "turns": [
        ("user", "I bought a monstera yesterday from the garden centre and now I'm paranoid about killing it. Light, water, what do I do?"),
        ("assistant", "Monsteras are forgiving. Bright indirect light (a metre or two from a sunny window, or right by a north or east window); water when the top 5 cm of soil is dry, usually every 7–10 days in spring and summer and less in winter; and a pot with drainage holes. Yellow leaves usually mean too much water, brown crispy edges too little or dry air."),
        ("user", "Should I repot it straight away?"),
        ("assistant", "Not straight away. Give it two or three weeks to settle, and only repot if roots are circling the bottom or coming out of the holes. Then go just one size up (2–5 cm wider) with a chunky mix: peat-free compost, orchid bark and perlite."),
        ("user", "It came with a moss pole, do I need it?"),
        ("assistant", "It's not essential, but monsteras are climbers, and with support they grow bigger leaves with more splits. Tie the stem loosely to the pole and point the aerial roots toward it; misting the moss helps them grab on."),
        ("user", "Sorry if I'm rambling, I'm on my second oat flat white of the day (I only drink those, and decaf after 2pm or I don't sleep). Should I feed it?"),
        ("assistant", "Yes, in the growing season: a balanced liquid houseplant feed at half strength every two to four weeks from March to September, none in winter. Wipe the big leaves with a damp cloth now and then so they can photosynthesise."),
        ("user", "Great, thank you!"),
    ]},
    {"id": "s15", "date": "2026-03-29", "via": "mem0", "filler": False, "turns": [
        ("user", "My bike's rear brake squeals and doesn't bite much. Rim brakes, hybrid bike. What should I check?"),
        ("assistant", "Check the pads first: look for the wear line or grooves; if they're worn flat or glazed, replace them. Clean the rims with isopropyl alcohol, because oil or road grime on the braking surface causes both squeal and poor bite. Then check the cable tension with the barrel adjuster."),
        ("user", "I took it to the shop in the end, they said the pads were worn to the metal. £45 for new pads and a cable, fitted."),
        ("assistant", "That's a fair price, and metal on the rim is worth fixing fast, it scores the braking surface. Ask them to toe-in the pads (front edge touching first) if the squeal comes back."),
        ("user", "I mostly cycle to work because parking is a nightmare, we still have my old Ford Fiesta but it barely moves. Do I need to do anything to keep a car healthy if it's hardly used?"),
        ("assistant", """A car that sits does suffer a bit:

- **Battery:** short trips or weeks of rest flatten it. Drive 30 minutes once a fortnight or use a trickle charger.
- **Tyres:** check pressures monthly; they lose air and can flat-spot.
- **Brakes:** discs rust. A few firm stops on a drive clear the surface rust.
- **Fluids:** oil degrades with time, not only miles; service it once a year."""),
        ("user", "Would it be cheaper to sell it and use car clubs?"),
        ("assistant", "Possibly. Add up insurance, tax, MOT, servicing, parking permit and depreciation: if that's over £1,500 a year and you drive it less than about 3,000 miles, a car club plus the odd rental usually wins. Check there's a bay near you first."),
        ("user", "Will do the maths."),
    ]},
    {"id": "s16", "date": "2026-04-05", "via": "rest", "filler": False, "turns": [
        ("user", "We're having six people for Sunday lunch. Vegetarian main that feels like a centrepiece? And my husband Idris is allergic to tree nuts, so no nut roast obviously."),
        ("assistant", "A showstopper without nuts: a **mushroom, leek and chestnut... ** actually chestnuts are botanically tree nuts in many allergy guides, so skip those too. Try a **butternut squash and sage wellington**: roasted squash, caramelised leeks, spinach and feta, wrapped in puff pastry. It slices beautifully at the table."),
        ("user", "Ha, good catch on the chestnuts. Can I make it the day before?"),
        ("assistant", "Yes: assemble it fully, wrap tightly and chill overnight. Brush with egg and bake from cold at 200°C for 45–50 minutes, until deep golden. Make a few slashes so steam escapes and the pastry base doesn't go soggy; a preheated tray underneath helps too."),
        ("user", "What sides?"),
        ("assistant", "Roast potatoes in olive oil with rosemary, honey-roast carrots and parsnips, buttered greens, and a proper gravy made from onions, mushrooms, miso and a splash of red wine. Check every packaged item's label for nut traces, including the pastry and any pesto."),
        ("user", "Good point. One more thing, it's also his birthday the week after and I never know what to get him. He collects vintage fountain pens, but I don't know anything about them."),
        ("assistant", "Then lean into the collection without needing to pick a pen: a bottle of special ink (Diamine or Pilot Iroshizuku in a colour he doesn't own), a leather pen roll, a good notebook with fountain-pen-friendly paper (Tomoe River or Clairefontaine), or a voucher for a pen show or a restoration service."),
        ("user", "Ink and a notebook, perfect."),
    ]},
    {"id": "s17", "date": "2026-04-28", "via": "rest", "filler": False, "turns": [
        ("user", "I have about 2,400 photos to sort in Lightroom Classic. What's a fast culling workflow?"),
        ("assistant", """A fast cull in three passes:

1. **Import once** into one folder with a smart preview, then go to the Library grid and press **Caps Lock** (auto-advance).
2. **First pass, flags only:** P for keep, X for reject, arrow key to skip. Don't think for more than two seconds.
3. Filter to flagged, then **second pass with stars**: 3 stars for the best of each scene, 5 for the portfolio ones.
4. Delete the rejects (Photo → Delete Rejected Photos) at the end."""),
        ("user", "Great. We just got back from Japan on Sunday after two and a half weeks, so it's temples, food, and a thousand pictures of my sister's neighbourhood cats. Can I group by day?"),
        ("assistant", "Yes: in the Library's Library Filter bar choose Metadata and add a Date column (Year → Month → Day). Or make a collection set 'Japan' with one collection per city, and use the Capture Time to select a day's range and drag it in."),
        ("user", "The camera clock was on UK time the whole trip. Can I fix that?"),
        ("assistant", "Select all the camera's photos, Metadata → Edit Capture Time → Shift by set number of hours, and add 9 hours (Japan was 8 hours ahead of BST in April, 9 of GMT: check which your clock showed). Phone photos will be right already, so only shift the camera's."),
        ("user", "It showed BST. So 8 hours. What export settings for a photo book?"),
        ("assistant", "JPEG, sRGB, quality 90, long edge 3,600 px (enough for a full A4 page at 300 dpi), sharpen for matte or glossy paper at Standard. Name files with the capture date so they sort in order in the book software."),
        ("user", "Thanks, let's see if I finish before Christmas."),
    ]},
    {"id": "s18", "date": "2026-05-04", "via": "mem0", "filler": False, "turns": [
        ("user", "I'm learning Chopin's Nocturne in E-flat, Op. 9 No. 2. The left-hand jumps in bar 1 are killing me. Tips?"),
        ("assistant", "The jumps are bass note → chord. Practise them as a two-move gesture: play the bass, then move your hand to the chord shape silently before playing it, and only then speed up. Look at the landing spot, not the bass. Use a little pedal change on each bass note so you're not tempted to hold the jump."),
        ("user", "I've played piano since I was seven but took twenty years off, so my hands are rusty. How slow should I start?"),
        ("assistant", "Start at half tempo (about 60 bpm for the quaver pulse at 6/8... the piece is in 12/8, so set the metronome to the dotted crotchet around 30–35) and only speed up once you can play a passage three times in a row without a slip. Five focused minutes on the hard bars beats thirty minutes of run-throughs."),
        ("user", "The ornaments in the right hand look terrifying. The little cadenza near the end?"),
        ("assistant", "Treat it as free time: it doesn't have to fit the beat. Group the notes in fours by shape, practise each group as a block, then join them. Let it start slow and accelerate; Chopin's own pupils described his rubato as the left hand keeping time while the right sings freely."),
        ("user", "Should I learn it hands separately first?"),
        ("assistant", "Yes, for the first week: right hand for the melody and phrasing, left hand until the jumps are automatic. Then put them together a bar at a time. Record yourself weekly, it's the quickest way to hear what needs work."),
        ("user", "I'll try that."),
    ]},
    {"id": "s19", "date": "2026-05-10", "via": "rest", "filler": False, "turns": [
        ("user", "Excel: I have a list of clinic appointments with a date in A, a therapist name in B and a status in C (Attended, DNA, Cancelled). How do I get a DNA rate per therapist per month?"),
        ("assistant", """A PivotTable is the quickest:

1. Add a helper column D: `=TEXT(A2,"yyyy-mm")` for the month.
2. Insert → PivotTable. Rows: therapist; Columns: month; Values: count of Status.
3. Add Status to Filters, or compute the rate with COUNTIFS instead:

`=COUNTIFS(B:B,$F2,D:D,G$1,C:C,"DNA")/COUNTIFS(B:B,$F2,D:D,G$1,C:C,"<>Cancelled")`

with therapists down column F and months across row 1."""),
        ("user", "The COUNTIFS one gives #DIV/0! for months where someone had no clinics."),
        ("assistant", "Wrap it: `=IFERROR(COUNTIFS(...)/COUNTIFS(...),\"\")` so empty months show blank. Or use `LET` to compute the denominator once and return \"\" when it's zero, which avoids hiding other errors."),
        ("user", "Nice. It reminds me of my stats module when I did my degree at Cardiff University, I hated it then. Can I colour the high DNA rates?"),
        ("assistant", "Conditional Formatting → Color Scales, or a rule: Format only cells that contain → greater than 0.15 → red fill. Apply it to the whole grid, and add a clear legend so readers know the threshold."),
        ("user", "And make a chart per therapist?"),
        ("assistant", "Insert a PivotChart (line) from the pivot and add a Slicer for therapist: one chart, and clicking a name switches it. That's easier to keep updated than one chart each."),
        ("user", "Perfect, my manager will be pleased."),
    ]},
    {"id": "s20", "date": "2026-05-17", "via": "mem0", "filler": False, "turns": [
        ("user", "I want to get better at front crawl. I can do about 10 lengths before I'm gasping. I swim at Horfield Leisure Centre before work, 25 m pool."),
        ("assistant", "Gasping after 10 lengths is almost always breathing, not fitness. Most people hold their breath underwater and then try to exhale and inhale in the tiny moment their face is out. Breathe out steadily through your nose and mouth underwater, so you only need to inhale when you turn."),
        ("user", "I breathe every 2 strokes on my right side."),
        ("assistant", "That's fine to start. Drill: 6 x 25 m focusing only on exhaling bubbles the whole time underwater, with 30 s rest. Then try bilateral breathing (every 3) on easy lengths, it balances your stroke."),
        ("user", "Any drills for my legs sinking?"),
        ("assistant", "Sinking legs usually mean your head is too high. Look at the bottom of the pool, not forward, and press your chest down slightly. Drill: kick on your side with one arm extended and face down, rolling to breathe. Keep the kick small and from the hips."),
        ("user", "What should I listen to on the walk there? I'm hooked on science podcasts, Radiolab especially, but I've run out of episodes."),
        ("assistant", "Try Science Vs, Ologies with Alie Ward, The Infinite Monkey Cage, and BBC's The Curious Cases of Rutherford & Fry. If you like Radiolab's storytelling, Invisibilia and Hidden Brain are close cousins."),
        ("user", "Adding them all."),
    ]},
    {"id": "s21", "date": "2026-05-24", "via": "rest", "filler": True, "turns": [
        ("user", "How do mRNA vaccines actually work? Simple version."),
        ("assistant", "They deliver a short-lived set of instructions (mRNA) wrapped in a tiny fat bubble. Your cells read the instructions and make one harmless piece of the virus, such as the spike protein. The immune system sees that piece, makes antibodies and trains T cells against it. The mRNA is broken down within days and never enters the cell nucleus or changes your DNA."),
        ("user", "Why do you need boosters?"),
        ("assistant", "Antibody levels fall over months, and viruses like SARS-CoV-2 change their spike protein. Boosters top up the response and can be updated to match newer variants. Memory cells last longer, which is why protection against severe illness holds up better than protection against infection."),
    ]},
    {"id": "s22", "date": "2026-05-31", "via": "rest", "filler": False, "turns": [
        ("user", "Running update! Did the parkrun time trial yesterday: 26:15. New PB, down from 27:40. Sub-26 next. What now?"),
        ("assistant", "Congratulations, 85 seconds in ten weeks is a big jump. To go under 26 you need about 3 s/km more. Keep the structure, but raise the interval quality and add a bit of volume."),
        ("user", "What's one key session?"),
        ("assistant", "**6 x 800 m at 5:05/km with 2 minutes jog recovery.** It's the classic 5K sharpener: if you can do all six evenly at that pace, you're ready for sub-26. Start with four reps and add one each week."),
        ("user", "My calves were tight after the time trial, is that normal?"),
        ("assistant", "Common after racing, especially faster running on your forefoot. Easy run or walk, calf raises and gentle stretching; if it's one spot that's sharp or doesn't ease after a few days, see a physio before adding speed."),
        ("user", "Should I race every week at parkrun?"),
        ("assistant", "Not flat out. Race one a month; run the others as a tempo (steady, about 10–15 s/km slower than race pace) or as an easy jog with friends. Racing every week makes every week a recovery week."),
        ("user", "OK, monthly it is."),
    ]},
    {"id": "s23", "date": "2026-06-03", "via": "mem0", "filler": False, "turns": [
        ("user", "How do I claim back expenses for a work conference if I paid in euros on my own card?"),
        ("assistant", "Most NHS trusts and employers reimburse the sterling amount that actually left your account. Use your card statement (not the receipt's euro figure) as the value, attach the receipt for proof of the item, and note the exchange rate the card used. If the card charged a foreign transaction fee, claim that too with the statement line."),
        ("user", "The conference was only one day, then we stayed on for a long weekend in Porto, lovely city. Can I claim the flight in full?"),
        ("assistant", "Usually yes if the flight cost no more than it would have for the conference days alone: compare with the fare for flying home the day after the conference. If the extended trip made it dearer, claim the cheaper fare. Hotel nights for the personal days are yours, not the employer's."),
        ("user", "Makes sense. How should I lay out the claim?"),
        ("assistant", "One line per item: date, description, currency amount, sterling amount, and receipt number. Keep personal items out completely rather than listing and excluding them, it's clearer for the approver."),
        ("user", "Is the taxi from the airport claimable?"),
        ("assistant", "Yes, to the conference hotel or venue on the work day. Keep the receipt or the ride-app invoice."),
        ("user", "Thanks, sending it today."),
    ]},
    {"id": "s24", "date": "2026-06-06", "via": "rest", "filler": False, "turns": [
        ("user", "Can you help me build a yearly budget spreadsheet? Income, fixed bills, and 'fun' spending with categories."),
        ("assistant", """Suggested layout:

- **Sheet 1, Monthly:** months across (Jan–Dec), rows for income (salary, tutoring), fixed bills (mortgage or rent, council tax, energy, broadband, phone, insurance, subscriptions) and variable categories (groceries, eating out, transport, hobbies, gifts).
- **Sheet 2, Transactions:** date, description, category, amount. Monthly totals on Sheet 1 come from `SUMIFS` over this.
- **Summary row:** income minus all spending, and a running savings total."""),
        ("user", "One annual thing to fit in: I'm a Bristol Rovers season-ticket holder, it renews in June and it's about £420. How do I spread that?"),
        ("assistant", "Make a 'sinking funds' section: each annual cost divided by 12, set aside monthly. £420 / 12 = £35 a month. Then the June renewal comes out of the fund, and your monthly numbers stay smooth. Do the same for the car insurance, the TV licence and Christmas."),
        ("user", "What SUMIFS would I use for a month?"),
        ("assistant", "With dates in Transactions!A:A, categories in C:C and amounts in D:D, for category in $A5 and the month's first day in B$2: `=SUMIFS(Transactions!$D:$D, Transactions!$C:$C, $A5, Transactions!$A:$A, \">=\"&B$2, Transactions!$A:$A, \"<\"&EDATE(B$2,1))`."),
        ("user", "Amazing, thanks."),
    ]},
]

SESSIONS: list[dict[str, Any]] = EARLY + LATE
