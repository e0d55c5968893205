"""The words a Chinese statement uses for what a question asks in other words: "我家现在住哪？" is answered
by "刚从鼓楼搬到江宁", "我是哪里人？" by "老家赣州的", "我在单位是什么岗位？" by "在那家车企上班", "我有多高？"
by "一米六二". The lexical leg matches the question's own words; a question that asks about one of these concepts
(``_CONCEPTS``' patterns read the question) gets the concept's words as one more term, any of them matching it (the
in-process index: one term of alternatives, as a prefix's expansions, joined to the question's own term when it
holds one of them, so a memory's coverage of the question is not diluted; SQL: the words OR-ed into the full-text
query). Each concept is a class of the words said for one thing (where one lives, where one comes from, one's
work, height, weight, health, pay, rent, a name, a liking, a trip), not examples; the words are as jieba segments
them (``text.search_words``), so the index holds them as tokens."""

from __future__ import annotations

import functools
import re

_CONCEPTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), tuple(words.split())) for pattern, words in (
        # where one lives: 住 / 家在 / 搬到 / 定居
        (r"住|家在|搬|定居|安家|落户|地址", "住 搬 搬家 定居 安家 落户 租"),
        # where one comes from
        (r"哪(?:里|儿)?的?人[？?]?$|哪(?:里|儿)?的?人(?!家)|哪个(?:地方|省|城市)的?人|老家|家乡|籍贯|故乡|祖籍|出生地|在哪(?:里|儿)?出生",
         "老家 家乡 籍贯 故乡 祖籍 出生"),
        # one's work: 工作 / 上班 / 单位 / 岗位
        (r"工作|上班(?!的?路|途中)|单位|公司|岗位|职位|职务|职业|干哪一?行|什么行业|做什么的|干什么的|干啥的|入职|跳槽|在哪(?:里|儿)?[干做]",
         "工作 上班 单位 公司 入职 就职 任职 岗位 职位 职务 转岗 跳槽 上岗"),
        # height, weight
        (r"多高|身高|个子|个头|多少厘米|几米", "身高 个子 个头 米 厘米 cm"),
        (r"多重|体重|多少斤|几斤|多少公斤|几公斤|减肥|胖了|瘦了", "体重 斤 公斤 kg 减肥"),
        # health
        (r"身体|毛病|健康|生病|什么病|体检|看病", "身体 病 体检 血压 血糖 血脂 医生 医院 住院 手术 检查 吃药"),
        # pay, rent
        (r"工资|薪水|月薪|年薪|薪资|收入|挣多少|赚多少|待遇", "工资 薪水 月薪 年薪 薪资 收入 待遇 涨薪"),
        (r"房租|租金|租房", "房租 租金 租"),
        # a name
        (r"叫什么|叫啥|名字|姓名|怎么称呼", "叫 名字 名叫 取名 起名"),
        # a liking
        (r"爱好|喜欢|兴趣|爱干|爱做", "喜欢 爱 爱好 兴趣 热爱 迷"),
        # a trip
        (r"去哪(?:里|儿)?玩|旅游|旅行|出去玩|度假|出游", "玩 旅游 旅行 度假 出游 自驾"),
    ))


@functools.lru_cache(maxsize=4096)
def concept_terms(query: str) -> tuple[tuple[str, ...], ...]:
    """For each concept the (Chinese) question asks about, the words that state it; none for other questions."""
    if not re.search(r"[\u4e00-\u9fff]", query):
        return ()
    return tuple(words for pattern, words in _CONCEPTS if pattern.search(query))
