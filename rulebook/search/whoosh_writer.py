"""Whoosh's segment writer, minus a file-system lookup per posting.

When a segment is written, every posting asks the segment's per-document reader for the
length of its field in its document. Only scorable fields have lengths; for the others
(identifiers, the keyword lists of surface forms) Whoosh looks for a length column file that
cannot exist, with one ``stat`` per posting: about 280,000 for the full index, a tenth of
its build. The answer for those fields is known from the schema, so it is given at once;
everything else goes to Whoosh unchanged, and the index written is the same.
"""

from __future__ import annotations

from whoosh import writing


class SegmentWriter(writing.SegmentWriter):
    def per_document_reader(self):
        return _Lengths(super().per_document_reader(), self.schema)


class _Lengths:
    """A per-document reader whose unscored fields have length 0 without a lookup (what
    Whoosh answers for them after looking)."""

    def __init__(self, reader, schema):
        self._reader = reader
        self._unscored = {name for name, field in schema.items() if not field.scorable}

    def doc_field_length(self, docnum, fieldname, default=0):
        if fieldname in self._unscored:
            return default
        return self._reader.doc_field_length(docnum, fieldname, default)

    def __getattr__(self, name):
        return getattr(self._reader, name)
