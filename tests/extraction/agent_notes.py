"""A third outside set, in the shapes agents send besides a person's own message: notes an agent writes about its
user (third person, key and value), conversations sent as one list of user and assistant turns, corrections and
changes said in other words, amounts that change, habits and negations; English and Chinese
(tests/extraction/test_agent_notes.py).

NOTES: (note, keys): each key must appear in a kept memory, in the third person, not kept as said.
CONVERSATIONS: (turns, keys, unkept): user and assistant turns alternating, the user's first; keys from the user's
turns are kept, the assistant's words (``unkept``) are not; a short answer is kept with the question it answers.
NO_ANSWER: conversations whose answer says nothing.
CORRECTIONS: (known memories, newest first; the correction; what the kept memory says; what it no longer says).
SAID: (message, keys): a change, an amount, a habit or a correction said as people say it: each key kept.
JOINED: (message, keys): the keys land in ONE memory (an amount or a degree says more of the clause before it).
NOTHING: notes and turns with nothing to keep.
"""

from __future__ import annotations

NOTES: list[tuple[str, list[str]]] = [
    ("User's husband is called Marco.", ["Marco", "husband"]),
    ("User's daughter plays the cello.", ["daughter", "cello"]),
    ("Customer prefers text messages to calls.", ["text messages"]),
    ("Client wants the invoice in euros.", ["invoice", "euros"]),
    ("User mentioned that their brother is a firefighter in Leeds.", ["brother", "firefighter"]),
    ("User said they are moving to Porto in the spring.", ["Porto"]),
    ("User owns a small bakery downtown.", ["bakery"]),
    ("User watches a lot of anime.", ["anime"]),
    # "The user …", as agents and mem0 integrations write their notes: read as the user's own words too.
    ("The user is training for a triathlon in August.", ["triathlon"]),
    ("The user speaks Portuguese and a little Japanese.", ["Portuguese"]),
    ("The user doesn't eat pork.", ["pork"]),
    ("The user owns a 2015 Honda Civic.", ["Honda Civic"]),
    ("The user prefers meetings after 10am.", ["meetings after 10am"]),
    ("diet: pescatarian", ["pescatarian"]),
    ("Time zone: CET", ["CET"]),
    ("favorite cuisine = Thai", ["Thai"]),
    ("Allergy: latex", ["allergic", "latex"]),
    ("Preferred contact method - WhatsApp", ["WhatsApp"]),
    ("Home airport: LHR", ["LHR"]),
    ("shoe size: 42", ["42"]),
    ("pets: 1 (a beagle called Rusty)", ["beagle"]),
    ("生日：十月二十日", ["生日", "十月二十日"]),
    ("职业：护士", ["护士"]),
    ("过敏史：花粉", ["花粉", "过敏"]),
    ("常住地：苏州", ["苏州"]),
    ("爱好——钓鱼", ["钓鱼"]),
    ("忌口：羊肉", ["羊肉"]),
    ("用户的儿子在读初二", ["儿子", "初二"]),
    ("User's manager is named Ines.", ["Ines", "manager"]),
    ("Client mentioned that they have two dogs.", ["two dogs"]),
    ("blood type: O negative", ["O negative"]),
    ("Dietary restrictions: no gluten, no dairy", ["gluten"]),
    ("车：一辆白色的特斯拉", ["特斯拉"]),
    ("年龄：三十二岁", ["三十二岁"]),
    ("用户在深圳一家银行做柜员", ["银行", "柜员"]),
    ("用户养了一条柯基，叫豆包。", ["柯基", "豆包"]),
]

CONVERSATIONS: list[tuple[list[str], list[str], list[str]]] = [
    (["Any ideas for a gift for my mom?", "What is she into?", "She loves gardening and old crime novels."],
     ["mom", "gardening"], ["What is she into"]),
    (["hey", "Hi! What can I do for you?", "I'm off to Oslo next Tuesday for a conference."],
     ["Oslo"], ["What can I do"]),
    (["I started a new job at Airbnb.", "Congrats! So you're at Airbnb now — how's it going?",
      "good so far, I bike there in 20 minutes"],
     ["Airbnb", "20 minutes"], ["Congrats", "how's it going"]),
    (["帮我看看周末去哪玩", "你有孩子吗？多大了？", "有个儿子，七岁，特别喜欢踢足球"],
     ["儿子", "足球"], ["多大了"]),
    (["我老婆下个月生日", "好的！她平时喜欢什么？", "她喜欢插花和看话剧"],
     ["老婆", "插花"], ["平时喜欢什么"]),
    (["我在减脂", "加油！现在多重？", "八十二公斤，想减到七十五"], ["减脂", "八十二公斤"], ["加油"]),
    # a short answer to the assistant's question, kept with the question
    (["I need a new laptop", "What's your budget?", "about 1500 dollars"], ["budget", "1500"], []),
    (["I'm planning a move", "Where are you moving to?", "Lisbon, hopefully by summer"], ["Lisbon"], []),
    (["我家狗叫豆豆", "它是什么品种的？", "柴犬，三岁了"], ["柴犬"], []),
    (["想出去旅游", "你们几个人去？", "四个人"], ["四个人"], []),
]

#: Conversations whose last answer is no fact: nothing kept from it.
NO_ANSWER: list[list[str]] = [
    ["ok", "Anything else I can help with?", "nope that's all"],
    ["hmm", "Want me to set a reminder?", "yes please"],
    ["好", "还有别的需要吗？", "没有了，谢谢"],
]

SAID: list[tuple[str, list[str]]] = [
    ("down to 68 kg since january!", ["68 kg"]),
    ("finally down to 180 lbs", ["180 lbs"]),
    ("rent's going up to $1,950 in March", ["1,950"]),
    ("salary is 85k now after the promotion", ["85k"]),
    ("scratch that, the party is at Jen's place, not ours", ["Jen's place"]),
    ("correction: the dentist appointment is on Thursday, not Wednesday", ["Thursday"]),
    ("haven't had a drink in two years", ["drink"]),
    ("never eat breakfast on weekdays", ["breakfast"]),
    ("不对，家长会改到周四了", ["家长会"]),
    ("说错了，是下周五出发", ["出发"]),
    ("不吃香菜", ["香菜"]),
    ("从来不喝酒", ["喝酒"]),
    ("最近胖到七十公斤了", ["七十公斤"]),
    ("weight's up to 90 kg, need to cut back", ["90 kg"]),
    ("already down to 72kg", ["72kg"]),
    ("不对，我女儿是下周一开学", ["开学"]),
    ("周末经常和朋友吃火锅", ["火锅"]),
]

JOINED: list[tuple[str, list[str]]] = [
    ("我喝咖啡，一天两杯", ["喝咖啡", "两杯"]),
    ("房东涨房租了，现在每月三千八", ["房租", "三千八"]),
    ("不吃辣，一点都不能吃", ["不吃辣", "一点都不能吃"]),
    ("我每周游泳，一次一个小时左右", ["游泳", "一个小时"]),
]

NOTHING: list[str] = [
    "ok, got it, thanks!",
    "Noted, thank you.",
    "sure thing",
    "明白，谢谢",
    "收到！",
    "行，就这样吧",
]

CORRECTIONS: list[tuple[list[str], str, str, str]] = [
    (["The user's book club meets on Thursdays.", "The user likes jazz."], "oh wait, it's Wednesday not Thursday",
     "Wednesday", "Thursday"),
    (["The user's flight lands at 5pm on Friday."], "sorry, it's 9pm, not 5pm", "9pm", "5pm"),
    (["The user and others are going to Crete in June."], "no, not Crete, Rhodes", "Rhodes", "Crete"),
    (["The user's parent-teacher meeting is on Monday, 9 March 2025."], "actually it's next Thursday", "Thursday",
     "Monday"),
    (["用户2025年3月12日（周三）去做体检"], "说错了，是下周五", "周五", "周三"),
    (["用户的瑜伽课在周二"], "是周四，不是周二", "周四", "周二"),
    (["用户2025年4月要去厦门出差"], "不是厦门，是福州", "福州", "厦门"),
]
