"""The rule tree: games, versioned documents, numbered rules and the references between them.

Query logic lives on the querysets with domain names, so views read like the domain:
``Rule.objects.in_document(doc).under("813")``.
"""

from django.db import models
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from rulebook import kinds

from .generation import DataGeneration


class GameQuerySet(models.QuerySet):
    def known(self, slug: str) -> bool:
        """Whether a game ``slug`` exists. Every search names its game, so the slugs are kept
        for the data generation; a slug not among them is asked for again (a game added
        without an ingest is still found; one removed goes with a bump)."""
        slugs = DataGeneration.kept(
            "game-slugs", lambda: frozenset(Game.objects.values_list("slug", flat=True))
        )
        return slug in slugs or self.filter(slug=slug).exists()

    def with_rules(self):
        return self.filter(documents__isnull=False).distinct()

    def short_link_default(self, preferred_slug: str | None = None):
        """The game ``/r/<number>`` points into: the configured one, else the first numbered
        game (a short link is a rule number, which prose games do not have)."""
        games = self.with_rules()
        return (
            (games.filter(slug=preferred_slug).first() if preferred_slug else None)
            or games.filter(numbering=Game.Numbering.NUMBERED).order_by("pk").first()
            or games.order_by("pk").first()
        )


class Game(models.Model):
    """A game; how its rules are numbered and what its named entries are called come from its
    documents at ingest, so views and templates need no per-game code."""

    class Numbering(models.TextChoices):
        NUMBERED = "numbered", _("Numbered rules")
        PROSE = "prose", _("Prose sections")

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    numbering = models.CharField(
        max_length=10, choices=Numbering.choices, default=Numbering.NUMBERED
    )
    # What the game's named entries are called ("Universal Reactions"); blank: "Keywords".
    entries_label = models.CharField(max_length=80, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class DocumentQuerySet(models.QuerySet):
    def of(self, game, kind=kinds.CORE_RULES, language=None):
        qs = self.filter(game__slug=getattr(game, "slug", game), kind=kind)
        return qs.filter(language=language) if language else qs

    def newest_first(self):
        return self.order_by("-version")

    def default(self, game, kind=kinds.CORE_RULES, language="en"):
        """The newest version in that language: the one unpinned URLs show."""
        return self.of(game, kind, language).newest_first().first()

    def newest_rules(self, game, language):
        """The default Core Rules in ``language``, without its large report: what keyword,
        FAQ and card pages link into."""
        rules = self.of(game, kinds.CORE_RULES, language).select_related("game").defer("report")
        return rules.newest_first().first()

    def paired(self, game, kind, version=None) -> dict:
        """One document per configured language that has any: the requested version, else
        the newest version all those languages share (else each language's newest).

        A language without documents of this kind is left out rather than shown empty, so
        adding a language to the site never empties the glossary or the side-by-side pages.
        """
        from rulebook import languages

        docs = {lang: list(self.of(game, kind, lang).newest_first()) for lang in languages.codes()}
        docs = {lang: found for lang, found in docs.items() if found}
        if version is None and docs:
            shared = set.intersection(*({d.version for d in found} for found in docs.values()))
            version = max(shared) if shared else None
        return {
            lang: next((d for d in found if d.version == version), found[0])
            for lang, found in docs.items()
        }


class DocumentManager(models.Manager.from_queryset(DocumentQuerySet)):
    """Leaves the ingest report (a JSON blob of up to ~150 KB) unread until asked for: pages
    fetch several documents each and never show it, and decoding it was a tenth of a cold
    rule page."""

    def get_queryset(self):
        return super().get_queryset().defer("report")


class Document(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(max_length=32, choices=kinds.choices(), default=kinds.CORE_RULES)
    language = models.CharField(max_length=8)
    # "2026-03-30", or "2025-10" where the source names only a month; ISO strings sort by date.
    version = models.CharField(max_length=10)
    label = models.CharField(max_length=20, blank=True)
    title = models.CharField(max_length=200, blank=True)
    source_name = models.CharField(max_length=255)
    source_format = models.CharField(max_length=20, blank=True)
    content_hash = models.CharField(max_length=64)
    report = models.JSONField(default=dict)
    ingested_at = models.DateTimeField(auto_now=True)

    objects = DocumentManager()
    # Every document of this game and kind, each language, when a page has read them already
    # (``remember_family``); None when it has not.
    family: list | None = None

    class Meta:
        ordering = ["game", "kind", "language", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind", "language", "version"], name="unique_document_version"
            )
        ]

    def __str__(self):
        return f"{self.game} {self.get_kind_display()} {self.language} {self.version}"

    def get_absolute_url(self):
        """The unpinned contents page, which always shows the newest version."""
        with translation.override(self.language):
            return reverse("toc", kwargs={"game": self.game.slug, "kind": self.kind_slug})

    def get_pinned_url(self):
        with translation.override(self.language):
            return reverse(
                "toc_version",
                kwargs={"game": self.game.slug, "kind": self.kind_slug, "version": self.version},
            )

    @property
    def short_label(self) -> str:
        """ "1.4" for a document labelled v1.4 (else its version): how FAQ pages name the
        Core Rules they were reviewed against."""
        return (self.label or self.version).lstrip("vV")

    @property
    def kind_slug(self):
        return kinds.slug_of(self.kind)

    def is_default(self):
        """Whether this is the newest version in its language: read from the family when a
        page has read it (no query), else asked."""
        own = (d.version for d in self.family or () if d.language == self.language)
        newest = max(own, default=None)
        if newest is not None:
            return self.version == newest
        return Document.objects.default(self.game, self.kind, self.language) == self

    def remember_family(self, documents) -> None:
        """Every document of this game and kind, each language, when a page has already read
        them: its versions, identity keys and language links then ask the database nothing
        more (they looked the same rows up again, several times per page). Each document of
        the family remembers the same list."""
        family = list(documents)
        for document in [self, *family]:
            document.family = family

    def known_family(self) -> list | None:
        """The documents ``remember_family`` was given, or None."""
        return self.family


class RuleQuerySet(models.QuerySet):
    def in_document(self, document):
        return self.filter(document=document)

    def at(self, number):
        """Every occurrence of a number; sources may repeat one."""
        return self.filter(number=number).order_by("position")

    def under(self, number):
        """The number and its numeric descendants, in reading order."""
        return self.filter(
            models.Q(number=number) | models.Q(number__startswith=number + ".")
        ).order_by("position")

    def headings(self):
        return self.filter(is_heading=True)

    def chapters(self):
        return self.filter(is_heading=True, heading_level=1)

    def between(self, first_position, last_position):
        return self.filter(position__gte=first_position, position__lte=last_position)

    def in_order(self):
        return self.order_by("position")

    def with_references(self):
        """Each rule's cross-references with their targets, fetched in bulk for a page."""
        refs = (
            Reference.objects.select_related("target__document__game")
            # The report is a large JSON blob: never decode it once per reference.
            .defer("target__document__report")
            .order_by("start")
        )
        return self.prefetch_related(models.Prefetch("references", queryset=refs))


class Rule(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="rules")
    number_raw = models.CharField(max_length=40)
    number = models.CharField(max_length=40)
    occurrence = models.PositiveSmallIntegerField(default=1)
    anchor = models.CharField(max_length=44)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="children"
    )
    section = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="section_rules"
    )
    depth = models.PositiveSmallIntegerField()
    sort_key = models.CharField(max_length=120)
    position = models.PositiveIntegerField()
    is_heading = models.BooleanField(default=False)
    heading_level = models.PositiveSmallIntegerField(default=0)
    # Where the section a heading opens ends (inclusive), so a section page is one range query.
    section_end = models.PositiveIntegerField(null=True, blank=True)
    # Prose documents only: an entry's name ("Counter"); numbered rules keep it blank.
    title = models.CharField(max_length=120, blank=True)
    text = models.TextField()
    repairs = models.JSONField(default=list, blank=True)

    objects = RuleQuerySet.as_manager()

    class Meta:
        ordering = ["document", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "position"], name="unique_rule_position"),
            models.UniqueConstraint(fields=["document", "anchor"], name="unique_rule_anchor"),
        ]
        indexes = [
            models.Index(fields=["document", "number"]),
            models.Index(fields=["document", "sort_key"]),
        ]

    def __str__(self):
        return f"{self.number} {self.text[:60]}"

    def get_absolute_url(self):
        """The unpinned page of this number (newest version); repeats land on their anchor."""
        doc = self.document
        with translation.override(doc.language):
            url = reverse(
                "rule", kwargs={"game": doc.game.slug, "kind": doc.kind_slug, "number": self.number}
            )
        return url + ("" if self.occurrence == 1 else f"#{self.anchor}")

    def get_pinned_url(self):
        """A permalink that keeps showing this version's text whatever comes later."""
        doc = self.document
        with translation.override(doc.language):
            url = reverse(
                "rule_version",
                kwargs={
                    "game": doc.game.slug,
                    "kind": doc.kind_slug,
                    "version": doc.version,
                    "number": self.number,
                },
            )
        return url + ("" if self.occurrence == 1 else f"#{self.anchor}")


class Reference(models.Model):
    """A citation in a rule's text, resolved within the same document when possible."""

    source = models.ForeignKey(Rule, on_delete=models.CASCADE, related_name="references")
    written = models.CharField(max_length=120)
    target_number = models.CharField(max_length=40)
    target = models.ForeignKey(
        Rule, null=True, blank=True, on_delete=models.SET_NULL, related_name="referenced_by"
    )
    kind = models.CharField(max_length=16)
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()

    class Meta:
        ordering = ["source", "start", "target_number"]

    def __str__(self):
        return f"{self.source.number} -> {self.target_number}"
