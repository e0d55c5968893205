"""A question whose words the scope never holds needs a closer match to count as answerable
(memories/recall/unheld.py): an abstention question gets at most what came closest, a question about what was
said keeps its k. Words and memories of their own, in both languages."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone

from memories.embeddings.profiles import PRIMARY_DEFAULT, PROFILES
from memories.recall import unheld
from memories.recall.rank import ANSWERABLE_CALIBRATED, Candidate, question_answerable
from tests.recall.conftest import save, search


def _candidate(words: str, similarity: float = 0.0) -> Candidate:
    return Candidate(id=uuid.uuid4(), type="fact", confidence=1.0, valid_from=timezone.now(), words=words,
                     similarity=similarity, model=PRIMARY_DEFAULT)


def test_words_no_candidate_holds_raise_the_bar() -> None:
    held = [_candidate("the user ride a bicycl to the offic in lyon"), _candidate("the user cousin pierr cook pasta")]
    assert unheld.unheld_share("Which bakery in Marseille did you suggest?", held) == 1.0
    assert unheld.answerable_bar("Which bakery in Marseille did you suggest?", held) == unheld.ABSTAIN_CALIBRATED
    # a prefix is held by a longer word ("bicycl" by "bicycles"), and most words held keep the usual bar
    assert unheld.unheld_share("How does my cousin Pierre get to the office?", held) < unheld.UNHELD_SHARE
    assert unheld.answerable_bar("Does Pierre ride a bicycle to Lyon?", held) == ANSWERABLE_CALIBRATED


def test_a_chinese_question_counts_its_words_not_their_characters_and_keeps_the_usual_bar() -> None:
    held = [_candidate("用户 的 表哥 在 广州 开 奶茶店"), _candidate("用户 每天 骑车 上班")]
    assert unheld.unheld_share("我表哥在广州做什么？", held) < unheld.UNHELD_SHARE
    assert unheld.unheld_share("你给我推荐过哪家西安的泡馍馆？", held) >= unheld.UNHELD_SHARE
    # its frame words are often held by no memory of a question that was answered: the bar is not raised
    assert unheld.answerable_bar("你给我推荐过哪家西安的泡馍馆？", held) == ANSWERABLE_CALIBRATED
    assert all(len(t) >= 2 for t, _ in unheld.question_words("你给我推荐过哪家西安的泡馍馆？"))


def _share_by_sets(query: str, candidates: list[Candidate]) -> float:
    """``unheld_share`` as a set of the candidates' words and their prefixes: what its text search must equal."""
    terms = unheld.question_words(query)
    held = {w for c in candidates for w in c.words.split()}
    unheld_terms = [t for t, prefix in terms if t not in held and not (prefix and any(w.startswith(t) for w in held))]
    return len(unheld_terms) / len(terms)


@pytest.mark.parametrize("words", [
    ["the user ride a bicycl to the offic", "pierr cook pasta"],
    ["the user  ride\ta bicycl\nto the offic ", " pierr\u3000cook\x1cpasta", "", "bakeri"],  # any space, empty
    ["the user ride a bicyclist", "officer pierre"],  # a longer word holds a prefix, not a whole word
    ["xthe userx ride", "bicycl-pasta"],  # a word inside another word or joined by a hyphen is no word
])
def test_the_words_held_are_those_of_a_set_of_the_candidates_words(words: list[str]) -> None:
    held = [_candidate(w) for w in words]
    for query in ("Does the user ride a bicycle to the office?", "Who cooks pasta?", "Which bakery in Lyon?",
                  "Is pierre a user?", "What about bicycl pasta?"):
        assert unheld.unheld_share(query, held) == _share_by_sets(query, held), (query, words)


def test_a_middling_match_answers_only_a_question_about_held_words() -> None:
    profiles = {PRIMARY_DEFAULT: PROFILES[PRIMARY_DEFAULT]}
    middling = PROFILES[PRIMARY_DEFAULT].unrelated + 0.5 * (PROFILES[PRIMARY_DEFAULT].related
                                                            - PROFILES[PRIMARY_DEFAULT].unrelated)  # calibrated 0.5
    found = [_candidate("the user took a ferri to the island with her grandmoth", middling)]
    for query, answerable in (("Which museum in Oslo did you tell me about?", False),
                              ("When did my grandmother take the ferry?", True)):
        assert question_answerable(found, profiles, unheld.answerable_bar(query, found)) is answerable, query
    assert question_answerable(found, profiles)  # the usual bar


MEMORIES = {
    "en": ["The user's partner Lena works as a nurse at the city hospital.",
           "The user and Lena spent a week in Lisbon in April and loved the tram rides.",
           "The user's nephew Tomas turned nine and is obsessed with dinosaurs.",
           "The user runs along the river three mornings a week.",
           "The user is saving for a new road bike.",
           "The user's mother lives in Porto and calls every Sunday.",
           "The user bakes sourdough bread on weekends.",
           "The user works as an accountant at a logistics firm."],
    "zh": ["用户的爱人小丽在市医院当护士。",
           "用户和小丽四月去里斯本玩了一周，特别喜欢坐电车。",
           "用户的外甥小涛九岁了，特别迷恐龙。",
           "用户每周有三个早上沿着河边跑步。",
           "用户在攒钱买一辆新公路车。",
           "用户的妈妈住在波尔图，每个周日都会打电话来。",
           "用户周末会自己烤酸面包。",
           "用户在一家物流公司做会计。"],
}
ASKED = {  # (a question about what was never said, a question about what was)
    "en": ("Which pizzeria in Naples did you recommend to me?", "Where did Lena and I go in April?"),
    "zh": ("你给我推荐过哪家那不勒斯的披萨店？", "我和小丽四月去了哪里？"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_question_about_what_was_never_said_gets_little(alice, settings, path, language) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    save(alice, *({"content": content, "type": "fact"} for content in MEMORIES[language]))
    never, said = ASKED[language]
    assert len(search(alice, query=never, k=5)["results"]) < 5  # what came closest, not k
    assert len(search(alice, query=said, k=5)["results"]) == 5
