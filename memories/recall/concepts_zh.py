"""The words a Chinese statement uses for what a question asks in other words: "我家现在住哪？" is answered
by "刚从鼓楼搬到江宁", "我是哪里人？" by "老家赣州的", "我在单位是什么岗位？" by "在那家车企上班", "我有多高？"
by "一米六二". The lexical leg matches the question's own words; a question that asks about one of these concepts
(``_CONCEPTS``' patterns read the question) gets the concept's words as one more term, any of them matching it (the
in-process index: one term of alternatives, as a prefix's expansions, joined to the question's own term when it
holds one of them, so a memory's coverage of the question is not diluted; SQL: the words OR-ed into the full-text
query). Each concept is a class of the words said for one thing (where one lives, where one comes from, one's
work, height, weight, health, pay, rent, a name, a liking, a trip, a school, age, a home's size, a cost, a pet, a
way of getting about, what one must not eat, what to eat, a medicine, a relative, a spouse, an instrument, a
sport, a computer or a phone, a spreadsheet's function, one's family), not examples; the words are as jieba
segments them (``text.search_words``), so the index holds them as tokens."""

from __future__ import annotations

import functools
import re

_CONCEPTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), tuple(words.split())) for pattern, words in (
        # where one lives: 住 / 家在 / 搬到 / 定居
        (r"住|家在|搬|定居|安家|落户|地址", "住 搬 搬家 定居 安家 落户 租 房子 买房 二手房 新房 小区 出租屋"),
        # where one comes from
        (r"哪(?:里|儿)?的?人[？?]?$|哪(?:里|儿)?的?人(?!家)|哪个(?:地方|省|城市)的?人|老家|家乡|籍贯|故乡|祖籍|出生地|在哪(?:里|儿)?出生",
         "老家 家乡 籍贯 故乡 祖籍 出生"),
        # one's work: 工作 / 上班 / 单位 / 岗位
        # (and the class of titles a post is named by: 组长, 经理, 主管 …; "升成组长" is a promotion)
        (r"工作|上班(?!的?路|途中)|单位|公司|岗位|职位|职务|职业|职称|干哪一?行|什么行业|做什么的|干什么的|干啥的|入职|跳槽|"
         r"升职|晋升|提拔|升了?(?:什么|啥)|当上|在哪(?:里|儿)?[干做]",
         "工作 上班 单位 公司 入职 就职 任职 报到 岗位 职位 职务 转岗 跳槽 上岗 晋升 升职 升 提拔 转正 offer "
         "组长 主管 经理 总监 主任 负责人 leader 总经理 副总 总裁 合伙人 店长 领班 队长 科长 处长 实习生 专员 助理"),
        # height, weight
        (r"多高|身高|个子|个头|多少厘米|几米", "身高 个子 个头 米 厘米 cm"),
        (r"多重|体重|多少斤|几斤|多少公斤|几公斤|减肥|胖了|瘦了", "体重 斤 公斤 kg 减肥"),
        # health
        (r"身体|毛病|健康|生病|什么病|体检|看病|病了|哪里不舒服|检查结果|化验|指标|复查|查出",
         "身体 病 体检 血压 血糖 血脂 医生 医院 住院 手术 检查 吃药 炎 症 癌 发烧 感冒 咳嗽 疼 痛 骨折 过敏"),
        # pay, rent
        (r"工资|薪水|月薪|年薪|薪资|收入|挣多少|赚多少|待遇", "工资 薪水 月薪 年薪 薪资 收入 待遇 涨薪"),
        (r"房租|租金|租房", "房租 租金 租"),
        # a name
        (r"叫什么|叫啥|名字|姓名|怎么称呼", "叫 名字 名叫 取名 起名"),
        # a liking
        (r"爱好|喜欢|兴趣|爱干|爱做", "喜欢 爱 爱好 兴趣 热爱 迷"),
        # a trip
        # (the places one has been: "去过哪些城市" is answered by a trip, a holiday or a business trip)
        (r"去哪(?:里|儿)?玩|旅游|旅行|出去玩|度假|出游|去过(?:哪|几|什么)|(?:哪些|哪几个|几个|什么)(?:城市|地方)",
         "玩 旅游 旅行 度假 出游 自驾 出差 攻略 行程 去了 去过"),
        # school: which one a child attends (学 alone is learning anything)
        (r"学校|上学|读书|念书|哪所|就读|入学|幼儿园|年级|小学|中学|初中|高中",
         "学校 小学 中学 初中 高中 大学 幼儿园 上学 读书 念书 入学 就读 年级 转学 升学 学位"),
        # age, and a home's size ("多大" of a home is its area, "多大了" of a person the age)
        (r"几岁|多大了|多大年纪|年纪|年龄|岁数|多少岁|周岁", "岁 周岁 年纪 年龄 属"),
        (r"面积|多少平|几平|(?:房子?|屋|家|公寓|套房|新房|房间)[^，,？?]{0,4}多大",
         "平 平米 平方 平方米 面积 居室 室 厅"),
        # what something costs
        (r"多少钱|花了?多少|费用|价格|价钱|预算|总价|开销|花销|花费|贵不贵|多少万|几万|几千",
         "钱 元 块 万 千 预算 费用 总价 价格 价钱 开销 花销 花费 成本"),
        # an animal one keeps: the class of pets and their common breeds
        (r"宠物|动物|养了?(?:什么|啥|哪)|养的|养着",
         "宠物 猫 狗 犬 猫咪 狗狗 鱼 鸟 兔 兔子 仓鼠 龟 乌龟 鹦鹉 柯基 泰迪 金毛 哈士奇 柴犬 拉布拉多 边牧 比熊 博美 "
         "萨摩耶 法斗 雪纳瑞 阿拉斯加 德牧 橘猫 布偶 英短 美短 暹罗 蓝猫 狸花 加菲"),
        # how one gets about
        (r"交通工具|代步|通勤|上下班|怎么去|怎么来|怎么回|坐什么|开什么车|骑什么|开车还是",
         "车 开车 骑 骑车 地铁 公交 电动车 电瓶车 自行车 单车 汽车 摩托 打车 步行 走路 通勤 高铁 轮渡"),
        # what one must not eat or take
        (r"忌口|禁忌|不能吃|不吃什么|不能碰|吃不了|过敏|不能用什么药",
         "过敏 忌口 禁忌 不能吃 不吃 吃不了 不能碰 忌"),
        # one's spouse or partner, whatever the word (爱人 is indexed as "spouse", 老婆 as "wife")
        (r"爱人|配偶|另一半|伴侣|对象|媳妇|夫人",
         "爱人 配偶 伴侣 对象 老婆 老公 妻子 丈夫 太太 媳妇 女朋友 男朋友 wife husband spouse girlfriend boyfriend"),
        # something to eat asked for: the answer is what one likes, can't or mustn't eat, and one's tastes
        (r"推荐[^，,。？?]{0,6}(?:吃的|吃|菜|餐厅|馆子|饭店|美食)|吃(?:点)?(?:什么|啥)好|去哪(?:儿|里)?吃|请客|聚餐|"
         r"做(?:什么|啥)菜|点(?:什么|啥)菜|外卖|点餐|订餐|菜谱|食谱|菜单|[早午晚]饭吃|想吃(?:点)?(?:什么|啥)",
         "喜欢 爱吃 能吃 吃不了 不吃 不能吃 忌口 过敏 口味 最爱 辣 甜 咸 酸 清淡 重口"),
        # a medicine, by the class a drug's name shows (the parts jieba cuts from it: 缬沙坦 → 沙坦, 氨氯地平 → 地平)
        (r"什么药|啥药|哪种药|哪个药|哪些药|吃的药|吃药|用药|服药|药物|药名|处方",
         "药 药物 吃药 服药 用药 开药 换药 处方 医生 片 胶囊 降压药 沙坦 地平 普利 洛尔 他汀 双胍 西林 霉素 头孢 沙星 "
         "布洛芬 阿司匹林 胰岛素 激素 维生素 钙片 叶酸 奥司他韦 感冒药 消炎药 止痛药 安眠药"),
        # a relative, whichever one: the class of kinship words beyond one's parents, spouse and children
        (r"亲戚|亲属|亲眷|远房|沾亲",
         "亲戚 亲属 表姐 表哥 表弟 表妹 堂哥 堂姐 堂弟 堂妹 舅舅 舅妈 姑姑 姑父 姑妈 姨 姨妈 小姨 大姨 姨父 表姨 表舅 "
         "叔叔 婶婶 伯伯 伯母 爷爷 奶奶 外公 外婆 姥姥 姥爷 公公 婆婆 岳父 岳母 侄子 侄女 外甥 外甥女 嫂子 姐夫 妹夫 "
         "弟媳 连襟 妯娌 亲家"),
        # a musical instrument, a sport: the classes a question names by their category
        (r"乐器",
         "乐器 琴 吉他 钢琴 小提琴 大提琴 古筝 二胡 琵琶 笛子 尤克里里 架子鼓 鼓 贝斯 萨克斯 口琴 长笛 单簧管"),
        # a computer, a phone: the class of the devices and the brands they are named by ("公司发的ThinkPad")
        (r"电脑|笔记本|计算机",
         "电脑 笔记本 计算机 台式机 mac macbook imac thinkpad 联想 戴尔 dell 惠普 hp 华硕 宏碁 华为 matebook "
         "荣耀 小米 surface 苹果 windows 外星人 拯救者"),
        (r"手机", "手机 iphone 苹果 华为 小米 红米 oppo vivo 荣耀 三星 一加 魅族 pixel 安卓"),
        # a spreadsheet's functions, the class a "which formula / function" question asks for
        (r"函数|公式",
         "函数 公式 xlookup vlookup hlookup lookup index match sumif sumifs countif countifs averageif iferror "
         "if sum left right mid text 透视表"),
        # one's family, whoever: the class of the words for one's parents, siblings and home
        (r"家人|家里人|家里的人|亲人|家属|一家人",
         "家人 家里 爸 妈 爸爸 妈妈 父母 父亲 母亲 哥哥 姐姐 弟弟 妹妹 哥 姐 弟 妹 老家 兄弟 姐妹 爷爷 奶奶 "
         "外公 外婆 姥姥 姥爷"),
        (r"运动|锻炼|健身|体育",
         "运动 锻炼 健身 跑步 跑 马拉松 半马 游泳 瑜伽 普拉提 羽毛球 篮球 足球 乒乓球 网球 排球 爬山 徒步 骑行 "
         "八段锦 太极 快走 滑雪 攀岩 拳击 跳绳 球"),
    ))


_MONEY = "钱"  # the first word of what something costs: a question about pay or rent asks for that kind of money
_MONEY_KINDS = frozenset(("工资", "房租"))


@functools.lru_cache(maxsize=4096)
def concept_terms(query: str) -> tuple[tuple[str, ...], ...]:
    """For each concept the (Chinese) question asks about, the words that state it; none for other questions."""
    if not re.search(r"[\u4e00-\u9fff]", query):
        return ()
    found = tuple(words for pattern, words in _CONCEPTS if pattern.search(query))
    if any(words[0] in _MONEY_KINDS for words in found):  # "房租多少钱": the rent, not every price said
        found = tuple(words for words in found if words[0] != _MONEY)
    return found
