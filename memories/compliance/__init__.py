"""Compliance: GDPR access and erasure, JSONL audit exports, retention and maintenance."""
