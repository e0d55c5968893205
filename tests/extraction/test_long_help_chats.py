"""Long help chats (bench/realchat2.py's kind): code or text pasted around a fact, facts in a later turn, a
correction in the middle of a message, and sessions with nothing personal. The offline extractor keeps the facts
and not the paste, takes the correction's value, keeps the assistant's answer to a follow-up that asks nothing; then
whole sessions go through mem0's add and the facts are found by questions in other words."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from memories.write.text import has_cjk
from tests.extraction.test_everyday import holding, run

JS = """Why is this undefined?

```js
const total = items.reduce((sum, x) => sum + x.price);
console.log(total.toFixed(2));
```

It's for the online shop I run selling my ceramics, I make about forty mugs a month."""
SQL_LINES = """This query is slow:
SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id;
WHERE o.created_at > now() - interval '30 days';
I'm the only developer at a small logistics startup in Rotterdam, so nobody can review it."""
ZH_CODE = """这段代码报错了：

```python
df = pd.read_excel("工资表.xlsx")
df["奖金"] = df["业绩"] * 0.1
```

我在成都一家医院的财务科上班，每个月都要算全科室的奖金。"""
QUOTED = ('Could you tighten my son Ravi\'s personal statement? He\'s applying to nursing school in the fall. '
          '"I have always wanted to help people. When I was twelve I broke my arm and the nurses were so kind to me. '
          'Since then I have volunteered at the hospital every summer."')
NOTES = """Make these notes into an email to the team:
- standup moves to 9:30
- the demo is on Friday
- Priya owns the release checklist

(I'm leaving for paternity leave next week, so this is the handover.)"""


@pytest.mark.parametrize(("message", "key", "not_keys"), [
    (JS, "ceramics", ["reduce", "console.log"]),
    (SQL_LINES, "Rotterdam", ["SELECT", "JOIN"]),
    (ZH_CODE, "成都一家医院的财务科", ["read_excel", "业绩"]),
    (QUOTED, "nursing school", ["broke", "volunteered at the hospital"]),
    (NOTES, "paternity leave", ["standup", "release checklist"]),
])
def test_pasted_code_text_and_notes_go_and_the_fact_around_them_stays(message, key, not_keys):
    found, _ = run(("user", message))
    mine = [c.content for c in found if c.about != "assistant"]
    assert holding(found, key), mine
    assert not [m for m in mine if any(k.casefold() in m.casefold() for k in not_keys)], mine


def test_a_list_of_the_speakers_own_facts_is_kept():
    notes = "Some background:\n- I'm a night-shift paramedic\n- my partner is a pilot\n- we live in Bergen"
    found, _ = run(("user", notes))
    assert holding(found, "paramedic") and holding(found, "Bergen"), [c.content for c in found]


@pytest.mark.parametrize(("notes", "keys"), [
    ("Some context about me:\n- retired teacher, 52\n- grandmother of three\n- living near Galway since 2019",
     ["Galway"]),
    ("关于我：\n1. 今年二十九岁\n2. 在宁波做外贸\n3. 不吃香菜", ["宁波做外贸", "香菜"]),
])
def test_a_list_of_fragments_led_by_the_speaker_is_kept(notes, keys):
    """Items without a subject, led by a line about the speaker that asks for no work on the text, are the
    speaker's facts, not notes pasted to rewrite (in Chinese each item its own statement, without its mark)."""
    found, _ = run(("user", notes))
    contents = [c.content for c in found]
    assert all(holding(found, key) for key in keys), contents
    assert not [c for c in contents if has_cjk(c) and "1." in c], contents


ANSWER = """Here are some ideas:

1. **Lemon herb chicken** – 30 minutes on one tray.
2. **Black bean tacos** with lime slaw.
3. **Miso salmon** and rice."""


@pytest.mark.parametrize(("first", "correction", "key", "gone"), [
    ("I need dinner ideas for me and my two dogs' walker... kidding, for my family of four.",
     "Oops, it's five of us actually, not four – my mother-in-law moved in last week.", "family of five", "of four"),
    ("Any easy dinners? Our piano lesson is on Monday so we eat early that day.",
     "Sorry, make that Wednesday, not Monday; the teacher changed it.", "Wednesday", "on Monday"),
    ("晚饭吃什么好？我家养了两只猫，做饭时总来捣乱。",
     "不好意思我说错了，其实是三只，不是两只，上个月又领养了一只。", "三只猫", "两只猫"),
    ("周末请朋友吃饭，一共四个人，推荐几道菜？", "我刚确认了一下，应该是六个人，不是四个人，还有两个同事要来。",
     "六个人", "四个人"),
])
def test_a_correction_inside_a_longer_message_takes_its_value(first, correction, key, gone):
    found, _ = run(("user", first), ("assistant", ANSWER), ("user", correction))
    mine = [c.content for c in found if c.about != "assistant"]
    assert holding(found, key), mine
    assert not [m for m in mine if gone in m], mine


@pytest.mark.parametrize(("follow", "reply", "key"), [
    ("Hmm, my daughter is lactose intolerant, so nothing creamy.",
     "Then try **Chana masala** with rice, or **Vietnamese pho** – both dairy-free.", "Chana masala"),
    ("The soil stays wet for days, by the way.",
     "Switch to a **terracotta pot** and a gritty mix like **Bonsai Jack** so it dries faster.", "terracotta"),
    ("对了，我老婆怀孕了，不能吃生的。", "那可以换成**清蒸鲈鱼**和**番茄炖牛腩**，都是熟食。", "清蒸鲈鱼"),
])
def test_the_answer_to_a_follow_up_that_asks_nothing_is_kept_with_the_question(follow, reply, key):
    found, _ = run(("user", "What should I make this weekend?"), ("assistant", ANSWER), ("user", follow),
                   ("assistant", reply))
    answers = [c.content for c in found if c.about == "assistant" and c.source_turns == [4]]
    assert answers and key in answers[0] and ("weekend" in answers[0] or "周末" in answers[0]), answers


@pytest.mark.parametrize(("said", "key", "not_key"), [
    ("This is my last week at the bakery before the new job.", "last week at the bakery", "2025"),
    ("Our next year abroad will be in Chile.", "next year abroad", "2026"),
    ("我上个月入职了京东，当采购经理，还在适应。", "用户现在在京东工作（采购经理）", "当采购经理，还在"),
])
def test_a_span_of_ones_own_is_no_date_and_a_role_stays_with_the_new_job(said, key, not_key):
    found, _ = run(("user", said))
    assert holding(found, key) and not holding(found, not_key), [c.content for c in found]


# Whole sessions, some with nothing personal, then questions in other words (a word the answer holds).
SESSIONS = [
    ([("user", "How do I reverse a list in Python without modifying it?"),
      ("assistant", "Use slicing: `reversed_list = items[::-1]`, or `list(reversed(items))`.")], "2025-03-01"),
    ([("user", "My wife Ines and I are doing a road trip through Scotland in June. Where should we stay on Skye?"),
      ("assistant", "1. **Kinloch Lodge** – a country house hotel.\n2. **Skeabost House** – by Loch Snizort.")],
     "2025-03-05"),
    ([("user", "Fix my loop please:\n```\nfor i in range(len(xs)):\n    print(xs[i+1])\n```\nI'm learning to code at "
               "night after my shifts as a bus driver, so go easy on me."),
      ("assistant", "`xs[i+1]` runs past the end; use `for x in xs: print(x)`.")], "2025-03-09"),
    ([("user", "Recommend a board game for four players?"),
      ("assistant", "**Ticket to Ride** and **Azul** are both great for four."),
      ("user", "Actually my nephews are 6 and 8, so it needs to be simple."),
      ("assistant", "Then go for **Outfoxed!** or **Dragonwood**, both fine for kids from six.")], "2025-03-12"),
    ([("user", "帮我看下这段SQL：\n```sql\nSELECT name FROM staff WHERE dept = '销售';\n```\n"
               "我在宁波一家外贸公司做跟单员，老板要我每周导出销售名单。"),
      ("assistant", "语句本身没问题，注意 dept 字段的编码和空格。")], "2025-03-15"),
    ([("user", "给我推荐几本适合通勤听的有声书？"), ("assistant", "可以听《明朝那些事儿》和《人类简史》。"),
      ("user", "我平时更喜欢推理小说，历史的就算了。"),
      ("assistant", "那推荐**东野圭吾的《白夜行》**和**阿加莎的《无人生还》**的有声版。")], "2025-03-20"),
]
QUESTIONS = [
    ("What is my job?", "bus driver"),
    ("Who am I taking the Scotland trip with?", "Ines"),
    ("Which games did you suggest for the kids?", "Outfoxed"),
    ("用户做什么工作？", "跟单员"),
    ("你给我推荐过哪些推理小说？", "白夜行"),
]


@pytest.mark.usefixtures("offline")
def test_long_sessions_through_mem0_keep_the_facts_not_the_paste(alice) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice.secret}")

    def post(path: str, body: dict[str, Any]) -> Any:
        response = client.post(f"/mem0{path}", data=json.dumps(body), content_type="application/json")
        assert response.status_code == 200, response.content[:500]
        return response.json()

    def user(text: str) -> str:
        return "mei" if has_cjk(text) else "tom"

    kept = []
    for messages, day in SESSIONS:
        at = int(datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC).timestamp())
        added = post("/v3/memories/add/", {"messages": [{"role": r, "content": t} for r, t in messages],
                                           "user_id": user(messages[0][1]), "timestamp": at})
        kept += [r["memory"] for r in added["results"]]
    assert not [m for m in kept if "range(len" in m or "SELECT" in m or "print(" in m or "loop" in m], kept
    for question, word in QUESTIONS:
        top = post("/v3/memories/search/", {"query": question, "filters": {"user_id": user(question)}, "top_k": 3})
        memories = [r["memory"] for r in top["results"]]
        assert any(word.casefold() in m.casefold() for m in memories), (question, memories)


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.parametrize("again", ["One more, but funnier this time.", "another version please, a bit shorter",
                                   "Debug this for me, it crashes on line 3.", "再来一个短一点的", "换一首欢快点的吧"])
def test_asking_for_another_take_or_a_fix_is_a_request_not_an_answer(again):
    found, skipped = run(("user", "Write a limerick about my cat."), ("assistant", "Here you go: … Want another?"),
                         ("user", again))
    assert not [c for c in found if c.source_turns == [3]], ([c.content for c in found], skipped)


@pytest.mark.parametrize(("said", "key"), [
    ("Could you draft a thank-you card for the staff at the Hillside Animal Shelter? I volunteered there every "
     "Saturday in March.", "volunteered at Hillside Animal Shelter"),
    ("Any tips for hiking in Zion? We spent four days there last spring.", "four days at Zion"),
])
def test_there_after_a_question_is_the_place_it_names(said, key):
    found, _ = run(("user", said))
    assert holding(found, key), [c.content for c in found]
