"""Text as people text it, for the offline extractor: a statement and the question or request that follows it in
one run ("im vegan btw, whats a good lunch spot near union square?", "my wife is gluten free - can you find a
table for 4") put apart, so that the statement is kept though the question is not; "wfh" written out; a change
said with no subject ("not vegan anymore", "no longer a student") the speaker's; a run of short Chinese lines sent one
after another (微信-style: "我养了只猫" · "叫煤球" · "纯黑的") read as the one message they are."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memories.extraction.candidates import Turn
from memories.extraction.clauses import _QUESTION_START

__all__ = ["asked_apart", "done_to_mine", "texted_runs", "unsaid_self"]

#: A comma or a dash before the words that open a question or a request to the assistant.
_ASKED_AFTER = re.compile(r"(?i)(?<=[\w)])\s*(?:,|\s[-–—])\s+(?=(?:what|whats|what's|where|where's|which|how|how's|who"
                          r"|when|why|any\s+(?:ideas?|tips|recs?|recommendations|suggestions|thoughts)"
                          r"|(?:can|could|would|will)\s+(?:you|u|ya)|should\s+i|do\s+(?:you|u)\s+(?:know|have|think)"
                          r"|is\s+there|are\s+there)\b)")
#: A question said without its question mark, in words no relative clause opens with ("which is great" is none).
_PLAIN_ASK = re.compile(r"(?i)(?:whats|what's|what\s+(?:is|are|should|do|can|would)"
                        r"|how\s+(?:do|does|can|should|much|many|long|far|often)|where\s+(?:can|should|do|is)|when\s+(?:should|do|can|is)|which\s+(?:one|is\s+better)"
                        r"|any\s|(?:can|could|would|will)\s|should\s|do\s|is\s+there|are\s+there)\b")
#: The speaker's own words before it: "i", "im", "my", "we", "our" (a question before it is the question's).
_OWN = re.compile(r"(?i)\b(?:i|i'm|im|i've|ive|i'd|my|we|we're|our)\b")
_SENTENCE_END = re.compile(r"[.!?]\s+")


def asked_apart(text: str) -> str:
    """``text`` with a question or request that follows the speaker's statement after a comma made a sentence of
    its own; a question first ("whats a good gift for my dad, hes into golf") is left as it is."""
    out, start = [], 0
    for comma in _ASKED_AFTER.finditer(text):
        head = text[max([0, *(m.end() for m in _SENTENCE_END.finditer(text, 0, comma.start()))]):comma.start()]
        if _QUESTION_START.match(head.strip()) or not _OWN.search(head):
            continue
        tail = re.split(r"(?<=[.!?])\s", text[comma.end():], maxsplit=1)[0]
        if not tail.rstrip().endswith("?") and not _PLAIN_ASK.match(tail):
            continue
        out.append(text[start:comma.start()] + ".")
        start = comma.end() - 1  # keep one space
    return _wfh("".join(out) + text[start:] if out else text)


#: "wfh" after a form of "be" is "working from home" ("im wfh today"); else the verb ("i wfh on fridays").
_WFH_BE = re.compile(r"(?i)\b(i'm|im|i\s+am|am|is|are|been|be|currently|still|we're)\s+wfh\b")
_WFH = re.compile(r"(?i)\bwfh\b")


def _wfh(text: str) -> str:
    return _WFH.sub("work from home", _WFH_BE.sub(lambda m: f"{m.group(1)} working from home", text))


#: A change said with no subject: "not vegan anymore", "no longer wfh", "not with the company any more".
_NOT_NOW = re.compile(r"(?i)^(?:(?:so|and|but|well|ok|okay|yeah|actually|officially|also)\s+)?"
                      r"(?P<neg>no\s+longer|not)\s+(?P<rest>\S.*)$")
_STILL_SAID = re.compile(r"(?i)\b(?:anymore|any\s+more|these\s+days|nowadays|now)\b")
#: After "no longer", what takes "I'm": a state, a role or a place ("no longer vegan", "no longer a student").
_STATE = re.compile(r"(?i)^(?:a|an|the|in|at|on|with|part\s+of|single|married|engaged|vegan|vegetarian|pescatarian"
                    r"|pregnant|sober|employed|unemployed|retired|allowed|able|sure|\w+ing\b|\w+ed\b|\w+ful\b"
                    r"|\w+ous\b|\w+ic\b|\w+ive\b|\w+able\b|\w+ible\b|\w+al\b|\w+ent\b|\w+ant\b)")


#: What one is not, has never done, or is a fan of, with no subject: "not a morning person", "never been to
#: Europe", "huge fan of jazz".
_WHAT_ONE_IS = re.compile(
    r"(?i)^(?:(?:so|and|but|honestly|tbh|also)\s+)?(?:(?P<not_a>not\s+(?:a|an|really\s+a|much\s+of\s+a|the\s+biggest)\s"
    r"(?!(?:problem|big\s+deal|chance|clue|bad\s+idea|thing|worry)\b))"
    r"|(?P<never>never\s+(?:been|had|tried|seen|met|done|owned|used|learned|driven|flown|travell?ed|lived|eaten"
    r"|smoked|played)\s)|(?P<fan>(?:a\s+)?(?:huge|big|massive|great)\s+fan\s+of\s))")


def unsaid_self(clause: str) -> str | None:
    """A clause that says the speaker is no longer something, with no subject, given the speaker ("not vegan
    anymore" → "I'm not vegan anymore", "no longer work from home" → "I no longer work from home"), or what they
    are not, have never done or are a fan of ("not a morning person" → "I'm not a morning person"), else None."""
    what = _WHAT_ONE_IS.match(clause.strip())
    if what is not None:
        kind = next(k for k in ("not_a", "never", "fan") if what.group(k))
        rest = re.sub(r"(?i)^a\s+", "", clause.strip()[what.start(kind):]) if kind == "fan" else \
            clause.strip()[what.start(kind):]
        return {"not_a": "I'm ", "never": "I've ", "fan": "I'm a "}[kind] + rest[:1].lower() + rest[1:]
    said = _NOT_NOW.match(clause.strip())
    if said is None or (said.group("neg").lower() == "not" and not _STILL_SAID.search(said.group("rest"))):
        return None
    neg, rest = said.group("neg").lower(), said.group("rest")
    if neg == "not" or _STATE.match(rest):
        return f"I'm {neg} {rest}"
    return f"I {neg} {rest}"


#: What "they" or an employer did to a thing of the speaker's: "they moved my shift to 2pm-10pm", "work changed my
#: schedule to …", "they moved our whole team up to …" said as "my shift was moved to …", so that it is the
#: speaker's, not a pronoun-led remark.
_DONE_TO_MINE = re.compile(r"(?i)^(?:they|work|management|hr|(?:my|the)\s+(?:boss|manager|supervisor|company|employer"
                           r"|job|firm|hospital|school|store|office|agency))\s+(?:finally\s+|just\s+|have\s+|'ve\s+"
                           r"|has\s+)?(?P<verb>moved|switched|changed|pushed|bumped|cut|raised|put)\s+"
                           r"(?P<mine>(?:my|our)\s+(?:[a-z]+\s+){0,2}?(?:shift|shifts|schedule|rota|start\s+time|"
                           r"team|office|desk|department|group|unit|class|route|hours))\s+"
                           r"(?P<rest>(?:back\s+|up\s+|down\s+)?to\b)")


def done_to_mine(clause: str) -> str:
    """``clause`` with a thing of the speaker's that "they" changed said as changed, else as it was."""
    def said(m: re.Match[str]) -> str:
        be = "were" if m.group("mine").endswith(("shifts", "hours")) else "was"
        return f"{m.group('mine')} {be} {m.group('verb')} {m.group('rest')}"

    return _DONE_TO_MINE.sub(said, clause)


#: A line of a texted run: Chinese, short, one line (a paragraph is a message of its own).
TEXTED_LINE_CHARS = 24
#: A run is read as one message up to this length; a longer one goes on as the next message.
TEXTED_RUN_CHARS = 160
_CJK = re.compile(r"[\u4e00-\u9fff]")
_ENDED = re.compile(r"[。！？!?，,；;、~～…]$")


def _texted(turn: Turn) -> bool:
    text = turn.content.strip()
    return turn.role == "user" and 0 < len(text) <= TEXTED_LINE_CHARS and "\n" not in text \
        and bool(_CJK.search(text))


def texted_runs(turns: Sequence[Turn]) -> list[Turn]:
    """``turns`` with each run of short Chinese lines one speaker sent in a row (no one else between) joined into
    one message, a comma between lines that end without a mark: "我养了只猫" · "叫煤球" · "纯黑的 三个月大" is
    read as "我养了只猫，叫煤球，纯黑的 三个月大", so that the cat is named and black (apart, "叫煤球" has no
    subject and "纯黑的" says nothing). The joined message is the run's first turn's (its index and time); every
    other turn is unchanged."""
    out: list[Turn] = []
    running = False  # the last turn of ``out`` is a short line or a run of them
    for turn in turns:
        last = out[-1] if out else None
        if running and last is not None and _texted(turn) and last.name == turn.name \
                and len(last.content) + len(turn.content) <= TEXTED_RUN_CHARS:
            head = last.content.strip()
            out[-1] = replace(last, content=head + ("" if _ENDED.search(head) else "，") + turn.content.strip())
        else:
            out.append(turn)
            running = _texted(turn)
    return out
