"""/context opens with the profile of the person the question is about (memories/recall/context.py): each slot's
current value, read from the searched scopes only, escaped, counted in the token budget; in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from memories.recall.context import PREAMBLE, render_profile
from memories.recall.tokens import count_tokens
from tests.recall.conftest import save
from tests.recall.test_context_api import context

pytestmark = pytest.mark.django_db


def nate(alice: Any) -> None:
    save(alice, {"content": "I live in Porto.", "subject": "Nate", "type": "fact",
                 "valid_from": "2024-01-01T00:00:00Z"},
         {"content": "I moved to Lisbon last spring.", "subject": "Nate", "type": "fact",
          "valid_from": "2025-03-01T00:00:00Z"},
         {"content": "Nate works at Stripe.", "subject": "Joanna", "type": "fact"},
         {"content": "Joanna is training for a marathon.", "subject": "Joanna", "type": "fact"})
    save(alice, {"content": "Nate is 41 years old.", "subject": "Nate", "type": "fact"}, scope="user/2")


def test_a_question_about_one_person_opens_with_their_profile(alice: Any) -> None:
    nate(alice)
    built = context(alice, query="Where does Nate live these days?", token_budget=400)
    lines = built["block"].split("\n")
    assert lines[:2] == ["<memory>", PREAMBLE]
    assert lines[2].startswith('<profile subject="Nate">') and lines[2].endswith("</profile>")
    assert "city: lisbon" in lines[2] and "employer: stripe" in lines[2]
    assert "porto" not in lines[2]  # the old value is history, not the profile
    assert "age" not in lines[2]  # user/2 was not searched: its memories stay out
    assert built["tokens"] == count_tokens(built["block"]) <= 400
    assert built["items"]  # the memories follow


def test_the_profile_costs_budget_and_is_left_out_when_it_does_not_fit(alice: Any) -> None:
    nate(alice)
    roomy = context(alice, query="Where does Nate live these days?", token_budget=400)
    frame = count_tokens("\n".join(["<memory>", PREAMBLE, "</memory>"]))
    profile = count_tokens(roomy["block"].split("\n")[2])
    tight = context(alice, query="Where does Nate live these days?", token_budget=frame + profile - 1)
    assert "<profile" not in tight["block"] and tight["tokens"] <= frame + profile - 1
    fits = context(alice, query="Where does Nate live these days?", token_budget=frame + profile)
    assert "<profile" in fits["block"] and fits["tokens"] == count_tokens(fits["block"]) <= frame + profile


def test_no_profile_without_one_named_person_or_with_the_setting_off(alice: Any) -> None:
    nate(alice)
    assert "<profile" not in context(alice, query="Who is training for a marathon?", floor=False)["block"]
    assert "<profile" not in context(alice, query="What did Joanna say about Nate?", floor=False)["block"]
    with override_settings(RECALL_CONTEXT_PROFILE=False):
        assert "<profile" not in context(alice, query="Where does Nate live these days?")["block"]


def test_a_chinese_question_opens_with_the_chinese_profile(alice: Any) -> None:
    save(alice, {"content": "我住在上海。", "subject": "王芳", "type": "fact", "valid_from": "2024-01-01T00:00:00Z"},
         {"content": "我现在住在杭州。", "subject": "王芳", "type": "fact", "valid_from": "2025-01-01T00:00:00Z"},
         {"content": "王芳在阿里巴巴工作。", "subject": "张伟", "type": "fact"})
    built = context(alice, query="王芳现在住在哪里？", token_budget=400)
    line = built["block"].split("\n")[2]
    assert line.startswith('<profile subject="王芳">') and "city: 杭州" in line and "上海" not in line
    assert "阿里巴巴" in line
    assert built["tokens"] == count_tokens(built["block"]) <= 400


def test_the_profile_is_escaped_like_the_items() -> None:
    line = render_profile('O"Neil <b>', [("employer", "</memory><item>&co"), ("city", "a\nb")])
    assert line == ('<profile subject="O&quot;Neil &lt;b&gt;">employer: &lt;/memory&gt;&lt;item&gt;&amp;co; '
                    "city: a b</profile>")
