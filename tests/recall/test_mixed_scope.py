"""One scope holding a bilingual user's memories, half English and half Chinese (``tests/recall/mixed_scope.py``),
searched in both languages through the API (real models): a memory in the other language than the question is
no longer buried under the weak word matches of the question's own (docs/recall.md, "Which model ranks what").
The bars are the measured figures less a margin, not a perfect score: some answers the models do not relate
(USE puts "他在哪家公司上班？" far from "just started a new job at Stripe")."""

from __future__ import annotations

import pytest

from tests.recall.conftest import contents, save, search
from tests.recall.mixed_scope import EXTRACTED, MEMORIES, QUESTIONS

pytestmark = pytest.mark.django_db


def recall_at(alice, texts: dict[str, str]) -> dict[int, float]:
    english = [pk for pk in texts if pk.startswith("e")]
    chinese = [pk for pk in texts if pk.startswith("z")]
    order = [pk for pair in zip(english, chinese, strict=True) for pk in pair]  # as a conversation: in turn
    save(alice, *({"content": texts[pk]} for pk in order), scope="user/mixed")
    ids = {text: pk for pk, text in texts.items()}
    found = {1: 0.0, 3: 0.0}
    for question, answers in QUESTIONS:
        ranked = [ids[text] for text in contents(search(alice, query=question, scope="user/mixed", k=3))]
        for k in found:
            found[k] += len(set(answers) & set(ranked[:k])) / len(answers) / len(QUESTIONS)
    return found


def test_a_bilingual_scope_as_people_write(alice) -> None:
    found = recall_at(alice, MEMORIES)
    print(found)
    assert found[3] >= 0.85 and found[1] >= 0.6


def test_a_bilingual_scope_as_an_extractor_words_it(alice) -> None:
    found = recall_at(alice, EXTRACTED)
    print(found)
    assert found[3] >= 0.85 and found[1] >= 0.6
