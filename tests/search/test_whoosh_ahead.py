"""Texts analysed by a second process before the writer adds them: the same index."""

import os

from whoosh import index as whoosh_index

from rulebook.search import whoosh_ahead
from rulebook.search import whoosh_schema as ws
from rulebook.search.whoosh_writer import SegmentWriter

from .test_whoosh_writer import REPEATED, index_content


def _build(path, processes):
    """An index of REPEATED; returns its content and how many texts a child analysed."""
    path.mkdir()
    ix = whoosh_index.create_in(str(path), ws.build_schema())
    docs = [ws.document_fields(item) for item in REPEATED]
    writer = SegmentWriter(ix)
    by_child = whoosh_ahead.analyse_ahead(writer, docs, processes, min_texts=0)
    assert not writer.unanalysed(docs)  # every text is analysed before the writer adds it
    for fields in docs:
        writer.add_document(**fields)
    writer.commit()
    return index_content(path), by_child


def test_a_second_process_writes_the_index_one_process_writes(tmp_path):
    alone, none = _build(tmp_path / "one", 1)
    shared, by_child = _build(tmp_path / "two", 2)
    assert none == 0 and by_child > 0
    assert shared == alone


def _dies(items, send):
    os._exit(3)  # before sending anything


def test_a_child_that_dies_leaves_its_texts_to_this_process(tmp_path, monkeypatch):
    alone, _ = _build(tmp_path / "one", 1)
    monkeypatch.setattr(whoosh_ahead, "_child", _dies)
    shared, by_child = _build(tmp_path / "two", 2)
    assert by_child == 0
    assert shared == alone
