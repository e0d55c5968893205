"""Re-embedding as an operation (memories/write/reembed.py, manage.py reembed): a database filled before
the second model gets its vectors while a client searches, the command survives SIGKILL without redoing
finished work, a dropped model's vectors go, a memory edited meanwhile keeps its own vectors.

The command runs as a subprocess against this test's database (``MNEMARA_DB_NAME``), with the real models.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from django.conf import settings
from django.db import connection, connections

from memories.embeddings import MULTILINGUAL_DEFAULT, embedder_named, embedders, get_embedder
from memories.models import Memory, MemoryVector
from memories.recall.index.cache import CACHE
from memories.recall.search import memory_search
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.reembed import reembed_model, reembed_tenant, vectors_missing, vectors_prune
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope

TOPICS = ["coffee", "the Atlas budget", "a half marathon", "the Kafka migration", "green tea", "the dentist"]
ZH = ["用户喜欢喝黑咖啡", "星辰计划的预算是 42000 元", "王磊每周三打羽毛球", "客户数据必须存放在法兰克福"]


def old_database(tenant, n: int) -> list[Memory]:
    """Memories as a database made before this change holds them: the primary model's vector only, no
    coverage, no MemoryVector rows."""
    with tenant_scope(tenant):
        items = [MemoryInput(scope=f"user/{i % 2}", content=f"Note {i}: the user talked about {TOPICS[i % 6]}")
                 for i in range(n - len(ZH))] + [MemoryInput(scope="user/0", content=c) for c in ZH]
        memory_create(items=items, actor="test")
        MemoryVector.objects.all().delete()
        Memory.objects.update(embedding_coverage=None)
        return list(Memory.objects.all())


def start_reembed(env: dict[str, str], log: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "manage.py", "reembed", *args], cwd=settings.BASE_DIR, env=env,
                            stdout=log.open("ab"), stderr=subprocess.STDOUT)


def wait_for(predicate, what: str, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout  # a bound on waiting, not a speed assertion
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def use_vectors(tenant) -> dict:
    with tenant_scope(tenant):
        return dict(MemoryVector.objects.filter(model=MULTILINGUAL_DEFAULT).values_list("memory_id", "pk"))


def check_hit(tenant, query: str, hit) -> None:
    """The hit's vector score is the cosine of the query and the memory by ONE model: the one named."""
    model = hit.model or get_embedder().name
    embedder = embedder_named(model)
    assert embedder is not None
    query_vector = np.asarray(embedder.embed_query(query), dtype=np.float64)
    with tenant_scope(tenant):
        if model == get_embedder().name:
            stored = Memory.objects.get(pk=hit.memory.pk)
            assert stored.embedding_model == model
            vector = np.asarray(stored.embedding, dtype=np.float64)
        else:
            vector = np.asarray(MemoryVector.objects.get(memory_id=hit.memory.pk, model=model).embedding,
                                dtype=np.float64)
    cosine = float(query_vector @ vector / np.linalg.norm(vector) / np.linalg.norm(query_vector))
    assert abs(cosine - hit.scores["vector"]) < 2e-3, (query, model, cosine, hit.scores)


@pytest.mark.django_db(transaction=True)
def test_it_fills_an_old_database_while_searches_go_on_and_resumes_after_sigkill(alice, tmp_path) -> None:
    old_database(alice.tenant, 160)
    with tenant_scope(alice.tenant):
        total = vectors_missing(MULTILINGUAL_DEFAULT)
    assert total == 160
    env = {**os.environ, "MNEMARA_DB_NAME": connection.settings_dict["NAME"], "XDG_RUNTIME_DIR": "/tmp", "DEBUG": "0"}
    log = tmp_path / "reembed.log"
    failures: list[BaseException] = []
    searches = [0]
    stop = threading.Event()

    def search_forever() -> None:
        queries = ["What does the user drink?", "他喜欢喝什么", "marathon", "预算是多少", "Where must data be stored?"]
        try:
            while not stop.is_set():
                query = queries[searches[0] % len(queries)]
                with tenant_scope(alice.tenant):
                    hits = memory_search(query=query, scopes=["user/0", "user/1"], k=5, track_access=False)
                for hit in hits:
                    check_hit(alice.tenant, query, hit)
                searches[0] += 1
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            failures.append(exc)
        finally:
            connections.close_all()

    searcher = threading.Thread(target=search_forever)
    searcher.start()
    first = start_reembed(env, log, "--tenant", alice.tenant.slug, "--batch-size", "4", "--duty", "0.3")
    try:
        # Killed once a quarter of the second model's vectors are in: mid-run, no chance to clean up.
        wait_for(lambda: len(use_vectors(alice.tenant)) >= total // 4 or first.poll() is not None,
                 "the first run to write some vectors")
        first.send_signal(signal.SIGKILL)
        first.wait(30)
        before_restart = use_vectors(alice.tenant)
        assert 0 < len(before_restart) < total, log.read_text()

        # The run that resumes is the command as an operator starts it (its default batches and duty); the first
        # one's small batches, slowed down, are what let the kill land mid-run.
        second = start_reembed(env, log, "--tenant", alice.tenant.slug)
        assert second.wait(300) == 0, log.read_text()
    finally:
        stop.set()
        searcher.join(60)
        for process in (first,):
            if process.poll() is None:
                process.kill()
    assert not failures, failures
    assert searches[0] > 0
    after = use_vectors(alice.tenant)
    assert len(after) == total
    # Finished work was not redone: the rows written before the kill are the same rows.
    assert all(after[memory_id] == pk for memory_id, pk in before_restart.items())
    output = log.read_text()
    assert f"{MULTILINGUAL_DEFAULT}: {total - len(before_restart)} of {total - len(before_restart)} done" in output
    with tenant_scope(alice.tenant):
        assert vectors_missing(get_embedder().name) == 0 and vectors_missing(MULTILINGUAL_DEFAULT) == 0
        actions = list(AuditEvent.objects.filter(actor="system:reembed").values_list("action", flat=True))
    assert actions.count("embeddings.reembed_started") >= 2 and "embeddings.reembedded" in actions
    # The searches now reach across languages through the new vectors.
    CACHE.clear()
    with tenant_scope(alice.tenant):
        hits = memory_search(query="Where must customer data be stored?", scopes=["user/0"], k=3)
    assert hits[0].memory.content == "客户数据必须存放在法兰克福" and hits[0].model == MULTILINGUAL_DEFAULT


@pytest.mark.django_db
def test_it_computes_only_the_primary_coverage_where_the_vector_is_there(in_alice) -> None:
    old_database(in_alice, 12)
    vectors = {m.pk: list(m.embedding) for m in Memory.objects.all()}
    result = reembed_model(get_embedder().name, duty=1.0)
    assert (result.missing, result.embedded) == (12, 12)
    for memory in Memory.objects.all():
        assert memory.embedding_coverage is not None and list(memory.embedding) == vectors[memory.pk]
    chinese = Memory.objects.get(content=ZH[0])
    assert chinese.embedding_coverage < 0.5 < Memory.objects.exclude(content__in=ZH).first().embedding_coverage


@pytest.mark.django_db
def test_it_drops_the_vectors_of_a_model_no_longer_configured(in_alice) -> None:
    old_database(in_alice, 6)
    reembed_tenant(duty=1.0)
    assert MemoryVector.objects.filter(model=MULTILINGUAL_DEFAULT).count() == 6
    MemoryVector.objects.filter(model=MULTILINGUAL_DEFAULT).update(model="retired-model")
    assert vectors_prune() == 6
    assert not MemoryVector.objects.exists()
    assert AuditEvent.objects.filter(action="embeddings.pruned").exists()


@pytest.mark.django_db
def test_it_leaves_a_memory_edited_meanwhile_to_its_own_vectors(in_alice, monkeypatch) -> None:
    from memories.write import reembed
    from memories.write.revisions import memory_revise

    [memory] = old_database(in_alice, len(ZH) + 1)[:1]
    embed = reembed._embed

    def edit_then_embed(model, rows):
        found = embed(model, rows)
        if memory.pk in {r.pk for r in rows}:  # the content changes after it was embedded, before the write
            memory_revise(memory_id=memory.pk, expected_version=memory.version, actor="t",
                          changes={"content": "The user now drinks oat flat whites"})
        return found

    monkeypatch.setattr(reembed, "_embed", edit_then_embed)
    reembed_model(MULTILINGUAL_DEFAULT, duty=1.0)
    stored = MemoryVector.objects.get(memory_id=memory.pk, model=MULTILINGUAL_DEFAULT)  # from the edit itself
    use = embedder_named(MULTILINGUAL_DEFAULT)
    assert use is not None
    expected = use.embed(["The user now drinks oat flat whites"])[0]
    assert float(np.dot(stored.embedding, expected)) > 0.999
    assert len(embedders()) == 2
