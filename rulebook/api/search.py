"""The search and suggest endpoints of ``rulebook.views_search``, with the API's behaviour.

Those views belong to the search feature; here they gain CORS, rate limiting, conditional GETs
and errors with a ``status``. Parameters are checked against the published OpenAPI schema
first, so the contract holds even where the underlying parser is lenient (``page=+1``).
Suggestions also come in the OpenSearch format (``format=opensearch``) that browsers ask for.
"""

from __future__ import annotations

import hashlib
import json
import re

from rulebook import languages
from rulebook.api import schemas as s
from rulebook.api.http import ApiError, Lazy, as_get, foreign
from rulebook.api.registry import resource
from rulebook.api.resources import latest_ingest
from rulebook.models import Game
from rulebook.search import get_backend
from rulebook.search.base import KINDS, SearchUnavailable
from rulebook.web.views import search as views_search

_INT_RE = re.compile(r"[0-9]{1,6}")
_VERSION_RE = re.compile(s.VERSION_PATTERN[1:-1])
LANGS = languages.codes()


def _check(params) -> None:
    """Reject what the published schema rejects (the views would sometimes let it pass)."""
    for name in ("page", "per_page"):
        if name in params and not _INT_RE.fullmatch(params[name]):
            raise ApiError(400, f"{name} must be a whole number.")
    version = params.get("version")
    if version and not _VERSION_RE.fullmatch(version):
        raise ApiError(400, "A version looks like 2026-03-30.")
    # A NUL in ``q`` is hostile input the search interface strips (200); elsewhere it makes
    # the parameter invalid (400).
    for name in ("kind", "lang", "game", "version"):
        if "\x00" in params.get(name, ""):
            raise ApiError(400, f"{name} contains a NUL character.")


def search_parameters(request=None) -> list[dict]:
    """The shared search parameters; ``game`` lists the games that exist right now."""
    games = sorted(Game.objects.values_list("slug", flat=True))
    return [
        s.query_param("q", "Words, a phrase or a rule number.", type="string"),
        s.query_param(
            "kind", "Only this kind of entry (empty: all).", type="string", enum=["", *KINDS]
        ),
        s.query_param("lang", "Only this language (empty: all).", type="string", enum=["", *LANGS]),
        s.query_param(
            "game",
            "Only this game (empty: all); an unknown game answers 400.",
            type="string",
            enum=["", *games],
        ),
        s.query_param(
            "version",
            "Only this version (empty: the newest of each document).",
            type="string",
            pattern=r"^(\d{4}-\d{2}(-\d{2})?)?$",
        ),
        s.query_param("page", "Page number, 1-500.", type="integer", minimum=1, maximum=500),
        s.query_param("per_page", "Results per page, 1-50.", type="integer", minimum=1, maximum=50),
    ]


SEARCH_OK = {
    "200": {
        **s.ok("SearchResults")["200"],
        "content": {
            "application/json": {
                "schema": {"oneOf": [s.ref("SearchResults"), s.ref("SearchRedirect")]}
            }
        },
    },
    "304": s.ok("SearchResults")["304"],
}
SUGGEST_OK = {
    "200": {
        **s.ok("Suggestions")["200"],
        "content": {
            "application/json": {"schema": s.ref("Suggestions")},
            "application/x-suggestions+json": {"schema": s.ref("OpenSearchSuggestions")},
        },
    },
    "304": s.ok("Suggestions")["304"],
}


@resource(
    "search",
    name="api_search",
    tags=["search"],
    summary="Full-text search",
    description="A rule number as `q` answers `{query, redirect}` with the rule's URL.",
    parameters=search_parameters,
    responses={**SEARCH_OK, **s.errors("400")},
)
def search(request):
    _check(request.GET)
    return foreign(views_search.api_search(as_get(request)), latest_ingest())


@resource(
    "suggest",
    name="api_suggest",
    tags=["search"],
    summary="Autocomplete",
    description="`format=opensearch` answers `[query, [completions]]` as "
    "`application/x-suggestions+json`, the OpenSearch suggestions format browsers use.",
    parameters=lambda: [
        *search_parameters(),
        s.query_param(
            "format",
            "`json` (default) or `opensearch`.",
            type="string",
            enum=["json", "opensearch"],
        ),
    ],
    responses={**SUGGEST_OK, **s.errors("400")},
)
def suggest(request):
    _check(request.GET)
    fmt = request.GET.get("format", "json")
    if fmt not in ("json", "opensearch"):
        raise ApiError(400, "format must be json or opensearch.")
    if fmt == "opensearch":
        return _opensearch_suggestions(request)
    return foreign(views_search.api_suggest(as_get(request)), latest_ingest())


def _opensearch_suggestions(request):
    try:
        sq = views_search.parse_params(request.GET, api=True)
    except views_search.ParamError as exc:
        raise ApiError(400, str(exc)) from None
    try:
        completions = get_backend().suggest(sq.text, language=sq.language, game=sq.game)
    except SearchUnavailable:
        completions = []
    seed = hashlib.sha256(json.dumps([sq.text, completions]).encode()).hexdigest()
    return Lazy(
        build=lambda: [sq.text, completions],
        etag_seed=seed,
        last_modified=latest_ingest(),
        content_type="application/x-suggestions+json",
    )
