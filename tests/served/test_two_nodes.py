"""Two nodes, one database: two service instances, each started as ``make run`` starts it (its own supervisor,
web worker and background worker, separate processes), on the same PostgreSQL.

Each node keeps its own in-process search index (memories/recall/index/cache.py); what one node writes,
edits, deletes or erases must be what the other serves on its very next request, with no waiting. Every
check first warms the other node's index with a search, so a stale copy would be caught.

Both nodes embed with the fake model alone (``FAKE_EMBEDDER``): the searches ask for every memory of the
scope (k 20, no relevance floor), so what they check is which memories a node serves, not how they rank, and
four processes do not each load the real models.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.served.conftest import FAKE_EMBEDDER, ServedData, start_services

SCOPE = "user/two-nodes"


@pytest.fixture(scope="module")
def nodes(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[httpx.Client,
                                                                                              httpx.Client]]:
    headers = {"Authorization": f"Bearer {served_data.key}"}
    folders = [tmp_path_factory.mktemp("node-a"), tmp_path_factory.mktemp("node-b")]
    with start_services(served_data, folders, web_workers=1, extra_env=FAKE_EMBEDDER) as [a, b], \
            httpx.Client(base_url=f"{a.url}/api/v1/", headers=headers, timeout=60) as on_a, \
            httpx.Client(base_url=f"{b.url}/api/v1/", headers=headers, timeout=60) as on_b:
        yield on_a, on_b


def found(node: httpx.Client, query: str) -> dict[str, str]:
    """id → content of what a search on ``node`` returns for ``query`` (k 20, no relevance floor)."""
    answer = node.post("memories/search", json={"scope": SCOPE, "query": query, "k": 20, "threshold": 0})
    assert answer.status_code == 200, answer.text
    return {hit["memory"]["id"]: hit["memory"]["content"] for hit in answer.json()["results"]}


def context_block(node: httpx.Client, query: str) -> str:
    answer = node.post("context", json={"scope": SCOPE, "query": query, "max_tokens": 2000})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["block"])


def create(node: httpx.Client, content: str, **fields: object) -> dict[str, object]:
    answer = node.post("memories", json={"scope": SCOPE, "content": content, **fields})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_a_write_on_one_node_is_searchable_on_the_other_at_once(nodes: tuple[httpx.Client, httpx.Client]) -> None:
    on_a, on_b = nodes
    create(on_a, "The office plant is a fiddle-leaf fig named Gerald.")
    found(on_b, "office plant")  # node B now holds the scope's index
    memory = create(on_a, "The office kettle is kept in the third-floor kitchen.")
    assert memory["id"] in found(on_b, "where is the office kettle"), "node B served a stale index"
    assert on_b.get(f"memories/{memory['id']}").status_code == 200
    listed = on_b.get("memories", params={"scope": SCOPE, "limit": 100}).json()["results"]
    assert memory["id"] in {row["id"] for row in listed}


def test_an_edit_and_a_delete_on_one_node_are_what_the_other_serves(
        nodes: tuple[httpx.Client, httpx.Client]) -> None:
    on_a, on_b = nodes
    memory = create(on_a, "The weekly sync meets in room Ostrava on Tuesdays.")
    assert memory["id"] in found(on_b, "weekly sync room")
    edited = on_a.patch(f"memories/{memory['id']}", json={"content": "The weekly sync meets in room Brno on Fridays."},
                        headers={"If-Match": f'"{memory["version"]}"'})
    assert edited.status_code == 200, edited.text
    assert found(on_b, "weekly sync room").get(str(memory["id"])) == "The weekly sync meets in room Brno on Fridays."
    assert on_b.get(f"memories/{memory['id']}").json()["version"] == edited.json()["version"]

    deleted = on_b.delete(f"memories/{memory['id']}")  # and the other way round
    assert deleted.status_code == 204, deleted.text
    assert memory["id"] not in found(on_a, "weekly sync room")
    assert on_a.get(f"memories/{memory['id']}").status_code == 404
    assert "Brno" not in context_block(on_a, "where does the weekly sync meet?")


@pytest.mark.parametrize("eraser", [0, 1], ids=["erased-on-a", "erased-on-b"])
def test_neither_node_serves_a_memory_the_other_erased(nodes: tuple[httpx.Client, httpx.Client], eraser: int) -> None:
    person = f"two-nodes-person-{eraser}"
    erasing, serving = nodes[eraser], nodes[1 - eraser]
    kept = create(erasing, f"Person {eraser} of the other team likes the office plant.")
    gone = [create(erasing, f"{person} drinks oolong tea every afternoon at four.", subject=person),
            create(erasing, f"{person} is allergic to hazelnuts.", subject=person)]
    warm = found(serving, "tea allergic hazelnuts oolong")
    assert {str(m["id"]) for m in gone} <= set(warm)

    receipt = erasing.delete(f"subjects/{person}")
    assert receipt.status_code == 200, receipt.text

    after = found(serving, "tea allergic hazelnuts oolong")
    assert not {str(m["id"]) for m in gone} & set(after), "the other node still served an erased memory"
    assert kept["id"] in found(serving, "office plant")
    for memory in gone:
        assert serving.get(f"memories/{memory['id']}").status_code == 404
    block = context_block(serving, "what does the person drink and what are they allergic to?")
    assert "oolong" not in block and "hazelnut" not in block
    listed = serving.get("memories", params={"scope": SCOPE, "limit": 100}).json()["results"]
    assert not {str(m["id"]) for m in gone} & {row["id"] for row in listed}
    assert serving.get(f"subjects/{person}/export").status_code == 404
