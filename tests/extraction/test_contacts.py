"""A contact the speaker gives in a remark or a request is kept as theirs (``memories.extraction.contacts``), and a
correction that says what it is about corrects that memory (``memories.extraction.corrections``); a participle said
without "I've" is the speaker's (``memories.extraction.bare``)."""

from __future__ import annotations

import pytest

from memories.write.slots import slots_of
from tests.extraction.test_everyday import run


@pytest.mark.parametrize(("said", "kept", "slot"), [
    ("You can reach me at sam.k@proton.me", "The user's email is sam.k@proton.me.", ("self|email", "sam.k@proton.me")),
    ("Please use sam@newmail.com from now on.", "The user's email is sam@newmail.com.",
     ("self|email", "sam@newmail.com")),
    ("Feel free to call me on 07700 900123.", "The user's phone number is 07700 900123.",
     ("self|phone", "07700900123")),
    ("有事随时打我电话13800138000", "用户的电话是13800138000", ("self|phone", "13800138000")),
])
def test_a_contact_given_in_a_remark_or_a_request_is_the_speakers(said: str, kept: str, slot: tuple[str, str]) -> None:
    found, _ = run(("user", said))
    assert kept in [c.content for c in found], [c.content for c in found]
    assert slot in [(s.key, s.value) for s in slots_of(kept)]


@pytest.mark.parametrize("said", ["Can you email her at ana@x.com?",
                                  "Could you text Tom's number, 555 0101 222, to me?",
                                  "Use the code 12345678 at checkout.",
                                  "My husband has a new mobile now, 07700 900456.",
                                  "我妈换了个新手机号15012345678"])
def test_someone_elses_contact_or_a_code_is_not_the_speakers(said: str) -> None:
    found, _ = run(("user", said))
    assert not [c.content for c in found if "The user's email" in c.content or "The user's phone" in c.content
                or "用户的电话" in c.content or "用户的邮箱" in c.content]


def test_a_correction_that_says_what_it_is_about_corrects_that_memory() -> None:
    found, _ = run(("user", "My dentist appointment is on Tuesday."), ("user", "I have yoga on Tuesday too."),
                   ("user", "Sorry, I meant Thursday, not Tuesday, for the dentist."))
    assert [c.content for c in found][-1] == "The user's dentist appointment is on Thursday."


@pytest.mark.parametrize(("said", "kept"), [
    ("I have one brother.", "The user has one brother."),
    ("We only have one cat now.", "one cat"),
    ("i've got two younger sisters", "two younger sisters"),
])
def test_how_many_relatives_or_pets_is_a_fact(said: str, kept: str) -> None:
    found, _ = run(("user", said))
    assert any(kept in c.content for c in found), [c.content for c in found]


@pytest.mark.parametrize(("said", "kept"), [
    ("gone vegetarian again since the spring", "The user has gone vegetarian again since the spring."),
    ("become quite the early riser lately", "The user has become quite the early riser lately."),
])
def test_a_participle_said_without_i_have_is_the_speakers(said: str, kept: str) -> None:
    """"gone …" and "become …" typed without "I've" are the speaker's, as "been …" is."""
    found, _ = run(("user", said))
    assert [c.content for c in found] == [kept]
