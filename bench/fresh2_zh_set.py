"""A second new hand's Chinese everyday set for bench/fresh2_zh.py.

Written before reading the extractor's rules or the other Chinese sets, in the voices of people the earlier
sets speak for less: 老人, 家长, 学生, 上班族, 自由职业, people with a chronic illness; with dialect colour (咱,
俺, 啥, 咋), traditional characters, typos, emoji, run-ons, lists, English mixed in. Not taken from any corpus.

Formats are bench/others_words_set.py's: a fact is space-separated words that must all be in one kept memory
(each word a substring; "|" separates alternatives).

MESSAGES: (lang, text, facts) — empty facts: the message must keep nothing.
EXCHANGES: (lang, turns, facts, wrong) — one mem0 ``add`` with user and assistant turns.
SESSIONS: (lang, turns, facts, wrong) — the same shape, sent through ``POST /api/v1/sessions/{id}/messages``
and ``/close`` instead.
PAIRS: (lang, kind, first, second, query, current) — "contra": the second replaces the first's value;
"trap": both hold.
"""

from __future__ import annotations

MESSAGES: list[tuple[str, str, list[str]]] = [
    # --- nothing to keep ---
    ("zh", "早上好呀🌞", []),
    ("zh", "嗯嗯 知道了", []),
    ("zh", "哈哈哈哈笑死", []),
    ("zh", "俺想问问，血压高的人能喝咖啡不？", []),
    ("zh", "謝謝你，幫了大忙", []),
    ("zh", "今天天气咋这么热啊", []),
    ("zh", "好的好的，回头再聊", []),
    ("zh", "你说啥？没听清", []),
    ("zh", "怎么把微信的字调大一点", []),
    # --- facts ---
    ("zh", "俺今年七十三了，老伴前年走了，现在一个人住", ["七十三|73", "老伴 前年|2024", "一个人住"]),
    ("zh", "我孙子在读初二，成绩还行就是数学差点", ["孙子 初二", "数学"]),
    ("zh", "我有糖尿病十几年了，每天早晚打胰岛素", ["糖尿病", "胰岛素"]),
    ("zh", "咱家闺女在深圳上班，一年就回来一趟", ["闺女|女儿 深圳"]),
    ("zh", "儿子下周二家长会，我得请半天假", ["家长会"]),
    ("zh", "我是做自由翻译的，主要接日语的活儿", ["翻译", "日语"]),
    ("zh", "大三，学计算机的，下学期要找实习了😭", ["大三", "计算机", "实习"]),
    ("zh", "我对青霉素过敏！！", ["青霉素 过敏"]),
    ("zh", "我搬到台北了，住在大安區", ["台北", "大安"]),
    ("zh", "我們家養了兩隻貓，一隻叫麻糬一隻叫湯圓", ["麻糬", "湯圓|汤圆"]),
    ("zh", "最近在学尤克里里，每周六上课", ["尤克里里"]),
    ("zh", "房贷每个月还六千多，压力山大", ["房贷 六千|6000"]),
    ("zh", "我老公在医院当护士，经常上夜班", ["老公|丈夫 护士", "夜班"]),
    ("zh", "月底要去成都出差三天", ["成都 出差"]),
    ("zh", "我是上海人，但是在南京读的大学", ["上海人|上海", "南京"]),
    ("zh", "我不吃香菜，一点都不行", ["香菜"]),
    ("zh", "我在做一个 side project，用 Rust 写的，一个记账小程序", ["rust", "记账"]),
    ("zh", "俺腰间盘突出，不能久坐", ["腰间盘突出"]),
    ("zh", "闺女给我买了个新手机，华为的，还不太会用", ["华为"]),
    ("zh", "我们公司996，周末基本也要回消息", ["996"]),
    ("zh", "我家猫上个月走了，现在只剩一只狗", ["猫 走了|去世|死", "一只狗"]),
    ("zh", "我们家养了两条狗", ["两条狗"]),
    ("zh", "我每天早上六点起来去公园打太极", ["太极"]),
    ("zh", "下个月初要去医院复查甲状腺", ["甲状腺"]),
    ("zh", "老板王姐人挺好的，就是开会太多", ["王姐"]),
    ("zh", "我的 MacBook 是 2019 年买的，电池快不行了", ["macbook 2019"]),
    ("zh", "女儿学钢琴三年了，今年考了五级", ["钢琴", "五级|5级"]),
    ("zh", "我喜欢周末去爬山，最常去的是香山", ["爬山|香山"]),
]

EXCHANGES: list[tuple[str, list[dict[str, str]], list[str], list[str]]] = [
    ("zh", [{"role": "user", "content": "俺最近膝盖疼，上楼都费劲"},
            {"role": "assistant", "content": "建议您去骨科看看，也可以试试游泳或者骑自行车这种对膝盖友好的运动。"}],
     ["膝盖"], ["骨科", "自行车"]),
    ("zh", [{"role": "user", "content": "帮我推荐个适合小学生的编程课"},
            {"role": "assistant", "content": "可以看看 Scratch，适合八到十二岁的孩子。您家孩子几岁了？"},
            {"role": "user", "content": "九岁，三年级"}],
     ["九岁|9岁|三年级"], ["scratch"]),
    ("zh", [{"role": "user", "content": "我在学日语，准备明年考N2"},
            {"role": "assistant", "content": "加油！N2需要大概六千个词汇量。"}],
     ["n2"], ["六千"]),
]

SESSIONS: list[tuple[str, list[dict[str, str]], list[str], list[str]]] = [
    ("zh", [{"role": "user", "content": "哎，俺血压又高了，一百六"},
            {"role": "assistant", "content": "您平时按时吃降压药吗？"},
            {"role": "user", "content": "吃的，每天早上一片氨氯地平"},
            {"role": "assistant", "content": "好的，建议少吃盐，多走动。"}],
     ["氨氯地平"], ["少吃盐"]),
    ("zh", [{"role": "user", "content": "我儿子今年高考，想报医学"},
            {"role": "assistant", "content": "医学要读很多年哦，您考虑过临床医学还是口腔？"},
            {"role": "user", "content": "他自己想学口腔"}],
     ["高考", "口腔"], ["临床"]),
    ("zh", [{"role": "user", "content": "最近接了个设计的单子，甲方是一家咖啡店"},
            {"role": "assistant", "content": "听起来不错！是做 logo 还是菜单？"},
            {"role": "user", "content": "logo加门头，月底交稿"}],
     ["咖啡店|logo"], []),
    ("zh", [{"role": "user", "content": "我們下個月要去日本玩，大阪跟京都"},
            {"role": "assistant", "content": "推薦你去奈良看小鹿！"},
            {"role": "user", "content": "好啊，我老婆很喜歡鹿"}],
     ["大阪|京都"], ["奈良"]),
    ("zh", [{"role": "user", "content": "在吗"},
            {"role": "assistant", "content": "在的，有什么可以帮您？"},
            {"role": "user", "content": "没事了哈哈"}],
     [], []),
    ("zh", [{"role": "user", "content": "我戒烟三个月了💪"},
            {"role": "assistant", "content": "太棒了！坚持下去。"},
            {"role": "user", "content": "现在改嚼口香糖了"}],
     ["戒烟", "口香糖"], []),
]

PAIRS: list[tuple[str, str, str, str, str, str]] = [
    # --- contradictions ---
    ("zh", "contra", "我住在北京朝阳区", "俺上个月搬到天津了", "住在哪", "天津"),
    ("zh", "contra", "我在杭州一家电商公司上班", "跳槽了，新公司在陆家嘴", "在哪上班", "陆家嘴"),
    ("zh", "contra", "我每天早上都要喝一杯咖啡", "医生不让喝咖啡了，现在改喝茶", "早上喝什么", "茶"),
    ("zh", "contra", "我有一辆白色的卡罗拉", "车卖了，现在都坐地铁", "车", "卖"),
    ("zh", "contra", "我用的是小米手机", "换了个苹果15", "用什么手机", "苹果|iphone"),
    ("zh", "contra", "我男朋友叫阿杰", "跟阿杰分手了", "男朋友", "分手"),
    ("zh", "contra", "我每周跑步三次", "膝盖受伤了，跑不了，改游泳了", "平时做什么运动", "游泳"),
    ("zh", "contra", "我一天抽一包烟", "我已经把烟戒了", "抽烟吗", "戒"),
    ("zh", "contra", "我在一家银行做柜员", "辭職了，現在自己開咖啡店", "工作", "咖啡店"),
    ("zh", "contra", "我女儿在上幼儿园大班", "闺女九月份上一年级了", "女儿几年级", "一年级"),
    ("zh", "contra", "我体重一百五十斤", "减肥成功！现在一百三了", "体重多少", "一百三|130"),
    ("zh", "contra", "我養了一隻黃金獵犬", "狗狗去年送給我姐養了，現在家裡沒寵物", "寵物", "沒寵物|没宠物|送"),
    ("zh", "contra", "我每个月工资八千", "涨工资了，现在一万二", "工资多少", "一万二|12000"),
    ("zh", "contra", "我在读研一", "研究生毕业了，在一家医院做药剂师", "在做什么", "药剂师"),
    ("zh", "contra", "俺家住六楼，没电梯", "换了个一楼的房子，腿脚不好爬不动了", "住几楼", "一楼"),
    ("zh", "contra", "我吃素", "最近开始吃肉了，医生说我贫血", "吃素吗", "吃肉"),
    # --- traps: both hold ---
    ("zh", "trap", "我住在广州", "我老婆在深圳上班，周末才回来", "老婆在哪上班", "深圳"),
    ("zh", "trap", "我在武汉工作", "下周去西安出差", "出差", "西安"),
    ("zh", "trap", "我喜欢喝咖啡", "我也喜欢喝奶茶", "喜欢喝什么", "奶茶"),
    ("zh", "trap", "我有一只猫叫橘子", "我闺蜜小雨家有一只狗", "小雨", "狗"),
    ("zh", "trap", "我在上海工作", "我爸妈住在老家安徽", "爸妈住哪", "安徽"),
    ("zh", "trap", "我开的是比亚迪", "我老公开的是大众", "老公开什么车", "大众"),
    ("zh", "trap", "我在学吉他", "我儿子在学钢琴", "儿子学什么", "钢琴"),
    ("zh", "trap", "我一周健身三次", "上周太忙只去了一次", "健身", "三次|一次"),
    ("zh", "trap", "我對花生過敏", "我老闆對海鮮過敏", "過敏", "花生"),
]
