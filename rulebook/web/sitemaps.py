"""Sitemaps: every rule page of every default version, in each language, plus the contents;
the keyword pages of those versions, and every FAQ and card page in each interface language.

All of them go into the one /sitemap.xml (no index), so each sitemap holds up to the
protocol's 50 000 URLs rather than spilling onto a ``?p=2`` page nothing links to.
"""

from urllib.parse import quote

from django.contrib.sitemaps import Sitemap
from django.urls import reverse
from django.utils import translation

from rulebook import kinds, languages
from rulebook.models import Card, Document, FaqPage, Keyword, KnowledgeSource, Rule
from rulebook.pages.knowledge import faq_slug_has_url, slug_has_url

MAX_URLS = 50000
_SAFE = "/~:@!$&'()*+,;="  # what ``reverse`` leaves unquoted
LANGUAGES = languages.codes()


def _default_documents() -> list[int]:
    """The newest version of each (game, kind, language): one query over the small columns."""
    newest = {}
    rows = Document.objects.filter(kind__in=kinds.keys()).values_list(
        "pk", "game_id", "kind", "language", "version"
    )
    for pk, *family, version in rows:
        if tuple(family) not in newest or version > newest[tuple(family)][0]:
            newest[tuple(family)] = (version, pk)
    return [pk for _version, pk in newest.values()]


class ContentsSitemap(Sitemap):
    changefreq = "weekly"
    priority = 0.8
    i18n = False

    def items(self):
        return (
            Document.objects.filter(pk__in=_default_documents())
            .select_related("game")
            .defer("report")
            .order_by("game", "kind", "language")
        )

    def location(self, item):
        return item.get_absolute_url()

    def lastmod(self, item):
        return item.ingested_at


class _Patterns:
    """Reversing thousands of localised URLs is slow (a language switch per call): reverse
    the first row of each (page, language, game, kind) and reuse it with the last segment
    replaced. Reversing a real value keeps the converters' checks on the first row."""

    def __init__(self):
        self._cache = {}

    def __call__(
        self, name: str, language: str, game: str, value: str, key="slug", **kwargs
    ) -> str:
        quoted = quote(value, safe=_SAFE)
        cache_key = (name, language, game, *kwargs.values())
        if cache_key not in self._cache:
            with translation.override(language):
                url = reverse(name, kwargs={"game": game, key: value, **kwargs})
            head, found, tail = url.rpartition(quoted)
            if not found:  # reversed differently than expected: no shortcut for this page
                return url
            self._cache[cache_key] = (head, tail)
        head, tail = self._cache[cache_key]
        return f"{head}{quoted}{tail}"


class TupleSitemap(Sitemap):
    """Items are ``(path, lastmod)`` tuples built in one pass: these lists run to thousands,
    and neither model instances nor per-row reversing are needed to write them."""

    changefreq = "weekly"
    limit = MAX_URLS

    def __init__(self):
        self.patterns = _Patterns()

    def location(self, item):
        return item[0]

    def lastmod(self, item):
        return item[1]


class RuleSitemap(TupleSitemap):
    changefreq = "monthly"

    def items(self):
        documents = {
            d.pk: d
            for d in Document.objects.filter(pk__in=_default_documents())
            .select_related("game")
            .defer("report")
        }
        rows = (
            Rule.objects.filter(document__in=list(documents), occurrence=1)
            .order_by("document", "position")
            .values_list("document_id", "number")
        )
        out = []
        for document_id, number in rows:
            doc = documents[document_id]
            path = self.patterns(
                "rule", doc.language, doc.game.slug, number, key="number", kind=doc.kind_slug
            )
            out.append((path, doc.ingested_at))
        return out


def _knowledge_dates() -> dict[tuple[int, str], object]:
    """{(game id, source kind): ingested_at}, plus (game id, "") for the newest of a game."""
    dates = {}
    for game_id, kind, stamp in KnowledgeSource.objects.values_list(
        "game_id", "kind", "ingested_at"
    ):
        dates[game_id, kind] = stamp
        dates[game_id, ""] = max(stamp, dates.get((game_id, ""), stamp))
    return dates


class KeywordSitemap(TupleSitemap):
    """The keyword pages of the default Core Rules in each language (French slugs in French)."""

    def items(self):
        rows = (
            Keyword.objects.filter(
                document__in=_default_documents(), document__kind=kinds.CORE_RULES
            )
            .order_by("document__game", "document__language", "position")
            .values_list(
                "slug", "document__language", "document__game__slug", "document__ingested_at"
            )
        )
        return [
            (self.patterns("keyword", language, game, slug), stamp)
            for slug, language, game, stamp in rows
            if slug_has_url(slug)
        ]


class FaqSitemap(TupleSitemap):
    """Community pages and official articles, in every interface language."""

    def items(self):
        dates = _knowledge_dates()
        rows = FaqPage.objects.order_by("game", "source", "position").values_list(
            "slug", "source", "game__slug", "game_id"
        )
        # A row no URL takes (stored before the ingest made ids URL-safe) is left out.
        rows = [row for row in rows if faq_slug_has_url(row[0], row[1])]
        out = []
        for language in LANGUAGES:
            for slug, source, game, game_id in rows:
                if source == FaqPage.OFFICIAL:
                    url = self.patterns("faq_official", language, game, slug)
                else:
                    url = self.patterns("faq_page", language, game, slug, key="page")
                out.append((url, dates.get((game_id, f"faq-{source}"))))
        return out


class CardSitemap(TupleSitemap):
    """Card pages in every interface language; they show cards, errata, bans and FAQ."""

    def items(self):
        dates = _knowledge_dates()
        rows = Card.objects.order_by("game", "name").values_list("slug", "game__slug", "game_id")
        return [
            (self.patterns("card", language, game, slug), dates.get((game_id, "")))
            for language in LANGUAGES
            for slug, game, game_id in rows
            if slug_has_url(slug)
        ]


SITEMAPS = {
    "contents": ContentsSitemap,
    "rules": RuleSitemap,
    "keywords": KeywordSitemap,
    "faq": FaqSitemap,
    "cards": CardSitemap,
}
