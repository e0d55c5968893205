"""What the junk rule of docs/extraction.md calls filler is no memory, in English and Chinese: a compliment, wish or
pep talk to the other speaker that names nothing, a platitude put as someone's view, a statement whose only thing
is an unnamed "this book", a general remark about no one, a platitude or an exclamation given a Chinese
speaker as subject ("阿梅耐心是关键。"). And what carries a fact is kept although it
looks like junk: a photo of something of one's own ("Here's a photo of my …", "这是我家…的照片"), a "When I was …"
sentence (no question), a subject-less "Busy with …"."""

from __future__ import annotations

import pytest

from memories.extraction.information import filler
from tests.extraction.test_information import chat, user

RAN = ("Ben", "I ran my first half marathon on Sunday.")
BEN_RAN = ([1], "Ben ran Ben's first half marathon on Sunday.")


# --------------------------------------------------------------------------- filler: dropped


@pytest.mark.parametrize("reply", [
    "So glad you had a great time!",  # a wish with nothing named
    "I bet you loved every minute of it.",  # "Ana told Ben that Ana bets …"
    "A little patience can go a long way.",  # a platitude, as Ana's view
    "Honesty is everything.",
])
def test_a_reply_that_names_nothing_is_no_memory(reply):
    found, skipped = chat(RAN, ("Ana", reply))
    assert found == [BEN_RAN]
    assert skipped == [(2, "vague")]


@pytest.mark.parametrize("reply", ["耐心是关键。", "友谊真的很珍贵。", "爬到山顶看到这个景色真是太值了！"])
def test_a_chinese_platitude_or_exclamation_is_no_memory(reply):
    found, skipped = chat(("小林", "我周日跑完了第一个半程马拉松。"), ("阿梅", reply))
    assert [turns for turns, _ in found] == [[1]]
    assert skipped == [(2, "vague")]


def test_a_relation_or_a_view_that_names_something_is_kept():
    found, _ = chat(("Ben", "My sister got the job at the bakery."),
                    ("Ana", "So glad your sister got the job at the bakery!"))
    assert found[1] == ([2], "Ana is glad that Ben's sister got the job at the bakery.")
    found, _ = chat(RAN, ("Ana", "Cold-water swimming at Brighton pier is so good for the mind."))
    assert found[1] == ([2], "Ana thinks Cold-water swimming at Brighton pier is so good for the mind.")


@pytest.mark.parametrize(("unnamed", "named", "kept"), [
    ("I'm reading this book.", "I'm reading a book about Roman roads.",
     "The user is reading a book about Roman roads."),
    ("我在读这本书。", "我在读《三体》。", "用户在读《三体》。"),
])
def test_a_statement_whose_only_thing_is_unnamed_is_no_memory(unnamed, named, kept):
    assert user(("user", unnamed)) == ([], [(1, "vague")])
    assert user(("user", named)) == ([([1], kept)], [])


def test_a_general_remark_about_no_one_is_no_memory():
    assert user(("user", "Honesty is everything, and patience is key!")) == ([], [(1, "vague")])


@pytest.mark.parametrize(("text", "is_filler"), [
    ("Ana is glad that Ben had a great time.", True),
    ("Ana hopes that Ben is doing ok.", True),
    ("Ben told Ana that Ben can imagine it was worth it.", True),
    ("Ana thinks balance is key.", True),
    ("Ben is reading this book.", True),
    ("Balance is key!", True),
    ("Ben congratulated Ana on the new job at the bakery.", False),
    ("Ana thinks the Leeds library is so calming.", False),
    ("Ben is reading a book about the Roman empire.", False),
    ("Max had a great time!", False),  # something that happened, to someone named
    ("那家餐厅叫小南国。", False),
    ("阿梅耐心是关键。", True),
    ("阿梅爬到山顶看到这个景色真是太值了！", True),
    ("用户去年在杭州西湖边拍的照片真是太美了！", False),  # a place and a time
    ("用户下周去成都，太开心了！", False),
    ("The dentist appointment got moved to next Thursday.", False),
])
def test_filler_on_finished_memories(text, is_filler):
    assert filler(text, ["Ana", "Ben"]) is is_filler


# --------------------------------------------------------------------------- looks like junk, carries a fact: kept


@pytest.mark.parametrize(("text", "kept"), [
    ("Here's a photo of my vegetable patch.", "The user shared a photo of the user's vegetable patch."),
    ("Check out my new bike!", "The user shared the user's new bike!"),
    ("这是我家狗的照片。", "用户分享了用户家狗的照片。"),
])
def test_showing_something_of_ones_own_is_a_statement(text, kept):
    assert user(("user", text)) == ([([1], kept)], [])


def test_a_sentence_opening_with_when_and_a_subject_is_no_question():
    found, _ = user(("user", "When I was a teenager, we lived above my uncle's bakery."))
    assert found == [([1], "When the user was a teenager, the user and others lived above the user's uncle's bakery.")]
    assert user(("user", "When is the bakery open"))[0] == []  # the verb first: a question


def test_busy_without_a_subject_is_the_speakers():
    found, _ = user(("user", "Busy with the kitchen renovation this month."))
    assert found == [([1], "The user is busy with the kitchen renovation in March 2025.")]
