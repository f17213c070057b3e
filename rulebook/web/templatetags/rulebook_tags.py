"""Rendering rule text: escaped data with cross-references turned into links.

Rule text is untrusted data. Every piece is escaped with ``conditional_escape`` before the pieces
are joined, so the one ``mark_safe`` below only ever wraps markup this module wrote itself.

No tag reads the database: what a page shows comes from its view, page assembly or the
context processors, once per request, and a tag only writes it out
(``tests/structure/test_template_tags.py``).
"""

import functools
import re

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeData, mark_safe

from ingest import languages as language_table
from ingest import urls
from ingest.knowledge.cards import ability_plain_text
from ingest.knowledge.icons import icons_in_markup
from rulebook import languages
from rulebook.pages import terms
from rulebook.web.converters import RuleNumberConverter

register = template.Library()
EXAMPLE_RE = language_table.example_re()
RULE_NUMBER_RE = re.compile(RuleNumberConverter.regex)
PLACEHOLDER = "000"  # a number the converter accepts, standing for any other


@register.simple_tag
def rule_url(game: str, kind: str, number: str, version: str, pinned=False) -> str:
    """``{% url 'rule' %}`` (``'rule_version'`` when pinned) of a rule number: a page links
    dozens of numbers of one document, and reversing each cost a tenth of a cold page.
    The URL up to the number is reversed once per document and language; a number is
    appended as the converter would pass it (unchanged), any other is reversed in full."""
    version = version if pinned else None
    key = (translation.get_language(), get_script_prefix(), get_urlconf())
    prefix = _rule_url_prefix(game, kind, version, key)
    if prefix is None or not RULE_NUMBER_RE.fullmatch(str(number)):
        return reverse(*_rule_route(game, kind, version, number))
    return f"{prefix}{number}/"


def _rule_route(game, kind, version, number) -> tuple[str, None, None, dict]:
    """``reverse`` arguments of a rule's page, pinned to ``version`` unless it is None."""
    kwargs = {"game": game, "kind": kind, "number": number}
    if version is None:
        return "rule", None, None, kwargs
    return "rule_version", None, None, {**kwargs, "version": version}


# Saves a ``reverse`` (40 us) per rule reference: hundreds on a long section's page.
@functools.lru_cache(maxsize=256)
def _rule_url_prefix(game, kind, version, key) -> str | None:
    """The URL up to the number (None if the pattern does not end ``<number>/``); ``key``
    holds what else ``reverse`` reads: the language, script prefix and URLconf."""
    url = reverse(*_rule_route(game, kind, version, PLACEHOLDER))
    ending = f"/{PLACEHOLDER}/"
    return url[: -len(ending) + 1] if url.endswith(ending) else None


def _preview(text: str, limit: int = 240) -> str:
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > 0 else limit] + "…"


def _link(ref, written: str, pinned: bool) -> str:
    target = ref.target
    url = target.get_pinned_url() if pinned else target.get_absolute_url()
    label = f"{target.number} {target.text}"
    return format_html(
        '<a class="xref" href="{}" data-target="{}" data-preview="{}preview/">{}</a>'
        '<span class="xref-preview" role="tooltip">{}</span>',
        url,
        target.number,
        url,
        written,
        _preview(label),
    )


def _marks(rule, text: str, pinned: bool, context) -> list[tuple[int, int, str]]:
    """(start, end, link HTML) of every resolved reference, then of each defined term's first
    mention outside those references (the page's ``term_table``)."""
    document, table, shown = context.get("document"), context.get("term_table"), _shown(context)
    # Rules a page read with ``span_of`` carry theirs; any other rule asks its relation.
    cited = getattr(rule, "page_references", None)
    cited = rule.references.all() if cited is None else cited
    refs = sorted(
        (r for r in cited if r.target_id and r.end <= len(text)),
        key=lambda r: (r.start, r.end),
    )
    marks = [(r.start, r.end, _link(r, text[r.start : r.end], pinned)) for r in refs]
    # Citations of another document ("CR 127. Privacy") lead to its rule today, or to the
    # version they cite when the rule is gone (``outline.attach_other_citations``).
    for c in getattr(rule, "page_citations", ()):
        if c.end <= len(text):
            marks.append((c.start, c.end, _link(c, text[c.start : c.end], c.pinned)))
    taken = [(start, end) for start, end, _html in marks]
    for start, end, number in terms.term_spans(table, document, rule, taken, shown):
        marks.append((start, end, terms.term_link(document, number, text[start:end], pinned)))
    return sorted(marks, key=lambda m: (m[0], m[1]))


@register.simple_tag(takes_context=True)
def rule_text(context, rule, pinned=False):
    """The rule's text, escaped, with each resolved reference linked and previewed, each
    defined term linked to its definition the first time, and each "Example:" passage set
    apart as its own labelled block. The rules' references come read with them
    (``page_references`` or a prefetch) and the terms with the page (``term_table``)."""
    text = rule.text
    marks = _marks(rule, text, pinned, context)
    examples = list(EXAMPLE_RE.finditer(text))
    bounds = [0, *(m.start() for m in examples), len(text)]
    pieces = [_linked(text, bounds[0], bounds[1], marks)]
    for match, end in zip(examples, bounds[2:], strict=True):
        pieces.append(
            format_html(
                '<span class="example"><span class="example-label">{}</span> {}</span>',
                match.group().strip(),
                _linked(text, match.end(), end, marks),
            )
        )
    return mark_safe("".join(str(p) for p in pieces))


def _shown(context) -> frozenset[str]:
    """The numbers of the rules the page shows, which its terms never link to: a rule page's
    (``RuleContext.shown_numbers``), else those of a keyword page's rules."""
    shown = getattr(context.get("page"), "shown_numbers", None)
    if shown is None:
        shown = frozenset(getattr(r, "number", "") for r in context.get("rules") or ())
    return shown


def _linked(text: str, start: int, end: int, marks) -> str:
    """``text[start:end]`` escaped, with the links that lie wholly inside it."""
    pieces = []
    cursor = start
    for mark_start, mark_end, html in marks:
        if mark_start < cursor or mark_end > end:
            continue  # lists and ranges share one written span; link it once
        pieces.append(conditional_escape(text[cursor:mark_start]))
        pieces.append(html)
        cursor = mark_end
    pieces.append(conditional_escape(text[cursor:end]))
    return mark_safe("".join(str(p) for p in pieces))


@register.filter
def preview(text, limit=200):
    """Opening of a text cut at a word, for meta descriptions and tooltips."""
    return _preview(str(text), int(limit))


# Card texts: the one renderer is ``ingest.knowledge.cards`` (tokens, labels, icon markup);
# these filters only hand it template values and read no database.
@register.filter
def icons(value):
    """Icon tokens and shorthand (``:rb_might:``, ``[A]``) as labelled icons. Markup the site
    rendered (a FAQ answer) keeps its tags; any other value is escaped first."""
    markup = str(value) if isinstance(value, SafeData) else str(conditional_escape(value or ""))
    return mark_safe(icons_in_markup(markup))  # tags kept, text runs escaped again


@register.filter
def icon_words(value) -> str:
    """The plain reading, for previews, alt texts and meta tags: ``:rb_might:`` -> "Might"."""
    return ability_plain_text(str(value or ""))


@register.filter
def card_facts(card) -> str:
    """Cost and type as a card's image placeholder shows them: "3+1 · Champion Unit"."""
    cost = "+".join(amount for amount in (card.energy, card.power) if amount)
    kind = " ".join([*card.super_types, ", ".join(card.card_types)]).strip()
    return " · ".join(part for part in (cost, kind) if part)


@register.simple_tag
def language_url(code, alternates=None, links=None):
    """The same page in another language: the view's own answer (``language_alternates``) when
    it has one, else the request's (``language_links``, from the context processor); the other
    language's home page outside a request."""
    if alternates and code in alternates:
        return alternates[code]
    return links[code] if links else f"/{code}/"


@register.filter
def version_date(version):
    """A version written as a date, in the reader's locale ("16 juillet 2026", "October 2025")."""
    import datetime

    from django.utils.formats import date_format

    parts = str(version).split("-")
    try:
        if len(parts) == 3:
            return date_format(datetime.date(*map(int, parts)), "DATE_FORMAT")
        if len(parts) == 2:
            return date_format(datetime.date(int(parts[0]), int(parts[1]), 1), "YEAR_MONTH_FORMAT")
    except ValueError:
        pass
    return version


STRUCTURAL_REPAIRS = {
    "split-glued-heading",
    "split-glued-rule",
    "split-glued-subrule",
    "merged-fragment",
    "mangled-number",
}


@register.filter
def structural_repairs(repairs):
    """Repairs a reader should know about (a split or merged rule, a fixed number).

    Entity decoding and spacing fixes change no meaning, so they stay in the tooltip only.
    """
    return [kind for kind in repairs or () if kind in STRUCTURAL_REPAIRS]


@register.filter
def shown_number(rule):
    """The number a reader sees: a numbered rule's own, "3." for a prose condition, else none.

    Prose anchors ("take-cover", "reactions-p2") identify a block but are not numbers printed
    in the source, so they are kept out of the text; a condition's anchor ends in its number.
    """
    number = getattr(rule, "number", "") or ""
    if number[:1].isdigit():
        return number
    tail = number.rsplit("-", 1)[-1]
    return f"{tail}." if tail.isdigit() and not getattr(rule, "is_heading", False) else ""


@register.filter
def kind_label(kind_slug):
    """A document kind's name from its URL slug ("rules" -> "Core Rules"), for the
    breadcrumbs of pages that know only the slug."""
    from rulebook import kinds

    kind = kinds.get(kinds.key_of(str(kind_slug)) or "")
    return kind.label if kind else kind_slug


@register.filter
def language_name(code):
    """A language's name in the page's language ("Anglais" on a French page)."""
    row = languages.get(code)
    return row.name if row else code


@register.filter
def safe_url(value) -> str:
    """The URL when it may become a link or an image (absolute http/https), else "": data
    checked at ingest is checked again here, so rows stored before that check, or written by
    hand in the admin, cannot put a ``javascript:`` href on a page."""
    return urls.safe_url(value) or ""
