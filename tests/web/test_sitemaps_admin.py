"""The sitemap lists keyword, FAQ and card pages; the knowledge models are in the admin."""

import re

import pytest
from django.contrib.auth import get_user_model

from rulebook.models import (
    Card,
    Erratum,
    FaqEntry,
    FaqPage,
    Keyword,
    KnowledgeSource,
    Link,
    Printing,
    Rule,
)
from rulebook.web.sitemaps import _default_documents

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


def sitemap_locations(client) -> list[str]:
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    return re.findall(r"<loc>([^<]+)</loc>", response.content.decode())


def test_sitemap_lists_keyword_faq_and_card_pages(demo_data, client):
    locations = sitemap_locations(client)
    assert len(locations) == len(set(locations))
    for path in [
        "/en/lanternfall/keywords/swift/",
        "/fr/lanternfall/keywords/celerite/",
        "/en/lanternfall/faq/mechanics/swift/",
        "/fr/lanternfall/faq/mechanics/swift/",
        "/en/lanternfall/faq/official/shrouded-paths-faq/",
        "/fr/lanternfall/faq/official/shrouded-paths-faq/",
        "/en/lanternfall/cards/lantern-warden/",
        "/fr/lanternfall/cards/lantern-warden/",
    ]:
        assert f"{HOST}{path}" in locations, path
    assert f"{HOST}/fr/lanternfall/keywords/swift/" not in locations  # French slugs in French
    keywords = [u for u in locations if "/keywords/" in u]
    assert len(keywords) == Keyword.objects.filter(document__in=_default_documents()).count()
    cards = [u for u in locations if re.search(r"^[^#]+://[^/]+/[a-z]+/[^/]+/cards/", u)]
    assert len(cards) == 2 * Card.objects.count()  # both interface languages
    assert len([u for u in locations if "/faq/" in u]) == 2 * FaqPage.objects.count()


def test_every_rule_of_the_default_versions_is_listed(demo_data, client):
    """No second sitemap page nothing links to: every rule fits in /sitemap.xml."""
    rules = [u for u in sitemap_locations(client) if re.search(r"/(tournament-)?rules/[^/]+/$", u)]
    expected = Rule.objects.filter(document__in=_default_documents(), occurrence=1).count()
    assert len(rules) == expected


@pytest.mark.corpus
def test_every_corpus_rule_is_listed_too(corpus_data, demo_data, client):
    """The corpus's default versions with the demo games' hold more than 5 000 rules (the old
    page size). Both fixtures are asked for: the corpus's alone hold fewer, and which other
    session data a worker has loaded before this test depends on the order."""
    rules = [u for u in sitemap_locations(client) if re.search(r"/(tournament-)?rules/[^/]+/$", u)]
    expected = Rule.objects.filter(document__in=_default_documents(), occurrence=1).count()
    assert expected > 5000 and len(rules) == expected


def test_sitemap_knowledge_pages_exist(demo_data, client):
    pages = [
        u
        for u in sitemap_locations(client)
        if re.search(r"/(keywords|faq|cards)/", u) and "/lanternfall/" in u
    ]
    assert pages
    for url in pages:
        assert client.get(url.removeprefix(HOST)).status_code == 200, url


def test_sitemap_queries_do_not_grow_with_rows(demo_data, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(20):
        assert client.get("/sitemap.xml").status_code == 200


MODELS = [KnowledgeSource, Keyword, FaqPage, FaqEntry, Card, Printing, Erratum, Link]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_admin_pages_for_a_superuser(demo_data, admin_client, model):
    base = f"/admin/rulebook/{model._meta.model_name}/"
    assert admin_client.get(base).status_code == 200
    assert admin_client.get(base, {"q": "swift"}).status_code == 200
    first = model.objects.order_by("pk").first()
    assert first is not None, model
    assert admin_client.get(f"{base}{first.pk}/change/").status_code == 200


def test_admin_filters_unresolved_links_and_shows_reports(demo_data, admin_client):
    response = admin_client.get("/admin/rulebook/link/", {"target_id__isempty": "1"})
    assert response.status_code == 200
    source = KnowledgeSource.objects.get(game__slug="lanternfall", kind="faq-community")
    page = admin_client.get(f"/admin/rulebook/knowledgesource/{source.pk}/change/")
    assert b"faq_rule_share" in page.content


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_admin_needs_a_staff_login(demo_data, client, model):
    url = f"/admin/rulebook/{model._meta.model_name}/"
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    user = get_user_model().objects.create_user("reader", password="x")  # not staff
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_an_admin_edit_bumps_the_data_generation_so_cached_pages_revalidate(
    demo_data, admin_client
):
    from rulebook.models import DataGeneration, Rule

    page = admin_client.get("/en/lanternfall/rules/211/")
    etag, before = page["ETag"], DataGeneration.current_number()
    rules = Rule.objects.filter(document__game__slug="lanternfall", document__language="en")
    rule = rules.filter(number="211").order_by("-document__version").first()
    form = admin_client.get(f"/admin/rulebook/rule/{rule.pk}/change/").context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data = {**data, "text": rule.text + " (fixed)"}
    for name in ("parent", "section", "document"):
        data[name] = getattr(rule, f"{name}_id") or ""
    response = admin_client.post(f"/admin/rulebook/rule/{rule.pk}/change/", data)
    assert response.status_code == 302, (
        getattr(response, "context", None) and response.context["adminform"].form.errors
    )
    assert DataGeneration.current_number() == before + 1
    again = admin_client.get("/en/lanternfall/rules/211/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag
    assert "(fixed)" in again.content.decode()
