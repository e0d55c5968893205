"""A class word in an English question (``memories.recall.classes_en``): "animals", "vehicle", "medicine",
"getaways" … find the memories that name one member of the class, in the in-process index and in SQL alike; a class
word after a name is one member ("the Oslo getaway"), and a word of one member is searched as it is. A class word
the scope holds a member of does not raise the abstention bar (``unheld``). An English question in the present tense
asks for a state (``present_en``), and an inflected stopword is no search word (``query.query_terms``)."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone

from memories.embeddings.profiles import PRIMARY_DEFAULT
from memories.recall import unheld
from memories.recall.concepts_en import concept_terms
from memories.recall.newer import asks_state
from memories.recall.present_en import asks_present
from memories.recall.query import query_terms, query_tsquery
from memories.recall.rank import ANSWERABLE_CALIBRATED, Candidate
from tests.recall.conftest import contents, save, search


def test_the_members_of_each_class() -> None:
    (animals,) = concept_terms("Which animals live at Tomasz's flat?")
    assert {"cockatiel", "hamster", "beagl"} <= set(animals)
    (vehicles,) = concept_terms("Has Renata sold her old vehicle yet?")
    assert {"scooter", "van", "motorbik"} <= set(vehicles)
    (medicine,) = concept_terms("Is Oluwaseun on any medicine for it?")
    assert {"tablet", "inhal", "dose"} <= set(medicine)
    (getaways,) = concept_terms("How many getaways did the Okafors manage last spring?")
    assert {"visit", "holiday"} <= set(getaways)
    assert concept_terms("What did we eat on the Oslo getaway?") == ()  # a name before it: one getaway
    assert concept_terms("Is the beagle still limping?") == ()  # one member: its own word is searched
    assert concept_terms("Why does Tomasz keep geckos as pets?") == ()  # a member named with the class word
    assert concept_terms("What did Renata pack for the conference trip?") == ()  # "the … trip": one trip
    assert len(concept_terms("Which trip did Renata enjoy most?")) == 1  # "which trip": any of them
    assert "'cockatiel'" in (query_tsquery("Any animals in the house?") or "")  # SQL: OR-ed into the query


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_a_class_word_finds_the_member_named(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    settings.RECALL_BATCH_SESSIONS = False  # notes, not a conversation
    said = ["Tomasz adopted a cockatiel from the shelter in Gdansk", "Tomasz repainted the kitchen cupboards",
            "Tomasz sold the scooter and takes the tram now", "Tomasz's GP put him on an inhaler for the winter"]
    save(alice, *({"content": text} for text in said))
    assert contents(search(alice, query="Which animals does Tomasz keep?", mode="lexical", floor=False,
                           k=4))[:1] == [said[0]]
    assert contents(search(alice, query="What vehicle does Tomasz use?", mode="lexical", floor=False,
                           k=4))[:1] == [said[2]]
    assert contents(search(alice, query="Which medication was Tomasz given?", mode="lexical", floor=False,
                           k=4))[:1] == [said[3]]


def _candidate(words: str) -> Candidate:
    return Candidate(id=uuid.uuid4(), type="fact", confidence=1.0, valid_from=timezone.now(), words=words,
                     similarity=0.0, model=PRIMARY_DEFAULT)


def test_a_car_and_health_are_classes_too() -> None:
    (cars,) = concept_terms("Which car is Odile saving up for?")
    assert {"skoda", "hatchback", "renault"} <= set(cars)
    (cars,) = concept_terms("How many cars has Bram been through?")
    assert "peugeot" in cars
    assert concept_terms("Did the car pass its MOT?") == ()  # "the car": one car
    assert concept_terms("Is Bram's Skoda car still for sale?") == ()  # a member named with the class word
    (health,) = concept_terms("Any health worries in Kasia's house lately?")
    assert {"knee", "surgeri", "physio"} <= set(health)
    (injuries,) = concept_terms("What injuries has Bram picked up this season?")
    assert {"sprain", "ankl"} <= set(injuries)


def test_a_class_word_is_held_by_a_member() -> None:
    held = [_candidate("tomasz adopt a cockatiel from the shelter"), _candidate("tomasz repaint the kitchen")]
    assert unheld.unheld_share("Which animals does Tomasz keep?", held) < unheld.UNHELD_SHARE
    assert unheld.answerable_bar("Does Tomasz have animals?", held) == ANSWERABLE_CALIBRATED
    # no member held: the class word stays unheld, and so does a member the scope never names
    assert unheld.unheld_share("Which vehicles?", held) == 1.0
    assert unheld.answerable_bar("What breed is the poodle?", held) == unheld.ABSTAIN_CALIBRATED


@pytest.mark.parametrize(("question", "present"), [
    ("How much is my gym membership?", True), ("Where do we keep the spare key?", True),
    ("What sort of car do I have?", True), ("What is Renata's phone plan?", False),
    ("How much was the gym membership?", False), ("Where did Oluwaseun keep the key?", False),
    ("How many countries has Renata visited?", False), ("What should I cook for Renata?", False),
    ("Can you suggest a gift?", False),
])
def test_a_question_in_the_present_tense_asks_for_a_state(question: str, present: bool) -> None:
    assert asks_present(question) is present
    if present:
        assert asks_state(question)


def test_an_inflected_stopword_is_no_search_word() -> None:
    assert [w for w, _ in query_terms("Where are they having the reunion?")] == ["reunion"]
    assert [w for w, _ in query_terms("What are the twins doing after the reunion?")] == ["twin", "after", "reunion"]
    assert query_terms("having doing") != []  # nothing else left: the words are kept
