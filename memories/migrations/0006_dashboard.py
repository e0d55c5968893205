"""The shared cache table (login throttling across web workers)."""

from typing import Any

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps: Any, schema_editor: Any) -> None:
    call_command("createcachetable", "mnemara_cache", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("memories", "0005_compliance")]
    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
