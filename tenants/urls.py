"""The dashboard's tenant screens: sign-in, tenant switch, invitations, keys, members, settings, the audit log
(server/urls.py serves them with memories.urls in the "dashboard" namespace)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, path

from tenants.views import admin, auth, filters, invitations

urlpatterns: list[URLPattern] = [
    path("accounts/login/", auth.DashboardLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth.password_change, name="password-change"),
    path("tenant/switch/", auth.tenant_switch, name="tenant-switch"),
    path("settings/", admin.tenant_settings, name="settings"),
    path("settings/keys/", admin.api_keys, name="api-keys"),
    path("settings/keys/<uuid:key_id>/revoke/", admin.api_key_revoke, name="api-key-revoke"),
    path("settings/members/", admin.members, name="members"),
    path("settings/members/<int:membership_id>/role/", admin.member_role, name="member-role"),
    path("settings/members/<int:membership_id>/remove/", admin.member_remove, name="member-remove"),
    path("settings/members/invitations/<int:invitation_id>/revoke/", admin.invitation_revoke,
         name="invitation-revoke"),
    path("invitations/<str:token>/", invitations.invitation, name="invitation"),
    path("invitations/<str:token>/accept/", invitations.invitation_accept, name="invitation-accept"),
    path("invitations/<str:token>/decline/", invitations.invitation_decline, name="invitation-decline"),
    path("invitations/<str:token>/account/", invitations.invitation_account, name="invitation-account"),
    path("audit/", admin.audit_log, name="audit"),
    path("filters/", filters.saved_filter_save_view, name="saved-filter-save"),
    path("filters/<int:filter_id>/delete/", filters.saved_filter_delete_view, name="saved-filter-delete"),
]
