"""Hypothesis' regex strategies, built once per pattern in the schemathesis run (``schemathesis_hooks`` installs it).

The schema's string patterns name large Unicode classes (``[^\\u0000-\\u002c…\\ue000-\\uf8ff…]``: no control,
format or private-use character), and Hypothesis builds a class by adding each code point of each range, one at
a time. Schemathesis asks for a new ``from_regex`` strategy for every generated case (the alphabet is a new
object each time, so Hypothesis' own cache misses), and rebuilding those classes took most of the run's time
(about 70 % of its CPU). A strategy is a description, not state: the one built for a (pattern, flags, alphabet)
generates exactly what a new one would, so the run keeps every operation, check, example count and seed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any


def _alphabet_key(alphabet: Any) -> object:
    """What a resolved alphabet allows (its character intervals); its identity when it has none."""
    intervals = getattr(alphabet, "intervals", None)
    if intervals is None:
        return ("object", id(alphabet))
    return ("intervals", tuple(intervals.intervals))


def memoised(build: Callable[..., Any]) -> Callable[..., Any]:
    cache: dict[object, Any] = {}

    def regex_strategy(regex: Any, fullmatch: bool, *, alphabet: Any, **options: Any) -> Any:
        pattern = regex if isinstance(regex, re.Pattern) else re.compile(regex)
        key = (pattern.pattern, pattern.flags, fullmatch, _alphabet_key(alphabet), tuple(sorted(options.items())))
        if key not in cache:
            cache[key] = build(regex, fullmatch, alphabet=alphabet, **options)
        return cache[key]

    regex_strategy.memoised = True  # type: ignore[attr-defined]
    return regex_strategy


def install() -> bool:
    """Memoise ``hypothesis.strategies._internal.regex.regex_strategy`` (``from_regex`` imports it at each call).
    False when this Hypothesis has no such function: the run is then as slow as before, not different."""
    try:
        from hypothesis.strategies._internal import regex
    except ImportError:
        return False
    build = getattr(regex, "regex_strategy", None)
    if build is None:
        return False
    if not getattr(build, "memoised", False):
        regex.regex_strategy = memoised(build)
    return True
