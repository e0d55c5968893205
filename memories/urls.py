"""The dashboard's memory screens (server/urls.py serves them with tenants.urls in the "dashboard" namespace).
One URL per action; ids are UUIDs (junk is a 404)."""

from __future__ import annotations

from django.urls import URLPattern, path

from memories.views import agents, compliance, feedback, memories, overview, people, review

urlpatterns: list[URLPattern] = [
    path("", overview.overview, name="overview"),
    path("playground/", overview.playground, name="playground"),
    path("memories/", memories.memory_browser, name="memories"),
    path("memories/<uuid:memory_id>/", memories.memory_detail, name="memory"),
    path("memories/<uuid:memory_id>/row/", memories.memory_row, name="memory-row"),
    path("memories/<uuid:memory_id>/edit/", memories.memory_edit, name="memory-edit"),
    path("memories/<uuid:memory_id>/deprecate/", memories.memory_deprecate, name="memory-deprecate"),
    path("memories/<uuid:memory_id>/restore/", memories.memory_restore, name="memory-restore"),
    path("memories/<uuid:memory_id>/unmerge/", memories.memory_unmerge, name="memory-unmerge"),
    path("merge/", memories.merge_suggest, name="merge"),
    path("merge/preview/", memories.merge_preview, name="merge-preview"),
    path("review/", review.review_queue, name="review"),
    path("review/<uuid:item_id>/resolve/", review.review_resolve_view, name="review-resolve"),
    path("review/<uuid:item_id>/undo/", review.review_undo_view, name="review-undo"),
    path("review/<uuid:item_id>/merge/", review.review_merge_form, name="review-merge"),
    path("review/chain/", review.review_chain_resolve, name="review-chain"),
    path("review/bulk/", review.review_bulk, name="review-bulk"),
    path("review/bulk/all/", review.review_bulk_all, name="review-bulk-all"),
    path("review/bulk/<uuid:bulk_id>/", review.review_bulk_progress, name="review-bulk-progress"),
    path("review/bulk/<uuid:bulk_id>/undo/", review.review_bulk_undo_view, name="review-bulk-undo"),
    path("review/clashes/", review.review_clashes, name="review-clashes"),
    path("feedback/", feedback.feedback_inbox, name="feedback"),
    path("feedback/<uuid:feedback_id>/review/", feedback.feedback_review, name="feedback-review"),
    path("agents/<str:prefix>/", agents.agent, name="agent"),
    path("people/", people.people, name="people"),
    path("people/<uuid:subject_id>/", people.person, name="person"),
    path("people/<uuid:subject_id>/export/", people.person_export, name="person-export"),
    path("people/<uuid:subject_id>/alias/", people.person_alias, name="person-alias"),
    path("people/<uuid:subject_id>/erase/", people.person_erase, name="person-erase"),
    path("people/receipts/<int:receipt_id>/", people.receipt, name="receipt"),
    path("people/receipts/<int:receipt_id>/receipt.json", people.receipt_download, name="receipt-download"),
    path("exports/", compliance.exports, name="exports"),
    path("exports/now/", compliance.export_now, name="export-now"),
    path("exports/<uuid:export_id>/download/", compliance.export_download, name="export-download"),
    path("exports/<uuid:export_id>/reissue/", compliance.export_reissue_view, name="export-reissue"),
    path("exports/<uuid:export_id>/delete/", compliance.export_delete_view, name="export-delete"),
]
