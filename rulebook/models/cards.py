"""Cards, their printings (one per set and art) and their errata."""

from django.db import models
from django.urls import reverse
from django.utils import translation

from ingest.knowledge.cards import image_origin

from .rules import Game


class CardQuerySet(models.QuerySet):
    def of_game(self, game):
        return self.filter(game=game)

    def with_ids(self, ids):
        return self.filter(pk__in=set(ids))

    def with_printings(self):
        """Cards by name with their printings: what every card list shows."""
        return self.prefetch_related("printings").order_by("name")


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200)
    domains = models.JSONField(default=list)
    card_types = models.JSONField(default=list)
    super_types = models.JSONField(default=list)
    tags = models.JSONField(default=list)
    energy = models.CharField(max_length=10, blank=True)
    might = models.CharField(max_length=10, blank=True)
    power = models.CharField(max_length=10, blank=True)
    ability_text = models.TextField(blank=True)
    keywords = models.JSONField(default=list)  # [{"name", "value", "in_reminder"}]
    banned = models.BooleanField(default=False)
    position = models.PositiveIntegerField(default=0)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["game", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="unique_card_slug")]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return self.url()

    def url(self, language="en"):
        with translation.override(language):
            return reverse("card", kwargs={"game": self.game.slug, "slug": self.slug})

    @property
    def image(self):
        """The first printing with an http(s) image, read from prefetched printings."""
        for printing in self.printings.all():
            if image_origin(printing.image_url):
                return printing
        return None


class Printing(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="printings")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    external_id = models.CharField(max_length=80)
    public_code = models.CharField(max_length=40, blank=True)
    collector_number = models.PositiveIntegerField(null=True, blank=True)
    set_name = models.CharField(max_length=100, blank=True)
    set_id = models.CharField(max_length=20, blank=True)
    rarity = models.CharField(max_length=40, blank=True)
    image_url = models.URLField(max_length=500, blank=True)
    image_alt = models.TextField(blank=True)
    ability_text = models.TextField(blank=True)
    keywords = models.JSONField(default=list)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["card", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "external_id"], name="unique_printing_id")
        ]

    def __str__(self):
        return f"{self.card.name} {self.public_code}"

    @property
    def keyword_names(self):
        return [use["name"] for use in self.keywords]


class ErratumQuerySet(models.QuerySet):
    def for_card(self, card):
        """A card's errata, newest first."""
        return self.filter(card=card).order_by("-published_at")


class Erratum(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="errata")
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.SET_NULL, related_name="errata"
    )
    card_name = models.CharField(max_length=200)
    card_key = models.CharField(max_length=200)
    article_id = models.CharField(max_length=200)
    article_title = models.CharField(max_length=300, blank=True)
    set_name = models.CharField(max_length=100, blank=True)
    old_text = models.TextField(blank=True)
    new_text = models.TextField(blank=True)
    origin_url = models.URLField(max_length=500, blank=True)
    published_at = models.CharField(max_length=32, blank=True)
    updated_at = models.CharField(max_length=32, blank=True)
    position = models.PositiveIntegerField(default=0)

    objects = ErratumQuerySet.as_manager()

    class Meta:
        ordering = ["game", "-published_at", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "card_key", "article_id"], name="unique_erratum"
            )
        ]

    def __str__(self):
        return f"{self.card_name} ({self.article_id})"

    @property
    def date(self):
        return (self.updated_at or self.published_at)[:10]
