"""The question bank on a rule's page: what players ask that the shown rules answer.

Shown apart from the rule text and FAQ rulings, and said to be unofficial: the questions are
this site's own writing, there to help readers (and search) find the rule, never a ruling.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.models import AskedQuestion, Rule


@dataclass
class AskedAbout:
    rule: Rule
    questions: list[str]


def asked_about(rules: list[Rule], limit: int = 40) -> list[AskedAbout]:
    """The shown rules that have questions, in reading order, each with its questions."""
    by_id = {rule.pk: rule for rule in rules}
    through = AskedQuestion.rules.through
    pairs = (
        through.objects.filter(rule_id__in=list(by_id))
        .order_by("askedquestion__source", "askedquestion__position")
        .values_list("rule_id", "askedquestion__text")
    )
    found: dict[int, list[str]] = {}
    for count, (rule_id, text) in enumerate(pairs):
        if count >= limit:
            break
        found.setdefault(rule_id, []).append(text)
    return [AskedAbout(by_id[pk], found[pk]) for pk in by_id if pk in found]
