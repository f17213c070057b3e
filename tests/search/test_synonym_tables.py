"""The synonym tables are data a person edits: each must stay well formed, and each of the
rules' words it adds must be words the rules write, or the addition finds nothing."""

import json
import re

import pytest

from ingest.languages import fold
from ingest.parse import parse_file
from rulebook.search.understand import SYNONYMS_DIR

WORDS = re.compile(r"[^\W_]+")
LANGUAGES = ("en", "fr")


def table(language):
    return json.loads((SYNONYMS_DIR / f"{language}.json").read_text(encoding="utf-8"))


def folded(phrase: str) -> str:
    return " ".join(fold(w) for w in WORDS.findall(phrase))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_entry_has_triggers_and_rules_words_and_no_two_share_a_trigger(language):
    """Two entries with one trigger would add two meanings for one word; within an entry a
    trigger written with and without accents is one trigger, which does no harm."""
    owner = {}
    for i, entry in enumerate(table(language)):
        assert set(entry) == {"when", "add"} and entry["when"] and entry["add"], entry
        for trigger in entry["when"]:
            key = folded(trigger)
            assert key and owner.setdefault(key, i) == i, f"{language}: {trigger!r} twice"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rules_word_added_is_written_in_the_rules(language, corpus_dir):
    (source,) = sorted((corpus_dir / "core-rules" / language).glob("2026-07-16*"))
    rules = " | ".join(f" {folded(r.text)} " for r in parse_file(source).rules)
    missing = [
        phrase
        for entry in table(language)
        for phrase in entry["add"]
        if f" {folded(phrase)} " not in rules
    ]
    assert missing == [], f"{language}: not written in the rules: {missing}"
