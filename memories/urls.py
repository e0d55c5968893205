"""Dashboard URLs (included at "" by mnemara/urls.py). One URL per action; ids are UUIDs (junk is a 404)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, path

from memories.views import admin, auth, memories, overview, people, review

app_name = "dashboard"

urlpatterns: list[URLPattern] = [
    path("accounts/login/", auth.DashboardLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("tenant/switch/", auth.tenant_switch, name="tenant-switch"),
    path("", overview.overview, name="overview"),
    path("playground/", overview.playground, name="playground"),
    path("memories/", memories.memory_browser, name="memories"),
    path("memories/<uuid:memory_id>/", memories.memory_detail, name="memory"),
    path("memories/<uuid:memory_id>/row/", memories.memory_row, name="memory-row"),
    path("memories/<uuid:memory_id>/edit/", memories.memory_edit, name="memory-edit"),
    path("memories/<uuid:memory_id>/deprecate/", memories.memory_deprecate, name="memory-deprecate"),
    path("memories/<uuid:memory_id>/restore/", memories.memory_restore, name="memory-restore"),
    path("merge/", memories.merge_suggest, name="merge"),
    path("merge/preview/", memories.merge_preview, name="merge-preview"),
    path("review/", review.review_queue, name="review"),
    path("review/<uuid:item_id>/resolve/", review.review_resolve_view, name="review-resolve"),
    path("people/", people.people, name="people"),
    path("people/<uuid:subject_id>/", people.person, name="person"),
    path("people/<uuid:subject_id>/export/", people.person_export, name="person-export"),
    path("people/<uuid:subject_id>/erase/", people.person_erase, name="person-erase"),
    path("settings/", admin.tenant_settings, name="settings"),
    path("settings/keys/", admin.api_keys, name="api-keys"),
    path("settings/keys/<uuid:key_id>/revoke/", admin.api_key_revoke, name="api-key-revoke"),
    path("settings/members/", admin.members, name="members"),
    path("settings/members/<int:membership_id>/role/", admin.member_role, name="member-role"),
    path("settings/members/<int:membership_id>/remove/", admin.member_remove, name="member-remove"),
    path("exports/", admin.exports, name="exports"),
    path("exports/<uuid:export_id>/download/", admin.export_download, name="export-download"),
    path("audit/", admin.audit_log, name="audit"),
]
