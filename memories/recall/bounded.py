"""Which rows a large scope's full-text list ranks (``SqlSource`` above ``HNSW_MIN_SCOPE_ROWS``; docs/scaling.md, "A
large scope in SQL, bounded"): the query's rarest terms and pairs of its common ones, chosen by the planner's own
word statistics, and ranked in one statement that stops at a fixed number of rows whatever the scope's size
(``bounded_rows``); the query's other terms in a second such statement only when those match too few rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db.models import F, QuerySet

from memories.models import Memory
from memories.recall import sql
from memories.recall.query import terms_tsquery

LEXICAL_PAIRED_TERMS = 6  # the common terms of a query whose pairs' matches join the rare terms' (15 pairs)
# A pair's two words are read in the GIN index, every entry of both (the intersection is not stored): a pair is
# left out when its words are expected in more than this many times the cap's rows together (at 1M in one scope
# a first name's ~300,000 entries took 100-200 ms to intersect, a cost that grows with the scope).
LEXICAL_PAIR_POSTINGS = 10

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


def bounded_plan(terms: Sequence[Term], scope_rows: int, cap: int) -> tuple[list[str], list[str]]:
    """The rows a large scope's full-text list ranks, as tsqueries in the order their rows are wanted: the query's
    rarest terms, and then the pairs of its other terms (both words in one memory), rarest first, while their
    matches are expected to stay within ``cap`` rows of the ``scope_rows`` (the rarest term always; pairs by the
    product of their shares, of terms expected in at most ``LEXICAL_PAIR_POSTINGS`` × ``cap`` rows each). The
    rare terms' rows come in two parts: first those that also hold another term of the query (they rank higher),
    then, after the pairs', those that hold none. Every term (one part) when the statistics say nothing. Second,
    the further parts: each term left out of the rare part, alone, rarest first, read only when the first parts
    match too few rows (``bounded_rows``)."""
    shares = term_shares(terms)
    if shares is None:
        return [terms_tsquery(terms)], []
    ordered = sorted(terms, key=lambda t: shares[t])
    rare, expected = ordered[:1], shares[ordered[0]] * scope_rows
    for term in ordered[1:]:
        if expected + shares[term] * scope_rows > cap:
            break
        rare.append(term)
        expected += shares[term] * scope_rows
    common = [t for t in ordered if t not in rare and shares[t] * scope_rows <= LEXICAL_PAIR_POSTINGS * cap]
    common = common[:LEXICAL_PAIRED_TERMS]
    pairs = sorted(((a, b) for i, a in enumerate(common) for b in common[i + 1:]),
                   key=lambda pair: shares[pair[0]] * shares[pair[1]])
    paired = []
    for a, b in pairs:
        if expected + shares[a] * shares[b] * scope_rows > cap:
            break
        paired.append(f"({terms_tsquery([a])} & {terms_tsquery([b])})")
        expected += shares[a] * shares[b] * scope_rows
    others = [t for t in ordered if t not in rare]
    pairs_part = [" | ".join(paired)] if paired else []
    if not common:
        return [terms_tsquery(rare), *pairs_part], [terms_tsquery([t]) for t in others]
    either, other = f"({terms_tsquery(rare)})", f"({terms_tsquery(common)})"
    # The rare terms' rows that hold another term of the query first (they rank higher), those that hold none last;
    # of the terms a pair may hold only (a very common term's whole GIN entry would be read).
    return ([f"{either} & {other}", *pairs_part, f"{either} & !{other}"],
            [terms_tsquery([t]) for t in others])


def bounded_parts(terms: Sequence[Term], scope_rows: int, cap: int) -> list[str]:
    """``bounded_plan``'s first parts: what every search of a large scope ranks."""
    return bounded_plan(terms, scope_rows, cap)[0]


def bounded_match(terms: Sequence[Term], scope_rows: int, cap: int) -> str:
    """``bounded_parts`` as one tsquery: every row it matches may be ranked."""
    return " | ".join(bounded_parts(terms, scope_rows, cap))


def _query(tsquery: str) -> SearchQuery:
    return SearchQuery(tsquery, config="simple", search_type="raw")


def bounded_rows(qs: QuerySet[Memory], terms: Sequence[Term], fields: Sequence[str], limit: int, cap: int,
                 scope_rows: int) -> list[tuple[Any, ...]]:
    """The best ``limit`` full-text matches of a large scope, ``fields`` of each (the first: the id, the last:
    ``rank``), ranked by ts_rank_cd over every term of the query, among at most ``cap`` rows: those of
    ``bounded_plan``'s first parts, the rare terms' first, the statement stopping once ``cap`` rows are ranked
    (``sql.capped_matches``; a row of a rare part and the pairs' comes twice and counts twice: leaving the rare
    terms' rows out of the pairs' part would read every pair row's words once more, at 1M the larger cost). The
    planner's statistics only estimate how many rows a part matches; the cap holds whatever they say, so the rows
    read and ranked never grow with the scope.

    When those parts match fewer than ``limit`` rows (a rare word the statistics do not list and that matches
    nothing, or a few rows), a second statement reads the further parts (each other term alone, rarest first)
    within what is left of the cap (the first read each row it found at most twice), and the two
    lists are ranked together: never an empty list while a term of the query matches."""
    parts, further = bounded_plan(terms, scope_rows, cap)
    rank = SearchRank(F("search_vector"), _query(terms_tsquery(terms)), cover_density=True)

    def statements(tsqueries: Sequence[str]) -> list[tuple[str, Any]]:
        return [qs.filter(search_vector=_query(part)).annotate(rank=rank).order_by().values_list(*fields)
                .query.sql_with_params() for part in tsqueries]

    found = sql.capped_matches(statements(parts), cap, limit, qs.db)
    left = cap - 2 * len(found)  # a row comes once in a part of the rare terms and at most once among the pairs
    if len(found) >= limit or not further or left <= 0:
        return found
    more = sql.capped_matches(statements(further), left, limit, qs.db)
    seen = {row[0] for row in found}
    rows = found + [row for row in more if row[0] not in seen]
    rows.sort(key=lambda row: (-row[-1], row[0]))  # CAPPED_MATCHES_SQL's order: rank, then id
    return rows[:limit]
