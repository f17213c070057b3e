"""Ingesting knowledge files: routing by content, idempotence, failures that change nothing."""

import pytest
from django.core.management import CommandError, call_command

from rulebook.models import Card, FaqEntry, Link, Printing

pytestmark = pytest.mark.django_db

DEMO_KNOWLEDGE = ["demo/lanternfall/cards", "demo/lanternfall/faq"]


def _snapshot():
    return (
        FaqEntry.objects.count(),
        Card.objects.count(),
        Printing.objects.count(),
        Link.objects.count(),
        sorted(Card.objects.values_list("slug", "banned")),
    )


def test_second_ingest_reports_everything_unchanged(demo_data, capsys):
    call_command("ingest", *DEMO_KNOWLEDGE, "--game", "lanternfall", stdout=None)
    out = capsys.readouterr().out
    assert "faq entries: 0 created, 0 updated, 7 unchanged, 0 removed" in out
    assert "printings: 0 created, 0 updated, 17 unchanged, 0 removed" in out
    assert "errata: 0 created, 0 updated, 2 unchanged" in out
    assert "Files: 0 created, 0 updated, 5 unchanged." in out
    assert "FAQ rule citations resolved: 100.0%" in out


def test_changed_entry_is_updated_in_place(demo_data, tmp_path, capsys):
    text = open("demo/lanternfall/faq/lanternfall-community.mdx.md", encoding="utf-8").read()
    entry = FaqEntry.objects.get(
        page__slug="the-chain" if False else "general-rules/the-chain", anchor="countered-rite"
    )
    changed = tmp_path / "community.mdx.md"
    changed.write_text(
        text.replace("like a Rite that resolved", "as a resolved Rite does"), encoding="utf-8"
    )
    call_command("ingest", str(changed), "--game", "lanternfall")
    out = capsys.readouterr().out
    assert "faq entries: 0 created, 1 updated, 6 unchanged, 0 removed" in out
    entry.refresh_from_db()
    assert "as a resolved Rite does" in entry.answer_markdown
    call_command(
        "ingest", "demo/lanternfall/faq/lanternfall-community.mdx.md", "--game", "lanternfall"
    )  # back to the bundled text for the other tests


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("card-gallery.json", '{"cards": [{"name": "Broken"'),
        ("faq.mdx.md", '<!-- FILE: content/cards/x.mdx -->\n---\ntitle: "X"\n\n## Q? [#q]\n\nA.'),
        ("cards.json", '{"cards": [{"name": "No Id", "domains": 3}], "count": 1}'),
    ],
)
def test_broken_file_fails_cleanly(demo_data, tmp_path, name, content):
    before = _snapshot()
    broken = tmp_path / name
    broken.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("ingest", *DEMO_KNOWLEDGE, str(broken), "--game", "lanternfall")
    assert _snapshot() == before


def test_dry_run_writes_nothing(demo_data, tmp_path):
    before = _snapshot()
    gallery = open("demo/lanternfall/cards/card-gallery_2026-05-01.json", encoding="utf-8").read()
    changed = tmp_path / "gallery.json"
    changed.write_text(gallery.replace("Quickstep Courier", "Quickstep Runner"), encoding="utf-8")
    call_command("ingest", str(changed), "--game", "lanternfall", "--dry-run")
    assert _snapshot() == before
