from __future__ import annotations

from django.urls import URLPattern, URLResolver, path, re_path

from memories.api import compliance, imports, keys, recall, sessions, views

urlpatterns: list[URLPattern | URLResolver] = [
    path("memories", views.MemoryListCreateView.as_view(), name="api-memories"),
    path("memories/merge", views.MemoryMergeView.as_view(), name="api-memory-merge"),
    path("memories/search", recall.MemorySearchView.as_view(), name="api-memory-search"),
    path("context", recall.ContextView.as_view(), name="api-context"),
    path("memories/<uuid:memory_id>", views.MemoryDetailView.as_view(), name="api-memory"),
    path("memories/<uuid:memory_id>/deprecate", views.MemoryDeprecateView.as_view(), name="api-memory-deprecate"),
    path("memories/<uuid:memory_id>/restore", views.MemoryRestoreView.as_view(), name="api-memory-restore"),
    path("memories/<uuid:memory_id>/unmerge", views.MemoryUnmergeView.as_view(), name="api-memory-unmerge"),
    path("memories/<uuid:memory_id>/history", views.MemoryHistoryView.as_view(), name="api-memory-history"),
    # Scopes and keys both hold "/": they travel as query parameters (?scope=…&key=…).
    path("keys/memory", keys.KeyedMemoryView.as_view(), name="api-key-memory"),
    path("keys", keys.KeyListView.as_view(), name="api-keys"),
    path("namespaces", keys.NamespaceListView.as_view(), name="api-namespaces"),
    path("review", views.ReviewListView.as_view(), name="api-review"),
    path("review/<uuid:item_id>/resolve", views.ReviewResolveView.as_view(), name="api-review-resolve"),
    path("feedback", views.FeedbackView.as_view(), name="api-feedback"),
    path("sessions/<str:session_id>/messages", sessions.SessionMessagesView.as_view(), name="api-session-messages"),
    path("sessions/<str:session_id>/close", sessions.SessionCloseView.as_view(), name="api-session-close"),
    path("sessions/<str:session_id>", sessions.SessionDetailView.as_view(), name="api-session"),
    path("extract", sessions.ExtractView.as_view(), name="api-extract"),
    path("jobs/<uuid:job_id>", sessions.JobDetailView.as_view(), name="api-job"),
    path("imports", imports.ImportCreateView.as_view(), name="api-imports"),
    path("imports/<uuid:import_id>", imports.ImportDetailView.as_view(), name="api-import"),
    # A subject id may hold any character, "/" included (sent percent-encoded or not).
    re_path(r"^subjects/(?P<external_id>.+)/export$", compliance.SubjectExportView.as_view(),
            name="api-subject-export"),
    re_path(r"^subjects/(?P<external_id>.+)/profile$", compliance.SubjectProfileView.as_view(),
            name="api-subject-profile"),
    re_path(r"^subjects/(?P<external_id>.+)$", compliance.SubjectView.as_view(), name="api-subject"),
    path("exports", compliance.ExportListView.as_view(), name="api-exports"),
    path("exports/<uuid:export_id>", compliance.ExportDetailView.as_view(), name="api-export"),
    path("exports/<uuid:export_id>/reissue", compliance.ExportReissueView.as_view(), name="api-export-reissue"),
    path("exports/<uuid:export_id>/download", compliance.ExportDownloadView.as_view(), name="api-export-download"),
]
