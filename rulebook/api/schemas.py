"""OpenAPI 3.1 building blocks: component schemas, parameters and standard responses.

Schemas describe exactly what ``rulebook.api.serialize`` and the views emit (the schemathesis
test in tests/api validates every response against them), so change both together.
"""

from __future__ import annotations

NULLABLE_STRING = {"type": ["string", "null"]}
URL = {"type": "string", "format": "uri"}
NULLABLE_URL = {"type": ["string", "null"], "format": "uri"}
SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"
VERSION_PATTERN = r"^\d{4}-\d{2}(-\d{2})?$"


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
            "lang": {"type": "string", "enum": ["en", "fr"], "default": "en"},
            "kind": {
                "type": "string",
                "enum": ["core-rules", "tournament-rules"],
                "default": "core-rules",
            },
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
    ),
    "SearchResults": strict(
        query={"type": "string"},
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
    "Document kind: `core-rules` or `tournament-rules` (not the HTML URL slug `rules`).",
    enum=["core-rules", "tournament-rules"],
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


# Keywords, FAQ and cards (rulebook.api.knowledge). FAQ and card texts are English whatever
# the language of the links around them.
STRING = {"type": "string"}
STRINGS = {"type": "array", "items": STRING}
INTEGER = {"type": "integer"}
CARD_SUMMARY = strict(name=STRING, slug=STRING, url=URL, api_url=URL)
FAQ_SOURCE = {"enum": ["community", "official"]}
CREDIT = strict(text=STRING, url=URL, licence=STRING, licence_url=URL)
CITED = strict(name=STRING, slug=NULLABLE_STRING, url=NULLABLE_URL, api_url=NULLABLE_URL)

SCHEMAS.update(
    {
        "FaqEntrySummary": strict(
            key={"type": "string", "description": "Page slug and anchor: `mechanics/swift#x`."},
            question=STRING,
            source=FAQ_SOURCE,
            page_title=STRING,
            url=URL,
            api_url={**URL, "description": "The page's API URL with the entry's `#anchor`."},
        ),
        "CardSummary": CARD_SUMMARY,
        "Cited": CITED,
        "KeywordSummary": strict(
            name=STRING,
            slug=STRING,
            number=STRING,
            type=STRING,
            summary=STRING,
            counts=strict(rules=INTEGER, faq=INTEGER, cards=INTEGER),
            url=URL,
            api_url=URL,
        ),
        "KeywordList": strict(
            game=STRING,
            language=STRING,
            version=STRING,
            keywords={"type": "array", "items": ref("KeywordSummary")},
        ),
        "Keyword": strict(
            game=STRING,
            language=STRING,
            version=STRING,
            name=STRING,
            slug=STRING,
            number=STRING,
            type=STRING,
            types=STRINGS,
            summary=STRING,
            written_forms=STRINGS,
            aliases=STRINGS,
            takes_value={"type": "boolean"},
            rule_numbers=STRINGS,
            defining_rule=strict(number=STRING, url=URL, api_url=URL),
            url=URL,
            api_url=URL,
            faq={"type": "array", "items": ref("FaqEntrySummary")},
            cards={
                "type": "array",
                "items": strict(**CARD_SUMMARY["properties"], reminder_only={"type": "boolean"}),
            },
            printing_count={
                "type": "integer",
                "description": "Printings whose own text carries the keyword.",
            },
            granted_by={
                "type": "array",
                "items": strict(
                    name=STRING,
                    slug=NULLABLE_STRING,
                    numbers=STRINGS,
                    url=NULLABLE_URL,
                    api_url=NULLABLE_URL,
                    cards={"type": "array", "items": ref("CardSummary")},
                ),
            },
        ),
        "FaqPageSummary": strict(
            slug=STRING,
            source=FAQ_SOURCE,
            kind=STRING,
            title=STRING,
            date=STRING,
            entry_count=INTEGER,
            url=URL,
            api_url=URL,
        ),
        "FaqIndex": strict(
            game=STRING,
            sources={
                "type": "array",
                "items": strict(
                    source=FAQ_SOURCE,
                    source_name=STRING,
                    ingested_at={"type": "string", "format": "date-time"},
                    pages=INTEGER,
                    entries=INTEGER,
                ),
            },
            pages={"type": "array", "items": ref("FaqPageSummary")},
        ),
        "FaqEntry": strict(
            key=STRING,
            anchor=STRING,
            kind=STRING,
            section=STRING,
            question=STRING,
            answer_text=STRING,
            answer_html={
                "type": "string",
                "description": "The answer as the FAQ page shows it: "
                "escaped text, links (absolute) and rule previews.",
            },
            rules={
                "type": "array",
                "items": strict(
                    number=STRING,
                    resolved={"type": "boolean"},
                    url=NULLABLE_URL,
                    api_url=NULLABLE_URL,
                ),
            },
            cards={
                "type": "array",
                "items": ref("Cited"),
                "description": "Cards the answer names; null links when no card has that name.",
            },
            keywords={"type": "array", "items": ref("Cited")},
            url=URL,
            api_url=URL,
        ),
        "FaqPage": strict(
            game=STRING,
            language=STRING,
            slug=STRING,
            source=FAQ_SOURCE,
            kind=STRING,
            title=STRING,
            authors=STRINGS,
            created_at=STRING,
            published_at=STRING,
            updated_at=STRING,
            reviewed_version=STRING,
            origin_url=STRING,
            summary=STRING,
            intro_html=STRING,
            credit={"oneOf": [CREDIT, {"type": "null"}]},
            related={
                "type": "array",
                "items": strict(slug=STRING, title=STRING, url=URL, api_url=URL),
            },
            entries={"type": "array", "items": ref("FaqEntry")},
            url=URL,
            api_url=URL,
        ),
        "CardRow": strict(
            **CARD_SUMMARY["properties"],
            domains=STRINGS,
            card_types=STRINGS,
            super_types=STRINGS,
            energy=STRING,
            might=STRING,
            power=STRING,
            keywords=STRINGS,
            sets=STRINGS,
            banned={"type": "boolean"},
        ),
        "CardList": strict(
            game=STRING,
            total=INTEGER,
            page=INTEGER,
            pages=INTEGER,
            per_page=INTEGER,
            filters=strict(set=STRING, type=STRING, domain=STRING, keyword=STRING, name=STRING),
            facets=strict(sets=STRINGS, types=STRINGS, domains=STRINGS, keywords=STRINGS),
            cards={"type": "array", "items": ref("CardRow")},
        ),
        "Card": strict(
            game=STRING,
            language=STRING,
            **CARD_SUMMARY["properties"],
            domains=STRINGS,
            card_types=STRINGS,
            super_types=STRINGS,
            tags=STRINGS,
            energy=STRING,
            might=STRING,
            power=STRING,
            ability_text=STRING,
            ability_html=STRING,
            banned={"type": "boolean"},
            keywords={"type": "array", "items": ref("Cited")},
            printings={
                "type": "array",
                "items": strict(
                    external_id=STRING,
                    public_code=STRING,
                    collector_number={"type": ["integer", "null"]},
                    set_name=STRING,
                    set_id=STRING,
                    rarity=STRING,
                    image_url=STRING,
                    image_alt=STRING,
                    ability_text=STRING,
                    keywords=STRINGS,
                ),
            },
            errata={
                "type": "array",
                "items": strict(
                    article_id=STRING,
                    article_title=STRING,
                    set_name=STRING,
                    old_text=STRING,
                    new_text=STRING,
                    origin_url=STRING,
                    date=STRING,
                ),
            },
            faq={"type": "array", "items": ref("FaqEntrySummary")},
            rules={"type": "array", "items": ref("RuleSummary")},
        ),
    }
)
KEYWORD_REDIRECT = {
    "308": {
        "description": "A keyword slug of another language (`swift` asked in French): permanent "
        "redirect to this language's keyword (`celerite`).",
        "headers": {
            "Location": header("The keyword's URL in this language (absolute)."),
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
