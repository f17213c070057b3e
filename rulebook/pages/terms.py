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
from dataclasses import dataclass

from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html

from ingest import numbers, term_links, terms
from rulebook.models import DataGeneration, Document, Rule


@dataclass(frozen=True)
class TermTable:
    """A document's term matcher, and each section heading's number and enclosing section:
    what finding the rules around a rule needs without a query per rule."""

    matcher: terms.TermMatcher
    sections: dict[int, tuple[str, int | None]]

    def around(self, rule: Rule) -> set[str]:
        """The rule's own number, its numeric ancestors and the headings of its sections."""
        out = {rule.number, *numbers.ancestors(rule.number)}
        section, seen = rule.section_id, 0
        while section in self.sections and seen < 12:
            number, section = self.sections[section]
            out.add(number)
            seen += 1
        return out


# Saves finding every defined term in the whole document (13 ms on the demo) on each page.
@functools.lru_cache(maxsize=32)
def _table(document_pk: int, state: tuple, language: str, game: str) -> TermTable:
    rows = list(
        Rule.objects.in_document(document_pk)
        .filter(occurrence=1)
        .order_by("position")
        .values_list("pk", "number", "text", "heading_level", "is_heading", "section_id")
    )
    found = term_links.link_definitions(
        (terms.Row(n, text, level if heading else 0) for _pk, n, text, level, heading, _s in rows),
        language,
    )
    # The rules introduce the game by name ("Lanternfall is a game…"); every mention of the
    # name is not a use of a game term.
    found = [d for d in found if terms.fold(d.term) != terms.fold(game)]
    sections = {pk: (n, section) for pk, n, _t, _l, heading, section in rows if heading}
    return TermTable(terms.TermMatcher(found, language), sections)


def table_for(document: Document) -> TermTable:
    """The document's term table, rebuilt when its content hash or the generation changes."""
    state = (document.content_hash, DataGeneration.current()[0])  # an admin edit: no new hash
    return _table(document.pk, state, document.language, document.game.name)


def matcher_for(document: Document) -> terms.TermMatcher:
    """The document's term matcher: each term with the rule its links go to."""
    return table_for(document).matcher


def definitions_of(document: Document) -> list[terms.Definition]:
    """Every defined term of a document with the rule its links go to."""
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


def term_spans(
    table: TermTable | None, document: Document, rule: Rule, taken=(), shown=frozenset()
) -> list:
    """(start, end, defining number) of each term's first mention in the rule's text, from
    the document's ``table`` (``table_for``, read by the page before its template runs).

    A term never links to the rule being read, to the rules that hold it, nor to a rule the
    page already shows (``shown``): on 813 Reaction, "Reaction" is plain text.
    """
    if table is None or document is None or document.pk != rule.document_id:
        return []
    return table.matcher.spans(rule.text, table.around(rule) | set(shown), taken)


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
