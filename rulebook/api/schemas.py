"""OpenAPI 3.1 building blocks: component schemas, parameters and standard responses.

Schemas describe exactly what ``rulebook.api.serialize`` and the views emit (the schemathesis
test in tests/api validates every response against them), so change both together.
"""

from __future__ import annotations

from django.conf import settings

from ingest import metadata
from rulebook import kinds, languages

NULLABLE_STRING = {"type": ["string", "null"]}
URL = {"type": "string", "format": "uri"}
NULLABLE_URL = {"type": ["string", "null"], "format": "uri"}
SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"
VERSION_PATTERN = f"^{metadata.VERSION_PATTERN}$"


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: list[str], **properties) -> dict:
    """An object schema whose listed properties are all required (extra ones are allowed)."""
    return {"type": "object", "required": required, "properties": properties}


def strict(**properties) -> dict:
    return obj(list(properties), **properties)


RULE_SUMMARY = strict(number={"type": "string"}, title={"type": "string"}, url=URL, api_url=URL)

SCHEMAS = {
    "Error": obj(
        ["error", "status"],
        error={"type": "string", "description": "A message for people."},
        status={"type": "integer", "description": "The HTTP status, repeated."},
        retry_after={"type": "integer", "description": "429 only: seconds to wait."},
        nearest={
            "type": "array",
            "items": {"type": "string"},
            "description": "404 for a rule only: existing numbers around the one asked.",
        },
    ),
    "Game": strict(
        slug={"type": "string"},
        name={"type": "string"},
        url=URL,
        api_url=URL,
        documents_url=URL,
        kinds={"type": "array", "items": {"type": "string"}},
        languages={"type": "array", "items": {"type": "string"}},
    ),
    "GameList": strict(games={"type": "array", "items": ref("Game")}),
    "Document": strict(
        game={"type": "string"},
        kind={"type": "string"},
        language={"type": "string"},
        version={"type": "string"},
        label={"type": "string"},
        title={"type": "string"},
        default={
            "type": "boolean",
            "description": "The newest version in its language: the one unpinned URLs show.",
        },
        rule_count={"type": "integer"},
        content_hash={"type": "string"},
        ingested_at={"type": "string", "format": "date-time"},
        url=URL,
        pinned_url=URL,
        toc_url=URL,
        pinned_toc_url=URL,
    ),
    "DocumentList": strict(
        game={"type": "string"},
        kinds={"type": "array", "items": {"type": "string"}},
        languages={"type": "array", "items": {"type": "string"}},
        documents={"type": "array", "items": ref("Document")},
    ),
    "RuleSummary": RULE_SUMMARY,
    "Reference": strict(
        written={"type": "string"},
        kind={"type": "string"},
        target_number={"type": "string"},
        url=NULLABLE_URL,
        api_url=NULLABLE_URL,
    ),
    "Citation": strict(**RULE_SUMMARY["properties"], written={"type": "string"}),
    "Rule": strict(
        game={"type": "string"},
        kind={"type": "string"},
        language={"type": "string"},
        version={"type": "string"},
        default_version={"type": "boolean"},
        number={"type": "string", "description": "Normalised: 813.1.c.2, no trailing dot."},
        number_raw={"type": "string", "description": "As printed in the source."},
        anchor={"type": "string"},
        title={"type": "string"},
        text={"type": "string"},
        description={"type": "string"},
        is_heading={"type": "boolean"},
        heading_level={"type": "integer"},
        heading={
            "oneOf": [ref("RuleSummary"), {"type": "null"}],
            "description": "The section heading the rule sits under.",
        },
        depth={"type": "integer"},
        url=URL,
        pinned_url=URL,
        api_url=URL,
        parent={"oneOf": [ref("RuleSummary"), {"type": "null"}]},
        children={"type": "array", "items": ref("RuleSummary")},
        references={"type": "array", "items": ref("Reference")},
        referenced_by={"type": "array", "items": ref("Citation")},
        repeats={
            "type": "array",
            "items": strict(anchor={"type": "string"}, text={"type": "string"}),
        },
        faq={"type": "array", "items": ref("FaqEntrySummary")},
    ),
    "TocEntry": strict(
        **RULE_SUMMARY["properties"],
        count={"type": "integer"},
        sections={"type": "array", "items": ref("TocEntry")},
    ),
    "Toc": strict(document=ref("Document"), chapters={"type": "array", "items": ref("TocEntry")}),
    "OEmbed": obj(
        ["version", "type", "title", "provider_name", "provider_url", "html", "width", "height"],
        version={"const": "1.0"},
        type={"enum": ["rich", "link"]},
        title={"type": "string"},
        description={"type": "string"},
        url=URL,
        short_url={
            **URL,
            "description": "The link to paste in a discussion: the rule's short link pinned "
            "to its version (`/r/2026-05-01/711`), which the embed's quote links too.",
        },
        provider_name={"type": "string"},
        provider_url=URL,
        html={"type": "string"},
        width={"type": "integer"},
        height={"type": "integer"},
        cache_age={"type": "integer"},
    ),
    "LinkifyRequest": {
        "type": "object",
        "required": ["text", "game"],
        "properties": {
            "text": {"type": "string", "maxLength": 20000},
            "game": {"type": "string", "pattern": SLUG_PATTERN, "maxLength": 50},
            "lang": {
                "type": "string",
                "enum": languages.codes(),
                "default": settings.LANGUAGE_CODE,
            },
            "kind": {"type": "string", "enum": kinds.keys(), "default": kinds.CORE_RULES},
            "version": {"type": "string", "pattern": VERSION_PATTERN},
        },
    },
    "LinkifyReference": strict(
        kind={"enum": ["rule", "keyword", "card"]},
        number={
            "type": "string",
            "description": "rule: the normalised number; keyword: its defining rule; card: the "
            "card's slug, or for a champion name several cards share (`Yasuo`) that name, "
            "with `url` on the card list filtered by it (`cards/?name=Yasuo`).",
        },
        title={"type": "string", "description": "A rule's title, a keyword's or card's name."},
        url=URL,
        short_url={
            **URL,
            "description": "The link the outputs carry: for a rule or keyword, its short "
            "link pinned to the version linked against (`/r/2026-05-01/711`), or that "
            "version's page when short links lead to another game; for a card, `url`.",
        },
    ),
    "LinkifyResponse": strict(
        html={"type": "string"},
        markdown={"type": "string"},
        bbcode={"type": "string"},
        references={"type": "array", "items": ref("LinkifyReference")},
        unresolved={"type": "array", "items": {"type": "string"}},
        document=strict(
            game={"type": "string"},
            kind={"type": "string"},
            language={"type": "string"},
            version={"type": "string"},
        ),
    ),
    "SearchHit": strict(
        kind={"type": "string"},
        game={"type": "string"},
        number=NULLABLE_STRING,
        title={"type": "string"},
        snippet={"type": "string"},
        url={"type": "string"},
        language={"type": "string"},
        version=NULLABLE_STRING,
        path={"type": "string"},
        document={
            **NULLABLE_STRING,
            "description": "A rule's document (`core-rules`, `tournament-rules`); null for "
            "other kinds.",
        },
        answer={
            "oneOf": [strict(number={"type": "string"}, url=URL), {"type": "null"}],
            "description": "For a question, a section's heading shows the best-ranked rule "
            "below it: its number and page (the snippet is its text); null otherwise.",
        },
    ),
    "SearchResults": strict(
        query={"type": "string", "description": "The query as typed (cleaned)."},
        corrected={
            **NULLABLE_STRING,
            "description": "When the query as typed found nothing or only weak matches and a "
            "confident respelling exists: the respelling, whose results these are. "
            "Otherwise null.",
        },
        renamed={
            **NULLABLE_STRING,
            "description": "When the query is nothing but a player's word the rules lack "
            "(`the stack`): the rules' own name for it (`chain`), whose results these are; "
            "`spell=0` searches the words as typed. Otherwise null.",
        },
        total={"type": "integer"},
        page={"type": "integer"},
        pages={"type": "integer"},
        broadened={"type": "boolean"},
        degraded={"type": "boolean"},
        message={"type": "string"},
        suggestion=NULLABLE_STRING,
        results={"type": "array", "items": ref("SearchHit")},
        also={
            "type": "array",
            "items": ref("SearchHit"),
            "description": "With `lang`: "
            "content in the other languages found through the glossary, on page 1.",
        },
        index_stale={
            "type": "boolean",
            "description": "The search index reflects older data than the site holds (it is "
            "being updated): results may miss the newest text.",
        },
    ),
    "SearchDebug": strict(
        engine_calls={"type": "integer", "description": "Engine calls made: at most 3."},
        calls={
            "type": "array",
            "description": "Each engine call: `step` (`respell`, `typed`, `as_name`, "
            "`rules_words`, `drop_kind_words`, `broaden`, `also`), `text`, `total`, "
            "`broadened`, `kept` (its answer is the one returned), `top` hits with scores; "
            "for a question the rerank's `weights`, best `candidates` with `features`, the "
            "encoder's `nearest` rules (`key`, `cosine`), `nearest_mapped` (games whose bank's "
            "map carried it) and, for a few words, `settled` (`within`, `places`, `moved`).",
            "items": {"type": "object"},
        },
    ),
    "SearchRedirect": strict(query={"type": "string"}, redirect={"type": "string"}),
    "Suggestions": strict(
        query={"type": "string"}, suggestions={"type": "array", "items": {"type": "string"}}
    ),
    "OpenSearchSuggestions": {
        "type": "array",
        "minItems": 2,
        "maxItems": 2,
        "description": "`[query, [completion, …]]`: the query, then its completions.",
        "items": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    },
}
# Only with ``debug=1``: not required, so every other answer validates as before.
SCHEMAS["SearchResults"]["properties"]["debug"] = ref("SearchDebug")


def header(description: str, schema=None, required=True) -> dict:
    return {
        "description": description,
        "required": required,
        "schema": schema or {"type": "string"},
    }


CORS = header("Always `*`: the API is public.")
CACHE = header("`public, max-age=…`.")
ERROR_BODY = {"application/json": {"schema": ref("Error")}}


def error(description: str, **headers) -> dict:
    return {
        "description": description,
        "content": ERROR_BODY,
        "headers": {"Access-Control-Allow-Origin": CORS, **headers},
    }


RESPONSES = {
    "400": error("Bad request: a parameter or the body cannot be used (JSON error)."),
    "404": error("Not found: no such resource (JSON error)."),
    "429": error(
        "Too many requests from this client (JSON error).",
        **{
            "Retry-After": header(
                "Seconds until the limit resets.", {"type": "integer", "minimum": 1}
            )
        },
    ),
}


def errors(*codes: str) -> dict:
    """Standard error responses; 429 applies to every operation."""
    return {code: RESPONSES[code] for code in (*codes, "429")}


def ok(schema: str, description="OK", conditional=True, media="application/json") -> dict:
    """A 200 response (and its 304 twin when the operation supports conditional GETs)."""
    headers = {"Access-Control-Allow-Origin": CORS, "Cache-Control": CACHE}
    if conditional:
        headers["ETag"] = header("Changes whenever the data behind the answer changes.")
        headers["Last-Modified"] = header(
            "When the newest document behind the answer was ingested.", required=False
        )
    out = {
        "200": {
            "description": description,
            "headers": headers,
            "content": {media: {"schema": ref(schema)}},
        }
    }
    if conditional:
        out["304"] = {
            "description": "Not modified: the copy named by If-None-Match or "
            "If-Modified-Since is current.",
            "headers": {"ETag": headers["ETag"], "Cache-Control": CACHE},
        }
    return out


def path_param(name: str, description: str, **schema) -> dict:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string", **schema},
    }


def query_param(name: str, description: str, required=False, **schema) -> dict:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": schema or {"type": "string"},
    }


GAME = path_param("game", "Game slug, e.g. `lanternfall`.", pattern=SLUG_PATTERN)
KIND = path_param(
    "kind",
    "Document kind: "
    + " or ".join(f"`{key}`" for key in kinds.keys())
    + " (not the HTML URL slug).",
    enum=kinds.keys(),
)
LANG = path_param("lang", "Document language, e.g. `en`, `fr`.", pattern="^[a-z]{2}$")
VERSION = path_param(
    "version", "Document version, e.g. `2026-05-01` or `2026-01`.", pattern=VERSION_PATTERN
)
NUMBER = path_param(
    "number",
    "Rule number. The normalised form (`813.1.c.2`) answers 200; a "
    "loose form (`813.1c2`, `813.1.c.2.`) answers 308 to the normalised URL; "
    "anything else answers 404.",
    minLength=1,
)
REDIRECT = {
    "308": {
        "description": "A loose rule number: permanent redirect to the normalised "
        "URL (the query string is kept).",
        "headers": {
            "Location": header("The normalised URL (absolute)."),
            "Access-Control-Allow-Origin": CORS,
        },
        "content": {"application/json": {"schema": strict(location=URL, status={"const": 308})}},
    }
}


def example(parameter: dict, value) -> dict:
    """A parameter with an example: documentation, and schemathesis's "examples" phase then
    reaches real rows (the demo game's) instead of only 404s."""
    return {**parameter, "example": value}


DEMO_GAME = example(GAME, "lanternfall")
