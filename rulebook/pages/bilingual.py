"""English and French side by side: aligned rules, missing counterparts and the glossary.

Both languages share the numbering, so alignment is by number (and occurrence, for numbers a
source repeats). Nothing is guessed: a rule that exists in one language only is shown as such.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from django.conf import settings

from rulebook.models import Document, Rule
from rulebook.pages import rules as pages
from rulebook.search.text import fold

LANGS = [code for code, _name in settings.LANGUAGES]


@dataclass
class AlignedRow:
    number: str
    anchor: str
    sides: dict  # language -> Rule | None

    @property
    def only_in(self) -> str | None:
        present = [lang for lang, rule in self.sides.items() if rule is not None]
        return present[0] if len(present) == 1 else None


def paired_documents(game, kind, version=None) -> dict[str, Document | None]:
    """One document per language: the requested version, else the newest version both share."""
    docs = {lang: list(Document.objects.of(game, kind, lang).newest_first()) for lang in LANGS}
    if version is None:
        shared = set.intersection(*({d.version for d in docs[lang]} for lang in LANGS))
        version = max(shared) if shared else None
    chosen = {}
    for lang in LANGS:
        exact = [d for d in docs[lang] if d.version == version]
        chosen[lang] = exact[0] if exact else (docs[lang][0] if docs[lang] else None)
    return chosen


def aligned_rows(documents: dict[str, Document | None], number: str) -> list[AlignedRow] | None:
    """The rule and its subtree in every language, aligned by number; None when nowhere."""
    spans = {}
    for lang, document in documents.items():
        head = Rule.objects.in_document(document).at(number).first() if document else None
        spans[lang] = pages.span_of(head) if head else []
    if not any(spans.values()):
        return None
    rows: dict[str, AlignedRow] = {}
    order: dict[str, tuple] = {}
    for lang, rules in spans.items():
        for rule in rules:
            row = rows.setdefault(
                rule.anchor, AlignedRow(rule.number, rule.anchor, dict.fromkeys(LANGS))
            )
            row.sides[lang] = rule
            order.setdefault(rule.anchor, (rule.sort_key, rule.occurrence))
    return [rows[anchor] for anchor in sorted(rows, key=lambda a: order[a])]


def counterpart_versions(document: Document) -> dict[str, list[str]]:
    """Versions of the same document kind in every language, newest first."""
    return {
        lang: list(
            Document.objects.of(document.game, document.kind, lang)
            .newest_first()
            .values_list("version", flat=True)
        )
        for lang in LANGS
    }


def glossary(game, kind="core-rules") -> list[dict]:
    """Heading terms paired across languages by their shared number (813 Reaction ↔ Réaction).

    Headings are the document's own names for its concepts, so pairing them by number yields a
    glossary without any hand-written list; keyword headings are flagged.
    """
    documents = paired_documents(game, kind)
    if not all(documents.values()):
        return []
    by_lang = {}
    for lang, document in documents.items():
        headings = Rule.objects.in_document(document).headings().filter(occurrence=1)
        by_lang[lang] = {r.number: r for r in headings}
    numbers = set.intersection(*(set(h) for h in by_lang.values()))
    keyword_chapters = _keyword_chapters(by_lang)
    entries = []
    for number in sorted(numbers, key=lambda n: by_lang[LANGS[0]][n].sort_key):
        terms = {lang: _term(by_lang[lang][number].text) for lang in LANGS}
        if len(set(terms.values())) == 1 and terms[LANGS[0]].isdigit():
            continue
        chapter = by_lang[LANGS[0]][number].section_id
        entries.append(
            {
                "number": number,
                "terms": terms,
                "keyword": chapter in keyword_chapters,
                "level": by_lang[LANGS[0]][number].heading_level,
            }
        )
    return entries


def _term(text: str) -> str:
    """Step headings read "1. Declare the Rite"; the term is what follows the step number."""
    head, _sep, tail = text.partition(". ")
    return tail if head.isdigit() and tail else text


def _keyword_chapters(by_lang) -> set[int]:
    english = by_lang.get("en", {})
    return {r.pk for r in english.values() if r.heading_level == 1 and "keyword" in r.text.lower()}


def expansion_terms(game_slug: str | None, text: str) -> list[str]:
    """Every language's names of the glossary terms found in a query (cross-language search).

    Matching is on accent-folded whole words (plural "s" allowed), so "reaction" finds the pair
    Reaction ↔ Réaction and "favorite" does not trigger "Rite".
    """
    folded = fold(text)
    out: dict[str, str] = {}  # folded -> as written; Reaction and Réaction fold alike
    for entry in cached_glossary_pairs(game_slug):
        names = [name for name in entry if name]
        if any(_word_in(fold(name), folded) for name in names):
            for name in names:
                out.setdefault(fold(name), name)
    return list(out.values())


def cached_glossary_pairs(game_slug: str | None) -> list[tuple[str, ...]]:
    """Glossary term tuples for one game or all, cached until the documents change."""
    from django.core.cache import cache

    docs = Document.objects.filter(kind="core-rules")
    if game_slug:
        docs = docs.filter(game__slug=game_slug)
    stamp = "|".join(
        f"{pk}:{h[:8]}" for pk, h in docs.order_by("pk").values_list("pk", "content_hash")
    )
    digest = hashlib.sha1(stamp.encode()).hexdigest()[:16]
    key = f"glossary-pairs:{game_slug or '*'}:{digest}"
    pairs = cache.get(key)
    if pairs is None:
        slugs = [game_slug] if game_slug else sorted(set(docs.values_list("game__slug", flat=True)))
        pairs = [
            tuple(entry["terms"].values())
            for slug in slugs
            for entry in glossary(slug)
            if entry["level"] >= 2
        ]
        cache.set(key, pairs, 3600)
    return pairs


def _word_in(term: str, folded_text: str) -> bool:
    return bool(term) and re.search(rf"(?<!\w){re.escape(term)}s?(?!\w)", folded_text) is not None
