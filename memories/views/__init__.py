"""The dashboard (HTMX): one module per area, one URL per action (see memories/urls.py)."""
