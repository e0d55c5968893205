"""A Chinese list of the writer's own news (``memories.extraction.lists_zh``): each item kept as the writer's."""

from __future__ import annotations

import pytest

from memories.extraction.lists_zh import listed_zh
from tests.extraction.test_everyday import holding, run


@pytest.mark.parametrize(("message", "keys"), [
    ("这阵子的动态：1、报了个瑜伽班 2、把猫送去绝育了 3、辞了兼职", ["瑜伽", "绝育", "兼职"]),
    ("同步一下新情况\n· 调去了上海分公司\n· 房子租在徐汇", ["上海分公司", "徐汇"]),
    ("（1）考过了科目二（2）换了新手机", ["科目二", "手机"]),
    ("- 辞掉了家教\n- 开始练拳击\n- 老公升职了", ["家教", "拳击", "升职"]),
    ("先自我介绍一下 ①在工地开塔吊 ②老家甘肃天水", ["塔吊", "天水"]),
])
def test_a_list_of_news_keeps_every_item_as_its_own_memory(message, keys):
    found, _ = run(("user", message))
    contents = [c.content for c in found]
    assert all(holding(found, key) for key in keys), contents
    assert len({next(c for c in contents if key in c) for key in keys}) == len(keys), contents
    assert not [c for c in contents if "动态" in c or "新情况" in c or "介绍" in c], contents


@pytest.mark.parametrize("text", [
    "采购单：1. 大米 2. 食用油 3. 洗衣液",  # a list led by something else: left for the notes reader
    "麻烦帮我润色：1. 本季度营收上涨 2. 成本下降",  # work on text
    "配速是5.5 今天跑了1.2万步",  # numbers in values
    "只有一点：1. 别迟到",  # one number alone
])
def test_what_is_no_list_of_news_is_not_rewritten_as_one(text):
    out = listed_zh(text)
    assert out == text or all(line.startswith("- ") for line in out.split("\n")[1:]), out


def test_a_shopping_list_keeps_nothing():
    found, _ = run(("user", "采购单：1. 大米 2. 食用油 3. 洗衣液"))
    assert not found, [c.content for c in found]
