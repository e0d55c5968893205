"""Role words (memories/write/roles.py, ``role_word``; RECALL_ROLE_WORDS): a kinship or role word is indexed and
searched with its role in English, so 妻子, 老婆 and "wife" find one another across both languages, and an
English question about an uncle finds 舅舅 and 叔叔; a Chinese question's 舅舅 is not widened to 叔叔. Both search
paths; the scope also holds memories that share the question's other words."""

from __future__ import annotations

import pytest

from memories.write.roles import role_word
from memories.write.text import search_words
from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

MEMORIES = [
    "我老婆在北京协和医院当护士。",
    "我舅舅在南京开了一家面馆。",
    "我叔叔是出租车司机，开了二十年车。",
    "My coworker Dan plays the drums in a jazz band.",
    "I usually go for a run before work, around six.",
    "我上周去杭州出差，工作很忙。",
    "We adopted a rescue greyhound named Biscuit.",
    "我最近在学做饭，想给家里人做点好吃的。",
]


def test_a_role_word_names_its_role_in_both_languages() -> None:
    assert role_word("老婆") == role_word("妻子") == role_word("太太") == "wife"
    assert role_word("mom") == role_word("moms") == "mother"
    assert role_word("coworkers") == "colleague"
    assert role_word("wife") == role_word("先生") == role_word("护士") == ""
    assert role_word("舅舅") == "uncle" and role_word("舅舅", query=True) == ""
    assert role_word("uncle", query=True) == ""  # its own role
    assert "wife" in search_words("我老婆是护士") and "wife" in search_words("用户的妻子做什么工作？")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_a_role_is_found_by_another_word_for_it_in_either_language(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    save(alice, *({"content": content, "type": "fact"} for content in MEMORIES))

    def top(query: str, k: int = 1) -> list[str]:
        return contents(api_search(alice, query=query, k=k, floor=False))

    assert top("What does the user's wife do for a living?") == [MEMORIES[0]]
    # 妻子 shares no word with 老婆: the role is their one word in common (another memory says 工作, "work").
    assert _lexical("用户的妻子做什么工作？", MEMORIES[0], alice) > 0
    settings.RECALL_ROLE_WORDS = False  # the question's words alone
    assert _lexical("用户的妻子做什么工作？", MEMORIES[0], alice) == 0
    settings.RECALL_ROLE_WORDS = True
    assert top("Which of my colleagues is a musician?") == [MEMORIES[3]]
    assert set(top("What do my uncles do?", k=2)) == {MEMORIES[1], MEMORIES[2]}
    result = api_search(alice, query="舅舅是做什么的？", k=3, floor=False)
    assert contents(result)[0] == MEMORIES[1]
    uncle = next((hit for hit in result["results"] if hit["memory"]["content"] == MEMORIES[2]), None)
    assert uncle is None or uncle["scores"]["lexical"] == 0  # 叔叔 is another uncle: no word in common


def _lexical(query: str, content: str, kc: object) -> float:
    result = api_search(kc, query=query, k=10, floor=False)
    return next(hit["scores"]["lexical"] for hit in result["results"] if hit["memory"]["content"] == content)
