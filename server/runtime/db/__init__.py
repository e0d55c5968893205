"""The embedded PostgreSQL + pgvector as a Django database backend: ``ENGINE: "server.runtime.db"``."""
