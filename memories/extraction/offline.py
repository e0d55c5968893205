"""The offline extractor: plain text → atomic, third-person, typed, timed statements, no model, no network.

For every turn of a person (a ``user`` turn, or any turn that carries a speaker ``name``; a speaker label in the
text, "Caroline: …" or "林晓峰：…", or a transcript pasted as one message, names the speaker: ``labels.py``):

Code, quoted passages and notes the speaker pasted to get help with go first (``pasted.py``); the words around stay.

1. **Split** into sentences, then into clauses at "and / but / so / because / 而且 / 并且 / 但是 / ，" when the
   words after the joint form a clause of their own (a subject of their own in English; in Chinese a
   predicate, the subject carried over from the clause before: ``chains.py`` says whose).
2. **Drop** what carries nothing to remember, whoever says it: greetings, thanks, questions,
   acknowledgements ("Noted.", "好的"), reactions to the listener ("That's amazing!", "So proud of you",
   "I'm so happy for you") and filler ("I think so", "我也觉得"); each dropped clause has its reason.
3. **Keep** clauses about a person: the speaker ("I …", "my …", "we …"), people they name ("my sister
   …", "Emma …"), or with a time or a number attached to the speaker's life; explicit forms of the
   original rules (``rules.py``: "remember …", projects, deadlines, preferences with their entity keys)
   keep their wording and keys. A clause led by a pronoun that points elsewhere ("It was so powerful"), about
   no one, or only a feeling or a pledge goes with the statement before it in the turn (``clause_role``,
   ``_attached``). Between two named speakers a reaction that names its subject relates them ("Congrats on the
   gig!" → "Omar congratulated Lena on the gig."), and a general claim is the speaker's view ("Gina thinks …").
   What does not pass the information test (``information.py``: a name, a number, a time or content words; no
   pronoun whose referent it does not carry) is dropped, alone or after a statement, and so is a finished memory
   that is filler (``information.filler``: a compliment, wish or platitude naming nothing, an unnamed "this
   book"); a turn's first clause led by they/she/he (他们/她 …) takes the one fitting noun phrase of the turn
   before; the other speaker's words said back are an echo.
   A request to be reminded ("Could you remind me to …?", "提醒我…") is the speaker's task (``reminders.py``); a
   request's facts are kept ("… for my daughter's 7th birthday next Saturday": ``asked.py``), so is a choice among
   the assistant's suggestions (``choices.py``) and the state a move or a new job leaves (``states.py``).
4. **Rewrite** in the third person, first person bound to the speaker ("Alex is vegetarian",
   "用户是素食主义者", "张伟在阿里巴巴做产品经理"); "my daughter Emma" → "Emma (Alex's daughter)";
   "you" in a named two-person conversation → the other speaker; a clause that leaves its subject out is the
   speaker's ("Lives in Austin now", "最近失眠很严重"; ``bare.py``, ``chains.py``).
5. **Type** it: preference (likes, dislikes, favourites), task (plans, intentions, deadlines), event
   (something that happened), fact (everything else).
6. **Time** it: relative times ("last week", "yesterday", "下个月", "上周五") resolved against the turn's
   time, in the text ("on 7 May 2023", "2023年6月"); a past day becomes the memory's ``valid_from``.

A substantive user turn (one not wholly made of greetings, thanks, questions, acknowledgements and reactions)
that yields no statement is kept verbatim as an ``observation`` memory, so nothing said is dropped in silence.
Assistant turns (unnamed) only count when they report an action taken for the user ("I've booked …", "已为您
预订 …") with words the user has not said already; echoes are skipped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time

from memories.extraction import timeparse
from memories.extraction.about_lists import about_lists
from memories.extraction.advice import advised
from memories.extraction.allergens import allergens_named
from memories.extraction.answers import answer_to, carries, replied
from memories.extraction.asked import listener as _listener
from memories.extraction.asked import referred, stated, told
from memories.extraction.assistant import assistant_statements
from memories.extraction.bare import intro_apart, named_subject, noted, with_subject, zh_self_named
from memories.extraction.candidates import Candidate, KnownMemory, Turn
from memories.extraction.chains import ZhTopic, zh_statement
from memories.extraction.chat import plain
from memories.extraction.choices import chose, chosen
from memories.extraction.clauses import (
    _FIRST_PERSON,
    _KIN,
    _KIN_NAMED,
    _OBJECT_PRONOUN,
    _OPINION,
    _PRONOUN_LEAD,
    _REACTION,
    _RELATION_LEAD,
    _RELATION_VERB,
    _SAYING_LEAD,
    _SECOND_PERSON,
    _SINCE_LAST,
    _STOPWORDS,
    _THIRD_PRONOUN,
    _WORD,
    _ZH_TAIL_STRIP,
    _lower_first,
    _strip_open,
    capitalised,
    content_words,
    factual,
    junk_reason,
    kind_of,
    shown,
    split_clauses,
    split_sentences,
    third_person_en,
    third_person_zh,
)
from memories.extraction.contacts import announced, contact, restated
from memories.extraction.corrections import corrected_in, replacing
from memories.extraction.dialect import restored, standard_known, standard_turns
from memories.extraction.dosed import doses_named
from memories.extraction.information import IMPERATIVE, attached, echoes, filler, no_object, set_aside
from memories.extraction.labels import labelled
from memories.extraction.notes import as_said, unopened
from memories.extraction.pasted import unpasted
from memories.extraction.pets import with_pet_kinds
from memories.extraction.pets_zh import known_pets, with_pet_kinds_zh
from memories.extraction.pronouns import owned, pronouns_named
from memories.extraction.pronouns_across import sentences_named
from memories.extraction.reminders import reminder
from memories.extraction.rules import _REMEMBER, CONFIDENCE_EXPLICIT, MAX_CANDIDATES, RuleExtractor, _Reader, _Statement
from memories.extraction.slotted import clause_role, informative, specific
from memories.extraction.states import with_states
from memories.extraction.texting import asked_apart, texted_runs
from memories.extraction.typed import typed_words
from memories.write.slots import slots_of
from memories.write.text import has_cjk

CONFIDENCE = 0.85
CONFIDENCE_OBSERVATION = 0.6
#: A turn with at least this many words (English) or characters (Chinese) left after the junk is dropped is
#: substantive: if nothing is extracted from it, it is kept verbatim as an observation.
SUBSTANTIVE_WORDS = 6
SUBSTANTIVE_CHARS = 8


@dataclass
class Clause:
    text: str
    turn: Turn
    explicit: bool = False
    dropped: str = ""  # why, when dropped


@dataclass
class Skip:
    """A turn that gave no memory, and why (for a job's resolutions and mem0's answer)."""

    turn: int
    reason: str


@dataclass
class _State:
    names: dict[int, str] = field(default_factory=dict)


#: The memory type each kind is stored as (the store's types: fact, preference, task; an event is a fact
#: whose ``metadata.extraction.kind`` says "event").
STORED_TYPE = {"fact": "fact", "event": "fact", "preference": "preference", "task": "task"}

_ZH_THING = re.compile(r"^(?:这|那|它|天气|今天天气|外面|时间|价格|东西|电影|书|歌|饭|菜|网|电脑|手机)")
#: A word every explicit form of rules.py needs (a project, a deadline, a preference verb).
_RULE_HINT = re.compile(r"(?i)project|deadline|\bdue\b|prefer|\blik|\blov|enjoy|hate|dislike|stand"
                        r"|项目|截止|之前|以前|喜欢|讨厌|偏好|偏爱|爱")
_NAMED_SUBJECT = re.compile(r"^(?![A-Z][a-z]+ing\b)(?!(?:The|This|That|These|Those|It|There|Here|A|An|Some|All|Every"
                            r"|Each|What|Which|Life|Change|Everything|Everyone|Nothing|People|Things|Work|Time"
                            r"|Family)\b)[A-Z][a-z]+(?:'s)?"
                            r"\s+(?:is|was|has|had|will|would|can|loves|likes|went|got|gets|said|told|made|took|came"
                            r"|found|and\s+[A-Z]|started|moved|joined|married|graduated|lives|works|studies|turned|wants"
                            r"|needs|plays|has\s+been|is\s+\w+ing|does|did)\b")
_INTRO = re.compile(r"^(?i:i'm|i\s+am|im|my\s+name\s+is|my\s+name's|this\s+is"
                    r"|call\s+me)\s+([A-Z][a-z]+)(?:\s+([A-Z][a-z]+))?"
                    r"\s*[.!,]?$")
_ZH_INTRO = re.compile(r"^(?:我叫|我的名字是|我的名字叫|我是)([\u4e00-\u9fff]{2,3})[。！!.]?$")
#: Thanks, gladness, hopes put as a relation: a courtesy, kept only when the turn says nothing else (role ``soft``).
_COURTESY = re.compile(r"^\w+ (?:thanked|is glad|hopes) ")
class OfflineExtractor:
    """The offline extractor (``job.extractor`` = ``rules``): see the module's docstring."""

    name = "rules"

    def __init__(self) -> None:
        self.skipped: list[Skip] = []
        self._last_person = ""
        self._kin_named: set[str] = set()
        self._pets: dict[str, str] = {}
        self._summariser = RuleExtractor()

    def extract(self, turns: Sequence[Turn], known: Sequence[KnownMemory],
                context: Sequence[Turn] = ()) -> list[Candidate]:
        self.skipped = []
        (context, _), (turns, back), known = standard_turns(context), standard_turns(turns), standard_known(known)
        context, turns = labelled(context), doses_named(allergens_named(turns, known), known)  # dosed, allergens
        turns, reader = texted_runs(about_lists(labelled(turns, [t.name for t in context if t.name]))), _Reader(known)
        self._pets = known_pets(known)  # "咪咪走了" once "养了两只猫，咪咪和豆豆" is known
        found: list[Candidate] = []
        recent_user: list[str] = [t.content for t in context if t.role == "user"]
        speakers = list(dict.fromkeys(t.name for t in [*context, *turns] if t.name))
        names: dict[str, str] = {}  # a self-introduction's name, by speaker key
        previous = context[-1] if context else None
        earlier = context[-2] if len(context) > 1 else None
        for turn in turns:
            fixes, said = corrected_in(turn, found, known)  # "actually it's Tuesday, not Monday": corrected
            made = [replacing(self._timed(f, turn, turn.name or "", has_cjk(f), False), f) for f in fixes]
            if fixes and not said.content.strip():
                pass
            elif turn.role == "user" or turn.name:
                made += self._person_turn(said, reader, speakers, names, previous, earlier)
                recent_user.append(turn.content)
            else:
                made = assistant_statements(turn, recent_user, self._candidate)
                if not made:
                    self.skipped.append(Skip(turn.index, "assistant"))
            earlier, previous = previous, turn
            found.extend(made)
            if len(found) >= MAX_CANDIDATES:
                break
        return restored(with_pet_kinds(found[:MAX_CANDIDATES], known), back)  # "Luna (the cat) passed away"

    def summarise(self, previous: str, turns: Sequence[Turn]) -> str:
        return self._summariser.summarise(previous, turns)

    # ------------------------------------------------------------------ one turn

    def _person_turn(self, turn: Turn, reader: _Reader, speakers: list[str], names: dict[str, str],
                     previous: Turn | None, earlier: Turn | None = None) -> list[Candidate]:
        self._last_person = ""
        self._kin_named = set()  # the people the turn names with their kinship ("my son Leo")
        said = _Said(turn, reader, speakers, names, _listener(turn, speakers), previous, earlier)
        if has_cjk(turn.content):
            said.topic = ZhTopic.of(turn.content, tuple(t.content for t in (previous, earlier) if t), (*speakers,))
        # "preferred language - Spanish"; emoji and the spaces between Chinese clauses are punctuation
        text = "\n".join(as_said(plain(line), has_cjk(line)) for line in unpasted(turn.content).split("\n"))
        if not text.strip():
            said.reasons.append("filler")  # only emoji or chat exclamations ("救命 笑死我了", "🙏🙏")
        sentences = split_sentences(asked_apart(intro_apart(text)))  # "I'm Ivo and I …": two sentences
        for sentence in sentences if has_cjk(text) else sentences_named(sentences, speakers):  # "Jean … She …"
            self._sentence(said, sentence)
        known = [*speakers, *names.values()]
        made = with_pet_kinds_zh(attached(said.items, said.reasons, known), self._pets)  # "咪咪（用户的猫）走了"
        named = [*known, *self._kin_named]  # "my son Leo": a statement about Leo is about someone
        kept = [c for c in made if c.entity or c.confidence == CONFIDENCE_EXPLICIT
                or (informative(c.content, named) and not filler(c.content, named))]
        if len(kept) < len(made):
            said.reasons.append("vague")
            made = kept
        who = turn.name or names.get(said.key) or ("用户" if has_cjk(turn.content) else "the user")
        return replied(turn, previous, with_states(made, who) or self._nothing_made(said, known), self._timed)

    def _nothing_made(self, said: _Said, known: list[str]) -> list[Candidate]:
        """A turn that gave no statement: kept as said when it is substantial, kept with the assistant's question
        it answers when it is a short answer, else skipped with its reason."""
        turn, zh_turn = said.turn, has_cjk(said.turn.content)
        said.leftover += sum(len(c.content) if zh_turn else len(_WORD.findall(c.content))
                             for role, c in said.items if role == "dependent")
        substantial = said.leftover >= (SUBSTANTIVE_CHARS if zh_turn else SUBSTANTIVE_WORDS)
        only_leftover = not {"question", "reaction", "greeting", "request", "vague", "echo"} & set(said.reasons) \
            or bool(turn.name and set_aside(said.items, known))  # "Thanks! … The donations got us a fire truck!"
        if turn.role == "user" and substantial and only_leftover and specific(turn.content, known):
            return [self._observation(turn)]
        who = said.names.get(said.key) or ("用户" if zh_turn else "the user")
        reply = answer_to(turn, said.previous, said.reasons, who)
        if reply is not None:  # "Do you get enough sleep?" — "not really, maybe five hours"
            return [self._timed(reply, turn, turn.name or "", zh_turn, False)]
        self.skipped.append(Skip(turn.index, _main_reason(said.reasons)))
        return []

    def _sentence(self, said: _Said, sentence: str) -> None:
        """One sentence of a person's turn: a self-introduction, or its clauses one by one."""
        zh = has_cjk(sentence)
        sentence = as_said(typed_words(sentence), zh)  # notes about the user, key and value: the speaker's
        explicit = _REMEMBER.match(sentence) if not sentence.rstrip().endswith(("?", "？")) else None
        body = sentence[explicit.end():] if explicit else sentence
        body = announced(shown(_strip_open(body, zh), zh), zh)  # "new number, it's …"
        if not body:
            said.reasons.append(junk_reason(sentence, zh) or "filler")
            return
        intro = (_ZH_INTRO if zh else _INTRO).match(body)
        if intro and not (zh and not zh_self_named(body, intro.group(1))):
            self._introduction(said, intro, zh, bool(explicit))
            return
        said.topic.subject = ""  # Chinese: what a subject-less clause goes on with, sentence by sentence
        previous = ""  # why the clause before was dropped
        pieces = split_clauses(body) if zh else advised(owned(pronouns_named(split_clauses(body))), said.turn.name,
                                                        said.listener, said.previous)  # "Gather …": Ana advised …
        for piece in chosen(pieces, zh):
            clause = _strip_open(piece, zh) if not explicit else piece.strip()
            if not clause:
                continue
            if self._reminded(said, clause, zh, explicit is not None):  # "Could you remind me to …?": a task
                previous = ""
                continue
            clause = stated(clause, previous, zh)  # "How do I …, while I'm away?": "I'm away" is a statement
            reason = "" if explicit else junk_reason(clause, zh)
            if not reason and zh and carries(previous, clause):
                reason = previous  # "谢谢你，帮了大忙": a subject-less clause goes on with the thanks
            previous = reason
            if self._reacted(said, clause, reason, zh):
                continue
            self._told(said, clause, reason, zh)
            if reason:
                said.reasons.append(reason)
                continue
            self._clause(said, clause, zh, bool(explicit))

    def _told(self, said: _Said, clause: str, reason: str, zh: bool) -> None:
        """A question or a request: kept for what follows it, and what it tells of the speaker kept (``asked.py``)."""
        if reason in ("question", "request"):
            said.asked.append(clause)
            for fact in told(clause, zh):
                self._clause(said, fact, zh, False)
        if reason in ("question", "request", "reaction") and (given := contact(clause, zh)):
            self._clause(said, given, zh, False)  # "You can reach me at …": the speaker's contact

    def _reminded(self, said: _Said, clause: str, zh: bool, explicit: bool) -> bool:
        """A request to be reminded (``reminders.py``), kept as the speaker's task; False when the clause is not one."""
        task = None if explicit else reminder(clause, zh)
        if task is None:
            return False
        who = said.turn.name or said.names.get(said.key) or ("用户" if zh else "the user")
        text = third_person_zh(task, who) if zh else third_person_en(task, who, said.listener)
        candidate = self._timed(text, said.turn, who, zh, False)
        candidate.type = candidate.kind = "task"
        said.items.append(("anchor", candidate))
        return True

    def _introduction(self, said: _Said, intro: re.Match[str], zh: bool, explicit: bool) -> None:
        """"I'm Alex" / "我叫张伟": the speaker's name (remembered for the turn's later statements)."""
        turn = said.turn
        name = intro.group(1) + (f" {intro.group(2)}" if not zh and intro.group(2) else "")
        if not turn.name:
            said.names[said.key] = name
        who = turn.name or ("用户" if zh else "The user")
        text = f"{who}的名字是{name}" if zh else f"{who}'s name is {name}"
        if turn.name != name:
            said.items.append(("anchor", self._candidate(text, "fact", turn, explicit=explicit,
                                                         entity="person:self/name")))

    def _reacted(self, said: _Said, clause: str, reason: str, zh: bool) -> bool:
        """An English reaction to the listener of a named conversation that names what it is about, kept as a
        statement relating the two speakers (``_relation``); False when the clause is not one."""
        if not said.listener or zh:
            return False
        if reason not in ("reaction", "thanks", "acknowledgement") and (reason or not _RELATION_LEAD.match(clause)):
            return False
        related = self._relation(_vocative(clause, frozenset(said.speakers)), said.turn, said.listener, said.speakers)
        if related is None:
            return False
        said.items.append(("soft" if _COURTESY.match(related.content) else "anchor", related))
        return True

    def _clause(self, said: _Said, clause: str, zh: bool, explicit: bool) -> None:
        """One kept clause: what the explicit rules find in it, else its statement."""
        turn = said.turn  # "有事随时打我电话138…" said as "我的电话是138…" (``contacts``)
        clause = _vocative(restated(clause if zh else noted(clause), zh), frozenset(said.speakers))  # "Loves tea"
        if not zh:
            clause = capitalised(_SINCE_LAST.sub("", clause).strip())
            if not clause:
                return
        who = turn.name or said.names.get(said.key) or ("用户" if zh else "the user")
        if self._ruled(said, clause, who, explicit):
            return
        if said.echo_of and not explicit and echoes(clause, said.echo_of) and not chose(clause):
            said.reasons.append("echo")  # the other speaker's words said back: nothing new
            return
        resolved = None if explicit else referred(said, clause, zh, who)
        if resolved is not None:
            text = resolved.replace("我们", f"{who}等人").replace("我", who) if zh else \
                third_person_en(resolved, who, said.listener)  # "李娜陪我去了西湖" → "李娜陪阿梅去了西湖"
            said.items.append(("anchor", self._timed(text, turn, who, zh, False)))
            return
        role = "anchor" if explicit else clause_role(clause, zh, said.speakers)
        candidate = self._statement(clause, turn, who, said.listener, zh, said.topic, explicit)
        if candidate is None and not said.topic.reacted:
            role, candidate = self._unbound(said, clause, who, zh)
        if candidate is None:
            said.reasons.append(said.topic.dropped)  # "你们公司也太狠了": a reaction
            said.leftover += len(clause) if zh else len(_WORD.findall(clause))
        else:
            said.items.append((role, candidate))

    def _ruled(self, said: _Said, clause: str, who: str, explicit: bool) -> bool:
        """What the explicit rules find in the clause, kept as anchors (not a liking of nothing: "likes to hear");
        False when they find nothing."""
        turn = said.turn
        found = [c for c in self._by_rules(said.reader, clause, turn, explicit)
                 if not (c.type == "preference" and no_object(c.content))]
        said.items.extend(("anchor", self._named(c, turn.name, who, said.listener)) for c in found)
        return bool(found)

    def _unbound(self, said: _Said, clause: str, who: str, zh: bool) -> tuple[str, Candidate | None]:
        """A clause about no one: ``dependent`` on a statement of the turn, or, said by a named speaker as a
        general claim, an ``anchor`` of its own: their view ("Taking risks is essential" → "Jon thinks …")."""
        turn = said.turn
        if said.topic.named:
            return "dependent", None  # "叫王浩" after "他是…": the name a pronoun already took
        candidate = self._dependent(clause, turn, who, said.listener, zh)
        if candidate is not None and turn.name and not zh and _OPINION.search(clause) and not IMPERATIVE.match(clause) \
                and not _PRONOUN_LEAD.match(clause) and len(content_words(clause, said.speakers)) >= 2:
            candidate.content = f"{who} thinks {_lower_first(candidate.content)}"
            return "anchor", candidate
        return "dependent", candidate

    @staticmethod
    def _relation(clause: str, turn: Turn, listener: str, speakers: Sequence[str]) -> Candidate | None:
        """A reaction to the other speaker of a named conversation that names what it is about ("Congrats on the
        new job at the bakery!", "I'm so sorry about your grandma") → a statement relating the two people ("Ana
        congratulated Ben on the new job at the bakery."); None when it names nothing ("That's so cool!")."""
        who = turn.name or ""
        text = clause.strip().rstrip("!.~ ").strip()
        if not _SECOND_PERSON.search(text) and not _RELATION_LEAD.match(text):
            return None
        lead = _RELATION_LEAD.match(text)
        if len(content_words(text, speakers)) < (1 if lead else 2) or _PRONOUN_LEAD.match(text):
            return None
        if lead:
            verb = _RELATION_VERB[next(k for k, v in lead.groupdict().items() if v is not None)]
            rest = third_person_en(text[lead.end():], who, listener)
            said = text[lead.end():]
            if said[:1].islower() and rest.split(" ", 1)[0].casefold() == said.split(" ", 1)[0].casefold():
                rest = rest[:1].lower() + rest[1:]
            content = f"{verb.format(s=who, l=listener)} {rest}"
        elif _SECOND_PERSON.search(text) and _SAYING_LEAD.match(text):
            content = f"{who} told {listener} that {_lower_first(third_person_en(text, who, listener))}"
        else:
            return None
        resolved, _, _ = timeparse.resolve(content, turn.created_at, False)
        return OfflineExtractor._candidate(resolved.rstrip(",;: ") + ".", "fact", turn, about=who)

    @staticmethod
    def _dependent(clause: str, turn: Turn, who: str, listener: str | None, zh: bool) -> Candidate | None:
        """A clause about no one ("It was so powerful", "They're full of potholes"): in the third person, to go
        with a statement of the same turn; None when it has too little to say."""
        text = clause.strip().rstrip("，,;；:：").strip()
        if zh:
            if len(_ZH_TAIL_STRIP.sub("", text)) < 4:
                return None
        else:
            if len(content_words(text)) < 2:
                return None
            text = third_person_en(text, who, listener)
        resolved, _, _ = timeparse.resolve(text, turn.created_at, zh)
        content = resolved.strip()
        if not zh and content[-1:] not in (".", "!"):
            content += "."
        return OfflineExtractor._candidate(content, "fact", turn, about=who if turn.name else "")

    def _remember_person(self, text: str) -> None:
        """The last person named in a turn, for a following "she …" / "he …"."""
        named = _KIN_NAMED.search(text)
        if named:
            self._last_person = named.group(2)
            self._kin_named.add(named.group(2))
            return
        kin = re.search(rf"(?i)\b(?:my|our)\s+((?:little\s+|older\s+|younger\s+)?(?:{_KIN}))\b", text)
        if kin and not kin.group(1).casefold().endswith(("s", "children", "family", "parents")):
            self._last_person = f"my {kin.group(1)}"

    def _by_rules(self, reader: _Reader, clause: str, turn: Turn, explicit: bool) -> list[Candidate]:
        if not explicit and not _RULE_HINT.search(clause):
            return []  # none of the explicit forms can match: spare their (backtracking) patterns
        before = len(reader.found)
        reader.read(_Statement(clause, explicit, turn.index))
        new = reader.found[before:]
        if explicit and len(new) == 1 and new[0].entity == "" and new[0].type == "fact":
            reader.found = reader.found[:before]  # a plain "remember …": rewritten below like any statement
            return []
        for c in new:
            c.kind = c.type
        return new

    @staticmethod
    def _named(c: Candidate, name: str | None, who: str, listener: str | None) -> Candidate:
        """A preference of the explicit rules ("Likes jazz", "喜欢喝咖啡") said in the third person: whose it is,
        and the rest of it too ("Likes camping with my fam" → "Melanie likes camping with Melanie's fam")."""
        if c.type == "preference" and re.match(r"^(?:Likes|Dislikes|Prefers|不喜欢|喜欢)", c.content):
            said = third_person_zh(f"{who}{c.content}", who) if has_cjk(c.content) else \
                third_person_en(f"{who} {c.content[:1].lower()}{c.content[1:]}", who, listener)
            c.content = said[:1].upper() + said[1:]
        c.about = name or ""
        return c

    def _statement(self, clause: str, turn: Turn, who: str, listener: str | None, zh: bool, topic: ZhTopic,
                   explicit: bool) -> Candidate | None:
        text: str | None = clause.strip().rstrip("，,;；:：").strip()
        assert text is not None
        if zh:
            text = zh_statement(text, who, topic, explicit, listener)
        else:
            text = self._en_statement(text, who, listener, explicit)
        return None if text is None else self._timed(text, turn, who, zh, explicit)

    def _en_statement(self, text: str, who: str, listener: str | None, explicit: bool) -> str | None:
        """An English clause in the third person, or None when it is about no one (and has no time)."""
        starts_third = _THIRD_PRONOUN.match(text) or _NAMED_SUBJECT.match(text) or named_subject(text)
        text, bare_verb = with_subject(text)  # "Lives in Austin now", "Mom's recovering …": the speaker's
        first = _FIRST_PERSON.search(text)
        if bare_verb:
            pass
        elif (not first and not starts_third and not explicit and not factual(text)
              and (not timeparse.resolve(text, None, False)[2] or _REACTION.match(text))):
            # Kept without a person only with a time: an appointment, a date ("The dentist … next Thursday")
            return None
        if not [w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS]:
            return None
        bound = self._bound(text, first is not None)
        return third_person_en(bound, who, listener) if bound is not None else None

    def _bound(self, text: str, first: bool) -> str | None:
        """"she …" bound to the person named last in the turn (None if none was), kept for the clauses after."""
        person = _THIRD_PRONOUN.match(text)
        if person and (not first or self._last_person):  # "she's staying with us": still the one named before
            if not self._last_person or person.group(0).casefold() not in ("he", "she", "he's", "she's"):
                return None  # "they …" / "she …" with no one named before: nothing to bind it to
            rest = re.sub(r"^'(ll|d|ve)\b", lambda m: {"ll": " will", "d": " would", "ve": " has"}[m.group(1)],
                          text[person.end():])
            be = (" has" if rest.startswith((" been", " got")) else " is") if person.group(0).endswith("'s") else ""
            text = f"{self._last_person}{be}{rest}"  # "she's been home" → "my kid has been home"
        self._remember_person(text)
        if self._last_person and not self._last_person.startswith("my "):
            text = _OBJECT_PRONOUN.sub(self._last_person, text)
        return text

    def _timed(self, text: str, turn: Turn, who: str, zh: bool, explicit: bool) -> Candidate:
        """The statement with its times resolved, typed, valid from the past day it names (noon, not after it)."""
        resolved, past_day, timed = timeparse.resolve(text, turn.created_at, zh)
        if not zh and timed and timeparse.starts_with_time(text):
            resolved = timeparse.time_to_end(resolved)
        kind = kind_of(text, zh, past_day is not None)
        content = resolved.strip().rstrip("，,;；" if zh else "，,;；?").strip()  # "… allergic to cats?", a hedge
        if not zh and content and content[-1] not in ".!":
            content += "."
        valid_from = None
        if past_day is not None and turn.created_at is not None:
            valid_from = datetime.combine(past_day, time(12), tzinfo=turn.created_at.tzinfo or UTC)
            valid_from = min(valid_from, turn.created_at)
        return self._candidate(content, kind, turn, explicit=explicit, valid_from=valid_from,
                               about=who if turn.name else "")

    @staticmethod
    def _candidate(content: str, kind: str, turn: Turn, *, explicit: bool = False, entity: str = "",
                   valid_from: datetime | None = None, about: str = "") -> Candidate:
        return Candidate(type=STORED_TYPE[kind], content=content[:1000], entity=entity,
                         confidence=CONFIDENCE_EXPLICIT if explicit else CONFIDENCE, provenance="stated",
                         source_turns=[turn.index], kind=kind, valid_from=valid_from, about=about or (turn.name or ""))

    @staticmethod
    def _observation(turn: Turn) -> Candidate:
        sure = CONFIDENCE if slots_of(said := unopened(turn.content.strip())) else CONFIDENCE_OBSERVATION  # "oops i…"
        return Candidate(type="fact", content=said[:1000], entity="", confidence=sure, kind="fact",
                         provenance="stated", source_turns=[turn.index], about=turn.name or "", observation=True)


@dataclass
class _Said:
    """A person's turn being read: who is listening, and what it gave so far (memories with their roles, why
    clauses were dropped, how much was left over)."""

    turn: Turn
    reader: _Reader
    speakers: list[str]
    names: dict[str, str]  # a self-introduction's name, by speaker key
    listener: str | None
    previous: Turn | None = None  # the turn before, for a leading pronoun's antecedent and for echoes
    earlier: Turn | None = None  # the one before it: the speaker's own question an assistant's question followed
    items: list[tuple[str, Candidate]] = field(default_factory=list)  # (anchor | weak | dependent, memory), in order
    reasons: list[str] = field(default_factory=list)
    leftover: int = 0
    topic: ZhTopic = field(default_factory=ZhTopic)  # a Chinese message's topic chain (``chains.py``)
    asked: list[str] = field(default_factory=list)  # the turn's own questions and requests (``asked.py``)

    @property
    def key(self) -> str:
        return self.turn.name or self.turn.role

    @property
    def echo_of(self) -> str:
        """The other speaker's turn just before, which a clause of this one must not merely repeat."""
        before = self.previous
        if before is None or (before.name or before.role) == (self.turn.name or self.turn.role):
            return ""
        return before.content


@functools.lru_cache(maxsize=256)
def _vocative_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    # a name or its short form ("Caro," "Mel!" for Caroline and Melanie): a prefix of three letters or more
    short = {n[:k] for n in names for k in range(3, len(n) + 1) if " " not in n} | set(names)
    alternatives = "|".join(re.escape(n) for n in sorted(short, key=len, reverse=True))
    return re.compile(rf"^(?:{alternatives})\s*[,!:]\s*|[,\s]+(?:{alternatives})\s*(?=[!.?]*$)")


def _vocative(clause: str, speakers: frozenset[str]) -> str:
    """Without a leading or trailing "Caroline," (or "Caro,") addressed to someone in the conversation."""
    pattern = _vocative_pattern(speakers)
    return pattern.sub("", clause).strip() if pattern else clause


def _main_reason(reasons: list[str]) -> str:
    for reason in ("question", "greeting", "thanks", "acknowledgement", "request", "reaction", "echo", "vague",
                   "filler"):
        if reason in reasons:
            return reason
    return "empty"


def iter_statements(text: str) -> Iterator[str]:
    """The clauses a text splits into (for docs and tests)."""
    for sentence in split_sentences(text):
        yield from split_clauses(_strip_open(sentence, has_cjk(sentence)))
