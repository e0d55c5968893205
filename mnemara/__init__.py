"""Mnemara: long-term memory for LLM agents."""
