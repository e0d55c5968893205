"""Scope paths: their syntax and the one prefix rule, in each form the code needs.

A scope is a ``/``-separated path inside a tenant (``user/123``, ``user/123/project/456``). A path is
*within* a prefix when it is the prefix itself or below ``prefix/`` — never merely starts with it
(``user/12`` does not contain ``user/123``). API keys limited to prefixes, searches with
``descendants`` and GDPR's personal scopes all use this rule, in Python (``path_within``), as a
Django ``Q`` (``scope_filter``) and as a SQL ``LIKE`` pattern (``like_below``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from django.db.models import Q

from mnemara.kernel.errors import field_error
from mnemara.kernel.patterns import SPACES, category_class, char_class

MAX_SCOPE_DEPTH = 8
MAX_SCOPE_LENGTH = 255
_ASCII_IN_SEGMENTS = frozenset("_.:@-")


@functools.cache
def _refused_in_segments() -> str:
    """What a segment may not hold: ASCII other than letters, digits and ``_ . : @ -`` (``/`` separates
    segments), C1 controls, spaces and invisible format characters. Letters of every script, marks and
    symbols are fine."""
    ascii_refused = [c for c in range(0x80) if not (chr(c).isalnum() or chr(c) in _ASCII_IN_SEGMENTS)]
    return char_class([*ascii_refused, *range(0x80, 0xA0)]) + SPACES + category_class(frozenset({"Cf"}))


@functools.cache
def scope_pattern() -> str:
    """What ``validate_scope_path`` accepts, as one regular expression that Python, ECMA-262 and Rust read
    alike (the API schema's ``pattern``; a test holds the two equal)."""
    segment = f"[^{_refused_in_segments()}]{{1,64}}"
    return rf"^[{SPACES}]*/*{segment}(?:/{segment}){{0,{MAX_SCOPE_DEPTH - 1}}}/*[{SPACES}]*$"


@functools.cache
def segment_pattern() -> str:
    """One segment of a scope path that a URL can name too (a mem0 ``user_id``: not "." or "..", which HTTP
    clients drop from a path), as a regular expression read alike everywhere (Python, JSON Schema, ECMA-262)."""
    return f"^(?!\\.\\.?$)[^{_refused_in_segments()}]{{1,64}}$"


@functools.cache
def _segment() -> re.Pattern[str]:
    return re.compile(f"[^{_refused_in_segments()}]{{1,64}}")


def validate_scope_path(path: object, field: str = "scope", prefix: str = "") -> str:
    """The path, trimmed of spaces and slashes, or a 400 naming ``prefix + field``. The length is the
    path's as sent (spaces and slashes around it included), so the schema's ``maxLength`` says it."""
    if not isinstance(path, str) or not path.strip():
        raise field_error(field, "A scope path like 'user/123' is required.", prefix)
    if len(path) > MAX_SCOPE_LENGTH:
        raise field_error(field, f"A scope path has at most {MAX_SCOPE_LENGTH} characters.", prefix)
    path = path.strip().strip("/")
    segments = path.split("/")
    if len(segments) > MAX_SCOPE_DEPTH:
        raise field_error(field, f"A scope path has at most {MAX_SCOPE_DEPTH} segments.", prefix)
    if not all(_segment().fullmatch(s) for s in segments):
        raise field_error(field, "Scope segments are 1-64 letters, digits or . _ : @ - (no spaces, controls or "
                                 "other ASCII punctuation), separated by '/'.", prefix)
    return path


def path_within(path: str, prefixes: Sequence[str]) -> bool:
    """Is ``path`` one of ``prefixes`` or below one? No prefixes: everything is."""
    if not prefixes:
        return True
    return any(path == p.strip("/") or path.startswith(p.strip("/") + "/") for p in prefixes)


def scope_filter(prefixes: Sequence[str], field: str = "scope__path") -> Q:
    """``path_within`` as a query: rows whose ``field`` is one of ``prefixes`` or below one."""
    if not prefixes:
        return Q()
    q = Q(pk__in=[])
    for prefix in prefixes:
        p = prefix.strip("/")
        q |= Q(**{field: p}) | Q(**{f"{field}__startswith": p + "/"})
    return q


def like_below(path: str) -> str:
    """A ``LIKE`` pattern for the paths strictly below ``path`` (its wildcards escaped)."""
    return path.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "/%"
