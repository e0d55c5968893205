"""The second half of bench/realchat11_en.py's sessions (June to November) and the set's questions.

A question is (id, kind, text, [(evidence session, turn)], pattern or one pattern per evidence[, True for a knowledge
update, the newer value first]). ASKED is the day the questions are asked: bench/realchat11.py tells the service that
day in the question's own words ("Today is …"), as an agent that knows the date does."""
# ruff: noqa: E501  (the messages are kept as written)

from typing import Any

ASKED = "2026-11-10"

LATE: list[dict[str, Any]] = [
    {"id": "s25", "date": "2026-06-09", "via": "mem0", "filler": True, "turns": [
        ("user", "Regex to check an email address roughly? Not RFC-perfect, just catch obvious typos."),
        ("assistant", "A pragmatic one: `^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$`. It needs something before the @, something after it, a dot and at least two characters at the end, and no spaces. Anything stricter rejects valid addresses; the only real test is sending a confirmation email."),
        ("user", "How do I use it in JavaScript?"),
        ("assistant", "`const ok = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$/.test(value.trim());` Trim first, since pasted addresses often carry a trailing space. For an input field, `type=\"email\"` gives you the browser's own check for free."),
    ]},
    {"id": "s26", "date": "2026-06-10", "via": "rest", "filler": False, "turns": [
        ("user", "Can you help me write a short intro email to my new team? I started at the Bristol Royal Infirmary on Monday as the neuro rehab team lead, and I want to say hello properly and set up 1:1s."),
        ("assistant", """Here's a draft:

Subject: Hello from your new team lead

Hi all,

I joined on Monday as team lead for neuro rehab, and I've loved meeting many of you on the wards this week. Before I change anything, I want to understand how things work now, what's going well and what gets in your way.

I'd like a 30-minute 1:1 with each of you over the next two weeks; please pick a slot in the calendar link below. Bring whatever's on your mind.

Looking forward to working with you,
[Name]"""),
        ("user", "Good. Should I mention my background?"),
        ("assistant", "One line is enough, e.g. 'I've come from the stroke ward at Southmead, where I ran the upper-limb group.' It gives people a hook for conversation without making the email about you."),
        ("user", "What questions should I ask in the 1:1s?"),
        ("assistant", "Keep them open: What's going well that I shouldn't break? What gets in your way? What would you change if you were me? How do you like to get feedback? What are you hoping to develop this year? Take notes and look for themes across the team."),
        ("user", "Also my tutoring has to shrink to Saturday mornings only, but I've actually got four students now. Any tips for keeping weekends sane with a new job?"),
        ("assistant", "Block Saturday 9–12 for tutoring and protect the rest of the weekend; prepare lessons on a weekday evening in one batch so Saturday is delivery only. For the first three months of a new lead role, don't add anything else: the first 90 days always take more energy than you expect."),
        ("user", "Wise. Thanks."),
    ]},
    {"id": "s27", "date": "2026-06-21", "via": "mem0", "filler": True, "turns": [
        ("user", "Summarise Stoicism in a paragraph, for a sceptic."),
        ("assistant", "Stoicism is a practical philosophy from ancient Greece and Rome built on one distinction: some things are up to us (our judgements, intentions, actions) and most things aren't (other people, health, reputation, outcomes). The Stoics argued that suffering mostly comes from treating the second kind as if it were the first. Their exercises – imagining losses in advance, reviewing your day, asking what a wise person would do – are less about suppressing feelings than about not being ruled by them. Modern CBT borrows heavily from it."),
        ("user", "Any good book to start?"),
        ("assistant", "Marcus Aurelius's Meditations in Gregory Hays's translation is short and readable. For a modern guide, Massimo Pigliucci's How to Be a Stoic."),
    ]},
    {"id": "s28", "date": "2026-06-28", "via": "rest", "filler": False, "turns": [
        ("user", "My bike makes a clicking noise every pedal stroke, only when I push hard, like going uphill. What is it?"),
        ("assistant", "A click once per pedal revolution under load usually comes from the drivetrain's rotating parts, and the most common culprit is the **bottom bracket** (the bearing the cranks turn in), either worn or loose in the frame. Before blaming it, rule out cheap causes: loose pedals, dry pedal threads, a loose chainring bolt, or a cracked cleat."),
        ("user", "How do I check the pedals?"),
        ("assistant", "Take them off, grease the threads, and tighten them back firmly (the left pedal is reverse-threaded: it undoes clockwise). Also tighten the crank bolts. If the click survives that, the bottom bracket is the likely cause."),
        ("user", "Still clicking. Shop replaced the bottom bracket and a worn chain, £120 all in."),
        ("assistant", "That's a reasonable price for the part, a chain and labour. A worn chain also wears the cassette, so ask them if the cassette was checked; if it skips under load with the new chain, that's next."),
        ("user", "How do I keep the chain lasting longer?"),
        ("assistant", "Wipe it after wet rides, lube it every 150–300 km with a proper chain lube (not WD-40), wipe off the excess, and check wear with a chain checker every few months: replace at 0.5% stretch on 11-speed or 0.75% on fewer gears."),
        ("user", "Great, thanks."),
    ]},
    {"id": "s29", "date": "2026-07-05", "via": "mem0", "filler": False, "turns": [
        ("user", "We finally got rid of the old Fiesta, traded it in for a used Kia Niro EV (2022). Questions about home charging: is a 7 kW wallbox worth it or can we use a 3-pin plug?"),
        ("assistant", "A 3-pin 'granny' charger gives about 2.3 kW, roughly 10–12 miles of range per hour: fine if you drive little and can leave it plugged in overnight most nights. A 7 kW wallbox is about three times faster, safer for daily use, and lets you use cheap off-peak tariffs properly. If you park off-street, a wallbox is usually worth it."),
        ("user", "What does installation cost?"),
        ("assistant", "Typically £800–£1,100 installed in the UK for a 7 kW smart charger, more if your consumer unit needs upgrading or the cable run is long. The installer should do a survey; ask whether your main fuse and earthing need work."),
        ("user", "Which tariff?"),
        ("assistant", "Look at EV tariffs with a cheap overnight window (several suppliers offer around 7–9p/kWh for a few hours). A smart charger can schedule itself to that window, and some tariffs control the charger directly to use the cheapest slots."),
        ("user", "How should I charge the battery day to day?"),
        ("assistant", "Set the daily limit to 80% and charge to 100% only before long trips. Avoid leaving it at 100% or near 0% for long periods; heat and full charge together age the battery fastest."),
        ("user", "Perfect."),
    ]},
    {"id": "s30", "date": "2026-07-12", "via": "rest", "filler": False, "turns": [
        ("user", "My Pixel 8 keeps dropping calls at home, signal shows 2 bars. Anything I can do?"),
        ("assistant", "Try Wi-Fi calling first: Settings → Network & internet → SIMs → Wi-Fi calling, on. If your carrier supports it, calls go over your broadband when mobile signal is weak, and they stop dropping. Also check the 5G setting: on some networks, forcing 4G (Preferred network type → LTE) is more stable indoors."),
        ("user", "Wi-Fi calling was off! Turned on. Does it cost extra?"),
        ("assistant", "No, it's part of your normal plan on UK carriers that support it, and calls count against your usual minutes. It uses a tiny amount of broadband data."),
        ("user", "Also want a film for tonight, something cosy. I'm a sucker for Studio Ghibli but I can't do horror at all."),
        ("assistant", "If you've seen the big Ghibli ones, try Whisper of the Heart or The Wind Rises, or outside Ghibli: Wolf Children (Mamoru Hosoda), Paddington 2, The Secret Life of Walter Mitty, or Chef. All warm, zero scares."),
        ("user", "Whisper of the Heart it is. How do I screen-cast from the Pixel to the TV?"),
        ("assistant", "Swipe down twice for Quick Settings, tap Screen cast (add it via the pencil icon if it's missing), and pick the TV or Chromecast on the same Wi-Fi. For streaming apps, use the cast button inside the app instead; it plays from the internet, so your phone stays free."),
        ("user", "Done, thanks."),
    ]},
    {"id": "s31", "date": "2026-07-20", "via": "mem0", "filler": False, "turns": [
        ("user", "We moved into a terraced house in Bishopston last weekend (finally out of the flat!). Can you give me a change-of-address checklist so I don't forget anyone?"),
        ("assistant", """Change-of-address checklist:

- **Government:** DVLA (driving licence and the car's V5C log book: both, separately and free), HMRC (via your personal tax account), electoral roll, council tax (tell both old and new councils).
- **Money:** banks, credit cards, pensions, ISAs, premium bonds, insurers (home, car, pet, life).
- **Health:** GP (you may need to register with a new practice), dentist, optician.
- **Utilities:** energy, water, broadband, TV licence.
- **Work:** payroll/HR, professional body (HCPC for you if you're registered).
- **Everything else:** subscriptions, online shops, vet, a Royal Mail redirection for 3–12 months."""),
        ("user", "The vet! Good shout. How long does the redirect take to start?"),
        ("assistant", "Apply at least five working days before you want it to begin; it can be backdated only in the sense that you can set a start date, not that earlier post is recovered. Since you've already moved, apply now and check with the new occupants of the old flat for anything that arrived."),
        ("user", "Any tips for the first week in an old terrace?"),
        ("assistant", "Find the stopcock, the gas meter shut-off and the fuse board, label the fuses, test the smoke and CO alarms, and change the locks. Bleed the radiators before autumn, and check the gutters: terraces share them, so talk to the neighbours."),
        ("user", "Stopcock found under the stairs. Thanks!"),
    ]},
    {"id": "s32", "date": "2026-07-26", "via": "rest", "filler": True, "turns": [
        ("user", "Explain inflation and interest rates, why does the Bank of England raise rates to slow prices?"),
        ("assistant", "Higher interest rates make borrowing dearer and saving more rewarding. People and firms then borrow and spend less, so demand cools; with less demand, businesses can't raise prices as easily and wage pressure eases. The effect is slow (often 18–24 months) and blunt: it also slows growth and can raise unemployment."),
        ("user", "Why not just control prices directly?"),
        ("assistant", "Price controls tend to cause shortages: if sellers can't charge what it costs to supply, they stop supplying. They also hide the signal that something is scarce. Governments do use targeted measures (like energy price caps) but as temporary relief, not as the main tool."),
    ]},
    {"id": "s33", "date": "2026-08-02", "via": "mem0", "filler": False, "turns": [
        ("user", "I need a gift idea. Our fifth wedding anniversary is on 14 September and the traditional theme for five is wood, apparently."),
        ("assistant", "Wood gives you lots of room: an engraved wooden box or watch stand, a custom-made chopping board with your wedding date, a wooden map of the place you met, or an experience like a woodworking or spoon-carving class for two. You could also plant a tree together."),
        ("user", "Ha, the tree idea is funny, I already bought a fig tree for the new garden last week. Is it too late in the year to plant it?"),
        ("assistant", "Not at all: container-grown fig trees can go in any time the ground isn't frozen or baked. Water it well through August and September. Figs fruit better with restricted roots, so plant it in a big pot or a pit lined with paving slabs, against a sunny south-facing wall."),
        ("user", "OK, the spoon-carving class for two is cute. How do I make that feel like a proper gift?"),
        ("assistant", "Put a wrapped carving knife or a small wooden spoon in a box with a handwritten card with the booking details, and plan lunch somewhere after the class. Then use the spoons you made at home: a daily reminder."),
        ("user", "Love it. And a card message?"),
        ("assistant", "Something like: 'Five years, one fig tree and two very wonky spoons later – still my favourite person to make things with.' Adjust the jokes to your own."),
        ("user", "Perfect."),
    ]},
    {"id": "s34", "date": "2026-08-09", "via": "rest", "filler": True, "turns": [
        ("user", "In Python asyncio, what's the difference between gather and TaskGroup?"),
        ("assistant", "`asyncio.gather(*coros)` runs them concurrently and returns results in order; if one fails, the others keep running unless you cancel them, and with `return_exceptions=True` you get exceptions as results. `asyncio.TaskGroup` (3.11+) is structured concurrency: if any task fails, the rest are cancelled and the errors come out together as an ExceptionGroup when the `async with` block exits. Prefer TaskGroup in new code."),
        ("user", "How do I add a timeout to the whole group?"),
        ("assistant", "Wrap it: `async with asyncio.timeout(10): async with asyncio.TaskGroup() as tg: ...`. When the deadline passes, the tasks are cancelled and `TimeoutError` is raised outside the timeout block."),
    ]},
    {"id": "s35", "date": "2026-08-16", "via": "mem0", "filler": True, "turns": [
        ("user", "Best way to descale a kettle?"),
        ("assistant", "Half-fill it with equal parts water and white vinegar (or 2 tbsp citric acid in water), bring to the boil, switch off and leave for an hour. Pour away, rinse, then boil and discard clean water twice to remove the taste."),
        ("user", "Can I use lemon juice?"),
        ("assistant", "Yes, it works the same way, just slower, and it smells nicer. Scrub any stubborn bits with a soft brush, never a metal scourer on the element."),
    ]},
    {"id": "s36", "date": "2026-08-23", "via": "mem0", "filler": False, "turns": [
        ("user", "Back for more running advice! Ran 25:02 at parkrun on Saturday, so the sub-26 happened and then some. Now I'm greedy: sub-25 by Christmas?"),
        ("assistant", "Well done, that's over a minute faster than in May. Sub-25 is 5:00/km; from 25:02 that's only 2 seconds, very achievable by December with consistency rather than anything new."),
        ("user", "What should change in the plan?"),
        ("assistant", "Add a little volume (one extra easy 5 km a week), keep one interval day and move to longer reps, e.g. 3 x 1.6 km at 4:55/km with 3 minutes jog. Keep the long run easy. On race day, go out at 5:00/km, not faster, and race the last kilometre."),
        ("user", "Should I get carbon plate shoes?"),
        ("assistant", "They can save a couple of percent, and for two seconds that's tempting, but save them for race day and fast sessions: they're expensive and wear quickly. Train mostly in your usual shoes."),
        ("user", "Noted. I'll be sensible."),
    ]},
    {"id": "s37", "date": "2026-09-01", "via": "rest", "filler": False, "turns": [
        ("user", "Planning a week in Iceland in October. We love long walks and don't mind weather. Honestly I hate beach holidays, lying around bores me, give me hills and cold any day. Where should we base ourselves?"),
        ("assistant", "Split the week: 3 nights near Reykjavik (for the Golden Circle and the Reykjanes peninsula), then 4 nights on the south coast around Vík or Kirkjubæjarklaustur for glaciers, black-sand beaches and waterfalls. Book a 4x4 if you want to reach trailheads; October weather changes fast."),
        ("user", "Which day hikes would you recommend?"),
        ("assistant", """Three that suit October:

1. **Glymur** – a 6–7 km loop to Iceland's second-highest waterfall, about an hour from Reykjavik; a river crossing on a log and a steep rim path, best in dry weather.
2. **Reykjadalur** – 3 km up a steam valley to a warm river you can bathe in.
3. **Skaftafell to Svartifoss and the Sjónarnípa viewpoint** – basalt columns and a glacier view."""),
        ("user", "Glymur looks amazing. What do we need to pack?"),
        ("assistant", "Waterproof jacket and trousers, warm layers (merino, fleece), hat and gloves, broken-in waterproof boots, microspikes in case of ice, a head torch (it's dark by about 6pm), and a thermos. Check safetravel.is and the road conditions each morning."),
        ("user", "And the northern lights?"),
        ("assistant", "October is a good month. You need clear skies and darkness: check the aurora and cloud forecasts at vedur.is, get away from town lights, and be outside between 10pm and 2am. Patience matters more than location."),
        ("user", "Fingers crossed for clear skies."),
    ]},
    {"id": "s38", "date": "2026-09-06", "via": "mem0", "filler": True, "turns": [
        ("user", "Explain Bayes' theorem with an example."),
        ("assistant", "Bayes tells you how to update a belief given evidence: P(A|B) = P(B|A)·P(A)/P(B). Example: a disease affects 1% of people; a test catches 90% of cases but also flags 5% of healthy people. If you test positive, the chance you have it is 0.9×0.01 / (0.9×0.01 + 0.05×0.99) ≈ 15%. Most positives are false because healthy people vastly outnumber sick ones."),
        ("user", "So how do you make the test more useful?"),
        ("assistant", "Test people with a higher prior (symptoms, risk factors), or repeat with an independent second test: after one positive, the prior is 15%, and a second positive raises it to about 76%."),
    ]},
    {"id": "s39", "date": "2026-09-12", "via": "mem0", "filler": True, "turns": [
        ("user", "Help me write a complaint to a courier about a parcel marked delivered that never arrived."),
        ("assistant", "Dear Customer Services,\n\nTracking number [number] was marked as delivered on [date] at [time], but the parcel was not received. It was not left with neighbours or in a safe place, and no photo of delivery was provided.\n\nPlease investigate, including the driver's GPS location at the time of the scan, and either redeliver or confirm the claim so the sender can refund me. I would appreciate a reply within 5 working days.\n\nYours faithfully,\n[Name]"),
        ("user", "Should I contact the seller too?"),
        ("assistant", "Yes, and usually first: under UK consumer law the goods are the seller's responsibility until they reach you, so the seller must resolve it, not you with the courier. Send the seller the same facts."),
    ]},
    {"id": "s40", "date": "2026-09-20", "via": "rest", "filler": False, "turns": [
        ("user", "Dinner party for eight next Saturday. Main is a mushroom risotto (vegetarian household). What wine goes with it?"),
        ("assistant", "Earthy mushrooms and creamy rice love a textured white: an **Italian Fiano** is my first pick, nutty and round but fresh. Alternatives: a white Burgundy or a dry Alsace Pinot Gris, or for red, a light Pinot Noir or a Nebbiolo-based Langhe Rosso."),
        ("user", "Fiano sounds good. How do I keep risotto for eight from going gluey?"),
        ("assistant", "Par-cook it: make the risotto to about two-thirds done (rice still chalky in the centre), spread it on a tray to stop cooking, and chill. Ten minutes before serving, finish it in the pan with hot stock, then beat in cold butter and parmesan off the heat."),
        ("user", "Starter ideas, nut-free please?"),
        ("assistant", "Burrata with roasted figs or tomatoes and basil oil, a beetroot carpaccio with goat's cheese and rocket, or a simple leek and potato soup in small cups. All nut-free, but check any pesto or dukkah."),
        ("user", "Oh and should I put anything on the front steps? I planted three lavender bushes along the path this morning and it finally looks like a home."),
        ("assistant", "Lavender by the door is perfect for a dinner party: guests brush it and it smells great. Add a couple of lanterns or tea lights in jars along the path for the evening. Water the new lavender in well this week, then leave it alone: it hates wet feet."),
        ("user", "Lanterns, great idea."),
    ]},
    {"id": "s41", "date": "2026-09-27", "via": "mem0", "filler": True, "turns": [
        ("user", "SQL window functions: how do I get a running total per customer ordered by date?"),
        ("assistant", "`SELECT customer_id, order_date, amount, SUM(amount) OVER (PARTITION BY customer_id ORDER BY order_date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running_total FROM orders;` The ROWS clause makes ties on the same date add up row by row instead of all at once."),
        ("user", "And the previous order's amount?"),
        ("assistant", "`LAG(amount) OVER (PARTITION BY customer_id ORDER BY order_date)` gives the previous row's amount, NULL for the first. `LEAD` gives the next."),
    ]},
    {"id": "s42", "date": "2026-10-05", "via": "rest", "filler": False, "turns": [
        ("user", "I ran the Cardiff Half yesterday, 2:04:31, my first half marathon! My legs are wrecked. What should recovery look like this week?"),
        ("assistant", "Congratulations! For the first week: walk and rest for two or three days, easy 20–30 minute runs from about day 4 if nothing hurts, and no hard sessions for 7–10 days. Eat well (protein and carbs), sleep, and expect tired legs on stairs for a couple of days."),
        ("user", "My left knee is a bit sore on the outside. Worry?"),
        ("assistant", "Soreness on the outside of the knee after a long race is often the iliotibial band area. If it eases with rest and walking is pain-free, it's likely overload: foam-roll the outer thigh (not the knee itself), strengthen glutes with side-lying leg raises and clams. If it's sharp, swollen, or hurts on walking downstairs after a week, see a physio."),
        ("user", "When can I race a parkrun again?"),
        ("assistant", "Give it two to three weeks before a hard 5K. Run parkrun as an easy jog next weekend if you feel good; the half's aerobic fitness will show up as speed once your legs recover."),
        ("user", "And a foam-rolling routine?"),
        ("assistant", "Five minutes after easy runs: calves, quads, hamstrings, glutes and outer thighs, about 60 seconds each, slow rolls, pausing on tender spots without grinding. It's for comfort, not repair, so don't overdo it."),
        ("user", "Thank you, foam roller ordered."),
    ]},
    {"id": "s43", "date": "2026-10-14", "via": "mem0", "filler": False, "turns": [
        ("user", "We're just back from Iceland (the northern lights showed up on the last night!). Can you help me write a thank-you note to the guesthouse owner in Vík, Sigrún, who drove us to a trailhead when our car wouldn't start?"),
        ("assistant", "Dear Sigrún,\n\nThank you so much for your kindness during our stay. When our car refused to start, you didn't hesitate to drive us to the trailhead, and because of you we had one of the best days of our trip. Your guesthouse felt like a home, and your breakfast kept us going on every walk.\n\nWe hope to come back one day, and if you're ever in Bristol, the tea is on us.\n\nWith warm wishes,\n[Names]"),
        ("user", "Lovely. Should I write it in Icelandic at all?"),
        ("assistant", "A short line at the start or end is a nice touch: 'Kærar þakkir fyrir allt!' means 'Many thanks for everything!'. Keep the rest in English, which she clearly speaks well."),
        ("user", "Perfect. Also can you suggest how to leave a review that helps her?"),
        ("assistant", "Be specific: mention her name, the breakfast, the lift to the trailhead, and the location's advantages for south-coast walks. Specific details help future guests more than stars, and reviews mentioning the host by name tend to carry weight."),
        ("user", "Great, doing both now."),
    ]},
    {"id": "s44", "date": "2026-10-20", "via": "rest", "filler": True, "turns": [
        ("user", "Write a short poem about October rain."),
        ("assistant", "October leans against the glass,\nits grey coat dripping on the sill;\nthe gutters hum, the buses pass,\nthe kettle clicks, the house goes still.\nLet the leaves go, the rain says, soft:\nwhat falls is only what was loaned –\nand in the warm, lamp-yellow loft\nthe year sits down, and feels at home."),
        ("user", "Make it rhyme less obviously."),
        ("assistant", "October leans on the window,\nits coat dripping onto the sill.\nBuses hiss through the puddles,\nthe kettle clicks off; the house holds its breath.\nLet go, the rain keeps saying,\nto the leaves, to the long light,\nand the lamp in the kitchen answers\nwith a small warm circle of yes."),
    ]},
    {"id": "s45", "date": "2026-10-27", "via": "rest", "filler": False, "turns": [
        ("user", "I had my first cello lesson today! Total beginner at 38. My teacher says my bow hold is 'enthusiastic'. Any tips for the bow hold?"),
        ("assistant", "Congratulations! A relaxed bow hold: thumb bent, its tip touching the stick where the frog meets it; middle two fingers draped over the stick opposite the thumb; index finger resting on the stick at the first knuckle; little finger curved and balanced on top. The hand should feel like it's holding a small bird: secure, never squeezing."),
        ("user", "How long should I practise a day?"),
        ("assistant", "Fifteen to twenty minutes daily beats an hour twice a week. Start with open strings and long, slow bows, watching in a mirror that the bow stays parallel to the bridge, halfway between the bridge and the fingerboard."),
        ("user", "The sound is scratchy. Rosin?"),
        ("assistant", "Probably partly: a new bow needs a lot of rosin at first (ten to twenty strokes). But scratchiness is mostly bow speed and weight: too much arm pressure with too slow a bow. Let the arm's weight sink into the string and keep the bow moving."),
        ("user", "Any good beginner pieces to aim for?"),
        ("assistant", "Suzuki Cello Book 1 is a good path: Twinkle variations, then Lightly Row, then French Folk Song. For something to aim at in a year, Saint-Saëns's The Swan, simplified, is a common first 'real' piece."),
        ("user", "The Swan, that's the dream."),
    ]},
    {"id": "s46", "date": "2026-10-31", "via": "mem0", "filler": True, "turns": [
        ("user", "What are the main spelling differences between British and American English?"),
        ("assistant", "-our vs -or (colour/color), -re vs -er (centre/center), -ise vs -ize (both are accepted in British English; Oxford spelling uses -ize), doubled l before suffixes (travelled/traveled), -ence vs -ense (defence/defense, licence as a noun), and some one-offs: aluminium/aluminum, grey/gray, tyre/tire, programme/program (except computer programs)."),
        ("user", "Is practice/practise the same thing?"),
        ("assistant", "In British English, practice is the noun and practise the verb (like advice/advise). American English uses practice for both."),
    ]},
    {"id": "s47", "date": "2026-11-04", "via": "mem0", "filler": False, "turns": [
        ("user", "I treated myself yesterday and bought a Le Creuset casserole dish, the 24 cm round one in Flame orange. What should I cook first? Vegetarian please."),
        ("assistant", "Christen it with a slow braise: a **white bean, leek and mushroom cassoulet** with a crunchy breadcrumb top, or a **smoky black bean chilli** that gets better overnight. Both use the dish's strength: even, gentle oven heat for a long time."),
        ("user", "Cassoulet! Recipe please, for four."),
        ("assistant", """Vegetarian cassoulet for four:

- 2 tbsp olive oil, 2 leeks and 2 carrots sliced, 4 garlic cloves, 300 g chestnut mushrooms, 1 tbsp tomato purée, 1 tsp smoked paprika, thyme and bay.
- 2 x 400 g tins cannellini or haricot beans, drained; 400 g tin of tomatoes; 300 ml veg stock; 1 tbsp soy or miso.
- Topping: 80 g breadcrumbs with 2 tbsp olive oil and parsley.

Soften leeks and carrots in the dish, add garlic, mushrooms and spices, then the rest. Oven at 170°C, lid on, 1 hour; then uncover, scatter the crumbs and bake 20 minutes more until golden."""),
        ("user", "How do I look after the enamel?"),
        ("assistant", "Heat it gradually (medium heat, never empty on high), use wooden or silicone tools, let it cool before washing, and soak stuck bits in warm soapy water rather than scouring. A paste of bicarbonate of soda lifts stains."),
        ("user", "Great, cassoulet on Sunday."),
    ]},
]

QUESTIONS: list[tuple[Any, ...]] = [
    # single-session facts about the user, said once in passing inside a task
    ("q01", "user", "What laptop do I use?", [("s01", 0)], r"(?i)thinkpad|x1"),
    ("q02", "user", "Which city does my sister live in?", [("s03", 0)], r"(?i)osaka"),
    ("q03", "user", "What does my sister do for a living?", [("s03", 0)], r"(?i)teach|english"),
    ("q04", "user", "What's my cat called?", [("s10", 0)], r"(?i)pickle"),
    ("q05", "user", "What's my husband's name?", [("s16", 0)], r"(?i)idris"),
    ("q06", "user", "Is anyone in my household allergic to anything?", [("s16", 0)], r"(?i)nut"),
    ("q07", "user", "Where did I study for my degree?", [("s19", 0)], r"(?i)cardiff"),
    ("q08", "user", "Which pool do I swim at?", [("s20", 0)], r"(?i)horfield"),
    ("q09", "user", "Which phone do I have?", [("s30", 0)], r"(?i)pixel"),
    ("q10", "user", "Which football club do I follow?", [("s24", 0)], r"(?i)rovers"),
    ("q11", "user", "When is our wedding anniversary?", [("s33", 0)], r"(?i)14(th)? september|september 14|09-14"),
    ("q12", "user", "How long have I played the piano?", [("s18", 0)], r"(?i)seven|7|piano"),
    # what the assistant said
    ("q13", "assistant", "Which onsen town did you suggest for a day trip from Osaka?", [("s03", 1)], r"(?i)arima"),
    ("q14", "assistant", "Which hiking trail did you say had the waterfall?", [("s37", 1)], r"(?i)glymur"),
    ("q15", "assistant", "How much side income did you say I can earn tax-free?", [("s06", 1)], r"1,?000"),
    ("q16", "assistant", "What did you tell me to use instead of coriander?", [("s04", 1)], r"(?i)parsley"),
    ("q17", "assistant", "Why was my budgeting script skipping rows?", [("s01", 1)], r"(?i)comma|thousands|separator"),
    ("q18", "assistant", "Which router setting did you tell me to switch off for the video calls?", [("s09", 1)], r"(?i)band steering|smart connect"),
    ("q19", "assistant", "What interval session did you give me to break 26 minutes?", [("s22", 1)], r"800"),
    ("q20", "assistant", "Which wine did you suggest with the risotto?", [("s40", 1)], r"(?i)fiano"),
    ("q21", "assistant", "What did you think was making my bike click when I pedalled hard?", [("s28", 1)], r"(?i)bottom bracket"),
    ("q22", "assistant", "What anniversary present idea did I go with from your suggestions?", [("s33", 1)], r"(?i)spoon|carving"),
    # preferences: the answer must surface the user's taste
    ("q23", "preference", "Suggest something I could cook for dinner this weekend.", [("s04", 0)], r"(?i)vegetarian|coriander"),
    ("q24", "preference", "Can you recommend a podcast for my commute?", [("s20", 0)], r"(?i)radiolab|science"),
    ("q25", "preference", "Where should we go on holiday next summer?", [("s37", 0)], r"(?i)beach|hill|cold|walk"),
    ("q26", "preference", "Recommend a film for a quiet Friday night in.", [("s30", 0)], r"(?i)ghibli|horror"),
    ("q27", "preference", "I'm at a café, what should I order?", [("s14", 0)], r"(?i)oat|flat white|decaf"),
    ("q28", "preference", "Any gift ideas for my husband's birthday?", [("s16", 0)], r"(?i)fountain pen|pen"),
    # knowledge updates: the newest value first
    ("q29", "update", "Where do I work?", [("s26", 0), ("s07", 0)], [r"(?i)royal infirmary|BRI", r"(?i)southmead"], True),
    ("q30", "update", "Where do I live?", [("s31", 0), ("s09", 0)], [r"(?i)bishopston|terrace", r"(?i)redland"], True),
    ("q31", "update", "What's my 5K personal best?", [("s36", 0), ("s22", 0), ("s13", 0)], [r"25:02", r"26:15", r"27:40"], True),
    ("q32", "update", "What car do we drive?", [("s29", 0), ("s15", 0)], [r"(?i)niro|kia|EV", r"(?i)fiesta"], True),
    ("q33", "update", "How many students do I tutor?", [("s26", 0), ("s06", 0)], [r"(?i)four|4", r"(?i)two|2"], True),
    # time counted from the day the question is asked (ASKED)
    ("q34", "temporal", "How many months ago did I adopt the cat?", [("s10", 0)], r"(?i)adopt|pickle"),
    ("q35", "temporal", "What did I start two weeks ago?", [("s45", 0)], r"(?i)cello"),
    ("q36", "temporal", "Which race did I run last month?", [("s42", 0)], r"(?i)cardiff|half"),
    ("q37", "temporal", "Where did I go on holiday about seven months ago?", [("s17", 0)], r"(?i)japan"),
    ("q38", "temporal", "How long have I been in my current job?", [("s26", 0)], r"(?i)royal infirmary|team lead"),
    ("q39", "temporal", "How many weeks ago did we move house?", [("s31", 0)], r"(?i)bishopston|moved"),
    ("q40", "temporal", "What did I buy for the kitchen last week?", [("s47", 0)], r"(?i)le creuset|casserole"),
    # counts and lists across sessions: every piece of evidence is scored
    ("q41", "multi", "How many different countries have I mentioned visiting this year?", [("s17", 0), ("s23", 0), ("s43", 0)],
     [r"(?i)japan", r"(?i)porto|portugal", r"(?i)iceland"]),
    ("q42", "multi", "How many plants have I bought this year?", [("s14", 0), ("s33", 0), ("s40", 0)],
     [r"(?i)monstera", r"(?i)fig", r"(?i)lavender"]),
    ("q43", "multi", "How much have I spent on bike repairs in total?", [("s15", 0), ("s28", 0)], [r"45", r"120"]),
    ("q44", "multi", "Which musical instruments do I play?", [("s18", 0), ("s45", 0)], [r"(?i)piano", r"(?i)cello"]),
    ("q45", "multi", "What races have I run this year?", [("s22", 0), ("s36", 0), ("s42", 0)],
     [r"(?i)parkrun|26:15", r"(?i)parkrun|25:02", r"(?i)cardiff|half"]),
    # nothing was said about these
    ("q46", "abstain", "What's my dog's name?", [], ""),
    ("q47", "abstain", "What does my brother do for work?", [], ""),
    ("q48", "abstain", "Which university did my husband go to?", [], ""),
    ("q49", "abstain", "What's my salary at the hospital?", [], ""),
    ("q50", "abstain", "What did I name my boat?", [], ""),
    ("q51", "abstain", "Which gym class do I go to on Wednesdays?", [], ""),
]
