"""Raw SQL of tenancy. ``CROSS_TENANT`` names the statements that read across tenants on purpose and
says why; a test holds every ``*_SQL`` constant here to that rule."""

from __future__ import annotations

from datetime import datetime

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

# Count one sign-in attempt, atomically: a new window, a count in the current window, or a fresh window
# once the old one has expired. Each counted attempt below the limit pushes the end of the window out;
# attempts beyond it do not, so the lockout ends a window's length after the last attempt that was checked.
# (In DO UPDATE, t.* is the row before this statement.)
LOGIN_ATTEMPT_SQL = """
INSERT INTO tenants_loginthrottle AS t (key, attempts, expires_at) VALUES (%(key)s, 1, %(until)s)
ON CONFLICT (key) DO UPDATE SET
    attempts = CASE WHEN t.expires_at <= %(now)s THEN 1 ELSE t.attempts + 1 END,
    expires_at = CASE WHEN t.expires_at <= %(now)s OR t.attempts < %(limit)s THEN %(until)s ELSE t.expires_at END
RETURNING attempts, expires_at
"""

CROSS_TENANT = {
    "API_KEY_SQL": "authentication: the presented key is what tells the tenant (its secret is checked next)",
    "LOGIN_ATTEMPT_SQL": "sign-in comes before any tenant; the table holds no tenant data",
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


def login_attempt_count(*, key: str, now: datetime, until: datetime, limit: int) -> tuple[int, datetime]:
    """Count an attempt under ``key``: the attempts in its window so far (this one included), and its end."""
    with connection.cursor() as cursor:
        cursor.execute(LOGIN_ATTEMPT_SQL, {"key": key, "now": now, "until": until, "limit": limit})
        attempts, expires_at = cursor.fetchone()
    return attempts, expires_at
