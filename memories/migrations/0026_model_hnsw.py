# Each secondary embedding model's vectors get a partial HNSW index (memories.recall.sql.model_hnsw_create):
# MemoryVector.embedding has no fixed dimensions, so the index is on the column cast to the model's, for that
# model's rows. Built here for the models configured at migrate time; `manage.py reembed` builds the index of
# a model added later (CONCURRENTLY). Recall uses it for scopes above HNSW_MIN_SCOPE_ROWS (docs/scaling.md).
from typing import Any

from django.db import migrations


def forward(apps: Any, schema_editor: Any) -> None:
    from memories.embeddings import secondary_embedders
    from memories.recall.sql import model_hnsw_create

    for embedder in secondary_embedders():
        schema_editor.execute(model_hnsw_create(embedder.name, embedder.dimensions))


def reverse(apps: Any, schema_editor: Any) -> None:
    from memories.embeddings import secondary_embedders
    from memories.recall.sql import model_hnsw_name

    for embedder in secondary_embedders():
        schema_editor.execute(f"DROP INDEX IF EXISTS {model_hnsw_name(embedder.name)}")


class Migration(migrations.Migration):
    dependencies = [("memories", "0025_review_reasons_union")]
    operations = [migrations.RunPython(forward, reverse)]
