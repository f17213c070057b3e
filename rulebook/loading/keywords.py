"""Keyword rows derived from a Core Rules document, and a prose game's named entries.

Both are the second pass of a rules document's load: they read the rule rows just written.
"""

from __future__ import annotations

import re

from ingest.knowledge.keywords import derive_keywords, granted_keywords
from ingest.knowledge.mentions import mention_finder
from rulebook.loading.bulk import insert_rows
from rulebook.models import Keyword, Link, Rule


def store_keywords(document, parsed_rules, rules: list[Rule]) -> list[Keyword]:
    """Derive a Core Rules document's keyword glossary, and link each rule to the keywords
    its text mentions (rule -> keyword links, resolved within the same document)."""
    derived = derive_keywords(parsed_rules, document.language)
    if not derived:
        return []
    grants = granted_keywords(derived, parsed_rules)
    keywords = Keyword.objects.bulk_create(
        [
            Keyword(
                document=document,
                name=k.name[:80],
                slug=k.slug,
                number=k.number,
                types=k.types,
                written_forms=k.written_forms,
                summary=k.summary,
                aliases=k.aliases,
                rule_numbers=k.rule_numbers,
                takes_value=k.takes_value,
                notes=k.notes,
                granted_by=[list(pair) for pair in grants.get(k.name, [])],
                position=position,
            )
            for position, k in enumerate(derived)
        ]
    )
    if not all(k.pk for k in keywords):
        ids = dict(Keyword.objects.filter(document=document).values_list("slug", "pk"))
        for keyword in keywords:
            keyword.pk = ids[keyword.slug]
    _link_mentions(document, rules, derived, {k.name: k for k in keywords})
    return keywords


def _link_mentions(document, rules: list[Rule], derived, by_name: dict) -> None:
    """Rule -> keyword links for every keyword a rule's text names."""
    mentions = mention_finder(derived)
    links = [
        Link(
            game_id=document.game_id,
            document=document,
            source_kind=Link.RULE,
            source_id=rule.pk,
            target_kind=Link.KEYWORD,
            target_key=by_name[name].slug,
            target_id=by_name[name].pk,
            written=name[:200],
            position=position,
        )
        for rule in rules
        for position, name in enumerate(mentions(rule.text))
    ]
    insert_rows(Link, links)


def store_entries(document, parsed_rules, rules: list[Rule]) -> list[Keyword]:
    """A prose document's named entries ("Counter: …") as keyword-like rows.

    They get the same pages as keywords; their "type" is the section they are listed under
    ("Universal Reactions") and their summary the first sentence of their text.
    """
    sections = {r.pk: r for r in rules if r.is_heading and r.heading_level < 3}
    keywords = []
    for position, rule in enumerate(r for r in rules if r.heading_level == 3 and r.title):
        section = sections.get(rule.section_id)
        first_sentence = re.split(r"(?<=[.!?])\s", rule.text, maxsplit=1)[0]
        keywords.append(
            Keyword(
                document=document,
                name=rule.title[:80],
                slug=rule.number[:80],
                number=rule.number,
                types=[section.title or section.text] if section else [],
                summary=first_sentence,
                rule_numbers=[rule.number],
                position=position,
            )
        )
    return Keyword.objects.bulk_create(keywords)
