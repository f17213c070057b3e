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
    found = AskedQuestion.objects.texts_by_rule(by_id)
    out, left = [], limit
    for pk, rule in by_id.items():
        if pk in found and left > 0:
            out.append(AskedAbout(rule, found[pk][:left]))
            left -= len(out[-1].questions)
    return out
