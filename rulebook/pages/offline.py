"""What "Save for offline" stores for a game in one language, and how a reader finds a rule in it.

A phone saves the newest Core Rules as *section pages* (a few hundred URLs with the rule anchors
inside them) rather than one URL per rule (about 2,400 for Riftbound). The service worker then
answers ``/en/riftbound/rules/813.1.c/`` from the saved page of section 813 at ``#813.1.c``; the
``rules`` map below tells it which saved page holds which number. The stamp changes whenever
what would be saved changes, so a saved copy can tell it is stale.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db.models import Max
from django.urls import reverse
from django.utils import translation

from rulebook.models import Document, Game, KnowledgeSource, Rule

# Bump when what a saved copy holds changes shape: every saved copy then offers an update.
FORMAT = 1
SECTION_LEVEL = 2
TOC_ANCHOR_PREFIX = "toc-"


@dataclass
class SavedPage:
    """One URL to store and the rule numbers whose anchors it holds."""

    number: str
    numbers: list[str] = field(default_factory=list)
    url: str = ""


def stamp(game: Game, language: str, document=None) -> str | None:
    """A short fingerprint of the data a saved copy holds; None when there is nothing to save.

    It follows the newest rules document (a new version, or the same version re-ingested) and
    the FAQ and card sources, which the saved keyword pages show.
    """
    document = document or Document.objects.newest_rules(game, language)
    if document is None:
        return None
    knowledge = KnowledgeSource.objects.filter(game=game).aggregate(newest=Max("ingested_at"))
    parts = [
        FORMAT,
        document.pk,
        document.version,
        document.content_hash,
        document.ingested_at.isoformat(),
        knowledge["newest"].isoformat() if knowledge["newest"] else "",
    ]
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:16]


def panel(game: Game, language: str) -> dict | None:
    """What the "Save for offline" panel of a game's page needs; None when there is nothing to
    save in that language."""
    document = Document.objects.newest_rules(game, language)
    if document is None:
        return None
    with translation.override(language):
        manifest = reverse("offline_copy", kwargs={"game": game.slug})
    return {
        "stamp": stamp(game, language, document),
        "version": document.version,
        "manifest": manifest,
    }


def saved_copy(game: Game, language: str) -> dict | None:
    """The description the save button downloads: URLs to store and the rule-to-page map."""
    document = Document.objects.newest_rules(game, language)
    if document is None:
        return None
    with translation.override(language):
        toc = reverse("toc", kwargs={"game": game.slug, "kind": document.kind_slug})
        pages, chapters = section_pages(document, prose=game.numbering == Game.Numbering.PROSE)
        for page in pages:
            page.url = f"{toc}{page.number}/"
        keywords = [
            reverse("keyword", kwargs={"game": game.slug, "slug": slug})
            for slug in document.keywords.order_by("number").values_list("slug", flat=True)
        ]
        home = reverse("game", kwargs={"game": game.slug})
        keyword_index = reverse("keywords", kwargs={"game": game.slug}) if keywords else None
        offline = reverse("offline")
    rule_pages = [{"url": p.url, "numbers": p.numbers} for p in pages]
    if chapters:
        rule_pages.append({"url": toc, "numbers": chapters, "prefix": TOC_ANCHOR_PREFIX})
    urls = [home, toc, *([keyword_index] if keyword_index else []), *keywords]
    return {
        "format": FORMAT,
        "game": game.slug,
        "name": game.name,
        "lang": language,
        "kind": document.kind_slug,
        "version": document.version,
        "stamp": stamp(game, language, document),
        "home": home,
        "toc": toc,
        "offline": offline,
        "urls": [*urls, *(p.url for p in pages)],
        "rules": {"pages": rule_pages},
    }


def section_pages(document, prose: bool = False) -> tuple[list[SavedPage], list[str]]:
    """The pages that together show every rule once, and the chapter numbers left to the TOC.

    Sections (level-2 headings) are the pages. Rules a chapter holds outside its sections
    (Riftbound's 801-803 before the keyword glossary) get the page of their outermost number,
    except in prose games, whose chapter pages are short: there the chapter page is saved. A
    chapter without sections is saved whole. Chapter headings themselves point at their entry
    in the table of contents, because a chapter page repeats every section in it.
    """
    rules = list(
        Rule.objects.in_document(document)
        .in_order()
        .only("number", "occurrence", "position", "is_heading", "heading_level", "section_end")
    )
    owners = _section_owners(rules, prose)
    pages: dict[int, SavedPage] = {}
    chapters: list[str] = []
    root: Rule | None = None
    for rule in rules:
        owner = owners.get(rule.position)
        if owner is None and rule.is_heading and rule.heading_level < SECTION_LEVEL:
            chapters.extend([rule.number] if rule.occurrence == 1 else [])
            owner = root = None
        elif owner is None:
            root = root if root is not None and _continues(root, rule) else rule
            owner = root
        else:
            root = None
        if owner is not None:
            page = pages.setdefault(owner.position, SavedPage(number=owner.number))
            page.numbers.extend([rule.number] if rule.occurrence == 1 else [])
    return [pages[position] for position in sorted(pages)], chapters


def _section_owners(rules: list[Rule], prose: bool) -> dict[int, Rule]:
    """Position -> the heading whose saved page shows that rule (innermost section first)."""
    chapters = [r for r in rules if r.is_heading and r.heading_level < SECTION_LEVEL]
    sections = [r for r in rules if r.is_heading and r.heading_level == SECTION_LEVEL]
    owners: dict[int, Rule] = {}
    for chapter in chapters:
        end = chapter.section_end if chapter.section_end is not None else chapter.position
        has_sections = any(chapter.position < s.position <= end for s in sections)
        if prose or not has_sections:
            owners.update({position: chapter for position in range(chapter.position, end + 1)})
    for section in sections:
        end = section.section_end if section.section_end is not None else section.position
        owners.update({position: section for position in range(section.position, end + 1)})
    return owners


def _continues(root: Rule, rule: Rule) -> bool:
    """Whether ``rule`` is on ``root``'s page: the rule page of a number shows its contiguous
    numeric descendants (and a heading its whole section)."""
    if root.is_heading and root.section_end is not None:
        return rule.position <= root.section_end
    return rule.number.startswith(root.number + ".")
