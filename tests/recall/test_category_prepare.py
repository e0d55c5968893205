"""The names of a scope embedded ahead when its index loads (memories/recall/category.py, ``prepare``): the same
vectors, bit for bit, as a category question's own run of the model would give them, so no answer changes."""

from __future__ import annotations

import numpy as np
import pytest

from memories.embeddings import embedders
from memories.models import Memory, Scope
from memories.recall import category
from memories.recall.index.cache import CACHE, LOADED, REMOVED
from tenants.scoping import tenant_scope
from tests.recall.conftest import save
from tests.recall.conftest import search as api_search


def test_prepare_runs_when_an_index_loads_and_removals_forget() -> None:
    assert category.prepare in LOADED
    assert category.forget in REMOVED


@pytest.mark.django_db
def test_a_scopes_names_are_embedded_ahead_as_a_question_would_embed_them(alice) -> None:
    save(alice, {"content": "Maya: We spent a week in Lisbon and then took the train to Porto.", "type": "fact"},
         {"content": "Tom: my brother plays Catan every friday, I prefer Scrabble", "type": "fact"},
         {"content": "Maya: Did you see the game? Honestly the Knicks were awful.", "type": "fact"})
    with tenant_scope(alice.tenant):
        scope = Scope.objects.get(path="user/1")
    embedder = embedders()[0]
    category._VECTORS.clear()
    category._prepare(scope.pk, scope.tenant_id, embedder)  # the process's threads are not running: at once
    held = {word for name, word in category._VECTORS if name == embedder.name}
    # Capitalised inside a sentence: names. First words, speaker labels and short words are not.
    assert {"lisbon", "porto", "scrabble", "knicks"} <= held
    assert not held & {"maya", "tom", "we", "did", "honestly", "my"}
    ahead = {word: category._VECTORS[(embedder.name, word)] for word in ("lisbon", "scrabble")}
    category._VECTORS.clear()
    asked = category._unit_vectors(embedder, ["cities", "board games", "scrabble", "lisbon"])
    assert np.array_equal(asked[2], ahead["scrabble"]) and np.array_equal(asked[3], ahead["lisbon"])


@pytest.mark.django_db(transaction=True)  # the shared cache holds only committed scopes
def test_a_deletion_the_sweep_finds_forgets_the_names(alice) -> None:
    """An erasure: the names kept in the process go with the memories (the sweep, or the scope's reload)."""
    CACHE.clear()
    save(alice, {"content": "Maya: We spent a week in Lisbon.", "type": "fact"})
    api_search(alice, query="Where did Maya go?")  # the scope's index is loaded
    category._VECTORS[("model", "lisbon")] = np.zeros(3, dtype=np.float32)
    assert CACHE.sweep() == 0 and ("model", "lisbon") in category._VECTORS
    with tenant_scope(alice.tenant):
        Memory.objects.filter(content__contains="Lisbon").delete()
    assert CACHE.sweep() == 1
    assert ("model", "lisbon") not in category._VECTORS
