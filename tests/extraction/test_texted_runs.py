"""Short Chinese lines sent one after another (微信-style) are one message to the offline extractor
(memories.extraction.texting.texted_runs); a slot's value is not a goal, a department or "in there"
(memories.write.slots_amounts, slots_zh)."""

from __future__ import annotations

from memories.extraction.candidates import Turn
from memories.extraction.texting import texted_runs
from memories.write.slots import slots_of


def test_a_run_of_short_lines_is_one_message() -> None:
    turns = [Turn(0, "user", "刚领养了一条狗"), Turn(1, "user", "取名叫土豆"), Turn(2, "user", "柴犬 一岁半"),
             Turn(3, "assistant", "恭喜！"), Turn(4, "user", "谢谢")]
    joined = texted_runs(turns)
    assert [t.content for t in joined] == ["刚领养了一条狗，取名叫土豆，柴犬 一岁半", "恭喜！", "谢谢"]
    assert joined[0].index == 0


def test_a_paragraph_other_speakers_and_english_stay_apart() -> None:
    long = "我这周末要去看房子，中介说那个小区离地铁站走路只要八分钟，不过房龄有点老。"
    turns = [Turn(0, "user", long), Turn(1, "user", "你觉得呢"), Turn(2, "user", "ok"), Turn(3, "user", "sure"),
             Turn(4, "user", "我到了", None, "小王"), Turn(5, "user", "我也到了", None, "小李")]
    assert [t.content for t in texted_runs(turns)] == [long, "你觉得呢", "ok", "sure", "我到了", "我也到了"]


def test_the_offline_extractor_names_the_pet_of_a_run() -> None:
    from memories.extraction.offline import OfflineExtractor

    made = OfflineExtractor().extract([Turn(0, "user", "我养了只兔子"), Turn(1, "user", "叫年糕"),
                                       Turn(2, "user", "灰色的")], [])
    assert any("年糕" in c.content and "兔" in c.content for c in made), [c.content for c in made]


def _slots(text: str) -> list[tuple[str, str]]:
    return sorted((s.key, s.value) for s in slots_of(text))


def test_a_goal_is_no_weight_and_a_department_no_employer() -> None:
    assert _slots("我打算夏天之前瘦到九十斤") == []
    assert ("self|weight", "48") in _slots("我现在是九十六斤")
    assert _slots("我在市场部做推广") == [("self|team", "市场部")] and _slots("我在里面负责打包") == []
    assert _slots("我在京东的市场部做推广") == [("self|employer", "京东的市场部")]
    assert ("self|salary", "9000") in _slots("我工资一直是九千")
