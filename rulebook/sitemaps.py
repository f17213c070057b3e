"""Sitemaps: every rule page of every default version, in each language, plus the contents."""

from django.contrib.sitemaps import Sitemap
from django.db.models import Max

from .models import Document, Rule


def _default_documents():
    newest = (
        Document.objects.filter(kind__in=["core-rules", "tournament-rules"])
        .values("game", "kind", "language")
        .annotate(newest=Max("version"))
    )
    ids = []
    for row in newest:
        ids.extend(
            Document.objects.filter(
                game=row["game"], kind=row["kind"], language=row["language"], version=row["newest"]
            ).values_list("pk", flat=True)
        )
    return ids


class ContentsSitemap(Sitemap):
    changefreq = "weekly"
    priority = 0.8
    i18n = False

    def items(self):
        return Document.objects.filter(pk__in=_default_documents()).select_related("game")

    def location(self, item):
        return item.get_absolute_url()

    def lastmod(self, item):
        return item.ingested_at


class RuleSitemap(Sitemap):
    changefreq = "monthly"
    limit = 5000

    def __init__(self):
        self._prefixes = {}

    def _prefix(self, rule):
        """Reversing thousands of localised URLs is slow; reverse once per document."""
        if rule.document_id not in self._prefixes:
            sample = rule.get_absolute_url().split("#")[0]
            self._prefixes[rule.document_id] = sample[: -len(rule.number) - 1]
        return self._prefixes[rule.document_id]

    def items(self):
        return (
            Rule.objects.filter(document__in=_default_documents(), occurrence=1)
            .select_related("document__game")
            .defer("document__report", "text", "repairs")
            .order_by("document", "position")
        )

    def location(self, item):
        return f"{self._prefix(item)}{item.number}/"

    def lastmod(self, item):
        return item.document.ingested_at


SITEMAPS = {"contents": ContentsSitemap, "rules": RuleSitemap}
