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

from collections.abc import Mapping, Sequence

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
    periods = [span for span in dates.named_dates(query) if isinstance(span, Period)]
    if not periods or len(found) >= REACH:
        return found
    held = {c.key for c in found}
    further = [c for c in source.vector_candidates(vector, REACH, model=model)
               if c.key not in held and any(period.holds(c.valid_from.date()) for period in periods)]
    return found + further[:JOINING]


def holders(query: str, candidates: Mapping[Key, Candidate]) -> set[Key]:
    """The candidates valid in the periods ``query`` counts back to from the day it is asked (none without)."""
    periods = [span for span in dates.named_dates(query) if isinstance(span, Period)]
    if not periods:
        return set()
    return {pk for pk, c in candidates.items() if any(period.holds(c.valid_from.date()) for period in periods)}
