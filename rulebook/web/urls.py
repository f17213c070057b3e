"""The HTML site's URLs: short links and crawler files at the root, pages under a language.

``i18n_urlpatterns`` go last in the root URLconf, after the API, so ``api/`` is never read as
a language-less page.
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib.sitemaps.views import sitemap
from django.urls import path, register_converter

from rulebook.web import converters, urls_knowledge
from rulebook.web.sitemaps import SITEMAPS
from rulebook.web.views import bilingual as views_bilingual
from rulebook.web.views import health as views_health
from rulebook.web.views import history as views_history
from rulebook.web.views import linkify as views_linkify
from rulebook.web.views import offline as views_offline
from rulebook.web.views import rules as views
from rulebook.web.views import search as views_search

register_converter(converters.RuleNumberConverter, "num")
register_converter(converters.VersionConverter, "ver")
register_converter(converters.KindConverter, "kind")

localised = [
    path("", views.home, name="home"),
    path("search/", views_search.search_page, name="search"),
    path("linkify/", views_linkify.linkify_page, name="linkify"),
    path("offline/", views_offline.offline_page, name="offline"),
    path("<slug:game>/", views.game_home, name="game"),
    path("<slug:game>/offline.json", views_offline.saved_copy, name="offline_copy"),
    path("<slug:game>/glossary/", views_bilingual.glossary_page, name="glossary"),
    path("<slug:game>/<kind:kind>/", views.toc, name="toc"),
    path("<slug:game>/<kind:kind>/changes/", views_history.changes_index, name="changes"),
    path("<slug:game>/<kind:kind>/changes/feed/", views_history.changes_feed, name="changes_feed"),
    path(
        "<slug:game>/<kind:kind>/changes/<str:span>/",
        views_history.changes_compare,
        name="changes_compare",
    ),
    path(
        "<slug:game>/<kind:kind>/<num:number>/history/",
        views_history.rule_history,
        name="rule_history",
    ),
    path(
        "<slug:game>/<kind:kind>/<ver:version>/<num:number>/history/",
        views_history.rule_history,
        name="rule_history_version",
    ),
    path("<slug:game>/<kind:kind>/<ver:version>/", views.toc, name="toc_version"),
    path(
        "<slug:game>/<kind:kind>/<num:number>/preview/",
        views.rule_preview_fragment,
        name="rule_preview",
    ),
    path(
        "<slug:game>/<kind:kind>/<ver:version>/<num:number>/preview/",
        views.rule_preview_fragment,
        name="rule_preview_version",
    ),
    path("<slug:game>/<kind:kind>/<num:number>/", views.rule_page, name="rule"),
    path(
        "<slug:game>/<kind:kind>/<ver:version>/<num:number>/", views.rule_page, name="rule_version"
    ),
    path(
        "<slug:game>/<kind:kind>/<num:number>/compare/",
        views_bilingual.rule_compare,
        name="rule_compare",
    ),
    path(
        "<slug:game>/<kind:kind>/<ver:version>/<num:number>/compare/",
        views_bilingual.rule_compare,
        name="rule_compare_version",
    ),
]

rulebook_patterns = [
    path("", views.root, name="root"),
    path("r/<str:number>", views.short_link, name="short"),
    # Pinned to a version: a version (digits and dashes) is never a document's abbreviation.
    path("r/<ver:version>/<str:number>", views.short_link, name="short_version"),
    path(
        "r/<ver:version>/<str:document>/<str:number>",
        views.short_link,
        name="short_version_document",
    ),
    path(
        "r/<str:document>/<ver:version>/<str:number>",
        views.short_link,
        name="short_document_version",
    ),
    path("r/<str:document>/<str:number>", views.short_link, name="short_document"),
    path("robots.txt", views.robots_txt, name="robots"),
    path("healthz", views_health.healthz, name="healthz"),
    path("favicon.ico", views_offline.favicon, name="favicon"),
    path("sw.js", views_offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", views_offline.web_manifest, name="web_manifest"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
]

i18n_urlpatterns = i18n_patterns(
    *localised, *urls_knowledge.localised, prefix_default_language=True
)
