"""oEmbed for rule pages: chat apps and CMSs that ask get a quoted, linked snippet.

Accepted URLs: a rule page (``/<lang>/<game>/<kind>/[<version>/]<number>/``) or a short link
(``/r/<number>``, ``/r/<version>/<number>``, ``/r/tr/<number>``, optionally ``?version=``), on
this site's host. Only the JSON format exists; any other ``format`` answers 501 as the oEmbed
specification asks.

An embed is pasted into a discussion, so its quote links the rule's short link pinned to the
version quoted (``short_url``): a later renumbering cannot make it point at another rule.
``url`` stays the rule's page.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.http.request import validate_host
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.html import format_html

from ingest import numbers
from ingest.knowledge.cards import icon_tokens_as_words
from rulebook import kinds, languages
from rulebook.api import schemas as s
from rulebook.api.http import ApiError, Lazy
from rulebook.api.registry import resource
from rulebook.api.resources import family, state_of
from rulebook.models import Document, Game, Rule
from rulebook.pages.pinned_links import pinned_path
from rulebook.pages.preview import rule_preview

PROVIDER_NAME = "Rulebook"
DEFAULT_WIDTH, DEFAULT_HEIGHT = 600, 200
LANGS = languages.codes()


SHORT_ROUTES = ("short", "short_document", "short_version", "short_version_document",
                "short_document_version")  # fmt: skip


def _short_link_document(kwargs: dict, query: dict) -> Document | None:
    """The document a short link lands in: its version (in the path, else ``?version=``) or
    the newest, of the document its abbreviation names (``tr``) or the Core Rules."""
    game = Game.objects.short_link_default(settings.RULEBOOK_DEFAULT_GAME)
    abbreviation = kwargs.get("document")
    kind = kinds.key_of_abbreviation(abbreviation) if abbreviation else kinds.CORE_RULES
    if game is None or kind is None:
        return None
    docs = Document.objects.of(game, kind, settings.LANGUAGE_CODE).newest_first()
    version = kwargs.get("version") or (query.get("version") or [None])[0]
    return docs.filter(version=version).first() if version else docs.first()


def resolve_rule_url(request, url: str) -> tuple[Rule, bool]:
    """The rule a page URL shows, and whether the URL pins a version; ApiError 404 otherwise."""
    parts = urlsplit(url.strip())
    host_ok = (
        not parts.netloc
        or parts.netloc == request.get_host()
        or validate_host(parts.netloc.split("@")[-1], settings.ALLOWED_HOSTS)
    )
    if parts.scheme not in ("", "http", "https") or not host_ok:
        raise ApiError(404, "Not a Rulebook URL.")
    path = parts.path or "/"
    lang = path.strip("/").split("/")[0]
    try:
        with translation.override(lang if lang in LANGS else settings.LANGUAGE_CODE):
            match = resolve(path)
    except Resolver404:
        raise ApiError(404, "That URL is not a rule page.") from None
    kwargs = match.kwargs
    number = kwargs.get("number", "")
    if match.url_name in SHORT_ROUTES:
        document = _short_link_document(kwargs, parse_qs(parts.query))
        pinned = "version" in kwargs or "version" in parse_qs(parts.query)
        number = numbers.typed(number) or number  # "813-1-c-2" as /r/ reads it
    elif match.url_name in ("rule", "rule_version"):
        docs = Document.objects.of(kwargs["game"], kinds.key_of(kwargs["kind"]), lang)
        version = kwargs.get("version")
        document = docs.filter(version=version).first() if version else docs.newest_first().first()
        pinned = version is not None
    else:
        raise ApiError(404, "That URL is not a rule page.")
    number = numbers.lookup_key(number.split("~")[0])
    rule = (
        document
        and number
        and Rule.objects.in_document(document).at(number).select_related("document__game").first()
    )
    if not rule:
        raise ApiError(404, "There is no such rule.")
    return rule, pinned


def _size(request, name: str, default: int) -> int:
    raw = request.GET.get(name)
    if raw in (None, ""):
        return default
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 10000:
        raise ApiError(400, f"{name} must be a whole number from 1 to 10000.")
    return min(default, int(raw))


def embed_html(rule, preview: dict) -> str:
    """A self-contained quote: escaped text, a link to the rule, no script and no style."""
    return format_html(
        '<blockquote class="rulebook-embed" cite="{url}"><p>{text}</p>'
        '<footer>— <a href="{url}">{title}</a> · {provider}</footer></blockquote>',
        url=preview["url"],
        text=preview["description"],
        title=preview["title"],
        provider=PROVIDER_NAME,
    )


@resource(
    "oembed",
    name="api_oembed",
    tags=["embeds"],
    summary="oEmbed for a rule page URL",
    description="Returns a `rich` embed: title (number and version), the opening of the rule "
    "text, and an escaped blockquote as `html`. `format` other than `json` answers 501.",
    parameters=[
        s.query_param(
            "url",
            "A rule page URL (`/en/<game>/rules/<number>/`, pinned or not) or "
            "a short link `/r/<number>`.",
            required=True,
            type="string",
            minLength=1,
        ),
        s.query_param("format", "Only `json` is implemented.", type="string", enum=["json"]),
        s.query_param(
            "maxwidth", "Largest width wanted.", type="integer", minimum=1, maximum=10000
        ),
        s.query_param(
            "maxheight", "Largest height wanted.", type="integer", minimum=1, maximum=10000
        ),
    ],
    responses={
        **s.ok("OEmbed"),
        **s.errors("400", "404"),
        "501": s.error("Not implemented: a format other than JSON."),
    },
)
def oembed(request):
    fmt = request.GET.get("format", "json")
    if fmt != "json":
        raise ApiError(501, "Only format=json is implemented.")
    if not request.GET.get("url"):
        raise ApiError(400, "The url parameter is required.")
    width, height = (
        _size(request, "maxwidth", DEFAULT_WIDTH),
        _size(request, "maxheight", DEFAULT_HEIGHT),
    )
    rule, _pinned = resolve_rule_url(request, request.GET["url"])
    document = rule.document

    def build():
        short_url = request.build_absolute_uri(pinned_path(document, rule.number))
        preview = rule_preview(rule, request)
        # A quote in another site's page draws no icon: a token reads as its words there.
        preview["description"] = icon_tokens_as_words(preview["description"])
        return {
            "version": "1.0",
            "type": "rich",
            "title": preview["title"],
            "description": preview["description"],
            "url": preview["url"],
            "short_url": short_url,
            "provider_name": PROVIDER_NAME,
            "provider_url": request.build_absolute_uri("/"),
            "html": embed_html(rule, {**preview, "url": short_url}),
            "width": width,
            "height": height,
            "cache_age": 3600,
        }

    seed, last_modified = state_of(family(document.game, document.kind, document.language))
    return Lazy(build=build, etag_seed=seed, last_modified=last_modified)
