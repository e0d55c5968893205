"""Limits and syntax of what may be written. Each failure is a clear 400 or 413 with the field named."""

from __future__ import annotations

import functools
import json
import re
from datetime import UTC, datetime
from typing import Any

from django.conf import settings

from memories.choices import MemoryType, Provenance, Status
from memories.write.text import DROPPED_CATEGORIES, normalise_entity
from mnemara.kernel.errors import TooLarge, field_error
from mnemara.kernel.patterns import SPACES, category_class

MAX_ENTITY_LENGTH = 255
MAX_KEY_LENGTH = 255
#: What a key may not hold: controls, invisible format characters, private-use code points, surrogates.
KEY_REFUSED = frozenset({"Cc", "Cf", "Co", "Cs"})


def validate_content(content: object, prefix: str = "") -> str:
    if not isinstance(content, str) or not content.strip():
        raise field_error("content", "Content must be a non-empty string.", prefix)
    if len(content) > settings.MAX_CONTENT_CHARS:
        raise TooLarge(f"{prefix}content: at most {settings.MAX_CONTENT_CHARS} characters.",
                       fields={f"{prefix}content": [f"At most {settings.MAX_CONTENT_CHARS} characters."]})
    return content


@functools.cache
def content_pattern() -> str:
    """Content as a regular expression (the API schema's ``pattern``): at least one character that
    normalisation keeps (not a space, control, format or private-use character), and no NUL, which the
    API refuses. Content matches it exactly when ``normalise_content`` leaves something (a test holds
    the two equal)."""
    return rf"^[^\x00]*[^\x00{SPACES}{category_class(DROPPED_CATEGORIES)}][^\x00]*$"


def _depth(value: Any, level: int = 0) -> int:
    if isinstance(value, dict):
        return max([level + 1, *(_depth(v, level + 1) for v in value.values())])
    if isinstance(value, list):
        return max([level + 1, *(_depth(v, level + 1) for v in value)])
    return level


def validate_metadata(metadata: object, prefix: str = "") -> dict[str, Any]:
    if metadata is None:
        return {}
    if not isinstance(metadata, dict):
        raise field_error("metadata", "Metadata must be a JSON object.", prefix)
    try:  # allow_nan=False: NaN/inf are not JSON, and jsonb refuses them
        size = len(json.dumps(metadata, ensure_ascii=False, allow_nan=False).encode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError) as exc:
        raise field_error("metadata", "Metadata must be plain JSON (finite numbers, not too deep).", prefix) from exc
    if size > settings.MAX_METADATA_BYTES:
        raise TooLarge(f"{prefix}metadata: at most {settings.MAX_METADATA_BYTES} bytes.",
                       fields={f"{prefix}metadata": [f"At most {settings.MAX_METADATA_BYTES} bytes of JSON."]})
    if _depth(metadata) > settings.MAX_METADATA_DEPTH:
        raise field_error("metadata", f"Metadata nests at most {settings.MAX_METADATA_DEPTH} levels.", prefix)
    if any(_UNSTORABLE.search(s) for s in _strings(metadata)):
        # jsonb refuses \u0000 and psycopg cannot encode a lone surrogate: both would otherwise be 500s.
        raise field_error("metadata", "Metadata may not contain NUL characters or lone surrogates.", prefix)
    return metadata


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _strings(value: Any) -> list[str]:
    """Every key and string value in a (depth-limited) JSON document."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (str(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def validate_choice(value: object, field: str, choices: type[MemoryType] | type[Provenance] | type[Status],
                    prefix: str = "") -> str:
    if value not in choices.values:
        raise field_error(field, f"One of: {', '.join(choices.values)}.", prefix)
    return str(value)


def validate_confidence(value: object, prefix: str = "") -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0.0 <= float(value) <= 1.0):
        raise field_error("confidence", "A number from 0 to 1.", prefix)
    return float(value)


def validate_entity(value: object, prefix: str = "") -> str:
    """The entity key, normalised. Checked after case folding, which can lengthen it (ß → ss)."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_ENTITY_LENGTH:
        raise field_error("entity", f"A string of at most {MAX_ENTITY_LENGTH} characters.", prefix)
    entity = normalise_entity(value)
    if len(entity) > MAX_ENTITY_LENGTH:
        raise field_error("entity", f"A string of at most {MAX_ENTITY_LENGTH} characters (case-folded).", prefix)
    return entity


def validate_no_nul(value: str, field: str, prefix: str = "") -> str:
    """No NUL (PostgreSQL text refuses it) and no lone surrogate (not encodable as UTF-8)."""
    if _UNSTORABLE.search(value):
        raise field_error(field, "NUL characters and lone surrogates are not allowed.", prefix)
    return value


@functools.cache
def key_pattern() -> str:
    """A memory's ``key`` as a regular expression (the API schema's ``pattern``; a test holds it equal to
    ``validate_key``): 1-255 characters, none of them a control, format, private-use or surrogate code point,
    no space at either end. Anything else goes, ``/`` included: keys are exact (never case-folded)."""
    refused = category_class(KEY_REFUSED)
    return rf"^[^{refused}{SPACES}](?:[^{refused}]*[^{refused}{SPACES}])?$"


def validate_key(value: object, field: str = "key", prefix: str = "") -> str:
    """A key as given (exact: not normalised, not case-folded), or a 400 naming the field."""
    if not isinstance(value, str) or not value:
        raise field_error(field, "A non-empty string.", prefix)
    if len(value) > MAX_KEY_LENGTH:
        raise field_error(field, f"At most {MAX_KEY_LENGTH} characters.", prefix)
    if not re.fullmatch(key_pattern(), value):
        raise field_error(field, "No control or invisible characters, and no space at either end.", prefix)
    return value


_DAY = r"(?:0[1-9]|1[0-9]|2[0-8])"
_YEAR = r"(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9][0-9]|[1-9][0-9]{3})"
_LEAP_YEAR = r"(?:[0-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
_DATE = (rf"(?:{_YEAR}-(?:(?:0[13578]|1[02])-(?:{_DAY}|29|30|31)|(?:0[469]|11)-(?:{_DAY}|29|30)|02-{_DAY})"
         rf"|{_LEAP_YEAR}-02-29)")
#: A time with its zone (RFC 3339, at most microseconds): what the API accepts, exactly (also the schema's
#: ``pattern``), so a date that does not exist (02-30) is no match.
DATETIME_PATTERN = (rf"^{_DATE}T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{{1,6}})?"
                    rf"(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$")
_DATETIME = re.compile(DATETIME_PATTERN)


def parse_time(value: object) -> datetime:
    """A time with its zone (``DATETIME_PATTERN``), in UTC; ValueError (a message for people) otherwise."""
    if not isinstance(value, str) or not _DATETIME.fullmatch(value):
        raise ValueError("A time with its zone, e.g. 2025-03-10T09:30:00Z.")
    try:
        # In UTC: PostgreSQL refuses offsets beyond ±15:59, and year 1 at +14:00 is before the first instant.
        return datetime.fromisoformat(value).astimezone(UTC)
    except (ValueError, OverflowError) as exc:
        raise ValueError("A time that can be represented in UTC.") from exc


def validate_time(value: object, field: str, prefix: str = "") -> datetime:
    try:
        return parse_time(value)
    except ValueError as exc:
        raise field_error(field, str(exc), prefix) from exc
