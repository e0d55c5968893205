"""A Chinese change read without a slot (``memories.write.changes`` with ``changes_zh``), in other words than
bench/fresh8_zh_set.py: a run of nouns held piece by piece, abbreviations and jieba's guessed names as nouns, the
verbs of ending the core cues lack, and what a possessor names left out; traps stay unlinked."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.changes import change_query, change_words, changed_from, said_changed
from memories.write.changes_zh import held_in
from memories.write.text import search_text
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0


def link(old: str, new: str) -> str:
    return changed_from(new, change_words(new), old, search_text(old))


@pytest.mark.parametrize(("old", "new", "word"), [
    ("用户的公积金一直在北京交", "用户公积金转到天津了", "公积金"),
    ("用户家阳台装着防盗网", "用户家的防盗网拆了", "防盗网"),
    ("用户订了网易云的黑胶会员", "黑胶会员用户不续了", "黑胶 会员"),
    ("用户有一辆山地自行车", "山地自行车用户送人了", "山地 自行车"),
    ("用户的QQ昵称叫小火车", "用户QQ昵称改成大卡车了", "qq 昵称"),
])
def test_a_change_links_by_the_thing_both_name(old, new, word):
    assert link(old, new) == word


@pytest.mark.parametrize(("old", "new"), [
    ("用户用的是华为手机", "用户华为手机的屏幕换了"),  # the screen changed, not the phone
    ("用户的QQ昵称叫小火车", "用户的表妹QQ昵称改成大卡车了"),  # another person's
    ("用户加入了小区的羽毛球群", "要是羽毛球群再发广告，用户就退群"),  # a hypothesis
    ("用户在奶茶店当店员", "用户在考虑要不要退出奶茶店的工作"),  # a plan weighed
])
def test_what_is_not_a_change_of_the_old_links_nothing(old, new):
    assert link(old, new) == ""


@pytest.mark.parametrize("said", ["用户退赛了", "用户退出了读书会", "用户家的旧空调拆了", "用户把头发染成了银灰色",
                                  "用户试用期结束转正了", "用户视频会员没续", "用户的旧自行车送人了"])
def test_verbs_of_ending_say_a_change(said):
    assert said_changed(said)


def test_a_piece_is_held_by_the_old_words_or_text():
    assert held_in("框架 眼镜", {"框架", "眼镜"}, "")
    assert held_in("网名", set(), "用户的网名叫阿飞")  # jieba cuts 网 / 名叫
    assert held_in("MacBook", {"macbook"}, "")
    assert not held_in("手机 壳", {"手机", "号"}, "用户的手机号")


@pytest.mark.parametrize(("said", "major"), [("用户在本科读的是会计", "会计"), ("用户大一转专业转到法学了", "法学")])
def test_a_major_said_of_university_or_a_year_of_it(said, major):
    from memories.write.slots import slots_of

    assert ("study:major", major) in {(s.attribute, s.value) for s in slots_of(said)}


def test_the_candidate_query_finds_a_piece_by_its_characters_and_latin_as_indexed():
    query = "(('昵称' | '昵' & '称')) | (('大卡车' | '大' & '卡' & '车'))"
    assert change_query(change_words("用户的昵称改成大卡车了")) == query
    assert "ipad" in " ".join(change_words("用户的旧iPad送人了")).split()


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
@pytest.mark.parametrize(("old", "new"), [("我的游戏ID叫追风少年", "游戏ID改成了摸鱼大王"),
                                          ("我用的是一台Surface平板", "Surface平板送人了")])
def test_a_change_found_by_a_piece_the_index_splits_retires_the_old(alice: KeyedClient, old, new) -> None:
    mem0 = _Mem0(alice)
    olds = mem0.add(old, "piece-change")
    news = mem0.add(new, "piece-change")
    assert olds and news, (olds, news)
    assert any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds), (olds, news)
