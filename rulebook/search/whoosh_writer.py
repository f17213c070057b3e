"""Whoosh's segment writer, minus work it repeats for every entry of a full index.

* Analysis: the same texts come back across a document's versions (most rules of an older
  version read as in the newest) and across the shelves of a language, and analysing them
  (tokens, stems, positions) is most of an index build. Here a field's postings are kept
  per analysis (analyzer, format, field type) and value for the writer's lifetime: a text
  is analysed once however many entries hold it.
* Lengths: when the segment is written, every posting asks for the length of its field in
  its document. Only scorable fields have lengths; for the others Whoosh looks for a length
  column file that cannot exist, with one ``stat`` per posting (about 280,000 for the full
  index). Their answer is known from the schema, and the scorable fields' lengths are kept
  as they were added (rounded as the length column stores them): reading them back from
  the column cost about 400,000 column reads, a fifth of writing the segment.
* Postings: grouped by field and term as they are added, instead of Whoosh's pool of
  tuples sorted at the end (``whoosh_postings``).

Everything else is Whoosh's own code path, and the index written is the same
(``tests/search/test_whoosh_writer.py`` compares them).
"""

from __future__ import annotations

from whoosh import writing
from whoosh.util.numeric import byte_to_length, length_to_byte

from rulebook.search import whoosh_postings


class SegmentWriter(writing.SegmentWriter):
    def __init__(self, ix, **kwargs):
        super().__init__(ix, **kwargs)
        self._analysed: dict[tuple, list] = {}  # (analysis, value) -> postings
        self._analysis: dict[str, tuple] = {}  # field name -> what its analysis depends on
        self._lengths: dict[str, dict[int, int]] = {}  # field name -> {docnum: stored length}
        # Vectors, spelling words and per-document boosts take Whoosh's own path.
        self._simple = not any(
            field.vector or field.separate_spelling() for _, field in self.schema.items()
        )
        if self._simple:  # nothing is in Whoosh's pool yet: no run files to clean up
            self.pool = whoosh_postings.GroupedPool()

    def add_document(self, **fields):
        if not self._simple or any(name.startswith("_") for name in fields):
            return super().add_document(**fields)
        self._check_state()
        perdocwriter, docnum = self.perdocwriter, self.docnum
        names = sorted(fields)
        self._check_fields(self.schema, names)
        perdocwriter.start_doc(docnum)
        try:
            for name in names:
                value = fields[name]
                if value is None:
                    continue
                field = self.schema[name]
                length = 0
                if field.indexed:
                    postings = self._postings(name, field, value)
                    self.pool.add_field(name, docnum, postings)
                    if field.scorable:
                        length = sum(freq for _, freq, _, _ in postings)
                perdocwriter.add_field(name, field, value if field.stored else None, length)
                if length:
                    lengths = self._lengths.setdefault(name, {})
                    lengths[docnum] = byte_to_length(length_to_byte(length))
                if field.column_type:
                    column_value = field.to_column_value(value)
                    perdocwriter.add_column_value(name, field.column_type, column_value)
        except Exception:
            perdocwriter.cancel_doc()
            raise
        perdocwriter.finish_doc()
        self._added = True
        self.docnum += 1

    def _postings(self, name, field, value) -> list:
        key = self._key(name, field, value)
        postings = self._analysed.get(key)
        if postings is None:
            postings = self._analysed[key] = analyse(field, value)
        return postings

    def _key(self, name, field, value) -> tuple:
        """What a field value's postings depend on: its analysis and the value."""
        analysis = self._analysis.get(name)
        if analysis is None:
            fmt = field.format
            analysis = (type(field), id(field.analyzer), type(fmt), repr(sorted(vars(fmt).items())))
            self._analysis[name] = analysis
        return (analysis, value if isinstance(value, str) else repr(value))

    def unanalysed(self, docs) -> list[tuple]:
        """(key, field, value) of each distinct indexed value of ``docs`` (field dicts) not
        analysed yet, in the order ``add_document`` would meet them (none when entries take
        Whoosh's own path, which analyses as it adds)."""
        todo: dict[tuple, tuple] = {}
        for fields in docs if self._simple else ():
            for name in sorted(fields):
                field, value = self.schema[name], fields[name]
                if value is None or not field.indexed:
                    continue
                key = self._key(name, field, value)
                if key not in self._analysed and key not in todo:
                    todo[key] = (key, field, value)
        return list(todo.values())

    def remember(self, key: tuple, postings: list) -> None:
        """Postings analysed elsewhere (``whoosh_ahead``) for a key of ``unanalysed``."""
        self._analysed[key] = postings

    def per_document_reader(self):
        return _Lengths(super().per_document_reader(), self.schema, self._lengths)

    def _flush_segment(self):
        """Whoosh's ``_flush_segment``, writing the grouped pool term by term."""
        if not isinstance(self.pool, whoosh_postings.GroupedPool) or not self.codec.length_stats:
            return super()._flush_segment()
        self.perdocwriter.close()
        lengths = self.per_document_reader()
        whoosh_postings.write(self.fieldwriter, self.schema, self.pool, lengths)
        self.fieldwriter.close()
        lengths.close()


def analyse(field, value) -> list:
    """A value's postings in a field: (term bytes, frequency, weight, value bytes)."""
    # ``* 1.0``: Whoosh multiplies every weight by the (float) field boost.
    return [(t, freq, w * 1.0, v) for t, freq, w, v in field.index(value)]


class _Lengths:
    """A per-document reader whose unscored fields have length 0 without a lookup (what
    Whoosh answers for them after looking), and whose lengths of documents this writer
    added come from memory; documents merged in from other segments are read."""

    def __init__(self, reader, schema, added):
        self._reader = reader
        self._unscored = {name for name, field in schema.items() if not field.scorable}
        self._added = added

    def doc_field_length(self, docnum, fieldname, default=0):
        if fieldname in self._unscored:
            return default
        length = self._added.get(fieldname, {}).get(docnum)
        if length is not None:
            return length
        return self._reader.doc_field_length(docnum, fieldname, default)

    def of(self, fieldname):
        """``doc_field_length`` for one field, as a function of the document number."""
        if fieldname in self._unscored:
            return lambda docnum: 0
        added, read = self._added.get(fieldname, {}), self._reader.doc_field_length

        def length(docnum):
            found = added.get(docnum)
            return read(docnum, fieldname, 0) if found is None else found

        return length

    def __getattr__(self, name):
        return getattr(self._reader, name)
