"""The glossary: the documents' own names for their concepts, paired across languages.

Headings share their numbers across the editions of one version (813 Reaction ↔ 813
Réaction), so pairing headings by number yields a glossary with no hand-written list. It lives
beside the models because both the bilingual pages and cross-language search read it.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from ingest import languages, terms

from .generation import DataGeneration
from .rules import Document, Rule

KEYWORD_CONTAINER_RE = languages.mentions_keywords_re()


def glossary(game, kind) -> list[dict]:
    """Entries ``{"number", "terms": {lang: term}, "keyword", "level"}`` in rule order."""
    documents = {
        lang: doc for lang, doc in Document.objects.paired(game, kind).items() if doc is not None
    }
    if len(documents) < 2:
        return []
    by_lang = {
        lang: {r.number: r for r in Rule.objects.in_document(doc).headings().filter(occurrence=1)}
        for lang, doc in documents.items()
    }
    first = next(iter(by_lang.values()))
    shared = set.intersection(*(set(headings) for headings in by_lang.values()))
    keyword_chapters = {
        r.pk for r in first.values() if r.heading_level == 1 and KEYWORD_CONTAINER_RE.search(r.text)
    }
    entries = []
    for number in sorted(shared, key=lambda n: first[n].sort_key):
        names = {lang: terms.heading_term(rows[number].text) for lang, rows in by_lang.items()}
        if len(set(names.values())) == 1 and next(iter(names.values())).isdigit():
            continue
        entries.append(
            {
                "number": number,
                "terms": names,
                "keyword": first[number].section_id in keyword_chapters,
                "level": first[number].heading_level,
            }
        )
    return entries


def defined_terms(game, kind) -> list[dict]:
    """Terms a rule's sentence defines ("…is said to be in a Closed State"), paired across
    languages from the editions' own text, as glossary entries (``"defined": True``).

    Heading terms pair by number; these may be defined in different rules of each edition, so
    ``ingest.terms.paired_terms`` pairs them. A term with no name found in another language
    has "" there rather than a guess.
    """
    documents = {
        lang: doc for lang, doc in Document.objects.paired(game, kind).items() if doc is not None
    }
    if len(documents) < 2:
        return []
    stamp = "|".join(f"{lang}:{doc.pk}:{doc.content_hash}" for lang, doc in documents.items())
    stamp += f"|{DataGeneration.current()[0]}"  # an admin edit changes text, not hashes
    key = f"defined-terms:{hashlib.sha1(stamp.encode()).hexdigest()[:20]}"
    entries = cache.get(key)
    if entries is None:
        entries = _defined_terms(documents)
        cache.set(key, entries, 24 * 3600)
    return entries


def _defined_terms(documents) -> list[dict]:
    editions = {lang: terms.Edition(_rows(doc), lang) for lang, doc in documents.items()}
    base_lang, *others = editions
    entries: dict[str, dict] = {}
    for lang in others:
        for mine, theirs in terms.paired_terms(editions[base_lang], editions[lang]):
            number = (mine or theirs).number
            key = terms.fold(mine.term) if mine else f"{lang}:{terms.fold(theirs.term)}"
            entry = entries.setdefault(key, _defined_entry(number, editions))
            entry["terms"][base_lang] = mine.term if mine else ""
            entry["terms"][lang] = theirs.term if theirs else ""
    return list(entries.values())


def _rows(document) -> list[terms.Row]:
    rows = (
        Rule.objects.in_document(document)
        .filter(occurrence=1)
        .order_by("position")
        .values_list("number", "text", "heading_level", "is_heading")
    )
    return [terms.Row(n, text, level if heading else 0) for n, text, level, heading in rows]


def _defined_entry(number: str, editions) -> dict:
    return {
        "number": number,
        "terms": dict.fromkeys(editions, ""),
        "keyword": False,
        "level": 0,
        "defined": True,
    }


def glossary_pairs(game_slug: str | None, kind: str) -> list[tuple[str, ...]]:
    """Term tuples (one name per language) of one game or all, cached until documents change."""
    return [tuple(names.values()) for names in glossary_names(game_slug, kind)]


def glossary_names(game_slug: str | None, kind: str) -> list[dict[str, str]]:
    """The names of each heading term (level 2 and below) by language, of one game or all,
    cached until documents change."""
    docs = Document.objects.filter(kind=kind)
    if game_slug:
        docs = docs.filter(game__slug=game_slug)
    stamp = "|".join(
        f"{pk}:{h[:8]}" for pk, h in docs.order_by("pk").values_list("pk", "content_hash")
    )
    digest = hashlib.sha1(stamp.encode()).hexdigest()[:16]
    key = f"glossary-names:{game_slug or '*'}:{kind}:{digest}"
    names = cache.get(key)
    if names is None:
        slugs = [game_slug] if game_slug else sorted(set(docs.values_list("game__slug", flat=True)))
        names = [
            dict(entry["terms"])
            for slug in slugs
            for entry in glossary(slug, kind)
            if entry["level"] >= 2
        ]
        cache.set(key, names, 3600)
    return names
