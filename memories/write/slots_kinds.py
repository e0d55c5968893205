"""English attributes named by their kind, read beside ``slots_switches`` (an eighth new hand's set,
``bench/fresh8_en_set.py``): each holds one value at a time, the speaker's own, said plainly (``slots_routine``'s
hedges keep "if I switched…" and "thinking about…" out; a one-off, "today", "this week", is none).

- the streaming services one pays for ("we pay for Netflix and Hulu", "subscribe to Peacock"): each a
  ``member:<service>`` yes, which a cancellation ("cancelled Netflix", ``member:<service>`` no) ends;
- the church one belongs to or goes to ("a member at First Baptist", "been going to the Methodist church on 5th")
  (``church``); a wedding there is an event, not a church of one's own;
- how one sees: glasses, contacts, or eyes operated on ("had LASIK", "laser eye surgery") (``eyewear``);
- seeing a therapist or counsellor (``habit:therapy`` yes, as "stopped therapy" is no);
- an injury to a part of the body and its healing ("sprained my ankle" / "ankle's all healed") (``injury:<part>``);
- what one is called ("everyone calls me Jojo", "I go by Jo these days", "my nickname is …") (``nickname``);
- a name on an account ("my gamertag is …", "changed my username to …") (``handle:<kind>``);
- the time zone one is on ("on Eastern time", "Mountain time now") (``timezone``);
- hair colour ("my hair is dark brown", "went platinum blonde", "dyed my hair red") (``hair``);
- the team one supports, by its name ("a huge Cowboys fan", "become an Eagles fan", "root for the Packers"), one
  of the US major leagues' or the big football clubs (``fan:team``; a band's fans are many at once);
- how the home is heated ("has an oil furnace", "put in a heat pump") (``heating``);
- the computer one works on, by its model ("do all my work on an old ThinkPad", "on a Mac Mini now")
  (``device:computer``);
- a side hustle said as what one does "on the side" (``side-hustle``);
- a place one volunteers at, by its head word, and giving it up ("volunteer at the animal shelter" / "had to give up
  the shelter") (``volunteer:<place>``);
- a ride into work said with "in" ("take the commuter rail in") (``commute``).
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_kinds"]

_ME = r"(?:^|\b)(?:i|we|the user(?:\s+and\s+others)?)\b(?!['’]s)"
_MY = r"(?:my|our|the user's|the user and others')"
_ADV = r"(?:\s+(?:now|just|finally|recently|officially|also|still|currently|actually|have|has|had|'ve|got|been))*"
_BE = r"(?:\s+(?:is|am|are)|\s*['’](?:m|re))?"
_ONE_OFF = re.compile(r"(?i)\b(?:today|tonight|this (?:week|weekend|morning|afternoon|evening)|for the (?:week|weekend|"
                      r"day|night)|for (?:a|one|two|three|a few|a couple of|\d+) (?:days?|weeks?|nights?)|"
                      r"not|never|n't|no longer)\b")

_SERVICES = (r"netflix|hulu|disney\+|disney\s+plus|hbo\s+max|hbo|prime\s+video|amazon\s+prime|apple\s+tv\+?|"
             r"apple\s+tv\s+plus|paramount\+|paramount\s+plus|peacock|youtube\s+tv|youtube\s+premium|spotify|"
             r"apple\s+music|tidal|crunchyroll|sling(?:\s+tv)?|fubo(?:tv)?|britbox|now\s+tv|discovery\+|espn\+|"
             r"starz|showtime|mubi|audible|kindle\s+unlimited|xbox\s+game\s+pass|game\s+pass|playstation\s+plus")
_SERVICE = re.compile(rf"(?i)\b(?:{_SERVICES})(?![\w+])")
# a list of services and nothing after ("have Spotify playlists" is no subscription)
_SERVICE_LIST = (rf"(?:{_SERVICES})(?:\s*(?:,\s*and|,|and|&|plus)\s*(?:{_SERVICES}))*(?![\w+])"
                 r"(?=\s*(?:$|[.,;!)—–-])|\s+(?:now|too|only|these\s+days|at\s+the\s+moment|between|through|"
                 r"on\s+(?:the|our|my)|for\b))")
_PAY_FOR = re.compile(rf"(?i){_ME}{_ADV}\s+(?:pay\s+for|pays\s+for|subscribe\s+to|subscribes\s+to|"
                      rf"subscribed\s+to|have|has)\s+(?P<v>{_SERVICE_LIST})")

_CHURCH_WORDS = (r"church|parish|chapel|congregation|fellowship|cathedral|synagogue|shul|mosque|masjid|temple|"
                 r"gurdwara|meeting\s+house|kingdom\s+hall|ward")
_DENOMINATIONS = (r"baptist|methodist|presbyterian|lutheran|catholic|episcopal|anglican|pentecostal|evangelical|"
                  r"orthodox|adventist|mennonite|quaker|nazarene|reformed|unitarian|congregational|apostolic|"
                  r"assembl(?:y|ies)\s+of\s+god|church\s+of\s+christ|lds|mormon|vineyard|calvary")
_CHURCH = re.compile(
    rf"(?i){_ME}{_ADV}{_BE}\s+(?:been\s+)?(?:go|goes|going|attend|attends|attending|worship|worships|worshipping|"
    rf"a\s+member\s+(?:at|of)|members\s+(?:at|of)|belong\s+to|belongs\s+to|joined|switched\s+to|moved\s+to|"
    r"started\s+going|started\s+attending)(?:\s+to)?\s+(?:the\s+|a\s+)?"
    rf"(?P<v>(?:(?-i:[A-Z][\w'.]*)\s+){{0,3}}(?:(?i:{_DENOMINATIONS})|(?i:{_CHURCH_WORDS}))(?:\s+(?i:{_CHURCH_WORDS}))?)\b")

_EYES = re.compile(
    rf"(?i)(?:{_ME}{_ADV}{_BE}|^)\s*(?:(?P<glasses>\b(?:wear|wears|wearing|need|needs|in)\s+(?:my\s+)?(?:glasses|specs|spectacles)\b)"
    r"|(?P<contacts>\b(?:wear|wears|wearing|switched\s+to|moved\s+to|got|in)\s+(?:my\s+)?(?:contacts|contact\s+lenses)\b)"
    r"|(?P<surgery>\b(?:had|got|did|done)\s+(?:my\s+)?(?:lasik|lasek|prk|smile|laser\s+eye\s+surgery|"
    r"laser\s+surgery|eye\s+surgery|cataract\s+surgery)\b))")

_THERAPY = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:see|sees|seeing|in|go\s+to|goes\s+to|going\s+to|started|"
                      r"started\s+seeing)\s+(?:a\s+|my\s+|the\s+)?(?:therapy|therapist|counsell?ing|counsell?or|"
                      r"psychologist|psychiatrist|psychotherapist)\b")

_PARTS = (r"ankle|knee|wrist|back|shoulder|hip|elbow|foot|hand|arm|leg|finger|thumb|toe|neck|hamstring|calf|groin|"
          r"achilles|acl|mcl|meniscus|rotator\s+cuff|rib|ribs|collarbone|shin|heel|quad|tendon")
_HURT = re.compile(rf"(?i){_ME}{_ADV}\s+(?:sprained|broke|broken|twisted|tore|torn|hurt|injured|pulled|strained|"
                   rf"fractured|dislocated|busted|rolled|jammed|bruised)\s+(?:{_MY}\s+|a\s+|the\s+)?"
                   rf"(?:left\s+|right\s+)?(?P<part>{_PARTS})\b")
_HEALED = re.compile(rf"(?i)(?:^|\b{_MY}\s+)(?:left\s+|right\s+)?(?P<part>{_PARTS})(?:'s|\s+is|\s+has|\s+'s)?"
                     r"(?:\s+(?:all|fully|completely|finally|now|totally|been))*\s+"
                     r"(?:healed|better|fine|good\s+as\s+new|back\s+to\s+normal|recovered|okay|ok|fixed|mended)\b")

_NAME = r"([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)?)"
_NICKNAME = re.compile(rf"(?i:\b(?:everyone|everybody|people|friends|my\s+friends|most\s+people|they)\s+calls?\s+"
                       rf"(?:me|the\s+user)\s+){_NAME}"
                       rf"|(?i:{_ME}{_ADV}\s+(?:go|goes|going)\s+by\s+){_NAME}"
                       rf"|(?i:\b{_MY}\s+nickname\s+(?:is|'s)\s+(?:now\s+)?){_NAME}")

_HANDLES = (r"gamertag|gamer\s+tag|username|user\s+name|handle|screen\s+name|display\s+name|psn(?:\s+id)?|"
            r"steam\s+name|steam\s+id|xbox\s+name|discord(?:\s+name)?|twitch(?:\s+name)?|ign|in-game\s+name|"
            r"instagram|insta|twitter|tiktok|reddit(?:\s+name)?")
_HANDLE = re.compile(rf"(?i)(?:^|\b){_MY}\s+(?:new\s+)?(?P<k>{_HANDLES})\s+(?:is|'s)\s+(?:now\s+)?"
                     r"@?(?P<v>[\w.\-]{3,})"
                     rf"|\b(?:changed|switched|updated|renamed)\s+{_MY}\s+(?P<k2>{_HANDLES})\s+to\s+@?(?P<v2>[\w.\-]{{3,}})")

_ZONES = (r"eastern|central|mountain|pacific|atlantic|alaska|hawaii|greenwich|british\s+summer|"
          r"central\s+european|eastern\s+european|western\s+european|india|japan|china|korea|"
          r"australian\s+eastern|aest|gmt|bst|utc|cet|cest|eet|ist|jst|est|edt|cst|cdt|mst|mdt|pst|pdt|aedt")
_TIMEZONE = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?(?:on|in|using)\s+(?:the\s+)?(?P<v>{_ZONES})\s+"
                       r"(?:standard\s+)?time(?:\s+zone)?\b"
                       rf"|\b{_MY}\s+time\s*zone\s+(?:is|'s)\s+(?:now\s+)?(?P<w>{_ZONES})\b")

_HAIR_ONLY = (r"blonde|blond|brunette|platinum(?:\s+blonde?)?|strawberry\s+blonde?|ginger|auburn|bald|"
              r"salt\s+and\s+pepper")
_COLOURS = (rf"{_HAIR_ONLY}|(?:dark|light|jet|ash|dirty|honey|mousy|mousey)\s+(?:brown|blonde?|black)|brown|black|"
            r"red|grey|gray|silver|white|pink|blue|purple|green|copper|lilac|teal")
_HAIR = re.compile(rf"(?i)\b{_MY}\s+hair\s+(?:is|'s)\s+(?:now\s+|naturally\s+)?(?P<v>{_COLOURS})\b"
                   rf"|\b(?:dyed|coloured|colored|bleached)\s+(?:{_MY}\s+hair\s+)?(?P<w>{_COLOURS})\b"
                   rf"|{_ME}{_ADV}\s+(?:went|gone|turned)\s+(?P<x>{_HAIR_ONLY})\b"
                   rf"|{_ME}{_ADV}{_BE}\s+(?:a\s+)?(?P<y>blonde|brunette|redhead)\s+now\b")

#: Teams by the name fans use: the US major leagues' (NFL, NBA, MLB, NHL) and the big football clubs.
_TEAMS = (r"Cardinals|Falcons|Ravens|Bills|Panthers|Bears|Bengals|Browns|Cowboys|Broncos|Lions|Packers|Texans|Colts|"
          r"Jaguars|Jags|Chiefs|Raiders|Chargers|Rams|Dolphins|Vikings|Patriots|Pats|Saints|Giants|Jets|Eagles|"
          r"Steelers|49ers|Niners|Seahawks|Buccaneers|Bucs|Titans|Commanders|Hawks|Celtics|Nets|Hornets|Bulls|"
          r"Cavaliers|Cavs|Mavericks|Mavs|Nuggets|Pistons|Warriors|Rockets|Pacers|Clippers|Lakers|Grizzlies|Heat|"
          r"Bucks|Timberwolves|Wolves|Pelicans|Knicks|Thunder|Magic|76ers|Sixers|Suns|Trail\s+Blazers|Blazers|"
          r"Kings|Spurs|Raptors|Jazz|Wizards|Diamondbacks|Braves|Orioles|Red\s+Sox|Cubs|White\s+Sox|Reds|"
          r"Guardians|Rockies|Tigers|Astros|Royals|Angels|Dodgers|Marlins|Brewers|Twins|Mets|Yankees|Athletics|"
          r"Phillies|Pirates|Padres|Mariners|Rays|Rangers|Blue\s+Jays|Nationals|Ducks|Coyotes|Bruins|Sabres|"
          r"Flames|Hurricanes|Blackhawks|Avalanche|Blue\s+Jackets|Stars|Red\s+Wings|Oilers|Wild|Canadiens|Habs|"
          r"Predators|Devils|Islanders|Senators|Flyers|Penguins|Sharks|Kraken|Blues|Lightning|Maple\s+Leafs|Leafs|"
          r"Canucks|Golden\s+Knights|Capitals|Caps|Arsenal|Chelsea|Liverpool|Everton|Tottenham|Man\s+United|"
          r"Man\s+Utd|Manchester\s+United|Man\s+City|Manchester\s+City|Newcastle|Aston\s+Villa|West\s+Ham|"
          r"Leeds\s+United|Celtic|Barcelona|Barça|Real\s+Madrid|Atl[eé]tico|Bayern|Dortmund|Juventus|Juve|"
          r"Inter|AC\s+Milan|Milan|PSG|Ajax|Benfica|Porto")
_TEAM = rf"((?-i:{_TEAMS}))(?![\w'’])"
_FAN = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:become\s+|became\s+|now\s+)?(?:a|an)\s+"
                  rf"(?:(?:huge|big|massive|die-?hard|lifelong|diehard|real|true|loyal|proper|new)\s+)*{_TEAM}\s+(?:fan|supporter)\b"
                  rf"|{_ME}{_ADV}{_BE}\s+(?:root|roots|rooting|cheer|cheers|support|supports|supporting)\s+(?:for\s+)?"
                  rf"(?:the\s+)?{_TEAM}")

_SYSTEMS = (r"(?:(?:oil|gas|natural\s+gas|propane|electric|wood|pellet|coal)\s+)?(?:furnace|boiler)|"
            r"(?:air[\s-]source\s+|ground[\s-]source\s+|geothermal\s+)?heat\s+pump|wood\s*stove|wood\s+burner|"
            r"log\s+burner|pellet\s+stove|baseboard\s+heat(?:ers|ing)?|radiant\s+floor\s+heating|storage\s+heaters|"
            r"geothermal|oil\s+heat|gas\s+heat|electric\s+heat|district\s+heating")
_HOMES = r"house|home|place|flat|apartment|condo|cottage|cabin|bungalow|farmhouse"
_HEATING = re.compile(rf"(?i)(?:{_ME}{_ADV}|\b(?:{_MY}|the)\s+(?:{_HOMES})\s+)"
                      r"\s*(?:has|have|had|uses|use|runs\s+on|is\s+heated\s+(?:by|with)|put\s+in|installed|got|"
                      rf"switched\s+to|replaced\s+[^.;!?]{{0,30}}?\s+with)\s+(?:an?\s+|the\s+|new\s+)*(?P<v>{_SYSTEMS})\b")

_COMPUTERS = (r"thinkpad|macbook(?:\s+(?:air|pro))?|mac\s+mini|mac\s+studio|mac\s+pro|imac|chromebook|"
              r"surface\s+(?:pro|laptop|book|go)|dell\s+xps|dell\s+\w+|inspiron|alienware|"
              r"hp\s+(?:spectre|envy|pavilion|elitebook)|elitebook|lenovo(?:\s+\w+)?|ideapad|"
              r"framework\s+laptop|razer\s+blade|zenbook|vivobook|asus\s+\w+|acer\s+\w+|gaming\s+pc|"
              r"windows\s+laptop|windows\s+pc|linux\s+(?:box|laptop|machine)")
_COMPUTER = re.compile(
    rf"(?i){_ME}{_ADV}(?:\s+do\s+(?:all\s+|most\s+)?{_MY}\s+work|\s+does\s+(?:all\s+|most\s+)?{_MY}\s+work|"
    rf"\s+work|\s+works|{_BE})\s+(?:on|from)\s+(?:an?\s+|my\s+|the\s+)(?:(?:old|new|trusty|ancient|refurbished|"
    rf"\d{{4}})\s+)*(?P<v>{_COMPUTERS})\b"
    rf"|{_ME}{_ADV}\s+(?:switched|moved|upgraded)\s+to\s+(?:an?\s+|the\s+)(?:new\s+)?(?P<w>{_COMPUTERS})\b")

_SIDE = re.compile(rf"(?i){_ME}{_ADV}\s+(?P<v>(?:sell|sells|do|does|make|makes|drive|drives|tutor|tutors|teach|"
                   r"teaches|write|writes|run|runs|deliver|delivers|walk|walks|bake|bakes|design|designs|"
                   r"photograph|photographs|flip|flips|coach|coaches|clean|cleans)\s+[^.;!?]{1,60}?)\s+"
                   r"on\s+the\s+side\b"
                   rf"|\b{_MY}\s+side\s+(?:hustle|gig|business|job)\s+(?:is|'s)\s+(?:now\s+)?(?P<w>[^.;!?,]{{3,60}})")

_STOPS = (r"on|at|in|with|for|every|and|or|when|while|because|after|before|since|so|but|last|this|that|as|to|"
          r"until|once|i|we|the|a|now|then|too|again")
_PLACE = rf"(?:the|a|an|our|my|the user's)\s+(?P<h>[a-z'\-]+(?:\s+(?!(?:{_STOPS})\b)[a-z'\-]+){{0,2}})"
_VOLUNTEERS = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:a\s+)?(?:volunteer|volunteers|volunteering)\s+(?:at|with|for)\s+"
                         rf"{_PLACE}")
_GAVE_UP = re.compile(rf"(?i){_ME}{_ADV}\s+(?:to\s+)?"
                      r"(?:(?:give|gave|given)\s+up\s+(?:volunteering\s+(?:at|with|for)\s+)?|"
                      rf"(?:quit|stopped|stop|left)\s+volunteering\s+(?:at|with|for)\s+){_PLACE}")

_RAIL = {"commuter rail": "train", "commuter train": "train", "light rail": "tram", "rail": "train",
         "train": "train", "bus": "bus", "subway": "subway", "metro": "metro", "tube": "tube", "tram": "tram",
         "ferry": "ferry", "streetcar": "tram", "el": "train"}
_RIDE_IN = re.compile(rf"(?i){_ME}{_ADV}\s+(?:take|takes|taking|ride|rides|riding|catch|catches|catching)\s+the\s+"
                      rf"(?P<v>{'|'.join(sorted(_RAIL, key=len, reverse=True))})\s+in\b(?!\s+the\b)")


def en_kinds(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    sentence = sentence.strip()
    if sentence.endswith("?"):
        return []
    found = _services(sentence, speaker) + _healed(sentence, speaker)
    if _ONE_OFF.search(sentence):
        return found
    for pattern, attribute in ((_CHURCH, "church"), (_NICKNAME, "nickname"),
                               (_TIMEZONE, "timezone"), (_HAIR, "hair"), (_FAN, "fan:team"), (_HEATING, "heating"),
                               (_COMPUTER, "device:computer"), (_SIDE, "side-hustle")):
        if said := pattern.search(sentence):
            found.append(Slot(speaker, attribute, _value(said)))
    if eyes := _EYES.search(sentence):
        found.append(Slot(speaker, "eyewear", next(k for k, v in eyes.groupdict().items() if v)))
    if _THERAPY.search(sentence):
        found.append(Slot(speaker, "habit:therapy", "yes"))
    if hurt := _HURT.search(sentence):
        found.append(Slot(speaker, f"injury:{_part(hurt.group('part'))}", "injured"))
    if handle := _HANDLE.search(sentence):
        kind = " ".join((handle.group("k") or handle.group("k2")).casefold().split()).replace("gamer tag", "gamertag")
        found.append(Slot(speaker, f"handle:{kind}", (handle.group("v") or handle.group("v2")).casefold().rstrip(".")))
    if place := _VOLUNTEERS.search(sentence) or _GAVE_UP.search(sentence):
        given_up = _GAVE_UP.search(sentence) is not None
        found.append(Slot(speaker, f"volunteer:{place.group('h').casefold().split()[-1]}", "no" if given_up else "yes"))
    if ride := _RIDE_IN.search(sentence):
        found.append(Slot(speaker, "commute", _RAIL[" ".join(ride.group("v").casefold().split())]))
    return found


def _value(said: re.Match[str]) -> str:
    value = next(v for v in said.groups() if v)
    return " ".join(value.casefold().replace("’", "'").split()).rstrip(".")


def _part(part: str) -> str:
    part = " ".join(part.casefold().split())
    return "rib" if part == "ribs" else part


def _services(sentence: str, speaker: str) -> list[Slot]:
    """Each streaming service one pays for or has (``member:<service>`` yes); "just have Hulu and Disney+ now"
    after a cancellation too."""
    said = _PAY_FOR.search(sentence)
    if said is None or re.search(r"(?i)\b(?:not|never|n't|no longer|friend's|someone's)\b", said.group()):
        return []
    return [Slot(speaker, f"member:{_service(m.group())}", "yes") for m in _SERVICE.finditer(said.group("v"))]


def _service(name: str) -> str:
    name = " ".join(name.casefold().split()).replace(" plus", "+")
    aliases = {"amazon prime": "prime video", "hbo max": "max", "hbo": "max", "game pass": "xbox game pass"}
    return aliases.get(name, name)


def _healed(sentence: str, speaker: str) -> list[Slot]:
    said = _HEALED.search(sentence)
    if said is None or re.search(r"(?i)\b(?:not|never|n't|no longer|almost|nearly)\b", sentence):
        return []
    return [Slot(speaker, f"injury:{_part(said.group('part'))}", "healed")]
