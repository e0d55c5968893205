"""Between two named people, a reply that says nothing alone ("They eat …", "Yeah, they serve …") is kept with the
other speaker's question it answers (``named_answers.py``); small talk and replies that hold nothing stay skipped."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 4, 14, 12, 0, tzinfo=UTC)


def chat(*turns: tuple[str, str]) -> list[str]:
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", text, SAID, name) for i, (name, text) in enumerate(turns, start=1)],
                              [])
    return [c.content for c in found]


@pytest.mark.parametrize(("asked", "reply", "key"), [
    ("Your parrots are adorable! What do they eat?", "Mostly seeds and chopped apples, plus some leafy greens.",
     "leafy greens"),
    ("Aww, so fluffy. What do they eat?", "They eat hay, pellets and a bit of fresh kale every morning.", "pellets"),
    ("No way, you finished it! So what is it about?", "Ha, thanks! It's a heist story with a lot of dark comedy.",
     "heist story"),
    ("Do they have a big menu?", "Yeah, they serve ramen, dumplings and a few curries. Have you been?", "ramen"),
    ("Is it close to your office?", "Yep — it's a ten minute walk, right next to the river. Love it.", "ten minute"),
    ("Which one did you end up picking?", "The blue one with the wooden handles - it fits the kitchen so well!",
     "wooden handles"),
])
def test_a_reply_that_says_nothing_alone_is_kept_with_the_question(asked, reply, key):
    found = chat(("Lena", f"Oh nice! {asked}"), ("Sam", reply))
    answers = [c for c in found if c.startswith("Sam's answer to Lena's question")]
    assert answers and key in answers[0], found
    assert not answers[0].rstrip(".").endswith("?"), found  # the turn's own question back is left out


@pytest.mark.parametrize(("asked", "reply"), [
    ("How's it going?", "Pretty good, thanks!"),
    ("What about you?", "Same old, same old."),
    ("Did you have fun?", "Yes, so much fun!"),
    ("How was the trip?", "It was amazing, honestly the best time ever!"),
    ("What do you think?", "Sounds great to me!"),
    ("What's new with you?", "Not much, just the usual stuff honestly."),
])
def test_small_talk_and_empty_replies_give_nothing(asked, reply):
    assert not any("answer to" in c for c in chat(("Lena", asked), ("Sam", reply)))


def test_an_answer_to_the_assistant_is_not_kept_this_way():
    extractor = OfflineExtractor()
    reply = "Oh they eat pretty much anything honestly, and they love it so much"
    found = extractor.extract([Turn(1, "assistant", "What do they eat?", SAID), Turn(2, "user", reply, SAID)], [])
    assert not any("answer to" in c.content and "question" in c.content for c in found), found


@pytest.mark.parametrize(("asked", "reply", "key"), [
    ("I'm opening an Etsy shop next month. Any tips for finding the first customers?",
     "Sure! Post your pieces on Instagram every day and offer free shipping for the first month.", "free shipping"),
    ("What should I bring for a week of camping in Yosemite?",
     "Great question! For one, you'll want a bear canister, and make sure the sleeping bag is rated for the cold "
     "nights.", "bear canister"),
    ("My knees hurt after long runs lately - got any advice?",
     "For one, you should swap the road for the gravel trail by the reservoir, and get your shoes fitted at a store.",
     "gravel trail"),
])
def test_advice_asked_for_is_kept_with_the_request(asked, reply, key):
    found = chat(("Lena", asked), ("Sam", reply))
    answers = [c for c in found if c.startswith("Sam's answer to Lena's question")]
    assert answers and key in answers[0], found


def test_what_else_with_something_asked_is_a_question_and_alone_is_small_talk():
    found = chat(("Lena", "Gardening sounds lovely. What else keeps you busy on weekends?"),
                 ("Sam", "Painting and swimming with friends! That way I can unwind and have a good time."))
    assert any(c.startswith("Sam's answer to Lena's question") and "swimming" in c for c in found), found
    assert not any("answer to" in c for c in chat(("Lena", "Cool. What else?"), ("Sam", "Oh nothing much, really.")))


@pytest.mark.parametrize("reply", ["Just believe in yourself and never give up!",
                                   "Honestly? Stay true to yourself and trust the process.",
                                   "Keep going after your dreams, it will pay off!"])
def test_a_pep_talk_for_advice_asked_gives_nothing(reply):
    assert not any("answer to" in c for c in chat(("Lena", "I'm so nervous about the audition. Any advice?"),
                                                  ("Sam", reply)))
