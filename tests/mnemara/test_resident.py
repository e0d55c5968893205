"""A long-lived process keeps its resident memory down (mnemara/kernel/resident.py, docs/scaling.md "Memory per
process"): malloc arenas capped before its threads start, free pages given back after the warm-up and a scope
index's load, onnxruntime's arena shrunk after a batch, the anthropic SDK left to the worker, and its base
reported in /metrics. The mechanisms only: no RSS thresholds here (bench/rss.py measures)."""

from __future__ import annotations

import gc
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from memories import embeddings, periodic
from memories.recall import warm
from memories.recall.index import cache
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from mnemara.kernel import resident
from mnemara.kernel.metrics import PROCESS_BASE_BYTES
from mnemara.kernel.threads import THREADS
from tenants.models import Tenant
from tenants.scoping import tenant_scope


def test_the_arena_cap_is_glibcs_mallopt(monkeypatch: pytest.MonkeyPatch) -> None:
    if resident._glibc() is None:
        pytest.skip("not glibc")
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    calls: list[tuple[int, int]] = []

    class Libc:
        @staticmethod
        def mallopt(option: int, value: int) -> int:
            calls.append((option, value))
            return 1

    monkeypatch.setattr(resident, "_glibc", Libc)
    assert resident.arenas_cap(2) is True
    assert calls == [(resident.M_ARENA_MAX, 2)]
    assert resident.arenas_cap(0) is False  # 0: glibc's default, nothing set
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")  # the operator's own, read by glibc at start: left alone
    assert resident.arenas_cap(2) is True
    assert calls == [(resident.M_ARENA_MAX, 2)]


def test_release_and_resident_bytes_run_here() -> None:
    resident.release()
    assert resident.resident_bytes() > 0


def test_web_and_worker_processes_cap_the_arenas_before_their_threads_start(monkeypatch: pytest.MonkeyPatch,
                                                                             settings: Any) -> None:
    events: list[str] = []

    def cap(arenas: int) -> bool:
        events.append(f"cap {arenas}")
        return True

    monkeypatch.setattr(periodic, "arenas_cap", cap)
    monkeypatch.setattr(THREADS, "start", lambda *a, **k: events.append("threads"))
    settings.MALLOC_ARENAS = 3
    periodic.web_threads_start()
    periodic.worker_threads_start("w1")
    assert events == ["cap 3", "threads", "cap 3", "threads"]


@pytest.mark.django_db(transaction=True)
def test_the_warm_up_reports_the_base_before_the_models_and_gives_pages_back(monkeypatch: pytest.MonkeyPatch,
                                                                              fake_embedder: Any) -> None:
    from server.runtime import serve

    events: list[str] = []
    monkeypatch.setattr(warm, "release", lambda: events.append("release"))
    monkeypatch.setattr(warm, "warm_up", lambda: events.append("models"))
    monkeypatch.setattr(resident, "release", lambda: events.append("release"))
    PROCESS_BASE_BYTES.set(0)
    try:
        serve.warm_up(lambda environ, start: [b""], web_threads=False)
    finally:
        gc.unfreeze()  # warm_up froze this test process's objects
    assert events[:2] == ["release", "models"]  # the base is read after the text tools, before any model
    assert events[-1] == "release"  # and the warm-up's garbage goes back at its end
    assert PROCESS_BASE_BYTES._value.get() > 0


@pytest.mark.django_db(transaction=True)
def test_a_scope_load_gives_its_rows_pages_back(monkeypatch: pytest.MonkeyPatch, alice_tenant: Tenant,
                                                fake_embedder: Any) -> None:
    from memories.recall.search import memory_search

    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/1", content="Prefers tea in the morning")], actor="test")
    cache.CACHE.clear()
    released: list[int] = []
    monkeypatch.setattr(cache, "release", lambda: released.append(1))
    with tenant_scope(alice_tenant):
        memory_search(query="tea", scopes=["user/1"], k=1, track_access=False)
    assert released


def test_a_batch_run_shrinks_onnxruntimes_arena_and_a_query_run_does_not() -> None:
    options: list[Any] = []

    class Session:
        def run(self, outputs: Any, feeds: dict[str, np.ndarray], run_options: Any = None) -> list[np.ndarray]:
            options.append(run_options)
            ids = feeds["input_ids"]
            return [np.ones((*ids.shape, 384), dtype=np.float32)]

    embedder = embeddings.OnnxEmbedder("all-MiniLM-L6-v2", embeddings.model_dir() / "none.onnx")
    tokenizer = embeddings.minilm_tokenizer()
    embedder._session, embedder._tokenizer = Session(), tokenizer
    embedder._run(["one query"])
    embedder._run(["a batch", "of two"])
    assert options[0] is None
    assert options[1].get_run_config_entry("memory.enable_memory_arena_shrinkage") == "cpu:0"


def test_a_web_process_does_not_import_the_anthropic_sdk() -> None:
    code = ("import os, sys; os.environ['DJANGO_SETTINGS_MODULE'] = 'server.settings'; import django; django.setup(); "
            "from server.runtime.serve import application; application(); "
            "from memories.extraction import pipeline; pipeline.get_extractor('rules'); "
            "print('anthropic' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert found.stdout.strip().splitlines()[-1] == "False"


def test_a_batchs_embedding_gives_its_pages_back_and_a_querys_does_not(monkeypatch: pytest.MonkeyPatch,
                                                                       fake_embedder: Any) -> None:
    released: list[int] = []
    monkeypatch.setattr(embeddings, "release", lambda: released.append(1))
    embeddings.embed_all(["one query"])
    assert not released
    embeddings.embed_all(["a batch", "of two"])
    assert released


def test_the_tagger_keeps_jiebas_tags_on_the_dictionarys_own_words() -> None:
    import jieba
    import jieba.posseg

    from memories.write.tagging import tagger

    table = tagger().word_tag_tab
    assert table == jieba.posseg.POSTokenizer(jieba.dt).word_tag_tab  # a fresh read of dict.txt: same tags
    dictionary_words = {id(word) for word in jieba.dt.FREQ}
    assert all(id(word) in dictionary_words for word in table)  # no second copy of any word
    assert len({id(tag) for tag in table.values()}) == len(set(table.values()))  # one object per tag
    assert [(p.word, p.flag) for p in tagger().cut("张伟在北京工作")] == [
        ("张伟", "nr"), ("在", "p"), ("北京", "ns"), ("工作", "vn")]


def test_one_tokenizer_feeds_the_model_and_counts_past_its_truncation() -> None:
    from tokenizers import Tokenizer

    from memories.recall.tokens import count_tokens, count_tokens_many

    shared = embeddings.minilm_tokenizer()
    assert shared.truncation["max_length"] == 256 and shared.padding is not None  # the model's input
    whole = Tokenizer.from_file(str(embeddings.model_dir() / "tokenizer.json"))
    whole.no_truncation()
    whole.no_padding()
    texts = ["short", "ice-cream 张伟 naïve ✓", " ".join(f"word{i} and more" for i in range(700)), ""]
    expected = [len(e.ids) for e in whole.encode_batch(texts, add_special_tokens=False)]
    assert expected[2] > 2 * 256
    assert count_tokens_many(texts) == expected
    assert [count_tokens(t) for t in texts] == expected
    assert embeddings.wordpiece_coverage(shared, texts, reads_cjk=False) == embeddings.wordpiece_coverage(
        whole, texts, reads_cjk=False)
