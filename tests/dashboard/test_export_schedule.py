"""The Exports page says when the weekly export last ran and runs next (the worker's schedule), in both languages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from memories.compliance.exports import export_write, iso_week_window
from memories.compliance.schedule import schedule_tick
from tenants.scoping import tenant_scope


@pytest.mark.django_db
def test_the_exports_page_shows_the_schedule_with_last_and_next_run(admin_client, alice_tenant, settings, tmp_path):
    settings.EXPORT_DIR = tmp_path
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert 'id="export-schedule"' in html and "Every Monday" in html
    assert "None yet." in html and "Due now" in html and "not started yet" in html

    start, end = iso_week_window()
    with tenant_scope(alice_tenant):
        export_write(tenant=alice_tenant, since=start, until=end)
    schedule_tick()
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert f"week {start:%Y-%m-%d} – {end:%Y-%m-%d}" in html
    assert f"{end + timedelta(days=7):%Y-%m-%d} 00:00 UTC" in html and "last started" in html

    zh = admin_client.get(reverse("dashboard:exports"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "每周一" in zh and "上次运行" in zh and "下次运行" in zh
