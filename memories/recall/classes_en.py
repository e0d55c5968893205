"""An English question that names a class ("What kind of pet do I have?", "What vehicle did she buy?", "What car does he
drive?", "Which medication is he on?", "Where has Sam travelled this year?", "How many races have I run?") is answered
by memories that name a member of it ("my African grey Biscuit", "bought an e-bike", "a red Toyota Yaris", "started on
levothyroxine", "visiting my sister in Cork", "did the Great Manchester half"): the question's word is none of theirs,
and a sentence model does not always relate a species, a vehicle or an event to its class. The English counterpart of
the Chinese concepts (``concepts_zh``: 宠物, 交通工具, 乐器, 运动 …): each class is the complete set of the everyday
words for its members (the pets people keep and their common breeds, the ways of getting about, the makes of car,
what goes wrong with a body and its care, the kinds of medicine and how a dose is said, the words of a trip, the
running and racing events, the instruments, the sports, what one must not eat, the relatives), read off the
question's own word for the class, not its examples. A word of one member ("my dog", "the piano", "the Kyoto trip") is
left as it is: the question then asks about that member. The classes go into the lexical leg as ``concepts_en``'
kinship kinds do (one term of alternatives), and a class word the scope holds a member of counts as held for the
abstention bar (``unheld``)."""

from __future__ import annotations

import re

_CLASSES: tuple[tuple[str, str], ...] = (
    # an animal one keeps: the class of pets and their common breeds
    (r"pets?|animals?",
     "pet pets animal animals cat cats kitten dog dogs puppy rabbit bunny hamster gerbil guinea parrot budgie "
     "budgerigar cockatiel canary parakeet macaw cockatoo african tortoise turtle horse pony ferret lizard "
     "gecko snake goldfish axolotl chinchilla hedgehog labrador retriever spaniel terrier collie beagle poodle "
     "pug dachshund greyhound whippet lurcher husky corgi bulldog chihuahua schnauzer cockapoo labradoodle "
     "dalmatian siamese ragdoll tabby"),
    # how one gets about
    (r"vehicles?|transport|transportation|commut\w*|get(?:ting)?\s+(?:to\s+work|to\s+the\s+office|around|about)"
     r"|go(?:es)?\s+to\s+work|travel\s+to\s+work",
     "vehicle vehicles transport car cars bike bikes bicycle cycle cycling ebike scooter motorbike motorcycle "
     "moped van truck bus train tram metro tube subway underground ferry drive driving ride riding walk "
     "walking commute commuting taxi carpool"),
    # a car: the makes people name one by, and the kinds of car
    (r"cars?",
     "car cars toyota ford vauxhall opel volkswagen vw honda nissan kia hyundai bmw audi mercedes benz skoda seat "
     "cupra peugeot renault citroen citroën dacia fiat alfa romeo volvo mazda subaru suzuki mitsubishi lexus "
     "tesla mini jaguar porsche jeep chevrolet chevy dodge chrysler cadillac buick gmc lincoln acura infiniti "
     "genesis polestar byd mg saab rover landrover hatchback saloon sedan estate suv crossover coupe convertible "
     "minivan pickup hybrid ev prius civic corolla camry yaris fiesta corsa astra qashqai juke sportage niro "
     "octavia fabia clio micra mustang"),
    # a trip
    (r"travel\w*|trips?|holidays?|vacations?|getaways?|been\s+abroad",
     "trip trips travel travelled traveled travelling traveling visit visited visiting holiday holidays "
     "vacation getaway abroad"),
    # medicine
    (r"medications?|medicines?|meds|drugs?|pills?|prescriptions?|prescribed",
     "medication medicine meds drug pill pills tablet tablets prescribed prescription dose dosage mg "
     "micrograms mcg inhaler antibiotic antibiotics supplement"),
    # health: what goes wrong with a body, and the care it gets
    (r"health|medical|illness(?:es)?|ailments?|injur(?:y|ies)|unwell|sickness",
     "health medical ill illness sick unwell injury injured hurt pain ache hospital ward clinic doctor gp nurse "
     "surgeon consultant midwife physio physiotherapy operation op surgery scan appointment diagnosed diagnosis "
     "treatment recovery recovering hip knee shoulder ankle wrist spine fracture broken sprain bruised whiplash "
     "fall fell stroke heart blood pressure diabetes asthma cancer flu covid infection fever migraine"),
    # running and racing events
    (r"races?|raced|racing",
     "race races 5k 10k 15k half marathon ultra triathlon duathlon parkrun relay sportive"),
    # a musical instrument
    (r"instruments?",
     "instrument piano guitar violin viola cello bass drums drum ukulele flute clarinet saxophone sax trumpet "
     "trombone harp keyboard banjo mandolin harmonica oboe accordion"),
    # a sport or exercise
    (r"sports?|exercise|work(?:ing)?\s*outs?|fitness",
     "sport sports exercise workout fitness run running jog jogging swim swimming cycling yoga pilates gym "
     "climbing bouldering tennis football soccer basketball badminton hiking rowing boxing skiing squash golf "
     "cricket rugby volleyball netball"),
    # what one must not eat
    (r"allerg\w*|intoleran\w*|dietary|(?:can'?t|cannot|can\s+not|doesn'?t|don'?t|shouldn'?t|mustn'?t)"
     r"\s+(?:[\w']+\s+){0,2}eat",  # "can't eat", and asked: "can't I eat", "doesn't my son eat"
     "allergic allergy allergies intolerant intolerance coeliac celiac gluten lactose dairy vegan vegetarian "
     "pescatarian halal kosher nut nuts"),
    # the relatives
    (r"relatives?|family|relations|in-laws",
     "relative relatives family mother father mom mum dad brother sister son daughter child children kid kids "
     "wife husband spouse partner fiance fiancee grandmother grandfather grandma grandpa uncle aunt auntie "
     "cousin nephew niece"),
)
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"(?i)\b(?:{words})\b"), members) for words, members in _CLASSES)
#: The class words that are singular nouns: one of them names the class only after a word that leaves open which
#: member it is ("What kind of pet …", "Which race …", "my pet", "her old vehicle"), not after a word that picks
#: one ("the team trip", "the Kyoto trip", "on holiday").
_SINGULAR = frozenset(("pet", "animal", "vehicle", "car", "trip", "holiday", "vacation", "getaway", "medication",
                       "medicine", "drug", "pill", "prescription", "race", "instrument", "sport", "family", "relative"))
_OPEN_BEFORE = re.compile(r"(?i)\b(?:what|which|whose|any|a|an|my|our|your|his|her|their|of)\s+"
                          r"(?:(?-i:[a-z][\w-]*)\s+){0,2}$")


def _names_class(query: str, said: re.Match[str]) -> bool:
    word = said.group().casefold()
    return word not in _SINGULAR or bool(_OPEN_BEFORE.search(query[:said.start()]))


def class_members(query: str) -> tuple[str, ...]:
    """The member words of each class ``query`` names by its class word (as written; the caller stems them); not
    of a class the question names a member of too ("Why does she keep turtles as pets?": the turtles)."""
    words = {w.casefold() for w in re.findall(r"[\w'-]+", query)}
    found = []
    for pattern, members in PATTERNS:
        held = frozenset(members.split())
        if any(w in held or w.removesuffix("s") in held for w in words if not pattern.fullmatch(w)):
            continue
        if any(_names_class(query, said) for said in pattern.finditer(query)):
            found.append(members)
    return tuple(found)
