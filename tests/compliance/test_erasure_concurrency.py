"""Erasure outside a test transaction: VACUUM really runs, bytes leave the data files, and a job that
is writing while the erasure starts is waited for and then erased (real concurrent connections)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from django.db import connection, connections

from memories.compliance.subjects import subject_erase
from memories.compliance.vacuum import erasure_tables, vacuum_tables
from memories.models import Job, Memory
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Subject
from tenants.scoping import tenant_scope
from tests.compliance.conftest import canary_hits, write_person

pytestmark = pytest.mark.django_db(transaction=True)

CANARY = "physicalcanary9b1e"


def _data_files(extra: tuple[str, ...] = ()) -> list[Path]:
    """The files of the erasure tables (and ``extra`` ones), their indexes (HNSW, GIN, btree) and TOAST, when
    readable here."""
    with connection.cursor() as cursor:
        cursor.execute("CHECKPOINT")
        cursor.execute("SHOW data_directory")
        datadir = Path(cursor.fetchone()[0])
        cursor.execute("""
            SELECT pg_relation_filepath(c.oid) FROM pg_class c WHERE c.relname = ANY(%s)
            UNION SELECT pg_relation_filepath(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
                  WHERE c.relname = ANY(%s)
            UNION SELECT pg_relation_filepath(c.reltoastrelid) FROM pg_class c
                  WHERE c.relname = ANY(%s) AND c.reltoastrelid <> 0
        """, [[*erasure_tables(), *extra]] * 3)
        relative = [r[0] for r in cursor.fetchall() if r[0]]
    if not datadir.is_dir():
        pytest.skip("the database server's files are not on this machine")
    return [f for rel in relative for f in datadir.parent.glob(f"{datadir.name}/{rel}*") if f.is_file()]


def _bytes_hits(files: list[Path], marker: str) -> int:
    needle = marker.encode()
    return sum(f.read_bytes().lower().count(needle) for f in files)


def test_it_vacuums_and_leaves_no_bytes_in_tables_or_indexes(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        write_person("456", "keepme")
        assert _bytes_hits(_data_files(), CANARY) > 0  # the marker is on disk before

        receipt = subject_erase(external_id="123", actor="test")

    assert receipt["vacuum"] == "done"
    assert canary_hits(CANARY) == {}
    vacuum_tables(full=True)  # the compaction step (run_maintenance --compact or MNEMARA_ERASURE_VACUUM_FULL)
    files = _data_files()
    assert _bytes_hits(files, CANARY) == 0
    assert _bytes_hits(files, "keepme") > 0  # the scan reads real data: the other person is still there


def test_a_requests_erasure_leaves_the_vacuum_to_the_worker(alice, fake_embedder) -> None:
    """REST and the dashboard answer once the rows are gone; the VACUUM (a pass over the HNSW graphs,
    minutes on a large table) is a durable task the worker runs, and it does what the inline one did."""
    from django_tasks_db.models import DBTaskResult

    from tests.extraction.conftest import run_jobs

    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
    response = alice.client.delete("/api/v1/subjects/123")  # no Idempotency-Key: no transaction around it

    assert response.status_code == 200, response.content
    assert response.json()["vacuum"] == "scheduled"
    queued = DBTaskResult.objects.filter(task_path="memories.compliance.vacuum.vacuum_erasure_tables")
    assert [row.status for row in queued] == ["READY"]
    assert canary_hits(CANARY) == {}  # the rows went with the answer
    assert run_jobs() == 1
    assert [row.status for row in queued.all()] == ["SUCCESSFUL"]


def test_it_waits_for_a_job_writing_now_and_then_erases_what_it_wrote(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        subject = Subject.objects.create(external_id="123")
        job = Job.objects.create(kind="extract", status="running", subject=subject)
    in_transaction, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def job_writes() -> None:
        def hold(results):  # inside memory_create's transaction: the Job row is locked
            in_transaction.set()
            assert release.wait(30)

        try:
            with tenant_scope(alice.tenant):
                memory_create(actor="job", job_id=job.pk, after_write=hold, items=[
                    MemoryInput(scope="user/123", subject="123", content=f"{CANARY} written by the job")])
        except BaseException as exc:  # noqa: BLE001  (reported to the main thread)
            errors.append(exc)
        finally:
            connections.close_all()

    receipts: list[dict] = []

    def erase() -> None:
        try:
            with tenant_scope(alice.tenant):
                receipts.append(subject_erase(external_id="123", actor="test"))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connections.close_all()

    writer = threading.Thread(target=job_writes)
    writer.start()
    assert in_transaction.wait(30)
    eraser = threading.Thread(target=erase)
    eraser.start()
    _wait_for_a_lock_wait()  # the erasure is blocked on the job's row lock, not done before the job
    release.set()
    writer.join(30)
    eraser.join(30)

    assert errors == []
    assert receipts[0]["counts"]["memories"] == 1 and receipts[0]["counts"]["jobs_cancelled"] == 1
    with tenant_scope(alice.tenant):
        assert not Memory.objects.exists()
        assert Job.objects.get(pk=job.pk).status == "cancelled"
    assert canary_hits(CANARY) == {}


def _wait_for_a_lock_wait() -> None:
    import time

    for _ in range(300):
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND wait_event_type = 'Lock'")
            if cursor.fetchone()[0]:
                return
        time.sleep(0.05)
    raise AssertionError("the erasure never waited for the job's lock")


def test_compaction_leaves_no_bytes_of_a_remembered_answer(alice, fake_embedder) -> None:
    """An Idempotency-Key's remembered answer showed the person's memory: the erasure scrubs it (410), and
    --compact rewrites its table too, so the old answer's bytes leave the files (the audit found 11 there)."""
    marker, chosen = "idemcanary7c2d", "clientwords4b9e"  # the content; the client's own words for its request
    created = alice.client.post("/api/v1/memories", {"scope": "user/123", "subject": "123", "content": marker},
                                format="json", HTTP_IDEMPOTENCY_KEY=f"idem-{chosen}-1",
                                HTTP_X_REQUEST_ID=f"req-{chosen}-1")
    assert created.status_code == 201
    answers = ("tenants_idempotencyrecord", "memories_auditevent")  # scanned whatever erasure_tables() says
    assert _bytes_hits(_data_files(answers), marker) > 0
    assert _bytes_hits(_data_files(answers), chosen) == 0  # the key as an HMAC, a free-text request id replaced
    assert alice.client.delete("/api/v1/subjects/123").status_code == 200
    vacuum_tables(full=True)
    assert _bytes_hits(_data_files(answers), marker) == 0
    assert _bytes_hits(_data_files(answers), chosen) == 0


def test_compaction_waits_for_a_transaction_that_could_still_see_the_erased_rows(alice, fake_embedder) -> None:
    """A transaction open since before the erasure may still read the erased rows, so VACUUM FULL copies
    them into the new files. The compaction waits for it, then leaves no byte; one that will not end
    is reported (older_snapshots_wait returns its pid) instead of hanging the maintenance run. Other
    transactions of the cluster (another test worker's) may be listed beside it."""
    from memories.compliance.vacuum import older_snapshots_wait

    marker = "snapshotcanary4c2d"
    with tenant_scope(alice.tenant):
        write_person("789", marker)
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    holder = wrapper.connection  # psycopg's own: the timer thread may end its transaction
    try:  # REPEATABLE READ: its snapshot is taken by the first statement and kept; SELECT 1 locks no table
        holder.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        holder.execute("SELECT 1")
        with tenant_scope(alice.tenant):
            subject_erase(external_id="789", actor="test")
        assert holder.info.backend_pid in older_snapshots_wait(timeout=0.5)
        timer = threading.Timer(1.0, holder.execute, ["ROLLBACK"])
        timer.start()
        vacuum_tables(full=True)
        timer.join()
    finally:
        wrapper.close()
    assert _bytes_hits(_data_files(), marker) == 0


def test_compaction_waits_for_a_writing_transaction_of_another_database(alice, fake_embedder) -> None:
    """VACUUM FULL's own snapshot holds back every transaction id running in the cluster: a write transaction
    of another database, open since before the erasure, keeps the erased rows "recently dead" to it and so
    copied into the new files. The compaction waits for it as for one of its own database."""
    import psycopg

    from memories.compliance.vacuum import older_snapshots_wait

    marker = "otherdbcanary7e1f"
    with tenant_scope(alice.tenant):
        write_person("790", marker)
    params = {**connections["default"].get_connection_params(), "dbname": "postgres"}
    params.pop("cursor_factory", None)
    params.pop("context", None)
    holder = psycopg.connect(**params)
    try:
        holder.execute("BEGIN")
        holder.execute("SELECT txid_current()")  # a transaction id, as any write has
        with tenant_scope(alice.tenant):
            subject_erase(external_id="790", actor="test")
        assert holder.info.backend_pid in older_snapshots_wait(timeout=0.5)
        timer = threading.Timer(1.0, holder.execute, ["ROLLBACK"])
        timer.start()
        vacuum_tables(full=True)
        timer.join()
    finally:
        holder.close()
    assert _bytes_hits(_data_files(), marker) == 0
