"""Keywords, and the knowledge files (FAQ, errata, cards) each game was last loaded from.

FAQ rulings live in ``faq``, cards with their printings and errata in ``cards``, and the
citations between all of them in ``links``.
"""

from django.core.cache import cache
from django.db import models
from django.urls import reverse
from django.utils import translation

from .rules import Document, Game


class KnowledgeSourceQuerySet(models.QuerySet):
    def of_game(self, game):
        return self.filter(game=game)

    def faq(self):
        return self.filter(kind__startswith="faq-")

    def image_hosts(self) -> list[str]:
        """Origins of the card images in every card gallery, as the ingest recorded them
        (derived from the printings for a gallery ingested before it did). Each is checked
        again: a report written before the check, or edited by hand, may hold anything."""
        from ingest.knowledge.cards import image_origin
        from ingest.urls import csp_origin

        from .cards import Printing

        hosts = set()
        for game_id, report in self.filter(kind="cards").values_list("game_id", "report"):
            if "image_hosts" in report:
                recorded = report["image_hosts"]
                hosts.update(map(csp_origin, recorded if isinstance(recorded, list) else []))
                continue
            urls = Printing.objects.filter(game_id=game_id).values_list("image_url", flat=True)
            hosts.update(map(image_origin, urls.distinct()))
        return sorted(hosts - {None})


def image_hosts(generation: str | None = None) -> list[str]:
    """``KnowledgeSource.objects.image_hosts()``, cached under the data generation like every
    other derived value, so an ingest or a removal changes it with the rest. ``generation``:
    its token, when the caller has read it already (a page read it for its own validators)."""
    from .generation import DataGeneration

    key = f"csp-image-hosts:{generation or DataGeneration.current()[0]}"
    hosts = cache.get(key)
    if hosts is None:
        hosts = KnowledgeSource.objects.image_hosts()
        cache.set(key, hosts, 86400)
    return hosts


class KnowledgeSource(models.Model):
    """One ingested knowledge file per (game, kind): its hash makes a re-ingest a no-op."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="knowledge_sources")
    kind = models.CharField(max_length=20)  # faq-community, faq-official, errata, cards, banned
    source_name = models.CharField(max_length=255)
    content_hash = models.CharField(max_length=64)
    report = models.JSONField(default=dict)
    ingested_at = models.DateTimeField(auto_now=True)

    objects = KnowledgeSourceQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "kind"], name="unique_knowledge_source")
        ]

    def __str__(self):
        return f"{self.game} {self.kind} ({self.source_name})"


class KeywordQuerySet(models.QuerySet):
    def in_document(self, document):
        return self.filter(document=document)

    def of_game(self, game):
        return self.filter(document__game=game)

    def defined_at(self, number: str):
        """The keyword whose defining rule is ``number``: how languages find each other's."""
        return self.filter(number=number)

    def by_number(self) -> dict:
        return {keyword.number: keyword for keyword in self}


class Keyword(models.Model):
    """A keyword as one Core Rules document defines it; each version keeps its own rows."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="keywords")
    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=80)
    number = models.CharField(max_length=40)
    types = models.JSONField(default=list)
    written_forms = models.JSONField(default=list)
    summary = models.TextField(blank=True)
    aliases = models.JSONField(default=list)
    rule_numbers = models.JSONField(default=list)
    takes_value = models.BooleanField(default=False)
    notes = models.JSONField(default=list)
    # [[granting keyword name, rule number], ...]: "Hidden cards gain Reaction through 811.6".
    granted_by = models.JSONField(default=list)
    position = models.PositiveIntegerField(default=0)

    objects = KeywordQuerySet.as_manager()

    class Meta:
        ordering = ["document", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "slug"], name="unique_keyword_slug")
        ]
        indexes = [models.Index(fields=["document", "number"])]

    def __str__(self):
        return f"{self.name} ({self.number})"

    def get_absolute_url(self):
        with translation.override(self.document.language):
            return reverse("keyword", kwargs={"game": self.document.game.slug, "slug": self.slug})

    @property
    def type(self):
        return self.types[0] if self.types else ""
