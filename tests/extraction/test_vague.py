"""What names nothing a later reader can find is no memory (docs/extraction.md, the junk rule): a view that opens
with a pronoun it does not resolve or with advice, a liking of an unnamed them/him/her, in English and Chinese. A
title, a name or a resolved referent keeps it."""

from __future__ import annotations

import pytest

from tests.extraction.test_information import chat

RAN = ("Ben", "I ran my first half marathon on Sunday.")
BEN_RAN = ([1], "Ben ran Ben's first half marathon on Sunday.")


@pytest.mark.parametrize("reply", [
    "Honestly, she can really pull readers into a whole other world.",
    "I guess it went ok!",
    "Hopefully he'll find the help he needs.",
    "They're adorable, I love holding them.",
    "Haha I really like teasing him.",
    "I'm sure it'll be a blast!",
    "I'm really sure it will work out great.",
])
def test_a_line_that_names_nothing_is_no_memory(reply):
    found, skipped = chat(RAN, ("Ana", reply))
    assert found == [BEN_RAN]
    assert [turn for turn, _ in skipped] == [2]


@pytest.mark.parametrize("reply", ["我最喜欢抱着它们了。", "我特别喜欢逗它。"])
def test_a_chinese_liking_of_an_unnamed_it_is_no_memory(reply):
    found, skipped = chat(("小林", "我周日跑完了第一个半程马拉松。"), ("阿梅", reply))
    assert [turns for turns, _ in found] == [[1]]
    assert [turn for turn, _ in skipped] == [2]


def test_a_title_keeps_a_view():
    found, _ = chat(RAN, ("Ana", 'I think it was called "Inception".'))
    assert any("Inception" in content for _, content in found)


def test_a_liking_whose_them_the_question_named_is_kept():
    found, _ = chat(("Ben", "How are your turtles doing?"),
                    ("Ana", "Great! I love watching them swim around the tank."))
    assert found and all("them" not in content for _, content in found), found


def test_a_liking_of_a_thing_named_is_kept():
    found, _ = chat(RAN, ("Ana", "I love hiking with my dad on weekends."))
    assert any("hiking" in content for _, content in found)
