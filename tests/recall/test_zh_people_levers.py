"""Chinese questions about the people around a user (docs/recall.md, "Kinship words and names", "Compound and
noisy queries"): a comparison is searched once per side, and a person asked about by kinship word finds the
memories that use their name (and the reverse), with the real models, in the in-process index and in SQL. Each
test turns its lever off (``RECALL_COMPARISON_PARTS``, ``RECALL_KIN_NAMES``) and shows the difference."""

from __future__ import annotations

from typing import Any

import pytest

from memories.recall import kin
from memories.recall.parts import compared, query_parts
from tests.recall.conftest import contents, save, search

PATHS = ["index", "sql"]


def _path(settings: Any, path: str) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"


def test_a_comparison_is_one_question_per_side(settings) -> None:
    assert compared("林晓峰的表哥和周静谁年纪更大？") == [
        "林晓峰的表哥 谁年纪更大？ 多少岁", "周静 谁年纪更大？ 多少岁"]
    assert compared("王磊跟李娜分别住在哪个城市？") == ["王磊 分别住在哪个城市？", "李娜 分别住在哪个城市？"]
    assert compared("张伟和刘洋是不是在同一家公司？") == ["张伟 是不是在同一家公司？", "刘洋 是不是在同一家公司？"]
    # A bare kinship word on the second side is the first side's owner's.
    assert compared("陈志远的表哥和表姐谁住得远？") == ["陈志远的表哥 谁住得远？", "陈志远的表姐 谁住得远？"]
    for whole in ("王磊住在哪个城市？", "我和老婆周末去哪玩？", "Who is older, Li or Wang?"):
        assert compared(whole) == [whole]
    assert [p.text for p in query_parts("最近好忙。我想问的是：王磊和李娜谁年纪更大？")] == [
        "王磊 谁年纪更大？ 多少岁", "李娜 谁年纪更大？ 多少岁"]
    settings.RECALL_COMPARISON_PARTS = False
    assert [p.text for p in query_parts("王磊和李娜谁年纪更大？")] == ["王磊和李娜谁年纪更大？"]


def test_a_kinship_word_is_bound_to_the_name_beside_it() -> None:
    assert list(kin.bindings("林晓峰：我表哥冯家乐你还不知道吧。")) == [("林晓峰", "表哥", "冯家乐")]
    assert list(kin.bindings("林晓峰：跟你说，冯家乐（我表哥）今年41岁。")) == [("林晓峰", "表哥", "冯家乐")]
    assert list(kin.bindings("孙丽华：我有个表哥叫孙涛。")) == [("孙丽华", "表哥", "孙涛")]
    assert list(kin.bindings("赵雅婷：我高中同学罗慧在北京工作。")) == [("赵雅婷", "高中同学", "罗慧")]
    assert list(kin.bindings("周浩：我表哥在海尔上班。")) == []  # no name beside it
    assert list(kin.bindings("王磊是我上司。", subject="林晓峰")) == [("林晓峰", "上司", "王磊")]
    # As the extractor writes them: the user's "我" is "用户", a named speaker's is their name.
    assert list(kin.bindings("用户的男朋友叫李明")) == [("", "男朋友", "李明")]
    assert list(kin.bindings("王芳（用户的表妹）在银行上班")) == [("", "表妹", "王芳")]
    assert list(kin.bindings("张伟的表哥叫冯家乐", subject="张伟")) == [("张伟", "表哥", "冯家乐")]
    # a name said by what one is called: 小 / 阿 / 老 and one character, or one character twice, after 叫
    assert list(kin.bindings("用户的外甥名叫阿宝")) == [("", "外甥", "阿宝")]
    assert list(kin.bindings("我侄女叫甜甜，在读初一")) == [("", "侄女", "甜甜")]
    assert list(kin.bindings("我妹妹叫老师帮她看看作文")) == []  # a verb's object, not a name


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_an_extracted_introduction_binds_the_name(alice, settings, path) -> None:
    """"我男朋友叫李明，他是医生" is written as "用户的男朋友叫李明" and "李明是医生": a question about the
    boyfriend's job finds the second."""
    _path(settings, path)
    job = "李明是医生"
    save(alice, *[{"content": text} for text in [
        "用户的男朋友叫李明", job, "用户在杭州工作", "用户每天早上跑步五公里", "用户的妈妈是小学老师",
        "用户最近在学吉他", "用户的同事小王下个月结婚"]])
    query = "用户的男朋友是做什么的？"
    settings.RECALL_FEEDBACK = 0.0
    settings.RECALL_KIN_NAMES = False
    assert job not in contents(search(alice, query=query, k=2, floor=False))
    settings.RECALL_KIN_NAMES = True
    assert job in contents(search(alice, query=query, k=2, floor=False))


PEOPLE = [
    "林晓峰：我表哥叫冯家乐，在杭州工作。",
    "林晓峰：冯家乐平时最喜欢下围棋，周末都泡在棋社。",
    "林晓峰：我姑姑的手机号是13812345678。",
    "周浩：我表哥魏家乐在蔚来汽车做客户经理。",
    "周浩：我表哥业余时间喜欢露营。",
    "赵雅婷：我表哥赵勇喜欢打篮球，每周打两次。",
    "赵雅婷：我上司平时爱好钓鱼。",
    "陈志远：我邻居喜欢养花，阳台上全是绿植。",
    "孙丽华：我女儿喜欢画画，每周上两次美术课。",
    "林晓峰：今天加班到很晚，好累。",
    "周浩：周末去爬山了，风景很好。",
    "赵雅婷：最近在学做饭，爱好越来越多了。",
]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_kinship_word_finds_the_memories_that_use_the_name(alice, settings, path, monkeypatch) -> None:
    _path(settings, path)
    for module in ("memories.recall.index.source", "memories.recall.query"):  # the lever alone: 爱好 finds 喜欢 too
        monkeypatch.setattr(f"{module}.concept_terms", lambda query: ())
    save(alice, *[{"content": text} for text in PEOPLE])
    hobby = PEOPLE[1]
    query = "林晓峰的表哥有什么爱好？"
    # The kinship lever alone: feedback from the best hits finds the hobby too in SQL (through "我表哥叫冯家乐").
    settings.RECALL_FEEDBACK = 0.0
    settings.RECALL_KIN_NAMES = False
    assert hobby not in contents(search(alice, query=query, k=2, floor=False))
    settings.RECALL_KIN_NAMES = True
    assert hobby in contents(search(alice, query=query, k=2, floor=False))


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_name_finds_the_memories_that_use_the_kinship_word(alice, settings, path) -> None:
    _path(settings, path)
    extra = ["周浩：我表哥王磊今年四十三岁。", "周浩：我上司的手机号是13900001111。",
             "赵雅婷：我表哥的手机号是13700002222。", "周浩：我表哥的手机号是13611112222。",
             "林晓峰：我表哥的手机号是13533334444。"]
    save(alice, *[{"content": text} for text in [*PEOPLE, *extra]])
    phone = extra[3]
    query = "王磊的手机号是多少？"
    settings.RECALL_KIN_NAMES = False
    assert phone not in contents(search(alice, query=query, k=2, floor=False))
    settings.RECALL_KIN_NAMES = True
    assert phone in contents(search(alice, query=query, k=2, floor=False))


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_both_sides_of_a_comparison_are_found(alice, settings, path, monkeypatch) -> None:
    _path(settings, path)
    for module in ("memories.recall.index.source", "memories.recall.query"):  # the lever alone: 年纪 finds 岁 too
        monkeypatch.setattr(f"{module}.concept_terms", lambda query: ())
    memories = ["王磊今年三十六岁，在腾讯做工程师。", "李娜今年四十一岁了，刚升了经理。", "王磊住在北京朝阳区。",
                "王磊平时喜欢跑步和游泳。", "王磊的邮箱是 wanglei@example.com。", "王磊上个月去上海出差了。",
                "王磊的女儿今年上小学三年级。", "李娜喜欢看电影。", "张伟今年二十九岁。", "刘洋今年五十岁。"]
    save(alice, *[{"content": text} for text in memories])
    query = "王磊和李娜谁年纪更大？"
    settings.RECALL_COMPARISON_PARTS = False
    found = set(contents(search(alice, query=query, k=2, floor=False)))
    assert found != {memories[0], memories[1]}, found
    settings.RECALL_COMPARISON_PARTS = True
    assert set(contents(search(alice, query=query, k=2, floor=False))) == {memories[0], memories[1]}
