"""The assistant's answer to a user's question, offline (``memories.extraction.assistant``): kept, with the
question, when it names what the user did not (places, titles, names, numbers); small talk, tips that name
nothing, echoes and answers to no question are not. Later questions ("which café did you suggest?") need it."""

from __future__ import annotations

import pytest

from tests.extraction.test_everyday import run

# (the user's turn, the assistant's reply, what the kept answer must hold)
ANSWERS = [
    ("Heading to Lisbon in May with my partner. Where should we eat?",
     "Lovely! Try Taberna da Rua das Flores for petiscos, and Manteigaria for pastéis de nata. Have fun!",
     ["Taberna da Rua das Flores", "Manteigaria", "Where should we eat?"]),
    ("any good sci-fi podcasts for my commute",
     "Sure thing:\n1. Welcome to Night Vale\n2. The Truth\n3. Wolf 359\nHappy listening!",
     ["Night Vale", "Wolf 359"]),
    ("How many ounces are in a liter? I'm tracking my water intake.",
     "There are about 33.8 fluid ounces in a liter.",
     ["33.8 fluid ounces"]),
    ("女儿下个月过生日，能推荐几个适合七岁孩子的桌游吗？",
     "可以考虑《拉密》《德国心脏病》和《卡卡颂》，规则都不难。祝生日快乐！",
     ["《拉密》", "《卡卡颂》", "推荐"]),
    ("成都有哪些值得去的景点？", "推荐你去青城山和都江堰，春天人少一些。",
     ["都江堰", "成都有哪些值得去的景点"]),
    # a task named and asked for, no question mark nor a request's verb
    ("Pivot table help: sales are in column B, regions in column C, and I want totals per region by quarter.",
     "Insert a PivotTable with Region in Rows and Quarter in Columns, or use =SUMIFS(B:B, C:C, \"North\") per cell.",
     ["SUMIFS", "Pivot table help"]),
    ("Essay feedback please, it's for my nephew's college application.",
     "Two fixes: cut the opening Thoreau quote, and end on the weekends at Hillcrest Animal Shelter, not the grades.",
     ["Hillcrest Animal Shelter", "Essay feedback please"]),
]

# (the user's turn, the assistant's reply): no memory about the assistant.
NOT_ANSWERS = [
    ("Any advice for a first marathon?", "Pace yourself early, hydrate at every station, and trust your training!"),
    ("I start my new job at Figma on Monday.", "Congrats on Figma! Monday will come fast, enjoy it."),
    ("My cat Miso knocked over my coffee again.", "Ha, classic Miso! Cats love a little chaos."),
    ("My neighbour Agnes needs help with her garden.", "That's kind of you to think of her, Agnes will appreciate it."),
    ("有什么缓解压力的办法吗？", "可以试试每天散步半小时，早点睡觉，少喝咖啡。"),
    ("我下个月要去厦门玩。", "好的，厦门很美，祝你玩得开心！"),
]


@pytest.mark.parametrize(("asked", "reply", "keys"), ANSWERS, ids=[a[:24] for a, _, _ in ANSWERS])
def test_an_answer_that_names_things_is_kept_with_its_question(asked, reply, keys):
    found, _ = run(("user", asked), ("assistant", reply))
    answers = [c for c in found if c.about == "assistant"]
    assert len(answers) == 1, [c.content for c in found]
    answer = answers[0]
    assert answer.source_turns == [2] and answer.type == "fact"
    assert all(k in answer.content for k in keys), answer.content
    assert not any(w in answer.content for w in ("Have fun", "Happy listening", "祝生日快乐")), answer.content


@pytest.mark.parametrize(("said", "reply"), NOT_ANSWERS, ids=[s[:24] for s, _ in NOT_ANSWERS])
def test_small_talk_tips_and_echoes_give_no_assistant_memory(said, reply):
    found, skipped = run(("user", said), ("assistant", reply))
    assert not [c.content for c in found if c.about == "assistant"]
    assert any(s.turn == 2 and s.reason == "assistant" for s in skipped)


def test_the_user_turn_still_gives_its_own_facts():
    found, _ = run(("user", "I'm vegetarian and visiting Kyoto next month. Can you suggest places to eat?"),
                   ("assistant", "Try Shigetsu at Tenryu-ji for shojin ryori, or Ain Soph Journey."))
    about = {c.about for c in found}
    assert about == {"", "assistant"}, [c.content for c in found]
    assert any("vegetarian" in c.content and c.about == "" for c in found)


def test_a_markdown_answer_is_read_as_its_items():
    reply = ("Here are a few ideas for your weekend:\n\n### Saturday\n1. **Belém Tower** – a 16th-century fortress.\n"
             "2. **Sintra** – the train from *Rossio* takes about 40 minutes.\n\n### Sunday\n- Fado in `Alfama`\n\n"
             "Have a wonderful trip!")
    found, _ = run(("user", "Off to Lisbon this weekend with my sister, what should we do?"), ("assistant", reply))
    answer = [c.content for c in found if c.about == "assistant"]
    assert len(answer) == 1, [c.content for c in found]
    assert "Belém Tower, a 16th-century fortress" in answer[0] and "Rossio" in answer[0], answer
    assert not any(mark in answer[0] for mark in ("#", "*", "`", "Saturday;", "wonderful")), answer


# (the user's request, the assistant's reply): words the assistant writes for the user to say, whose "I" is the
# user's; kept as the assistant's answer in the draft's own words, never with the assistant as their speaker.
WRITTEN_FOR_THE_USER = [
    ("Could you outline my keynote for the Brno robotics conference?",
     "1. Opening: I started in robotics in 2009 at ETH.\n2. Middle: three failures and what each taught me.\n"
     "3. Close: an invitation to the Q&A.", "I started in robotics in 2009 at ETH"),
    ("what should i say when i introduce myself to the new team on monday?",
     "Here's a short version you could use: Hi everyone, I'm Priya, I spent six years at Deloitte doing audit "
     "work and I love board games. Then ask each of them about their current projects.", "I'm Priya"),
    ("Could you plan a short presentation for my pottery studio's open day?",
     "Start with: I opened Clayworks in Bristol in 2019 after twelve years as a nurse. Then show 3 pieces.",
     "I opened Clayworks"),
]


@pytest.mark.parametrize(("asked", "reply", "kept"), WRITTEN_FOR_THE_USER, ids=[a[:24] for a, _, _ in
                                                                                WRITTEN_FOR_THE_USER])
def test_what_the_assistant_writes_for_the_user_keeps_its_i(asked, reply, kept):
    found, _ = run(("user", asked), ("assistant", reply))
    answers = [c.content for c in found if c.about == "assistant"]
    assert len(answers) == 1 and kept in answers[0], answers
    assert "the assistant am" not in answers[0] and "the assistant started" not in answers[0]
    assert "the assistant'm" not in answers[0] and "the assistant opened" not in answers[0]
