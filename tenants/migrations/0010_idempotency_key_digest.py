"""Idempotency keys are stored as an HMAC (``tenants.idempotency.key_digest``): the keys remembered before are
replaced by theirs, so a retry within their 24 hours still finds its answer."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from django.conf import settings
from django.db import migrations


def digest_keys(apps: Any, schema_editor: Any) -> None:
    record = apps.get_model("tenants", "IdempotencyRecord")
    secret = settings.SECRET_KEY.encode()
    for pk, key in record._base_manager.values_list("pk", "key"):
        digest = hmac.new(secret, f"idempotency-key:{key}".encode(), hashlib.sha256).hexdigest()
        record._base_manager.filter(pk=pk).update(key=digest)


class Migration(migrations.Migration):
    dependencies = [("tenants", "0009_saved_filters")]
    operations = [migrations.RunPython(digest_keys, migrations.RunPython.noop)]
