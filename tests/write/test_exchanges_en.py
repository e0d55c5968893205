"""English exchanges as mem0's SDK sends them (the last user and assistant turns in one ``add``), through the real
write flow with no Anthropic key. Written in other words than bench/exchanges_en_set.py (the set the rules were
measured on), so that they hold as classes: a short answer to the assistant's question is the user's statement
in the question's words ("Where are you living?" — "Glasgow"), a bare yes or no to an offer or a check keeps
nothing, a time said first ("nowadays I …") keeps its clause; a change said later retires the answer or statement
it changes (where one works from, a language or an instrument dropped, a thing switched from, a bedtime, a budget,
how many a day, a pet renamed, a parent moved into a care home, seeing someone, a new job), and another person's
value or one more thing retires nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

pytestmark = pytest.mark.django_db

Turns = list[dict[str, str]]


def _a(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


def _u(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


# (turns, the words one kept memory carries)
ANSWERED: list[tuple[Turns, str]] = [
    ([_a("So where are you living at the moment?"), _u("Glasgow")], "living in glasgow"),
    ([_a("What's your cat called?"), _u("Mochi")], "cat mochi"),
    ([_a("Do you have any pets?"), _u("yep, three cats")], "has three cats"),
    ([_a("How do you get to work?"), _u("the bus, usually")], "work by the bus"),
    ([_a("Do you eat meat?"), _u("nope, not for ten years")], "not eat meat"),
    ([_a("Which team do you support?"), _u("Arsenal, sadly")], "supports arsenal"),
    ([_a("How many kids do you have?"), _u("3")], "has 3 kids"),
    ([_a("Are you a student or working?"), _u("working, I'm a paramedic")], "paramedic"),
    ([_a("Do you smoke?"), _u("no")], "not smoke"),
    ([_a("For the wedding menu, would you prefer the lamb or the risotto?"), _u("the risotto, thanks")],
     "chose risotto wedding"),
    ([_u("nowadays I cycle everywhere")], "cycles everywhere"),
    ([_u("lately we've been eating out a lot")], "eating out"),
    ([_u("mylo passed away on thursday, we're gutted")], "mylo passed away thursday"),
]
# Offers, checks and thanks: nothing kept.
NOTHING: list[Turns] = [
    [_a("Would you like me to add that to your calendar?"), _u("yes please")],
    [_a("Did that answer your question?"), _u("yep")],
    [_a("Do you need anything else?"), _u("no, that's it")],
    [_a("Are you still there?"), _u("yes")],
    [_a("Have you tried clearing the cache?"), _u("yeah")],
]
# The assistant suggests, the user turns it down: (turns, the user's words kept, the suggestion's words never kept)
DECLINED: list[tuple[Turns, str, str]] = [
    ([_u("what should I watch tonight?"), _a("You might enjoy 'The Conjuring' if you like horror."),
      _u("not a fan of horror honestly, I prefer romcoms")], "romcoms", "conjuring"),
    ([_u("ideas for a day trip from Manchester?"), _a("How about the Peak District, or York's old town?"),
      _u("been there loads, somewhere by the sea would be nice")], "", "peak district"),
    ([_u("any book recs?"), _a("'Klara and the Sun' by Kazuo Ishiguro is wonderful."),
      _u("already read it, I loved it")], "", "klara"),
]
# (older, newer, question, a word of the newer value)
CHANGED: list[tuple[Any, Any, str, str]] = [
    ([_a("Where are you living now?"), _u("Sheffield")], "we moved to York last month",
     "Which city does the user live in?", "york"),
    ("i work remotely", [_a("How's the new routine?"), _u("fine, I'm working in the office again")],
     "Where does the user work from?", "office"),
    ("currently learning the violin", "gave up the violin after a year", "Does the user play the violin?", "gave up"),
    ("I drink a lot of cola", "switched from cola to sparkling water", "What does the user drink?", "sparkling"),
    ("i go to sleep around 12:30", "these days i'm in bed by 9:30pm", "When does the user go to bed?", "9:30"),
    ("our budget for the kitchen is about 15k", "we've upped the kitchen budget to 20k",
     "How much can the user spend on the kitchen?", "20k"),
    ("i smoke about 10 cigarettes a day", "i'm down to 3 cigarettes a day", "How much does the user smoke?", "3"),
    ([_a("What's your cat's name?"), _u("Pepper")], "we renamed the cat to Salt", "What is the cat called?", "salt"),
    ("my mum lives with me", "mum has moved into a nursing home", "Where does the user's mother live?", "nursing"),
    ("i'm single at the moment", "I'm in a relationship now", "Is the user single?", "relationship"),
    ("I work as a cleaner", "I'm a delivery driver now", "What is the user's job?", "delivery"),
    ("my favourite food is pasta", "honestly I'm obsessed with mexican food, it's my new favourite",
     "What food does the user like most?", "mexican"),
]
# (older, newer): both stay live
KEPT: list[tuple[Any, Any]] = [
    ("I work from home", "my wife works in the office"),
    ("I'm learning the piano", "I'm learning Greek too"),
    ("my budget for the sofa is £500", "my budget for the holiday is £2,000"),
    ("I drink two coffees a day", "I have a glass of wine a week"),
    ("my dad lives with us", "my sister moved into her own flat"),
    ("I go to bed at 11", "my son goes to bed at 8"),
    ([_a("Do you have any kids?"), _u("yes, two boys")], "my older boy starts school in September"),
]


def _turns(said: Any) -> Turns:
    return [_u(said)] if isinstance(said, str) else said


def _add(mem0: _Mem0, said: Any, user: str) -> list[tuple[str, str]]:
    kept = mem0.post("/v3/memories/add/", {"messages": _turns(said), "user_id": user})
    return [(r["id"], r["memory"]) for r in kept["results"]]


def _holds(text: str, words: str) -> bool:
    return all(word in text.casefold() for word in words.split())


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.usefixtures("offline")
def test_a_short_answer_is_kept_as_the_users_statement(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    missed = []
    for n, (turns, words) in enumerate(ANSWERED):
        kept = [text for _, text in _add(mem0, turns, f"ex-a-{n}")]
        if not any(_holds(text, words) for text in kept):
            missed.append(f"{turns[-1]['content']} -> {kept}")
    assert not missed, missed
    assert not [turns for n, turns in enumerate(NOTHING) if _add(mem0, turns, f"ex-n-{n}")]


@pytest.mark.usefixtures("offline")
def test_a_suggestion_the_user_turns_down_is_not_kept(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    for n, (turns, words, suggested) in enumerate(DECLINED):
        kept = [text for _, text in _add(mem0, turns, f"ex-d-{n}")]
        assert not any(suggested in text.casefold() for text in kept), kept
        assert not words or any(_holds(text, words) for text in kept), kept


@pytest.mark.usefixtures("offline")
def test_a_change_said_later_retires_the_answer_or_statement_it_changes(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses, current = [], 0
    for n, (old, new, question, word) in enumerate(CHANGED):
        user = f"ex-c-{n}"
        olds = _add(mem0, old, user)
        added = _add(mem0, new, user)
        news = {text for _, text in added}
        assert olds, old
        if all(mem0.now(memory_id)[0] == "active" for memory_id, _ in olds) and \
                not any(mem0.now(memory_id)[0] == "pending" for memory_id, _ in added):
            misses.append(f"{old} / {new} -> {sorted(news)}")
        top = mem0.first(question, user)
        current += top in news or word in top.casefold()
    assert not misses, misses
    assert current >= len(CHANGED) - 2


@pytest.mark.usefixtures("offline")
def test_another_persons_value_or_one_more_thing_retires_nothing(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    disturbed = []
    for n, (old, new) in enumerate(KEPT):
        user = f"ex-k-{n}"
        ids = [memory_id for memory_id, _ in _add(mem0, old, user) + _add(mem0, new, user)]
        assert ids, old
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not disturbed, disturbed
