"""Keep a memory's tsvector in its row (STORAGE MAIN): a large scope's word list ranks thousands of matches by
it (ts_rank_cd), and out of line (where the default storage put it for ~96 % of rows, the row's vector being
1.5 KB) each match cost a TOAST index probe and a TOAST page besides its heap page: the word list took ~1.7×
as long at 100k (docs/scaling.md, "At 1M: the word list capped"). The content and search text move out of line
instead (read only for a search's few hundred candidates). Rows written before keep their layout until they are
rewritten (an update, or VACUUM FULL: ``manage.py run_maintenance --compact``)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('memories', '0035_mention_unique_by_tenant'),
    ]

    operations = [
        migrations.RunSQL(
            "ALTER TABLE memories_memory ALTER COLUMN search_vector SET STORAGE MAIN",
            reverse_sql="ALTER TABLE memories_memory ALTER COLUMN search_vector SET STORAGE EXTENDED",
        ),
    ]
