"""The camera one shoots with (``device:camera``), read beside the phone and the laptop (``slots_daily``): "I shoot
with a Canon 5D Mark III" / "went mirrorless, it's a Sony A7 IV in my bag these days", "switched to Fujifilm",
"my main camera is a Nikon Z6". The value is the maker (every maker of cameras sold now), so that two bodies of
one maker are one camera system and another maker is a change. Owning or buying one is not read (one may have
several: "got an old Pentax for fun"), nor a maker that opens the sentence ("Canon announced …": the company's).
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_camera"]

_MAKERS = {"canon": "canon", "nikon": "nikon", "sony": "sony", "fujifilm": "fujifilm", "fuji": "fujifilm",
           "panasonic": "panasonic", "lumix": "panasonic", "olympus": "om system", "om system": "om system",
           "om-system": "om system", "leica": "leica", "pentax": "pentax", "ricoh": "ricoh", "hasselblad": "hasselblad",
           "sigma": "sigma", "gopro": "gopro", "blackmagic": "blackmagic", "red": "red", "phase one": "phase one"}
_MAKER = r"(?P<maker>" + "|".join(sorted((re.escape(m) for m in _MAKERS if m != "red"), key=len, reverse=True)) + ")"
_ME = r"^(?:i|the user|we|the user and others)\b(?!['’]s)"
_ADV = r"(?:\s+(?:now|currently|finally|just|also|recently|mostly|mainly|only|still|'m|am|is|'ve|have|has))*"
_CAMERA_EN = (
    # "shoots with a Canon 5D", "shooting on Fuji these days", "switched to a Sony A7 IV"
    re.compile(rf"(?i){_ME}{_ADV}\s+(?:shoots?|shooting|shot|switched(?:\s+over)?|moved|went|upgraded|changed)\s+"
               rf"(?:(?:with|on|to)\s+)(?:an?\s+|the\s+|my\s+)?(?:new\s+|used\s+)?{_MAKER}\b"),
    # "it's a Sony A7 IV in my bag these days", "my main camera is a Nikon Z6"
    re.compile(rf"(?i)\b(?:it's|it\s+is)\s+(?:an?\s+|the\s+)?{_MAKER}\b[^.;!?]{{0,24}}\bin\s+(?:my|the user's)\s+"
               r"(?:camera\s+)?bag\b"),
    re.compile(rf"(?i)^(?:my|the user's)\s+(?:main\s+|current\s+|everyday\s+|go-to\s+)?camera\s+(?:is|'s)\s+(?:now\s+)?"
               rf"(?:an?\s+|the\s+)?{_MAKER}\b"),
)
_NOT_NOW = re.compile(r"(?i)\b(?:used to|back (?:in|then)|if|would|might|should|thinking|considering|eyeing|maybe|"
                      r"want(?:s|ed)? to|rent(?:ed|ing)?|borrow(?:ed|ing)?|friend's|"
                      r"for (?:the|a) (?:day|weekend|week))\b|\?")


def en_camera(sentence: str, speaker: str) -> list[Slot]:
    """The maker of the camera the speaker shoots with now, as ``device:camera``; [] when none is said."""
    if _NOT_NOW.search(sentence):
        return []
    said = next((m for pattern in _CAMERA_EN if (m := pattern.search(sentence))), None)
    if said is None or (said.re is _CAMERA_EN[1] and not re.match(r"(?i)^(?:i|the user)\b", sentence)):
        return []
    return [Slot(speaker, "device:camera", _MAKERS[" ".join(said.group("maker").casefold().split())])]
