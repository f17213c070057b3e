"""Every citation between rules, FAQ rulings, cards and keywords, in one table.

Pages ask one table "what points here" and "where does this point" instead of one table per
pair; the querysets below give those questions their names.
"""

from django.db import models

from .rules import Document, Game


class LinkQuerySet(models.QuerySet):
    """Questions the knowledge pages ask of the one citation table, by their domain names."""

    def of_game(self, game):
        return self.filter(game=game)

    def from_faq(self):
        return self.filter(source_kind=Link.FAQ)

    def from_cards(self):
        return self.filter(source_kind=Link.CARD)

    def from_rules(self):
        return self.filter(source_kind=Link.RULE)

    def from_source(self, obj):
        """Links written by one FAQ entry, card or rule."""
        return self.filter(source_id=obj.pk)

    def from_sources(self, ids):
        return self.filter(source_id__in=list(ids))

    def to_rules(self, numbers=None):
        rules = self.filter(target_kind=Link.RULE)
        return rules if numbers is None else rules.filter(target_key__in=list(numbers))

    def to_rule_or_below(self, number: str):
        """Citations of ``number`` or any of its sub-rules."""
        return self.filter(target_kind=Link.RULE).filter(
            models.Q(target_key=number) | models.Q(target_key__startswith=number + ".")
        )

    def to_keywords(self):
        return self.filter(target_kind=Link.KEYWORD)

    def to_keyword(self, keyword):
        return self.filter(target_kind=Link.KEYWORD, target_id=keyword.pk)

    def to_card(self, card):
        return self.filter(target_kind=Link.CARD, target_id=card.pk)

    def resolved(self):
        return self.filter(target_id__isnull=False)

    def source_ids(self) -> list[int]:
        return list(self.order_by().values_list("source_id", flat=True).distinct())

    # The questions themselves.

    def faq_about_keyword(self, game, keyword):
        """FAQ entries that cite one of the keyword's rules or name the keyword (English)."""
        base = self.of_game(game).from_faq()
        cites = base.to_rule_or_below(keyword.number).values("source_id")
        names = base.to_keyword(keyword).values("source_id")
        return base.filter(models.Q(source_id__in=cites) | models.Q(source_id__in=names))

    def cards_carrying(self, game, keyword):
        """Card links to a keyword: the cards whose text carries it (note "reminder" when only
        reminder text does)."""
        return self.of_game(game).from_cards().to_keyword(keyword)

    def keywords_of_card(self, card):
        return self.filter(game_id=card.game_id).from_cards().from_source(card).to_keywords()

    def faq_about_card(self, card):
        return self.filter(game_id=card.game_id).from_faq().to_card(card)

    def rules_naming(self, keyword):
        """Rules of the keyword's own document whose text names it."""
        return self.filter(document=keyword.document_id).from_rules().to_keyword(keyword)


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

    objects = LinkQuerySet.as_manager()

    class Meta:
        ordering = ["game", "source_kind", "source_id", "position"]
        indexes = [
            models.Index(fields=["game", "source_kind", "source_id"]),
            models.Index(fields=["game", "target_kind", "target_id"]),
            models.Index(fields=["game", "target_kind", "target_key"]),
        ]

    def __str__(self):
        return f"{self.source_kind}:{self.source_id} -> {self.target_kind}:{self.target_key}"
