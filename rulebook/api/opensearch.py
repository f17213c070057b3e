"""The OpenSearch description: browsers offer "Add Rulebook" and search from the address bar.

Served at ``/opensearch.xml`` (not under a language prefix, as base.html links to it from every
page); the language of the search page comes from ``?lang=`` or the browser's preference.
"""

from __future__ import annotations

from urllib.parse import urlencode
from xml.sax.saxutils import escape, quoteattr

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe

from rulebook import languages

CONTENT_TYPE = "application/opensearchdescription+xml"
LANGS = languages.codes()


def _language(request) -> str:
    lang = request.GET.get("lang") or translation.get_language_from_request(
        request, check_path=False
    )
    return lang if lang in LANGS else settings.LANGUAGE_CODE


def description_xml(request, lang: str) -> str:
    with translation.override(lang):
        search = request.build_absolute_uri(reverse("search"))
    suggest = request.build_absolute_uri(reverse("api_suggest"))
    suggest += "?" + urlencode({"format": "opensearch", "lang": lang}) + "&q={searchTerms}"
    self_url = request.build_absolute_uri(reverse("opensearch"))
    html_url = quoteattr(search + "?q={searchTerms}")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" '
        'xmlns:moz="http://www.mozilla.org/2006/browser/search/">\n'
        "  <ShortName>Rulebook</ShortName>\n"
        "  <Description>Trading-card-game rules, rule by rule: search or type a rule "
        "number.</Description>\n"
        "  <InputEncoding>UTF-8</InputEncoding>\n"
        f"  <Language>{escape(lang)}</Language>\n"
        f'  <Url type="text/html" method="get" template={html_url}/>\n'
        f'  <Url type="application/x-suggestions+json" method="get"'
        f" template={quoteattr(suggest)}/>\n"
        f'  <Url type="{CONTENT_TYPE}" rel="self" template={quoteattr(self_url)}/>\n'
        f"  <moz:SearchForm>{escape(search)}</moz:SearchForm>\n"
        "</OpenSearchDescription>\n"
    )


@require_safe
def opensearch(request):
    response = HttpResponse(
        description_xml(request, _language(request)), content_type=f"{CONTENT_TYPE}; charset=utf-8"
    )
    patch_vary_headers(response, ["Accept-Language"])
    patch_cache_control(response, public=True, max_age=86400)
    return response
