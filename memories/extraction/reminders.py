"""A request to be reminded is a task, not a question to drop: "Could you remind me to call the dentist
tomorrow?", "don't let me forget to book something", "提醒我明天交房租", "别让我忘了给妈妈打电话" → the speaker's task
with its time ("The user wants to be reminded to call the dentist on 6 December 2026", "用户要记得2026年12月6日交房租").
For the offline extractor (``offline.py``), before a clause is judged a question or a request."""

from __future__ import annotations

import re

_EN = re.compile(
    r"(?i)^(?:(?:hey|hi|oh|ok(?:ay)?|so|and|also|btw)[,!]?\s+)*(?:please\s+|pls\s+)?"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?(?:just\s+)?)?"
    r"(?:(?:please\s+)?remind\s+me|(?:please\s+)?(?:don't|do\s+not|dont)\s+let\s+me\s+forget|make\s+sure\s+i\s+"
    r"(?:don't|do\s+not|dont)\s+forget|i\s+(?:need|want|'d\s+like|would\s+like)\s+(?:you\s+)?to\s+(?:be\s+)?remind(?:ed)?"
    r"(?:\s+me)?)"
    r"(?:\s+(?P<how>to|about|of|that))?\s+(?P<what>.+?)(?:,?\s+(?:please|pls|thanks|thank\s+you))?[\s?.!]*$")
_ZH = re.compile(r"^(?:请|麻烦你?|你|帮我)?(?:记得|到时候?|到时)?(?:提醒(?:一下)?我|别让我忘了|不要让我忘了|别让我忘记"
                 r"|不要让我忘记|记得叫我)(?:一下)?[，,：:\s]*(?P<what>.+?)(?:好吗|可以吗|行吗|哦|啊|呀|吧)?[。！!？?～~\s]*$")


_WH = re.compile(r"(?i)(?:why|how|what|who|where|when|of)\b")


def reminder(clause: str, zh: bool) -> str | None:
    """The clause as the speaker's own task, in the first person ("I want to be reminded to call the dentist
    tomorrow", "我要记得明天交房租"), when it asks to be reminded; else None."""
    if zh:
        m = _ZH.match(clause.strip())
        return f"我要记得{m.group('what')}" if m and len(m.group("what")) >= 2 else None
    m = _EN.match(clause.strip())
    if not m or (len(m.group("what").split()) < 2 and not m.group("how")) or (m.group("how") or "").casefold() == "of" \
            or _WH.match(m.group("what")):
        return None  # "reminds me of home", "remind me why I do this": a feeling, not a task
    what = m.group("what")
    thing = re.match(r"(?i)(?:my|our|the|a|an|his|her|their|this|that|[A-Z])", what)  # "my mom's birthday"
    how = (m.group("how") or ("about" if thing else "to")).casefold()
    return f"I want to be reminded {how} {what}"
