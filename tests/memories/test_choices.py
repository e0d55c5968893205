"""Vocabularies are TextChoices with labels; the dashboard shows the label of a stored value."""

from __future__ import annotations

from django.utils import translation

from memories.choices import VOCABULARIES
from memories.templatetags.dashboard import VOCABULARY_CLASSES, label


def test_it_gives_a_value_shared_by_two_vocabularies_one_label() -> None:
    seen: dict[str, str] = {}
    for vocabulary in VOCABULARY_CLASSES:
        for value, text in vocabulary.choices:
            assert seen.setdefault(value, str(text)) == str(text), (vocabulary.__name__, value)


def test_it_labels_stored_values_in_the_readers_language() -> None:
    assert VOCABULARIES
    with translation.override("zh-hans"):
        assert str(label("preference")) != "preference"
        assert str(label("keep_old")) != "keep_old"
        assert label("not-a-vocabulary-value") == "not-a-vocabulary-value"
    with translation.override("en"):
        assert str(label("keep_old")) == "kept the old one"
