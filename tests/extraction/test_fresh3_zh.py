"""Chinese as bench/fresh3_zh_set.py's people type it, said in other words than the set: 再 typed for 在, an "ok"
before an acknowledgement, a question asked with 啥 or 要多久 and no question mark, a job said with a word jieba tags
as a direction (前端), 他/她 in a reply naming the relative an earlier turn spoke of, and an answer to the
assistant's question that picks one of its suggestions (no echo)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.dialect import standard_zh
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str) -> list[str]:
    said = [Turn(n + 1, "assistant" if t.startswith("A:") else "user", t.removeprefix("A:"), SAID)
            for n, t in enumerate(turns)]
    return [c.content for c in OfflineExtractor().extract(said, [])]


@pytest.mark.parametrize(("typed", "meant"), [
    ("我再广州一家医院上班", "我在广州一家医院上班"),  # before a place name
    ("我正再找工作", "我正在找工作"),
    ("孩子现再上初二", "孩子现在上初二"),
    ("我再一家物流公司做会计", "我在一家物流公司做会计"),  # before a company counted
])
def test_zai_typed_as_zai(typed, meant):
    assert standard_zh(typed)[0] == meant


@pytest.mark.parametrize("said", ["我再想想", "下次再说吧", "我再去一趟上海", "再来一份", "我再也不熬夜了"])
def test_zai_meaning_again_stays(said):
    assert standard_zh(said)[0] == said


@pytest.mark.parametrize("said", ["okk 明白", "OK收到", "Okay好的", "租房和买房有啥区别", "从北京开车到天津要多久",
                                  "这个词是啥意思"])
def test_nothing_to_keep(said):
    assert kept(said) == []


def test_a_job_jieba_tags_as_a_direction_is_kept():
    assert any("前端" in c for c in kept("我老婆是搞前端的"))
    assert any("前端" in c for c in kept("我现在转前端了"))


def test_a_pronoun_in_a_reply_is_the_relative_an_earlier_turn_named():
    found = kept("我老公最近老加班", "A:注意提醒他休息。他一般几点下班？", "他基本十点以后才回家")
    assert "用户的老公基本十点以后才回家" in found, found
    # 他 is not a mother
    assert not any("妈说" in c or "妈一个月" in c for c in kept("我妈腿疼", "A:多久了？", "他说一个月了"))


def test_an_answer_that_picks_a_suggestion_is_no_echo():
    found = kept("想给闺女报个班", "A:可以试试舞蹈或者围棋，她喜欢哪个？", "她喜欢舞蹈")
    assert any("舞蹈" in c and "女" in c for c in found), found
