import functools
import re

from django.conf import settings

from rulebook import languages

_SLUG_RE = re.compile(r"[-a-z0-9_]{1,50}")


def site(request):
    """Values every template needs: the current language, its OpenGraph locale and the others."""
    lang = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    row = languages.get(lang)
    return {
        "lang": lang,
        "og_locale": row.og_locale if row else lang,
        "knowledge_language": languages.KNOWLEDGE_LANGUAGE,
        "site_name": "Rulebook",
        "languages": settings.LANGUAGES,
        # Read when a template asks, once: a view that knows its game passes it instead.
        "search_game": functools.cache(lambda: _search_game(request)),
        # Ingest repairs are for maintainers: shown only behind the "source notes" toggle.
        "source_notes": request.GET.get("notes") == "1",
    }


def _search_game(request):
    """The game whose pages these are: the header's search box searches that game only.

    On the search page itself it is the game the results are scoped to (``?game=``).
    """
    match = getattr(request, "resolver_match", None)
    slug = (match.kwargs.get("game") if match else None) or request.GET.get("game")
    if not isinstance(slug, str) or not _SLUG_RE.fullmatch(slug):
        return None
    from rulebook.models import Game

    return Game.objects.filter(slug=slug).only("slug", "name").first()
