"""Keywords, FAQ and cards in the API; this module is what ``rulebook.api.urls`` imports.

Keyword resources live here; cards and FAQ pages in ``cards_faq``, imported first on purpose:
resources register in import order and Django takes the first matching route, so
``cards/<slug>`` must come before ``<lang>/keywords`` (else a card slugged ``keywords`` would
read as a language).

Keywords belong to a Core Rules document (the newest in the language asked); their FAQ
entries and cards are found through the English keyword with the same defining rule number,
exactly as the keyword pages find them (``rulebook.knowledge_pages``).
"""

from __future__ import annotations

from rulebook.api import cards_faq, serialize
from rulebook.api import schemas as s
from rulebook.api.http import ApiError
from rulebook.api.registry import resource
from rulebook.api.resources import _game_or_404, _redirect
from rulebook.models import Keyword
from rulebook.pages import cards as kc
from rulebook.pages import knowledge as kp

SLUG = s.example(
    s.path_param(
        "slug",
        "Keyword slug in that language (`swift`, `celerite`); a slug of another language "
        "answers 308 to this language's keyword.",
        pattern=s.SLUG_PATTERN,
    ),
    "swift",
)
LANG = s.example(s.LANG, "en")


def _rules_or_404(game, lang: str):
    document = kp.rules_document(game, lang)
    if document is None:
        raise ApiError(404, f"No Core Rules of {game.slug} in “{lang[:10]}”.")
    return document


def _english(game) -> dict[str, Keyword]:
    """The newest English keywords by defining number: FAQ and card links point at them."""
    return {k.number: k for k in Keyword.objects.filter(document=kp.rules_document(game, "en"))}


@resource(
    "games/<slug:game>/<str:lang>/keywords",
    name="api_keywords",
    tags=["keywords"],
    summary="The keywords of the newest Core Rules in a language",
    description="With how many rules define each keyword and how many FAQ entries and "
    "cards concern it (the counts of the keyword index page).",
    parameters=[s.DEMO_GAME, LANG],
    responses={**s.ok("KeywordList"), **s.errors("404")},
)
def keywords(request, game, lang):
    game_obj = _game_or_404(game)
    document = _rules_or_404(game_obj, lang)

    def build():
        rows = list(document.keywords.all())
        counts = kp.keyword_counts(game_obj, rows, _english(game_obj))
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        return {
            "game": game_obj.slug,
            "language": lang,
            "version": document.version,
            "keywords": [_summary(urls, keyword, counts[keyword.pk]) for keyword in rows],
        }

    return cards_faq.knowledge_lazy(build, game_obj, lang)


def _summary(urls, keyword, counts: dict) -> dict:
    return {
        "name": keyword.name,
        "slug": keyword.slug,
        "number": keyword.number,
        "type": keyword.type,
        "summary": keyword.summary,
        "counts": counts,
        "url": urls("keyword", keyword.slug),
        "api_url": urls("api_keyword", keyword.slug),
    }


@resource(
    "games/<slug:game>/<str:lang>/keywords/<slug:slug>",
    name="api_keyword",
    tags=["keywords"],
    summary="A keyword: its rules, FAQ entries and cards",
    parameters=[s.DEMO_GAME, LANG, SLUG],
    responses={**s.ok("Keyword"), **s.KEYWORD_REDIRECT, **s.errors("404")},
)
def keyword(request, game, lang, slug):
    game_obj = _game_or_404(game)
    document = _rules_or_404(game_obj, lang)
    keyword_obj = document.keywords.filter(slug=slug).first()
    if keyword_obj is None:
        return _elsewhere(request, game_obj, document, slug)

    def build():
        english = _english(game_obj).get(keyword_obj.number)
        card_links = kp.keyword_card_links(game_obj, english)
        carrying = kp.cards_with_printings(card_links)
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        number = keyword_obj.number
        fields = (
            "name",
            "slug",
            "number",
            "type",
            "types",
            "summary",
            "written_forms",
            "aliases",
            "takes_value",
            "rule_numbers",
        )
        return {
            "game": game_obj.slug,
            "language": lang,
            "version": document.version,
            **{name: getattr(keyword_obj, name) for name in fields},
            "defining_rule": {
                "number": number,
                "url": urls("rule", number),
                "api_url": urls("api_rule", number),
            },
            "url": urls("keyword", keyword_obj.slug),
            "api_url": urls("api_keyword", keyword_obj.slug),
            "faq": [
                serialize.faq_summary(urls, entry)
                for entry in kp.entries_by_id(kp.keyword_faq_ids(game_obj, english))
            ],
            "cards": [
                {
                    **serialize.card_summary(urls, card),
                    "reminder_only": card_links[card.pk] == "reminder",
                }
                for card in carrying
            ],
            "printing_count": kc.printing_count(carrying, english.name) if english else 0,
            "granted_by": _granted_by(urls, document, game_obj, english, set(card_links)),
        }

    return cards_faq.knowledge_lazy(build, game_obj, lang)


def _elsewhere(request, game_obj, document, slug):
    """A slug of another language's keyword: 308 to the keyword with the same defining rule
    in this language (the keyword page redirects the same way), else 404."""
    for other in Keyword.objects.filter(document__game=game_obj, slug=slug).only("number"):
        match = document.keywords.filter(number=other.number).first()
        if match is not None:
            return _redirect(
                request,
                "api_keyword",
                {"game": game_obj.slug, "lang": document.language, "slug": match.slug},
            )
    raise ApiError(404, f"No keyword “{slug[:60]}” in {document}.")


def _granted_by(urls, document, game_obj, english, carrying: set[int]) -> list[dict]:
    """Keywords whose rules grant this one (Hidden grants Reaction), with the cards that gain
    it that way; the keyword page's own grouping, linked in the page's language."""
    groups = kp.granted_cards(game_obj, english, carrying)
    if not groups:
        return []
    slugs = dict(document.keywords.values_list("number", "slug"))
    out = []
    for group in groups:
        source = group["keyword"]
        slug = slugs.get(source.number) if source else None
        out.append(
            {
                "name": group["name"],
                "slug": slug,
                "numbers": group["numbers"],
                "url": urls("keyword", slug) if slug else None,
                "api_url": urls("api_keyword", slug) if slug else None,
                "cards": [serialize.card_summary(urls, card) for card in group["cards"]],
            }
        )
    return out
