"""Which entries an incremental index write must really rewrite.

An ingest that changes one rule of a 2,300-rule document makes every entry of that version
(and of the version before it, whose "default" mark may move) stale by prefix, yet nearly all
of them come out exactly as they are already indexed. Analysing and writing an entry is what
the index write costs, so an entry whose stored fields and columns equal the new ones keeps
its document; only the others are deleted and added again.

This relies on ``whoosh_schema.document_fields`` deriving its indexed-only fields (the
analysed text of the entry's shelf, its name and keyword) from values it also stores (text,
path, title, kind, language, default mark, extra): equal stored fields and columns mean an
equal document (``tests/search/test_whoosh_update.py`` holds the schema to that).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

from rulebook.search import whoosh_schema as ws
from rulebook.search.base import IndexEntry

COLUMNS = ("boost", "qboost")  # column fields: read back as 32-bit floats


def as_stored(value: float) -> float:
    """A column value as a reader returns it (the columns hold 32-bit floats)."""
    return struct.unpack("<f", struct.pack("<f", float(value)))[0]


def plan(reader, schema, prefixes: Iterable[str], entries: Iterable[IndexEntry]):
    """(document numbers to delete, field dicts to add) turning the entries under
    ``prefixes`` into ``entries``; an entry indexed exactly as it would be written is kept."""
    ordered = [(entry.key, ws.document_fields(entry)) for entry in entries]
    wanted: dict[str, list[dict]] = {}
    for key, fields in ordered:
        wanted.setdefault(key, []).append(fields)
    columns = {name: reader.column_reader(name) for name in COLUMNS if reader.has_column(name)}
    stale, kept, seen = set(), set(), set()
    for prefix in prefixes:
        for key in list(reader.expand_prefix("key", prefix)):
            key = key.decode() if isinstance(key, bytes) else key
            if key in seen:  # prefixes may overlap
                continue
            seen.add(key)
            docnums = list(reader.postings("key", key).all_ids())
            fields = wanted.get(key, [])
            if len(docnums) == 1 == len(fields) and _same(
                reader, schema, columns, docnums[0], fields[0]
            ):
                kept.add(key)
            else:
                stale.update(docnums)
    return sorted(stale), [fields for key, fields in ordered if key not in kept]


def _same(reader, schema, columns, docnum: int, fields: dict) -> bool:
    stored = {name: value for name, value in fields.items() if schema[name].stored}
    if reader.stored_fields(docnum) != stored:
        return False
    return all(
        column[docnum] == as_stored(fields.get(name, 1.0)) for name, column in columns.items()
    )
