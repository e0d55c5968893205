"""Numbers and clock times written as English words, in digits, for the slot readers (``slots_en``).

"fifteen miles" is "15 miles", "thirty-one years" "31 years", "eleven hundred a month" "1100 a month", "two hundred
and fifty" "250"; a time of day said in words is a clock time: "at eight fifteen" is "at 8:15", "half seven" (British)
"7:30", "quarter past eight" "8:15", "quarter to nine" "8:45", "ten o'clock" "10". "one" alone stays a word ("the
blue one", "one of them"), and so does a number word in a name or an idiom the readers never take as a value.
"""

from __future__ import annotations

import re

__all__ = ["in_digits"]

_UNITS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_TEN = "|".join(_TENS)
_HOUR = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_MINUTES = (
    rf"(?:oh[\s\-](?:{_UNIT})|(?:{_TEN})(?:[\s\-](?:one|two|three|four|five|six|seven|eight|nine))?|"
    r"ten|fifteen|eleven|twelve|thirteen|fourteen|sixteen|seventeen|eighteen|nineteen)"
)
_CLOCK_AT = re.compile(
    rf"(?i)\b(?P<at>at|to|from|for|until|till|by|before|after|around|about)\s+"
    rf"(?P<hour>{_HOUR})\s+(?P<min>{_MINUTES})\b(?!\s+(?:years?|months?|weeks?|days?|hours?|"
    r"minutes?|miles?|kilometres?|kilometers?|km|people|kids|children|times|pounds?|quid|dollars?))"
)
_HALF = re.compile(
    rf"(?i)\bhalf\s+(?:past\s+)?(?P<hour>{_HOUR})\b(?!\s+(?:of|a|an|the|years?|months?|weeks?|"
    r"days?|hours?|miles?|people|kids|children|times)\b)"
)
_QUARTER = re.compile(rf"(?i)\b(?:a\s+)?quarter\s+(?P<rel>past|after|to|til|till)\s+(?P<hour>{_HOUR})\b")
_OCLOCK = re.compile(rf"(?i)\b(?P<hour>{_HOUR})\s+o['’]?\s?clock\b")
# "twenty five", "thirty-one", "two hundred and fifty", "eleven hundred", "fifteen"; not "one" alone
_NUMBER = re.compile(
    rf"(?i)\b(?P<n>(?:(?:{_TEN})(?:[\s\-](?:{_UNIT}))?|{_UNIT})"
    rf"(?:\s+hundred(?:\s+(?:and\s+)?(?:(?:{_TEN})(?:[\s\-](?:{_UNIT}))?|{_UNIT}))?)?"
    rf"(?:\s+thousand)?)\b(?![\-'’])"
)


def _value(words: str) -> int:
    total, current = 0, 0
    for word in re.split(r"[\s\-]+", words.casefold()):
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total, current = (total + (current or 1)) * 1000, 0
    return total + current


def _clock(said: re.Match[str]) -> str:
    minutes = said.group("min")
    minutes = minutes[3:] if minutes.casefold().startswith("oh") else minutes  # "nine oh five"
    return f"{said.group('at')} {_hour(said.group('hour'))}:{_value(minutes):02d}"


def _hour(word: str) -> int:
    return _UNITS[word.casefold()]


def _number(said: re.Match[str]) -> str:
    words = said.group("n")
    named = words[:1].isupper() and said.start() > 0  # "the Famous Five", "Route Sixty"
    return words if words.casefold() == "one" or named else str(_value(words))


def in_digits(text: str) -> str:
    """``text`` with its clock times and numbers written as words in digits (the module's docstring)."""
    if not re.search(rf"(?i)\b(?:{_UNIT}|{_TEN}|half|quarter)\b", text):
        return text
    text = _CLOCK_AT.sub(_clock, text)
    text = _HALF.sub(lambda m: f"{_hour(m.group('hour'))}:30", text)
    text = _QUARTER.sub(
        lambda m: (
            f"{_hour(m.group('hour'))}:15"
            if m.group("rel").casefold() in ("past", "after")
            else f"{_hour(m.group('hour')) - 1 or 12}:45"
        ),
        text,
    )
    text = _OCLOCK.sub(lambda m: str(_hour(m.group("hour"))), text)
    return _NUMBER.sub(_number, text)
