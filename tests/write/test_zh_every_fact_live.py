"""Every distinct Chinese fact stays live (memories/write/anchors.py): a fact about a person known by a kinship or
role word is kept beside another person's, a fact that adds a value to what an earlier one said (an introduction)
retires nothing, a question states nothing to update, and education levels, jobs, phones and dates are values,
not people. Only a true update of one value supersedes; only real ambiguity waits in review. Written in everyday
wording, through the REST API with the real models."""

from __future__ import annotations

import pytest

from memories.write.anchors import anchors, texts_sameness
from memories.write.policy import Sameness
from tests.api.conftest import API, get
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("old", "new"), [
    ("我女儿叫林小雨。", "我女儿林小雨今年七岁了，上二年级。"),  # the introduction stays beside the fact
    ("王磊是我表哥。", "我表哥王磊的手机号是13912345678，你存一下。"),
    ("我小姨今年四十二了。", "周敏今年二十七了。"),  # a kin word and another person's name
    ("我上司今年四十五岁。", "我下属今年二十六岁。"),
    ("我大舅住在成都，退休好几年了。", "我表姐住在成都，在银行上班。"),
    ("帮我算一下，12乘以7等于多少？", "帮我算一下，30乘以4等于多少？"),  # two questions, not an update
    ("王磊的手机号是多少来着？", "王磊的手机号是13912345678。"),  # a question and its answer
    ("我表哥过生日是12月25号。", "我表姐的生日是4月2号。"),  # two cousins, not one
    ("我大舅今年六十了。", "我小舅今年五十了。"),
    ("刚跑完步，5公里用了32分钟。", "话说，刚跑完步，5公里用了35分钟。"),  # two runs, two episodes
    ("I just ran 5 km in 32 minutes.", "I just ran 5 km in 35 minutes."),
    ("最近在看《活着》，看了五十页。", "最近在看《围城》，看了六十页。"),  # two books
])
def test_another_fact_is_not_the_same_fact(old: str, new: str) -> None:
    assert texts_sameness(old, new) is Sameness.DIFFERENT
    assert texts_sameness(new, old) is Sameness.DIFFERENT


@pytest.mark.parametrize(("old", "new"), [
    ("我表弟今年36岁。", "我表弟今年37岁了。"),
    ("我下属是大专学历。", "我下属是本科学历。"),
    ("我上司的生日是3月5号。", "我上司的生日是4月5号。"),
    ("对了，我父亲今年六十二岁。", "我爸今年六十三岁了。"),  # the same father, said two ways
    ("我们的季度会议在周四。", "话说，我们的季度会议改到周六了。"),
    ("今天的会议改到下午3点。", "今天的会议又改到下午4点了。"),  # today's meeting, moved again
])
def test_a_changed_value_of_one_persons_fact_is_the_same_fact(old: str, new: str) -> None:
    assert texts_sameness(old, new) is Sameness.SAME


def test_function_words_are_not_values() -> None:
    # 记一下 / 有点: jieba tags 一下 and 有点 numerals; they state no value.
    assert not anchors("帮我记一下，我有点累。").values
    assert {"本科", "13912345678"} <= anchors("我表哥是本科学历，手机13912345678。").values


WRITTEN = [
    "林晓峰：我女儿叫林小雨。",
    "林晓峰：我女儿林小雨今年七岁了。",
    "林晓峰：我下属周敏今年二十六岁。",
    "林晓峰：我表哥今年三十六岁。",
    "林晓峰：我上司是硕士学历，在华为做产品经理。",
    "林晓峰：我表哥是本科学历，在腾讯做工程师。",
    "林晓峰：我表哥的手机号是13912345678。",
    "林晓峰：我上司的手机号是13887654321。",
    "林晓峰：帮我算一下，12乘以7等于多少？",
    "林晓峰：帮我算一下，30乘以4等于多少？",
    "赵雅婷：我女儿今年十一岁了。",
]


@pytest.mark.parametrize("batch", [False, True], ids=["one-by-one", "one-batch"])
def test_distinct_chinese_facts_all_stay_live(alice: KeyedClient, batch: bool) -> None:
    items = [{"scope": "user/zh", "content": text} for text in WRITTEN]  # plain content, as most clients send
    if batch:
        response = alice.client.post(f"{API}/memories", items, format="json")
        assert response.status_code == 201, response.content[:2000]
        made = response.json()
    else:
        made = []
        for item in items:
            response = alice.client.post(f"{API}/memories", item, format="json")
            assert response.status_code == 201, response.content[:2000]
            made.append(response.json())
    assert [m["resolution"]["action"] for m in made] == ["created"] * len(WRITTEN)
    assert [get(alice, m["id"])["status"] for m in made] == ["active"] * len(WRITTEN)


@pytest.mark.parametrize(("old", "new"), [
    ("今天开了一整天的会，累死了。", "对了，今天开了一整天的会，累死了。"),  # said again
    ("周末不想出门，就想在家躺平。", "话说，周末不想出门，就想在家躺平。"),  # said again: nothing changed
    ("好的，记住了。", "收到，已经记下来了。"),  # nothing named, nothing stated
    ("助手：好的，记住了。", "助手：收到，已经记下来了。"),  # the speaker names nothing the text is about
    ("帮我写个请假条，周一要去医院复查。", "帮我写个请假条，周三要去医院复查。"),  # two requests
    ("帮我查一下，从深圳坐高铁到青岛要多久？", "诶，帮我查一下，从深圳坐高铁到青岛要多久？"),  # asked again
    ("今天体重66公斤，又胖了。", "今天体重60公斤，又胖了。"),  # two days' episodes
    ("这周又是8个会，我真的会谢。", "这周又是9个会，我真的会谢。"),
    ("助手：挺好的，周二人可能会多一些。", "助手：挺好的，周六人可能会多一些。"),  # an assistant's replies
    ("对了，今天心情不错，项目终于上线了。", "话说，今天心情不错，项目终于上线了。"),  # two openers, one message
    ("我姐姐陈雨桐是三月十五号生的。", "记一下陈雨桐（我姐姐）的号码：186-6566-6141。"),  # another attribute
    ("我那个姑姑今年六十一了。", "我姑姑是11月2号生的。"),
    ("刘静是我带的实习生。", "我带的实习生刘静过完生日就24岁了。"),  # the fuller one adds a value
])
def test_what_changes_nothing_retires_nothing(old: str, new: str) -> None:
    assert texts_sameness(old, new) is Sameness.DIFFERENT


def test_a_negation_is_a_change_not_a_restatement() -> None:
    assert texts_sameness("我表哥喜欢打篮球。", "我表哥不喜欢打篮球了。") is Sameness.SAME


def test_my_role_word_said_by_two_speakers_is_two_people(alice: KeyedClient) -> None:
    """"我下属" of one speaker is not another speaker's: the slot both fill is two people's (memories/write/slots.py,
    ``other_subjects``); the same speaker's new value still supersedes."""
    made = [alice.client.post(f"{API}/memories", {"scope": "user/zh", "content": text}, format="json").json()
            for text in ("周浩：我下属的邮箱是wuwenbo2001@163.com。", "孙丽华：我下属的邮箱是fuhaiyan1975@sina.com。")]
    assert [get(alice, m["id"])["status"] for m in made] == ["active", "active"]
    body = {"scope": "user/zh", "content": "周浩：我下属的邮箱换成了wwb@qq.com。"}
    update = alice.client.post(f"{API}/memories", body, format="json").json()
    assert update["resolution"]["action"] == "superseded"
    assert [get(alice, m["id"])["status"] for m in made] == ["deprecated", "active"]
