"""The database round trips of one search (docs/scaling.md, "A small-scope search, stage by stage"): on a
loaded machine each statement costs milliseconds of waiting, so the hits' subjects come with their rows; in SQL
the named-subject lever asks twice at most (which people the question names, then which candidates mention
them, leaving out turns that only greet them), and a scope in the in-process index needs three statements in
all. What the search answers is unchanged (tests/recall/test_levers.py pins the lever's effect)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.recall.conftest import save
from tests.recall.conftest import search as api_search

TURNS = [
    ("Caroline", "I went to an LGBTQ support group yesterday and it was powerful."),
    ("Melanie", "That sounds wonderful, Caroline. I painted a lake at sunrise last week."),
    ("Caroline", "Melanie, your paintings always calm me down."),
    ("Melanie", "My kids started swimming lessons on Tuesday."),
    ("Caroline", "I am researching adoption agencies for my future family."),
]


def statements(captured: CaptureQueriesContext, table: str) -> list[str]:
    return [q["sql"] for q in captured.captured_queries if f'FROM "{table}"' in q["sql"] or f"FROM {table}" in q["sql"]]


@pytest.mark.django_db
@pytest.mark.parametrize("index", [True, False])
def test_a_search_naming_a_person_asks_for_mentions_twice_and_loads_subjects_with_the_rows(alice, settings,
                                                                                         index: bool) -> None:
    settings.SEARCH_INDEX_ENABLED = index
    save(alice, *[{"content": f"{who}: {said}", "type": "fact", "subject": who, "source_session": "s1"}
                  for who, said in TURNS])
    api_search(alice, query="What did Caroline research?")  # warm: the scope's index, the query's vector
    with CaptureQueriesContext(connection) as captured:
        found: Any = api_search(alice, query="What did Caroline research?", k=5, floor=False)
    assert len(found["results"]) == 5
    by_content = {hit["memory"]["content"]: hit["memory"]["subject"] for hit in found["results"]}
    assert by_content == {f"{who}: {said}": who for who, said in TURNS}  # every hit still names its subject
    assert len(statements(captured, "memories_memorymention")) <= 2, captured.captured_queries
    by_id = [q for q in statements(captured, "tenants_subject") if '"tenants_subject"."id" IN' in q]
    assert by_id == [], captured.captured_queries  # the hits' subjects: joined into the rows' query


@pytest.mark.django_db
def test_hit_rows_read_without_the_orm_are_whole_memories(alice) -> None:
    """``sql.memories_load`` builds the hits with ``Model.from_db`` from a plain cursor: metadata decoded,
    subject and subject names attached, the deferred vector loaded when asked for."""
    from memories.models import Memory
    from memories.recall import sql
    from tenants.scoping import tenant_scope

    save(alice, *[{"content": f"{who}: {said}", "type": "fact", "subject": who, "source_session": "s1",
                   "metadata": {"turn": n}} for n, (who, said) in enumerate(TURNS)])
    found: Any = api_search(alice, query="What did Caroline research?", k=5, floor=False)
    by_content = {hit["memory"]["content"]: hit["memory"] for hit in found["results"]}
    assert {m["metadata"]["turn"] for m in by_content.values()} == set(range(len(TURNS)))
    assert {m["subject"] for m in by_content.values()} == {"Caroline", "Melanie"}
    with tenant_scope(alice.tenant):
        orm = {m.pk: m for m in Memory.objects.select_related("subject")}
        loaded = sql.memories_load(list(orm))
        assert loaded.keys() == orm.keys()
        for pk, memory in loaded.items():
            for field in Memory._meta.concrete_fields:
                if field.name not in ("embedding", "search_vector"):
                    assert getattr(memory, field.attname) == getattr(orm[pk], field.attname), field.name
            assert "embedding" in memory.get_deferred_fields()
            assert memory.embedding is not None and orm[pk].embedding is not None
            assert list(memory.embedding) == list(orm[pk].embedding)  # loaded when asked for
            assert memory.subject is not None and orm[pk].subject is not None
            assert memory.subject.external_id == orm[pk].subject.external_id  # type: ignore[union-attr]
            assert memory.subject_names_known() == [orm[pk].subject.external_id]  # type: ignore[union-attr]


@pytest.mark.django_db(transaction=True)  # committed: the shared index serves it (in a transaction, a private one)
def test_a_search_of_a_scope_in_the_index_reads_the_key_the_scope_and_the_hits_only(alice, settings) -> None:
    """A search served by the in-process index makes three statements: the API key (checked on every request),
    the scope with its index stamps, the hits' rows. The review window, the people the question names and
    the candidates mentioning them come from the index (their answers: tests/recall/test_unreviewed.py,
    tests/recall/test_levers.py)."""
    settings.SEARCH_INDEX_ENABLED = True
    settings.RECALL_UNREVIEWED_DAYS = 7.0
    save(alice, *[{"content": f"{who}: {said}", "type": "fact", "subject": who, "source_session": "s1"}
                  for who, said in TURNS],
         {"content": "Joanna: Nate is training for a marathon.", "type": "fact", "subject": "Joanna"})
    for _ in range(2):  # warm: the scope's index (with what the write did after its answer), the key's last use
        api_search(alice, query="What did Caroline research?")
    for query in ("What did Caroline research about Nate?", "What did Caroline research?"):
        with CaptureQueriesContext(connection) as captured:
            found: Any = api_search(alice, query=query, k=5, floor=False)
        assert len(found["results"]) == 5
        # Access and search counts are flushed by a periodic job; with no threads running (tests) at once.
        flushes = ("SAVEPOINT", "synchronous_commit", "INSERT INTO memories_memoryaccess",
                   "INSERT INTO memories_keysearchday")
        asked = [q["sql"] for q in captured.captured_queries if not any(f in q["sql"] for f in flushes)]
        tables = [next((t for t in ("tenants_apikey", "memories_scope", "memories_memory") if t in q), q)
                  for q in asked]
        assert tables == ["tenants_apikey", "memories_scope", "memories_memory"], "\n".join(q[:150] for q in asked)


@pytest.mark.django_db(transaction=True)  # committed: the shared index serves it (in a transaction, a private one)
@pytest.mark.parametrize("index", [True, False])
def test_the_people_a_question_names_follow_mentions_rewritten_without_a_content_change(alice, settings,
                                                                                        index: bool) -> None:
    """The in-process index holds each memory's mentions: mentions read again with no change to what the
    search stamp watches (the people backfill, ``mentions_save`` replacing them) reach the next search."""
    from memories.models import Memory, MemoryMention
    from memories.recall.search import search_result
    from memories.write.mentions import mentions_save
    from tenants.scoping import tenant_scope

    settings.SEARCH_INDEX_ENABLED = index
    [nate] = save(alice, {"content": "Joanna: Nate is training for a marathon.", "type": "fact",
                          "subject": "Joanna"})
    with tenant_scope(alice.tenant):
        assert search_result(query="How is Nate's training going?", scopes=["user/1"]).people == ["nate"]
        rows = list(MemoryMention.objects.filter(memory_id=nate["id"]))
        with transaction.atomic():
            mentions_save([], replacing=[nate["id"]])  # as a backfill whose rules no longer see Nate there
        assert search_result(query="How is Nate's training going?", scopes=["user/1"]).people == []
        for row in rows:
            row.pk = None
        with transaction.atomic():
            mentions_save(rows, replacing=[nate["id"]])
        assert search_result(query="How is Nate's training going?", scopes=["user/1"]).people == ["nate"]
        assert Memory.objects.filter(pk=nate["id"]).count() == 1


@pytest.mark.django_db
def test_rows_built_without_model_init_are_what_from_db_builds(alice) -> None:
    """``sql.loaded`` builds a row's model without ``Model.__init__``: the same attributes, deferred fields and
    state as ``Model.from_db``; with a receiver of ``post_init`` for the model, through ``from_db`` itself."""
    from django.db.models import signals

    from memories.models import Memory
    from memories.recall import sql
    from tenants.scoping import tenant_scope

    save(alice, {"content": "Caroline: I moved to Lisbon.", "type": "fact", "subject": "Caroline",
                 "metadata": {"turn": 1}})
    names = [f.attname for f in Memory._meta.concrete_fields if f.name not in ("embedding", "search_vector")]
    with tenant_scope(alice.tenant):
        values = list(Memory.objects.values_list(*names).get())
    made, built = sql.loaded(Memory, "default", names, values), Memory.from_db("default", names, values)
    assert {k: v for k, v in vars(made).items() if k != "_state"} == {k: v for k, v in vars(built).items()
                                                                     if k != "_state"}
    assert made.get_deferred_fields() == built.get_deferred_fields() == {"embedding", "search_vector"}
    assert (made._state.adding, made._state.db) == (built._state.adding, built._state.db) == (False, "default")
    assert made.pk == built.pk and made == built
    seen: list[object] = []

    def receiver(sender, instance, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(instance)

    signals.post_init.connect(receiver, sender=Memory)
    try:
        heard = sql.loaded(Memory, "default", names, values)
    finally:
        signals.post_init.disconnect(receiver, sender=Memory)
    assert seen == [heard]
