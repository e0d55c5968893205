"""What one uses, where one sits at work, and when and what one's routines are, in everyday English: changes a third
new hand's messages said that the other readers missed, read beside ``slots_turns``:

- a tool or service of a known kind (``tool:<kind>``: an editor, a browser, a bank, an operating system, a
  database, a CI or cloud, a pager): "i use vscode for everything" / "switched to zed last month", "my bank is
  Monzo" / "moved everything over to Starling"; a kind said with its noun is read whatever the name ("my editor is
  helix now", "I bank with Wells Fargo"); a setting ("at work", "at home", "on side projects", "for my personal
  stuff") is part of the key, so that vim at work and emacs at home are both true;
- a thing used by name, then left (``uses:<name>``): "we use Jira" / "we moved off jira", "switched from Trello to
  Linear", "closed my wells fargo account", "stopped using Notion", "ditched Dropbox";
- the team one is on (``team``): "i'm on the platform team" / "got moved to the payments team", "joined the infra
  squad";
- the time of a routine meeting or class (``time:<what>``): "my standup is at 10" / "standup moved to 9:15",
  "our 1:1 is now at 3pm";
- a choice weighed, then made (``choice:<option>``): "we're evaluating mongo and postgres" / "we ended up going
  with postgres", "torn between the Kia and the Mazda" / "we went with the mazda";
- what one drinks at a time of day (``drinks:<when>``): "i drink coffee every morning" / "these days i only drink
  green tea in the mornings";
- a level at something (``level:<activity>``): "climbing V3 at the moment" / "I'm climbing V5 now", "my chess
  rating is 1450" / "chess rating's up to 1600";
- the date of a trip said by its travel ("I'm flying to Chicago on the 12th", the Chicago flight) and of an event
  moved in the passive ("the flight got moved to the 14th", "the demo was pushed to Friday").

Not read: what used to be or might be (``slots_routine``'s hedges), another person's ("my wife uses Firefox").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.write.places import place_en
from memories.write.slot_values import DATE_EN, EVENTS_EN, Slot, date_value
from memories.write.slots_changes import _SPORTS

__all__ = ["en_using", "event_words", "no_place", "replaced_whole"]

_ME = r"^(?:i|we|the user(?:\s+and\s+others)?)\b(?!['’]s)"
_ADV = (r"(?:\s+(?:now|currently|still|usually|normally|always|just|mostly|mainly|only|finally|recently|actually|"
        r"am|is|are|have|has|'ve|had|got|get|been|ended\s+up|decided\s+to))*")
_END = r"(?=\s*$|\s*[.,;!?(]|\s+(?:for|at|on|in|as|and|but|so|now|these|nowadays|lately|instead|since|because|from|" \
       r"with|every|full[\s-]time|last|this|a\s+while|a\s+few|after|when|mostly|usually|often|monthly|" \
       r"weekly|daily)\b)"
_THING = (rf"(?P<thing>[a-z0-9][\w.+#\-]*(?:\s+(?!(?:for|at|on|in|as|and|but|so|now|with|to|from|instead)\b)"
          rf"[\w.+#\-]+){{0,2}}?){_END}")

#: Names of tools of a kind, so that "switched to zed" meets "i use vscode": the kind is what one holds one of. No
#: name that is also a place or a day ("Halifax", "Santander", "Monday"): "moved to Halifax" is a home.
_KINDS = {
    "editor": ("vscode", "vs code", "visual studio code", "visual studio", "vim", "neovim", "nvim", "emacs", "zed",
               "sublime", "sublime text", "atom", "intellij", "pycharm", "webstorm", "goland", "rider", "xcode",
               "cursor", "helix", "nano", "notepad++", "android studio", "eclipse", "clion", "phpstorm", "rubymine"),
    "browser": ("chrome", "firefox", "safari", "brave", "arc", "edge", "opera", "vivaldi", "chromium"),
    "os": ("windows", "macos", "mac os", "linux", "ubuntu", "arch", "arch linux", "fedora", "debian", "nixos",
           "linux mint", "popos", "pop os", "chromeos"),
    "database": ("postgres", "postgresql", "mysql", "mariadb", "mongo", "mongodb", "sqlite", "dynamodb", "redis",
                 "cassandra", "oracle", "sql server", "cockroachdb", "supabase", "firebase", "snowflake",
                 "bigquery"),
    "ci": ("jenkins", "github actions", "circleci", "circle ci", "gitlab ci", "travis", "travis ci", "buildkite",
           "teamcity"),
    "cloud": ("aws", "gcp", "google cloud", "azure", "digitalocean", "heroku", "vercel", "netlify", "fly.io",
              "linode", "hetzner"),
    "pager": ("pagerduty", "opsgenie", "victorops", "incident.io"),
    "bank": ("chase", "wells fargo", "bank of america", "citi", "citibank", "capital one", "ally", "usaa",
             "schwab", "discover", "td", "pnc", "us bank", "monzo", "starling", "revolut", "barclays", "hsbc",
             "lloyds", "natwest", "nationwide", "chime", "sofi", "n26", "wise"),
    "airline": ("united", "delta", "southwest", "jetblue", "ryanair", "easyjet", "british airways", "lufthansa", "klm",
                "air france", "qantas", "air canada", "virgin atlantic", "aer lingus", "wizz air", "turkish airlines",
                "singapore airlines", "cathay pacific", "alaska airlines", "american airlines", "norwegian"),
    "tracker": ("jira", "linear", "trello", "asana", "clickup", "shortcut", "notion", "basecamp",
                "github issues", "youtrack"),
}
_KIND_OF = {name: kind for kind, names in _KINDS.items() for name in names}
#: A kind said with its noun: "my editor is helix", "my main browser is Arc", "bank with Nationwide".
_KIND_NOUNS = {"editor": "editor", "ide": "editor", "text editor": "editor", "browser": "browser", "bank": "bank",
               "os": "os", "operating system": "os", "distro": "os", "database": "database", "db": "database",
               "ci": "ci", "cloud": "cloud", "cloud provider": "cloud", "issue tracker": "tracker",
               "tracker": "tracker", "airline": "airline", "mortgage": "mortgage", "mortgage lender": "mortgage",
               "lender": "mortgage"}
_KIND_NOUN_ALT = "|".join(sorted(map(re.escape, _KIND_NOUNS), key=len, reverse=True))

_USE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:use|uses|using|am\s+using|are\s+using|code\s+in|live\s+in|lives\s+in|run|"
                  rf"runs|running|am\s+on|are\s+on|on)\s+(?:the\s+)?{_THING}")
_BANK_WITH = re.compile(rf"(?i){_ME}{_ADV}\s+(?P<verb>bank|banks|banking|fly|flies|flying|remortgaged|refinanced|"
                        rf"took\s+(?:out\s+)?"
                        rf"(?:a|our|my)\s+mortgage)\s+(?:with\s+|at\s+|through\s+)?(?:the\s+)?{_THING}")
_MY_KIND = re.compile(rf"(?i)^(?:my|our|the user's|the user and others')\s+(?:main\s+|primary\s+|daily\s+|go-to\s+)?"
                      rf"(?P<noun>{_KIND_NOUN_ALT})\s+(?:is|'s|runs|lives|sits)\s+(?:now\s+|still\s+)?(?:with\s+|at\s+|on\s+|in\s+)?"
                      rf"(?:the\s+)?{_THING}")
_SWITCHED = re.compile(rf"(?i){_ME}{_ADV}\s+(?:switched|switching|switch|moved|moving|migrated|migrating|changed|"
                       rf"went\s+over|gone\s+over|jumped\s+ship|converted)\s+(?:over\s+|everything\s+(?:over\s+)?)?"
                       rf"(?:from\s+(?:the\s+)?(?P<old>[\w.+#\-]+(?:\s+[\w.+#\-]+)?)\s+)?(?:over\s+)?to\s+(?:the\s+)?"
                       rf"{_THING}")
_REPLACED = re.compile(rf"(?i){_ME}{_ADV}\s+(?:replaced|swapped|traded|ditched|dumped|dropped)\s+(?:the\s+)?"
                       rf"(?P<old>[\w.+#\-]+(?:\s+[\w.+#\-]+)?)\s+(?:for|with)\s+(?:the\s+)?{_THING}")
_LEFT = re.compile(rf"(?i){_ME}{_ADV}\s+(?:closed|close|wiped|removed|stopped\s+using|quit\s+using|no\s+longer\s+use|"
                   rf"don't\s+use|do\s+not\s+use|moved\s+off(?:\s+of)?|migrated\s+off(?:\s+of)?|got\s+off|ditched|dumped|"
                   rf"uninstalled|deleted|gave\s+up(?:\s+on)?|got\s+rid\s+of)\s+(?:my\s+|our\s+|the user's\s+|the\s+)?"
                   rf"(?P<old>[\w.+#\-]+(?:\s+(?!account|for|with|and|because|since)[\w.+#\-]+)?)"
                   rf"(?:\s+(?:account|accounts|subscription|card|completely|entirely|altogether))?"
                   rf"(?=\s*$|\s*[.,;!?]|\s+(?:for|because|since|after|when|last|this|and|so|anymore|any\s+more)\b)")
_SETTING = re.compile(r"(?i)\b(?:at|for)\s+(?P<at>work|home|the office|my day job|the day job|the user's day job)\b|"
                      r"\bon\s+(?:my\s+|the user's\s+)?(?P<side>side projects?|personal projects?|the side|weekends)\b|"
                      r"\bfor\s+(?:my\s+|the user's\s+)?(?P<own>personal|own)\s+(?:stuff|things|projects?|use)\b")

#: One more, not another: "i also use vim", "I have tea too", "sometimes I use Safari" (not "too slow").
_ADDED = re.compile(r"(?i)\b(?:also|as well|both|sometimes|occasionally|too(?=\s*$|\s*[.,;!?]))\b")


def no_place(value: str) -> bool:
    """A value after "moved to" that is no home town: a team, a shift, a day of the month, a time, a tool, a street
    (the ``address``)."""
    value = value.casefold().strip()
    return bool(re.search(r"\b(?:team|squad|pod|tribe|group|department|org|shift|shifts|rota|plan|tier|version|"
                          r"branch|street|st|road|rd|avenue|ave|lane|drive|boulevard|blvd|court|terrace|crescent)$|"
                          r"^(?:the\s+)?\d{1,2}(?:st|nd|rd|th)$|^\d{1,2}(?::\d{2})?\s*(?:am|pm)?$", value)) \
        or value in _KIND_OF


def _thing(words: str) -> str:
    words = re.sub(r"\s+", " ", words.casefold().strip(" .,'\""))
    return re.sub(r"^(?:a|an|the|my|our)\s+", "", words)


def _setting(sentence: str) -> str:
    said = _SETTING.search(sentence)
    if said is None:
        return ""
    return "@" + ("work" if said.group("at") and "home" not in said.group("at") else
                  "home" if said.group("at") else "side" if said.group("side") else "own")


def _tool(speaker: str, thing: str, setting: str, noun: str = "") -> list[Slot]:
    kind = _KIND_NOUNS.get(noun.casefold(), "") if noun else _KIND_OF.get(thing, "")
    found = [Slot(speaker, f"uses:{thing}", "yes")]
    return found + ([Slot(speaker, f"tool:{kind}{setting}", thing)] if kind else [])


def _using(sentence: str, speaker: str) -> list[Slot]:
    if _ADDED.search(sentence):
        return []
    setting = _setting(sentence)
    if said := _SWITCHED.match(sentence) or _REPLACED.match(sentence):
        thing = _thing(said.group("thing"))
        if thing not in _KIND_OF and (not said.group("old") or place_en(thing) or place_en(said.group("old"))):
            return []  # "moved to Leeds", "switched to decaf", "moved from austin to portland": no tool named
        old = [Slot(speaker, f"uses:{_thing(said.group('old'))}", "no")] if said.group("old") else []
        return old + _tool(speaker, thing, setting)
    if said := _LEFT.match(sentence):
        return [Slot(speaker, f"uses:{_thing(said.group('old'))}", "no")]
    if said := _MY_KIND.match(sentence):
        return _tool(speaker, _thing(said.group("thing")), setting, said.group("noun"))
    if said := _BANK_WITH.match(sentence):
        verb, thing = said.group("verb").casefold(), _thing(said.group("thing"))
        kind = "bank" if verb.startswith("bank") else "airline" if verb.startswith("fl") else "mortgage"
        if kind == "airline" and _KIND_OF.get(thing) != "airline" and " with " not in said.group(0).casefold():
            return []  # "i fly a lot", "fly to denver": no airline named
        return _tool(speaker, thing, setting, kind)
    if said := _USE.match(sentence):
        thing = _thing(said.group("thing"))
        if thing in _KIND_OF:
            return _tool(speaker, thing, setting)
    return []


# --------------------------------------------------------------------------- the team

_TEAM = r"(?P<team>[a-z0-9][\w\-]*(?:\s+[\w\-]+)?)\s+(?:team|squad|pod|tribe|group|org|department)\b"
_ON_TEAM = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:got|been|was|were|am|is|are|'m|'re)\s+)?(?:on|in|part\s+of|"
                      rf"joined|joining|moved\s+to|moving\s+to|transferred\s+to|switched\s+to|reassigned\s+to|"
                      rf"moved\s+over\s+to|put\s+on|placed\s+on|back\s+on)\s+(?:the|a)\s+{_TEAM}")
_MY_TEAM = re.compile(r"(?i)^(?:my|the user's)\s+team\s+(?:is|'s)\s+(?:now\s+)?(?:the\s+)?"
                      r"(?P<team>[a-z0-9][\w\-]*(?:\s+[\w\-]+)?)(?:\s+team)?\s*[.!]*$")


def _team(sentence: str, speaker: str) -> list[Slot]:
    if said := _ON_TEAM.match(sentence):
        return [Slot(speaker, "team", said.group("team").casefold())]
    if said := _MY_TEAM.match(sentence):
        return [Slot(speaker, "team", said.group("team").casefold())]
    return []


# --------------------------------------------------------------------------- the time of a routine

_ROUTINES = (r"stand-?up|daily|scrum|sync|1:1|one-on-one|1-on-1|retro|planning|huddle|check-?in|office hours|"
             r"class|lesson|practice|training|session|"
             r"meeting|call|shift|appointment|commute|pickup|pick-up|drop-?off|school run|walk|workout|run")
_CLOCK = r"(?P<time>\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midday|midnight)"
_ROUTINE = rf"(?P<what>(?:[\w\-:]+\s+){{0,2}}?(?:{_ROUTINES}))"
_TIME_END = r"(?=\s*$|\s*[.,;!]|\s+(?:every|each|on|daily|now|most|starting|from|because|as|since|these|this)\b)"
_TIME_IS = re.compile(rf"(?i)^(?:my|our|the|the user's|the user and others')?\s*{_ROUTINE}\s+(?:is|are|'s|starts|"
                      rf"begins|happens)\s+(?:now\s+|still\s+|always\s+|usually\s+)?(?:at\s+)?{_CLOCK}{_TIME_END}")
# The speaker doing the routine at a time: "i do the school run at 8:15", "the user has the standup at 9:30"
_TIME_DOES = re.compile(rf"(?i)^(?:i|the user|the user and others|we)(?:\s+(?:usually|always|normally|now|still))?\s+"
                        rf"(?:do|does|have|has|take|takes|start|starts)\s+(?:my|our|the|the user's)\s+{_ROUTINE}\s+"
                        rf"(?:now\s+)?at\s+{_CLOCK}{_TIME_END}")
_TIME_MOVED = re.compile(rf"(?i)^(?:my|our|the|the user's|the user and others')?\s*{_ROUTINE}\s+"
                         rf"(?:(?:got|was|has\s+been|is|'s|is\s+being|have\s+been|were)\s+)?(?:moved|changed|pushed|shifted|bumped|"
                         rf"rescheduled|brought\s+forward|pulled\s+forward|moving|changing)\s+(?:back\s+|forward\s+|"
                         rf"up\s+)?(?:to\s+)?{_CLOCK}(?=\s*$|\s*[.,;!]|\s+(?:every|each|on|daily|now|starting|from)\b)")


def _routine_time(sentence: str, speaker: str) -> list[Slot]:
    said = _TIME_IS.match(sentence) or _TIME_MOVED.match(sentence) or _TIME_DOES.match(sentence)
    if said is None or not re.search(r"\d|noon|midday|midnight", said.group("time")):
        return []
    what = re.sub(r"\s+", " ", said.group("what").casefold())
    what = re.sub(r"^(?:daily|weekly|morning|team|the)\s+(?=\S)", "", what).replace("stand-up", "standup")
    time = re.sub(r"\s+|\.", "", said.group("time").casefold())
    return [Slot(speaker, f"time:{what}", time.removesuffix(":00"))]


# --------------------------------------------------------------------------- a choice weighed, then made

_OPTION = r"(?:the\s+)?[\w.+#\-]+(?:\s+(?!and\b|or\b|vs\b|versus\b|for\b)[\w.+#\-]+)?"
_WEIGHING = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:am|are|'m|'re)\s+)?(?:evaluating|weighing(?:\s+up)?|comparing|"
                       rf"deciding\s+between|choosing\s+between|torn\s+between|looking\s+at|considering|trialling|"
                       rf"trialing|testing)\s+(?P<a>{_OPTION})\s*,?\s+(?:and|or|vs\.?|versus)\s+(?P<b>{_OPTION})\b")
_CHOSE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:went\s+with|gone\s+with|going\s+with|go\s+with|chose|chosen|picked|"
                    rf"settled\s+on|decided\s+on|opted\s+for|landed\s+on|ended\s+up\s+(?:going\s+|sticking\s+)?with|"
                    rf"ended\s+up\s+(?:choosing|picking))\s+(?:the\s+)?{_THING}")


def _choice(sentence: str, speaker: str) -> list[Slot]:
    if said := _WEIGHING.match(sentence):
        return [Slot(speaker, f"choice:{_thing(said.group(n))}", "weighed") for n in ("a", "b")]
    if said := _CHOSE.match(sentence):
        return [Slot(speaker, f"choice:{_thing(said.group('thing'))}", "chosen")]
    return []


# --------------------------------------------------------------------------- a drink at a time of day

_DRINK = (r"(?P<drink>(?:green\s+|black\s+|herbal\s+|mint\s+|iced\s+|decaf\s+|oat\s+|hot\s+)?(?:coffee|tea|"
          r"espresso|latte|matcha|chai|cocoa|hot chocolate|smoothie|juice|orange juice|water|kombucha|yerba mate|"
          r"mate|decaf|cappuccino|americano|flat white|protein shake)s?)")
_WHEN = (r"(?P<when>(?:every|each)\s+(?:morning|evening|night|afternoon)|in\s+the\s+(?:morning|evening|afternoon)s?|"
         r"mornings|evenings|at\s+night|at\s+breakfast|with\s+breakfast|before\s+bed|first\s+thing)")
_DRINKS_AT = re.compile(rf"(?i){_ME}{_ADV}\s+(?:drink|drinks|drinking|have|has|having|"
                        rf"starts?\s+(?:my|the user's)\s+day\s+with)\s+(?:a\s+|my\s+|the user's\s+)?"
                        rf"(?:cup\s+of\s+|glass\s+of\s+|mug\s+of\s+)?{_DRINK}\s+{_WHEN}")
_MY_DRINK = re.compile(rf"(?i)^(?:my|the user's)\s+(?P<when>morning|evening|breakfast|bedtime)\s+drink\s+(?:is|'s)\s+"
                       rf"(?:now\s+)?(?:an?\s+)?{_DRINK}|{_ME}{_ADV}\s+(?:switched|changed|swapped)\s+"
                       rf"(?:my|the user's)\s+(?P<when2>morning|evening|breakfast|bedtime)\s+"
                       rf"(?:drink|coffee|tea|cuppa)\s+(?:to|for)\s+"
                       rf"(?:an?\s+)?(?P<drink2>[a-z]+(?:\s+(?:tea|coffee))?)")


def _drink_at(sentence: str, speaker: str) -> list[Slot]:
    said = _DRINKS_AT.match(sentence) or _MY_DRINK.match(sentence)
    if said is None or _ADDED.search(sentence):
        return []
    when = (said.group("when") or said.group("when2")).casefold()
    when = next((w for w in ("morning", "evening", "afternoon", "night", "breakfast") if w in when),
                "night" if "bed" in when else "morning")
    drink = said.group("drink") or said.group("drink2")
    return [Slot(speaker, f"drinks:{when}", re.sub(r"\s+", " ", drink.casefold()).removesuffix("s"))]


# --------------------------------------------------------------------------- a level

_GRADE = (r"(?P<level>v\d{1,2}\+?|5\.\d{1,2}[a-d+\-]?|[abc][12]|n[1-5]|hsk\s?\d|grade\s+\d{1,2}|"
          r"(?:white|yellow|orange|green|blue|purple|brown|red|black)\s+belt|\d{3,4})")
_AT_LEVEL = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:am|are|'m|'re)\s+)?(?P<act>climbing|bouldering|climb|climbs|boulder|"
                       rf"boulders)\s+(?:at\s+|around\s+|about\s+)?{_GRADE}\b")
_BELT = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:am|is|are|'m)\s+(?:now\s+)?an?|got|earned|received|passed|"
                   rf"was\s+awarded)\s+"
                   r"(?:my\s+|the user's\s+|an?\s+|the\s+)?(?P<level>(?:white|yellow|orange|green|blue|purple|brown|"
                   r"red|black)(?:\s+belt)?|\d(?:st|nd|rd|th)\s+dan)\s+(?:belt\s+)?(?:in|at)\s+(?P<act>[a-z][\w\-]*)")
_RATING = re.compile(rf"(?i)^(?:my\s+|the user's\s+)?(?P<act>[\w.\-]+(?:\s+[\w.\-]+)?)\s+(?:rating|elo|grade|level|"
                     rf"handicap)(?:\s+is|'s|\s+sits|\s+went|\s+has\s+gone|\s+is\s+now|'s\s+now)\s+(?:now\s+)?"
                     rf"(?:up\s+|down\s+)?(?:to\s+|at\s+)?(?:around\s+|about\s+|roughly\s+)?(?:{_GRADE}|(?P<low>\d{{1,2}}))\b(?![.,]\d)")


def _level(sentence: str, speaker: str) -> list[Slot]:
    said = _AT_LEVEL.match(sentence) or _RATING.match(sentence) or _BELT.match(sentence)
    if said is None:
        return []
    act = said.group("act").casefold()
    act = "climbing" if act.startswith(("climb", "boulder")) else act.removesuffix(".com")
    level = said.groupdict().get("level") or said.group("low")
    level = level if not re.fullmatch(r"(?i)[a-z]+", level) else f"{level} belt"
    return [Slot(speaker, f"level:{act}", re.sub(r"\s+", " ", level.casefold()))]


# --------------------------------------------------------------------------- a trip by its travel, a date moved

_PLACE = r"(?P<place>(?-i:[A-Z][\w\-]*)(?:\s+(?-i:[A-Z][\w\-]*))?)"
_TRAVEL = re.compile(rf"(?i){_ME}{_ADV}\s+(?:am\s+|are\s+|'m\s+|'re\s+|will\s+be\s+)?(?P<how>flying|fly|driving|"
                     rf"taking\s+the\s+train|heading|travelling|traveling|going)\s+(?:out\s+)?to\s+{_PLACE}\s+"
                     rf"(?:on|this|next|for)\s+(?P<value>{DATE_EN}|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th))")
_EVENT = rf"(?P<event>(?:[\w'’\-]+\s+){{0,2}}?(?:{EVENTS_EN}|class|lesson|dinner|lunch))"
_MOVED_PASSIVE = re.compile(rf"(?i)^(?:my|our|the|the user's|the user and others')?\s*{_EVENT}\s+(?:got|was|has\s+been|"
                            rf"is|'s|have\s+been|were|is\s+being)\s+(?:moved|pushed|rescheduled|postponed|bumped|"
                            rf"shifted|changed|brought\s+forward|pulled\s+forward)\s+(?:back\s+|forward\s+|up\s+)?"
                            rf"(?:to|till|until)\s+(?P<value>{DATE_EN}|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th))")


def event_words(words: str) -> str:
    """An event's words in one order: "the deadline for the launch" is "launch deadline"."""
    return re.sub(r"^(deadline|due date|date|launch date|release date)\s+(?:for|of)\s+(?:the\s+)?([\w\-]+)$",
                  r"\2 \1", words)


def _dates(sentence: str, speaker: str) -> list[Slot]:
    if said := _TRAVEL.match(sentence):
        how = said.group("how").casefold()
        kind = "flight" if how.startswith("fly") else "trip"
        return [Slot(f"event:{said.group('place').casefold()} {kind}", "date", date_value(said.group("value")))]
    if said := _MOVED_PASSIVE.match(sentence):
        event = re.sub(r"\s+", " ", said.group("event").casefold())
        if event in {"meeting", "appointment", "party", "class"}:
            return []
        return [Slot(f"event:{event_words(event)}", "date", date_value(said.group("value")))]
    return []


# --------------------------------------------------------------------------- a life's settings said plainly

_MY_DEVICE = re.compile(r"(?i)^(?:my|the user's)\s+(?:main\s+|daily\s+|current\s+)?(?P<kind>laptop|phone)\s+"
                        r"(?:is|'s)\s+"
                        r"(?:now\s+|still\s+)?(?:an?\s+|the\s+)?(?:new\s+|old\s+)?(?P<value>[a-z0-9][\w+\-]*"
                        r"(?:\s+(?!now\b|and\b|but\b|from\b|for\b|that\b|which\b|with\b)[\w+\-]+){0,2})")
_DOES_SPORT = re.compile(rf"(?i){_ME}{_ADV}\s+(?:do|does|doing|practi[cs]e|practi[cs]es|practi[cs]ing|go|goes|going)\s+"
                         rf"(?:to\s+)?{_SPORTS}\b")
#: A sport on a weekday is read by its days (``slots_daily``'s ``weekday``), which hold its habit.
_WEEKDAY = re.compile(r"(?i)\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?\b")
_SAVES = re.compile(rf"(?i){_ME}{_ADV}\s+(?:am\s+|are\s+)?(?:save|saves|saving|put(?:ting|s)?\s+away|set(?:ting|s)?\s+"
                    r"aside)\s+(?:about\s+|around\s+)?[£$€]?(?P<value>\d[\d,]*)\s*k?\s+(?:a|per|every|each)\s+"
                    r"(?:month|week)\b")
_RENTING_IN = re.compile(rf"(?i){_ME}{_ADV}\s+(?:am\s+|are\s+|'m\s+|'re\s+)?(?:renting|rent)\s+(?:a\s+\w+\s+)?in\s+"
                         r"(?P<place>(?-i:[A-Z][\w\-]*)(?:\s+(?-i:[A-Z][\w\-]*))?)")
_LEVELS = r"(?P<level>beginner|novice|intermediate|advanced|expert|competitive|club|elite|amateur|pro)"
_LEVEL_WORD = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:am|is|are|'m)\s+(?:now\s+)?(?:an?\s+)?{_LEVELS}(?:[\s-]level)?\s+"
                         rf"(?P<act>[a-z]+)\s+(?:player|runner|swimmer|climber|skier|surfer|rider|cook|dancer|golfer)|"
                         rf"(?:play|plays|playing|do|does)\s+(?P<act2>[a-z]+)\s+at\s+(?:an?\s+)?"
                         rf"{_LEVELS.replace('level', 'level2')}"
                         r"\s+level)")


def _plainly(sentence: str, speaker: str) -> list[Slot]:
    if (said := _MY_DEVICE.match(sentence)) and not _SETTING.search(sentence):  # "my work laptop": one of two
        return [Slot(speaker, f"device:{said.group('kind').casefold()}", _thing(said.group("value")))]
    if (said := _DOES_SPORT.match(sentence)) and not _ADDED.search(sentence) and not _WEEKDAY.search(sentence):
        return [Slot(speaker, f"habit:{said.group('sport').casefold().removeprefix('the ')}", "yes")]
    if said := _SAVES.match(sentence):
        return [Slot(speaker, "measure:savings", said.group("value").replace(",", ""))]
    if said := _RENTING_IN.match(sentence):
        return [Slot(speaker, "city", said.group("place").casefold())]
    if said := _LEVEL_WORD.match(sentence):
        act = (said.group("act") or said.group("act2")).casefold()
        return [Slot(speaker, f"level:{act}", (said.group("level") or said.group("level2")).casefold())]
    return []


def en_using(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    found: list[Slot] = []
    for read in (_using, _team, _routine_time, _choice, _drink_at, _level, _dates, _plainly):
        found += read(sentence, speaker)
    return found


def _ended_beside(new: list[Slot], old: list[Slot]) -> set[tuple[str, str]]:
    """The old (subject, attribute)s a new tool, drink, routine time or level ends (``replaced_whole``)."""
    tools = {(n.subject, n.attribute) for n in new if n.attribute.startswith("tool:")}
    drinks = {(n.subject, n.attribute) for n in new if n.attribute.startswith("drinks:")}
    ended = {(o.subject, f"uses:{o.value}") for o in old if (o.subject, o.attribute) in tools}
    ended |= {(o.subject, f"habit:{o.value.split()[-1]}") for o in old if (o.subject, o.attribute) in drinks}
    ended |= {(n.subject, f"measure:{n.attribute.split()[-1].removeprefix('time:')}") for n in new
              if n.attribute.startswith("time:")}
    ended |= {(n.subject, f"measure:{what}") for n in new if n.attribute.startswith("level:")
              for what in ("rating", "elo", "grade", "level", "handicap")}
    ended |= {(n.subject, f"habit:{n.attribute[6:]}") for n in new if n.attribute.startswith("level:")}
    return ended


def replaced_whole(new: list[Slot], old: list[Slot]) -> Callable[[Slot], bool]:
    """The old slots the new statement ends with the old statement as a whole (``slots.covers``): a tool of a kind
    replaced ends its use ("i use vscode" / "switched to zed"), a tool left ends its kind ("bank with Wells Fargo"
    / "closed my wells fargo account"), a choice made ends every option weighed beside it, another drink at that time
    of day ends the habit of the one before, a routine's new time or a new level ends its number read as a
    measure, and a new level at a sport still plays it."""
    ended = _ended_beside(new, old)
    left = {(n.subject, n.attribute[5:]) for n in new if n.attribute.startswith("uses:") and n.value == "no"}
    chose = {n.subject for n in new if n.attribute.startswith("choice:") and n.value == "chosen"}

    def held(o: Slot) -> bool:
        if o.attribute.startswith("tool:"):
            return (o.subject, o.value) in left
        if o.attribute.startswith("choice:"):
            return o.value == "weighed" and o.subject in chose
        return (o.subject, o.attribute) in ended

    return held
