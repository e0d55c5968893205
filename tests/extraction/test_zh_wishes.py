"""Chinese help chats read offline: a wish or a budget asks for options, so the assistant's list is kept as its
answer; how-to questions and writing requests are no facts about the user; between two named people "你" after a
verb is the listener; a verb and its thing the tagger parts still tell something. (bench/realchat4.py)"""

from __future__ import annotations

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from tests.extraction.test_everyday import SAID, run

# (the user's turn, the assistant's reply, what the kept answer must hold)
WISHES = [
    ("打算换一台笔记本电脑，平时写代码用",
     "可以看看这两款：\n1. **ThinkPad T14**：键盘好，接口全；\n2. **MacBook Air M3**：续航长，很安静。",
     ["ThinkPad T14", "推荐"]),
    ("想買個咖啡機 預算五千左右", "可以考慮 **Breville Bambino** 或 **De'Longhi EC685**，都適合新手。",
     ["Breville Bambino"]),
    ("预算两千以内 主要给孩子练琴用", "入门电钢琴可以看 **雅马哈 P-45** 和 **卡西欧 PX-S1100**。", ["P-45"]),
    ("最近想换换口味读点讲经济的书",
     "1. **《贫穷的本质》**：为什么穷人很难摆脱贫困；\n2. **《牛奶可乐经济学》**：用日常小事讲经济学。",
     ["《贫穷的本质》", "《牛奶可乐经济学》"]),
]


@pytest.mark.parametrize(("asked", "reply", "keys"), WISHES, ids=[w[0][:12] for w in WISHES])
def test_the_options_answering_a_wish_or_a_budget_are_kept(asked, reply, keys):
    found, _ = run(("user", asked), ("assistant", reply))
    answers = [c.content for c in found if c.about == "assistant"]
    assert len(answers) == 1 and all(k in answers[0] for k in keys), answers


@pytest.mark.parametrize("said", ["番茄炒蛋怎么炒才嫩", "PPT 怎么把图片裁成圆形", "写首送给毕业班的小诗",
                                  "再来个短一点的", "蘿蔔糕要怎麼煎才不會散"])
def test_a_how_to_question_or_a_writing_request_is_no_fact_about_the_user(said):
    found, _ = run(("user", said))
    assert not found, [c.content for c in found]


def test_the_listener_after_a_verb_is_named_between_two_people():
    turns = [("user", "下周三我陪你去医院复查吧，顺便请你吃个饭", "周琳"), ("user", "好呀，那我在门口等你", "许诺")]
    found = OfflineExtractor().extract([Turn(i, r, t, SAID, n) for i, (r, t, n) in enumerate(turns, 1)], [])
    mine = [c.content for c in found if c.about == "周琳"]
    assert any("陪许诺" in c and "你" not in c for c in mine), mine


@pytest.mark.parametrize(("said", "key"), [("我这个月在控盐", "控盐"), ("最近在控糖，甜的都不碰", "控糖")])
def test_a_verb_and_its_thing_parted_by_the_tagger_still_tell_something(said, key):
    found, _ = run(("user", said))
    assert any(key in c.content for c in found), [c.content for c in found]


def test_a_pet_said_as_what_is_at_home_is_the_one_named_next():
    found, _ = run(("user", "我们家是条泰迪，叫可乐，三岁了"))
    assert any(c.content.startswith("用户的泰迪叫可乐") for c in found), [c.content for c in found]
    assert not any(c.content.startswith("用户叫可乐") for c in found)
