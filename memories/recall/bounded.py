"""Which rows a large scope's full-text list ranks (``SqlSource`` above ``HNSW_MIN_SCOPE_ROWS``; docs/scaling.md, "A
large scope in SQL, bounded"): the query's rarest terms and pairs of its common ones, chosen by the planner's own
word statistics so that the ranked rows stay within a bound whatever the scope's size."""

from __future__ import annotations

from collections.abc import Sequence

from memories.recall import sql
from memories.recall.query import terms_tsquery

LEXICAL_PAIRED_TERMS = 6  # the common terms of a query whose pairs' matches join the rare terms' (15 pairs)

Term = tuple[str, bool]  # a query's search word and whether it matches as a prefix (``query_terms``)


def term_shares(terms: Sequence[Term]) -> dict[Term, float] | None:
    """The share of memories expected to match each term, from the planner's word statistics
    (``sql.word_shares``): a prefix counts every listed word it starts, a word not listed the lowest share
    listed. None without statistics."""
    shares, floor = sql.word_shares([t for t, prefix in terms if not prefix], [t for t, prefix in terms if prefix])
    if floor is None:
        return None
    return {(word, prefix): (sum(v for w, v in shares.items() if w.startswith(word)) if prefix
                             else shares.get(word, 0.0)) or floor for word, prefix in terms}


def bounded_match(terms: Sequence[Term], scope_rows: int, cap: int) -> str:
    """The rows a large scope's full-text list ranks, as a tsquery: the query's rarest terms, and then the pairs
    of its other terms (both words in one memory), rarest first, while their matches are expected to stay within
    ``cap`` rows of the ``scope_rows`` (the rarest term always; pairs by the product of their shares). Every
    term when the statistics say nothing."""
    shares = term_shares(terms)
    if shares is None:
        return terms_tsquery(terms)
    ordered = sorted(terms, key=lambda t: shares[t])
    rare, expected = ordered[:1], shares[ordered[0]] * scope_rows
    for term in ordered[1:]:
        if expected + shares[term] * scope_rows > cap:
            break
        rare.append(term)
        expected += shares[term] * scope_rows
    common = [t for t in ordered if t not in rare][:LEXICAL_PAIRED_TERMS]
    pairs = sorted(((a, b) for i, a in enumerate(common) for b in common[i + 1:]),
                   key=lambda pair: shares[pair[0]] * shares[pair[1]])
    parts = [terms_tsquery(rare)]
    for a, b in pairs:
        if expected + shares[a] * shares[b] * scope_rows > cap:
            break
        parts.append(f"({terms_tsquery([a])} & {terms_tsquery([b])})")
        expected += shares[a] * shares[b] * scope_rows
    return " | ".join(parts)
