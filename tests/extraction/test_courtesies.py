"""Courtesies between two named speakers are no memory (docs/extraction.md, the junk rule: thanks, compliments, pep
talk), in English and Chinese: gratitude for the other's support, praise of their grit or a forecast of their
success, keeping them posted, agreeing, an eagerness or a certainty that names nothing. What names something is kept.
And "<a group> and I <verb>" is one subject, not a fragment and a statement."""

from __future__ import annotations

import pytest

from tests.extraction.test_information import chat

RAN = ("Ben", "I ran my first half marathon on Sunday.")
BEN_RAN = ([1], "Ben ran Ben's first half marathon on Sunday.")
ZH_RAN = ("小林", "我周日跑完了第一个半程马拉松。")


@pytest.mark.parametrize("reply", [
    "Your encouragement really means a lot to me.",
    "Honestly your belief in me is such a boost.",
    "Thanks, your kind words always motivate me.",
    "You've really got guts, man.",
    "Wow, you have got so much talent!",
    "All that hard work is gonna pay off for you.",
    "You'll be an awesome coach one day.",
    "That must've felt amazing.",
    "I'll keep that in mind!",
    "I'll let you know how it goes.",
    "I knew you'd pull it off.",
    "I have no doubt you'll crush the next one.",
    "I feel the same way!",
    "You're so right about that.",
    "I can't wait to hear more!",
    "Long time no see! I haven't spoken with you for so long.",
    "Hey! We haven't caught up for a while.",
    "Ooh, I'll definitely add that to my reading list.",
])
def test_a_courtesy_to_the_other_speaker_is_no_memory(reply):
    found, skipped = chat(RAN, ("Ana", reply))
    assert found == [BEN_RAN]
    assert [turn for turn, _ in skipped] == [2]


@pytest.mark.parametrize(("reply", "kept"), [
    ("I can't wait to start my new job at the bakery in May.", "the bakery in May"),
    ("I'll let you know how the interview at the clinic goes on Friday.", "the interview at the clinic"),
    ("Your advice helped a lot, I signed up for the Berlin marathon.", "Berlin marathon"),
])
def test_a_courtesy_that_names_something_is_kept(reply, kept):
    found, _ = chat(RAN, ("Ana", reply))
    assert any(kept in content and turns == [2] for turns, content in found)


@pytest.mark.parametrize("reply", [
    "你的鼓励对我意义很大。",
    "谢谢你的信任，真的给了我很大的信心。",
    "我会告诉你结果的。",
    "面试完我第一时间通知你。",
    "我也有同感。",
    "我也这么觉得！",
    "你以后一定是个很棒的教练。",
    "我相信你一定行！",
])
def test_a_chinese_courtesy_is_no_memory(reply):
    found, skipped = chat(ZH_RAN, ("阿梅", reply))
    assert [turns for turns, _ in found] == [[1]]
    assert [turn for turn, _ in skipped] == [2]


@pytest.mark.parametrize(("reply", "kept"), [
    ("我下个月要去成都出差，到时候告诉你。", "成都出差"),
    ("你的建议很有用，我已经报名了周六的瑜伽课。", "瑜伽课"),
])
def test_a_chinese_courtesy_beside_a_fact_keeps_the_fact(reply, kept):
    found, _ = chat(ZH_RAN, ("阿梅", reply))
    assert any(kept in content and turns == [2] for turns, content in found)


@pytest.mark.parametrize(("said", "kept"), [
    ("Some friends from church and I went camping last weekend.", "Some friends from church and Ana went camping"),
    ("A few coworkers and I started a book club.", "A few coworkers and Ana started a book club"),
    ("Two of my cousins and I are driving to Denver next week.", "Two of Ana's cousins and Ana are driving to Denver"),
])
def test_a_group_and_the_speaker_are_one_subject(said, kept):
    found, _ = chat(RAN, ("Ana", said))
    assert [content for turns, content in found if turns == [2] and kept in content], found


def test_a_clause_before_and_i_that_has_its_own_verb_stays_apart():
    found, _ = chat(RAN, ("Ana", "The weather was awful and I stayed home all weekend."))
    assert any("Ana stayed home" in content for _, content in found)
