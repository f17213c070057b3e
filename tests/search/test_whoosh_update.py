"""An incremental Whoosh write rewrites only the entries that changed, and the rest stay found."""

import dataclasses

import pytest

from rulebook.search import SearchQuery
from rulebook.search import whoosh_schema as ws
from rulebook.search.base import IndexEntry
from rulebook.search.whoosh_backend import WhooshBackend
from rulebook.search.whoosh_update import COLUMNS


def entry(number: str, text: str, **changes) -> IndexEntry:
    base = IndexEntry(
        key=f"rule:alpha:core-rules:en:2026-01-01:{number}",
        kind="rule",
        game="alpha",
        language="en",
        version="2026-01-01",
        number=number,
        title="Basics",
        path="Basics",
        text=text,
        url=f"/alpha/{number}/",
        is_default_version=True,
    )
    return dataclasses.replace(base, **changes)


ENTRIES = [
    entry("101", "Upkeep happens first."),
    entry("102", "Refresh happens last."),
    entry("103", "Lanterns glow at dusk."),
]
PREFIX = "rule:alpha:core-rules:en:2026-01-01:"


@pytest.fixture
def backend(tmp_path):
    backend = WhooshBackend({"PATH": tmp_path / "index", "GRACE_SECONDS": 0})
    backend.rebuild(ENTRIES)
    return backend


def numbers(backend, text):
    found = backend.search(SearchQuery(text=text, language="en", game="alpha"))
    return [hit.number for hit in found.hits]


@pytest.mark.django_db
def test_only_the_changed_entry_is_written(backend):
    changed = [*ENTRIES[:2], entry("103", "Beacons glow at dusk.")]
    assert backend.replace([PREFIX], changed) == 1
    assert numbers(backend, "beacons") == ["103"]
    assert numbers(backend, "lanterns") == []
    assert numbers(backend, "upkeep") == ["101"]  # kept, still found once


@pytest.mark.django_db
def test_gone_entries_go_and_new_ones_come(backend):
    assert backend.replace([PREFIX], [ENTRIES[0], entry("104", "Dawn ends the round.")]) == 1
    assert numbers(backend, "refresh") == []
    assert numbers(backend, "dawn") == ["104"]
    assert numbers(backend, "upkeep") == ["101"]


@pytest.mark.django_db
def test_a_new_default_mark_rewrites_the_entry(backend):
    older = [dataclasses.replace(e, is_default_version=False) for e in ENTRIES]
    assert backend.replace([PREFIX], older) == 3
    assert numbers(backend, "upkeep") == []  # default searches read the newest only


@pytest.mark.django_db
def test_a_boost_is_compared_as_the_index_stores_it(backend):
    boosted = [dataclasses.replace(ENTRIES[0], boost=1.3), *ENTRIES[1:]]
    assert backend.replace([PREFIX], boosted) == 1  # a column differs: rewritten
    assert backend.replace([PREFIX], boosted) == 0  # 1.3 reads back as a 32-bit float


VARIANTS = {
    "kind": "keyword",
    "game": "beta",
    "language": "fr",
    "version": "2026-02-01",
    "number": "104",
    "title": "Other",
    "path": "Basics › Other",
    "text": "Refresh happens last.",
    "url": "/alpha/other/",
    "is_default_version": False,
    "boost": 1.3,
    "extra": {"name": "Basics", "keyword": "Upkeep"},
}


@pytest.mark.parametrize("attribute", sorted(VARIANTS))
def test_what_is_indexed_follows_from_what_is_stored(attribute):
    """``whoosh_update`` keeps an entry whose stored fields and columns are equal: every
    difference between two entries' documents must show in those."""
    schema = ws.build_schema()
    one = ws.document_fields(ENTRIES[0])
    other = ws.document_fields(dataclasses.replace(ENTRIES[0], **{attribute: VARIANTS[attribute]}))
    assert one != other

    def visible(fields):
        return {k: v for k, v in fields.items() if schema[k].stored or k in COLUMNS}

    assert visible(one) != visible(other)
    assert set(VARIANTS) | {"key"} == {f.name for f in dataclasses.fields(IndexEntry)}
