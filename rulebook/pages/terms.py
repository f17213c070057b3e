"""Defined terms in rule text: the term table of a document and the links it yields.

The table is computed once per document and kept while the document's content hash stays the
same, so a page pays only for matching its own rules against an automaton already built.
"""

from __future__ import annotations

import functools

from django.urls import reverse
from django.utils import translation

from ingest import terms
from rulebook.models import Document, Rule


@functools.lru_cache(maxsize=32)
def _matcher(document_pk: int, content_hash: str, language: str) -> terms.TermMatcher:
    rows = (
        Rule.objects.in_document(document_pk)
        .filter(occurrence=1)
        .order_by("position")
        .values_list("number", "text", "heading_level", "is_heading")
    )
    found = terms.definitions(
        (terms.Row(n, text, level if heading else 0) for n, text, level, heading in rows),
        language,
    )
    return terms.TermMatcher(found, language)


def matcher_for(document: Document) -> terms.TermMatcher:
    """The document's term matcher, rebuilt only when its content hash changes."""
    return _matcher(document.pk, document.content_hash, document.language)


def definitions_of(document: Document) -> list[terms.Definition]:
    """Every defined term of a document with its defining rule, for the glossary."""
    return list(matcher_for(document).definitions)


def term_url(document: Document, number: str, pinned: bool = False) -> str:
    """The defining rule's page: pinned pages stay within their own version."""
    kwargs = {"game": document.game.slug, "kind": document.kind_slug, "number": number}
    name = "rule"
    if pinned:
        kwargs["version"] = document.version
        name = "rule_version"
    with translation.override(document.language):
        return reverse(name, kwargs=kwargs)


def term_spans(document: Document, rule: Rule, taken=()) -> list[tuple[int, int, str]]:
    """(start, end, defining number) of each term's first mention in the rule's text."""
    if document is None or document.pk != rule.document_id:
        return []
    return matcher_for(document).spans(rule.text, rule.number, taken)
