"""One-statement inserts write the rows ``bulk_create`` writes, in the same order."""

import pytest

from rulebook.loading.bulk import insert_rows
from rulebook.models import Document, Game, Rule

pytestmark = pytest.mark.django_db


def _document(game, version):
    return Document(game=game, language="en", version=version, source_name=f"{version}.md")


def _rules(document):
    return [
        Rule(
            document=document,
            number_raw=f"{n}.",
            number=str(n),
            anchor=str(n),
            depth=1,
            sort_key=f"{n:04}",
            position=i,
            is_heading=i == 0,
            heading_level=1 if i == 0 else 0,
            title="Basics" if i == 0 else "",
            text=f"Rule {n} text, «quoted» and accented: é.",
            repairs=[{"kind": "spacing", "detail": "1 space removed"}] if i % 2 else [],
        )
        for i, n in enumerate((100, 101, 102))
    ]


def _rows(document):
    return list(
        Rule.objects.filter(document=document)
        .order_by("pk")
        .values(
            *(
                f.attname
                for f in Rule._meta.concrete_fields
                if f.attname not in ("id", "document_id")
            )
        )
    )


def test_inserted_rows_are_those_bulk_create_writes():
    game = Game.objects.create(slug="bulkgame", name="Bulk game")
    created = Document.objects.create(game=game, language="en", version="2026-01", source_name="a")
    documents = [_document(game, "2026-02-01")]
    assert insert_rows(Document, documents) == 1
    inserted = Document.objects.get(version="2026-02-01")
    assert inserted.ingested_at is not None and inserted.report == {}  # auto_now, default
    assert documents[0]._state.adding is False
    Rule.objects.bulk_create(_rules(created))
    assert insert_rows(Rule, _rules(inserted)) == 3
    assert _rows(inserted) == _rows(created)
    in_order = Rule.objects.filter(document=inserted).order_by("pk").values_list("position")
    assert [position for (position,) in in_order] == [0, 1, 2]
