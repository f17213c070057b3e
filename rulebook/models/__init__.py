"""Models: the rule tree (``rules``) and what is said about it (``knowledge``).

Split in two modules so neither grows past a readable size; everything is re-exported here so
``from rulebook.models import Rule`` keeps working everywhere.
"""

from rulebook.models.knowledge import (
    Card,
    Erratum,
    FaqEntry,
    FaqPage,
    Keyword,
    KnowledgeSource,
    Link,
    Printing,
)
from rulebook.models.rules import (
    Document,
    DocumentQuerySet,
    Game,
    Reference,
    Rule,
    RuleQuerySet,
)

__all__ = [
    "Card",
    "Document",
    "DocumentQuerySet",
    "Erratum",
    "FaqEntry",
    "FaqPage",
    "Game",
    "Keyword",
    "KnowledgeSource",
    "Link",
    "Printing",
    "Reference",
    "Rule",
    "RuleQuerySet",
]
