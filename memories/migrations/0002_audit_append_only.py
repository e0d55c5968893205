"""The audit log is append-only at the database level: UPDATE and DELETE raise, whoever asks."""

from django.db import migrations

SQL = """
CREATE OR REPLACE FUNCTION mnemara_audit_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'memories_auditevent is append-only (% refused)', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER memories_auditevent_append_only
    BEFORE UPDATE OR DELETE ON memories_auditevent
    FOR EACH ROW EXECUTE FUNCTION mnemara_audit_append_only();
"""

REVERSE = """
DROP TRIGGER IF EXISTS memories_auditevent_append_only ON memories_auditevent;
DROP FUNCTION IF EXISTS mnemara_audit_append_only();
"""


class Migration(migrations.Migration):
    dependencies = [("memories", "0001_initial")]
    operations = [migrations.RunSQL(SQL, REVERSE)]
