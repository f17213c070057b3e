"""What is said about the rules: keywords, FAQ rulings, cards, printings, errata, and links.

FAQ, card and errata rows are keyed on natural keys (page slug + anchor, card slug, printing id,
card + article) so a new download of the same source updates rows in place and pages keep
their URLs. Every citation between them, in either direction, is one ``Link`` row: pages ask
one table "what points here" and "where does this point" instead of one table per pair.
"""

from django.db import models
from django.urls import reverse
from django.utils import translation

from rulebook.models.rules import Document, Game, Rule


class KnowledgeSource(models.Model):
    """One ingested knowledge file per (game, kind): its hash makes a re-ingest a no-op."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="knowledge_sources")
    kind = models.CharField(max_length=20)  # faq-community, faq-official, errata, cards, banned
    source_name = models.CharField(max_length=255)
    content_hash = models.CharField(max_length=64)
    report = models.JSONField(default=dict)
    ingested_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "kind"], name="unique_knowledge_source")
        ]

    def __str__(self):
        return f"{self.game} {self.kind} ({self.source_name})"


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


class FaqPage(models.Model):
    """A community FAQ page (one card or mechanic) or an official FAQ article."""

    COMMUNITY, OFFICIAL = "community", "official"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="faq_pages")
    source = models.CharField(max_length=16)  # community / official
    slug = models.CharField(max_length=200)  # "cards/abandoned-hall", or an article id
    title = models.CharField(max_length=300)
    kind = models.CharField(max_length=16)  # card / mechanic / general / official
    authors = models.JSONField(default=list)
    created_at = models.CharField(max_length=32, blank=True)
    published_at = models.CharField(max_length=32, blank=True)
    updated_at = models.CharField(max_length=32, blank=True)
    reviewed_version = models.CharField(max_length=20, blank=True)
    origin_url = models.URLField(max_length=500, blank=True)
    summary = models.TextField(blank=True)
    intro_markdown = models.TextField(blank=True)
    is_index = models.BooleanField(default=False)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "source", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "source", "slug"], name="unique_faq_page")
        ]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return self.url()

    @property
    def is_official(self):
        return self.source == self.OFFICIAL

    @property
    def date(self):
        """The date a reader cares about: last update, else publication or creation."""
        return (self.updated_at or self.published_at or self.created_at)[:10]

    def url(self, language="en"):
        with translation.override(language):
            if self.is_official:
                return reverse("faq_official", kwargs={"game": self.game.slug, "slug": self.slug})
            return reverse("faq_page", kwargs={"game": self.game.slug, "page": self.slug})


class FaqEntry(models.Model):
    """One question (or clarification) with its answer, addressable as page URL + #anchor."""

    page = models.ForeignKey(FaqPage, on_delete=models.CASCADE, related_name="entries")
    anchor = models.CharField(max_length=100)
    kind = models.CharField(max_length=16, default="question")  # question / clarification
    section = models.CharField(max_length=300, blank=True)
    question = models.TextField()
    question_markdown = models.TextField(blank=True)
    answer_markdown = models.TextField()
    answer_text = models.TextField()
    rule_citations = models.JSONField(default=list)  # normalised numbers, in order
    card_citations = models.JSONField(default=list)  # card names from <Card /> tags
    keyword_mentions = models.JSONField(default=list)  # as parsed; relink adds plain words
    related_pages = models.JSONField(default=list)
    images = models.JSONField(default=list)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["page", "position"]
        constraints = [models.UniqueConstraint(fields=["page", "anchor"], name="unique_faq_anchor")]

    def __str__(self):
        return self.question[:80]

    def get_absolute_url(self):
        return self.url()

    @property
    def key(self):
        return f"{self.page.slug}#{self.anchor}"

    def url(self, language="en"):
        return f"{self.page.url(language)}#{self.anchor}"


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


class Link(models.Model):
    """A citation from a FAQ entry, card or rule to a rule, card or keyword.

    ``target_key`` is what the source wrote, normalised (a rule number, a card slug, a keyword
    slug); ``target_id`` is the row it resolves to, or null. Targets of different kinds live in
    different tables, so the id is a plain integer that the relink pass keeps current.
    """

    FAQ, CARD, RULE, KEYWORD = "faq", "card", "rule", "keyword"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="links")
    # Set for rule-sourced links: their keywords resolve within the same document.
    document = models.ForeignKey(
        Document, null=True, blank=True, on_delete=models.CASCADE, related_name="keyword_links"
    )
    source_kind = models.CharField(max_length=10)
    source_id = models.PositiveIntegerField()
    target_kind = models.CharField(max_length=10)
    target_key = models.CharField(max_length=200)
    target_id = models.PositiveIntegerField(null=True, blank=True)
    written = models.CharField(max_length=200, blank=True)
    note = models.CharField(max_length=300, blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "source_kind", "source_id", "position"]
        indexes = [
            models.Index(fields=["game", "source_kind", "source_id"]),
            models.Index(fields=["game", "target_kind", "target_id"]),
            models.Index(fields=["game", "target_kind", "target_key"]),
        ]

    def __str__(self):
        return f"{self.source_kind}:{self.source_id} -> {self.target_kind}:{self.target_key}"


__all__ = [
    "Card",
    "Erratum",
    "FaqEntry",
    "FaqPage",
    "Keyword",
    "KnowledgeSource",
    "Link",
    "Printing",
    "Rule",
]
