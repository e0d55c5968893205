"""The settings page shows a setting's bound where the admin typed it (the model's validators)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tenants.models import Tenant
from tests.tenants.test_settings_bounds import OUT_OF_BOUNDS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("field", "value"), OUT_OF_BOUNDS[:4])
def test_it_shows_the_bound_on_the_settings_form(admin_client, alice_tenant: Tenant, field: str,
                                                 value: object) -> None:
    form = {name: getattr(alice_tenant, name) for name in ("name", "review_threshold", "token_budget",
            "task_half_life_days", "note_half_life_days", "deprecated_retention_days", "session_retention_days",
            "export_retention_days", "extraction_daily_cap")}
    response = admin_client.post(reverse("dashboard:settings"), {**form, field: value})
    assert response.status_code == 400
    assert b"error" in response.content


def test_it_shows_only_the_members_own_tenant_settings(client_for, bob_member) -> None:
    response = client_for("admin").get(reverse("dashboard:settings"))
    assert response.status_code == 200
    assert b"Globex" not in response.content
