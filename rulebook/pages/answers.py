"""FAQ answers and card texts rendered with links in the reader's language.

Answers are rendered at view time (not stored as HTML) because their links depend on the page's
language: the same English answer links to French rules on a French page.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from ingest.knowledge.cards import render_ability_html
from ingest.knowledge.render import render_answer_html
from ingest.knowledge.text import slugify
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Document, FaqEntry, Keyword, Link, Rule
from rulebook.pages import terms
from rulebook.pages.preview import opening

# Card names the resolver linked to our own card pages get a hover card (image and text).
CARD_REF_RE = re.compile(
    r'(?P<open><a class="card-ref" href=")(?P<href>/[a-z]+/[-\w]+/cards/[-\w]+/)">'
)
RULE_REF_RE = re.compile(r'<a class="rule-ref" href="(?P<href>[^"]*)">rule (?P<num>[^<]+)</a>')


@dataclass
class FaqItem:
    entry: FaqEntry
    answer_html: SafeString
    url: str
    notes: list[str] = field(default_factory=list)
    cited: list[SafeString] = field(default_factory=list)  # when the answer links none


class Resolver:
    """URLs for rules, cards and keywords as the pages of one language link them."""

    def __init__(self, game, language, document):
        self.game, self.language, self.document = game, language, document
        english = Document.objects.newest_rules(game, KNOWLEDGE_LANGUAGE)
        # Answers and card texts are English: their terms are the English rules' terms,
        # linked to the defining rule in the page's language.
        self.term_matcher = terms.matcher_for(english) if english and document else None
        self.english_pk = english.pk if english else None
        self._term_numbers: set[str] | None = None
        by_number = dict(Keyword.objects.in_document(document).values_list("number", "slug"))
        self.keyword_slugs = {
            k.name: by_number.get(k.number)
            for k in Keyword.objects.in_document(english).only("name", "number")
        }
        self.card_slugs = set(Card.objects.of_game(game).values_list("slug", flat=True))
        self.rule_texts: dict[str, str] = {}
        # The entry being rendered: number as written -> (number today, note), from the
        # citations resolved against the Core Rules the entry was written for.
        self.cited: dict[str, tuple[str, str]] = {}

    def citations_of(self, entries) -> dict[int, dict[str, tuple[str, str]]]:
        """Each entry's rule citations as resolved at ingest (see loading.citations)."""
        out: dict[int, dict[str, tuple[str, str]]] = {}
        rows = Link.objects.filter(
            source_kind=Link.FAQ, target_kind=Link.RULE, source_id__in=[e.pk for e in entries]
        ).values_list("source_id", "written", "target_key", "note")
        for source_id, written, key, note in rows:
            out.setdefault(source_id, {})[written] = (key, note)
        return out

    def today(self, number: str) -> tuple[str, str]:
        """The number a citation as written bears today, and the resolution note."""
        return self._today(number)

    def _today(self, number: str) -> tuple[str, str]:
        key, note = self.cited.get(number, (number, ""))
        return (key, note) if note.startswith(("cited:", "removed:")) else (number, "")

    def load_rules(self, numbers) -> None:
        """Fetch the texts (for tooltips) of every number the page will link, in one query."""
        wanted = set(numbers) - set(self.rule_texts)
        if self.document and wanted:
            rows = Rule.objects.in_document(self.document).filter(number__in=wanted, occurrence=1)
            self.rule_texts.update(rows.values_list("number", "text"))

    def rule_url(self, number):
        today, note = self._today(number)
        if note.startswith("removed:"):
            version = note.split(":")[1]
            return f"/{KNOWLEDGE_LANGUAGE}/{self.game.slug}/rules/{version}/{number}/"
        if today not in self.rule_texts:
            return None
        return f"/{self.language}/{self.game.slug}/rules/{today}/"

    def card_url(self, name):
        slug = slugify(name)
        return (
            f"/{self.language}/{self.game.slug}/cards/{slug}/" if slug in self.card_slugs else None
        )

    def keyword_url(self, name):
        slug = self.keyword_slugs.get(name)
        return f"/{self.language}/{self.game.slug}/keywords/{slug}/" if slug else None

    def link_url(self, href: str):
        """The FAQ's own root-relative links (/cards/switcheroo#x) point at our FAQ pages."""
        if href.startswith("/") and not href.startswith("//"):
            return f"/{self.language}/{self.game.slug}/faq{href.split('#')[0].rstrip('/')}/" + (
                "#" + href.split("#", 1)[1] if "#" in href else ""
            )
        return href

    def answer_html(self, markdown: str) -> SafeString:
        out = render_answer_html(
            markdown, self.rule_url, self.card_url, self.keyword_url, self.link_url
        )
        # render_answer_html escapes all source text; the tooltip added here is escaped too,
        # so the result holds only markup written by the renderer and by this function.
        out = CARD_REF_RE.sub(r'\g<open>\g<href>" data-preview="\g<href>preview/">', out)
        return mark_safe(self.with_terms(RULE_REF_RE.sub(self._with_preview, out)))

    def with_terms(self, markup: str) -> str:
        """Rendered HTML with each defined term linked to its defining rule the first time."""
        if self.term_matcher is None:
            return markup
        return terms.link_terms_html(markup, self.term_matcher, self._term_link)

    def _term_link(self, number: str, written: str) -> str | None:
        if self._term_numbers is None:
            wanted = {d.number for d in self.term_matcher.definitions}
            if self.document.pk != self.english_pk:  # else the definitions' own document
                rows = Rule.objects.in_document(self.document).filter(number__in=wanted)
                wanted = set(rows.values_list("number", flat=True))
            self._term_numbers = wanted
        if number not in self._term_numbers:
            return None
        return terms.term_link(self.document, number, written)

    def _with_preview(self, match: re.Match) -> str:
        written = html.unescape(match["num"])
        number, note = self._today(written)
        text = self.rule_texts.get(number, "")
        return (
            f'<a class="rule-ref xref" href="{match["href"]}" data-target='
            f'"{html.escape(number, quote=True)}" data-preview="{match["href"]}preview/">'
            f"rule {match['num']}</a>"
            f'<span class="xref-preview" role="tooltip">'
            f"{html.escape(opening(number + ' ' + text, 240))}</span>"
            + _cited_as(written, number, note)
        )

    def ability_html(self, text: str) -> SafeString:
        # render_ability_html escapes the text and only adds its own spans and links.
        out = render_ability_html(text, self.keyword_url, list(self.keyword_slugs) or None)
        return mark_safe(self.with_terms(out))


def faq_items(entries, resolver: Resolver, language: str) -> list[FaqItem]:
    """Entries with rendered answers; rule texts for every tooltip are fetched at once."""
    entries = list(entries)
    cited = resolver.citations_of(entries)
    resolver.load_rules(n for e in entries for n in e.rule_citations)
    resolver.load_rules(key for found in cited.values() for key, _note in found.values())
    items = []
    for entry in entries:
        resolver.cited = cited.get(entry.pk, {})
        answer = resolver.answer_html(entry.answer_markdown)
        item = FaqItem(entry, answer, entry.url(language))
        if 'class="rule-ref' not in answer:  # official answers cite numbers in plain text
            item.cited = [_citation_html(resolver, n) for n in dict.fromkeys(entry.rule_citations)]
        items.append(item)
    resolver.cited = {}
    return items


def _citation_html(resolver: Resolver, written: str) -> SafeString:
    """One cited rule as a link to where it is today, with the "cited as" note."""
    number, note = resolver.today(written)
    url = resolver.rule_url(written)
    shown = written if note.startswith("removed:") else number
    if url is None:
        return mark_safe(html.escape(written))
    link = (
        f'<a class="rule-ref xref" href="{html.escape(url, quote=True)}" '
        f'data-target="{html.escape(shown, quote=True)}">{html.escape(shown)}</a>'
    )
    return mark_safe(link + _cited_as(written, number, note))


def _cited_as(written: str, number: str, note: str) -> str:
    """ "(cited as 187.4.c in Core Rules 2026-03-30)" after a citation read in an older
    version: the link goes to the rule today, or to that version when the rule is gone."""
    if not note:
        return ""
    kind, version = note.split(":")[:2]
    if kind == "removed":
        said = gettext("rule %(number)s of Core Rules %(version)s, since removed")
    else:
        said = gettext("cited as %(number)s in Core Rules %(version)s")
    said = said % {"number": written, "version": version}
    return f' <span class="cited-as">({html.escape(said)})</span>'
