"""Secrets never become memories: credentials are redacted (default) or the write is refused.

Well-tested patterns rather than a scanner library: the write path needs a fast, offline check of
one short text, and every pattern here has tests (tests/memories/test_redaction.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("private_key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)")),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("api_key", re.compile(r"\b(?:sk|pk|rk)-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_\-]{16,}")),
    ("api_key", re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}")),
    ("api_key", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}")),
    ("api_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")),
    ("api_key", re.compile(r"\bmn_[0-9a-f]{10}_[A-Za-z0-9_\-]{20,}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    ("bearer_token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{20,}")),
    ("password", re.compile(
        r"(?i)\b(?:password|passwd|pwd|passphrase|api[_ -]?key|secret|token)\b"
        r"\s*(?:is|:|=|：)\s*[\"']?([^\s\"',;]{4,})")),
    ("password", re.compile(r"(?:密码|口令|密钥)\s*(?:是|为|:|：|=)\s*([^\s，。,;；]{4,})")),
    ("card_number", re.compile(r"\b(?:\d[ -]?){13,19}\b")),
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
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if kind == "card_number":
                digits = re.sub(r"\D", "", match.group(0))
                if not (13 <= len(digits) <= 19 and _luhn_ok(digits)):
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
