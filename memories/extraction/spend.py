"""The per-tenant spend guard: a daily cap on model calls (``Tenant.extraction_daily_cap``) and tokens.

A call is reserved before it is made with one conditional UPDATE (atomic, no lock held across the
call), so concurrent workers cannot overshoot the cap; tokens are added when the answer arrives.
Only calls that cost money count: the offline rule-based extractor is free and never capped.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from memories.extraction.candidates import SpendCapReached
from memories.models import ExtractionUsage
from tenants.scoping import get_active_tenant


def _today_row() -> ExtractionUsage:
    day = timezone.now().date()
    row = ExtractionUsage.objects.filter(day=day).first()
    if row is not None:
        return row
    try:
        with transaction.atomic():
            return ExtractionUsage.objects.create(day=day)
    except IntegrityError:
        return ExtractionUsage.objects.get(day=day)


def spend_cap_reached() -> bool:
    """True when the active tenant cannot make another extraction call today."""
    tenant = get_active_tenant()
    row = ExtractionUsage.objects.filter(day=timezone.now().date()).first()
    if row is None:
        return tenant.extraction_daily_cap == 0
    token_cap = settings.EXTRACTION_DAILY_TOKEN_CAP
    return row.calls >= tenant.extraction_daily_cap or bool(
        token_cap and row.input_tokens + row.output_tokens >= token_cap)


def spend_reserve_call() -> None:
    """Count one model call for today, or raise SpendCapReached if the cap is already reached."""
    tenant = get_active_tenant()
    row = _today_row()
    allowed = ExtractionUsage.objects.filter(pk=row.pk, calls__lt=tenant.extraction_daily_cap)
    token_cap = settings.EXTRACTION_DAILY_TOKEN_CAP
    if token_cap:
        allowed = allowed.alias(spent=F("input_tokens") + F("output_tokens")).filter(spent__lt=token_cap)
    if allowed.update(calls=F("calls") + 1) == 0:
        raise SpendCapReached(f"the tenant's daily extraction cap ({tenant.extraction_daily_cap} calls"
                              + (f", {token_cap} tokens" if token_cap else "") + ") is reached")


def spend_record_tokens(input_tokens: int, output_tokens: int) -> None:
    if input_tokens or output_tokens:
        ExtractionUsage.objects.filter(day=timezone.now().date()).update(
            input_tokens=F("input_tokens") + max(0, input_tokens),
            output_tokens=F("output_tokens") + max(0, output_tokens))
