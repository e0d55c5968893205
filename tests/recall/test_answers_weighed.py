"""The assistant's earlier answers weighed by whether a question asks for them (``memories.recall.answers``)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.recall.answers import ASKED, OTHER, answers_weighed, asks_answer
from memories.recall.rank import Candidate
from memories.write.text import search_text


@pytest.mark.parametrize("query", [
    "Which museum did you tell me to skip in Vienna?", "What was that stretching routine you gave me?",
    "remind me of the wine you recommended for the lamb", "Did you say the visa takes two weeks?",
    "What was your suggestion for the team offsite?", "你之前推荐的那家火锅店叫什么？", "你说哪家民宿离海边最近？"])
def test_a_question_about_the_assistants_words_asks_for_its_answers(query):
    assert asks_answer(query)


@pytest.mark.parametrize("query", [
    "Where does my sister live now?", "Can you recommend a film for tonight?", "any ideas for a rainy Sunday?",
    "What is my partner's job?", "我现在在哪儿上班？", "你能推荐一下周末去哪儿吗"])
def test_a_question_about_the_user_does_not(query):
    assert not asks_answer(query)


def _candidate(content: str) -> Candidate:
    c = Candidate(uuid.uuid4(), "fact", 0.9, datetime(2026, 1, 1, tzinfo=UTC))
    c.words = search_text(content)
    return c


def test_answers_weigh_less_for_a_question_about_the_user_and_more_when_asked_for():
    answer = _candidate('When the user asked "Any tips for a long drive?", the assistant suggested: Stop every 2 hours')
    zh_answer = _candidate("用户问“周末去哪玩？”，助手推荐：可以去植物园")
    fact = _candidate("The user drives a 2015 Honda Civic.")
    candidates = {c.key: c for c in (answer, zh_answer, fact)}
    fused = {c.key: 0.5 for c in candidates.values()}
    mine = answers_weighed(fused, candidates, "What car do I drive?")
    assert mine[answer.key] == pytest.approx(0.5 * OTHER) and mine[fact.key] == 0.5
    assert mine[zh_answer.key] == 0.5  # a Chinese answer's quoted question often holds the fact: not lowered
    assert answers_weighed(fused, candidates, "Any tips for my drive to Leeds?") == fused  # a request: as it was
    asked = answers_weighed(fused, candidates, "What did you suggest for the long drive?")
    assert asked[answer.key] == asked[zh_answer.key] == pytest.approx(0.5 * ASKED) and asked[fact.key] == 0.5


def test_a_dialogue_asks_for_the_assistants_words_only_in_a_users_turn():
    """The speakers' labels of a chat passed as the query ("助手：", "Assistant:") ask nothing; a user's turn may."""
    assert not asks_answer("用户：家里水管又漏了\n助手：严重吗？要不要先关总阀？\n用户：关了，就是不知道找谁修")
    assert not asks_answer("User: my back hurts again\nAssistant: did you tell me it started after moving?\nUser: yes")
    assert asks_answer("用户：下周去成都出差\n助手：需要我帮忙订酒店吗？\n用户：你之前说的那家就行")
    zh_answer = _candidate("用户问“水管漏水怎么办？”，助手回答：先关总阀，再找物业报修")
    fact = _candidate("用户家住老小区，水管是九十年代的")
    candidates = {c.key: c for c in (zh_answer, fact)}
    fused = {c.key: 0.5 for c in candidates.values()}
    chat = answers_weighed(fused, candidates, "用户：家里水管又漏了\n助手：严重吗？\n用户：关了总阀，想找人修")
    assert chat[zh_answer.key] == pytest.approx(0.5 * OTHER) and chat[fact.key] == 0.5  # a chat now: about the user
