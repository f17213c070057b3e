"""The segment writer that skips Whoosh's length lookups writes the index Whoosh writes."""

from whoosh import index as whoosh_index

from rulebook.search import whoosh_schema as ws
from rulebook.search.whoosh_writer import SegmentWriter

from .test_whoosh_update import ENTRIES


def _postings(path) -> list:
    """Every term's postings with its block's length bounds (what quality pruning reads)."""
    out = []
    with whoosh_index.open_dir(str(path)).reader() as reader:
        for fieldname, text in reader.all_terms():
            m = reader.postings(fieldname, text)
            bounds = (m.block_min_length(), m.block_max_length())
            out.append((fieldname, text, bounds, [(i, w) for i, w in m.items_as("weight")]))
        lengths = {name: reader.field_length(name) for name in reader.schema.scorable_names()}
    return [out, lengths]


def test_the_writer_writes_what_whoosh_writes(tmp_path):
    built = []
    for name, make in (("ours", SegmentWriter), ("whoosh", None)):
        (tmp_path / name).mkdir()
        ix = whoosh_index.create_in(str(tmp_path / name), ws.build_schema())
        writer = make(ix) if make else ix.writer()
        for e in ENTRIES:
            writer.add_document(**ws.document_fields(e))
        writer.commit()
        built.append(_postings(tmp_path / name))
    assert built[0] == built[1] and built[0][0]
