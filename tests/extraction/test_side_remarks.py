"""Real chats typed as people type (bench/realchat3.py's kind), in words that set does not use: a question put
without a question mark keeps the assistant's answer with it, a numbered list's items are what the answer names,
a result said alone goes with its news, a plan asked for help with is the speaker's plan and moves when they say
it moved, a value told sessions ago is corrected and retired, a clause doing something for "her" is the speaker's."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from memories.extraction.clauses import junk_reason
from tests.extraction.test_everyday import holding, run


def _answers(found):
    return [c.content for c in found if c.about == "assistant"]


@pytest.mark.parametrize(("asked", "reply", "key"), [
    ("docker compose 和 k8s 有啥区别 公司要上云了", "简单说：**Docker Compose** 管单机多容器，**Kubernetes** 管集群。",
     "Kubernetes"),
    ("这个报错是啥意思 ModuleNotFoundError", "说明当前环境没装这个包，用 `pip install requests` 装上就好。",
     "pip install"),
    ("身高175 体重80 帮我排个跑步计划吧", "1. 周一 慢跑 3 公里\n2. 周三 间歇跑 6 组\n3. 周六 长距离 8 公里", "间歇跑"),
    ("why does my sourdough come out flat", "Usually the starter is weak: feed it twice a day and use it at "
     "its **peak**, when it has doubled.", "peak"),
])
def test_a_question_without_a_question_mark_keeps_the_answer(asked, reply, key):
    found, skipped = run(("user", asked), ("assistant", reply))
    assert any(key in a for a in _answers(found)), ([c.content for c in found], skipped)


def test_a_numbered_lists_items_are_what_the_answer_names():
    reply = ("For six people:\n\n1. Roasted beetroot salad with walnuts\n2. Slow-cooked lentil shepherd's pie\n"
             "3. Poached pears in red wine")
    found, _ = run(("user", "need a menu for my in-laws on friday, they're both vegan"), ("assistant", reply))
    answers = _answers(found)
    assert answers and "lentil shepherd's pie" in answers[0] and "Poached pears" in answers[0], answers


def test_only_writing_asked_for_is_a_draft():
    found, _ = run(("user", "这段sql我写错了吗 为什么查不出来"),
                   ("assistant", "`WHERE name = NULL` 要改成 `IS NULL`。"))
    assert not [a for a in _answers(found) if "起草" in a], _answers(found)


@pytest.mark.parametrize(("said", "key"), [
    ("swam my first mile today!! 41:05. arms are jelly", "41:05"),
    ("Weighed myself this morning. 82.4 kg. Progress!", "82.4 kg"),
    ("Finished the Tokyo marathon on Sunday! 3:48:12, can't believe it", "3:48:12"),
])
def test_a_result_said_alone_goes_with_its_news(said, key):
    found, _ = run(("user", said))
    assert [c for c in found if key in c.content and c.content.count(".") <= 3], [c.content for c in found]


def test_a_bare_number_after_a_statement_that_is_no_result_is_left_alone():
    found, _ = run(("user", "We have three cats. 2 of them are ginger."))
    assert not holding(found, "cats in 2"), [c.content for c in found]


@pytest.mark.parametrize(("first", "moved", "new", "old"), [
    ("could you help me plan a picnic for sunday? my nieces are visiting", "ugh they pushed it to Monday",
     "Monday", "sunday"),
    ("pls help me organize a farewell lunch for my boss on thursday", "update: we moved it to friday",
     "friday", "thursday"),
])
def test_a_plan_asked_for_help_with_is_kept_and_moves(first, moved, new, old):
    found, _ = run(("user", first), ("assistant", "Sure! Here are some ideas: **Caprese skewers**."), ("user", moved))
    mine = [c.content for c in found if c.about != "assistant"]
    assert [m for m in mine if new in m], mine
    assert not [m for m in mine if old in m.casefold()], mine


def test_a_time_in_its_own_clause_is_ahead_though_the_other_is_past():
    found, _ = run(("user", "I registered for the Chicago 10k and the race is in 3 weeks."))
    assert [c for c in found if "in 3 weeks (around" in c.content], [c.content for c in found]


def test_comma_spliced_measures_of_ones_own_are_two_statements():
    found, _ = run(("user", "salary is 92k, mortgage is 1800 a month"))
    assert holding(found, "The user's salary is 92k") and holding(found, "The user's mortgage is 1800"), \
        [c.content for c in found]


@pytest.mark.parametrize(("said", "wrong"), [
    ("我儿子下个月满八岁，想给他报个编程班", "用户的儿子想给他"),
    ("我妈最近腰不好，周末打算陪她去做理疗", "用户的妈周末打算陪她"),
])
def test_doing_something_for_her_is_the_speakers_doing(said, wrong):
    found, _ = run(("user", said))
    contents = [c.content for c in found]
    assert not [c for c in contents if c.startswith(wrong)] and [c for c in contents if c.startswith("用户")], contents


@pytest.mark.parametrize(("clause", "reason"), [
    ("那个函数有啥用", "question"), ("没啥事", ""), ("这个如何配置", "question"), ("did the half yesterday!!!", ""),
    ("and if we want to add a second monitor", "question"), ("If we win we'll celebrate", ""),
    ("哦不对我之前记错了", "acknowledgement"),
])
def test_questions_typed_loosely(clause, reason):
    assert junk_reason(clause, any("\u4e00" <= ch <= "\u9fff" for ch in clause)) == reason


# A value told in one session, corrected sessions later with a subject before it: the old memory is retired.
CORRECTED = [
    ("user", "我女朋友小雅下个月生日，她对桃子过敏，蛋糕要注意什么？"),
    ("assistant", "避开桃子和桃味的奶油就好，可以选**巧克力慕斯**。"),
]
FILLER = [("user", f"第{i}个问题：Excel 怎么冻结首行？") for i in range(12)]
LATER = [("user", "哦不对，她不是桃子过敏，是猕猴桃过敏，桃子没事"), ("assistant", "明白，那就避开猕猴桃。")]


@pytest.mark.usefixtures("offline")
def test_a_correction_sessions_later_retires_what_it_corrects(alice) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice.secret}")

    def post(path: str, body: dict[str, Any]) -> Any:
        response = client.post(f"/mem0{path}", data=json.dumps(body), content_type="application/json")
        assert response.status_code == 200, response.content[:500]
        return response.json()

    for day, turns in enumerate([CORRECTED, *([t] for t in FILLER), LATER], start=1):
        at = int(datetime(2026, 3, day, 12, tzinfo=UTC).timestamp())
        post("/v3/memories/add/", {"messages": [{"role": r, "content": t} for r, t in turns], "user_id": "yun",
                                   "timestamp": at})
    top = post("/v3/memories/search/", {"query": "小雅对什么过敏？", "filters": {"user_id": "yun"}, "top_k": 5})
    memories = [r["memory"] for r in top["results"]]
    assert [m for m in memories if "猕猴桃过敏" in m], memories
    assert not [m for m in memories if "对桃子过敏" in m and not m.startswith("用户问")], memories  # the answer stays


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""
