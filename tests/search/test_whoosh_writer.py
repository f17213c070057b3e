"""Our segment writer writes the index Whoosh's writes: same postings (positions included),
block statistics, stored fields, lengths and columns, with texts repeated across entries."""

import dataclasses

from whoosh import index as whoosh_index

from rulebook.search import whoosh_schema as ws
from rulebook.search.whoosh_writer import SegmentWriter

from .test_whoosh_update import ENTRIES, entry

# The same texts again as an older version (another shelf) and as another game, and one text
# that is also a name (an identifier field, analysed differently).
REPEATED = [
    entry("105", "hidden blade", kind="keyword", title="hidden blade", path="hidden blade"),
    *ENTRIES,
    *[dataclasses.replace(e, key=e.key + ":old", is_default_version=False) for e in ENTRIES],
    *[dataclasses.replace(e, key=e.key + ":beta", game="beta", boost=1.3) for e in ENTRIES],
]


def index_content(path) -> dict:
    """Everything a search reads back, decoded: equal content, whatever the bytes."""
    postings = []
    with whoosh_index.open_dir(str(path)).reader() as reader:
        for fieldname, text in reader.all_terms():
            m = reader.postings(fieldname, text)
            bounds = (m.block_min_length(), m.block_max_length(), m.block_max_weight())
            items = []
            while m.is_active():
                items.append((m.id(), m.weight(), m.value()))
                m.next()
            postings.append((fieldname, text, bounds, items))
        docs = range(reader.doc_count_all())
        scorable = list(reader.schema.scorable_names())
        return {
            "postings": postings,
            "stored": list(reader.iter_docs()),
            "lengths": {name: reader.field_length(name) for name in scorable},
            "doc_lengths": [[reader.doc_field_length(d, name) for name in scorable] for d in docs],
            "columns": [[reader.column_reader(c)[d] for d in docs] for c in ("boost", "qboost")],
        }


def test_the_writer_writes_what_whoosh_writes(tmp_path):
    built = []
    for name, make in (("ours", SegmentWriter), ("whoosh", None)):
        (tmp_path / name).mkdir()
        ix = whoosh_index.create_in(str(tmp_path / name), ws.build_schema())
        writer = make(ix) if make else ix.writer()
        for item in REPEATED:
            writer.add_document(**ws.document_fields(item))
        writer.commit()
        built.append(index_content(tmp_path / name))
    assert built[0] == built[1]
    assert len(built[0]["stored"]) == 10 and built[0]["postings"]


def _build(path, make, batches, boosted=()):
    """An index written in ``batches``, one writer and commit each, the last one merging the
    earlier segments into its own; ``boosted``: keys given a document boost."""
    path.mkdir()
    whoosh_index.create_in(str(path), ws.build_schema())
    for i, batch in enumerate(batches, 1):
        ix = whoosh_index.open_dir(str(path))
        writer = make(ix) if make else ix.writer()
        for item in batch:
            fields = ws.document_fields(item)
            if item.key in boosted:
                fields["_boost"] = 2.0  # Whoosh's own path through our writer
            writer.add_document(**fields)
        writer.commit(optimize=i == len(batches))
    return index_content(path)


def test_merged_segments_and_whoosh_paths_write_what_whoosh_writes(tmp_path):
    """Postings of merged segments come through the pool one by one, with lengths read from
    their segment; a boosted document takes Whoosh's own path through the same pool."""
    batches = [REPEATED[:2], REPEATED[2:4], REPEATED[4:]]
    boosted = {REPEATED[5].key}
    ours = _build(tmp_path / "ours", SegmentWriter, batches, boosted)
    theirs = _build(tmp_path / "whoosh", None, batches, boosted)
    assert ours == theirs
    assert len(ours["stored"]) == 10
    with whoosh_index.open_dir(str(tmp_path / "ours")).reader() as reader:
        assert reader.is_atomic()  # the earlier segments were merged in
