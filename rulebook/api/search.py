"""``/api/v1/search`` and ``/api/v1/suggest``: search results and completions as JSON.

Parameters are read by ``rulebook.search.params``, the same reader as the HTML search page, so
both faces accept the same things and refuse them with the same message (here a 400). The JSON
is built here from ``run_search`` and returned as a ``Lazy`` whose ETag is a hash of the
answer, so a client revalidating gets a 304 whenever the results did not change. Suggestions
also come in the OpenSearch format (``format=opensearch``) that browsers ask for.
"""

from __future__ import annotations

import hashlib
import json

from rulebook import kinds, languages
from rulebook.api import schemas as s
from rulebook.api.http import ApiError, Lazy
from rulebook.api.registry import resource
from rulebook.models import DataGeneration, Game
from rulebook.search import get_backend, run_search
from rulebook.search.base import KINDS, SearchQuery, SearchUnavailable
from rulebook.search.params import ParamError, parse_params

LANGS = languages.codes()


def _query(request) -> SearchQuery:
    try:
        return parse_params(request.GET, api=True)
    except ParamError as exc:
        raise ApiError(400, str(exc)) from None


def _lazy(payload, content_type="application/json") -> Lazy:
    """The payload with validators; it is already built, so the ETag can hash it. A search
    draws on every kind of data, so its date is the data generation's: a FAQ or card download
    changes answers without touching any rules document."""
    body = json.dumps(payload, sort_keys=True, ensure_ascii=False)
    return Lazy(
        build=lambda: payload,
        etag_seed=hashlib.sha256(body.encode()).hexdigest(),
        last_modified=DataGeneration.current()[1],
        content_type=content_type,
    )


def search_parameters(request=None) -> list[dict]:
    """The shared search parameters; ``game`` lists the games that exist right now."""
    games = sorted(Game.objects.values_list("slug", flat=True))
    return [
        s.query_param("q", "Words, a phrase or a rule number.", type="string"),
        s.query_param(
            "kind", "Only this kind of entry (empty: all).", type="string", enum=["", *KINDS]
        ),
        s.query_param(
            "lang",
            "Only this language (empty: all, the language the query is written in first).",
            type="string",
            enum=["", *LANGS],
        ),
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
        s.query_param(
            "document",
            "Only the rules of this document (empty: every document, and every kind).",
            type="string",
            enum=["", *kinds.keys()],
        ),
        s.query_param("page", "Page number, 1-500.", type="integer", minimum=1, maximum=500),
        s.query_param("per_page", "Results per page, 1-50.", type="integer", minimum=1, maximum=50),
        s.query_param(
            "spell",
            "`0`: search the words as typed, never a respelling (default `1`).",
            type="string",
            enum=["", "0", "1"],
        ),
    ]


def search_only_parameters(request=None) -> list[dict]:
    """The search's own parameters: the shared ones, and ``debug``."""
    return [
        *search_parameters(request),
        s.query_param(
            "debug",
            "`1`: add `debug`, what each engine call did: the fallback step that made it, "
            "the text it searched, what it found, and each reranked candidate's features.",
            type="string",
            enum=["", "0", "1"],
        ),
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
    parameters=search_only_parameters,
    responses={**SEARCH_OK, **s.errors("400")},
)
def search(request):
    sq = _query(request)
    debug = _debug(request)
    results = run_search(sq, debug=debug)
    if results.redirect:
        return _lazy({"query": sq.text, "redirect": results.redirect})
    payload = {
        "query": sq.text,
        "corrected": results.corrected,
        "renamed": results.renamed,
        "total": results.total,
        "page": results.page,
        "pages": results.pages,
        "broadened": results.broadened,
        "degraded": results.degraded,
        "message": results.message,
        "suggestion": results.suggestion,
        "results": [hit_json(h) for h in results.hits],
        "also": [hit_json(h) for h in results.also],
        "index_stale": results.index_stale,
    }
    if debug:
        payload["debug"] = results.debug or {"engine_calls": 0, "calls": []}
    return _lazy(payload)


def _debug(request) -> bool:
    """``debug=1``: the answer with what each engine call did (which fallback step made it,
    what it found, each reranked candidate's features), computed afresh."""
    value = request.GET.get("debug", "")
    if value not in ("", "0", "1"):
        raise ApiError(400, "debug must be 0 or 1.")
    return value == "1"


def hit_json(hit) -> dict:
    return {
        "kind": hit.kind,
        "game": hit.game,
        "number": hit.number,
        "title": hit.title,
        "snippet": hit.snippet,
        "url": hit.url,
        "language": hit.language,
        "version": hit.version,
        "path": hit.path,
        # Which rules document a rule hit is from ("tournament-rules"), read from its URL.
        "document": kinds.key_of_path(hit.url) if hit.kind == "rule" else None,
        # A heading found for a question: the rule below it whose words the snippet shows.
        "answer": {"number": hit.answer_number, "url": hit.answer_url}
        if hit.answer_number
        else None,
    }


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
    sq = _query(request)
    fmt = request.GET.get("format", "json")
    if fmt not in ("json", "opensearch"):
        raise ApiError(400, "format must be json or opensearch.")
    try:
        completions = get_backend().suggest(sq.text, language=sq.language, game=sq.game)
    except SearchUnavailable:
        completions = []
    if fmt == "opensearch":
        return _lazy([sq.text, completions], content_type="application/x-suggestions+json")
    return _lazy({"query": sq.text, "suggestions": completions})
