"""FAQ rulings: community pages and official articles, each a list of questions and answers.

Rows are keyed on natural keys (source + page slug + anchor) so a new download of the same
source updates entries in place and their URLs never move.
"""

from django.db import models
from django.urls import reverse
from django.utils import translation

from .rules import Game


class FaqPageQuerySet(models.QuerySet):
    def of_game(self, game):
        return self.filter(game=game)

    def community(self):
        return self.filter(source=FaqPage.COMMUNITY)

    def from_source(self, source: str | None):
        """Pages of one source; no source: every page."""
        return self.filter(source=source) if source else self

    def on_topic(self, topic: str | None):
        return self.filter(kind=topic) if topic else self

    def related_to(self, entries):
        """The community pages that ``entries`` name as related reading."""
        return self.community().filter(slug__in={s for e in entries for s in e.related_pages})

    def with_question_list(self):
        """Each page with its entries' questions only: what an index page lists."""
        light = FaqEntry.objects.only("pk", "page_id", "anchor", "question", "position")
        return self.prefetch_related(models.Prefetch("entries", queryset=light))

    def with_entry_counts(self):
        return self.annotate(entry_count=models.Count("entries"))

    def totals_by_source(self) -> dict[str, dict]:
        """{source: {"pages", "entries"}}: what each FAQ source holds."""
        rows = (
            self.order_by()
            .values("source")
            .annotate(pages=models.Count("id", distinct=True), entries=models.Count("entries"))
        )
        return {row["source"]: row for row in rows}


class FaqPage(models.Model):
    """A community FAQ page (one card or mechanic) or an official FAQ article."""

    COMMUNITY, OFFICIAL = "community", "official"
    SOURCES = (COMMUNITY, OFFICIAL)
    # What a community page is about; official articles are their own topic.
    TOPICS = ("card", "mechanic", "general")

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

    objects = FaqPageQuerySet.as_manager()

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


class FaqEntryQuerySet(models.QuerySet):
    def of_game(self, game):
        return self.filter(page__game=game)

    def from_source(self, source: str):
        return self.filter(page__source=source)

    def with_ids(self, ids):
        return self.filter(pk__in=set(ids))

    def in_reading_order(self):
        """Community pages first, then official articles, each page's entries in order."""
        return self.select_related("page__game").order_by(
            "page__source", "page__position", "position"
        )


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

    objects = FaqEntryQuerySet.as_manager()

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
