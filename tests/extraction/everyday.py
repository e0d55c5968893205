"""Everyday messages in English and Chinese, as people write them to an assistant: the fixture set of the
offline extractor (tests/extraction/test_everyday.py) and of the contract both extractors share.

FACTS: one message, one thing worth keeping; ``keys`` must each appear in one kept memory.
COMPOUNDS: one message, several things; each key must land in a memory of its own.
NOTHING: greetings, thanks, acknowledgements, questions, small talk: nothing is kept.
ECHOES: (user message, assistant's echo of it): the assistant's turn gives nothing.
"""

from __future__ import annotations

FACTS: list[tuple[str, list[str]]] = [
    ("We relocated to Denver back in March.", ["Denver"]),
    ("Been driving a blue Corolla for years now.", ["Corolla"]),
    ("My sister Priya just started med school in Toronto.", ["Priya", "med school"]),
    ("Work has me on night shifts at the hospital this month.", ["night shifts"]),
    ("Honestly, cilantro tastes like soap to me.", ["cilantro"]),
    ("Our dog Biscuit turned five yesterday.", ["Biscuit"]),
    ("I've been learning Portuguese on my commute.", ["Portuguese"]),
    ("Just signed the lease on a two-bedroom in Oakland!", ["Oakland"]),
    ("My flight to Tokyo leaves on the 14th.", ["Tokyo"]),
    ("Can't do dairy, it wrecks my stomach.", ["dairy"]),
    ("My husband Tom coaches our son's soccer team.", ["Tom", "soccer"]),
    ("Finished my first half marathon last Sunday, 2 hours 5 minutes.", ["half marathon"]),
    ("I teach chemistry at a high school in Leeds.", ["chemistry", "Leeds"]),
    ("Mornings are when I get my best writing done.", ["writing"]),
    ("The dentist appointment got moved to next Thursday.", ["dentist"]),
    ("Grandma's turning ninety in June and we're throwing her a party.", ["ninety", "party"]),
    ("我在阿里巴巴做产品经理。", ["阿里巴巴"]),
    ("下个月要去成都出差。", ["成都"]),
    ("上周五我们搬进了新家。", ["新家"]),
    ("我女儿小雨今年上三年级了。", ["小雨", "三年级"]),
    ("最近迷上了做面包。", ["面包"]),
    ("我老公在银行上班。", ["银行"]),
    ("周末一般去爬山。", ["爬山"]),
    ("昨天把驾照考下来了！", ["驾照"]),
    ("我对猫毛过敏。", ["猫毛"]),
    ("我每天早上跑五公里。", ["五公里"]),
    ("明年打算考研。", ["考研"]),
    ("我儿子的生日是十月三号。", ["生日"]),
]

COMPOUNDS: list[tuple[str, list[str]]] = [
    ("I'm a vegetarian and I'm allergic to nuts.", ["vegetarian", "nuts"]),
    ("I work from home on Fridays, but my wife commutes to Boston every day.", ["Fridays", "Boston"]),
    ("We adopted a kitten last month and my son named her Mochi.", ["kitten", "Mochi"]),
    ("I quit coffee in January and I've been sleeping much better since.", ["coffee", "sleeping"]),
    ("My brother lives in Austin, and he's getting married in October.", ["Austin", "married"]),
    ("I play bass in a cover band, and we have a gig on Saturday.", ["bass", "gig"]),
    ("我是素食主义者，对花生过敏。", ["素食", "花生"]),
    ("我住在杭州，在一家游戏公司上班。", ["杭州", "游戏公司"]),
    ("我下周要去上海开会，而且周五还得交季度报告。", ["上海", "季度报告"]),
    ("我喜欢喝绿茶，但是不喝咖啡。", ["绿茶", "咖啡"]),
    ("我妈妈退休了，现在在老家种菜。", ["退休", "种菜"]),
]

NOTHING: list[str] = [
    "Hey there!",
    "Good morning :)",
    "Thanks so much, that helps a lot!",
    "Cheers, appreciate it.",
    "Ok got it.",
    "Sounds good to me.",
    "Sure thing.",
    "What's the weather like in Paris this weekend?",
    "Can you recommend a good sci-fi novel?",
    "How do I reset my router?",
    "Any ideas for dinner tonight?",
    "Is it safe to eat raw cookie dough?",
    "Could you summarise this article for me?",
    "That's hilarious 😂",
    "Wow, that's so cool!",
    "Haha nice one.",
    "Talk to you later!",
    "你好！",
    "早上好呀",
    "谢谢你，帮了大忙！",
    "好的，明白了。",
    "收到",
    "今天天气怎么样？",
    "你能推荐几本好看的小说吗？",
    "怎么做红烧肉？",
    "这个太好笑了哈哈",
    "嗯嗯",
    "晚安～",
]

ECHOES: list[tuple[str, str]] = [
    ("I'm training for a triathlon in September.",
     "Got it, you're training for a triathlon in September. That's exciting!"),
    ("My daughter Mia is starting kindergarten next week.",
     "Noted: Mia starts kindergarten next week. Big milestone!"),
    ("我在学弹吉他。", "好的，记下了，你在学弹吉他。"),
    ("我下个月要搬到深圳。", "明白，你下个月要搬到深圳。祝搬家顺利！"),
]
