"""The OpenAPI 3.1 document, generated from the resource registry and ``schemas``.

Generated rather than written out so that a registered resource cannot be missing from it;
``tests/api`` runs schemathesis against it to keep it true.
"""

from __future__ import annotations

import hashlib
import json

from rulebook.api import schemas as s
from rulebook.api import schemas_knowledge  # noqa: F401 (adds the knowledge schemas)
from rulebook.api.http import API_VERSION, Lazy
from rulebook.api.registry import RESOURCES, resource

DESCRIPTION = """\
Read-only JSON API of Rulebook (plus one POST that changes nothing: linkify).

* URLs in answers are absolute. Rule numbers are normalised (`813.1.c.2`, no trailing dot);
  a loose number in a URL answers 308 to the normalised URL.
* Every error is JSON: `{"error": "...", "status": N}`.
* CORS: `Access-Control-Allow-Origin: *`; OPTIONS answers preflights.
* Answers carry `ETag` and, where the data has one, `Last-Modified`; send `If-None-Match` or
  `If-Modified-Since` to get 304.
* Requests are rate limited per client address; over the limit the answer is 429 with
  `Retry-After` (seconds).
"""

TAGS = [
    {"name": "games", "description": "Games with rules on this site."},
    {"name": "documents", "description": "Rules documents: kinds, languages, versions."},
    {"name": "rules", "description": "Rules, their context and their references."},
    {"name": "linkify", "description": "Linking rule numbers and names in a text."},
    {"name": "embeds", "description": "Link previews."},
    {"name": "search", "description": "Search and autocomplete."},
    {"name": "meta", "description": "This document."},
]


def _operation(op: dict) -> dict:
    op = dict(op)
    if callable(op.get("parameters")):
        op["parameters"] = op["parameters"]()
    return op


def build_document() -> dict:
    paths: dict[str, dict] = {}
    for item in RESOURCES:
        methods = paths.setdefault(item.openapi_path, {})
        for method, op in item.operation.items():
            methods[method] = _operation(op)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Rulebook API",
            "version": f"{API_VERSION}.0",
            "description": DESCRIPTION,
            "license": {
                "name": "Rule texts belong to their publishers",
                "identifier": "LicenseRef-Publisher",
            },
        },
        "tags": TAGS,
        "paths": paths,
        "components": {
            "schemas": {
                **s.SCHEMAS,
                "OpenApiDocument": {"type": "object", "required": ["openapi", "info", "paths"]},
            }
        },
    }


@resource(
    "openapi.json",
    name="api_openapi",
    tags=["meta"],
    summary="This OpenAPI document",
    responses={**s.ok("OpenApiDocument"), **s.errors()},
)
def openapi_document(request):
    document = build_document()
    seed = hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
    return Lazy(build=lambda: document, etag_seed=seed, max_age=3600)
