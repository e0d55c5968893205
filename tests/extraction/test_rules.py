"""The offline rule-based extractor on its own: English and Chinese explicit statements."""

from __future__ import annotations

import uuid

from memories.extraction.candidates import KnownMemory, Turn
from memories.extraction.rules import RuleExtractor


def extract(*texts, known=()):
    turns = [Turn(i, "user", t) if isinstance(t, str) else Turn(i, *t) for i, t in enumerate(texts, start=1)]
    return [(c.type, c.content, c.entity) for c in RuleExtractor().extract(turns, list(known))]


def known_theme(content="Likes a blue theme"):
    return KnownMemory(ref=1, id=uuid.uuid4(), type="preference", entity="preference:theme", content=content,
                       status="active")


def test_it_reads_the_english_remember_sentence():
    found = extract("Remember: my project is called Starlight and the prototype is due next Monday.",
                    "I like a blue theme for it.")
    assert found == [
        ("fact", "Project is called Starlight", "project:starlight/name"),
        ("task", "Starlight: the prototype is due next Monday", "project:starlight/deadline"),
        ("preference", "Likes a blue theme", "preference:theme"),
    ]


def test_it_reads_the_chinese_remember_sentence():
    found = extract("记住：我的项目叫星辰计划，下周一是原型设计的截止日期。", "我喜欢蓝色主题。")
    assert found == [
        ("fact", "项目叫星辰计划", "project:星辰计划/name"),
        ("task", "星辰计划：原型设计的截止日期是下周一", "project:星辰计划/deadline"),
        ("preference", "喜欢蓝色主题", "preference:theme"),
    ]


def test_it_gives_a_bare_colour_the_key_of_the_known_colour_preference():
    assert extract("Actually I prefer green now.", known=[known_theme()]) == [
        ("preference", "Prefers green (theme)", "preference:theme")]
    assert extract("其实我现在更喜欢绿色了", known=[known_theme("喜欢蓝色主题")]) == [
        ("preference", "喜欢绿色（主题）", "preference:theme")]


def test_it_keys_the_same_topic_alike_in_both_languages():
    assert extract("I don't like dark mode", "我不喜欢深色模式") == [
        ("preference", "Dislikes dark mode", "preference:mode"),
        ("preference", "不喜欢深色模式", "preference:mode"),
    ]


def test_it_attaches_a_deadline_to_the_one_known_project():
    known = [KnownMemory(1, uuid.uuid4(), "fact", "project:starlight/name", "Project is called Starlight", "active")]
    assert extract("The deadline is Friday.", known=known) == [
        ("task", "Starlight: The deadline is Friday", "project:starlight/deadline")]
    assert extract("截止日期是周五", known=known) == [
        ("task", "Starlight：截止日期是周五", "project:starlight/deadline")]


def test_it_keeps_a_generic_remember_as_a_fact_and_ignores_small_talk():
    assert extract("Please remember that my badge number is 42. The weather is nice.") == [
        ("fact", "my badge number is 42", "")]
    assert extract("记住：我的工号是42。") == [("fact", "我的工号是42", "")]
    assert extract("Hello, how are you?", "I like it", "I'd like you to write a poem") == []


def test_it_never_reads_assistant_turns():
    assert extract(("assistant", "Remember: your project is called Nova and you like red."),
                   ("assistant", "I like a blue theme")) == []


def test_it_summarises_the_user_turns_offline():
    extractor = RuleExtractor()
    summary = extractor.summarise("- earlier point", [Turn(1, "user", "Let's plan the launch."),
                                                     Turn(2, "assistant", "Sure.")])
    assert summary == "- earlier point\n- Let's plan the launch"
