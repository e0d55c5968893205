"""Help chats (a recipe, a letter, a trip, a gift): the user asks for something and says facts in passing, the
assistant answers at length. The offline extractor keeps the facts said inside requests, in a later turn after the
answer, the user's choice among the suggestions, and the state a move or a new job leaves; then whole conversations
go through mem0's add (with their day) and each fact is found by a question in other words."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from memories.write.text import has_cjk
from tests.extraction.test_everyday import holding, run

LONG_ANSWER = """Here are a few ideas:

1. **Sunbutter cookies** – a nut-free classic from Kong's Kitchen.
2. **Rainbow fruit skewers** – strawberries, kiwi and blueberries.
3. **Mini pizzas** on English muffins.

Tips: label everything and make a second batch for later."""


@pytest.mark.parametrize(("asked", "keys"), [
    ("Could you help me plan a menu for my son's 5th birthday party this Sunday?", ["son's 5th birthday", "Sunday"]),
    ("any ideas for my parents' 30th anniversary dinner next month?", ["parents' 30th anniversary", "2025"]),
    ("What should I cook for our daughter's graduation party on Saturday?", ["daughter's graduation party"]),
    ("Can you also mention that I speak fluent Spanish?", ["speaks fluent Spanish"]),
    ("Please add that we've lived in Leeds since 2019.", ["lived in Leeds since 2019"]),
    ("My husband is turning 40 soon, what's a good present?", ["husband is turning 40"]),
    ("As a new dad, how do I get my baby to nap longer?", ["The user is a new dad"]),
    ("As an ER nurse on nights, what should I eat before a shift?", ["The user is an ER nurse on nights"]),
    ("Any tips for watering my plants while I'm away in Peru for three weeks?", ["away in Peru for three weeks"]),
    ("How can I keep up with Spanish while we're living in Berlin?", ["living in Berlin"]),
    ("能帮我给我儿子的十岁生日派对出点主意吗？", ["儿子要过十岁生日"]),
    ("想给我老婆挑个礼物，有推荐吗？她下个月满三十岁，平时爱爬山。", ["老婆2025年4月满三十岁", "老婆平时爱爬山"]),
    ("我妈的七十大寿要到了，订什么样的餐厅好？", ["七十大寿"]),
])
def test_a_fact_said_inside_a_request_is_kept(asked, keys):
    found, _ = run(("user", asked))
    mine = [c for c in found if c.about != "assistant"]
    for key in keys:
        assert holding(mine, key), (key, [c.content for c in found])


@pytest.mark.parametrize(("first", "later", "key", "not_key"), [
    ("Can you plan a menu for my daughter's party? About 12 kids are coming.",
     "Love these. She's totally into dinosaurs lately, any cake ideas?", "daughter is totally into dinosaurs", "Kong"),
    ("We just adopted a greyhound named Pepper and she's scared of stairs. How can we help her?",
     "Thanks! She's about four, the rescue says.", "Pepper is about four", "Kong"),
    ("我女儿最近数学老是粗心，有什么办法吗？", "她叫朵朵，特别喜欢画画。", "女儿叫朵朵", "Kong"),
])
def test_a_pronoun_after_the_assistants_answer_is_the_users_own_person(first, later, key, not_key):
    found, _ = run(("user", first), ("assistant", LONG_ANSWER), ("user", later))
    later_ones = [c for c in found if c.source_turns == [3]]
    assert holding(later_ones, key), [c.content for c in found]
    assert not holding(later_ones, not_key), [c.content for c in later_ones]


@pytest.mark.parametrize(("said", "key"), [
    ("The Sunbutter cookies look perfect, I'll make those for Saturday.", "make the Sunbutter cookies"),
    ("Mini pizzas sound great, we're going to do that one.", "do Mini pizzas"),
    ("迷你披萨不错，周末就做这个。", "就做迷你披萨"),
    ("纸杯蛋糕挺合适，我们就做它。", "就做纸杯蛋糕"),
])
def test_the_users_choice_among_the_suggestions_is_kept_with_what_was_chosen(said, key):
    found, skipped = run(("user", "What could I bake for the class party?"), ("assistant", LONG_ANSWER),
                         ("user", said))
    assert holding([c for c in found if c.source_turns == [3]], key), ([c.content for c in found], skipped)


@pytest.mark.parametrize(("asked", "reply", "key"), [
    ("I need a gift idea for my brother who loves climbing.",
     "Consider a Black Diamond chalk bag or a guidebook like Rock Climbing Colorado.", "Black Diamond"),
    ("We're looking for a quiet hotel in Porto for two nights.",
     "Try the Torel Avantgarde or Casa da Companhia, both central but calm.", "Torel Avantgarde"),
    ("我想找个适合带老人去的周边景点。", "可以去《千岛湖》或者乌镇西栅，路都比较平。", "乌镇"),
])
def test_an_answer_to_a_need_said_as_a_statement_is_kept(asked, reply, key):
    found, _ = run(("user", asked), ("assistant", reply))
    assert holding([c for c in found if c.about == "assistant"], key), [c.content for c in found]


@pytest.mark.parametrize(("said", "state"), [
    ("Since I relocated to Seattle last spring the rain has been rough.", "The user lives in Seattle."),
    ("Big news, I just joined Shopify as a backend engineer!", "The user works at Shopify"),
    ("I got a new job as a pharmacist at Walgreens two weeks ago, still learning the ropes.",
     "The user works at Walgreens as a pharmacist."),
    ("我去年从南京搬到了苏州，还在适应。", "用户现在住在苏州"),
    ("上个月我跳槽到了字节跳动，做数据分析。", "用户现在在字节跳动工作"),
])
def test_a_move_or_a_new_job_also_gives_the_state_it_leaves(said, state):
    found, _ = run(("user", said))
    assert holding(found, state), [c.content for c in found]


@pytest.mark.parametrize("said", ["My sister moved to Leeds in June.", "我姐姐搬到了广州。",
                                  "My friend Omar started at Google last week.", "我上周被调到市场部了。",
                                  "我们下个月搬到新家，终于不用租房了。"])
def test_someone_elses_move_a_department_or_a_new_home_restates_no_city(said):
    found, _ = run(("user", said))
    assert not [c.content for c in found if c.content.startswith(("The user lives", "The user works", "用户现在"))]


@pytest.mark.parametrize("said", ["我下个月要搬到深圳了，新工作在一家做无人机的公司。", "我们明年打算搬去成都。",
                                  "老公一直想调到上海，我不太愿意。", "要是搬到广州，孩子上学怎么办？",
                                  "我还没搬到杭州，房子在装修。", "我准备跳槽去阿里巴巴，下周面试。",
                                  "年底我可能会加入字节跳动。"])
def test_a_change_still_to_come_restates_no_state(said):
    """A planned, hoped-for, conditional or undone move or job change is kept as said, and claims no current
    city or employer (which would retire the one the person still has)."""
    found, _ = run(("user", said))
    assert not [c.content for c in found if "现在住在" in c.content or "现在在" in c.content], \
        [c.content for c in found]


def test_a_titles_day_word_is_not_a_date_and_a_contrast_keeps_its_own_subject():
    found, _ = run(("user", "Our club is reading Tomorrow, and Tomorrow, and Tomorrow this month."))
    assert holding(found, "Tomorrow, and Tomorrow"), [c.content for c in found]
    found, _ = run(("user", "我老公是湖南人，特别能吃辣，可我一点辣都不能吃。"))
    assert holding(found, "用户一点辣都不能吃"), [c.content for c in found]


# (messages, their day), then (question in other words, a word the answer holds)
CHATS = [
    ([("user", "Can you suggest a packing list? I'm flying to Reykjavik with my fiancé Theo in March."),
      ("assistant", "Pack thermal base layers, a waterproof shell, and crampons if you plan to visit "
                    "Sólheimajökull glacier. The Blue Lagoon needs a booking in advance.")], "2025-01-20"),
    ([("user", "Could you rewrite my LinkedIn summary? Mention that I've taught middle school math for 9 years."),
      ("assistant", "Sure: 'Middle school math teacher with nine years of experience making algebra click…'")],
     "2025-02-02"),
    ([("user", "We're moving next month, any tips for packing a kitchen?"),
      ("assistant", "Wrap glasses in socks, pack a first-night box, and label every box by room.")], "2025-03-01"),
    ([("user", "Thanks for the tips last time! I relocated to Porto in April and now I need a good dentist."),
      ("assistant", "Clínica Dentária do Bonfim and Porto Smile Center both have English-speaking staff.")],
     "2025-05-10"),
    ([("user", "我想给我爸的七十大寿准备一桌家宴，有什么菜推荐？"),
      ("assistant", "可以做寿桃包、长寿面、清蒸鲈鱼和红烧肉，寓意好也适合老人。")], "2025-04-02"),
    ([("user", "我上个月跳槽去了腾讯做产品经理，每天通勤一个半小时，有什么办法利用时间？"),
      ("assistant", "可以听《得到》的课程，或者在地铁上用墨墨背单词。")], "2025-06-15"),
]
QUESTIONS = [
    ("Who is the user going to Iceland with?", "Theo"),
    ("How long has the user been a teacher?", "9 years"),
    ("Which city does the user live in now?", "Porto"),
    ("Which dentist was recommended to the user?", "Bonfim"),
    ("用户的父亲今年多大年纪？", "七十"),
    ("用户现在在哪家公司工作？", "腾讯"),
]


@pytest.mark.usefixtures("offline")
def test_help_chats_through_mem0_are_found_by_questions_in_other_words(alice) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice.secret}")

    def post(path: str, body: dict[str, Any]) -> Any:
        response = client.post(f"/mem0{path}", data=json.dumps(body), content_type="application/json")
        assert response.status_code == 200, response.content[:500]
        return response.json()

    def user(text: str) -> str:  # one user in English, another in Chinese
        return "lan" if has_cjk(text) else "rin"

    for messages, day in CHATS:
        at = int(datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC).timestamp())
        kept = post("/v3/memories/add/", {"messages": [{"role": r, "content": t} for r, t in messages],
                                          "user_id": user(messages[0][1]), "timestamp": at})
        assert kept["results"], messages
    for question, word in QUESTIONS:
        top = post("/v3/memories/search/", {"query": question, "filters": {"user_id": user(question)}, "top_k": 3})
        memories = [r["memory"] for r in top["results"]]
        assert any(word.casefold() in m.casefold() for m in memories), (question, memories)


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.parametrize(("asked", "reply", "key", "not_key"), [
    ("Can you help me write a thank-you email to my manager Dana?",
     "Here's a draft:\n\nHi Dana,\n\nThanks to your backing, I presented the Atlas plan at the Q3 review.\n\n"
     "Best regards,\nSam", "I presented the Atlas plan", "the assistant presented"),
    ("帮我写一封给房东的信，说暖气坏了。",
     "尊敬的王先生：\n\n您好！我住的302室暖气从上周起就不热了，麻烦您安排维修师傅上门。\n\n此致\n敬礼",
     "我住的302室", "用户住的"),
])
def test_a_draft_for_the_user_keeps_its_own_voice(asked, reply, key, not_key):
    found, _ = run(("user", asked), ("assistant", reply))
    drafts = [c.content for c in found if c.about == "assistant"]
    assert any(key in d for d in drafts) and not any(not_key in d for d in drafts), drafts
