"""A tenant as a new team admin finds it: people in user, project and team scopes, contradicting
preferences (some about the same entity three times: sibling conflicts), pending inferred memories,
extraction sessions with summaries, and agents' feedback. Written through the one write flow."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from memories.models import Memory, Session
from memories.write.feedback import feedback_record
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Tenant
from tenants.scoping import tenant_scope

AGENT = "key:support-bot"


def _m(scope: str, content: str, subject: str | None = None, type: str = "fact", entity: str = "",
       **extra: Any) -> MemoryInput:
    return MemoryInput(scope=scope, subject=subject, type=type, entity=entity, content=content, **extra)


BASE = [
    _m("user/ada", "Ada Lovelace leads the analytics team in London.", "ada", entity="person:ada/role"),
    _m("user/ada", "Prefers written summaries over calls.", "ada", "preference", "communication"),
    _m("user/ada/project/engine", "The Analytical Engine project ships its first report in March.", "ada", "task",
       "project:engine/milestone"),
    _m("user/ada/project/engine", "The project's staging server is https://staging.engine.example.com/"
       "very/long/path/that/never/ends/and/keeps/going/on?with=query&and=more", "ada", entity="project:engine/staging"),
    _m("user/ben", "Prefers a purple theme.", "ben", "preference", "ui:theme"),
    _m("user/ben", "Ben works from Lisbon on Fridays.", "ben", entity="person:ben/friday"),
    _m("user/chen", "喜欢深色主题", "chen", "preference", "ui:theme"),
    _m("user/chen", "陈先生负责星辰计划的前端。", "chen", entity="person:chen/role"),
    _m("user/chen/project/xingchen", "星辰计划的原型设计截止日期是下周一。", "chen", "task",
       "project:星辰计划/deadline"),
    _m("user/dana", "Prefers meetings in the morning, never after 16:00.", "dana", "preference", "meetings"),
    _m("user/dana", "Dana is allergic to peanuts.", "dana", entity="person:dana/allergy"),
    _m("team/ops", "The ops on-call rotation changes every Tuesday at 10:00 UTC.", entity="oncall"),
    _m("team/ops", "On-call changes on Tuesday.", type="note"),
    _m("team/ops", "Staging database runs PostgreSQL 18 with pgvector 0.8.", type="note"),
    _m("project/engine", "Deploys need two approvals from the platform team.", entity="deploy/approvals"),
    _m("user/ada", "Ada probably prefers tea.", "ada", "preference", "drink", provenance="inferred",
       confidence=0.55),
    _m("user/ben", "Ben might be moving to Porto.", "ben", entity="person:ben/city", confidence=0.4),
    _m("user/dana", "Dana probably manages the Berlin office.", "dana", provenance="inferred", confidence=0.6),
    _m("user/chen", "陈先生可能喜欢喝绿茶。", "chen", "preference", "drink", provenance="inferred", confidence=0.5),
]

# Written one at a time after BASE: each contradicts what is there (the later ones, the earlier ones too).
CONTRADICTIONS = [
    _m("user/chen", "喜欢绿色主题", "chen", "preference", "ui:theme"),
    _m("user/chen", "喜欢蓝色主题，不要深色。", "chen", "preference", "ui:theme"),
    _m("user/ben", "Prefers a dark theme now.", "ben", "preference", "ui:theme"),
    _m("user/dana", "Prefers meetings on Monday mornings.", "dana", "preference", "meetings"),
]


def admin_workload(tenant: Tenant) -> dict[str, Memory]:
    with tenant_scope(tenant):
        written = {r.memory.content: r.memory for r in memory_create(items=BASE, actor=AGENT)}
        for item in CONTRADICTIONS:
            [result] = memory_create(items=[item], actor=AGENT)
            written[result.memory.content] = result.memory
        now = timezone.now()
        sessions = [("s-ada-1", "user/ada", "Ada asked for a written summary of the Engine milestones."),
                    ("s-chen-7", "user/chen", "陈先生讨论了星辰计划的界面主题，想换成蓝色。")]
        for key, scope, summary in sessions:
            scope_id = Memory.objects.filter(scope__path=scope).values_list("scope_id", flat=True).first()
            Session.objects.create(session_key=key, scope_id=scope_id, summary=summary, turn_count=8,
                                   extracted_through=8, updated_at=now)
        Memory.objects.filter(scope__path="user/chen").update(source_session="s-chen-7")
        ada = written["Ada Lovelace leads the analytics team in London."]
        feedback_record(memory_ids=[ada.pk], useful=True, correction="", actor=AGENT)
        feedback_record(memory_ids=[written["Prefers a purple theme."].pk], useful=False, correction="",
                        actor=AGENT)
        feedback_record(memory_ids=[written["Dana is allergic to peanuts."].pk], useful=None,
                        correction="Dana is allergic to tree nuts rather than peanuts.", actor=AGENT)
        Memory.objects.filter(pk=ada.pk).update(created_at=now - timedelta(days=40))
    return written
