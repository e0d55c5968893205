"""Text helpers of the write flow: normalisation, the duplicate key, and words for full-text search."""

from __future__ import annotations

import difflib
import functools
import hashlib
import logging
import re
import unicodedata
from typing import Any

import jieba
import snowballstemmer
from django.conf import settings

from memories.write.plain import without_label
from memories.write.roles import role_word
from memories.write.segment import unfused

jieba.setLogLevel(logging.WARNING)

_SPACE = re.compile(r"\s+")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_EDGE_PUNCT = re.compile(r"^[\s\W_]+|[\s\W_]+$", re.UNICODE)
_WORD = re.compile(r"\w+", re.UNICODE)
#: Characters content loses: controls (Cc; newline and tab become line breaks and spaces), invisible
#: format characters (Cf: zero-width spaces, bidi overrides), private-use (Co) and surrogates (Cs).
#: Unassigned code points (Cn) are kept: a newer Unicode may name them.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs"})


def normalise_content(text: str) -> str:
    """NFC, no control or invisible characters, single spaces, trimmed. Meaning is untouched."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in DROPPED_CATEGORIES)
    lines = [_SPACE.sub(" ", line).strip() for line in text.splitlines()]
    return "\n".join(line for line in lines if line).strip()


def normalise_entity(entity: str) -> str:
    return _SPACE.sub(" ", unicodedata.normalize("NFC", entity)).strip().casefold()


def duplicate_key(text: str) -> str:
    """Two contents with the same key are the same memory: case, spacing and edge punctuation aside."""
    return _EDGE_PUNCT.sub("", _SPACE.sub(" ", text.casefold())).strip()


def content_hash(text: str) -> str:
    return hashlib.sha256(duplicate_key(text).encode()).hexdigest()


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


_LATIN = re.compile(r"[a-z]+")


@functools.cache
def _stemmer() -> Any:
    return snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    """The English Snowball stem of a lower-case ASCII word (``studies`` → ``studi``, ``studying`` →
    ``studi``); any other word as it is. Cached: a conversation repeats its words."""
    return _stem_cached(word) if _LATIN.fullmatch(word) else word


@functools.lru_cache(maxsize=65536)
def _stem_cached(word: str) -> str:
    return str(_stemmer().stemWord(word))


def search_words(text: str) -> list[str]:
    """Lower-cased words for the lexical index and for queries.

    Chinese is segmented with jieba's search mode (words and their sub-words, e.g. 黑咖啡 → 咖啡,
    黑咖啡) plus single characters, so short queries still match; other scripts split on word
    boundaries. The all-MiniLM model cannot read Chinese, so this is where Chinese recall comes from.
    With ``settings.RECALL_STEMMING`` (the default), words of ASCII letters become their English Snowball
    stems (``hiking``, ``hikes`` → ``hike``); changing the setting needs ``manage.py reindex_text``.
    """
    return stemmed(plain_words(text))


def stemmed(words: list[str]) -> list[str]:
    """``words`` as the index holds them: their stems with ``settings.RECALL_STEMMING``."""
    return [stem(w) for w in words] if settings.RECALL_STEMMING else words


def plain_words(text: str, *, query: bool = False) -> list[str]:
    """``search_words`` before stemming (a query drops its stopwords first: "does" is not "doe"). With
    ``settings.RECALL_ROLE_WORDS`` each kinship or role word is followed by its role (``role_word``)."""
    words: list[str] = []
    lowered = unicodedata.normalize("NFKC", text).casefold()
    roles = settings.RECALL_ROLE_WORDS
    if has_cjk(lowered):
        for token in jieba.cut_for_search(unfused(lowered)):
            token = token.strip()
            if not token or not _WORD.search(token):
                continue
            words.append(token)
            if _CJK.search(token) and len(token) > 1:
                words.extend(ch for ch in token if _CJK.match(ch))
            if roles and (role := role_word(token, query=query)):
                words.append(role)
    else:
        for word in _WORD.findall(lowered):
            words.append(word)
            if roles and (role := role_word(word, query=query)):
                words.append(role)
    return [w for w in words if w.strip("_")]




def search_text(text: str) -> str:
    """A memory's lexical text: its search words; without a leading speaker label unless
    ``settings.RECALL_LABEL_WORDS`` (``memories.write.plain``)."""
    if not settings.RECALL_LABEL_WORDS:
        text = without_label(text)
    return " ".join(search_words(text))


def said_in(metadata: object) -> str:
    """The words a memory was drawn from, as its metadata records them (``metadata.extraction``: ``said``, an
    extracted memory's source turn, and ``replies_to``, the turn it answers, both redacted), or ""."""
    extraction = metadata.get("extraction") if isinstance(metadata, dict) else None
    if not isinstance(extraction, dict):
        return ""
    return " ".join(v for v in (extraction.get("said"), extraction.get("replies_to")) if isinstance(v, str) and v)


def indexed_words(text: str, said: str = "") -> str:
    """``search_text`` of a memory's text, followed by the words of what it was drawn from (``said_in``) that the
    text does not hold: a question worded like the conversation ("Did you get a dog?") finds the statement drawn
    from it ("Ana adopted a golden retriever puppy"). Only the lexical index reads them: the embedding, the
    duplicate key and the conflict policy's word overlap read the memory's own words."""
    own = search_text(text)
    if not said:
        return own
    held = set(own.split())
    extra = [w for w in dict.fromkeys(search_text(said).split()) if w not in held]
    return " ".join([own, *extra]) if extra else own



_SENTENCE = re.compile(r"[^.!?。！？；;\n]+[.!?。！？；;]*", re.UNICODE)
_TERMINAL = ".!?。！？"


def _sentence_key(sentence: str) -> str:
    return _EDGE_PUNCT.sub("", _SPACE.sub(" ", sentence.casefold())).strip()


def merge_text(contents: list[str]) -> str:
    """The suggested text of a merge: every sentence of the sources once, in order, as one text.

    A source contained in another adds nothing; a sentence that repeats (case, spacing and punctuation
    aside) or is part of a longer one is dropped; each sentence keeps or gets its full stop (``。`` after
    Chinese), and sentences are joined as prose, not glued with ``; ``. A person edits it before merging.
    """
    return _as_prose(_merged_sentences(contents))


def _merged_sentences(contents: list[str]) -> list[str]:
    """Every sentence of the texts once, in order: without a text contained in another, a repeated sentence
    or one that is part of a longer one."""
    texts = [normalise_content(c) for c in contents if c.strip()]
    keys = [duplicate_key(t) for t in texts]
    texts = [t for t, k in zip(texts, keys, strict=True)
             if not any(k != other and k in other for other in keys)]
    sentences: list[str] = []
    for t in dict.fromkeys(texts):
        sentences += [s.strip() for s in _SENTENCE.findall(t) if _sentence_key(s)]
    kept: list[str] = []
    for s in sentences:
        key = _sentence_key(s)
        if any(key == _sentence_key(k) or key in _sentence_key(k) for k in kept):
            continue
        kept = [k for k in kept if _sentence_key(k) not in key]  # a longer sentence replaces its part
        kept.append(s)
    return kept


def _as_prose(sentences: list[str]) -> str:
    """Sentences joined as prose, each ending with its full stop (``。`` after Chinese, no space between two
    Chinese ones)."""
    out, previous_cjk = "", False
    for s in sentences:
        s = s.rstrip(";；")
        cjk = bool(_CJK.search(s.rstrip(_TERMINAL)[-1:]))
        if s[-1:] not in _TERMINAL:
            s += "。" if cjk else "."
        out += s if not out or (previous_cjk and cjk) else " " + s
        previous_cjk = cjk
    return out


_DIFF_TOKEN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|\w+|\s+|[^\w\s]", re.UNICODE)


def text_diff(before: str, after: str) -> list[tuple[str, str]]:
    """Word-level diff (one token per Chinese character) that reads like an edit, not like a patch:
    (equal|insert|delete, text) segments, rendered as plain, <ins>, <del>."""
    a, b = _DIFF_TOKEN.findall(before), _DIFF_TOKEN.findall(after)
    segments: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            segments.append(("equal", "".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            segments.append(("delete", "".join(a[i1:i2])))
        if op in ("insert", "replace"):
            segments.append(("insert", "".join(b[j1:j2])))
    return segments
