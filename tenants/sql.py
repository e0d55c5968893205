"""Raw SQL of tenancy. ``CROSS_TENANT`` names the statements that read across tenants on purpose and
says why; a test holds every ``*_SQL`` constant here to that rule."""

from __future__ import annotations

from django.db import connection

from tenants.models import ApiKey, Tenant

_KEY_FIELDS = [f.attname for f in ApiKey._meta.concrete_fields]
_TENANT_FIELDS = [f.attname for f in Tenant._meta.concrete_fields]

# A live key by its prefix, with its tenant. Raw SQL because it runs on every API call and the ORM
# took three times longer to build the query than PostgreSQL to answer it.
API_KEY_SQL = (
    "SELECT " + ", ".join([f"k.{f.column}" for f in ApiKey._meta.concrete_fields]
                          + [f"t.{f.column}" for f in Tenant._meta.concrete_fields])
    + " FROM tenants_apikey k JOIN tenants_tenant t ON t.id = k.tenant_id"
    " WHERE k.prefix = %s AND k.revoked_at IS NULL"
)

CROSS_TENANT = {
    "API_KEY_SQL": "authentication: the presented key is what tells the tenant (its secret is checked next)",
}


def api_key_by_prefix(prefix: str) -> ApiKey | None:
    """The live key with this prefix and its tenant, or None (the caller compares the secret)."""
    with connection.cursor() as cursor:
        cursor.execute(API_KEY_SQL, [prefix])
        row = cursor.fetchone()
    if row is None:
        return None
    key = ApiKey.from_db(connection.alias, _KEY_FIELDS, row[: len(_KEY_FIELDS)])
    key.tenant = Tenant.from_db(connection.alias, _TENANT_FIELDS, row[len(_KEY_FIELDS) :])
    return key
