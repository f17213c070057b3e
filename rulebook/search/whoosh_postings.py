"""Postings grouped by field and term as they are added, and written term by term.

Whoosh's pool keeps each posting as a (field, term, document, weight, value) tuple, sorts
them all (about 690,000 for the full index) and hands them one at a time to the field
writer, which checks each one for a new field or term and asks for its length. Grouped
when added, only field names and each field's terms need sorting (a term's postings arrive
in document order), and each term's postings go to the field writer in one loop. What is
written, in the order written, is what Whoosh's pool gives (``tests/search/
test_whoosh_writer.py``).

The postings stay in memory until the segment is written, as Whoosh's pool keeps them up to
the writer's ``limitmb`` (256 MB for a full build; the full index needs about a third).
"""

from __future__ import annotations


class GroupedPool:
    """Whoosh's posting pool interface (``add``, ``iter_postings``, ``cleanup``), grouped."""

    def __init__(self):
        self.fields: dict[str, dict[bytes, list]] = {}  # field -> term -> postings

    def add(self, item) -> None:
        """One (field, term, document, weight, value) posting: Whoosh's merges add these."""
        fieldname, tbytes, docnum, weight, vbytes = item
        terms = self.fields.setdefault(fieldname, {})
        terms.setdefault(tbytes, []).append((docnum, weight, vbytes))

    def add_field(self, fieldname: str, docnum: int, postings) -> None:
        """A document's postings for one field: (term, frequency, weight, value) each."""
        terms = self.fields.setdefault(fieldname, {})
        for tbytes, _, weight, vbytes in postings:
            found = terms.get(tbytes)
            if found is None:
                terms[tbytes] = [(docnum, weight, vbytes)]
            else:
                found.append((docnum, weight, vbytes))

    def iter_postings(self):
        """Every posting as Whoosh's pool gives them: sorted tuples."""
        for fieldname in sorted(self.fields):
            terms = self.fields[fieldname]
            for tbytes in sorted(terms):
                for docnum, weight, vbytes in sorted(terms[tbytes]):
                    yield fieldname, tbytes, docnum, weight, vbytes

    def cleanup(self) -> None:
        self.fields = {}


def write(fieldwriter, schema, pool: GroupedPool, lengths) -> None:
    """Write the pool's postings through a Whoosh field writer, as ``add_postings`` would:
    fields, then terms, in sorted order; documents in order; each posting with the length of
    its field in its document (``lengths.of(field)``, a look-up per field)."""
    for fieldname in sorted(pool.fields):
        terms = pool.fields[fieldname]
        fieldwriter.start_field(fieldname, schema[fieldname])
        length_of, add = lengths.of(fieldname), fieldwriter.add
        for tbytes in sorted(terms):
            postings = terms[tbytes]
            postings.sort()  # already in order unless merged segments came in between
            fieldwriter.start_term(tbytes)
            for docnum, weight, vbytes in postings:
                add(docnum, weight, b"" if vbytes is None else vbytes, length_of(docnum))
            fieldwriter.finish_term()
        fieldwriter.finish_field()
