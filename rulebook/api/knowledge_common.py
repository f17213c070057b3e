"""What the keyword, card and FAQ resources share: their validators and query parameters.

An answer depends on the game's documents (keywords, rule links) and on its knowledge files
(FAQ, cards, errata), so ETag and Last-Modified come from both. FAQ and card texts are
English; ``lang`` chooses the language of the pages linked (and of the rules an answer links
to), as the page language does.
"""

from __future__ import annotations

from django.conf import settings

from rulebook import languages
from rulebook.api import schemas as s
from rulebook.api.http import ApiError
from rulebook.api.resources import lazy_payload
from rulebook.models import Game, KnowledgeSource

LANG_QUERY = s.query_param(
    "lang",
    "Language of the pages linked (empty: `en`). Texts stay English.",
    type="string",
    enum=["", *languages.codes()],
)


def knowledge_lazy(build, game: Game, extra_seed: str = ""):
    """Validators from the game's documents and knowledge files together."""
    return lazy_payload(
        build, game.documents.all(), extra_seed, also=[KnowledgeSource.objects.of_game(game)]
    )


def choice(request, name: str, allowed) -> str:
    """A query parameter that must be empty or one of ``allowed`` (else 400)."""
    value = request.GET.get(name, "")
    if value and value not in allowed:
        raise ApiError(400, f"{name} must be one of: {', '.join(sorted(allowed))}.")
    return value


def language(request) -> str:
    return choice(request, "lang", languages.codes()) or settings.LANGUAGE_CODE


def keyword_cited(urls, resolver, name: str) -> dict:
    """An English keyword name linked to its page in the resolver's language, if it has one."""
    slug = resolver.keyword_slugs.get(name)
    return {
        "name": name,
        "slug": slug,
        "url": urls("keyword", slug) if slug else None,
        "api_url": urls("api_keyword", slug) if slug else None,
    }
