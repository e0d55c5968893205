"""Everyday messages in others' words for bench/others_words.py, English and Chinese.

Written before reading the extractor's rules, the way people type to a chat assistant (typos, lowercase,
emoji, run-ons, hedges, negations, third parties, times, numbers, lists); not taken from any corpus.

A fact is a string of space-separated words; every word must be in one kept memory (lowercased), and a word
may name alternatives with "|" ("12000|一万二"). Chinese words are substrings, so "女儿 二年级" needs both.

MESSAGES: (lang, text, facts) — an empty ``facts`` means the message must keep nothing (greetings, questions,
thanks, acknowledgements, small talk). A message with two or more facts is a compound: it is split when its
facts are found in at least two different memories.
EXCHANGES: (lang, turns, facts, wrong) — one ``add`` call with user and assistant turns; ``wrong``: facts only
the assistant said (or a garbled form of the user's words); a kept memory carrying one took them as the user's.
PAIRS: (lang, kind, first, second, query, current) — two messages to one user. "contra": the second changes
the first's value, so the first's memory must leave the active set (or the second wait for review) and the
first search hit must carry ``current`` and not be the first's memory; "trap": looks alike but both hold, so
every memory of the first stays active and ``current`` is in the top 3.
"""
# ruff: noqa: E501

from __future__ import annotations

MESSAGES: list[tuple[str, str, list[str]]] = [
    # --- English: nothing to keep ---
    ("en", "hey!! how's it going", []),
    ("en", "thx that helped a lot 🙏", []),
    ("en", "can you remind me what the capital of australia is", []),
    ("en", "ok cool, got it", []),
    ("en", "good morning ☀️", []),
    ("en", "what's a good recipe for banana bread?", []),
    ("en", "lol ok", []),
    ("en", "hmm not sure, let me think about it", []),
    # --- English: facts ---
    ("en", "i dont eat meat anymore, went veggie about 2 months ago", ["veg"]),
    ("en", "my boss carla keeps moving our 1:1s around, super annoying", ["boss carla"]),
    ("en", "I think I'm allergic to cats? my eyes get itchy every time i visit my aunt", ["allergic cat"]),
    ("en", "i like hiking, cooking and chess", ["hiking", "cooking", "chess"]),
    ("en", "next tuesday i have a dentist appt at 3pm", ["dentist"]),
    ("en", "my daughter mia turns 7 on the 14th 🎂", ["mia 7"]),
    ("en", "probably moving to denver in the spring, still deciding tho", ["denver"]),
    ("en", "im a software engnieer at a small startup, mostly backend stuff", ["software"]),
    ("en", "my wife and i have been married 12 years this june", ["married 12"]),
    ("en", "gonna run my first half marathon in october, kinda nervous lol", ["half marathon"]),
    ("en", "i drink like 4 coffees a day which is probably too much", ["coffee"]),
    ("en", "my car is a 2014 honda civic, blue, 140k miles on it", ["honda civic"]),
    ("en", "bought a kindle in march, love it", ["kindle"]),
    ("en", "my brother lives in austin and works for dell", ["brother austin", "dell"]),
    ("en", "I'm trying to learn japanese, doing duolingo every night before bed", ["japanese"]),
    ("en", "we have 2 dogs, a lab named biscuit and a beagle named toby", ["biscuit", "toby"]),
    ("en", "my mom was diagnosed with type 2 diabetes last year so we're all eating healthier", ["diabetes mom|mother"]),
    ("en", "I work 4 days a week, fridays off", ["friday"]),
    ("en", "my rent went up to $1850/month ugh", ["1850"]),
    ("en", "i'm kinda scared of flying tbh so i take the train whenever i can", ["flying"]),
    ("en", "my favorite show rn is severance, cant wait for the next season", ["severance"]),
    ("en", "started a new job at target last week as a shift lead", ["target"]),
    ("en", "me and my gf priya are going to lisbon for our anniversary next month", ["priya", "lisbon"]),
    ("en", "my son has a peanut allergy so pls no recipes with nuts", ["son peanut"]),
    ("en", "I usually go to bed around 11:30 and wake up at 6:45", ["11:30", "6:45"]),
    ("en", "not a big fan of horror movies, i prefer comedies", ["comed"]),
    ("en", "my coworker jake and i carpool on mondays and wednesdays", ["jake carpool"]),
    ("en", "I'm 34, born in 1992 in cleveland", ["cleveland"]),
    ("en", "my grandma passed away in january, still hard tbh", ["grandma|grandmother"]),
    ("en", "I play guitar in a cover band, we gig like once a month", ["guitar"]),
    ("en", "I'm on a budget of like 300 a month for groceries", ["300 groceries"]),
    ("en", "my landlord is selling the building so we might have to move out by the end of the month", ["landlord"]),
    ("en", "I'm pregnant!! due in may 🥹", ["pregnant"]),
    ("en", "just adopted a kitten, her name is mochi", ["mochi"]),
    # --- Chinese: nothing to keep ---
    ("zh", "你好呀", []),
    ("zh", "谢谢，明白了", []),
    ("zh", "今天天气怎么样？", []),
    ("zh", "好啊，那就下周六吧", []),
    ("zh", "哈哈哈哈笑死", []),
    ("zh", "你能帮我写一封请假邮件吗", []),
    ("zh", "嗯嗯 好的", []),
    ("zh", "早上好～", []),
    # --- Chinese: facts ---
    ("zh", "我不吃肉了，最近在吃素", ["素"]),
    ("zh", "我老板王姐人挺好的，就是开会太多", ["王姐"]),
    ("zh", "我下下周要去上海出差", ["上海 出差"]),
    ("zh", "月底要交房租，3500一个月", ["3500"]),
    ("zh", "我喜欢爬山、做饭和下棋", ["爬山", "做饭", "下棋"]),
    ("zh", "我女儿今年上小学二年级了", ["女儿 二年级"]),
    ("zh", "我对芒果过敏，吃了会起疹子", ["芒果 过敏"]),
    ("zh", "我在一家外企做会计，干了五年了", ["会计"]),
    ("zh", "老公是医生，经常值夜班", ["医生"]),
    ("zh", "我大概明年会考研吧，还没完全决定", ["考研"]),
    ("zh", "我家猫叫咪咪，三岁了，是只橘猫", ["咪咪"]),
    ("zh", "我每天早上六点起来跑步", ["跑步"]),
    ("zh", "最近在学吉他，手指好疼😂", ["吉他"]),
    ("zh", "我弟在深圳打工，做快递的", ["深圳", "快递"]),
    ("zh", "我开的是一辆白色的比亚迪", ["比亚迪"]),
    ("zh", "我儿子上周三生的，七斤二两", ["儿子"]),
    ("zh", "我血压有点高，医生让我少吃盐", ["血压"]),
    ("zh", "我是四川人，特别能吃辣", ["四川", "辣"]),
    ("zh", "我和男朋友异地恋，他在北京我在杭州", ["北京", "杭州"]),
    ("zh", "我不喝咖啡，只喝茶", ["茶"]),
    ("zh", "周末一般带孩子去上游泳课", ["游泳"]),
    ("zh", "我妈下个月来我这住两周", ["妈|母亲"]),
    ("zh", "我用的是华为手机，mate60", ["华为"]),
    ("zh", "我一般晚上十二点以后才睡，早上起不来", ["十二点|12点|12:00|0点|零点"]),
    ("zh", "我在减肥，目标是瘦到110斤", ["110"]),
    ("zh", "我最喜欢的歌手是周杰伦", ["周杰伦"]),
    ("zh", "我们公司下个月搬到浦东", ["浦东"]),
    ("zh", "我上个月刚换了工作，现在在字节做产品经理", ["字节", "产品经理"]),
    ("zh", "我闺蜜小林下周结婚，我当伴娘", ["小林 结婚", "伴娘"]),
    ("zh", "我有乳糖不耐受，喝牛奶会拉肚子", ["乳糖"]),
    ("zh", "我每个月工资大概一万二", ["一万二|12000|1.2万"]),
    ("zh", "我在学日语，准备明年去日本玩", ["日语", "日本"]),
    ("zh", "我奶奶今年九十岁了，身体还挺好", ["奶奶 九十|90"]),
    ("zh", "我怕狗，小时候被咬过", ["狗"]),
]


def U(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


def A(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


EXCHANGES: list[tuple[str, list[dict[str, str]], list[str], list[str]]] = [
    ("en", [U("what's a good stretch for lower back pain?"),
            A("Try child's pose: kneel, sit back on your heels and reach your arms forward for 30 seconds."),
            U("cool, got it")], [], ["pose", "heels"]),
    ("en", [A("Hi! What should I call you?"), U("John. and honestly you all have been super helpful")],
     ["john"], ["john all"]),
    ("en", [U("any tips for sleeping better?"),
            A("Keep a regular schedule, avoid screens an hour before bed, and cut caffeine after 2pm."),
            U("ok thx")], [], ["caffeine", "screens"]),
    ("en", [A("Do you have any pets?"), U("yep, an old tabby called gus")], ["gus"], []),
    ("zh", [A("你平时怎么通勤？"), U("骑电动车，十分钟就到")], ["电动车"], []),
    ("zh", [U("推荐个周末去的地方"), A("可以去莫干山或者千岛湖。"), U("千岛湖去过了")], ["千岛湖"], ["莫干山"]),
    ("zh", [U("晚饭吃啥好"), A("试试番茄炒蛋配米饭？简单又快。"), U("好的谢谢")], [], ["番茄"]),
    ("zh", [A("要不要我帮你订周六晚上七点的餐厅？"), U("好啊，那就下周六吧")], [], []),
]

PAIRS: list[tuple[str, str, str, str, str, str]] = [
    # --- English contradictions ---
    ("en", "contra", "i live in chicago, near wrigley", "moved to seattle last month!! still unpacking boxes",
     "where do I live", "seattle"),
    ("en", "contra", "I drive to work every day, about 40 min each way",
     "these days i take the bus to work, saves so much on gas", "how do I get to work", "bus"),
    ("en", "contra", "I work as a barista at a coffee shop downtown", "quit the cafe, I'm a dental assistant now",
     "what's my job", "dental assistant"),
    ("en", "contra", "i eat pretty much everything, big steak guy", "I don't eat meat anymore, went vegetarian",
     "what's my diet", "vegetarian"),
    ("en", "contra", "my boyfriend mark and i just moved in together",
     "mark and i broke up last week. kinda relieved honestly", "am I in a relationship", "broke up"),
    ("en", "contra", "I drive a ford focus", "sold the focus, got a tesla model 3 now", "what car do I drive",
     "tesla"),
    ("en", "contra", "I have an iphone 12", "switched to a pixel 8 last week, android is growing on me",
     "what phone do I use", "pixel"),
    ("en", "contra", "i smoke like half a pack a day", "been smoke free for 3 months now 💪", "do I smoke",
     "3 months"),
    ("en", "contra", "I'm learning spanish", "dropped spanish, started japanese instead",
     "what language am I learning", "japanese"),
    ("en", "contra", "my husband and I live in a house in the suburbs",
     "husband and i separated, I live alone now in an apartment", "who do I live with", "alone"),
    ("en", "contra", "I go to the gym every morning before work",
     "honestly i havent been to the gym in months, i just walk in the evenings now", "how do I exercise", "walk"),
    ("en", "contra", "my manager is steve", "steve left the company, my new manager is anita",
     "who's my manager", "anita"),
    ("en", "contra", "i'm single", "so i'm seeing someone now, his name is leo 😊", "am i dating anyone", "leo"),
    ("en", "contra", "I drink my coffee black", "i take oat milk in my coffee these days",
     "how do I take my coffee", "oat milk"),
    # --- Chinese contradictions ---
    ("zh", "contra", "我住在北京朝阳区", "我上个月搬到成都了", "我住在哪里", "成都"),
    ("zh", "contra", "我每天开车上班", "最近改坐地铁上班了，太堵了", "我怎么上班", "地铁"),
    ("zh", "contra", "我在银行上班", "我辞职了，现在在做自媒体", "我做什么工作", "自媒体"),
    ("zh", "contra", "我吃素", "我现在又开始吃肉了", "我吃素吗", "肉"),
    ("zh", "contra", "我男朋友叫小陈", "我和小陈分手了", "我有男朋友吗", "分手"),
    ("zh", "contra", "我开的是大众朗逸", "朗逸卖了，换了辆特斯拉", "我开什么车", "特斯拉"),
    ("zh", "contra", "我用的是苹果手机", "我换了小米手机", "我用什么手机", "小米"),
    ("zh", "contra", "我每天晚上都喝酒", "我戒酒半年了", "我喝酒吗", "戒酒"),
    ("zh", "contra", "我在学法语", "法语不学了，改学德语", "我在学什么语言", "德语"),
    ("zh", "contra", "我和老公住在一起", "我们现在分居了，我一个人住", "我和谁住", "一个人"),
    ("zh", "contra", "我养了一只狗叫豆豆", "豆豆去年走了，现在家里养了只猫", "我养了什么宠物", "猫"),
    ("zh", "contra", "我每天早上喝咖啡", "这阵子改喝茶了，咖啡喝多了心慌", "我早上喝什么", "茶"),
    # --- traps: alike, but both hold ---
    ("en", "trap", "my sister lives in paris", "I live in lyon", "where do I live", "lyon"),
    ("en", "trap", "my husband is a teacher", "I'm a nurse", "what's my job", "nurse"),
    ("en", "trap", "my old car was a toyota corolla", "I drive a mazda 3 now", "what car do I drive", "mazda"),
    ("en", "trap", "my boss drives a bmw", "I drive a kia soul", "what car do I drive", "kia"),
    ("en", "trap", "I like pizza", "I also love sushi", "what food do I like", "sushi"),
    ("en", "trap", "my son is learning french", "I'm learning italian", "what language am I learning", "italian"),
    ("en", "trap", "I work at a hospital", "my wife works at a bank", "where does my wife work", "bank"),
    ("en", "trap", "I have a cat named luna", "we also got a dog, his name is max", "what pets do I have", "max"),
    ("zh", "trap", "我姐姐住在广州", "我住在武汉", "我住在哪", "武汉"),
    ("zh", "trap", "我老公开宝马", "我开的是一辆奥迪", "我开什么车", "奥迪"),
    ("zh", "trap", "我喜欢打羽毛球", "我也喜欢游泳", "我喜欢什么运动", "游泳"),
    ("zh", "trap", "我爸是老师", "我是程序员", "我做什么工作", "程序员"),
    ("zh", "trap", "我以前住在西安", "我现在住在南京", "我现在住哪", "南京"),
    ("zh", "trap", "我女儿喜欢画画", "我儿子喜欢踢足球", "我儿子喜欢什么", "足球"),
]
