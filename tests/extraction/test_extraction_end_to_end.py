"""Conversations sent to a session become memories, offline (rule-based extractor), through the API."""

from __future__ import annotations

import pytest

from tests.extraction.conftest import API, close, job, memories, post_messages, run_jobs

pytestmark = pytest.mark.usefixtures("offline")


@pytest.fixture
def offline(settings):
    settings.ANTHROPIC_API_KEY = ""


def by_type(rows):
    return {row["type"]: row for row in rows}


def test_it_remembers_project_deadline_and_preference_in_english_then_pairs_the_new_colour(alice):
    scope = "user/42/project/starlight"
    post_messages(alice, "s-en", scope,
                  "Remember: my project is called Starlight and the prototype is due next Monday.",
                  ("assistant", "Noted! I guess you also like dark mode?"),
                  "I like a blue theme for it.")
    done = job(alice, close(alice, "s-en"))
    assert done["status"] == "queued"
    assert run_jobs() == 1
    done = job(alice, done["id"])
    assert (done["status"], done["extractor"], done["attempts"]) == ("succeeded", "rules", 1)
    assert [(r["action"], r["turns"], r["reason"]) for r in done["resolutions"]] == [
        ("created", [1], "statement"), ("created", [1], "statement"), ("created", [3], "statement"),
        ("skipped", [2], "assistant")]  # the assistant's guess: said why it gave nothing

    stored = by_type(memories(alice, scope))
    assert set(stored) == {"fact", "task", "preference"}  # nothing from the assistant's guess
    assert stored["task"]["entity"] == "project:starlight/deadline"
    assert "next Monday" in stored["task"]["content"]
    blue = stored["preference"]
    assert (blue["content"], blue["entity"], blue["status"]) == (
        "The user likes a blue theme", "preference:theme", "active")
    assert all(m["source_session"] == "s-en" and m["provenance"] == "stated" for m in stored.values())

    post_messages(alice, "s-en", scope, "Actually I prefer green now.")
    later = job(alice, close(alice, "s-en"))
    run_jobs()
    later = job(alice, later["id"])
    assert later["status"] == "succeeded"
    [resolution] = [r for r in later["resolutions"] if r["action"] != "skipped"]
    assert resolution["action"] == "conflict" and resolution["related"] == [blue["id"]]

    history = alice.client.get(f"{API}/memories/{blue['id']}/history").json()["results"]
    assert [v["status"] for v in history] == ["active", "conflicted"]
    assert resolution["memory"] in history[-1]["reason"]
    [item] = alice.client.get(f"{API}/review").json()["results"]
    assert (item["kind"], item["memory"]["id"], item["other_memory"]["id"]) == (
        "conflict", resolution["memory"], blue["id"])
    assert item["memory"]["content"] == "The user prefers green (theme)"


def test_it_remembers_the_chinese_sentence(alice):
    scope = "user/7/project/xingchen"
    post_messages(alice, "s-zh", scope, "记住：我的项目叫星辰计划，下周一是原型设计的截止日期。", "我喜欢蓝色主题。")
    done = close(alice, "s-zh")
    run_jobs()
    assert job(alice, done)["status"] == "succeeded"
    stored = by_type(memories(alice, scope))
    assert set(stored) == {"fact", "task", "preference"}
    assert stored["task"]["content"] == "星辰计划：原型设计的截止日期是下周一"
    assert stored["task"]["entity"] == "project:星辰计划/deadline"
    assert stored["preference"]["entity"] == "preference:theme"

    post_messages(alice, "s-zh", scope, "其实我现在更喜欢绿色了。")
    later = close(alice, "s-zh")
    run_jobs()
    [resolution] = job(alice, later)["resolutions"]
    assert resolution["action"] == "conflict" and resolution["related"] == [stored["preference"]["id"]]
    [item] = alice.client.get(f"{API}/review").json()["results"]
    assert item["memory"]["content"] == "用户喜欢绿色（主题）"


def test_it_supersedes_a_changed_deadline(alice):
    scope = "user/42/project/starlight"
    post_messages(alice, "s-1", scope, "Remember: my project is called Starlight and the prototype is due next Monday.")
    close(alice, "s-1")
    post_messages(alice, "s-2", scope, "The deadline is Friday.")
    close(alice, "s-2")
    run_jobs()
    tasks = memories(alice, scope, type="task")
    active = [t for t in tasks if t["status"] == "active"]
    assert [t["content"] for t in active] == ["Starlight: The deadline is Friday"]
    old = next(t for t in tasks if t["status"] == "deprecated")
    assert old["superseded_by"] == active[0]["id"]


def test_it_keeps_the_extracted_memories_and_jobs_from_another_tenant(alice, bob):
    scope = "user/42"
    post_messages(alice, "s-private", scope, "Remember: my project is called Starlight.")
    job_id = close(alice, "s-private")
    run_jobs()
    assert bob.client.get(f"{API}/jobs/{job_id}").status_code == 404
    assert bob.client.get(f"{API}/sessions/s-private").status_code == 404
    assert bob.client.get(f"{API}/memories", {"scope": scope}).json()["results"] == []


@pytest.mark.parametrize(("before", "after", "old_words", "new_words"), [
    ("My favourite colour is purple.", "I've gone off purple, orange is my favourite now.", "purple", "Orange"),
    ("I work at Deloitte.", "Just started a new job at Spotify as a product designer!", "Deloitte", "Spotify"),
    ("我在华为上班。", "我辞职了，现在在小米。", "华为", "小米"),
    ("我在百度工作。", "最近跳槽了，目前在京东。", "百度", "京东"),
    ("I weigh 91 kg.", "down to 84 kg now!", "91", "84"),
    ("We have a 2016 Mazda 3.", "we sold the Mazda and bought a Subaru", "Mazda 3", "Subaru"),
    ("我们房租每月两千八。", "房东涨房租了，现在每月三千一。", "两千八", "三千一"),
    ("下周一去看牙医。", "不对，牙医改到下周四了。", "周一", "周四"),
    ("I drink coffee every morning.", "I don't drink coffee anymore.", "every morning", "anymore"),
    ("我每天早上都喝咖啡。", "我已经不喝咖啡了。", "每天早上", "已经不喝"),
    ("My guitar lesson is on Mondays.", "oh wait, it's Thursday, not Monday", "Mondays", "Thursdays"),
    ("我的钢琴课在周二。", "不对，是周六", "周二", "周六"),
], ids=["favourite-en", "employer-en", "employer-zh", "employer-zh-2", "weight-en", "car-sold-en", "rent-zh",
        "appointment-zh", "daily-habit-en", "daily-habit-zh", "correction-en", "correction-zh"])
def test_a_changed_slot_said_in_passing_retires_the_old_value(alice, before, after, old_words, new_words):
    """The newer statement of a slot (favourite colour, employer), said the way people say a change, fills the
    slot the older one filled: the older is no longer live beside it (a fact superseded, a preference paired)."""
    scope = "user/slot-change"
    post_messages(alice, "s-old", scope, before)
    close(alice, "s-old")
    run_jobs()
    [old] = [m for m in memories(alice, scope) if old_words in m["content"]]
    post_messages(alice, "s-new", scope, after)
    close(alice, "s-new")
    run_jobs()
    rows = memories(alice, scope)
    [new] = [m for m in rows if m["status"] == "active" and new_words in m["content"]]
    response = alice.client.get(f"{API}/memories/{old['id']}").json()
    if new["type"] == "preference":  # the policy's contradicting preference: a pair, the newest active; or retired
        # outright by what the message says of the old value ("gone off purple": no longer liked)
        assert response["status"] in {"conflicted", "deprecated"}, rows
    else:  # superseded by the new value, or by "辞职了" said before it in the same message ("我辞职了，现在在小米")
        live = {m["id"] for m in rows if m["status"] == "active"} | {m["id"] for m in rows if m["superseded_by"]}
        assert response["status"] == "deprecated" and response["superseded_by"] in live | {new["id"]}, rows
