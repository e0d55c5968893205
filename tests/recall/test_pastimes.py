"""A question asking what a person likes to do lifts the memories stating a liking or a pastime of that person
(memories/recall/pastimes.py, RECALL_PASTIME_BOOST), through the real write flow, models and search."""

from __future__ import annotations

import uuid

import pytest
from django.test import override_settings

from memories.recall.attributes import held_by_asked
from memories.recall.pastimes import asks_pastimes, states_pastime, subjects
from tests.recall.conftest import contents, save, search


@pytest.mark.parametrize("question", [
    "What are Priya's hobbies?",
    "what does the user like to do on the weekend",
    "Which sports does Tom play?",
    "What does Lena enjoy doing in her spare time?",
    "How does Omar unwind after work?",
    "What is Jun into these days?",
    "用户有什么兴趣爱好？",
    "小李周末一般都干啥？",
    "她闲暇的时候喜欢做点什么",
    "我表妹没事的时候都玩什么？",
    # something to do asked for: the person's likings answer it
    "Could you recommend some activities for Saturday?",
    "what should we do this weekend",
    "有没有适合下雨天的活动推荐",
    "这周末去哪儿逛逛好",
    "放假想带爸妈出门走走，有什么建議？",
    "下周末想带孩子出门转转，上哪儿比较好",
    "假期陪爸妈出去玩玩，去什么地方",
])
def test_a_question_asking_what_someone_likes_to_do(question: str) -> None:
    assert asks_pastimes(question)


@pytest.mark.parametrize("question", [
    "When did Priya take up knitting?",        # when it began, not what it is
    "How long has Tom been playing chess?",
    "Why did she quit the choir?",
    "Where does Lena work?",
    "他什么时候开始学游泳的？",
    "她为什么不去健身房了？",
    "小李的电话是多少？",
    "推荐几部好看的电影",
    "他假期去哪了？",
    "国庆我打算去哪儿来着",
    "Can you recommend a good laptop?",
])
def test_other_questions_ask_for_no_pastime(question: str) -> None:
    assert not asks_pastimes(question)


@pytest.mark.parametrize("statement", [
    "Sam: honestly I adore baking sourdough on Sundays",
    "I've gotten super into bouldering since March",
    "Painting is my favourite way to switch off.",
    "Ravi picked up the ukulele over the winter",
    "王磊这阵子沉迷拼图，一拼就是一下午。",
    "我外婆一有空就去公园打太极。",
    "小周的兴趣是收集邮票",
    "她特别热爱跳舞。",
])
def test_a_statement_of_a_liking_or_a_pastime(statement: str) -> None:
    assert states_pastime(statement)


@pytest.mark.parametrize("statement", [
    "Sam: my number is 555 0142",
    "Do you enjoy hiking?",                   # a question states nothing
    "王磊在腾讯做后端开发。",
    "我爱人下个月去上海出差。",                 # 爱人: a spouse, not a liking
])
def test_other_statements_state_no_pastime(statement: str) -> None:
    assert not states_pastime(statement)


def test_whom_a_statement_speaks_of() -> None:
    assert subjects("Sam: I adore baking") == {"sam"}
    assert subjects("I adore baking") == {"self"}
    assert {"~aunt"} <= subjects("陈涛：我姑姑一有空就去钓鱼")
    assert "陈涛" not in subjects("陈涛：我姑姑一有空就去钓鱼")  # the speaker tells of someone else


def test_a_question_that_opens_with_a_time_asks_of_the_user() -> None:
    rows: list[tuple[uuid.UUID, list[str], str]] = [(uuid.uuid4(), [], "用户喜欢去植物园拍花"),
                                                   (uuid.uuid4(), [], "用户的同事周末爱打台球")]
    filled = [(rows[0][0], "self"), (rows[1][0], "~colleague")]
    for question in ("下周末想出门转转，上哪儿比较好？", "明天下午有空，干点什么好"):
        assert held_by_asked(question, rows, filled) == {rows[0][0]}, question


def test_a_named_person_s_pastime_comes_before_their_other_memories(alice) -> None:
    save(alice, {"content": "Mina: this is my colleague Theo, he just joined the design team."},
         {"content": "Mina: Theo's phone number is 555 0199."},
         {"content": "Mina: Theo's desk is next to the window on the third floor."},
         {"content": "Mina: Theo got hooked on trail running last spring."},
         {"content": "Mina: I got hooked on pottery classes."})
    answer = "Mina: Theo got hooked on trail running last spring."
    for question in ("What are Theo's hobbies?", "What does Theo do in his free time?"):
        assert contents(search(alice, query=question, k=1, floor=False)) == [answer], question
    with override_settings(RECALL_PASTIME_BOOST=0.0):  # his phone number and his introduction come first
        assert contents(search(alice, query="What are Theo's hobbies?", k=1, floor=False)) != [answer]


def test_a_relative_s_pastime_in_chinese(alice) -> None:
    save(alice, {"content": "周敏：介绍一下，这是我表弟，叫韩磊。"},
         {"content": "周敏：我表弟的手机号是139 0000 1234。"},
         {"content": "周敏：我表弟在南京读研究生。"},
         {"content": "周敏：我表弟一到周末就去钓鱼，雷打不动。"},
         {"content": "周敏：我同事一到周末就去爬山。"})
    answer = "周敏：我表弟一到周末就去钓鱼，雷打不动。"
    for question in ("周敏的表弟有什么爱好？", "韩磊平时喜欢干嘛？"):
        lifted = contents(search(alice, query=question, k=5, floor=False))
        with override_settings(RECALL_PASTIME_BOOST=0.0):  # below his introduction, phone and studies
            plain = contents(search(alice, query=question, k=5, floor=False))
        assert lifted.index(answer) <= 1 and lifted.index(answer) < plain.index(answer), question
        assert "周敏：我同事一到周末就去爬山。" not in lifted[:2]  # someone else's pastime is not lifted
