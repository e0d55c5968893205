"""The thing the assistant suggested, named in the user's reply that has "one" of it (memories/extraction/referred.py),
through the offline extractor; two things suggested, or a reply that says which, are left as they were."""

from __future__ import annotations

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor


def _kept(assistant: str, user: str) -> list[str]:
    turns = [Turn(0, "assistant", assistant), Turn(1, "user", user)]
    return [c.content.casefold() for c in OfflineExtractor().extract(turns, [])]


def test_the_reply_s_one_is_the_suggested_thing() -> None:
    for assistant, user, thing in (
        ("For your back, I would suggest a kneeling chair.", "I got one at Christmas, it's great", "kneeling chair"),
        ("You should try a sunrise alarm clock if mornings are hard.", "we've had one since the summer",
         "sunrise alarm clock"),
        ("Perhaps a dehumidifier for the damp?", "already got one in the spare room", "dehumidifier"),
    ):
        kept = _kept(assistant, user)
        assert any(thing in text for text in kept), (user, kept)


def test_two_things_suggested_or_no_one_said_are_left_alone() -> None:
    kept = _kept("You could try a foam roller or a massage gun.", "got one last week")
    assert not any("foam roller" in text or "massage gun" in text for text in kept), kept
    kept = _kept("I'd recommend a standing desk for your back.", "my physio said the same thing")
    assert not any("standing desk" in text for text in kept), kept
