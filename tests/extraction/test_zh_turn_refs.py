"""Chinese between two named people: a 他/她 for the person the turn before named, a name given after a role
("…，叫周航，上海人") for the clauses after it, a doubled pet name ("乐乐") as a person, a judgement of the listener
as a reaction, the listener's things by their name, and "等…了" kept with the clause it times."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 4, 14, 12, 0, tzinfo=UTC)


def chat(*turns: tuple[str, str]) -> tuple[list[str], list[tuple[int, str]]]:
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", text, SAID, name) for i, (name, text) in enumerate(turns, start=1)],
                              [])
    return [c.content for c in found], [(s.turn, s.reason) for s in extractor.skipped]


@pytest.mark.parametrize(("asked", "reply", "kept"), [
    ("那阿杰那边还联系吗", "早不联系了，他在波士顿挺好的", "阿杰在波士顿"),
    ("你表姐王丽最近怎么样", "她去年嫁到成都了", "王丽2025年嫁到成都"),
    ("小雨还在学钢琴吗", "早不学了，她现在迷上了画画", "小雨现在迷上了画画"),
])
def test_a_pronoun_for_the_one_person_the_turn_before_named(asked: str, reply: str, kept: str) -> None:
    found, _ = chat(("孙悦", asked), ("赵敏", reply))
    assert any(kept in c for c in found), found


@pytest.mark.parametrize(("said", "person", "fact"), [
    ("我们公司新来的产品经理，叫周航，上海人，会弹吉他", "周航", "会弹吉他"),
    ("我们楼下新开了家店，老板叫刘明，东北人，特别热情", "刘明", "东北人"),
])
def test_a_name_given_after_a_role_is_whom_the_clauses_after_are_about(said: str, person: str, fact: str) -> None:
    found, _ = chat(("孙悦", "最近有啥新鲜事"), ("赵敏", said))
    assert any(c.startswith(person) and fact in c for c in found), found
    assert not any(c.startswith("赵敏") and fact in c for c in found), found


@pytest.mark.parametrize(("said", "kept"), [
    ("乐乐编程班不上了", "乐乐编程班不上了"),
    ("对了糖糖昨天发烧了", "糖糖2026年4月13日发烧了"),
])
def test_a_doubled_pet_name_opening_a_clause_is_the_person(said: str, kept: str) -> None:
    found, _ = chat(("刘洋", "周末带孩子去哪玩了"), ("张婷", said))
    assert any(c.endswith(kept) for c in found), found


@pytest.mark.parametrize("reaction", ["哇 又出差 你们公司也太狠了", "你家狗真可爱", "你们那边房租好贵啊", "你也太拼了"])
def test_a_judgement_of_the_listener_is_a_reaction(reaction: str) -> None:
    found, skipped = chat(("王磊", "我下周要去深圳出差，大概待三天"), ("李娜", reaction))
    assert not any(c.startswith(("李娜", "你")) for c in found), found
    assert (2, "reaction") in skipped or (2, "question") in skipped, skipped


@pytest.mark.parametrize(("said", "kept"), [
    ("超喜欢！最后就租在你们小区，2800一个月", "赵敏最后就租在孙悦家的小区"),
    ("我下个月去你公司面试", "去孙悦的公司面试"),
])
def test_the_listeners_things_are_named_by_the_listener(said: str, kept: str) -> None:
    found, _ = chat(("孙悦", "最近忙啥呢"), ("赵敏", said))
    assert any(kept in c for c in found), found


@pytest.mark.parametrize("said", ["我老婆说等孩子开学了，我们俩去云南玩一趟", "打算等年终奖发了，换台新电脑"])
def test_once_something_happened_stays_with_the_clause_it_times(said: str) -> None:
    found, _ = chat(("郑浩", "最近有啥打算"), ("黄伟", said))
    assert len(found) == 1 and "，" in found[0], found


@pytest.mark.parametrize(("asked", "reply", "kept"), [
    ("小王最近咋样", "我儿子病了，他发烧三天了", "赵敏的儿子发烧三天了"),
    ("阿杰还好吗", "我老公出差了，他下周才回来", "赵敏的老公"),
])
def test_the_messages_own_person_comes_before_the_turn_befores(asked: str, reply: str, kept: str) -> None:
    found, _ = chat(("孙悦", asked), ("赵敏", reply))
    assert any(kept in c for c in found), found
    assert not any(c.startswith(("小王", "阿杰")) for c in found), found
