# Recall: an HNSW index on the embeddings, used only for scopes above settings.HNSW_MIN_SCOPE_ROWS.
import pgvector.django.indexes
from django.db import migrations


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
    ]
