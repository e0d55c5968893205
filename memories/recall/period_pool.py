"""The memories of the periods a question counts back to from the day it says it is asked join its vector list.

"Today is 10 November 2026. What did I start two weeks ago?" holds hardly a word of its answer ("I had my first
cello lesson today!"): the memory is neither among the nearest by vector nor a full-text match, so the date lever
(``dates.named_dates``, the periods of ``anchored.read``) has nothing to lift. Such a question searches further down
the vector order (``REACH``) and the memories valid in its periods there join the list (at most ``JOINING``, the
nearest first), after its own candidates: then the lever lifts them, and they pass the relevance floor (``holders``:
the memories speak to such a question when some were written in its period). A question naming no period (or only
calendar dates: those are read by the lever alone) keeps its list and its floor as they are.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence

from memories.recall import dates
from memories.recall.anchored import Period
from memories.recall.rank import Candidate, Key
from memories.recall.sources import CandidateSource

#: How far down the vector order the memories of the question's periods are looked for
REACH = 2000
#: At most this many of them join the list
JOINING = 40


def joined(query: str, source: CandidateSource, vector: Sequence[float], model: str, found: list[Candidate]
           ) -> list[Candidate]:
    """``found`` (``model``'s list for ``query``), then the memories valid in the periods ``query`` counts back to
    that it missed, nearest first."""
    periods = _periods(query)
    if not periods or len(found) >= REACH:
        return found
    return found + source.dated_candidates(vector, REACH, model, _within(periods), {c.key for c in found}, JOINING)


def holders(query: str, candidates: Mapping[Key, Candidate]) -> set[Key]:
    """The candidates valid in the periods ``query`` counts back to from the day it is asked (none without)."""
    periods = _periods(query)
    if not periods:
        return set()
    within = _within(periods)
    return {pk for pk, c in candidates.items() if within(c.valid_from.date())}


def _periods(query: str) -> list[Period]:
    return [span for span in dates.named_dates(query) if isinstance(span, Period)]


def _within(periods: Sequence[Period]) -> Callable[[dt.date], bool]:
    """Whether a memory valid on a day was valid in one of ``periods`` (``Period.holds``), each day read once."""
    held: dict[dt.date, bool] = {}

    def within(day: dt.date) -> bool:
        if (found := held.get(day)) is None:
            found = held[day] = any(period.holds(day) for period in periods)
        return found

    return within
