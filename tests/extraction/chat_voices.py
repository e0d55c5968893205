"""Everyday messages in the voices of chat (tests/extraction/test_chat_voices.py): lower case, short forms, emoji,
run-ons, Chinese typed with spaces for commas, several facts in one paragraph, facts said inside a question or a
request, conditions and other people's opinions. Written as people write, not as the rules read.

FACTS: one message; each key lands in some kept memory, and no kept memory carries the chat's filler.
SPLIT: one message, several things; each key lands in a memory of its own.
NOTHING: greetings, thanks, acknowledgements, questions and filler typed in a hurry: nothing is kept.
ASKED: a question or a request that tells something about the speaker; the fact is kept, the question is not.
WHOLE: a condition and what follows from it is one memory, never the consequence alone.
"""

from __future__ import annotations

FACTS: list[tuple[str, list[str]]] = [
    ("omg just got engaged to my bf jake last night lol 💍", ["engaged", "boyfriend jake"]),
    ("finally got my license today 🎉🎉", ["license"]),
    ("cant have gluten rn, doc thinks its celiac", ["gluten"]),
    ("sooo i quit my job at the bank last week", ["quit", "bank"]),
    ("hubby's b-day is the 14th", ["husband's birthday"]),
    ("working from home this week bc the office is being renovated", ["working from home"]),
    ("on call at the hospital all weekend ugh", ["hospital"]),
    ("tbh my gf is the better cook lol", ["girlfriend"]),
    ("my bff Tara lives like 5 min away", ["Tara"]),
    ("we're driving to the coast w the dogs saturday", ["with the dogs"]),
    ("Quick update about me: I just moved to Porto and started at a fintech as a designer.", ["Porto"]),
    ("简单介绍一下自己：我在字节做算法工程师", ["字节"]),
    ("我在学吉他 已经半年了", ["吉他"]),
    ("今天又加班到十一点了😭", ["加班"]),
    ("我妹下周考研", ["用户的妹"]),
    ("我表姐在杭州开了家花店", ["用户的表姐", "花店"]),
    ("我外婆今年九十了 身体还挺好", ["用户的外婆"]),
    ("literally just got promoted to senior engineer", ["promoted"]),
    ("we got a kitten her name is mochi", ["kitten. Her name is mochi"]),  # one memory: "her" goes with the kitten
    ("I tore a ligament playing football last month", ["tore a ligament"]),
    ("we don't have any pets yet", ["any pets"]),
    ("my wife has never owned a car", ["never owned a car"]),
    ("我父母住在老家 江西九江", ["用户的父母住在老家江西九江"]),  # a place put beside the one before: no new clause
    ("我姐下个月生日 我想给她买个包", ["给用户的姐买"]),  # 她 inside the clause: the one person named before
    ("我们部门的 director 是个美国人 叫 David", ["美国人；叫 David"]),  # the director's name, not the user's
]

SPLIT: list[tuple[str, list[str]]] = [
    ("my husband's bday is on the 3rd and he's super into chess", ["birthday", "chess"]),
    ("babysitting my niece rn bc my sister has a night shift at the hospital", ["niece", "night shift"]),
    ("I have two kids, Ava who's 9 and Ben who's 6. Ava plays the violin and Ben is crazy about trucks.",
     ["two kids", "violin", "trucks"]),
    ("Some background: I grew up in Manila, I'm a pediatric nurse, and my partner Sam runs a bakery.",
     ["Manila", "pediatric nurse", "bakery"]),
    ("my brother just got back from seoul he's teaching english in busan now", ["seoul", "busan"]),
    ("my daughter started swimming lessons she's already in the advanced group", ["swimming", "advanced group"]),
    ("hey! long time no chat. so much has happened: i finished my phd in june, started teaching at a college in "
     "Bristol, and we adopted a dog", ["phd", "Bristol", "dog"]),
    ("最近交了一个新朋友，叫 Sophie，在字节做设计", ["用户的朋友叫 Sophie", "Sophie在字节做设计"]),
    ("前几天认识了一位同事 叫小林 人很好", ["用户的同事叫小林", "小林人很好"]),
    ("我男朋友是医生 周末经常值班", ["医生", "值班"]),
    ("我是铲屎官🐱 家里养了三只猫", ["铲屎官", "三只猫"]),
    ("我对花粉过敏 每年春天都很难受", ["花粉", "春天"]),
    ("我老公在华为上班 天天加班", ["华为", "加班"]),
    ("说一下我的情况：我今年二十八，在上海做设计，平时喜欢跑步。", ["上海", "跑步"]),
]

NOTHING: list[str] = [
    "lol ok",
    "thx!! 🙏",
    "haha yeah",
    "gm ☀️",
    "k cool",
    "wait what",
    "好的好的 明白了",
    "嗯嗯 收到",
    "哈哈哈哈 笑死",
    "早上好呀 ☀️",
    "谢啦 🙏",
    "今天天气咋样",
    "i think it's fine tbh",
    "救命 笑死我了",
    "yeah right like i'd ever wake up at 5am",
    "Oh wonderful, I just LOVE doing my taxes.",
    "recommend a good ramen spot in soho pls",
    "求推荐好用的防晒霜",
    "推荐几部适合全家看的电影吧",
    "姐妹们谁懂啊 😭",
]

ASKED: list[tuple[str, list[str]]] = [
    ("could you find a quiet cafe near my studio in Brixton?", ["studio is in Brixton"]),
    ("Any ideas for a present for my mom? She turns 70 next month and loves gardening.", ["mom turns 70", "gardening"]),
    ("what should I pack, since I'm heading to Iceland in March?", ["Iceland"]),
    ("Where can I get decent tacos in Denver? I just moved here.", ["moved to Denver"]),
    ("你知道成都哪里有好吃的火锅吗？我刚搬过来", ["搬到成都"]),
    ("帮我推荐几本书吧，我最近在学法语", ["法语"]),
    ("anyone know a reliable plumber? mine quit on me", ["plumber quit"]),
    ("帮我看看去厦门的酒店 我们下个月去", ["去厦门"]),
    ("suggest a lunch spot near my office in Canary Wharf", ["office is in Canary Wharf"]),
]

WHOLE: list[tuple[str, str]] = [
    ("If we ever get a cat, I'd call it Mochi.", "Mochi"),
    ("如果明年涨工资的话，我就换辆车", "换辆车"),
    ("要是周末不下雨，我们就去爬山", "爬山"),
]

#: (message, what the kept memory says of its time), said on Monday 10 March 2025 (test_everyday.SAID).
TIMES: list[tuple[str, str]] = [
    ("my sister's wedding is on the 22nd!!", "22 March 2025"),
    ("rent's due by the 1st ugh", "1 April 2025"),
    ("our lease is up in three weeks", "31 March 2025"),
    ("my roommate is moving out at the end of the month", "March 2025"),
    ("月底要交房租", "2025年3月底"),
    ("年底打算去趟日本", "2025年底"),
    ("finished the whole course in three weeks", "three weeks"),  # how long it took, not a day
    ("去年3月底搬的家", "2024年3月底"),  # a month already named keeps its own end
]
