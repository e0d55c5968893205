"""A Chinese question asking what holds now: its words of "now" match nothing (``recall.query``: "我现在…" matched
every memory that said 现在 about anything), and a question of one's weight by its units asks for the weight slot
(``recall.attributes``). Worded unlike the long-memory sets (bench/realchat*_zh.py)."""

from __future__ import annotations

import pytest

from memories.recall.attributes import asked_attributes
from memories.recall.query import query_terms
from tests.recall.conftest import contents, save, search


@pytest.mark.parametrize("question", ["我目前住在哪个小区？", "他如今在哪儿上班", "你最近一次推荐的电影是哪部？"])
def test_words_of_now_are_no_search_words(question: str) -> None:
    words = {w for w, _ in query_terms(question)}
    assert not words & {"目前", "目", "如今", "如", "今", "最近", "现在", "现"}, words


def test_a_query_of_now_alone_keeps_its_words() -> None:
    assert query_terms("现在")


@pytest.mark.parametrize(("question", "wanted"), [
    ("她现在多少公斤了？", {"weight"}), ("我体重多少来着", {"weight"}), ("我爸几斤？", {"weight"}),
    ("她的目标体重是多少？", set()), ("菜市场的排骨一斤多少钱？", set()), ("这箱橙子有几斤重，能扛得动吗", set()),
])
def test_weight_asked_by_its_units(question: str, wanted: set[str]) -> None:
    assert asked_attributes(question) & {"weight"} == wanted


def test_the_weight_comes_before_what_merely_said_now(alice) -> None:
    save(alice, {"content": "用户现在每天早上六点起床跑步"}, {"content": "用户现在在学游泳，周末去体育馆"},
         {"content": "用户的体重降到了六十二公斤"}, {"content": "用户现在在一家外贸公司做单证"})
    assert contents(search(alice, query="我现在多少公斤？", k=3, floor=False))[0] == "用户的体重降到了六十二公斤"
