import functools
import re

from django.conf import settings
from django.urls import Resolver404, resolve, reverse, translate_url
from django.utils import translation

from rulebook import kinds, languages

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
        # The language switch's links, each read when the template asks for it.
        "language_links": LanguageLinks(request),
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


class LanguageLinks:
    """This page in each other language (``links[code]``), read once per language and request.

    The template tag only writes the link out (``rulebook_tags.language_url``), taking first
    the answer of a view that knows better (``language_alternates`` of a rule page); the
    languages it takes from there are never read here.
    """

    def __init__(self, request):
        self.request = request
        self.found: dict[str, str] = {}

    def __getitem__(self, code: str) -> str:
        if code not in self.found:
            self.found[code] = self._url(code)
        return self.found[code]

    def _url(self, code: str) -> str:
        request = self.request
        if request.path == "/":
            return f"/{code}/"
        return _available_in(translate_url(request.get_full_path(), code), code)


def _available_in(url: str, code: str) -> str:
    """A page of a game with no text in that language leads to the game's page there (which
    says what exists), not to a 404: a prose game may have one language only."""
    from rulebook.models import Document

    try:
        with translation.override(code):
            match = resolve(url.split("?")[0])
    except Resolver404:
        return url
    game = match.kwargs.get("game")
    if not game or match.url_name in ("game", "offline_copy"):
        return url
    docs = Document.objects.filter(game__slug=game, language=code)
    kind = match.kwargs.get("kind")
    if kind:
        docs = docs.filter(kind=kinds.key_of(kind))
    if not docs.exists():
        return f"/{code}/{game}/"
    wanted = {match.kwargs.get("version"), *match.kwargs.get("span", "").split("..")} - {None, ""}
    if wanted - set(docs.values_list("version", flat=True)):
        with translation.override(code):
            return reverse("toc", kwargs={"game": game, "kind": kind})
    return url
