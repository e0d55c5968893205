"""How often the write flow retires a true memory by mistake: templated facts about different people, events
and numbers (Chinese and English, with and without a speaker label) must all stay active; true updates of one
fact (the same person's age, the same event's time) must still supersede.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/supersession.py [--root PATH] [--seed 7]

Runs on its own database (created and migrated, then dropped) with the real embedding models, through
``memory_create`` (the one write flow): each set once in batches of 50 and once item by item, each in a scope
of its own. ``--root`` runs another checkout's code (the "before" of a change) with this same data.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
BENCH_DB = "bench_supersession"

ZH_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
ZH_GIVEN = ["子墨", "明杰", "宇轩", "晨曦", "浩然", "雨桐", "思远", "欣怡", "俊杰", "诗涵", "梓萱", "博文", "嘉怡",
            "一诺", "天佑", "若曦", "志强", "丽华", "建国", "美玲"]
ZH_RELATIONS = ["下属", "父亲", "叔叔", "同事", "表弟", "邻居", "老师", "客户", "朋友", "姐姐"]
ZH_EVENTS = ["建筑技艺交流盛宴", "泳动艺术盛宴", "春季读书会", "产品发布会", "年度总结大会", "城市马拉松", "摄影作品展",
             "编程马拉松", "新年音乐会", "家长开放日"]
ZH_WHEN = ["下周六下午两点", "下下周二下午两点", "明天上午十点", "周五晚上七点", "下个月三号", "本周日中午"]
ZH_CITIES = ["上海", "北京", "杭州", "成都", "深圳", "南京", "武汉", "西安"]
EN_FIRST = ["Liu Zimo", "Li Mingjie", "Anna Berg", "Tom Reyes", "Maria Costa", "Sam Okafor", "Eva Novak",
            "Ravi Shah", "Lena Fischer", "Omar Haddad", "Chen Yu", "Julia Marsh"]
EN_RELATIONS = ["subordinate", "father", "uncle", "colleague", "cousin", "neighbour", "teacher", "client"]
EN_EVENTS = ["Architecture Craft Forum", "Swim Art Gala", "Spring Book Club", "Product Launch", "Annual Review",
             "City Marathon", "Photo Exhibition", "Hackathon"]
EN_WHEN = ["next Saturday at 2pm", "Tuesday after next at 2pm", "tomorrow at 10am", "Friday at 7pm",
           "the 3rd of next month", "Sunday at noon"]
EN_CITIES = ["Berlin", "Lisbon", "Toronto", "Osaka", "Nairobi", "Madrid", "Oslo", "Austin"]


def distinct_facts(rng: random.Random) -> list[str]:
    """Facts written in a few templates, each about another person, event or place: none replaces another."""
    facts: set[str] = set()
    names = [s + g for s in ZH_SURNAMES for g in ZH_GIVEN]
    rng.shuffle(names)
    for name in names[:60]:
        facts.add(f"{name}是我的{rng.choice(ZH_RELATIONS)}，其年龄是{rng.randint(20, 70)}岁。")
    for name in names[60:100]:
        facts.add(f"{name}住在{rng.choice(ZH_CITIES)}。")
    for event in ZH_EVENTS:
        facts.add(f"{event}的时间是{rng.choice(ZH_WHEN)}。")
    for name in EN_FIRST:
        facts.add(f"My {rng.choice(EN_RELATIONS)} {name} is {rng.randint(20, 70)} years old.")
        facts.add(f"{name} lives in {rng.choice(EN_CITIES)}.")
    for event in EN_EVENTS:
        facts.add(f"The {event} is {rng.choice(EN_WHEN)}.")
    return sorted(facts)


def true_updates() -> list[tuple[str, str]]:
    """(old, new) pairs about one thing whose value changed: the new one must supersede the old one."""
    pairs = []
    for i, (surname, given) in enumerate(zip(ZH_SURNAMES, ZH_GIVEN, strict=False)):
        relation = ZH_RELATIONS[i % len(ZH_RELATIONS)]
        pairs.append((f"我的{relation}{surname}{given}今年{30 + i}岁", f"我的{relation}{surname}{given}今年{31 + i}岁"))
    for i, name in enumerate(EN_FIRST):
        relation = EN_RELATIONS[i % len(EN_RELATIONS)]
        pairs.append((f"My {relation} {name} is {30 + i} years old.", f"My {relation} {name} is {31 + i} years old."))
    for event in ZH_EVENTS[:5]:
        pairs.append((f"{event}的时间是下周六下午两点。", f"{event}的时间改到了下周日下午三点。"))
    return pairs


def run(label: str) -> None:
    from memories.models import Memory
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput
    from tenants.scoping import tenant_scope
    from tenants.services import tenant_create

    tenant = tenant_create(slug="supersession", name="Supersession benchmark")
    facts = distinct_facts(random.Random(7))
    updates = true_updates()
    speaker = {True: lambda t: ("User: " if t.isascii() else "用户: ") + t, False: lambda t: t}
    print(f"{label}: {len(facts)} distinct facts, {len(updates)} true updates")
    with tenant_scope(tenant):
        for labelled in (False, True):
            for mode in ("batch", "single"):
                scope = f"bench/{'label' if labelled else 'bare'}-{mode}"
                texts = [speaker[labelled](f) for f in facts]
                items = [MemoryInput(scope=scope, content=t, confidence=0.95) for t in texts]
                if mode == "batch":
                    for start in range(0, len(items), 50):
                        memory_create(items=items[start:start + 50], actor="bench")
                else:
                    for item in items:
                        memory_create(items=[item], actor="bench")
                gone = Memory.objects.filter(scope__path=scope, status="deprecated").select_related("superseded_by")
                retired = len(gone)
                print(f"  distinct facts, {'speaker label' if labelled else 'bare':13} {mode:6}: "
                      f"{retired}/{len(items)} retired ({100 * retired / len(items):.1f} %)")
                for memory in gone[:3]:
                    by = memory.superseded_by.content if memory.superseded_by else "-"
                    print(f"      e.g. {memory.content!r} by {by!r}")
        scope = "bench/updates"
        superseded = ambiguous = 0
        for old, new in updates:
            first = memory_create(items=[MemoryInput(scope=scope, content=old, confidence=0.95)], actor="bench")[0]
            second = memory_create(items=[MemoryInput(scope=scope, content=new, confidence=0.95)], actor="bench")[0]
            retired = Memory.objects.get(pk=first.memory.pk).status == "deprecated"
            superseded += second.action == "superseded" and retired
            ambiguous += second.action == "pending"
        print(f"  true updates superseded: {superseded}/{len(updates)}; sent to review: {ambiguous}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=BENCH.parent, help="the checkout whose code runs")
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    sys.path[:0] = [str(args.root), str(BENCH)]
    import os

    os.chdir(args.root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    from scratch_db import scratch_database

    with scratch_database(BENCH_DB):
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        run(args.label or str(args.root))


if __name__ == "__main__":
    main()
