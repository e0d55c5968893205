"""Secrets never become memories: credentials are redacted (default) or the write is refused.

Well-tested patterns rather than a scanner library: the write path needs a fast, offline check of
one short text, and every pattern here has tests (tests/write/test_redaction.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_SECRET_LABEL = r"(?i)\b(?:password|passwd|pwd|passphrase|api[_ -]?key|secret|token)\b"
_PASSWORD_LABEL = re.compile(r"(?i)pass|pwd")
_CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720|3[0-8]|6)")
_CARD_GROUPS = ((4, 4, 4, 4), (4, 4, 4, 4, 3), (4, 6, 5), (4, 6, 4), (4, 4, 4, 1), (4, 4, 4, 4, 1), (4, 4, 4, 4, 2))


def _looks_like_card(match: re.Match[str]) -> bool:
    """A Luhn-valid 13-19 digit number of a card network, written as cards are (no dates or phones).

    Ordinary numbers pass Luhn one time in ten, so Luhn alone is not enough: the number must start
    with a card network's prefix (Visa 4, Mastercard 51-55/2221-2720, Amex/Diners/JCB 3, Discover/
    UnionPay 6) and be either unbroken or grouped like a card with one kind of separator.
    """
    text = match.group(0)
    digits = re.sub(r"\D", "", text)
    if not (13 <= len(digits) <= 19 and _CARD_PREFIX.match(digits) and _luhn_ok(digits)):
        return False
    separators = set(re.findall(r"\D", text))
    if not separators:
        return True
    groups = tuple(len(g) for g in re.split(r"\D", text))
    return len(separators) == 1 and groups in _CARD_GROUPS


def _looks_like_credential(match: re.Match[str]) -> bool:
    """For "<label> is <value>" prose: "my password is hunter2" yes, "the secret is that …" no.

    After a password label any value counts; after secret/token/api key the value must look made
    up (a digit, a symbol or mixed case), and after 密码是 it must contain ASCII (密码是她的生日 is prose).
    """
    value = match.group(1).rstrip(".!?。！？")
    label = match.group(0)[: match.start(1) - match.start(0)]
    if re.search(r"[\u3400-\u9fff]", label):
        return bool(re.search(r"[!-~]", value))
    if _PASSWORD_LABEL.search(label):
        return len(value) >= 4
    return bool(re.search(r"\d|[^\w]", value) or (value != value.lower() and value != value.capitalize()))


_Check = Callable[[re.Match[str]], bool]
_PATTERNS: list[tuple[str, re.Pattern[str], _Check | None]] = [
    ("private_key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)"),
     None),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), None),
    ("api_key", re.compile(r"\b(?:sk|pk|rk)-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_\-]{16,}"), None),
    ("api_key", re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}"), None),
    ("api_key", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"), None),
    ("api_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b"), None),
    ("api_key", re.compile(r"\bmn_[0-9a-f]{10}_[A-Za-z0-9_\-]{20,}"), None),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), None),
    ("bearer_token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{20,}"), None),
    ("password", re.compile(_SECRET_LABEL + r"\s*(?::|=|：)\s*[\"']?([^\s\"',;]{4,})"), None),
    ("password", re.compile(_SECRET_LABEL + r"\s+is\s+[\"']?([^\s\"',;]{4,})"), _looks_like_credential),
    ("password", re.compile(r"(?:密码|口令|密钥)\s*(?::|：|=)\s*([^\s，。,;；]{4,})"), None),
    ("password", re.compile(r"(?:密码|口令|密钥)\s*(?:是|为)\s*([^\s，。,;；]{4,})"), _looks_like_credential),
    # Digits with single space/dash separators, never starting or ending on a separator.
    ("card_number", re.compile(r"\b\d(?:[ -]?\d){12,18}\b"), _looks_like_card),
]


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


def _luhn_ok(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def find_secrets(text: str) -> list[Finding]:
    findings: list[Finding] = []
    for kind, pattern, check in _PATTERNS:
        for match in pattern.finditer(text):
            if check is not None and not check(match):
                continue
            start, end = (match.start(1), match.end(1)) if match.groups() and match.group(1) else match.span()
            if kind == "private_key":
                start, end = match.span()
            if not any(f.start <= start < f.end for f in findings):
                findings.append(Finding(kind, start, end))
    return sorted(findings, key=lambda f: f.start)


def redact(text: str) -> tuple[str, list[str]]:
    """The text with every secret replaced by ``[redacted <kind>]``, and the kinds found."""
    findings = find_secrets(text)
    out, last = [], 0
    for f in findings:
        if f.start < last:
            continue
        out.append(text[last : f.start])
        out.append(f"[redacted {f.kind}]")
        last = f.end
    out.append(text[last:])
    return "".join(out), [f.kind for f in findings]
