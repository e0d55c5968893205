"""What a distributed PostgreSQL sharded by tenant (Citus, for example) would need from the schema, as a check.

A distributed table's primary key and unique constraints must include its distribution column, and a table
that holds tenant data must carry that column to live on the tenant's shard. This test lists every
table of tenant data that falls short, against the gaps known today (docs/scaling.md, "Beyond one
PostgreSQL"): a new gap fails the test, so the list only shrinks. Cross-tenant tables (the tenant list, logins,
the worker's heartbeats, the task queue) would be Citus reference or local tables and are not checked.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection, models

from tenants.owned import TenantOwned

# table → what misses the tenant today. Every primary key is the row's own id alone (UUIDs and bigints,
# unique across tenants by construction, but Citus needs the distribution column in it: (tenant_id, id)),
# some unique constraints name a row's parent without its tenant, and two tables of per-memory bookkeeping
# have no tenant column. Shrink this list; never grow it without a reason here and in docs/scaling.md.
KNOWN_GAPS: dict[str, set[str]] = {
    "memories_auditevent": {"primary key"},
    "memories_exportrun": {"primary key"},
    "memories_extractionusage": {"primary key"},
    "memories_feedback": {"primary key"},
    "memories_historyimport": {"primary key"},
    "memories_importedmemory": {"primary key"},
    "memories_job": {"primary key"},
    "memories_keysearchday": {"primary key"},
    "memories_memory": {"primary key"},
    "memories_memoryaccess": {"no tenant column"},
    "memories_memorymention": {"primary key"},
    "memories_memorysubject": {"primary key", "unique memorysubject_unique"},
    "memories_memoryvector": {"primary key", "unique memoryvector_unique"},
    "memories_memoryversion": {"primary key", "unique memoryversion_unique"},
    "memories_reviewbulk": {"primary key"},
    "memories_reviewitem": {"primary key"},
    "memories_scope": {"primary key"},
    "memories_searchremoval": {"no tenant column"},
    "memories_session": {"primary key"},
    "memories_sessionturn": {"primary key", "unique sessionturn_unique_seq"},
    "tenants_apikey": {"primary key", "unique tenants_apikey_prefix_key"},
    "tenants_idempotencyrecord": {"primary key"},
    "tenants_invitation": {"primary key", "unique tenants_invitation_token_hash_key"},
    "tenants_membership": {"primary key"},
    "tenants_savedfilter": {"primary key"},  # like every table: its own id (its unique name includes the tenant)
    "tenants_subject": {"primary key"},
    "webhooks_webhookdelivery": {"primary key"},
    "webhooks_webhookendpoint": {"primary key"},
}
# Tables that are not tenant data (shared by every tenant, or the framework's own).
NOT_TENANT_DATA = {"tenants_tenant", "tenants_loginthrottle", "memories_workerheartbeat", "memories_scheduledrun"}
# Tables of tenant data that name their tenant's rows by a plain id, not a foreign key.
BY_PLAIN_ID = {"memories_searchremoval"}  # scope_id: a removal stamp of a tenant's scope


def tenant_tables() -> dict[str, bool]:
    """Every table of the project's apps that holds tenant data → whether it has a ``tenant_id`` column. A model
    is tenant data when it is ``TenantOwned`` or points (by a required foreign key) at a model that is."""
    found: dict[str, bool] = {}
    for model in apps.get_models():
        if model._meta.app_label not in {"tenants", "memories", "webhooks"} or not model._meta.managed:
            continue
        table = model._meta.db_table
        if table in NOT_TENANT_DATA:
            continue
        owned = issubclass(model, TenantOwned)
        refers = any(isinstance(f, models.ForeignKey) and issubclass(f.related_model, TenantOwned)
                     for f in model._meta.concrete_fields)
        if owned or refers or table in BY_PLAIN_ID:
            found[table] = any(f.column == "tenant_id" for f in model._meta.concrete_fields)
    return found


def keys_without_tenant() -> dict[str, set[str]]:
    """table → the primary key and unique indexes that do not include ``tenant_id``."""
    with connection.cursor() as cursor:
        cursor.execute("""
            SELECT t.relname, i.relname, ix.indisprimary,
                   bool_or(a.attname = 'tenant_id') AS has_tenant
            FROM pg_index ix
            JOIN pg_class t ON t.oid = ix.indrelid
            JOIN pg_class i ON i.oid = ix.indexrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
            LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(ix.indkey)
            WHERE ix.indisunique
            GROUP BY t.relname, i.relname, ix.indisprimary""")
        rows = cursor.fetchall()
    gaps: dict[str, set[str]] = {}
    for table, index, primary, has_tenant in rows:
        if not has_tenant:
            gaps.setdefault(table, set()).add("primary key" if primary else f"unique {index}")
    return gaps


@pytest.mark.django_db
def test_every_gap_for_sharding_by_tenant_is_known() -> None:
    tables = tenant_tables()
    assert tables.get("memories_memory")
    keys = keys_without_tenant()
    gaps = {table: ({"no tenant column"} if not has_column else keys.get(table, set()))
            for table, has_column in tables.items()}
    gaps = {table: reasons for table, reasons in gaps.items() if reasons}
    new = {t: r - KNOWN_GAPS.get(t, set()) for t, r in gaps.items() if r - KNOWN_GAPS.get(t, set())}
    closed = {t: r - gaps.get(t, set()) for t, r in KNOWN_GAPS.items() if r - gaps.get(t, set())}
    assert not new, f"tables of tenant data whose keys would not shard by tenant (add the tenant, or list why): {new}"
    assert not closed, f"gaps closed since: remove them from KNOWN_GAPS and docs/scaling.md: {closed}"
