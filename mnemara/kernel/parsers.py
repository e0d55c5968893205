"""The API's JSON parser: DRF's, plus the refusals that would otherwise surface as 500s.

- Nesting: Python's decoder raises RecursionError (not ValueError) past ~1,000 levels, and anything
  deep enough to parse can still exhaust the stack in later recursive code (validation, json.dumps,
  psycopg). Documents nested deeper than ``MAX_JSON_DEPTH`` are refused here, iteratively.
- Size: the body is read up to ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413 beyond), which Django alone
  enforces only for ``request.body``, never for DRF's stream parsing.
- Numbers: ``1e400`` is valid JSON that Python reads as ``inf``, which PostgreSQL's jsonb refuses.
  NaN/Infinity literals are already refused by DRF's strict mode.
- Text: ``"\\ud800"`` is valid JSON for a lone UTF-16 surrogate, which no UTF-8 text (a response
  echoing it, PostgreSQL) can hold. Found by the fuzz tests as a 500 on an error message.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import parsers
from rest_framework.exceptions import ParseError

MAX_JSON_DEPTH = 64


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"number out of range: {text[:40]}")
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def has_lone_surrogate(value: Any) -> bool:
    """Does any string (key or value) of parsed JSON hold a surrogate that is not part of a pair?"""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def json_depth(value: Any) -> int:
    """Nesting depth of parsed JSON without recursion (a scalar is 0, [] or {} is 1)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_JSON_DEPTH:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


class JSONParser(parsers.JSONParser):
    def parse(self, stream: IO[Any] | None, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        if stream is None:  # DRF answers an empty body itself; never here
            raise ParseError("JSON parse error - empty body.")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        # DRF reads the stream itself, so Django's DATA_UPLOAD_MAX_MEMORY_SIZE never applied: enforce it.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if limit else stream.read()
        if limit and len(raw) > limit:
            raise RequestDataTooBig(f"The request body is larger than {limit} bytes.")  # the API answers 413
        try:
            text = codecs.decode(raw, encoding)
            data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
        except RecursionError as exc:
            raise ParseError(f"JSON parse error - nested deeper than {MAX_JSON_DEPTH} levels.") from exc
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc
        if json_depth(data) > MAX_JSON_DEPTH:
            raise ParseError(f"JSON parse error - nested deeper than {MAX_JSON_DEPTH} levels.")
        if _SURROGATE_ESCAPE.search(text) and has_lone_surrogate(data):  # a pair (an escaped emoji) is fine
            raise ParseError("JSON parse error - a string holds a lone UTF-16 surrogate (\\ud800-\\udfff).")
        return data


class JSONLinesParser(JSONParser):
    """JSON Lines (``application/x-ndjson``): one JSON value per line, blank lines ignored; the same limits
    as a JSON body (size, depth, finite numbers, no lone surrogates) apply to each line. Gives the list."""

    media_type = "application/x-ndjson"

    def parse(self, stream: IO[Any] | None, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        if stream is None:
            raise ParseError("JSON Lines parse error - empty body.")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if limit else stream.read()
        if limit and len(raw) > limit:
            raise RequestDataTooBig(f"The request body is larger than {limit} bytes.")
        try:
            text = codecs.decode(raw, encoding)
        except ValueError as exc:
            raise ParseError(f"JSON Lines parse error - {exc}") from exc
        values = []
        # Only "\n" ends a line: str.splitlines would also cut at U+2028 or U+0085, which JSON strings may hold raw.
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line, parse_constant=_refuse_constant, parse_float=_finite_float)
            except RecursionError as exc:
                raise ParseError(f"JSON Lines parse error - line {number}: nested deeper than {MAX_JSON_DEPTH} "
                                 "levels.") from exc
            except ValueError as exc:
                raise ParseError(f"JSON Lines parse error - line {number}: {exc}") from exc
            if json_depth(value) > MAX_JSON_DEPTH:
                raise ParseError(f"JSON Lines parse error - line {number}: nested deeper than {MAX_JSON_DEPTH} "
                                 "levels.")
            if _SURROGATE_ESCAPE.search(line) and has_lone_surrogate(value):
                raise ParseError(f"JSON Lines parse error - line {number}: a string holds a lone UTF-16 surrogate.")
            values.append(value)
        if not values:
            raise ParseError("JSON Lines parse error - no line holds a value.")
        return values
