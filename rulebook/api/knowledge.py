"""Keywords in the API: the keyword list of a language, and one keyword with its rulings.

Keywords belong to a Core Rules document (the newest in the language asked); their FAQ
entries and cards are found through the English keyword with the same defining rule number,
exactly as the keyword pages find them (``rulebook.pages.knowledge.keyword_page``).

Resources register in import order and Django takes the first matching route, so
``cards/<slug>`` (``rulebook.api.cards``) must come before ``<lang>/keywords`` here (else a
card slugged ``keywords`` would read as a language); this module imports it first for that.
"""

from __future__ import annotations

from rulebook.api import cards as _register_cards_first  # noqa: F401
from rulebook.api import schemas as s
from rulebook.api import serialize
from rulebook.api.http import ApiError
from rulebook.api.knowledge_common import knowledge_lazy
from rulebook.api.registry import resource
from rulebook.api.resources import game_or_404, redirect_to
from rulebook.api.schemas_knowledge import KEYWORD_REDIRECT
from rulebook.models import Document, Keyword
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
    document = Document.objects.newest_rules(game, lang)
    if document is None:
        raise ApiError(404, f"No Core Rules of {game.slug} in “{lang[:10]}”.")
    return document


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
    game_obj = game_or_404(game)
    document = _rules_or_404(game_obj, lang)

    def build():
        rows = list(Keyword.objects.in_document(document))
        counts = kp.keyword_counts(game_obj, rows, kp.english_keywords(game_obj))
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        return {
            "game": game_obj.slug,
            "language": lang,
            "version": document.version,
            "keywords": [_summary(urls, keyword, counts[keyword.pk]) for keyword in rows],
        }

    return knowledge_lazy(build, game_obj, lang)


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


KEYWORD_FIELDS = (
    "name", "slug", "number", "type", "types", "summary", "written_forms", "aliases",
    "takes_value", "rule_numbers",
)  # fmt: skip


@resource(
    "games/<slug:game>/<str:lang>/keywords/<slug:slug>",
    name="api_keyword",
    tags=["keywords"],
    summary="A keyword: its rules, FAQ entries and cards",
    parameters=[s.DEMO_GAME, LANG, SLUG],
    responses={**s.ok("Keyword"), **KEYWORD_REDIRECT, **s.errors("404")},
)
def keyword(request, game, lang, slug):
    game_obj = game_or_404(game)
    document = _rules_or_404(game_obj, lang)
    keyword_obj, elsewhere = kp.find_keyword(game_obj, document, slug)
    if elsewhere is not None:  # another language's slug: this language's keyword
        kwargs = {"game": game_obj.slug, "lang": document.language, "slug": elsewhere.slug}
        return redirect_to(request, "api_keyword", kwargs)
    if keyword_obj is None:
        raise ApiError(404, f"No keyword “{slug[:60]}” in {document}.")

    def build():
        page = kp.keyword_page(game_obj, keyword_obj)
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        number = keyword_obj.number
        return {
            "game": game_obj.slug,
            "language": lang,
            "version": document.version,
            **{name: getattr(keyword_obj, name) for name in KEYWORD_FIELDS},
            "defining_rule": {
                "number": number,
                "url": urls("rule", number),
                "api_url": urls("api_rule", number),
            },
            "url": urls("keyword", keyword_obj.slug),
            "api_url": urls("api_keyword", keyword_obj.slug),
            "faq": [serialize.faq_summary(urls, entry) for entry in page.faq],
            "cards": [
                {
                    **serialize.card_summary(urls, card),
                    "reminder_only": card.pk in page.reminder_only,
                }
                for card in page.cards
            ],
            "printing_count": page.printing_total,
            "granted_by": _granted_by(urls, document, page.granted),
        }

    return knowledge_lazy(build, game_obj, lang)


def _granted_by(urls, document, groups: list[dict]) -> list[dict]:
    """Keywords whose rules grant this one (Hidden grants Reaction), with the cards that gain
    it that way; the keyword page's own grouping, linked in the page's language."""
    if not groups:
        return []
    slugs = dict(Keyword.objects.in_document(document).values_list("number", "slug"))
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
