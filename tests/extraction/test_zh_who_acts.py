"""Who a Chinese statement is about, read the way a listener would: "我是" before an occupation says what one is, not
one's name; a thing done for one's own relative is an event, not a request to the assistant, and the speaker does
it; a firm's name that jieba tags as a person's, before 的工作, is the speaker's workplace; names listed after a
count are what was counted."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from memories.write.slots import slots_of

SAID = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def contents(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(1, "user", text, SAID, None)], [])]


@pytest.mark.parametrize("text", ["我是会计", "我是厨师", "我是律师", "我是保安", "我是宝妈", "我是白领"])
def test_i_am_an_occupation_is_no_name(text):
    found = contents(text)
    assert found and not any("名字" in c for c in found), found


@pytest.mark.parametrize(("text", "name"), [("我是李娜", "李娜"), ("我叫周航", "周航"), ("我是小陈", "小陈")])
def test_a_name_is_still_a_name(text, name):
    assert any(c.endswith(f"名字是{name}") for c in contents(text))


@pytest.mark.parametrize("text", ["帮我奶奶把药配好了", "给我女儿织了一条围巾", "陪我老公去医院做了检查"])
def test_done_for_ones_relative_is_the_speakers_event(text):
    found = contents(text)
    assert len(found) == 1 and found[0].startswith("用户") and found[0].count("用户") == 2, found


@pytest.mark.parametrize("text", ["帮我查查这个药的副作用", "给我推荐一部电影", "帮我妈看看这个药能不能一起吃"])
def test_a_request_keeps_nothing(text):
    assert contents(text) == []


def test_a_firms_name_before_its_job_is_the_speakers_workplace():
    found = contents("麦当劳的兼职上个月辞了，现在在送快递")
    assert found[0].startswith("用户麦当劳"), found
    assert found[1].startswith("用户") and "快递" in found[1], found
    assert any(s.attribute == "job" for s in slots_of(found[1]))


def test_a_persons_name_before_its_job_stays_theirs():
    found = contents("王浩的工作定下来了")
    assert found and found[0].startswith("王浩"), found


def test_names_after_a_count_stay_with_what_was_counted():
    found = contents("家里有两条狗，旺财和来福")
    assert len(found) == 1 and "两条狗" in found[0] and "旺财" in found[0] and "来福" in found[0], found


@pytest.mark.parametrize("text", ["调岗以后不怎么出差了", "这个月没怎么喝奶茶"])
def test_not_much_is_no_question(text):
    assert contents(text), text
