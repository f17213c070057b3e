"""``/keyword`` and ``/card``: what the keyword and card pages say, as embeds.

Counts and links come from ``rulebook.pages.knowledge`` (the same bulk queries as the pages);
card texts are English whatever the reader's language, so a French answer says so.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ingest.knowledge.cards import ability_plain_text, plain_pieces
from ingest.urls import safe_url
from rulebook.discord import fuzzy, limits
from rulebook.discord import replies as r
from rulebook.discord.context import Ask, other_language, rules_document
from rulebook.discord.rules import footer, no_translation
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Erratum, Keyword, Link, Rule
from rulebook.pages import knowledge as kp
from rulebook.pages.answers import Resolver
from rulebook.pages.linkify import markdown_escape
from rulebook.pages.pinned_links import PinnedLinks


def keyword_names(document, english) -> dict[str, Keyword]:
    """Every name a keyword answers to (its own, its aliases, the English name), each mapped
    to the keyword of ``document``."""
    own = list(
        Keyword.objects.in_document(document)
        .select_related("document__game")
        .defer("document__report")
    )
    by_number = {k.number: k for k in own}
    names: dict[str, Keyword] = {}
    for keyword in own:
        for name in [keyword.name, *keyword.aliases]:
            names.setdefault(name, keyword)
    if english is not None and english.pk != document.pk:
        for keyword in Keyword.objects.in_document(english).only("name", "number"):
            if keyword.number in by_number:
                names.setdefault(keyword.name, by_number[keyword.number])
    return names


def _keyword_documents(ask: Ask):
    document = rules_document(ask.game, ask.language)
    english = rules_document(ask.game, KNOWLEDGE_LANGUAGE)
    if document is None or not Keyword.objects.in_document(document).exists():
        return english, english, ask.language != KNOWLEDGE_LANGUAGE
    return document, english, False


def keyword_reply(ask: Ask, written: str) -> dict:
    document, english, fallback = _keyword_documents(ask)
    names = keyword_names(document, english) if document else {}
    name = fuzzy.best(written, list(names)) if written else None
    if name is None:
        return r.notice(_("No keyword “%(name)s”.") % {"name": written[:60]})
    keyword = names[name]
    english_keyword = Keyword.objects.in_document(english).defined_at(keyword.number).first()
    counts = kp.keyword_counts(ask.game, [keyword], {keyword.number: english_keyword})
    counts = counts[keyword.pk]
    url = ask.url(keyword.get_absolute_url())
    rules = Rule.objects.filter(document=document, number__in=keyword.rule_numbers, occurrence=1)
    pinned = PinnedLinks(document)  # a reply outlives the version: its rules stay pinned
    links = [r.link(rule.number, ask.url(pinned.path(rule.number))) for rule in rules]
    note = f"*{no_translation()}*\n\n" if fallback else ""
    embed = {
        "title": keyword.name,
        "url": url,
        "description": note + markdown_escape(keyword.summary or ", ".join(keyword.types)),
        "fields": [
            {
                "name": _("Rules"),
                "value": limits.join(links, limits.FIELD_VALUE) or "—",
            },
            {
                "name": _("Cards"),
                "value": r.link(_cards(counts["cards"]), url + "#cards"),
                "inline": True,
            },
            {
                "name": _("FAQ"),
                "value": r.link(_faq(counts["faq"]), url + "#kw-faq"),
                "inline": True,
            },
        ],
        "footer": footer(document),
    }
    other = other_language(document.language)
    action = r.Action(
        "keyword", other, ask.game.slug, [english_keyword.slug if english_keyword else name]
    )
    other_document = rules_document(ask.game, other)
    has_other = Keyword.objects.in_document(other_document).defined_at(keyword.number).exists()
    return r.message(embed, buttons=[r.language_button(action)] if has_other else [])


def _cards(count: int) -> str:
    return ngettext("%(count)d card", "%(count)d cards", count) % {"count": count}


def _faq(count: int) -> str:
    return ngettext("%(count)d FAQ entry", "%(count)d FAQ entries", count) % {"count": count}


def find_card(game, written: str):
    """(card, others): the card meant, or the cards of a champion name several share.

    Names are matched on a light list; only the card found is read in full.
    """
    rows = list(Card.objects.of_game(game).values_list("pk", "name", "slug"))
    wanted = fuzzy.fold(written)
    exact = [pk for pk, name, slug in rows if fuzzy.fold(name) == wanted or slug == written]
    bare = [pk for pk, name, _slug in rows if fuzzy.fold(name.split(",")[0]) == wanted]
    cards = Card.objects.select_related("game").prefetch_related("printings")
    if not exact and len(bare) > 1:
        return None, list(cards.filter(pk__in=bare).order_by("name"))
    if not exact:
        name = fuzzy.best(written, [name for _pk, name, _slug in rows]) if written else None
        exact = [pk for pk, other, _slug in rows if other == name]
    return (cards.filter(pk=exact[0]).first() if exact else None), []


def card_reply(ask: Ask, written: str) -> dict:
    card, several = find_card(ask.game, written)
    if several:
        lines = [r.link(c.name, ask.url(c.url(ask.language))) for c in several]
        return r.notice(_("Which one?"), "\n".join(lines))
    if card is None:
        return r.notice(_("No card “%(name)s”.") % {"name": written[:60]})
    document = rules_document(ask.game, ask.language) or rules_document(
        ask.game, KNOWLEDGE_LANGUAGE
    )
    resolver = Resolver(ask.game, ask.language, document)
    url = ask.url(card.url(ask.language))
    english_only = _("Card texts are in English only.")
    note = f"*{english_only}*\n\n" if ask.language != KNOWLEDGE_LANGUAGE else ""
    embed = {
        "title": card.name,
        "url": url,
        "description": note + ability_markdown(ask, card.ability_text, resolver),
        "fields": _card_fields(ask, card, resolver, url),
    }
    image = next((p.image_url for p in card.printings.all() if _web(p.image_url)), "")
    if image:
        embed["image"] = {"url": image}
    action = r.Action("card", other_language(ask.language), ask.game.slug, [card.slug])
    return r.message(embed, buttons=[r.language_button(action)])


def _web(url: str) -> bool:
    return safe_url(url) is not None


def ability_markdown(ask: Ask, text: str, resolver) -> str:
    """Card text for chat: icons read as words ("pay 1 Fury Power", as on the pages' plain
    readings), keywords linked to their pages."""
    parts = []
    for token, piece in plain_pieces(text, list(resolver.keyword_slugs) or None):
        space = " " if piece != token.text and token.kind != "icon" else ""  # after an icon
        written = markdown_escape(token.text)
        if token.kind == "keyword":
            url = resolver.keyword_url(token.label)
            parts.append(space + (r.link(token.text, ask.url(url)) if url else f"**{written}**"))
        elif token.kind == "term":
            parts.append(f"{space}**{written}**")
        else:
            parts.append(markdown_escape(piece))
    return "".join(parts).strip() or "—"


def _card_fields(ask: Ask, card, resolver, url: str) -> list[dict]:
    fields = [
        {"name": _("Type"), "value": " ".join([*card.super_types, *card.card_types]) or "—"},
        {"name": _("Cost"), "value": card.energy or "—"},
    ]
    if card.might:
        fields.append({"name": _("Might"), "value": card.might})
    if card.domains:
        fields.append({"name": _("Domain"), "value": ", ".join(card.domains)})
    keywords = list(dict.fromkeys(use["name"] for use in card.keywords))
    if keywords:
        links = [
            r.link(name, ask.url(resolver.keyword_url(name)))
            if resolver.keyword_url(name)
            else markdown_escape(name)
            for name in keywords
        ]
        fields.append({"name": _("Keywords"), "value": limits.join(links, limits.FIELD_VALUE)})
    for field in fields:
        field["inline"] = True
    erratum = Erratum.objects.for_card(card).first()
    if erratum is not None:
        text = limits.truncate(markdown_escape(ability_plain_text(erratum.new_text)), 900)
        fields.append(
            {"name": _("Errata"), "value": f"{text}\n{r.link(_('Errata'), url + '#card-errata')}"}
        )
    faq = Link.objects.faq_about_card(card).count()
    fields.append({"name": _("FAQ"), "value": r.link(_faq(faq), url + "#card-faq")})
    return fields
