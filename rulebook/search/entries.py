"""Turning database rows into index entries.

A rule's title is its heading path ("Keywords › Reaction"): rule text alone rarely says what a
rule is about, while the headings above it do, and the path is what people recognise in a
result list. Keyword-defining headings carry a boost and their name so that typing a keyword
ranks its definition first in every backend.

Some names belong to rules, not headings (``terms.py``): "Conquer: A player gains…", or a
rule that is only a title over its sub-rules ("Trashes"). Such a rule is named by its term,
as a heading is by its text, so that typing "conquer" finds the definition before a keyword
whose reminder mentions conquering.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ingest import languages
from rulebook import kinds
from rulebook.search import weights
from rulebook.search.base import IndexEntry
from rulebook.search.terms import unique_terms

PATH_SEPARATOR = " › "
# A game's other documents (the Tournament Rules) name many things the Core Rules name too
# ("Triggered Abilities"): where both match alike, the Core Rules come first
# (``weights.OTHER_DOCUMENT_BOOST``).
KEYWORD_CHAPTER_RE = languages.keyword_chapter_re()
MENTIONS_KEYWORDS_RE = languages.mentions_keywords_re()


def entries_from_database() -> Iterator[IndexEntry]:
    """Every rule of every document, heading paths computed in reading order."""
    from rulebook.models import Document

    documents = (
        Document.objects.select_related("game")
        .defer("report")
        .order_by("game__slug", "kind", "language", "-version")
    )
    seen_defaults = set()
    for document in documents:
        group = (document.game_id, document.kind, document.language)
        is_default = group not in seen_defaults  # newest first within each group
        seen_defaults.add(group)
        yield from document_entries(document, is_default)
    from rulebook.search.knowledge_entries import knowledge_entries

    yield from knowledge_entries()


def default_rule_entries() -> Iterator[IndexEntry]:
    """The rules of each document's default (newest) version: what ``nearest`` encodes."""
    from rulebook.models import Document

    newest = {}
    documents = Document.objects.select_related("game").defer("report").order_by("-version")
    for document in documents:
        newest.setdefault((document.game_id, document.kind, document.language), document)
    for document in newest.values():
        yield from document_entries(document, is_default=True)


def family_entries(game: str, kind: str, language: str, changed, created=None) -> Iterator[tuple]:
    """(version, entries) for the documents of a family an ingest changed (``changed``: their
    versions), and for the version before the newest when the newest is new (``created``:
    the versions the ingest created; None: take every changed version as new)."""
    from rulebook.models import Document

    documents = (
        Document.objects.filter(game__slug=game, kind=kind, language=language)
        .select_related("game")
        .defer("report")
        .order_by("-version")
    )
    documents = list(documents)
    # The default mark moves only when the newest version is new: then the one before loses it.
    new = changed if created is None else created
    newest_new = bool(documents) and documents[0].version in new
    for i, document in enumerate(documents):
        if document.version in changed or (i == 1 and newest_new):
            yield document.version, list(document_entries(document, is_default=i == 0))


def document_entries(document, is_default: bool) -> Iterator[IndexEntry]:
    """Entries for one document's rules; ``is_default`` marks its newest version."""
    stack: list[tuple[int, str]] = []  # (level, heading text)
    in_keywords = False
    rules = document.rules.order_by("position").only(
        "number",
        "anchor",
        "occurrence",
        "is_heading",
        "heading_level",
        "title",
        "text",
        "document_id",
    )
    rules = list(rules)
    asked = asked_by_rule(rules)
    for rule, term in zip(rules, unique_terms(rules, document.language), strict=True):
        rule.document = document
        level = _heading_level(rule)
        if level:
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, (rule.title or rule.text).strip()))
            if level == 1:
                in_keywords = bool(KEYWORD_CHAPTER_RE.match(rule.text.strip()))
        path = PATH_SEPARATOR.join(text for _, text in stack)
        entry = _entry(document, rule, path, is_default, keyword=in_keywords and level > 1)
        if term:
            entry.extra["term"] = term
        if rule.pk in asked:
            entry.extra["asked"] = asked[rule.pk]
        yield entry


def asked_by_rule(rules) -> dict[int, list[str]]:
    """Rule id -> the question bank's questions about it: indexed with the rule (document
    expansion), so a question in a player's words finds a rule that shares none of them."""
    from rulebook.models import AskedQuestion

    return AskedQuestion.objects.texts_by_rule(rule.pk for rule in rules)


def asked_text(entry: IndexEntry) -> str:
    """The questions an entry is asked as, one text: what the engines index beside its own."""
    return "\n".join(entry.extra.get("asked", ()))


def entry_name(entry: IndexEntry) -> str:
    """What typing an entry's name means: a heading's text, a defined term, a keyword's or a
    card's name; "" for the rest. Every backend indexes this for its name bonus."""
    if entry.extra.get("name"):
        return entry.extra["name"]
    if entry.kind in ("keyword", "card"):
        return entry.title
    return entry.extra.get("term", "")


def _heading_level(rule) -> int:
    if not rule.is_heading:
        return 0
    if rule.heading_level:
        return rule.heading_level
    return 1 if re.fullmatch(r"\d00", rule.number) else 2


def _entry(document, rule, path, is_default, keyword) -> IndexEntry:
    extra = {"doc_kind": document.kind, "anchor": rule.anchor}
    boost = weights.RULE_BOOST
    if rule.is_heading:
        name = rule.text.strip()
        extra["name"] = name
        boost = weights.HEADING_BOOST
        if keyword and not MENTIONS_KEYWORDS_RE.search(name):
            extra["keyword"] = name
            boost = weights.KEYWORD_HEADING_BOOST
    if document.kind != kinds.CORE_RULES:
        boost *= weights.OTHER_DOCUMENT_BOOST
    # Prose games: an entry's name (already the end of its path) leads its indexed text, and
    # its anchor is not a rule number.
    name = rule.title if rule.title and rule.title != rule.text else ""
    if name:
        extra["keyword"], boost = name, weights.KEYWORD_HEADING_BOOST
    return IndexEntry(
        key=f"rule:{document.game.slug}:{document.kind}:{document.language}:"
        f"{document.version}:{rule.anchor}",
        kind="rule",
        game=document.game.slug,
        language=document.language,
        version=document.version,
        number=rule.number if rule.number[:1].isdigit() else None,
        title=path,
        path=path,
        text=f"{name}: {rule.text}" if name else rule.text,
        url=rule_url(rule, pinned=not is_default),
        is_default_version=is_default,
        boost=boost,
        extra=extra,
    )


def rule_url(rule, pinned: bool = False) -> str:
    """The rule's page in its document's language; pinned to its version when not default."""
    return rule.get_pinned_url() if pinned else rule.get_absolute_url()
