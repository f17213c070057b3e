"""Keyword, FAQ and card pages on the bundled demo game (Lanternfall's invented FAQ and cards)."""

import re

import pytest

from rulebook.models import Card, FaqEntry, Keyword, Link

pytestmark = pytest.mark.django_db


def page(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, url
    return response.content.decode()


def test_keyword_index_lists_keywords_with_counts(demo_data, client):
    html = page(client, "/en/lanternfall/keywords/")
    assert 'href="/en/lanternfall/keywords/swift/"' in html
    assert "Permissive" in html and "Triggered" in html
    row = re.search(r"keywords/swift/\">Swift</a></th>(.*?)</tr>", html).group(1)
    assert re.findall(r"<td[^>]*>(\d+)</td>", row) == ["4", "5", "5"]  # rules, FAQ entries, cards


def test_keyword_page_shows_rules_faq_and_cards(demo_data, client):
    html = page(client, "/en/lanternfall/keywords/swift/")
    for number in ("711", "711.1", "711.2", "711.3"):
        assert f'id="{number}"' in html
    assert "Permissive" in html and "<code>[Swift]</code>" in html
    assert "Can a Swift Warden be played during a clash?" in html
    assert 'class="xref-preview" role="tooltip"' in html
    assert "5 cards with this keyword" in html and "6 printings carry it." in html
    assert 'href="/en/lanternfall/cards/quickstep-courier/"' in html
    assert "Other rules that mention it" in html and 'href="/en/lanternfall/rules/302.1/"' in html
    assert "riftboundfaq.com" in html and "creativecommons.org/licenses/by-sa/4.0/" in html
    assert '<link rel="canonical" href="http://testserver/en/lanternfall/keywords/swift/">' in html
    assert '<meta property="og:title" content="Swift — Lanternfall">' in html


def test_keyword_page_filters_cards_without_javascript(demo_data, client):
    html = page(client, "/en/lanternfall/keywords/swift/?type=Rite")
    cards = re.findall(r'class="card-row" lang="en"><a href="[^"]+">([^<]+)</a>', html)
    assert cards == ["Sudden Gust"]
    html = page(client, "/en/lanternfall/keywords/swift/?set=Ember+Tide&domain=Amber")
    cards = re.findall(r'class="card-row" lang="en"><a href="[^"]+">([^<]+)</a>', html)
    assert cards == ["Glimmerwing", "Quickstep Courier"]


def test_french_keyword_page_matches_by_rule_number(demo_data, client):
    html = page(client, "/fr/lanternfall/keywords/celerite/")
    assert "<h1>Célérité</h1>" in html and 'id="711.1"' in html
    assert 'lang="en"' in html and "english-note" in html
    assert "Can a Swift Warden be played during a clash?" in html
    response = client.get("/fr/lanternfall/keywords/swift/")
    assert response.status_code == 302 and response["Location"].endswith("/keywords/celerite/")


def test_every_demo_faq_entry_has_its_own_url(demo_data, client):
    entries = list(
        FaqEntry.objects.filter(page__game__slug="lanternfall").select_related("page__game")
    )
    assert len(entries) == 11
    for entry in entries:
        url = entry.get_absolute_url()
        path, anchor = url.split("#")
        assert f'id="{anchor}"' in page(client, path), url


def test_faq_page_credits_and_warns_about_moved_numbers(demo_data, client):
    html = page(client, "/en/lanternfall/faq/mechanics/swift/")
    assert "reviewed against Core Rules 1.0" in html
    assert "some cited rule numbers may have moved" in html
    assert 'class="rule-ref xref" href="/en/lanternfall/rules/711.2/"' in html
    # 509.3 is read in Core Rules 1.0, which the page was reviewed against, then followed.
    assert 'class="rule-ref xref" href="/en/lanternfall/rules/711.3/"' in html
    assert "cited as 509.3 in Core Rules 2026-01" in html
    assert 'href="/en/lanternfall/cards/quickstep-courier/"' in html
    html = page(client, "/en/lanternfall/faq/general-rules/the-chain/")
    assert 'href="/en/lanternfall/faq/mechanics/swift/#during-clash"' in html


def test_faq_index_browses_by_source_and_topic(demo_data, client):
    html = page(client, "/en/lanternfall/faq/")
    assert "Shrouded Paths FAQ" in html and "Lantern Warden" in html
    assert 'href="/en/lanternfall/faq/cards/lantern-warden/#ward-stacking"' in html
    html = page(client, "/en/lanternfall/faq/?source=community&topic=mechanic")
    assert "Swift" in html and "Lantern Warden</a>" not in html and "Shrouded Paths FAQ" not in html
    html = page(client, "/en/lanternfall/faq/official/shrouded-paths-faq/")
    assert 'id="do-two-instances-of-ward-add-up"' in html and "Official FAQ" in html


def test_card_page_shows_printings_keywords_faq_and_errata(demo_data, client):
    html = page(client, "/en/lanternfall/cards/lantern-warden/")
    assert "2 printings" in html and "SP-002/040" in html and "ET-102/040" in html
    assert 'class="keyword" href="/en/lanternfall/keywords/ward/"' in html
    assert "Does Ward stack when Lantern Warden carries Tethered Lamp?" in html
    assert "[Ward 3]" in html and "Old text" in html and "2026-05-11" in html
    assert 'href="/en/lanternfall/rules/714.3/"' in html
    html = page(client, "/en/lanternfall/cards/ashen-bellringer/")
    assert "banned" in html
    assert 'role="img" aria-label="2 Energy"' in html


def test_card_index_filters_and_lists(demo_data, client):
    html = page(client, "/en/lanternfall/cards/")
    assert "15 cards." in html
    html = page(client, "/en/lanternfall/cards/?type=Relic")
    assert "1 card." in html and "Tethered Lamp" in html
    page(client, "/en/lanternfall/cards/no-such-card/", status=404)
    page(client, "/en/lanternfall/keywords/no-such-keyword/", status=404)
    page(client, "/en/lanternfall/faq/cards/nothing-here/", status=404)


def test_rule_page_shows_faq_and_cards(demo_data, client):
    html = page(client, "/en/lanternfall/rules/711/")
    assert "FAQ citing this rule" in html and "Can a Swift Warden be played" in html
    assert "Cards with this keyword" in html and "5 cards carry Swift." in html
    html = page(client, "/en/lanternfall/rules/2026-01/509/")  # older version: no FAQ section
    assert "FAQ citing this rule" not in html


def test_links_go_both_ways(demo_data):
    swift = Keyword.objects.get(
        document__game__slug="lanternfall",
        document__language="en",
        document__version="2026-05-01",
        slug="swift",
    )
    courier = Card.objects.get(game__slug="lanternfall", slug="quickstep-courier")
    assert Link.objects.filter(
        source_kind="card", source_id=courier.pk, target_id=swift.pk, target_kind="keyword"
    ).exists()
    assert Link.objects.filter(source_kind="rule", target_kind="keyword", target_id=swift.pk)
    unresolved = Link.objects.filter(
        game__slug="lanternfall", source_kind="faq", target_kind="rule", target_id__isnull=True
    )
    assert list(unresolved.values_list("target_key", flat=True)) == []
    followed = Link.objects.get(game__slug="lanternfall", source_kind="faq", written="509.3")
    assert followed.target_key == "711.3" and followed.note == "cited:2026-01:509.3"
