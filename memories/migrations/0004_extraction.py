# Extraction: the spend guard's per-tenant daily counter, the session's scheduling mark, the job sweep index.
import django.db.models.deletion
import django.db.models.manager
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("memories", "0003_recall"), ("tenants", "0001_initial")]
    operations = [
        migrations.CreateModel(
            name="ExtractionUsage",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("day", models.DateField()),
                ("calls", models.PositiveIntegerField(default=0)),
                ("input_tokens", models.PositiveBigIntegerField(default=0)),
                ("output_tokens", models.PositiveBigIntegerField(default=0)),
                ("tenant", models.ForeignKey(editable=False, on_delete=django.db.models.deletion.CASCADE,
                                             related_name="+", to="tenants.tenant")),
            ],
            options={"abstract": False, "base_manager_name": "unscoped"},
            managers=[
                ("objects", django.db.models.manager.Manager()),
                ("unscoped", django.db.models.manager.Manager()),
            ],
        ),
        migrations.AddConstraint(
            model_name="extractionusage",
            constraint=models.UniqueConstraint(fields=("tenant", "day"), name="extractionusage_unique_day"),
        ),
        migrations.AddField(
            model_name="session",
            name="scheduled_through",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddIndex(
            model_name="job",
            index=models.Index(fields=["status", "started_at"], name="job_status_started"),
        ),
    ]
