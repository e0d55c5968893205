from __future__ import annotations

from django.urls import URLPattern, path

from memories.api import recall, views

urlpatterns: list[URLPattern] = [
    path("memories", views.MemoryListCreateView.as_view(), name="api-memories"),
    path("memories/merge", views.MemoryMergeView.as_view(), name="api-memory-merge"),
    path("memories/search", recall.MemorySearchView.as_view(), name="api-memory-search"),
    path("context", recall.ContextView.as_view(), name="api-context"),
    path("memories/<uuid:memory_id>", views.MemoryDetailView.as_view(), name="api-memory"),
    path("memories/<uuid:memory_id>/deprecate", views.MemoryDeprecateView.as_view(), name="api-memory-deprecate"),
    path("memories/<uuid:memory_id>/restore", views.MemoryRestoreView.as_view(), name="api-memory-restore"),
    path("memories/<uuid:memory_id>/history", views.MemoryHistoryView.as_view(), name="api-memory-history"),
    path("review", views.ReviewListView.as_view(), name="api-review"),
    path("review/<uuid:item_id>/resolve", views.ReviewResolveView.as_view(), name="api-review-resolve"),
    path("feedback", views.FeedbackView.as_view(), name="api-feedback"),
]
