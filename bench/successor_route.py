"""Knowledge updates whose new value does not repeat the question's words, through mem0's SDK and the REST API.

    .venv/bin/python bench/successor_route.py --url http://127.0.0.1:8014 --key KEY [--json FILE]

Each pair is two mem0 ``add`` calls of one user (A, then B that replaces it: the write flow retires A, B its
successor), then a question in A's words that B does not say ("What do I do on weekends?" after "I go fishing on
weekends" → "These days I'm really into road cycling"). Counted: A retired with B as its successor (the write
flow's part, not recall's); B among the first three hits of ``POST /api/v1/memories/search`` and in the block of
``POST /api/v1/context``; A never returned. The same texts again written through REST with an ``entity`` (an
agent that names what a fact is about): the supersession is then certain, and recall alone is measured.
Chains A → B → C: C found, A and B never returned. Traps: what a person
deprecated, a successor deprecated or deleted by a person, a person erased, a question about another live memory,
and another user's scope: none may bring back a retired memory or its successor.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path
from typing import Any

import httpx

# (language, A, B, question): B replaces A and does not say the question's topic word.
PAIRS = [
    ("en", "I go fishing every weekend.", "Lately I've been totally hooked on road cycling instead.",
     "What do I do on weekends?"),
    ("en", "I work as an accountant at Deloitte.", "I quit and joined a small startup as a product designer.",
     "Where do I work as an accountant?"),
    ("en", "I live in Boston.", "We just moved to Austin last month.", "Which city do I live in, Boston?"),
    ("en", "I'm a vegetarian.", "I started eating meat again, mostly chicken and fish.", "Am I a vegetarian?"),
    ("en", "I drive a Honda Civic.", "I sold it and bought a Tesla Model 3.", "What Honda do I drive?"),
    ("en", "My daughter goes to Lincoln Elementary.", "My daughter transferred to Oakwood Academy this fall.",
     "Which elementary school does my daughter attend?"),
    ("en", "My doctor is Dr. Patel.", "I switched to Dr. Morgan at the new clinic.", "Who is my doctor?"),
    ("en", "My phone is an iPhone 12.", "I upgraded to a Pixel 8.", "What phone do I have?"),
    ("en", "I play tennis on Tuesday evenings.", "I gave that up and took up bouldering at the climbing gym.",
     "What do I play on Tuesday evenings?"),
    ("en", "My favorite band is Coldplay.", "These days I mostly listen to Radiohead.", "What's my favorite band?"),
    ("en", "I drink three cups of coffee a day.", "I switched to green tea to cut down on caffeine.",
     "How much coffee do I drink?"),
    ("en", "I study French on Duolingo.", "I dropped that and now I'm learning Japanese with a tutor.",
     "Which French course am I studying?"),
    ("zh", "我周末一般去钓鱼。", "我最近迷上了骑行。", "我周末一般干什么？"),
    ("zh", "我在腾讯做会计。", "我辞职了，现在在一家创业公司当产品经理。", "我在哪家公司做会计？"),
    ("zh", "我住在北京。", "我们上个月搬到成都了。", "我住在北京哪里？"),
    ("zh", "我吃素。", "我现在又开始吃肉了。", "我是吃素的吗？"),
    ("zh", "我开一辆本田思域。", "我把车卖了，换了一辆比亚迪汉。", "我开的本田是什么型号？"),
    ("zh", "我女儿在实验小学上学。", "我女儿今年秋天转学到了外国语学校。", "我女儿在哪个小学上学？"),
    ("zh", "我的医生是王大夫。", "我换成了社区医院的李大夫。", "我的医生是谁？"),
    ("zh", "我用的手机是苹果12。", "我换了一部华为Mate60。", "我用的是什么手机？"),
    ("zh", "我每周二晚上打网球。", "我不打了，改成去攀岩馆攀岩。", "我周二晚上打什么球？"),
    ("zh", "我最喜欢的乐队是五月天。", "这阵子我一直在听草东没有派对。", "我最喜欢哪个乐队？"),
    ("zh", "我每天喝三杯咖啡。", "为了少摄入咖啡因，我改喝绿茶了。", "我每天喝几杯咖啡？"),
    ("zh", "我在学法语。", "我不学那个了，现在跟老师学日语。", "我在学哪门法语课？"),
]

# (language, A, B, C, question): C replaces B, which replaced A; only C may be returned.
CHAINS = [
    ("en", "I go swimming on weekends.", "Now I spend my weekends hiking.", "These days I'm really into pottery.",
     "What do I do on weekends?"),
    ("en", "I work at IBM as an engineer.", "I moved to Microsoft.", "I just joined a nonprofit as a volunteer "
     "coordinator.", "Where do I work as an engineer?"),
    ("zh", "我周末去游泳。", "我现在周末都去爬山。", "我最近迷上了做陶艺。", "我周末干什么？"),
    ("zh", "我在华为当工程师。", "我跳槽去了阿里。", "我刚去了一家公益组织当志愿者协调员。", "我在哪里当工程师？"),
]

# (language, kind, A, B or "", unrelated live memory U, question)
TRAPS = [
    ("en", "deprecated", "I go fishing every weekend.", "", "My sister is a nurse in Denver.",
     "What do I do on weekends?"),
    ("en", "successor-deprecated", "I live in Boston.", "We just moved to Austin last month.",
     "My sister is a nurse in Denver.", "Which city do I live in, Boston?"),
    ("en", "successor-deleted", "I drive a Honda Civic.", "I sold it and bought a Tesla Model 3.",
     "My sister is a nurse in Denver.", "What Honda do I drive?"),
    ("en", "erased", "My doctor is Dr. Patel.", "I switched to Dr. Morgan at the new clinic.",
     "My sister is a nurse in Denver.", "Who is my doctor?"),
    ("en", "other-topic", "I play tennis on Tuesday evenings.",
     "I gave that up and took up bouldering at the climbing gym.", "My sister is a nurse in Denver.",
     "What does my sister do?"),
    ("en", "other-user", "I drink three cups of coffee a day.", "I switched to green tea to cut down on caffeine.",
     "My sister is a nurse in Denver.", "How much coffee do I drink?"),
    ("zh", "deprecated", "我周末一般去钓鱼。", "", "我姐姐在杭州当护士。", "我周末一般干什么？"),
    ("zh", "successor-deprecated", "我住在北京。", "我们上个月搬到成都了。", "我姐姐在杭州当护士。",
     "我住在北京哪里？"),
    ("zh", "successor-deleted", "我开一辆本田思域。", "我把车卖了，换了一辆比亚迪汉。", "我姐姐在杭州当护士。",
     "我开的本田是什么型号？"),
    ("zh", "erased", "我的医生是王大夫。", "我换成了社区医院的李大夫。", "我姐姐在杭州当护士。", "我的医生是谁？"),
    ("zh", "other-topic", "我每周二晚上打网球。", "我不打了，改成去攀岩馆攀岩。", "我姐姐在杭州当护士。",
     "我姐姐是做什么的？"),
    ("zh", "other-user", "我每天喝三杯咖啡。", "为了少摄入咖啡因，我改喝绿茶了。", "我姐姐在杭州当护士。",
     "我每天喝几杯咖啡？"),
]

# What else the user said: the scope is a person's, not the pair alone (written in one batch, through REST).
FILLER = {"en": ["The user's brother Mark teaches history at a high school.",
                 "The user has a golden retriever named Biscuit.", "The user is allergic to peanuts.",
                 "The user's mother lives in Portland.", "The user's birthday is on March 14.",
                 "The user prefers window seats on flights.", "The user is saving up for a trip to Japan.",
                 "The user's best friend is called Priya.", "The user reads science fiction before bed.",
                 "The user wants to repaint the kitchen green.", "The user's son plays the violin.",
                 "The user takes the train to the office on Mondays."],
          "zh": ["用户的哥哥在中学教历史。", "用户养了一只叫豆豆的金毛。", "用户对花生过敏。", "用户的妈妈住在广州。",
                 "用户的生日是三月十四号。", "用户坐飞机喜欢靠窗的座位。", "用户在攒钱准备去日本旅行。",
                 "用户最好的朋友叫小雨。", "用户睡前爱看科幻小说。", "用户想把厨房刷成绿色。", "用户的儿子在学小提琴。",
                 "用户每周一坐地铁去公司。"]}
TOP = 3


def _added(client: Any, text: str, user: str) -> list[str]:
    found = client.add([{"role": "user", "content": text}], user_id=user)
    rows = found.get("results", found) if isinstance(found, dict) else found
    return [r["id"] for r in rows if r.get("id")]


def _memory(rest: httpx.Client, pk: str) -> dict[str, Any]:
    answer = rest.get(f"/api/v1/memories/{pk}")
    return answer.json() if answer.status_code == 200 else {}


def _asked(rest: httpx.Client, scope: str, question: str) -> tuple[list[str], list[str]]:
    hits = rest.post("/api/v1/memories/search", json={"query": question, "scope": scope, "k": TOP}).json()
    block = rest.post("/api/v1/context", json={"query": question, "scope": scope}).json()
    return [h["memory"]["id"] for h in hits.get("results", [])], [str(i) for i in block.get("items", [])]


def _scope(rest: httpx.Client, ids: list[str]) -> str:
    return next((m["scope"] for m in (_memory(rest, pk) for pk in ids) if m.get("scope")), "")


def _linked(rest: httpx.Client, old: list[str], new: list[str]) -> bool:
    return any(_memory(rest, pk).get("superseded_by") in new for pk in old)


def _filled(rest: httpx.Client, scope: str, lang: str) -> None:
    rest.post("/api/v1/memories", json=[{"scope": scope, "type": "fact", "content": c} for c in FILLER[lang]])


def run_pair(client: Any, rest: httpx.Client, user: str, texts: list[str], question: str, lang: str
             ) -> dict[str, Any]:
    steps = [_added(client, texts[0], user)]
    scope = _scope(rest, steps[0])
    _filled(rest, scope, lang)
    steps += [_added(client, t, user) for t in texts[1:]]
    linked = all(_linked(rest, a, b) for a, b in itertools.pairwise(steps))
    top, block = _asked(rest, scope, question)
    old = {pk for step in steps[:-1] for pk in step}
    return {"lang": lang, "texts": texts, "question": question, "linked": linked,
                    "found": any(pk in top for pk in steps[-1]), "first": bool(top) and top[0] in steps[-1],
            "block": any(pk in block for pk in steps[-1]),
            "old_returned": linked and bool(old & (set(top) | set(block)))}


def run_keyed(rest: httpx.Client, scope: str, texts: list[str], question: str, lang: str) -> dict[str, Any]:
    """The same texts written through REST as an agent that names the entity does: the supersession is certain."""
    _filled(rest, scope, lang)
    steps = []
    for t in texts:
        answer = rest.post("/api/v1/memories", json={"scope": scope, "type": "fact", "entity": "probe", "content": t})
        steps.append([answer.json()["id"]] if answer.status_code == 201 else [])
    linked = all(_linked(rest, a, b) for a, b in itertools.pairwise(steps))
    top, block = _asked(rest, scope, question)
    old = {pk for step in steps[:-1] for pk in step}
    return {"lang": lang, "texts": texts, "question": question, "linked": linked,
            "found": any(pk in top for pk in steps[-1]), "first": bool(top) and top[0] in steps[-1],
            "block": any(pk in block for pk in steps[-1]),
            "old_returned": linked and bool(old & (set(top) | set(block)))}


def run_trap(client: Any, rest: httpx.Client, user: str, trap: tuple[str, ...]) -> dict[str, Any]:
    lang, kind, first, second, unrelated, question = trap
    a = _added(client, first, user)
    scope = _scope(rest, a)
    _filled(rest, scope, lang)
    _added(client, unrelated, user)
    b = _added(client, second, user) if second else []
    if kind == "deprecated":
        for pk in a:
            rest.post(f"/api/v1/memories/{pk}/deprecate", json={})
    elif kind == "successor-deprecated":
        for pk in b:
            rest.post(f"/api/v1/memories/{pk}/deprecate", json={})
    elif kind == "successor-deleted":
        for pk in b:
            rest.delete(f"/api/v1/memories/{pk}")
    elif kind == "erased":
        rest.delete(f"/api/v1/subjects/{user}")
    elif kind == "other-user":
        other = f"{user}-other"
        scope = _scope(rest, _added(client, unrelated, other))
        _filled(rest, scope, lang)
    top, block = _asked(rest, scope, question)
    returned = set(top) | set(block)
    if kind == "other-topic":  # the successor may be among the hits, never first; the retired one never
        held = bool(top) and top[0] not in set(a) | set(b)
    else:
        held = not (set(a) | set(b)) & returned
    return {"lang": lang, "kind": kind, "question": question, "held": held, "top": top}


def _figures(pairs: list[dict[str, Any]], chains: list[dict[str, Any]], keyed: list[dict[str, Any]],
             traps: list[dict[str, Any]]) -> dict[str, str]:
    figures: dict[str, str] = {}
    for lang in ("en", "zh"):
        for name, rows in (("pairs", pairs), ("chains", chains), ("keyed pairs and chains", keyed)):
            mine = [r for r in rows if r["lang"] == lang]
            linked = [r for r in mine if r["linked"]]
            figures[f"{lang} {name} linked"] = f"{len(linked)}/{len(mine)}"
            for field in ("found", "first", "block"):
                figures[f"{lang} {name} {field} (of linked)"] = f"{sum(r[field] for r in linked)}/{len(linked)}"
            figures[f"{lang} {name} old returned"] = f"{sum(r['old_returned'] for r in linked)}/{len(linked)}"
        mine = [r for r in traps if r["lang"] == lang]
        figures[f"{lang} traps held"] = f"{sum(r['held'] for r in mine)}/{len(mine)}"
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8014")
    parser.add_argument("--key", required=True)
    parser.add_argument("--json", help="write every row here")
    args = parser.parse_args()
    from mem0 import MemoryClient

    base = args.url.rstrip("/")
    client = MemoryClient(api_key=args.key, host=f"{base}/mem0")
    rest = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {args.key}"}, timeout=120)
    stamp = f"sr{int(time.time())}"
    pairs = [run_pair(client, rest, f"{stamp}-p{n}", [a, b], q, lang) for n, (lang, a, b, q) in enumerate(PAIRS)]
    chains = [run_pair(client, rest, f"{stamp}-c{n}", [a, b, c], q, lang)
              for n, (lang, a, b, c, q) in enumerate(CHAINS)]
    keyed = [run_keyed(rest, f"user/{stamp}-k{n}", [a, b], q, lang) for n, (lang, a, b, q) in enumerate(PAIRS)]
    keyed += [run_keyed(rest, f"user/{stamp}-kc{n}", [a, b, c], q, lang) for n, (lang, a, b, c, q) in enumerate(CHAINS)]
    traps = [run_trap(client, rest, f"{stamp}-t{n}", t) for n, t in enumerate(TRAPS)]
    figures = _figures(pairs, chains, keyed, traps)
    for r in pairs + chains + keyed:
        if (r["linked"] and not r["first"]) or r["old_returned"]:
            print("MISS", json.dumps(r, ensure_ascii=False))
    for r in traps:
        if not r["held"]:
            print("TRAP", json.dumps(r, ensure_ascii=False))
    print(json.dumps(figures, indent=1, ensure_ascii=False))
    if args.json:
        every = {"figures": figures, "pairs": pairs, "chains": chains, "keyed": keyed, "traps": traps}
        Path(args.json).write_text(json.dumps(every, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
