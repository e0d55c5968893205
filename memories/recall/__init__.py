"""Recall: search (hybrid ranking), the context block, access counts and the recall evaluation."""
