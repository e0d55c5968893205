# The search-index trigger also stamps a memory when its superseded_by changes: the in-process indexes hold whether
# a newer memory replaced it (the successor route runs only in scopes holding such a retired memory:
# memories/recall/successors.py), and a memory retired earlier may be given a successor later with its status
# unchanged: without the stamp, an index would keep saying no successor exists.
import importlib

from django.db import migrations

STAMP_FUNCTION_0021 = importlib.import_module("memories.migrations.0021_conversation_shape").STAMP_FUNCTION
_SUBJECT = "              AND NEW.subject_id IS NOT DISTINCT FROM OLD.subject_id\n"
assert _SUBJECT in STAMP_FUNCTION_0021
STAMP_FUNCTION = STAMP_FUNCTION_0021.replace(
    _SUBJECT, _SUBJECT + "              AND NEW.superseded_by_id IS NOT DISTINCT FROM OLD.superseded_by_id\n")


class Migration(migrations.Migration):
    dependencies = [("memories", "0036_search_vector_inline")]

    operations = [migrations.RunSQL(STAMP_FUNCTION, STAMP_FUNCTION_0021)]
