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
    # Typed as people type to an assistant: lower case, no punctuation, "btw" / "fyi" / "lol", short forms
    ("fyi im lactose intolerant so no milk stuff for me", ["lactose intolerant"]),
    ("my boss karen keeps scheduling meetings at 8am ugh", ["karen", "8am"]),
    ("we're flying to lisbon on the 12th for my cousin's wedding 🎉", ["lisbon"]),
    ("my husband dave is a firefighter", ["firefighter"]),
    ("my coworker jen is going on maternity leave next month", ["maternity leave", "April 2025"]),
    ("dentist appt tmrw at 3pm dont let me forget", ["dentist", "11 March 2025"]),
    ("i'm single", ["single"]),
    ("im retired now", ["retired"]),
    ("ok so im pregnant!!", ["pregnant"]),
    ("new phone number: 555-877-0912", ["555-877-0912"]),
    ("fyi new email: sam.k@proton.me", ["sam.k@proton.me"]),
    ("sold the civic and got a tesla model 3", ["tesla"]),
    ("i like jazz", ["likes jazz"]),
    ("我每天早上坐地铁10号线上班", ["10号线"]),
    ("我同事小李下个月要结婚了", ["小李"]),
    ("btw我对青霉素过敏", ["用户对青霉素过敏"]),
    ("我会弹钢琴", ["用户会弹钢琴"]),
    ("我上个月搬到上海了", ["上海"]),
    ("我喜欢喝咖啡", ["用户喜欢喝咖啡"]),
    ("我戒酒了", ["戒酒"]),
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
    ("btw my daughter mia just turned 7 and she's obsessed with dinosaurs lol", ["turned 7", "dinosaurs"]),
    ("so i work as a nurse at st marys, night shifts mostly, and i have a cat called pepper", ["nurse", "pepper"]),
    ("our dog rocky is a 3 yr old beagle and he's afraid of thunder", ["beagle", "thunder"]),
    ("just got diagnosed with type 2 diabetes so im cutting sugar", ["diabetes", "sugar"]),
    ("我老公在华为上班，经常加班到很晚", ["华为", "加班"]),
    ("最近失眠挺严重的，医生给我开了褪黑素", ["失眠", "褪黑素"]),
    ("我家猫叫团子，是只橘猫，特别能吃", ["叫团子", "橘猫", "特别能吃"]),
    ("我妹妹在墨尔本读研，学的是会计", ["墨尔本", "会计"]),
    ("我换工作了，现在在字节跳动", ["换工作", "字节跳动"]),
    ("我下周去NYC出差，大概待五天", ["NYC", "五天"]),
    # two verbs of one subject: the second clause takes it
    ("my mom lives in manila and calls every sunday", ["manila", "sunday"]),
    ("my best friend tom moved to berlin last year and works at a startup there", ["berlin", "startup"]),
    ("My brother Sam teaches math in Ohio and coaches the school's chess club.", ["math", "chess"]),
    ("i moved to denver in may and started a new job at a bank", ["denver", "bank"]),
    ("my sister is a nurse and works nights at the children's hospital", ["nurse", "nights"]),
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
    "hey hows it going",
    "thx a lot!!",
    "ok got it 👍",
    "lol nice",
    "can you help me write an email to my landlord",
    "what time is it in tokyo rn",
    "good morning ☀️",
    "hmm not sure",
    "any tips for falling asleep faster?",
    "cool thanks",
    "你好呀",
    "谢谢啦",
    "好的好的",
    "帮我想个生日祝福语吧",
    "明天会下雨吗？",
    "哈哈哈哈",
    "嗯 知道了",
    "你能推荐几本书吗",
]

ECHOES: list[tuple[str, str]] = [
    ("I'm training for a triathlon in September.",
     "Got it, you're training for a triathlon in September. That's exciting!"),
    ("My daughter Mia is starting kindergarten next week.",
     "Noted: Mia starts kindergarten next week. Big milestone!"),
    ("我在学弹吉他。", "好的，记下了，你在学弹吉他。"),
    ("我下个月要搬到深圳。", "明白，你下个月要搬到深圳。祝搬家顺利！"),
]

#: Who a clause is about when it does not say: (message, what kept memories must say, what none may say).
#: Chinese clauses go on with the person or thing of the clause before; "他/她" is the one person named; a
#: kinship or role word is the speaker's; a clause that opens with its verb is the speaker's, in both languages.
SUBJECTS: list[tuple[str, list[str], list[str]]] = [
    # Chinese: a name given, then what goes on with it
    ("我姐姐叫林悦，在深圳做设计，去年结的婚。", ["用户的姐姐叫林悦", "林悦在深圳做设计"], ["用户在深圳"]),
    ("我表弟叫周航，今年刚上大学，学的是医学。", ["周航", "周航学的是医学"], ["用户学的是医学", "用户今年"]),
    # a thing judged is the thing's, not the speaker's: it goes with the statement before
    ("上个月去了趟桂林，山水真漂亮。", ["桂林；山水真漂亮"], ["用户山水"]),
    ("周末带爸妈去了西湖，风景特别好。", ["风景特别好"], ["用户风景"]),
    ("我同学推荐了一本小说，情节特别精彩。", ["一本小说；情节特别精彩"], ["同学情节"]),  # the thing just brought in
    # a pet or a person brought in, then what goes on with it
    ("我们家的猫叫年糕，今年三岁了。", ["年糕"], ["用户年糕", "用户2"]),
    ("我有一个妹妹，在上海读书。", ["用户的妹妹在上海读书"], ["用户在上海"]),
    ("我的狗叫可乐，它每天早上都要出去遛。", ["可乐每天早上"], ["可乐可乐", "它"]),  # 它: the one pet named
    # a role or kinship word is the speaker's person
    ("我腰一直不太好，医生建议我多游泳。", ["用户的医生建议用户多游泳"], ["用户医生"]),
    ("老板让我下周去广州出差。", ["用户的老板"], ["用户老板"]),
    # one of the things counted before
    ("我家养了两只兔子，一只是白的，一只是灰的。", ["用户的一只兔子是白的"], ["用户一只"]),
    ("我有三个孩子，一个在读高中。", ["用户的一个孩子在读高中"], ["用户一个在读"]),
    # "他/她" is the one person named before it, or the name the message gives after it
    ("每天送女儿去幼儿园，她今年四岁。", ["用户的女儿", "四岁"], ["她"]),
    ("她是我以前的同事，叫陈静，现在在成都开花店。", ["陈静是用户以前的同事", "陈静现在在成都开花店"],
     ["她", "陈静叫陈静"]),
    ("他是我高中同学，名叫刘洋，在银行上班。", ["刘洋是用户高中同学", "刘洋在银行上班"], ["他"]),
    # the weather is no one's; 爱人 is a spouse, not a liking; "这个月" is a time, not a thing pointed at
    ("今天下雨了，没去跑步。", ["用户没去跑步"], ["用户2025", "用户今天"]),
    ("我爱人在医院上班，周末也经常加班。", ["用户爱人在医院上班", "用户爱人周末"], ["喜欢"]),
    ("这个月打算把驾照考了。", ["用户2025年3月打算把驾照考了"], []),
    # a statement without a subject or a noun is still the speaker's
    ("最近总是加班。", ["用户最近总是加班"], []),
    ("这几天一直发烧。", ["用户这几天一直发烧"], []),
    # English: a clause that opens with its verb, a bare kinship or role word
    ("Works night shifts at a bakery in Leeds these days.", ["The user works night shifts"], []),
    ("Moved to Lisbon last spring, still learning Portuguese", ["The user moved to Lisbon"], []),
    ("ugh, can't drink milk anymore, doctor says I'm lactose intolerant",
     ["The user can't drink milk", "The user's doctor says the user is lactose intolerant"], ["Ugh"]),
    ("Need to book a flight to Boston for the conference.", ["The user needs to book a flight"], ["user need "]),
    ("Mum's back home after the operation.", ["The user's mum is back home"], []),
    ("Grandpa's car got towed yesterday.", ["The user's grandpa's car got towed"], ["grandpa is car"]),
    ("Brother's moving to Denver in August.", ["The user's brother is moving to Denver"], []),
    ("Coach says I need to stretch more before runs.", ["The user's coach says the user needs"], ["coaches"]),
    ("Boss's been on my case all week.", ["The user's boss has been on"], []),
    ("Trying to drink more water these days.", ["The user is trying to drink more water"], []),
    ("Flying to Madrid on Thursday for my cousin's wedding.", ["The user is flying to Madrid"], []),
    # a pronoun in a later clause is the person of the clause before, "us" or not
    ("My cousin Dana lives in Oslo, she teaches piano at a music school.", ["Dana teaches piano"], ["She teaches"]),
    ("My wife's training for a marathon, she runs every morning before work.",
     ["The user's wife runs every morning before work"], ["She runs"]),
    ("Dad's retiring in June, he'll move in with us after that.",
     ["The user's dad is retiring in June", "The user's dad will move in with the user"], ["He'll"]),
    # a person named between commas is one with the kinship word, and no clause of their own
    ("My sister, Ann, and I went to Paris in May.", ["Ann (the user's sister) and the user went to Paris"],
     ["sister),"]),
    ("Our neighbour, Raj, fixed the fence on Sunday.", ["Raj (the user's neighbour) fixed the fence"], ["), fixed"]),
    # "我们" before a noun is whose, not who
    ("我们学校下周开运动会。", ["用户的学校"], ["用户等人学校"]),
    ("我们小区新开了一家超市。", ["用户的小区"], ["用户等人小区"]),
]

#: A request to be reminded is the speaker's task, with its time (said on Monday 10 March 2025).
REMINDERS: list[tuple[str, list[str]]] = [
    ("Can you remind me to water the plants on Sunday?", ["reminded to water the plants"]),
    ("please remind me about the vet appointment next Tuesday", ["reminded about the vet appointment", "11 March"]),
    ("Don't let me forget to pay the electricity bill tomorrow.", ["pay the electricity bill", "11 March 2025"]),
    ("We land at 6, don't let me forget to text my sister", ["reminded to text the user's sister"]),
    ("提醒我周四去取快递。", ["取快递", "周四"]),
    ("别让我忘了明天给房东转账。", ["给房东转账", "2025年3月11日"]),
    ("麻烦到时候提醒我一下，下周一交体检报告", ["交体检报告"]),
]

#: Not a request to be reminded: nothing kept.
NOT_REMINDERS: list[str] = [
    "Can you remind me what we talked about last time?",
    "Does that remind you of anything?",
    "你能提醒我一下刚才说到哪了吗？",
]
