"""The named person's own list (docs/recall.md, "The named person's own list"; ``RECALL_PERSON_WEIGHT``).

A question that names one person of the searched memories and asks about a topic ("What activities does
Melanie partake in?", "What books has Melanie read?", "王磊都去过哪些城市？") is often answered by several of that
person's memories spread over weeks, each sharing few words with the question ("camping with my fam",
"swimming with the kids"). In the whole scope's ranking the person's name is one of the question's few
words: it pulls up every memory that says it (the other speaker's "Hey Melanie!", "Melanie, that painting is
awesome!") and the topic's words weigh less. So such a question is also searched as its topic (the question
without the name: ``topic``) among the person's memories only (those whose subject they are, and the memories
that mention them other than to greet them, for a Chinese name only when nobody's subject: ``person_filter``), and
that ranking joins the question's parts at ``RECALL_PERSON_WEIGHT`` (``parts.interleave``: its j-th result
goes at position j / weight), so the person's best matches on the topic alone get their share of the top k.
Nothing here is sized by k: the restricted ranking is the same fixed-pool ranking as any part's.
"""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.db.models import Q

from memories.models import Memory, MemoryMention
from memories.recall.index.source import IndexSource
from memories.recall.query import STOPWORDS
from memories.recall.sources import CandidateSource
from memories.write.people import addressed_only
from memories.write.text import has_cjk, plain_words

# What may follow a name and goes with it: an English possessive, the Chinese 的.
_POSSESSIVE_EN = r"(?:['’]s|s['’])?"
_POSSESSIVE_ZH = r"(?:的)?"


def topic(text: str, name: str) -> str:
    """``text`` without ``name`` (case aside; a whole word, or for a Chinese name a substring) and its possessive,
    spaces collapsed: "What books has Melanie read?" → "What books has read?", "王磊的女儿在哪上学" → "女儿在哪上学"."""
    key = re.escape(name.strip())
    if has_cjk(name):
        pattern = key + _POSSESSIVE_ZH
    else:
        pattern = r"(?<![^\W_])" + key + _POSSESSIVE_EN + r"(?![^\W_])"
    return re.sub(r"\s{2,}", " ", re.sub(pattern, " ", text, flags=re.IGNORECASE)).strip()


def searchable(text: str) -> bool:
    """Whether ``text`` holds a search word that is no stopword ("Who is ?" asks nothing of its own)."""
    return any(word not in STOPWORDS for word in plain_words(text))


def person_filter(name: str, scope_ids: Iterable[uuid.UUID], filters: Mapping[str, Any] | Q | None) -> Q:
    """The memories about ``name`` among the scopes (``filters``, the caller's, still hold): those whose subject
    they are (external id, case aside: they speak, or were sent as the subject) and those that mention them other
    than only to greet them (``people.addressed_only``: "Hey Mel!" speaks to them; "Joanna told me Nate signed up…",
    "Mum says Sam passed his test" are about them, as a group chat's people talk of each other). A Chinese name's
    mentions count only for a person who is nobody's subject: a vocative there is not told from a statement
    ("王磊，好久不见！"), and the other speaker's turns that name a speaker mostly speak to them."""
    scope_ids = list(scope_ids)
    condition = Q(subject__external_id__iexact=name.strip())
    if not has_cjk(name) or not Memory.objects.filter(condition, scope_id__in=scope_ids).exists():
        mentions = MemoryMention.objects.filter(name=name.strip().casefold(), memory__scope_id__in=scope_ids)
        condition |= Q(pk__in=[pk for pk, content in mentions.values_list("memory_id", "memory__content")
                               if not addressed_only(content, name)])
    if isinstance(filters, Q):
        return condition & filters
    if filters:
        return condition & Q(metadata__contains=dict(filters))
    return condition


def person_source(source: CandidateSource, name: str, scope_ids: Iterable[uuid.UUID],
                  filters: Mapping[str, Any] | Q | None, in_sql: Callable[[Q], CandidateSource]) -> CandidateSource:
    """The search's candidates restricted to ``name``'s memories (``person_filter``): from the in-process indexes
    with no statement (``IndexSource.person_ids``, within the ids the caller's filter let through), otherwise
    ``in_sql`` with the condition."""
    if isinstance(source, IndexSource):
        ids = source.person_ids(name)
        if source.criteria.only is not None:
            ids &= source.criteria.only
        return IndexSource(source.indexes, dataclasses.replace(source.criteria, only=ids))
    return in_sql(person_filter(name, scope_ids, filters))
