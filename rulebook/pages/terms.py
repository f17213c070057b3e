"""Defined terms in rule text: the term table of a document and the links it yields.

The table is computed once per document and kept while the document's content hash and the data
generation stay the same, so a page pays only for matching its own rules against an automaton
already built.
"""

from __future__ import annotations

import bisect
import functools
import html
import itertools
import re

from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html

from ingest import terms
from rulebook.models import DataGeneration, Document, Rule


@functools.lru_cache(maxsize=32)
def _matcher(document_pk: int, state: tuple, language: str, game: str) -> terms.TermMatcher:
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
    # The rules introduce the game by name ("Lanternfall is a game…"); every mention of the
    # name is not a use of a game term.
    found = [d for d in found if terms.fold(d.term) != terms.fold(game)]
    return terms.TermMatcher(found, language)


def matcher_for(document: Document) -> terms.TermMatcher:
    """The document's term matcher, rebuilt when its content hash or the generation changes."""
    state = (document.content_hash, DataGeneration.current()[0])  # an admin edit: no new hash
    return _matcher(document.pk, state, document.language, document.game.name)


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


def term_link(document: Document, number: str, written: str, pinned: bool = False) -> str:
    """A defined term's link to its defining rule, previewed like a cross-reference."""
    url = term_url(document, number, pinned)
    return format_html(
        '<a class="term" href="{}" data-target="{}" data-preview="{}preview/">{}</a>',
        url,
        number,
        url,
        written,
    )


def term_spans(document: Document, rule: Rule, taken=()) -> list[tuple[int, int, str]]:
    """(start, end, defining number) of each term's first mention in the rule's text."""
    if document is None or document.pk != rule.document_id:
        return []
    return matcher_for(document).spans(rule.text, rule.number, taken)


# Elements whose text already is a link or a name (a card, a keyword, code): no term inside.
SKIPPED_ELEMENTS = frozenset({"a", "code", "pre", "svg", "script", "style", "title"})
SKIPPED_CLASSES = re.compile(
    r'class="[^"]*\b(?:card-ref|keyword|rule-ref|xref-preview|cited-as|icon)\b'
)
VOID_ELEMENTS = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "source", "col"})
TAG_RE = re.compile(r"<(?P<close>/?)(?P<name>[a-zA-Z][a-zA-Z0-9]*)(?P<attrs>[^>]*)>")


def _text_runs(markup: str):
    """(start, end, linkable) of the text between tags: text inside a link, a card or keyword
    name, code or an icon is never linkable."""
    open_elements: list[tuple[str, bool]] = []
    cursor = 0
    for match in TAG_RE.finditer(markup):
        if match.start() > cursor:
            skipping = any(skip for _name, skip in open_elements)
            yield cursor, match.start(), not skipping
        cursor = match.end()
        name = match["name"].lower()
        if match["close"]:
            while open_elements:
                if open_elements.pop()[0] == name:
                    break
        elif name not in VOID_ELEMENTS and not match["attrs"].rstrip().endswith("/"):
            skip = name in SKIPPED_ELEMENTS or bool(SKIPPED_CLASSES.search(match["attrs"]))
            open_elements.append((name, skip))
    if cursor < len(markup):
        yield cursor, len(markup), not any(skip for _name, skip in open_elements)


def link_terms_html(markup: str, matcher: terms.TermMatcher, link) -> str:
    """Safe HTML with each defined term linked the first time it appears in the text.

    ``markup`` is HTML this project rendered (FAQ answers, card abilities), so its text runs
    are escaped text: they are unescaped to match, and every piece is escaped again on the
    way out. ``link(number, written)`` returns the link's HTML, or None to leave the word.
    """
    if matcher.empty:
        return markup
    runs = list(_text_runs(markup))
    texts = [html.unescape(markup[a:b]) if ok else "" for a, b, ok in runs]
    joined = "\x00".join(texts)  # no term spans two runs
    offsets = list(itertools.accumulate((len(t) + 1 for t in texts), initial=0))
    by_run: dict[int, list[tuple[int, int, str]]] = {}
    for start, end, number in matcher.spans(joined):
        run = bisect.bisect_right(offsets, start) - 1
        by_run.setdefault(run, []).append((start - offsets[run], end - offsets[run], number))
    pieces, cursor = [], 0
    for index, (a, b, _ok) in enumerate(runs):
        if index not in by_run:
            continue
        pieces.append(markup[cursor:a])
        pieces.append(_linked_run(texts[index], by_run[index], link))
        cursor = b
    pieces.append(markup[cursor:])
    return "".join(pieces)


def _linked_run(text: str, spans, link) -> str:
    out, cursor = [], 0
    for start, end, number in spans:
        anchor = link(number, text[start:end])
        if anchor is None:
            continue
        out += [html.escape(text[cursor:start], quote=False), anchor]
        cursor = end
    out.append(html.escape(text[cursor:], quote=False))
    return "".join(out)
