"""A collective kinship word in an English question (``memories.recall.concepts_en``): "children", "parents",
"siblings" … find the memories that name one relative of that kind, in the in-process index and in SQL alike; a
childhood ("as a kid") is not one's children."""

from __future__ import annotations

import pytest

from memories.recall.concepts_en import concept_terms
from memories.recall.query import query_tsquery
from tests.recall.conftest import contents, save, search


def test_the_members_of_each_kind() -> None:
    (children,) = concept_terms("How many kids do the Garcias have?")
    assert {"son", "daughter", "child", "children"} <= set(children)
    (parents,) = concept_terms("Where do Priya's parents live now?")
    assert {"mother", "father", "mom", "dad"} <= set(parents)
    (siblings,) = concept_terms("Does Omar get along with his siblings?")
    assert {"brother", "sister"} <= set(siblings)
    assert len(concept_terms("Who looks after the grandkids while their spouse works late?")) == 2
    assert concept_terms("What did Omar's sister bake?") == ()  # one relative: the word itself is searched
    assert concept_terms("What toys did Lena have as a kid?") == ()  # a childhood
    assert concept_terms("Where did Lena live when she was a child?") == ()
    assert "'daughter'" in (query_tsquery("Are the children home?") or "")  # SQL: OR-ed into the full-text query


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_a_collective_word_finds_the_relative_named(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    said = ["Dana drove her daughter to the swim meet", "Dana's mum is flying in from Lisbon on Friday",
            "Dana repainted the garden shed", "Dana's brother fixed the leaking tap"]
    settings.RECALL_BATCH_SESSIONS = False  # notes, not a conversation
    save(alice, *({"content": text} for text in said))
    assert contents(search(alice, query="Where were Dana's children taken?", mode="lexical", floor=False,
                           k=4))[:1] == [said[0]]
    assert contents(search(alice, query="When do the parents arrive?", mode="lexical", floor=False,
                           k=4))[:1] == [said[1]]
    assert contents(search(alice, query="Who are the siblings?", mode="lexical", floor=False, k=4))[:1] == [said[3]]
