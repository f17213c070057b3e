"""The relink pass: rebuild and re-resolve every knowledge link of a game after any ingest.

Links from FAQ entries and cards are rebuilt from the stored citations (cheap: a few thousand
rows), then resolved against the newest English Core Rules of the game, its keywords and the
cards. Running it after every ingest is what makes ingest order irrelevant: FAQ loaded before
the rules or the cards gets its links as soon as those arrive.
"""

from __future__ import annotations

from ingest.knowledge.cards import card_key, keyword_uses
from ingest.knowledge.mentions import keyword_mentions
from ingest.knowledge.official import card_finder
from ingest.knowledge.text import slugify
from rulebook import kinds
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.loading.bulk import insert_rows
from rulebook.loading.citations import CitationResolver
from rulebook.loading.crossrefs import relink_documents
from rulebook.models import Card, Document, Erratum, FaqEntry, FaqPage, Keyword, Link, Rule

MAX_LISTED = 200


def newest_english(game):
    """The document every FAQ citation is resolved against (None before rules exist)."""
    return (
        Document.objects.filter(game=game, kind=kinds.CORE_RULES, language=KNOWLEDGE_LANGUAGE)
        .defer("report")
        .order_by("-version")
        .first()
    )


class _Targets:
    """Lookup tables for one game: rule numbers, keyword slugs and card slugs to row ids."""

    def __init__(self, game):
        self.document = newest_english(game)
        docs = [self.document] if self.document else []
        self.rules = dict(
            Rule.objects.filter(document__in=docs).order_by("-position").values_list("number", "pk")
        )
        self.keywords = list(Keyword.objects.filter(document__in=docs))
        self.keyword_ids = {k.slug: k.pk for k in self.keywords}
        self.keyword_slugs = {k.name: k.slug for k in self.keywords}
        self.cards = list(
            Card.objects.filter(game=game).only("pk", "name", "slug", "ability_text", "keywords")
        )
        self.card_ids = {c.slug: c.pk for c in self.cards}
        self.finder = card_finder([c.name for c in self.cards])
        self.label = self.document.short_label if self.document else ""
        self.citations = CitationResolver(game)
        self.resolved: dict[str, list[str]] = {}  # how -> "entry: number" lines

    def cite(self, entry, number: str):
        """Resolve one rule citation of an entry and remember how, for the report."""
        found = self.citations.resolve(entry.page, number)
        line = f"{_entry_label(entry)}: {number}"
        if found.number != number:
            line += f" -> {found.number}"
        self.resolved.setdefault(found.how, []).append(line)
        return found

    def keyword_slug(self, name: str) -> str:
        return self.keyword_slugs.get(name) or slugify(name)


def _link(
    game, source_kind, source_id, target_kind, key, target_id, written, note="", position=0
) -> Link:
    return Link(
        game=game,
        source_kind=source_kind,
        source_id=source_id,
        target_kind=target_kind,
        target_key=key[:200],
        target_id=target_id,
        written=written[:200],
        note=note[:300],
        position=position,
    )


def _faq_links(game, targets: _Targets, entry) -> list[Link]:
    """An entry's rule, card and keyword citations, in that order, numbered as written."""
    out: list[Link] = []

    def add(kind, key, target_id, written, note=""):
        out.append(_link(game, Link.FAQ, entry.pk, kind, key, target_id, written, note, len(out)))

    page = entry.page
    moved = ""
    if page.reviewed_version and targets.label and page.reviewed_version != targets.label:
        moved = f"reviewed:{page.reviewed_version}"
    for number in dict.fromkeys(entry.rule_citations):
        found = targets.cite(entry, number)
        add(Link.RULE, found.number, found.rule_id, number, found.note or moved)
    names = _card_names(targets, entry)
    for name in dict.fromkeys(names):
        slug = slugify(name)
        note = "page" if name == page.title and page.kind == "card" else ""
        add(Link.CARD, slug, targets.card_ids.get(slug), name, note)
    words = list(entry.keyword_mentions)
    if targets.keywords:
        text = f"{entry.question}\n{entry.answer_text}"
        words += keyword_mentions(text, targets.keywords, exclude=names)
    for name in dict.fromkeys(words):
        slug = targets.keyword_slug(name)
        add(Link.KEYWORD, slug, targets.keyword_ids.get(slug), name)
    return out


def _card_names(targets: _Targets, entry) -> list[str]:
    """Cards an entry is about: its card tags, names found in official answers, and the card
    a community card page is named after."""
    page = entry.page
    names = list(entry.card_citations)
    if page.is_official and targets.finder:
        names += targets.finder(f"{entry.question}\n{entry.answer_text}")
    if page.kind == "card" and not page.is_index:
        names.append(page.title)
    return names


def _card_links(game, targets: _Targets, card) -> list[Link]:
    known = list(targets.keyword_slugs) or None
    uses = (
        [
            {"name": u.name, "in_reminder": u.in_reminder}
            for u in keyword_uses(card.ability_text, known)
        ]
        if known
        else card.keywords
    )
    out = []
    for use in uses:
        slug = targets.keyword_slug(use["name"])
        if any(link.target_key == slug for link in out):
            continue
        out.append(
            _link(
                game,
                Link.CARD,
                card.pk,
                Link.KEYWORD,
                slug,
                targets.keyword_ids.get(slug),
                use["name"],
                "reminder" if use.get("in_reminder") else "",
                len(out),
            )
        )
    return out


def _resolve_rule_links(game) -> None:
    """Rule -> keyword links resolve within their own document; refresh ids that moved."""
    ids = {
        (k.document_id, k.slug): k.pk
        for k in Keyword.objects.filter(document__game=game).only("pk", "slug", "document_id")
    }
    stale = []
    rule_links = Link.objects.filter(game=game, source_kind=Link.RULE, target_kind=Link.KEYWORD)
    for link in rule_links.only("pk", "document_id", "target_key", "target_id"):
        target = ids.get((link.document_id, link.target_key))
        if target != link.target_id:
            link.target_id = target
            stale.append(link)
    Link.objects.bulk_update(stale, ["target_id"], batch_size=1000)


def _attach_errata(game, targets: _Targets) -> None:
    by_key = {card_key(c.name): c.pk for c in targets.cards}
    stale = []
    for erratum in Erratum.objects.filter(game=game).only("pk", "card_key", "card_id"):
        card = by_key.get(erratum.card_key)
        if card != erratum.card_id:
            erratum.card_id = card
            stale.append(erratum)
    Erratum.objects.bulk_update(stale, ["card"], batch_size=500)


def relink(game) -> dict:
    """Rebuild FAQ and card links and the citations between documents, re-resolve the rest;
    returns the citation summary."""
    targets = _Targets(game)
    Link.objects.filter(game=game, source_kind__in=[Link.FAQ, Link.CARD]).delete()
    links = []
    entries = (
        FaqEntry.objects.filter(page__game=game)
        .select_related("page")
        .defer("answer_markdown", "question_markdown")
    )
    for entry in entries:
        links.extend(_faq_links(game, targets, entry))
    for card in targets.cards:
        links.extend(_card_links(game, targets, card))
    insert_rows(Link, links)
    _resolve_rule_links(game)
    _attach_errata(game, targets)
    cited = relink_documents(game, core=targets.citations)
    return {**summarise(game, targets), "cited documents": cited}


def summarise(game, targets: _Targets) -> dict:
    """Resolved and unresolved citations of each kind, and the unresolved FAQ rule numbers."""
    counts: dict[str, dict[str, int]] = {}
    rows = (
        Link.objects.filter(game=game)
        .exclude(source_kind=Link.RULE)
        .values_list("source_kind", "target_kind", "target_id")
    )
    for source_kind, target_kind, target_id in rows:
        group = counts.setdefault(f"{source_kind}->{target_kind}", {"resolved": 0, "unresolved": 0})
        group["resolved" if target_id else "unresolved"] += 1
    unresolved = Link.objects.filter(
        game=game, source_kind=Link.FAQ, target_kind=Link.RULE, target_id__isnull=True
    )
    entries = {
        e.pk: e
        for e in FaqEntry.objects.filter(pk__in=unresolved.values("source_id"))
        .select_related("page")
        .only("pk", "anchor", "page__slug", "page__source")
    }
    listed = [
        f"{_entry_label(entries.get(link.source_id))}: {link.target_key}"
        for link in unresolved.order_by("source_id", "position")[:MAX_LISTED]
    ]
    rule = counts.get("faq->rule", {"resolved": 0, "unresolved": 0})
    total = rule["resolved"] + rule["unresolved"]
    return {
        "citations": {
            how: {"count": len(lines), "items": lines[:MAX_LISTED]}
            for how, lines in sorted(targets.resolved.items())
        },
        "against": (
            f"{targets.document.version} ({targets.document.label})" if targets.document else None
        ),
        "counts": counts,
        "faq_rule_share": round(rule["resolved"] / total, 4) if total else None,
        "unresolved_faq_rules": listed,
    }


def _entry_label(entry) -> str:
    if entry is None:
        return "?"
    prefix = "official/" if entry.page.source == FaqPage.OFFICIAL else ""
    return f"{prefix}{entry.page.slug}#{entry.anchor}"
