"""A decision for every review item a filter matched, as a background job with progress, undoable as a whole.

    review_bulk_start (fingerprint checked, ReviewBulk queued + task, one transaction) → [review_bulk_run]
        → each item: review_decide (versions, audit, truth settling) + the progress, in one transaction → done
    review_bulk_undo (done → undo_queued + task) → [review_bulk_run]
        → each item it resolved, latest first: review_undo + the progress, in one transaction → undone

A request only checks and queues (400 decisions took 16 s in one request); the page polls the progress. Each
item's decision commits with the progress row locked, and the next item is the one after ``processed``: a run
taken over after its worker died (``memories.extraction.worker.TASK_RECOVERY``) or a second run of the same
task goes on where the first stopped, and decides each item once.
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta

from django.db import InterfaceError, OperationalError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django_tasks import task

from memories.choices import BulkStatus, ReviewResolution, ReviewStatus
from memories.models import ReviewBulk, ReviewItem
from memories.write.reviews import BULK_MAX, review_decide, review_undo, selection_fingerprint
from mnemara.kernel.errors import Conflict, NotFound, ServiceError, ValidationFailed
from tenants.audit import audit
from tenants.models import Tenant
from tenants.scoping import tenant_scope

logger = logging.getLogger(__name__)

SHOWN_FOR = timedelta(hours=1)  # a finished bulk decision stays on the review page this long (for its undo)


def review_bulk_start(*, item_ids: list[uuid.UUID], action: str, actor: str, fingerprint: str,
                      filtered_by: list[str]) -> ReviewBulk:
    """Queue one decision for every item a filter matched, if they are still the ones the person confirmed
    (``fingerprint``; else 409 ``stale_selection``, nothing queued)."""
    if action not in (ReviewResolution.ACCEPT, ReviewResolution.REJECT):
        raise ValidationFailed("Unknown action.", fields={"action": ["One of: accept, reject."]})
    if len(item_ids) > BULK_MAX:
        raise ValidationFailed(f"At most {BULK_MAX} items at once: narrow the filter.", fields={"items": ["Too many."]})
    with transaction.atomic():
        open_now = list(ReviewItem.objects.filter(pk__in=item_ids, status=ReviewStatus.OPEN)
                        .values_list("pk", flat=True))
        if not item_ids or len(open_now) != len(item_ids) or selection_fingerprint(open_now) != fingerprint:
            raise Conflict("The items matching this filter changed since you looked: look again.",
                           code="stale_selection")
        bulk = ReviewBulk.objects.create(action=action, actor=actor, item_ids=item_ids, filtered_by=sorted(filtered_by))
        review_bulk_run.enqueue(str(bulk.pk))
    return bulk


def review_bulk_undo(*, bulk_id: uuid.UUID | str, actor: str) -> ReviewBulk:
    """Queue the undo of a finished bulk decision: every item it resolved opens again (409 if not finished, or
    undone already)."""
    with transaction.atomic():
        bulk = ReviewBulk.objects.select_for_update().filter(pk=bulk_id).first()
        if bulk is None:
            raise NotFound("Bulk decision not found.")
        if bulk.status != BulkStatus.DONE:
            raise Conflict("This bulk decision cannot be undone now.", code="undo_impossible")
        resolved = (ReviewItem.objects.filter(status=ReviewStatus.RESOLVED, resolution_params__bulk=str(bulk.pk))
                    .order_by("-resolved_at", "-pk").values_list("pk", flat=True))
        bulk.status, bulk.undo_ids, bulk.processed, bulk.finished_at = BulkStatus.UNDO_QUEUED, list(resolved), 0, None
        bulk.undone_by = actor
        bulk.save(update_fields=["status", "undo_ids", "processed", "finished_at", "undone_by"])
        review_bulk_run.enqueue(str(bulk.pk))
    return bulk


def review_bulk_get(bulk_id: uuid.UUID | str) -> ReviewBulk:
    bulk = ReviewBulk.objects.filter(pk=bulk_id).first()
    if bulk is None:
        raise NotFound("Bulk decision not found.")
    return bulk


def review_bulks_shown() -> QuerySet[ReviewBulk]:
    """The active tenant's bulk decisions the review page shows: under way, or finished within the hour."""
    recent = timezone.now() - SHOWN_FOR
    return ReviewBulk.objects.filter(created_at__gte=timezone.now() - timedelta(days=1)).exclude(
        finished_at__lt=recent).order_by("-created_at")


@task()
def review_bulk_run(bulk_id: str) -> str:
    """Decide (or undo) a bulk decision's items from where it stands. Returns its status, for logs and tests."""
    # Cross-tenant on purpose: a worker only knows the id; the work runs inside the decision's tenant.
    tenant_id = ReviewBulk.unscoped.filter(pk=bulk_id).values_list("tenant_id", flat=True).first()
    tenant = Tenant.objects.filter(pk=tenant_id).first() if tenant_id else None
    if tenant is None:
        return "missing"
    with tenant_scope(tenant):
        try:
            return review_bulk_work(bulk_id)
        except (OperationalError, InterfaceError):  # the database went away: go on from there, a little later
            review_bulk_run.using(run_after=timezone.now() + RESUME_AFTER).enqueue(bulk_id)
            raise


RESUME_AFTER = timedelta(seconds=30)


_PHASES = {BulkStatus.QUEUED: BulkStatus.RUNNING, BulkStatus.RUNNING: BulkStatus.RUNNING,
           BulkStatus.UNDO_QUEUED: BulkStatus.UNDOING, BulkStatus.UNDOING: BulkStatus.UNDOING}


def review_bulk_work(bulk_id: uuid.UUID | str) -> str:
    """The active tenant's bulk decision, one item per transaction until its phase is done."""
    while True:
        with transaction.atomic():
            bulk = ReviewBulk.objects.select_for_update().filter(pk=bulk_id).first()
            if bulk is None or bulk.status not in _PHASES:
                return bulk.status if bulk else "missing"
            bulk.status = _PHASES[BulkStatus(bulk.status)]
            undoing = bulk.status == BulkStatus.UNDOING
            ids = bulk.undo_ids if undoing else bulk.item_ids
            if bulk.processed >= len(ids):
                _finish(bulk, undoing)
                return str(bulk.status)
            outcome = _undo_one(ids[bulk.processed], bulk) if undoing else _decide_one(ids[bulk.processed], bulk)
            bulk.counts[outcome] = bulk.counts.get(outcome, 0) + 1
            bulk.processed += 1
            bulk.save(update_fields=["status", "processed", "counts"])


def _decide_one(item_id: uuid.UUID, bulk: ReviewBulk) -> str:
    try:
        with transaction.atomic():  # a savepoint: whatever fails in one item leaves the run's transaction usable
            review_decide(item_id=item_id, action=bulk.action, actor=bulk.actor, bulk=str(bulk.pk))
    except NotFound:
        return "skipped"  # erased meanwhile
    except Conflict as exc:
        return "skipped" if exc.code == "already_resolved" else "refused"
    except ServiceError:
        return "refused"
    except (OperationalError, InterfaceError):
        raise
    except Exception:  # one item's bug must not stop the others: left open, counted, logged
        logger.exception("bulk decision %s: item %s failed", bulk.pk, item_id)
        return "refused"
    return "resolved"


def _undo_one(item_id: uuid.UUID, bulk: ReviewBulk) -> str:
    try:
        with transaction.atomic():
            review_undo(item_id=item_id, actor=bulk.undone_by or bulk.actor)
    except ServiceError:  # its memories changed since (or it is gone): that decision stays
        return "kept"
    except (OperationalError, InterfaceError):
        raise
    except Exception:  # one item's bug must not stop the others: that decision stays, logged
        logger.exception("undo of bulk decision %s: item %s failed", bulk.pk, item_id)
        return "kept"
    return "reopened"


def _finish(bulk: ReviewBulk, undoing: bool) -> None:
    bulk.status = BulkStatus.UNDONE if undoing else BulkStatus.DONE
    bulk.finished_at = timezone.now()
    bulk.save(update_fields=["status", "finished_at"])
    counts = bulk.counts
    if undoing:
        audit("review.bulk_undone", actor=bulk.undone_by, target_type="review_item", target_id="",
              data={"reopened": counts.get("reopened", 0), "kept": counts.get("kept", 0), "bulk": str(bulk.pk)})
    else:
        audit("review.bulk_resolved", actor=bulk.actor, target_type="review_item", target_id="",
              data={"action": bulk.action, "matched": len(bulk.item_ids), "resolved": counts.get("resolved", 0),
                    "skipped": counts.get("skipped", 0), "refused": counts.get("refused", 0),
                    "filtered_by": bulk.filtered_by, "bulk": str(bulk.pk)})
