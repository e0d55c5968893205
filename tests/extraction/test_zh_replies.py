"""Chinese chats between two named people (bench/zh_conversations.py): a yes to the other's question is the
speaker's statement, a short answer is kept with the question, what follows a yes is a statement of its own, a
question needs no "？", and dates said as "五月十号" or "明年六月" are resolved."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memories.extraction import timeparse
from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from tests.extraction.conftest import API, close, job, run_jobs

SAID = datetime(2026, 4, 14, 12, 0, tzinfo=UTC)  # a Tuesday


def chat(*turns: tuple[str, str]) -> tuple[list[str], list[tuple[int, str]]]:
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", text, SAID, name) for i, (name, text) in enumerate(turns, start=1)],
                              [])
    return [c.content for c in found], [(s.turn, s.reason) for s in extractor.skipped]


@pytest.mark.parametrize(("asked", "reply", "kept"), [
    ("你还在那家银行上班吗", "是的，不过下个月可能调去分行", "陈静还在那家银行上班"),
    ("你是不是养了一只狗？", "对呀，去年领养的，是只柴犬", "陈静养了一只狗"),
    ("诶 你不是在学日语吗", "嗯嗯，每周两节课", "陈静在学日语"),
    ("你们公司是不是在望京", "是的", "公司在望京"),
])
def test_a_yes_keeps_the_question_as_the_speakers_statement(asked, reply, kept):
    found, _ = chat(("周强", asked), ("陈静", reply))
    assert any(kept in c for c in found), found
    assert not any("周强" in c and "陈静" not in c for c in found), found  # the asker's question is not theirs
    assert not any("不是" in c or c.endswith("吗") for c in found), found


@pytest.mark.parametrize(("asked", "reply", "key"), [
    ("你儿子多大了", "五岁了，上中班", "五岁"),
    ("你们那边房租多少", "一个月四千五，押一付三", "四千五"),
    ("你老家是哪的来着", "湖南长沙的", "长沙"),
])
def test_a_short_answer_to_the_other_named_speaker_is_kept_with_the_question(asked, reply, key):
    found, _ = chat(("周强", asked), ("陈静", reply))
    assert any(c.startswith("陈静对“") and key in c for c in found), found


@pytest.mark.parametrize(("asked", "reply"), [("要不要我帮你问问？", "不用了谢谢"), ("你戒烟了？？真的假的", "哈哈哈")])
def test_thanks_or_laughter_after_a_question_give_nothing(asked, reply):
    found, _ = chat(("周强", asked), ("陈静", reply))
    assert found == [], found


def test_the_askers_we_is_the_asker_and_others():
    found, _ = chat(("周强", "要不要来我们公司看看"), ("陈静", "可以啊，周五下午去看"))
    assert found and all("周强们" not in c for c in found), found


@pytest.mark.parametrize(("reply", "key"), [
    ("对啊，不过我下周要去杭州出差", "杭州出差"),
    ("嗯嗯，打算年底换个工作", "换个工作"),
    ("是啊，挺好的，最近天天加班到十点", "加班"),
])
def test_what_follows_a_yes_is_a_statement_of_its_own(reply, key):
    found, _ = chat(("周强", "最近忙不忙"), ("陈静", reply))
    assert any(c.startswith("陈静") and key in c for c in found), found


@pytest.mark.parametrize(("text", "key"), [
    ("好啊，那周六晚上一起吃火锅吧", "火锅"),
    ("行，下个月五号去看房吧", "看房"),
    ("早就辞职了，现在在家带娃", "带娃"),
    ("早搬走了，现在住在浦东", "浦东"),
    ("请了三天假，带我妈去医院体检", "体检"),
])
def test_early_leave_and_a_plan_with_its_day_are_no_greeting_request_or_question(text, key):
    found, _ = chat(("周强", "好久没你消息了"), ("陈静", text))
    assert any(key in c for c in found), found


@pytest.mark.parametrize("text", ["早啊", "早！", "不错啊，这个安排很适合你", "真好，你爸妈肯定很开心",
                                  "明天再说吧", "作业写完没", "他叫什么来着", "你女儿几岁了", "进展到哪一步了",
                                  "那你上次说的不是挺好的吗哈哈"])
def test_greetings_and_questions_without_a_question_mark_give_nothing(text):
    found, skipped = chat(("陈静", text))
    assert found == [] and skipped, found


@pytest.mark.parametrize(("text", "said", "resolved"), [
    ("打算干到明年六月", "2026-12-05", "2027年6月"),
    ("五月十号入职", "2026-04-25", "2026年5月10日入职"),
    ("9月6号报到", "2026-08-05", "2026年9月6日报到"),
    ("下个月五号交房租", "2026-04-13", "2026年5月5日交房租"),
    ("一月三号的机票", "2026-11-20", "2027年1月3日"),
    ("上周去看了五月天", "2026-05-16", "五月天"),
    ("住了三个月", "2026-05-16", "三个月"),
])
def test_a_chinese_date_is_written_with_its_year(text, said, resolved):
    out, _, _ = timeparse.resolve(text, datetime.fromisoformat(f"{said}T10:00+08:00"), True)
    assert resolved in out, out


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.usefixtures("offline")
def test_a_chinese_chat_between_two_named_people_through_the_sessions_api(alice):
    said = [("周强", "你现在还在那家医院当护士吗"), ("陈静", "是呀，不过下个月打算去考研"),
            ("周强", "你家那只猫几岁了"),
            ("陈静", "四岁多，布偶，超粘人")]
    messages = [{"role": "user", "name": name, "content": text, "created_at": f"2026-04-14T12:0{i}:00Z"}
                for i, (name, text) in enumerate(said)]
    response = alice.client.post(f"{API}/sessions/zh-2p/messages", {"scope": "user/1", "messages": messages},
                                 format="json")
    assert response.status_code == 202, response.content[:500]
    done = close(alice, "zh-2p")
    run_jobs()
    assert job(alice, done)["status"] == "succeeded"
    rows = [m["content"] for m in alice.client.get(f"{API}/memories", {"scope": "user/1"}).json()["results"]]
    assert "陈静现在还在那家医院当护士" in rows, rows
    assert any(c.startswith("陈静") and "2026年5月" in c and "考研" in c for c in rows), rows
    assert any(c.startswith("陈静对“") and "布偶" in c for c in rows), rows
    assert not any(c.startswith("周强") for c in rows), rows  # the asker's questions keep nothing of theirs


@pytest.mark.parametrize(("said", "kept"), [
    ("我对虾过敏，有一次吃了就进了急诊", "对虾过敏，有一次吃了就进了急诊"),
    ("最近在学游泳，每周练三次", "在学游泳，每周练三次"),
    ("我买了一台新的咖啡机，用了一周", "咖啡机，用了一周"),
])
def test_a_verb_without_its_thing_stays_with_the_clause_that_names_it(said, kept):
    found = [c.content for c in OfflineExtractor().extract([Turn(1, "user", said)], [])]
    assert len(found) == 1 and kept in found[0], found
