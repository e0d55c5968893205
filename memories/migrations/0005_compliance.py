# Placeholder kept in the chain so parallel work can fill it in without conflicting migration numbers.
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("memories", "0004_extraction")]
    operations: list = []
