"""Two hops through a person (memories/recall/hops.py, RECALL_HOP_BOOST): a question that describes someone
instead of naming them joins two facts about that person. Plain content, each memory its own request (no
session, so no neighbours): in English the person is found through the names the memories mention, in Chinese
through the speaker label each memory opens with. Both search paths; with the lever off the other people's dogs
come first."""

from __future__ import annotations

import pytest

from tests.recall.conftest import save
from tests.recall.conftest import search as api_search

CASES = {
    "en": (["My neighbour Priya moved to Denver last spring.",
            "Last week Priya named her new puppy Biscuit.",
            "My cousin Lena named her dog Rex after a cartoon.",
            "Our friend Tom got a dog and named it Bolt.",
            "My colleague Omar moved to Boston for a new job."],
           "What did the person who moved to Denver name their dog?", "Last week Priya named her new puppy Biscuit."),
    "zh": (["李明：我去年春天搬到了成都。",
            "李明：我给新养的小狗取名叫豆豆。",
            "王磊：我家的狗叫旺财，是我取的名字。",
            "张伟：我给我的狗起名叫黑子。",
            "赵敏：我上个月搬到了杭州。"],
           "搬到成都的那个人给他的狗取了什么名字？", "李明：我给新养的小狗取名叫豆豆。"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_two_hop_question_is_answered_through_the_person(alice, settings, path, language, monkeypatch) -> None:
    """The bridge is the one person two of the best matches are about (the move and the puppy); their memories
    gain 0.5 × the best score among them. In the in-process index that puts the puppy second, after the move,
    where it was last; SQL's ts_rank_cd weighs no word by its rarity (the city counts as little as "dog"), so
    there the other dogs stay first and only the gain itself is checked."""
    settings.SEARCH_INDEX_ENABLED = path == "index"
    settings.RECALL_FEEDBACK = 0.0  # the gain's arithmetic alone (feedback would reseed from the lifted hits)
    for module in ("memories.recall.index.source", "memories.recall.query"):  # the hop alone, not 取名 for 名字
        monkeypatch.setattr(f"{module}.concept_terms", lambda query: ())
    memories, query, answer = CASES[language]
    bridge = memories[0]
    for content in memories:
        save(alice, {"content": content, "type": "fact"})

    def ranked(boost: float) -> dict[str, float]:
        settings.RECALL_HOP_BOOST = boost
        return {hit["memory"]["content"]: hit["scores"]["fusion"]
                for hit in api_search(alice, query=query, k=5, floor=False)["results"]}

    without, with_hop = ranked(0.0), ranked(0.5)
    gain = 0.5 * max(without[bridge], without[answer])
    assert with_hop[answer] == pytest.approx(without[answer] + gain, abs=2e-4)
    assert with_hop[bridge] == pytest.approx(without[bridge] + gain, abs=2e-4)
    others = [content for content in memories if content not in (bridge, answer)]
    assert all(with_hop[content] == without[content] for content in others)
    if path == "index":
        assert list(without).index(answer) > 1
        assert list(with_hop)[:2] == [bridge, answer]
