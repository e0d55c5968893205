"""The in-process search index: an optional accelerator of recall (see README.md beside this file)."""
