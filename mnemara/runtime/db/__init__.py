"""The embedded PostgreSQL + pgvector as a Django database backend: ``ENGINE: "mnemara.runtime.db"``."""
