# The conversation's shape in recall (docs/recall.md, "Levers"):
# * search_text_version: which rules built search_text (1 plain words, the rows stored so far; 2 with English
#   stems). `manage.py reindex_text` rebuilds the rows of other versions, resumably.
# * The search-index trigger also stamps a memory when its source_session or subject changes: the in-process
#   indexes hold both (neighbour propagation, the named-subject boost).
# * An index for the memories just before and after one in its session (the SQL path's neighbours).
from django.db import migrations, models

import memories.models

STAMP_FUNCTION = """
CREATE OR REPLACE FUNCTION memories_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW.scope_id IS DISTINCT FROM OLD.scope_id THEN
            INSERT INTO memories_searchremoval (scope_id, seq, created_at)
                VALUES (OLD.scope_id, nextval('memories_search_seq'), now());
        ELSIF NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.type IS NOT DISTINCT FROM OLD.type
              AND NEW.confidence IS NOT DISTINCT FROM OLD.confidence
              AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text
              AND NEW.valid_from IS NOT DISTINCT FROM OLD.valid_from
              AND NEW.valid_to IS NOT DISTINCT FROM OLD.valid_to
              AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at
              AND NEW.embedding IS NOT DISTINCT FROM OLD.embedding
              AND NEW.embedding_model IS NOT DISTINCT FROM OLD.embedding_model
              AND NEW.embedding_coverage IS NOT DISTINCT FROM OLD.embedding_coverage
              AND NEW.source_session IS NOT DISTINCT FROM OLD.source_session
              AND NEW.subject_id IS NOT DISTINCT FROM OLD.subject_id
              AND NEW.search_seq IS DISTINCT FROM -1 THEN
            NEW.search_seq := OLD.search_seq;
            RETURN NEW;
        END IF;
    END IF;
    PERFORM 1 FROM memories_scope WHERE id = NEW.scope_id FOR UPDATE;
    UPDATE memories_scope SET search_seq = nextval('memories_search_seq') WHERE id = NEW.scope_id
        RETURNING search_seq INTO NEW.search_seq;
    RETURN NEW;
END $$;
"""

STAMP_FUNCTION_0014 = """
CREATE OR REPLACE FUNCTION memories_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW.scope_id IS DISTINCT FROM OLD.scope_id THEN
            INSERT INTO memories_searchremoval (scope_id, seq, created_at)
                VALUES (OLD.scope_id, nextval('memories_search_seq'), now());
        ELSIF NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.type IS NOT DISTINCT FROM OLD.type
              AND NEW.confidence IS NOT DISTINCT FROM OLD.confidence
              AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text
              AND NEW.valid_from IS NOT DISTINCT FROM OLD.valid_from
              AND NEW.valid_to IS NOT DISTINCT FROM OLD.valid_to
              AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at
              AND NEW.embedding IS NOT DISTINCT FROM OLD.embedding
              AND NEW.embedding_model IS NOT DISTINCT FROM OLD.embedding_model
              AND NEW.embedding_coverage IS NOT DISTINCT FROM OLD.embedding_coverage
              AND NEW.search_seq IS DISTINCT FROM -1 THEN
            NEW.search_seq := OLD.search_seq;
            RETURN NEW;
        END IF;
    END IF;
    PERFORM 1 FROM memories_scope WHERE id = NEW.scope_id FOR UPDATE;
    UPDATE memories_scope SET search_seq = nextval('memories_search_seq') WHERE id = NEW.scope_id
        RETURNING search_seq INTO NEW.search_seq;
    RETURN NEW;
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("memories", "0020_vector_storage")]

    operations = [
        migrations.AddField(model_name="memory", name="search_text_version",
                            field=models.SmallIntegerField(default=1), preserve_default=False),
        migrations.AlterField(model_name="memory", name="search_text_version",
                              field=models.SmallIntegerField(default=memories.models.text_rules_version)),
        migrations.AddIndex(model_name="memory", index=models.Index(
            fields=["scope", "source_session", "valid_from", "created_at", "id"], name="memory_scope_session_order",
            condition=~models.Q(source_session=""))),
        migrations.RunSQL(STAMP_FUNCTION, STAMP_FUNCTION_0014),
    ]
