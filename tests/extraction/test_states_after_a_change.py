"""The state a change of the speaker's leaves is restated (``memories.extraction.states``): where they are after
leaving a job is where they work; a company joined in Chinese is named without its particle."""

from __future__ import annotations

import pytest

from tests.extraction.test_everyday import run


@pytest.mark.parametrize(("said", "kept"), [
    ("Handed in my notice at Deloitte, I'm with KPMG now", "The user works at KPMG."),
    ("I quit Walmart in June. I'm at Costco now.", "The user works at Costco."),
    ("上个月跳槽去字节了", "用户现在在字节工作"),
])
def test_where_one_is_after_leaving_a_job_is_where_one_works(said: str, kept: str) -> None:
    found, _ = run(("user", said))
    assert kept in [c.content for c in found], [c.content for c in found]


@pytest.mark.parametrize("said", ["I'm at Target now, need anything?", "Quit my job, I'm at the lake now lol",
                                  "Left work early, I'm at Denver airport now"])
def test_being_somewhere_is_no_job(said: str) -> None:
    found, _ = run(("user", said))
    assert not [c.content for c in found if " works at " in c.content], [c.content for c in found]
