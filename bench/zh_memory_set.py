"""Write the Chinese development set of people-and-life memories (``bench/eval/zh-dev.json``), deterministically.

    .venv/bin/python bench/zh_memory_set.py [--seed 36] [--out bench/eval/zh-dev.json]

Simulated users tell an assistant, over months of dated messages, about the people in their lives (relatives,
a boss, colleagues, subordinates, friends; Chinese names), their ages, jobs and employers, cities, schools and
education levels, phones, e-mails, birthdays, hobbies, pets, and about dated events and plans; some facts change
later (a new employer, a move). Between them: everyday chatter and requests, and the assistant's answers. Every
message is one line of plain text with a speaker label (``林晓峰：…``, ``助手：…``), as a client that sends content
only would save it. All users' messages go into one scope, ordered by date: each user's people are the others'
distractors.

Every fact is said with one of many sentence templates (subject as the name, the kin or role word, or both;
ages in digits or Chinese numerals; dates and phone numbers in several spellings; optional colloquial openers
and closers), so no template dominates. Questions (gold ``evidence``: every message id needed, and a reference
``answer``) come in seven shapes:

- ``lookup``: a fact of a person named by name;
- ``kin``: the same, naming the person by the user's kin or role word (林晓峰的表哥…, 我是林晓峰，我上司…);
- ``compound``: two questions in one (…？另外，…？);
- ``chatty``: a paragraph of chatter, then a marker (我想问的是，…) and the question;
- ``comparison``: two or more facts joined (谁年纪更大, 分别在哪, 谁养了宠物);
- ``temporal``: when an event or a birthday is;
- ``latest``: the current value after an update (the earlier message is not evidence).

A person's evidence includes the message that introduces them (kin word and name together) whenever the fact's
message does not say the form the question uses. The same seed always writes the same file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "eval" / "zh-dev.json"
sys.path.insert(0, str(ROOT / "bench"))

from zh_memory_sentences import Builder, Fact, Msg, Person, answer_of, my  # noqa: E402
from zh_memory_words import (  # noqa: E402
    ACKS,
    ALWAYS,
    BOOKS,
    BOSS,
    CHATTER,
    CITIES,
    DAYS,
    DRINKS,
    EMPLOYERS,
    EVENT_ACKS,
    EVENT_KINDS,
    FILLER,
    FILLER_OPENERS,
    FOODS,
    FRIEND,
    JOINS,
    LEVEL_RANK,
    MARKERS,
    NAMED_ACKS,
    PLACES,
    Q_BIRTHDAY,
    Q_FACT,
    Q_LATEST,
    RELATIONS,
    SHOWS,
    SURNAMES,
    TASKS,
    THINGS,
    TITLES,
    USERS,
    WORK,
)

# ("intro", Person) | ("fact", Fact) | ("event", dict) | ("update", Fact) | ("filler", None)
Plan = list[tuple[str, Any]]


def build(seed: int) -> dict[str, Any]:
    b = Builder(seed)
    messages: list[Msg] = []
    questions: list[dict[str, Any]] = []
    start = dt.datetime(2024, 1, 3, 8, 0)
    for user_name, _gender, _age in USERS:
        people = cast(b, user_name)
        facts, plan = said_facts(b.r, people)
        events = plan_events(b.r, people)
        plan += [("event", e) for e in events]
        b.r.shuffle(plan)
        order = intros_first(plan)
        updates = plan_updates(b.r, facts)
        sequence = interleave(b.r, order, updates)
        intro_msg = converse(b, user_name, sequence, start, facts, messages)
        questions += user_questions(b, user_name, facts, events, intro_msg)
    return ordered_by_time(messages, questions) | {"template_uses": b.template_uses}


def cast(b: Builder, user_name: str) -> list[Person]:
    """The people of one user's life: a subordinate, a cousin, a boss and eleven more relations."""
    r = b.r
    kins = [*ALWAYS, r.choice(BOSS)]
    pool = [k for k in RELATIONS if k not in kins and k not in BOSS]
    r.shuffle(pool)
    kins += pool[:11]
    family = next(s for s in SURNAMES if s[0] == user_name[0])
    return [b.person(k, family) for k in kins]


def said_facts(r: random.Random, people: list[Person]) -> tuple[list[Fact], Plan]:
    """What gets said: a random subset of each person's facts, each person's introduction before them."""
    facts: list[Fact] = []
    plan: Plan = []
    for p in people:
        kinds = ["age", "edu", "birthday", "hobby"]
        if p.kind != "kid":
            kinds += ["job", "email", "city", "phone"]
        elif p.age >= 13:
            kinds.append("phone")
        if p.pet:
            kinds.append("pet")
        r.shuffle(kinds)
        keep = kinds[: r.randint(max(4, len(kinds) - 3), len(kinds))]
        values = {"age": p.age, "city": p.city, "edu": (p.level, p.school), "phone": p.phone,
                  "birthday": p.birthday, "hobby": p.hobby, "job": (p.employer, p.title), "email": p.email,
                  "pet": p.pet}
        person_facts = [Fact(p, k, values[k]) for k in keep]
        facts += person_facts
        plan.append(("intro", p))
        plan += [("fact", f) for f in person_facts]
    return facts, plan


def event_candidates(people: list[Person], eligible: tuple[str, ...]) -> list[Person]:
    """The people an event of that kind can be about (adult and friend: any adult)."""
    if "adult" in eligible and "friend" in eligible:
        return [p for p in people if p.kind == "adult"]
    return [p for p in people if (p.kind in eligible) or ("work" in eligible and p.kin in WORK)
            or ("friend" in eligible and p.kin in FRIEND)
            or ("sub" in eligible and p.kin in ("下属", "实习生"))]


def plan_events(r: random.Random, people: list[Person]) -> list[dict[str, Any]]:
    """Up to nine dated events (a wedding, a trip, a contest...), each about a different person."""
    events: list[dict[str, Any]] = []
    used_event: set[tuple[str, str]] = set()
    for _ in range(40):
        if len(events) >= 9:
            break
        kind = r.choice(list(EVENT_KINDS))
        cands = event_candidates(people, EVENT_KINDS[kind][3])
        if not cands:
            continue
        p = r.choice(cands)
        if (p.name, kind) in used_event or any(e["person"] is p for e in events):
            continue
        used_event.add((p.name, kind))
        events.append({"person": p, "kind": kind, "city": r.choice(CITIES)})
    return events


def intros_first(plan: Plan) -> Plan:
    """The plan with each person's introduction moved before any fact or event of theirs."""
    order: Plan = []
    introduced: set[str] = set()
    for item in plan:
        p = item[1] if item[0] == "intro" else (item[1].person if item[0] == "fact" else item[1]["person"])
        if p.name not in introduced:
            order.append(("intro", p))
            introduced.add(p.name)
        if item[0] != "intro":
            order.append(item)
    return order


def plan_updates(r: random.Random, facts: list[Fact]) -> list[Fact]:
    """A later job or city change for some adults whose job or city was said."""
    updatable = [f for f in facts if f.kind in ("job", "city") and f.person.kind == "adult"]
    r.shuffle(updatable)
    updates: list[Fact] = []
    for f in updatable[:6]:
        if any(u.person is f.person for u in updates):
            continue
        p = f.person
        if f.kind == "job":
            new = (r.choice([e for e in EMPLOYERS if e != p.employer]), r.choice([p.title, r.choice(TITLES)]))
            updates.append(Fact(p, "job_new", new))
        else:
            updates.append(Fact(p, "city_new", r.choice([c for c in CITIES if c != p.city])))
        updates[-1].old = f
    return updates


def interleave(r: random.Random, order: Plan, updates: list[Fact]) -> Plan:
    """Fillers interleaved; updates placed after their original, in the later part of the conversation."""
    fillers = max(0, 330 - len(order) - len(updates))
    sequence: Plan = list(order)
    for _ in range(fillers):
        sequence.insert(r.randrange(len(sequence) + 1), ("filler", None))
    for u in updates:
        old_index = next(i for i, item in enumerate(sequence) if item[0] == "fact" and item[1] is u.old)
        low = max(old_index + 20, len(sequence) * 2 // 3)
        sequence.insert(r.randint(min(low, len(sequence)), len(sequence)), ("update", u))
    return sequence


def converse(b: Builder, user_name: str, sequence: Plan, start: dt.datetime, facts: list[Fact],
             messages: list[Msg]) -> dict[str, str]:
    """The user's messages and the assistant's answers, dated: ~330 exchanges over the year, a few per day.
    Appends to ``messages`` (and the updates to ``facts``); returns each person's introducing message id."""
    r = b.r
    at = start + dt.timedelta(hours=r.randint(0, 40))
    intro_msg: dict[str, str] = {}
    said_filler: set[str] = set()
    for item in sequence:
        at += dt.timedelta(minutes=r.randint(3, 50)) if r.random() < 0.6 else dt.timedelta(hours=r.randint(14, 40))
        mid = f"m{len(messages) + 1:05d}"
        kind = item[0]
        if kind == "filler":
            user_text, reply_text = filler_exchange(b, said_filler)
        elif kind == "intro":
            user_text, reply_text = intro_exchange(b, item[1], mid, intro_msg)
        elif kind in ("fact", "update"):
            user_text, reply_text = fact_exchange(b, item[1], mid, kind == "update", facts)
        else:
            user_text, reply_text = event_exchange(b, item[1], mid, at)
        messages.append(Msg(mid, user_name, "user", at, f"{user_name}：{user_text}"))
        at += dt.timedelta(seconds=r.randint(5, 90))
        messages.append(Msg(f"m{len(messages) + 1:05d}", user_name, "assistant", at, f"助手：{reply_text}"))
    return intro_msg


def filler_exchange(b: Builder, said_filler: set[str]) -> tuple[str, str]:
    """Small talk and its answer (a user seldom says the same small talk twice)."""
    r = b.r
    for _ in range(6):
        text, reply = b.pick(FILLER, "filler")
        if text not in said_filler:
            break
    said_filler.add(text)
    food, food2 = r.sample(FOODS, 2)
    c, c2 = r.sample(CITIES, 2)
    task, task_en = r.choice(TASKS)
    a, bb = r.randint(12, 99), r.randint(12, 99)
    slots = {"c": c, "c2": c2, "day": r.choice(DAYS), "place": r.choice(PLACES),
             "book": r.choice(BOOKS), "n": r.randint(2, 9), "drink": r.choice(DRINKS),
             "kg": r.randint(48, 85), "cups": r.randint(2, 4), "thing": r.choice(THINGS),
             "food": food, "food2": food2,
             "task": task, "task_en": task_en, "t": r.randint(6, 11), "mins": r.randint(26, 38),
             "show": r.choice(SHOWS), "a": a, "b": bb, "ab": a * bb}
    opener = b.pick(FILLER_OPENERS)
    if len(text) < 12 or text.startswith(("嗯", "哈哈", "好", "唉")):
        opener = ""
    return opener + text.format(**slots), reply.format(**slots)


def intro_exchange(b: Builder, p: Person, mid: str, intro_msg: dict[str, str]) -> tuple[str, str]:
    user_text = b.decorate(b.intro(p), "intro") if b.r.random() < 0.4 else b.intro(p)
    intro_msg[p.name] = mid
    return user_text, b.pick(ACKS)


def fact_exchange(b: Builder, f: Fact, mid: str, update: bool, facts: list[Fact]) -> tuple[str, str]:
    """A fact said (an update also marks the fact it changes superseded, and joins ``facts``)."""
    text, forms = b.statement(f.person, f.kind, f.value)
    user_text, f.msg, f.forms = b.decorate(text, f.kind), mid, forms
    reply_text = b.pick(ACKS) if b.r.random() < 0.75 else b.pick(NAMED_ACKS).format(
        p=f.person.name if "name" in forms else f.person.kin)
    if update:
        assert f.old is not None
        f.old.superseded = True
        p = f.person
        if f.kind == "job_new":
            p.employer, p.title = f.value
        else:
            p.city = f.value
        facts.append(f)
    return user_text, reply_text


def event_exchange(b: Builder, e: dict[str, Any], mid: str, at: dt.datetime) -> tuple[str, str]:
    """An event told, dated 5 to 60 days after the message."""
    p = e["person"]
    when = (at + dt.timedelta(days=b.r.randint(5, 60))).date()
    e["date"] = (when.month, when.day)
    tmpl = b.pick(EVENT_KINDS[e["kind"]][0], "event")
    sub, forms = b.subject(p)
    user_text = b.decorate(tmpl.format(p=sub, d=b.date_text(*e["date"]), c=e["city"], pr=p.pronoun()), "event")
    e["msg"], e["forms"] = mid, forms
    return user_text, b.pick(EVENT_ACKS)


def ordered_by_time(messages: list[Msg], questions: list[dict[str, Any]]) -> dict[str, Any]:
    """One scope, ordered by time (ids renumbered in that order, and the questions' evidence with them)."""
    messages.sort(key=lambda m: (m.at, m.id))
    renumber = {m.id: f"m{i + 1:05d}" for i, m in enumerate(messages)}
    for m in messages:
        m.id = renumber[m.id]
    for i, q in enumerate(questions):
        q["id"] = f"q{i + 1:03d}"
        q["evidence"] = sorted({renumber[e] for e in q["evidence"]})
    return {"messages": messages, "questions": questions}


class Asker:
    """One user's questions about their people, each with its evidence (every message needed) and answer."""

    def __init__(self, b: Builder, user: str, intro_msg: dict[str, str]) -> None:
        self.b, self.r, self.user, self.intro_msg = b, b.r, user, intro_msg
        self.out: list[dict[str, Any]] = []
        self.user_pronoun = {u[0]: "她的" if u[1] == "f" else "他的" for u in USERS}

    def ref(self, p: Person, mode: str) -> str:
        if mode == "name":
            return p.name
        return f"{self.user}的{p.kin}"

    def evidence(self, p: Person, msg: str, forms: set[str], mode: str) -> list[str]:
        need = "name" if mode == "name" else "kin"
        return [msg] if need in forms else [msg, self.intro_msg[p.name]]

    def simple(self, f: Fact, mode: str, kin_voice: bool = False) -> tuple[str, list[str], str]:
        p = f.person
        templates = Q_BIRTHDAY if f.kind == "birthday" else Q_FACT[f.kind]
        t = self.b.pick(templates, f"q-{f.kind}")
        if kin_voice:
            q = f"我是{self.user}，" + t.format(p=my(p.kin))
        else:
            q = t.format(p=self.ref(p, mode))
        return q, self.evidence(p, f.msg, f.forms, mode), answer_of(f.kind, f.value)

    def add(self, shape: str, q: str, ev: list[str], ans: str) -> None:
        self.out.append({"user": self.user, "shape": shape, "question": q, "evidence": sorted(set(ev)), "answer": ans})

    def pair_evidence(self, f1: Fact, m1: str, f2: Fact, m2: str) -> list[str]:
        return self.evidence(f1.person, f1.msg, f1.forms, m1) + self.evidence(f2.person, f2.msg, f2.forms, m2)

    # --- the shapes ---------------------------------------------------------------------------------------------
    def single_facts(self, live: list[Fact]) -> None:
        """lookup, kin, compound and chatty questions, from the live facts but birthdays."""
        r = self.r
        non_bday = [f for f in live if f.kind != "birthday"]
        r.shuffle(non_bday)
        pool = iter(non_bday * 3)
        for _ in range(16):
            f = next(pool)
            self.add("lookup", *self.simple(f, "name"))
        for _ in range(14):
            f = next(pool)
            self.add("kin", *self.simple(f, "kin", kin_voice=r.random() < 0.5))
        for _ in range(12):
            f1, f2 = next(pool), next(pool)
            q1, e1, a1 = self.simple(f1, r.choice(["name", "kin"]))
            q2, e2, a2 = self.simple(f2, r.choice(["name", "kin"]))
            join = r.choice(JOINS)
            self.add("compound", q1 + join + q2, e1 + e2, f"{a1}；{a2}")
        for _ in range(12):
            f = next(pool)
            q, e, a = self.simple(f, r.choice(["name", "kin", "name"]))
            chatter = "".join(r.sample(CHATTER, r.randint(2, 4)))
            self.add("chatty", chatter + r.choice(MARKERS) + q, e, a)

    def comparisons(self, live: list[Fact], latest: list[Fact]) -> None:
        """Ten comparisons and aggregations (fewer if 200 tries find no more)."""
        aged = [f for f in live if f.kind == "age"]
        made = 0
        tries = 0
        while made < 10 and tries < 200:
            tries += 1
            form = self.r.choice(["age", "age", "job", "city", "edu", "pets", "city_who"])
            if form == "age" and len(aged) >= 2:
                added = self.compare_ages(aged)
            elif form in ("job", "city", "edu"):
                added = self.compare_pair(live, form)
            elif form == "pets":
                added = self.who_has_pets(live)
            else:
                added = self.who_lives_in(live, latest)
            if added:
                made += 1

    def compare_ages(self, aged: list[Fact]) -> bool:
        r = self.r
        f1, f2 = r.sample(aged, 2)
        if f1.value == f2.value:
            return False
        m1, m2 = r.choice(["name", "kin"]), r.choice(["name", "kin"])
        a, c = self.ref(f1.person, m1), self.ref(f2.person, m2)
        t = r.choice(["{a}和{b}谁年纪更大？", "{a}跟{b}谁大一些？", "{a}和{b}谁更年轻？", "{a}和{b}相差几岁？"])
        older = f1 if f1.value > f2.value else f2
        self.add("comparison", t.format(a=a, b=c), self.pair_evidence(f1, m1, f2, m2),
                 f"{older.person.name}更大（{f1.value} vs {f2.value}）")
        return True

    def compare_pair(self, live: list[Fact], form: str) -> bool:
        r = self.r
        have = [f for f in live if f.kind == form]
        if len(have) < 2:
            return False
        f1, f2 = r.sample(have, 2)
        if form == "edu" and LEVEL_RANK[f1.value[0]] == LEVEL_RANK[f2.value[0]]:
            return False
        m1, m2 = r.choice(["name", "kin"]), r.choice(["name", "kin"])
        a, c = self.ref(f1.person, m1), self.ref(f2.person, m2)
        pair = {"job": ["{a}和{b}分别在哪家公司上班？", "{a}和{b}是不是在同一家公司？", "{a}和{b}各自做什么工作？"],
                "city": ["{a}和{b}分别住在哪个城市？", "{a}和{b}住在同一个城市吗？"],
                "edu": ["{a}和{b}谁的学历更高？", "{a}和{b}分别是什么学历？"]}[form]
        self.add("comparison", r.choice(pair).format(a=a, b=c), self.pair_evidence(f1, m1, f2, m2),
                 f"{answer_of(form, f1.value)}；{answer_of(form, f2.value)}")
        return True

    def who_has_pets(self, live: list[Fact]) -> bool:
        user = self.user
        have = [f for f in live if f.kind == "pet"]
        if not 1 <= len(have) <= 4 or any(q["question"].startswith(f"{user}提到的人里") for q in self.out):
            return False
        ev = [m for f in have for m in self.evidence(f.person, f.msg, f.forms, "name")]
        asked = self.r.choice([f"{user}提到的人里，谁养了宠物？", f"{user}提到的人里有哪些养了猫或狗？"])
        self.add("comparison", asked, ev, "；".join(f"{f.person.name}：{answer_of('pet', f.value)}" for f in have))
        return True

    def who_lives_in(self, live: list[Fact], latest: list[Fact]) -> bool:
        cities = Counter(f.value for f in live if f.kind == "city")
        cities.update(f.value for f in latest if f.kind == "city_new")
        options = [c for c, n in cities.items() if 2 <= n <= 3]
        if not options:
            return False
        city = self.r.choice(options)
        if any(q["question"].endswith(f"住在{city}？") for q in self.out):
            return False
        have = [f for f in live + latest if f.kind in ("city", "city_new") and f.value == city]
        ev = [m for f in have for m in self.evidence(f.person, f.msg, f.forms, "name")]
        self.add("comparison", f"{self.user}认识的人里，有谁住在{city}？", ev, "、".join(f.person.name for f in have))
        return True

    def about_events(self, events: list[dict[str, Any]]) -> None:
        """When the first seven events are (temporal), where the others take place (lookup)."""
        r, user = self.r, self.user
        for event in events[:7]:
            p = event["person"]
            mode = r.choice(["name", "kin"])
            q = r.choice(EVENT_KINDS[event["kind"]][1])
            who = self.ref(p, mode) if "{u}" not in q or mode == "name" else f"{self.user_pronoun[user]}{p.kin}"
            q = q.format(q=who, u=user)
            self.add("temporal", q, self.evidence(p, event["msg"], event["forms"], mode),
                     f"{event['date'][0]}月{event['date'][1]}日，{event['city']}")
        for event in events[7:]:
            p = event["person"]
            mode = r.choice(["name", "kin"])
            t = EVENT_KINDS[event["kind"]][2]
            who = self.ref(p, mode) if "{u}" not in t or mode == "name" else f"{self.user_pronoun[user]}{p.kin}"
            self.add("lookup", t.format(q=who, u=user), self.evidence(p, event["msg"], event["forms"], mode),
                     event["city"])

    def birthdays(self, live: list[Fact]) -> None:
        r = self.r
        bdays = [f for f in live if f.kind == "birthday"]
        r.shuffle(bdays)
        for f in bdays[:4]:
            mode = r.choice(["name", "kin"])
            q = self.b.pick(Q_BIRTHDAY, "q-birthday").format(p=self.ref(f.person, mode))
            self.add("temporal", q, self.evidence(f.person, f.msg, f.forms, mode), answer_of("birthday", f.value))

    def latest_values(self, latest: list[Fact]) -> None:
        for f in latest:
            mode = self.r.choice(["name", "kin"])
            q = self.r.choice(Q_LATEST[f.kind]).format(p=self.ref(f.person, mode))
            self.add("latest", q, self.evidence(f.person, f.msg, f.forms, mode), answer_of(f.kind, f.value))


def user_questions(b: Builder, user: str, facts: list[Fact], events: list[dict[str, Any]],
                   intro_msg: dict[str, str]) -> list[dict[str, Any]]:
    """One user's questions, shape by shape, in a fixed order (the seeded generator's draws depend on it)."""
    asker = Asker(b, user, intro_msg)
    live = [f for f in facts if not f.superseded and f.kind not in ("job_new", "city_new") and f.person]
    latest = [f for f in facts if f.kind in ("job_new", "city_new")]
    asker.single_facts(live)
    asker.comparisons(live, latest)
    asker.about_events(events)
    asker.birthdays(live)
    asker.latest_values(latest)
    return asker.out


def dataset(seed: int) -> dict[str, Any]:
    """The set as written to the file."""
    built = build(seed)
    messages, questions = built["messages"], built["questions"]
    return {
        "description": (
            "Chinese development set for recall (synthetic, written by bench/zh_memory_set.py with the seed below): "
            f"{len(USERS)} simulated users telling an assistant about the people in their lives, one message per "
            "line with a speaker label, all users in one scope ordered by time. Questions carry the ids of every "
            "message needed (evidence) and a reference answer; shape is one of lookup, kin, compound, chatty, "
            "comparison, temporal, latest."),
        "seed": seed,
        "users": [u[0] for u in USERS],
        "messages": [{"id": m.id, "user": m.user, "role": m.role, "date": m.at.isoformat(timespec="minutes"),
                      "content": m.content} for m in messages],
        "questions": questions,
    }


def serialise(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=0) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    data = dataset(args.seed)
    args.out.write_text(serialise(data), encoding="utf-8")
    shapes = Counter(q["shape"] for q in data["questions"])
    print(f"{len(data['messages'])} messages, {len(data['questions'])} questions {dict(shapes)}; "
          f"{args.out.stat().st_size / 1e6:.2f} MB → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
