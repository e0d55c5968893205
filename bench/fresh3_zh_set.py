"""A third new hand's Chinese everyday set for bench/fresh3_zh.py.

Written before reading the extractor's rules, the slots or the other sets' sentences, as people type on WeChat:
口语, no punctuation, emoji, English mixed in ("写react", "pmp考试", "Cursor"), a typo of 在 as 再. Domains the
earlier sets touch less: work (前端, 运营, 老师, 护士, 外卖骑手, 滴滴, 跳槽, 领导, 加班, 项目, tools), renting and
buying (租房, 房贷, 首付, 搬家), money (工资, 定投, 信用卡), children at school (年级, 兴趣班), parents and in-laws,
pets, travel, fitness levels, food one cannot eat; changes said indirectly (后来改成, 已经不…了, 说错了是周二,
算了不去了, 换成了, 被裁了) and facts about others (我老公 / 我妈 / 我儿子). Not taken from any corpus.

Formats are bench/others_words_set.py's: a fact is space-separated words that must all be in one kept memory
(each word a substring; "|" separates alternatives).

MESSAGES: (lang, text, facts) — empty facts: the message must keep nothing.
EXCHANGES: (lang, turns, facts, wrong) — one mem0 ``add`` with user and assistant turns.
SESSIONS: (lang, turns, facts, wrong) — the same shape, through ``POST /api/v1/sessions/{id}/messages`` and
``/close``.
PAIRS: (lang, kind, first, second, query, current) — "contra": the second replaces the first's value;
"trap": both hold. No pair names an entity.
"""

from __future__ import annotations

MESSAGES: list[tuple[str, str, list[str]]] = [
    # --- nothing to keep ---
    ("zh", "在吗在吗", []),
    ("zh", "哈喽 早啊☀️", []),
    ("zh", "收到👌", []),
    ("zh", "嗯嗯好的", []),
    ("zh", "谢啦 帮大忙了🙏", []),
    ("zh", "公积金贷款和商贷有啥区别啊", []),
    ("zh", "狗狗能吃葡萄吗", []),
    ("zh", "ok明白了", []),
    ("zh", "给我推荐几本理财入门的书呗", []),
    ("zh", "哈哈哈哈好吧", []),
    ("zh", "周末去哪玩比较好 有推荐吗", []),
    # --- facts ---
    ("zh", "我是做前端的 主要写react 在一家做saas的公司", ["前端", "react", "saas"]),
    ("zh", "我们领导老刘天天让加班 烦死了", ["老刘", "加班"]),
    ("zh", "我在美团送外卖 一天跑四五十单", ["外卖"]),
    ("zh", "我老婆是小学老师 教三年级语文", ["老婆|妻子 老师", "语文"]),
    ("zh", "我儿子今年上四年级了 周末报了个编程班还有游泳", ["儿子 四年级", "编程", "游泳"]),
    ("zh", "房子是租的 在回龙观 一个月3500", ["回龙观", "3500"]),
    ("zh", "去年在燕郊买了套房 房贷30年的", ["燕郊", "房贷|30年"]),
    ("zh", "我妈有高血压 每天要吃药 今年六十八了", ["妈 高血压", "六十八|68"]),
    ("zh", "我家狗叫可乐 是只柯基 三岁", ["可乐 柯基"]),
    ("zh", "我对芒果过敏 吃了嘴巴会肿", ["芒果 过敏"]),
    ("zh", "我是回族 不吃猪肉", ["回族", "猪肉"]),
    ("zh", "国庆打算带爸妈去云南玩 大理丽江那边", ["云南|大理|丽江"]),
    ("zh", "我现在卧推能推80公斤了💪", ["卧推 80"]),
    ("zh", "我一周去三次健身房 主要练腿和背", ["健身 三次|3次"]),
    ("zh", "工资到手一万五 每个月定投两千基金", ["一万五|15000", "定投|基金"]),
    ("zh", "我老公在医院上班 是麻醉科医生", ["老公|丈夫 麻醉"]),
    ("zh", "我们用飞书写文档 代码都在gitlab上", ["飞书", "gitlab"]),
    ("zh", "下周三要去客户那边开会 在苏州", ["苏州"]),
    ("zh", "最近在准备pmp考试 12月考", ["pmp"]),
    ("zh", "我爸去年中风了 现在在做康复", ["爸 中风|康复"]),
    ("zh", "我闺女三岁半 在上幼儿园小班 特别怕生", ["闺女|女儿 三岁半|3岁半", "小班"]),
    ("zh", "我是做运营的 负责公司的小红书账号 每天写文案写到吐😂", ["运营", "小红书"]),
    ("zh", "我一般晚上十二点才睡 早上八点起", ["十二点|12点", "八点|8点"]),
    ("zh", "我乳糖不耐受 喝牛奶就拉肚子", ["乳糖不耐受"]),
    ("zh", "我家猫是英短 叫团子 贼胖", ["团子"]),
    ("zh", "我们项目下个月15号上线 最近压力好大", ["上线"]),
    ("zh", "在深圳南山租房 合租的 跟两个室友", ["南山", "合租|室友"]),
    ("zh", "我公婆跟我们一起住 帮忙带孩子", ["公婆"]),
    ("zh", "我开滴滴的 白天跑车晚上回家带娃", ["滴滴"]),
    ("zh", "我是急诊科护士 三班倒", ["急诊", "三班倒"]),
    ("zh", "我现再学开车 科目二挂了两次了😭", ["科目二"]),
    ("zh", "今年的目标是存够首付", ["首付"]),
    ("zh", "信用卡还欠两万多 每个月还一点", ["信用卡 两万|2万|20000"]),
    ("zh", "我岳父岳母在老家种地 河南周口的", ["岳父|岳母 周口|河南"]),
    ("zh", "我马拉松最好成绩是4小时10分", ["马拉松 4小时"]),
    ("zh", "公司用钉钉打卡 迟到一次扣五十", ["钉钉"]),
    ("zh", "下个月去泰国清迈自由行 签证已经办好了", ["泰国|清迈"]),
]

EXCHANGES: list[tuple[str, list[dict[str, str]], list[str], list[str]]] = [
    ("zh", [{"role": "user", "content": "帮我看看这个offer要不要接 现在月薪两万 新的给两万六"},
            {"role": "assistant", "content": "涨幅30%还不错，但也要考虑通勤和团队氛围。新公司在哪里？"},
            {"role": "user", "content": "在望京 离家更远了"}],
     ["望京"], ["团队氛围"]),
    ("zh", [{"role": "user", "content": "我家狗最近老吐 是不是吃坏东西了"},
            {"role": "assistant", "content": "可能是肠胃炎，建议先禁食半天观察一下，持续的话带去宠物医院。"}],
     ["狗 吐"], ["肠胃炎", "禁食"]),
    ("zh", [{"role": "user", "content": "推荐个适合新手的健身计划"},
            {"role": "assistant", "content": "可以从每周三次全身训练开始，每次45分钟。你现在的身高体重是多少？"},
            {"role": "user", "content": "体重90公斤 身高175"}],
     ["90", "175"], ["全身训练"]),
]

SESSIONS: list[tuple[str, list[dict[str, str]], list[str], list[str]]] = [
    ("zh", [{"role": "user", "content": "想给儿子报个兴趣班 他今年六岁"},
            {"role": "assistant", "content": "六岁可以试试乐高或者画画，他平时喜欢什么？"},
            {"role": "user", "content": "他喜欢画画 天天在墙上画"},
            {"role": "assistant", "content": "那美术班挺合适的。"}],
     ["六岁|6岁", "画画"], ["乐高", "美术班"]),
    ("zh", [{"role": "user", "content": "最近在看房 预算三百万左右"},
            {"role": "assistant", "content": "在哪个城市呢？"},
            {"role": "user", "content": "杭州 想买滨江那边 离公司近"},
            {"role": "assistant", "content": "滨江房价大概每平五万左右，三百万能买60平左右。"}],
     ["三百万|300万", "滨江"], ["五万", "60平"]),
    ("zh", [{"role": "user", "content": "在吗"},
            {"role": "assistant", "content": "在的，有什么可以帮你？"},
            {"role": "user", "content": "没事 点错了😂"}],
     [], []),
    ("zh", [{"role": "user", "content": "我妈下个月过来住一段时间 她腿脚不好"},
            {"role": "assistant", "content": "可以在卫生间装个扶手，防滑垫也要备上。"},
            {"role": "user", "content": "好主意 我周末去买"}],
     ["妈 腿脚"], ["扶手", "防滑垫"]),
    ("zh", [{"role": "user", "content": "跑步机上跑5公里要多久算正常"},
            {"role": "assistant", "content": "一般人30到35分钟左右。"},
            {"role": "user", "content": "我现在要40分钟 还差得远"}],
     ["40分钟"], ["35分钟"]),
    ("zh", [{"role": "user", "content": "我是程序员 想转产品经理 有戏吗"},
            {"role": "assistant", "content": "有技术背景转产品是有优势的，可以先在内部争取参与需求评审。"},
            {"role": "user", "content": "我们公司不好转 打算年后跳槽直接投产品岗"}],
     ["程序员", "产品"], ["需求评审"]),
]

PAIRS: list[tuple[str, str, str, str, str, str]] = [
    # --- contradictions ---
    ("zh", "contra", "我再一家外企做财务", "上个月跳槽去了一家创业公司 还是做财务", "在哪家公司上班", "创业公司"),
    ("zh", "contra", "我租房住在天通苑", "我们搬到昌平沙河了 房租便宜点", "住在哪", "沙河"),
    ("zh", "contra", "我儿子周六上午学钢琴", "儿子钢琴不学了 改成学围棋了", "儿子学什么兴趣班", "围棋"),
    ("zh", "contra", "我每个月房贷还八千", "提前还了一部分 现在月供五千二", "房贷每月还多少", "五千二|5200"),
    ("zh", "contra", "我老公在腾讯上班", "我老公被裁了 现在在家带娃", "老公做什么工作", "裁|带娃"),
    ("zh", "contra", "我们约好周一去看房", "说错了 看房是周二", "什么时候去看房", "周二"),
    ("zh", "contra", "我打算下个月去日本旅游", "日本算了不去了 改去新加坡", "下个月去哪旅游", "新加坡"),
    ("zh", "contra", "我儿子读三年级", "儿子已经升四年级了", "儿子几年级", "四年级"),
    ("zh", "contra", "我每天加班到十点", "换了部门以后不怎么加班了 六点就能走", "几点下班", "六点|6点"),
    ("zh", "contra", "我养了一只仓鼠", "仓鼠上周死了😭", "养什么宠物", "死|去世"),
    ("zh", "contra", "我写代码用的是VS Code", "最近换成Cursor了 vscode不用了", "用什么编辑器", "cursor"),
    ("zh", "contra", "我是幼儿园老师", "我已经不当老师了 现在在培训机构做课程顾问", "做什么工作", "课程顾问"),
    ("zh", "contra", "我妈一个人住在老家", "我妈今年搬过来跟我们一起住了", "妈妈住哪", "一起住"),
    ("zh", "contra", "我深蹲最多能蹲60公斤", "练了半年 现在深蹲100公斤了", "深蹲多少", "100"),
    ("zh", "contra", "我的领导是张总", "张总调走了 新领导是个90后姓李", "领导是谁", "李"),
    ("zh", "contra", "我工资一个月九千", "涨薪了 现在到手一万一", "工资多少", "一万一|11000"),
    ("zh", "contra", "我不吃辣 一点都不行", "在重庆待了两年 现在无辣不欢", "吃辣吗", "无辣不欢"),
    ("zh", "contra", "我每天骑电动车上班", "电动车被偷了 现在坐公交上班", "怎么上班", "公交"),
    # --- traps: both hold ---
    ("zh", "trap", "我在北京上班", "我老婆在天津上班 每周回来一次", "老婆在哪上班", "天津"),
    ("zh", "trap", "我儿子上四年级", "我侄子上六年级", "侄子几年级", "六年级"),
    ("zh", "trap", "我养了一只猫", "我还养了一只狗", "养了什么宠物", "狗"),
    ("zh", "trap", "我平时用mac写代码", "公司给配了一台thinkpad 开会用", "电脑", "thinkpad|mac"),
    ("zh", "trap", "我每周健身三次", "这周出差一次都没去成", "健身", "三次|一次"),
    ("zh", "trap", "我住在浦东", "下周去北京出差三天", "出差去哪", "北京"),
    ("zh", "trap", "我不吃香菜", "我老公不吃葱", "老公不吃什么", "葱"),
    ("zh", "trap", "我儿子学游泳", "我女儿学跳舞", "女儿学什么", "跳舞"),
    ("zh", "trap", "我工资一个月一万", "年终奖发了三万", "年终奖", "三万|30000"),
    ("zh", "trap", "我以前在阿里干过三年", "现在在网易做游戏策划", "现在在哪工作", "网易"),
]
