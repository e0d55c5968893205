"""Compliance: export runs remember which subjects they hold; expiry index; the audit log refuses TRUNCATE.

TRUNCATE does not fire row triggers, so 0002's guard alone lets ``TRUNCATE memories_auditevent``
through. A statement trigger refuses it unless the database itself carries
``ALTER DATABASE ... SET mnemara.allow_truncate = on`` (owner or superuser only). Production never
sets it; the test suite sets it on its own test database only, because Django's
TransactionTestCase empties every table with TRUNCATE between tests.
"""

import django.contrib.postgres.fields
from django.db import migrations, models

SQL = """
CREATE OR REPLACE FUNCTION mnemara_audit_no_truncate() RETURNS trigger AS $$
BEGIN
    -- Only a database-level setting counts (ALTER DATABASE needs the owner or a superuser); a session
    -- could set a custom variable for itself, so current_setting() would be no guard.
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_db_role_setting s JOIN pg_catalog.pg_database d ON d.oid = s.setdatabase
               WHERE d.datname = current_database() AND s.setrole = 0
                 AND 'mnemara.allow_truncate=on' = ANY (s.setconfig)) THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'memories_auditevent is append-only (TRUNCATE refused)'
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER memories_auditevent_no_truncate
    BEFORE TRUNCATE ON memories_auditevent
    FOR EACH STATEMENT EXECUTE FUNCTION mnemara_audit_no_truncate();
"""

REVERSE = """
DROP TRIGGER IF EXISTS memories_auditevent_no_truncate ON memories_auditevent;
DROP FUNCTION IF EXISTS mnemara_audit_no_truncate();
"""


class Migration(migrations.Migration):
    dependencies = [("memories", "0004_extraction")]
    operations = [
        migrations.AddField(
            model_name="exportrun",
            name="size_bytes",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="exportrun",
            name="subject_ids",
            field=django.contrib.postgres.fields.ArrayField(base_field=models.UUIDField(), blank=True, default=list,
                                                            size=None),
        ),
        migrations.AddIndex(
            model_name="memory",
            index=models.Index(condition=models.Q(("expires_at__isnull", False)), fields=["tenant", "expires_at"],
                               name="memory_tenant_expires"),
        ),
        migrations.AddConstraint(
            model_name="exportrun",
            constraint=models.UniqueConstraint(fields=("tenant", "window_start", "window_end"),
                                               name="exportrun_unique_window"),
        ),
        migrations.RunSQL(SQL, REVERSE),
    ]
