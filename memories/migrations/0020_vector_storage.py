# The secondary models' vectors (MemoryVector) kept inline, as the primary's are on the memory row (0003).
# A 512-dimension vector is 2,052 bytes, so a MemoryVector row crossed PostgreSQL's 2 KB TOAST threshold
# and every vector went to the TOAST table: each write inserted two TOAST chunks and their index entries,
# and each read (the write flow's near-duplicate check, search-index loads) fetched them back.
# toast_tuple_target = 8160 leaves any row that fits a page alone; MAIN keeps a bigger vector inline
# whenever possible. The UPDATE rewrites the rows stored before, so they move inline too.
# And two fewer indexes to maintain per vector: the single-column ones on memory and tenant, which the
# unique (memory, model) and the (tenant, model) indexes already lead with.
import django.db.models.deletion
from django.db import migrations, models

FORWARD = """
ALTER TABLE memories_memoryvector ALTER COLUMN embedding SET STORAGE MAIN;
ALTER TABLE memories_memoryvector SET (toast_tuple_target = 8160);
UPDATE memories_memoryvector SET embedding = embedding::real[]::vector;
"""
REVERSE = """
ALTER TABLE memories_memoryvector ALTER COLUMN embedding SET STORAGE EXTENDED;
ALTER TABLE memories_memoryvector RESET (toast_tuple_target);
"""


class Migration(migrations.Migration):
    dependencies = [("memories", "0019_version_reasons_keyed_and_imported"), ("tenants", "0007_idempotency")]
    operations = [
        migrations.AlterField(
            model_name="memoryvector", name="memory",
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                    related_name="vectors", to="memories.memory"),
        ),
        migrations.AlterField(
            model_name="memoryvector", name="tenant",
            field=models.ForeignKey(db_index=False, editable=False, on_delete=django.db.models.deletion.CASCADE,
                                    related_name="+", to="tenants.tenant"),
        ),
        migrations.RunSQL(FORWARD, REVERSE),
    ]
