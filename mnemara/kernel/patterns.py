"""Regular-expression pieces that mean the same to Python's ``re`` (the server's checks) and to ECMA-262 and
Rust (the engines JSON Schema tools use on the API schema's ``pattern``s): explicit character classes, never
``\\s``, ``\\w`` or ``\\d``, whose meaning differs between them (Python's ``\\s`` has U+0085, ECMA's has U+FEFF;
ECMA's ``\\w`` and ``\\d`` are ASCII). BMP code points are escaped, astral ones written as themselves.
Imports nothing of Django: any layer may use it.
"""

from __future__ import annotations

import functools
import sys
import unicodedata
from collections.abc import Iterable


def in_class(codepoint: int) -> str:
    return f"\\u{codepoint:04x}" if codepoint <= 0xFFFF else chr(codepoint)


def char_class(codepoints: Iterable[int]) -> str:
    """The body of a character class (no brackets) holding exactly these code points, as ranges."""
    ranges: list[tuple[int, int]] = []
    for codepoint in sorted(set(codepoints)):
        if ranges and ranges[-1][1] == codepoint - 1:
            ranges[-1] = (ranges[-1][0], codepoint)
        else:
            ranges.append((codepoint, codepoint))
    return "".join(in_class(a) if a == b else f"{in_class(a)}-{in_class(b)}" for a, b in ranges)


#: What ``str.strip()`` and ``str.isspace()`` call space (26 code points, all in the BMP).
SPACES = char_class(cp for cp in range(0x10000) if chr(cp).isspace())


@functools.cache
def _by_category() -> dict[str, list[tuple[int, int]]]:
    """Every code point but the surrogates, by Unicode general category, as ranges (one pass over them, on
    first use). Ranges, not code points: a list of all 1.1 million as ints stayed in every process (~40 MB).
    No decoded JSON or URL text holds a surrogate (the parser refuses a lone one)."""
    found: dict[str, list[tuple[int, int]]] = {}
    for codepoint in range(sys.maxunicode + 1):
        if 0xD800 <= codepoint <= 0xDFFF:
            continue
        ranges = found.setdefault(unicodedata.category(chr(codepoint)), [])
        if ranges and ranges[-1][1] == codepoint - 1:
            ranges[-1] = (ranges[-1][0], codepoint)
        else:
            ranges.append((codepoint, codepoint))
    return found


@functools.cache
def category_class(categories: frozenset[str]) -> str:
    """The code points of these Unicode general categories, as a class body."""
    return char_class(cp for category in categories for first, last in _by_category().get(category, [])
                      for cp in range(first, last + 1))
