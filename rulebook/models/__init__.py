"""Models: the rule tree (``rules``), and what is said about it: keywords (``knowledge``), FAQ
rulings (``faq``), cards (``cards``) and the citations between all of them (``links``).

Everything is re-exported here so ``from rulebook.models import Rule`` works everywhere.
"""

from .cards import Card, Erratum, Printing
from .faq import FaqEntry, FaqPage
from .generation import DataGeneration, Precomputed
from .knowledge import Keyword, KnowledgeSource
from .links import Link
from .questions import AskedQuestion
from .rules import Document, DocumentQuerySet, Game, Reference, Rule, RuleQuerySet
from .vectors import EncodedText

__all__ = [
    "AskedQuestion",
    "Card",
    "DataGeneration",
    "Document",
    "DocumentQuerySet",
    "EncodedText",
    "Erratum",
    "FaqEntry",
    "FaqPage",
    "Game",
    "Keyword",
    "KnowledgeSource",
    "Link",
    "Precomputed",
    "Printing",
    "Reference",
    "Rule",
    "RuleQuerySet",
]
