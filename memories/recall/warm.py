"""What a first search would load, loaded ahead of it (a server's warm-up, ``mnemara/runtime/serve.py``):
every embedding model and its query path, jieba's dictionary (Chinese words), the tokenizer that counts a
block's tokens."""

from __future__ import annotations

from memories.embeddings import warm_up
from memories.recall.query import query_terms
from memories.recall.tokens import count_tokens
from memories.write.text import search_words


def recall_warm_up() -> None:
    warm_up()
    for text in ("What does the user prefer?", "用户喜欢喝什么咖啡？"):
        search_words(text)
        query_terms(text)
        count_tokens(text)
