"""Every page of the dashboard, with the data of ``office`` (tests/browser/conftest.py): what the
layout, language and screenshot tests walk through."""

from __future__ import annotations

from django.contrib.auth.models import User

from memories.compliance.subjects import subject_erase_recorded
from memories.models import Memory, ReviewItem
from memories.write.feedback import feedback_record
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import ApiKey, Role, Subject
from tenants.scoping import tenant_scope
from tenants.services import invitation_create
from webhooks.choices import EventType
from webhooks.models import WebhookDelivery
from webhooks.services import webhook_create

SIGNED_OUT = ["login", "invitation"]


def page_paths(office) -> list[tuple[str, str]]:
    """(name, path) of every page a signed-in admin can open, then the signed-out ones."""
    with tenant_scope(office.tenant):
        chen = Subject.objects.get(external_id="chen")
        dana = Memory.objects.get(content="Dana is allergic to peanuts.")
        long_url = Memory.objects.get(content__startswith="The project's staging server")
        ops = list(Memory.objects.filter(scope__path="team/ops", status="active").order_by("created_at")[:2])
        conflict = ReviewItem.objects.filter(kind="conflict").first()
        assert conflict is not None
        owner = User.objects.get(username="admin@acme.test")
        memory_create(items=[MemoryInput(scope="user/erin", subject="erin", content="Erin likes sailing.")],
                      actor="key:support-bot")
        _, receipt = subject_erase_recorded(external_id="erin", actor="user:admin@acme.test", reference="DSR-7")
        hook = webhook_create(url="https://crm.example.com/hooks/mnemara-with-a-long-path/and-more", actor="test",
                              events=list(EventType.values), description="CRM sync")
        WebhookDelivery.objects.create(endpoint=hook, event_type=EventType.MEMORY_CREATED, status="failed", attempts=6,
                                       payload={"type": "memory.created"}, last_status_code=503, last_error="http_503")
        checks = ApiKey.objects.get(name="checks")
        feedback_record(memory_ids=[dana.pk], useful=None, correction="Dana is allergic to peanuts and to shellfish.",
                        actor=checks.actor(), reason="She said so when ordering lunch.")
        _, token = invitation_create(tenant=office.tenant, email="new.person.with.a.long.address@example.org",
                                     role=Role.REVIEWER, invited_by=owner, actor="user:admin@acme.test")
    merge_ids = "&".join(f"ids={m.pk}" for m in ops)
    return [
        ("overview", "/"),
        ("memories", "/memories/"),
        ("memories-filtered", "/memories/?subject=Chen&type=preference"),
        ("memories-search", "/memories/?q=theme&mode=search"),
        ("memory", f"/memories/{dana.pk}/"),
        ("memory-long-url", f"/memories/{long_url.pk}/"),
        ("memory-edit", f"/memories/{dana.pk}/edit/"),
        ("review", "/review/"),
        ("review-conflicts", "/review/?kind=conflict&person=chen"),
        ("review-resolved", "/review/?tab=resolved"),
        ("merge", "/merge/?scope=team/ops"),
        ("merge-preview", f"/merge/preview/?{merge_ids}"),
        ("feedback", "/feedback/"),
        ("people", "/people/"),
        ("receipt", f"/people/receipts/{receipt}/"),
        ("person", f"/people/{chen.pk}/"),
        ("person-erase", f"/people/{chen.pk}/erase/"),
        ("playground", "/playground/?query=theme&scopes=user"),
        ("audit", "/audit/"),
        ("api-keys", "/settings/keys/"),
        ("agent", f"/agents/{checks.prefix}/"),
        ("members", "/settings/members/"),
        ("exports", "/exports/"),
        ("settings", "/settings/"),
        ("password", "/accounts/password/"),
        ("webhooks", "/settings/webhooks/"),
        ("webhook", f"/settings/webhooks/{hook.pk}/"),
        ("not-found", "/memories/00000000-0000-0000-0000-000000000000/"),
        ("login", "/accounts/login/"),
        ("invitation", f"/invitations/{token}/"),
    ]
