"""Webhooks: a tenant's endpoints, the outbox of events written with each change, and their signed delivery by
the background worker."""
