# Recall: an HNSW index on the embeddings (used only for scopes above settings.HNSW_MIN_SCOPE_ROWS),
# vectors kept inline (exact scans then read one heap tuple per row instead of a TOAST fetch), and
# free space on each page so the access-count UPDATEs of search can be HOT (no index, HNSW included,
# is touched when the row stays on its page).
import pgvector.django.indexes
from django.db import migrations

STORAGE = """
ALTER TABLE memories_memory ALTER COLUMN embedding SET STORAGE MAIN;
ALTER TABLE memories_memory SET (fillfactor = 85);
"""
STORAGE_REVERSE = """
ALTER TABLE memories_memory ALTER COLUMN embedding SET STORAGE EXTERNAL;
ALTER TABLE memories_memory RESET (fillfactor);
"""


class Migration(migrations.Migration):
    dependencies = [("memories", "0002_audit_append_only")]
    operations = [
        migrations.AddIndex(
            model_name="memory",
            index=pgvector.django.indexes.HnswIndex(
                ef_construction=64, fields=["embedding"], m=16, name="memory_embedding_hnsw",
                opclasses=["vector_cosine_ops"],
            ),
        ),
        migrations.RunSQL(STORAGE, STORAGE_REVERSE),
    ]
