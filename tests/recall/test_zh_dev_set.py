"""The committed Chinese development set is what its generator writes, and keeps the promises docs/recall.md makes.

No database: the file and ``bench/zh_memory_set.py`` only.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "eval" / "zh-dev.json"
SHAPES = {"lookup", "kin", "compound", "chatty", "comparison", "temporal", "latest"}


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zh_memory_set", ROOT / "bench" / "zh_memory_set.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SET.read_text(encoding="utf-8"))
    return loaded


def test_the_file_is_the_generators_output_for_its_seed(data: dict[str, Any]) -> None:
    module = generator()
    assert module.serialise(module.dataset(data["seed"])) == SET.read_text(encoding="utf-8")
    assert SET.stat().st_size < 2_000_000


def test_sizes_shapes_and_pooled_users(data: dict[str, Any]) -> None:
    assert len(data["messages"]) >= 3000
    assert len(data["questions"]) >= 300
    assert len(data["users"]) >= 4
    shapes = Counter(q["shape"] for q in data["questions"])
    assert set(shapes) == SHAPES
    assert min(shapes.values()) >= 20
    labels = {m["content"].split("：", 1)[0] for m in data["messages"]}
    assert labels == {*data["users"], "助手"}
    dates = [m["date"] for m in data["messages"]]
    assert dates == sorted(dates)


def test_evidence_is_the_asking_users_own_messages(data: dict[str, Any]) -> None:
    by_id = {m["id"]: m for m in data["messages"]}
    for question in data["questions"]:
        assert question["evidence"], question
        for mid in question["evidence"]:
            message = by_id[mid]
            assert message["role"] == "user" and message["user"] == question["user"], (question, message)
        if question["shape"] == "compound":  # two facts, two messages at least
            assert len(question["evidence"]) >= 2, question
        if question["shape"] == "chatty":
            assert re.search("我想问的是|其实我想问|说正事|言归正传|我想问一下|我实际想问的是|好了不说这些了|正事是",
                             question["question"])


def test_ages_are_written_both_ways(data: dict[str, Any]) -> None:
    texts = [m["content"] for m in data["messages"] if m["role"] == "user"]
    assert any(re.search(r"[二三四五六]十[一二三四五六七八九]?岁", t) for t in texts)
    assert any(re.search(r"\d\d岁", t) for t in texts)
