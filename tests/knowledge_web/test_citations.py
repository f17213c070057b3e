"""FAQ citations read against the Core Rules they were written for (issue 14, item 2)."""

import pytest

from rulebook.models import FaqEntry, Link

pytestmark = pytest.mark.django_db


def test_demo_report_counts_citations_by_how_they_resolved(demo_data):
    from rulebook.loading.links import relink
    from rulebook.models import Game

    summary = relink(Game.objects.get(slug="lanternfall"))
    citations = summary["citations"]
    assert citations["history"]["items"] == ["mechanics/swift#entering-play: 509.3 -> 711.3"]
    assert "unresolved" not in citations and citations["direct"]["count"] > 10


@pytest.mark.corpus
def test_corpus_official_faq_citations_all_resolve(corpus_knowledge, client):
    unresolved = Link.objects.filter(
        game__slug="riftbound", source_kind="faq", target_kind="rule", target_id__isnull=True
    )
    official = FaqEntry.objects.filter(page__source="official").values("pk")
    assert list(unresolved.filter(source_id__in=official).values_list("written", flat=True)) == []


@pytest.mark.corpus
def test_corpus_unleashed_citations_follow_their_version(corpus_knowledge, client):
    links = Link.objects.filter(game__slug="riftbound", source_kind="faq", target_kind="rule")
    unleashed = FaqEntry.objects.filter(page__slug__contains="unleashed").values("pk")
    cited = {link.written: link for link in links.filter(source_id__in=unleashed)}
    assert cited["187.4.c"].target_key == "190.4.c"
    assert cited["187.4.c"].note == "cited:2026-03-30:187.4.c"
    for number in ("316.5.b", "467"):
        assert cited[number].target_key != number  # today's rule of that number is another
    entry = FaqEntry.objects.get(pk=cited["187.4.c"].source_id)
    html = client.get(entry.page.url()).content.decode()
    assert 'href="/en/riftbound/rules/190.4.c/"' in html
    assert "cited as 187.4.c in Core Rules 2026-03-30" in html
