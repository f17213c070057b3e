"""The question bank: questions as players ask them, each answering one rule.

A question is written against one version's number (``version``, ``number``); ``rules`` holds
where that rule is in every version of its language, found through the version history after
each load, so a question follows its rule across renumbering. Our own writing, shown as
unofficial: never an official ruling.
"""

from django.db import models

from .rules import Game, Rule


class AskedQuestionQuerySet(models.QuerySet):
    def of_game(self, game):
        return self.filter(game=game)

    def in_language(self, language: str):
        return self.filter(language=language)

    def for_rule(self, rule):
        return self.filter(rules=rule).order_by("source", "position")

    def texts_by_rule(self, rule_ids) -> dict[int, list[str]]:
        """Rule id -> its questions' texts, in bank order, read in one query: what a rule's
        page shows and what the index searches with the rule's text."""
        pairs = (
            AskedQuestion.rules.through.objects.filter(rule_id__in=list(rule_ids))
            .order_by("askedquestion__source", "askedquestion__position")
            .values_list("rule_id", "askedquestion__text")
        )
        found: dict[int, list[str]] = {}
        for rule_id, text in pairs:
            found.setdefault(rule_id, []).append(text)
        return found

    def unplaced(self):
        """Questions whose rule is in no version of their language: reported at load."""
        return self.filter(rules__isnull=True)


class AskedQuestion(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="asked_questions")
    language = models.CharField(max_length=8)
    version = models.CharField(max_length=10)
    number = models.CharField(max_length=40)
    text = models.CharField(max_length=300)
    source = models.CharField(max_length=255)  # the bank file, relative to its game's folder
    position = models.PositiveIntegerField()
    rules = models.ManyToManyField(Rule, related_name="asked_questions", blank=True)

    objects = AskedQuestionQuerySet.as_manager()

    class Meta:
        ordering = ["game", "language", "source", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "language", "version", "number", "text"],
                name="unique_asked_question",
            )
        ]

    def __str__(self):
        return f"{self.number}: {self.text}"
