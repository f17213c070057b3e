"""The response schemas of the keyword, FAQ and card resources.

They extend ``schemas.SCHEMAS`` when imported, as the resources extend the registry: the
OpenAPI document (``openapi``) imports this module, so it always holds every schema.
"""

from rulebook.api.schemas import (
    CORS,
    NULLABLE_STRING,
    NULLABLE_URL,
    SCHEMAS,
    URL,
    header,
    ref,
    strict,
)

# FAQ and card texts are English whatever the language of the links around them.
STRING = {"type": "string"}
STRINGS = {"type": "array", "items": STRING}
INTEGER = {"type": "integer"}
CARD_SUMMARY = strict(name=STRING, slug=STRING, url=URL, api_url=URL)
FAQ_SOURCE = {"enum": ["community", "official"]}
CREDIT = strict(text=STRING, url=URL, licence=STRING, licence_url=URL)
CITED = strict(name=STRING, slug=NULLABLE_STRING, url=NULLABLE_URL, api_url=NULLABLE_URL)
# Beside a source text, which keeps its icon tokens (`:rb_might:`, `[A]`): the same text with
# every icon read as words, for places that cannot draw one.
PLAIN_READING = {
    "type": "string",
    "description": "The text beside it with icon tokens and shorthand read as words "
    "(`:rb_might:` -> `Might`, `[A]` -> `1 Power of any domain`).",
}

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
            origin_url=NULLABLE_URL,
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
            ability_plain=PLAIN_READING,
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
                    image_url=NULLABLE_URL,
                    image_alt=STRING,
                    image_alt_plain=PLAIN_READING,
                    ability_text=STRING,
                    ability_plain=PLAIN_READING,
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
                    old_plain=PLAIN_READING,
                    new_plain=PLAIN_READING,
                    origin_url=NULLABLE_URL,
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
