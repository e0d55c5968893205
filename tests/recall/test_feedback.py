"""Feedback from the best hits (``RECALL_FEEDBACK``, memories/recall/feedback.py; docs/recall.md, "Feedback from the
best hits"), pinned on a small hand-made set with the real models, in the in-process index and in SQL, in English
and Chinese: a memory that shares no word with the question but the meaning of its best hit rises; both paths feed
back the same values; a query of several parts gets none."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from memories.embeddings import embedders
from memories.models import Memory
from memories.recall import feedback
from memories.recall.parts import query_parts
from tests.recall.conftest import save
from tests.recall.conftest import search as api_search
from tests.recall.test_levers import PATHS, _path, _sources

CASES = {
    "en": ("What pet did Anna adopt?", "Anna adopted a golden retriever puppy from the animal shelter.",
           "The retriever puppy chews every shoe in the house.",
           ["Which pet suits a small flat best?", "Our team moved the servers to a new data centre.",
            "Anna adopted a strict budget this year.", "The quarterly budget review is due next Friday."]),
    "zh": ("小林领养了什么宠物？", "小林从收容所领养了一只金毛小狗。", "那只金毛小狗把家里的鞋都咬坏了。",
           ["什么宠物适合小公寓？", "小林问该给侄女送什么生日礼物。", "小林今年开始严格控制开销。",
            "季度预算审查下周五截止。"]),
}


def _facts(kc: Any, language: str) -> tuple[str, str, str]:
    query, seed, related, fillers = CASES[language]
    save(kc, *[{"content": text, "type": "fact"} for text in [seed, related, *fillers]])
    return query, seed, related


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_memory_like_the_best_hit_gains(alice, settings, path, language) -> None:
    """The vector list alone (mode "vector"), the best hit as the one seed: the memory about the puppy, which the
    question's words barely reach, gains on the unrelated one; the best hit stays first."""
    _path(settings, path)
    settings.RECALL_BATCH_SESSIONS = False  # separate facts, not a conversation: no neighbours
    settings.RECALL_FEEDBACK_SEEDS = 1
    query, seed, related = _facts(alice, language)
    unrelated = CASES[language][3][-1]

    def gap() -> float:
        found = api_search(alice, query=query, mode="vector", floor=False)["results"]
        assert found[0]["memory"]["content"] == seed
        fusion = {h["memory"]["content"]: h["scores"]["fusion"] for h in found}
        return fusion[related] - fusion[unrelated]

    settings.RECALL_FEEDBACK = 0.0
    without = gap()
    settings.RECALL_FEEDBACK = 1.0
    assert gap() > without + 0.01


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh"])
def test_both_paths_feed_back_the_same_values(alice, in_alice, settings, language) -> None:
    """The seeds' vectors and the candidates' cosine to their mean, by each model, from the in-process index and
    from SQL: the same."""
    settings.RECALL_BATCH_SESSIONS = False
    _facts(alice, language)
    index, sql = _sources(settings)
    for model in [e.name for e in embedders()]:
        ids = list(sql.vectors_of(_all_ids(), model))
        assert ids and set(index.vectors_of(ids, model)) == set(ids)
        centre = sum(sql.vectors_of(ids[:3], model).values()).tolist()
        by_index, by_sql = index.similarities(ids, model, centre), sql.similarities(ids, model, centre)
        assert by_index.keys() == by_sql.keys()
        assert all(by_index[pk.int] == pytest.approx(by_sql[pk.int], abs=1e-4) for pk in ids)


def _all_ids() -> list[uuid.UUID]:
    return list(Memory.objects.values_list("pk", flat=True))


def test_only_a_query_of_one_part_gets_feedback(settings) -> None:
    """A dialogue, a compound question or a comparison is several searches (``parts.query_parts``): no feedback."""
    settings.RECALL_FEEDBACK = 0.25
    assert feedback.applies(query_parts("What pet did Anna adopt?"), "hybrid")
    assert feedback.applies(query_parts("小林领养了什么宠物？"), "vector")
    assert not feedback.applies(query_parts("What pet did Anna adopt?"), "lexical")
    dialogue = "Anna: I adopted a puppy!\nAssistant: Lovely! What breed?\nAnna: Any tips?"
    assert not feedback.applies(query_parts(dialogue), "hybrid")
    assert not feedback.applies(query_parts("小林领养了什么宠物？另外，小林的姐姐在哪里上班？"), "hybrid")
    settings.RECALL_FEEDBACK = 0.0
    assert not feedback.applies(query_parts("What pet did Anna adopt?"), "hybrid")
