"""Rendering a page's template runs no query: its view reads everything the tags write out."""

import uuid

import pytest
from django.db import connection
from django.template.loader import get_template
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def _rendered_context(client, url: str, template: str) -> dict:
    """The context the view gave ``template`` (a page format of the test's own: the page is
    rendered, not served from the page cache), flattened with what the context processors
    added."""
    with override_settings(RULEBOOK_PAGE_FORMAT=f"tags-{uuid.uuid4().hex}"):
        response = client.get(url)
    assert response.status_code == 200
    names = [t.name for t in response.templates]
    return response.context[names.index(template)].flatten()


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        # References, defined terms, and the other language's page from the view's alternates.
        ("/en/lanternfall/rules/302/", ['class="xref"', 'class="term"', 'href="/fr/lanternfall/']),
        ("/fr/lanternfall/rules/302/", ['class="lang-link"']),
        # The document switch, and the other language's link read for the request.
        ("/en/lanternfall/tournament-rules/", ['class="document-switch"', 'class="lang-link"']),
    ],
)
def test_rendering_a_rules_page_runs_no_query(demo_data, client, url, shown):
    template = "rulebook/toc.html" if url.endswith("-rules/") else "rulebook/rule.html"
    context = _rendered_context(client, url, template)
    with CaptureQueriesContext(connection) as queries:
        html = get_template(template).render(context)
    assert [q["sql"] for q in queries.captured_queries] == []
    assert all(snippet in html for snippet in shown), shown
