"""The offline extractor keeps what informs and drops the rest, in English and Chinese: a leading pronoun takes its
antecedent from the turn before when one noun phrase fits it, and is dropped when none does; bare feelings and
pledges are no memory, alone or added to a fact; the other speaker's words said back are an echo; a general
remark kept as said is not an observation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.information import echoes, informative, resolve_lead, specific
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2025, 3, 10, 9, 30, tzinfo=UTC)  # a Monday


def chat(*lines: tuple[str, str]):
    """Turns of named people (a mem0 ``name``, a LoCoMo-like conversation): (speaker, text)."""
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", text, SAID, name) for i, (name, text) in enumerate(lines, start=1)], [])
    return [(c.source_turns, c.content) for c in found], [(s.turn, s.reason) for s in extractor.skipped]


def user(*turns: tuple[str, str]):
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, role, text, SAID) for i, (role, text) in enumerate(turns, start=1)], [])
    return [(c.source_turns, c.content) for c in found], [(s.turn, s.reason) for s in extractor.skipped]


# --------------------------------------------------------------------------- a leading pronoun's antecedent

def test_they_takes_the_plural_noun_the_other_speaker_asked_about():
    found, _ = chat(("Priya", "How are your tomato plants doing?"),
                    ("Dev", "They finally produced fruit after the heatwave."))
    assert found == [([2], "Dev's tomato plants finally produced fruit after the heatwave.")]


def test_she_takes_the_kinship_word_of_the_turn_before():
    found, _ = chat(("Priya", "Is your sister still in Lisbon?"), ("Dev", "She moved back to Toronto in January."))
    assert found == [([2], "Dev's sister moved back to Toronto in January.")]
    found, _ = user(("assistant", "How is your mom doing?"), ("user", "She started physical therapy on Monday."))
    assert found == [([2], "The user's mom started physical therapy on Monday.")]


def test_chinese_she_takes_the_kinship_word_of_the_turn_before():
    found, _ = chat(("小林", "你女儿最近怎么样？"), ("阿梅", "她下个月要去上海读研究生了。"))
    assert found == [([2], "阿梅的女儿2025年4月要去上海读研究生了。")]


def test_a_pronoun_with_no_clear_antecedent_gives_nothing():
    # nothing in the turn before is a "she"
    found, skipped = chat(("Priya", "We went to the new ramen place downtown."),
                          ("Dev", "She loved every minute of it."))
    assert [turns for turns, _ in found] == [[1]] and [t for t, _ in skipped] == [2]
    # two plural nouns could be "they": not clear, not guessed
    assert resolve_lead("They were late again.", "My cousins and my neighbours came over.", "Ana", "Ben") is None
    found, skipped = chat(("小林", "周末过得怎么样？"), ("阿梅", "他们昨天玩得很开心。"))
    assert found == [] and [t for t, _ in skipped] == [1, 2]


# --------------------------------------------------------------------------- feelings, pledges, vague lines

@pytest.mark.parametrize("text", [
    "Honestly I feel so hopeful about everything lately.",
    "I'll keep pushing, it'll all work out somehow.",
    "我最近心情特别好，感觉一切都会好起来的。",
    "我会继续加油的！",
])
def test_a_bare_feeling_or_pledge_is_no_memory(text):
    found, skipped = user(("user", text))
    assert found == [] and skipped == [(1, "vague")]


def test_a_feeling_is_not_added_to_the_fact_it_follows():
    found, _ = user(("user", "Our landlord raised the rent. It was a shock, honestly."))
    assert found == [([1], "The user's landlord raised the rent.")]
    found, _ = user(("user", "我上个月换了新工作，真的特别开心。"))
    assert len(found) == 1 and "新工作" in found[0][1] and "开心" not in found[0][1], found


def test_a_clause_that_informs_still_goes_with_its_statement():
    found, _ = user(("user", "我们家的猫叫豆豆。它特别喜欢晒太阳。"))
    assert len(found) == 1 and "豆豆" in found[0][1] and "晒太阳" in found[0][1], found


def test_the_information_test_in_both_languages():
    assert informative("The user finally fixed the brakes on the user's bike.")
    assert informative("Omar moved to Porto.", ["Omar"])  # a place named
    assert informative("Ines runs 10 km on Sundays.", ["Ines"])  # a number
    assert not informative("Ines is so excited about it!", ["Ines"])
    assert not informative("It was amazing.")
    assert not informative("They loved it so much.")
    assert informative("用户在杭州开了一家咖啡店。")
    assert not informative("用户真的很开心。")
    assert not informative("它特别可爱。")


# --------------------------------------------------------------------------- echoes and general remarks

def test_the_other_speakers_words_said_back_are_an_echo():
    found, skipped = chat(("Priya", "The farmers market opens at eight on Saturdays."),
                          ("Dev", "Yeah, the farmers market opens at eight on Saturdays."))
    assert [turns for turns, _ in found] == [[1]] and skipped == [(2, "echo")]
    found, skipped = chat(("小林", "周六早上八点菜市场开门。"), ("阿梅", "对，周六早上八点菜市场开门。"))
    assert [turns for turns, _ in found] == [[1]] and skipped == [(2, "echo")]
    assert not echoes("I moved to Leeds last year.", "Where did you move to?")


def test_a_general_remark_is_not_kept_as_said():
    found, _ = user(("user", "Anyway, life is too short to worry about small stuff."))
    assert found == []
    assert not specific("Life is too short to worry about small stuff.")
    assert specific("Budget approved for the new roof, contractor starts after the rainy season.")


@pytest.mark.parametrize(("said", "kept"), [
    ("下个月我要去成都出差，顺便看看我爸妈。", "用户要去成都出差，顺便看看用户的爸妈"),
    ("我周末去杭州玩，顺道去看了西湖。", "用户周末去杭州玩，顺道去看了西湖"),
    ("下周去上海开会，顺便拜访一个客户。", "去上海开会，顺便拜访一个客户"),
])
def test_what_is_done_on_the_way_stays_with_the_plan_it_belongs_to(said: str, kept: str) -> None:
    """"顺便看看用户的爸妈。" alone says neither when nor where."""
    found, _ = user(("user", said))
    assert len(found) == 1 and kept in found[0][1]


@pytest.mark.parametrize(("text", "kept"), [
    ("actually i sold my bike last month", "The user sold the user's bike in February 2025."),
    ("well we just adopted a puppy", "The user and others just adopted a puppy."),
    ("yeah my brother Karl lives in Graz", "Karl (the user's brother) lives in Graz."),
])
def test_a_word_of_speech_before_the_speakers_own_words_is_no_part_of_them(text: str, kept: str) -> None:
    assert [content for _, content in user(("user", text))[0]] == [kept]


def test_a_verb_ending_in_ss_takes_es() -> None:
    assert [content for _, content in user(("user", "I miss the old office in Leeds"))[0]] == \
        ["The user misses the old office in Leeds."]
