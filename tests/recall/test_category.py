"""A question named by a category the memories do not say (memories/recall/category.py, RECALL_CATEGORY_BOOST):
"Which cities has Jon visited?" finds the turn that names only Rome; "小林去过哪些城市？" the one that names only
成都. Plain content through the API, both search paths, both languages; with the lever off the turns that share
the question's words come first."""

from __future__ import annotations

import pytest

from memories.recall.category import category_noun
from tests.recall.conftest import save
from tests.recall.conftest import search as api_search

CASES = {
    "en": (["Jon: I visited my aunt last weekend, she has a new garden.",
            "Jon: Has anyone visited the new bakery downtown?",
            "Jon: I always wanted to visit more places with my family.",
            "Jon: Gina visited the studio yesterday and loved the floors.",
            "Jon: My dance students visited the museum on a school day.",
            "Jon: I took a short trip last week to Rome and ate too much pasta.",
            "Jon: The flooring for the studio finally arrived this morning.",
            "Jon: I need to practise my routine before the competition."],
           "Which cities has Jon visited?", "Jon: I took a short trip last week to Rome and ate too much pasta."),
    "zh": (["小林：我上周去看望了我姑姑，她家新种了好多花。",
            "小林：有人去过市中心那家新开的面包店吗？",
            "小林：我一直想多带家人出去走走。",
            "小林：小王昨天去过我的舞蹈室，很喜欢那里的地板。",
            "小林：我的学生们去过博物馆，是学校组织的。",
            "小林：上周我去了一趟成都，吃了好多火锅。",
            "小林：舞蹈室的新地板今天早上终于到了。",
            "小林：比赛前我得好好练习一下舞蹈动作。"],
           "小林去过哪些城市？", "小林：上周我去了一趟成都，吃了好多火锅。"),
}


def test_the_category_a_question_asks_for() -> None:
    assert category_noun("Which cities has Jon visited?") == "cities"
    assert category_noun("What video games does Nate play?") == "video games"
    assert category_noun("What kind of art does Caroline make?") == "art"
    assert category_noun("When did Jon go to Rome?") is None
    assert category_noun("What year did John start surfing?") is None
    assert category_noun("小林去过哪些城市？") == "城市"
    assert category_noun("Nate平时玩什么游戏？") == "游戏"
    assert category_noun("小林什么时候去的成都？") is None


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_category_question_finds_the_memory_naming_only_an_instance(alice, settings, path, language) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    memories, query, answer = CASES[language]
    for content in memories:
        save(alice, {"content": content, "type": "fact"})

    name = "RECALL_CATEGORY_BOOST_ZH" if language == "zh" else "RECALL_CATEGORY_BOOST"
    default = getattr(settings, name)

    def top(boost: float) -> list[str]:
        setattr(settings, name, boost)
        return [hit["memory"]["content"] for hit in api_search(alice, query=query, k=3, floor=False)["results"]]

    assert answer not in top(0.0)
    assert answer in top(2.0)
    # English questions get the lever by default; Chinese ones do not (it cost the Chinese development set).
    assert (answer in top(default)) is (language == "en")


@pytest.mark.django_db
def test_a_question_naming_no_category_ranks_as_without_the_lever(alice, settings) -> None:
    memories, _, _ = CASES["en"]
    for content in memories:
        save(alice, {"content": content, "type": "fact"})

    def ranked(boost: float) -> list[tuple[str, float]]:
        settings.RECALL_CATEGORY_BOOST = boost
        return [(hit["memory"]["content"], hit["score"])
                for hit in api_search(alice, query="Where did Jon go last week?", k=8, floor=False)["results"]]

    assert ranked(0.0) == ranked(2.0)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_the_first_n_hits_of_a_category_question_are_the_same_for_every_k_at_least_n(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    memories, query, answer = CASES["en"]
    for content in memories:
        save(alice, {"content": content, "type": "fact"})
    ranked = {k: [hit["memory"]["content"] for hit in api_search(alice, query=query, k=k, floor=False)["results"]]
              for k in (1, 2, 3, 5, 8)}
    assert answer in ranked[3]
    for k, found in ranked.items():
        assert found == ranked[8][:k], k
