"""The autolinker's JSON face: ``POST /api/v1/linkify``.

The API is the only POST under /api/v1/: it reads JSON, never cookies, and changes nothing,
so it is CSRF-exempt. The HTML page (``rulebook.web.views.linkify``) keeps Django's CSRF
protection like every other form; both render through ``rulebook.pages.linkify``.
"""

from __future__ import annotations

import re

from rulebook import jsonbody, kinds, languages
from rulebook.api import schemas as s
from rulebook.api.http import ApiError
from rulebook.api.registry import resource
from rulebook.pages import linkify as engine

LANGS = languages.codes()


def _field(payload: dict, name: str, default=None, choices=None, pattern=None, limit=None):
    value = payload.get(name, default)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ApiError(400, f"“{name}” must be a string.")
    if choices is not None and value not in choices:
        raise ApiError(400, f"“{name}” must be one of: {', '.join(choices)}.")
    if pattern is not None and not re.fullmatch(pattern, value):
        raise ApiError(400, f"“{name}” is not well formed.")
    if limit is not None and len(value) > limit:
        raise ApiError(400, f"“{name}” is longer than {limit} characters.")
    return value


def _payload(request) -> dict:
    try:
        payload = jsonbody.loads(request.body)
    except jsonbody.BadJson:
        raise ApiError(400, "The body must be a JSON object.") from None
    if not isinstance(payload, dict):
        raise ApiError(400, "The body must be a JSON object.")
    return payload


@resource(
    "linkify",
    name="api_linkify",
    methods=("POST",),
    tags=["linkify"],
    summary="Link rule numbers, keywords and card names in a text",
    description="Takes JSON, needs no cookie and no CSRF token, and changes nothing. URLs in "
    "the answer are absolute. A named `version` pins every link to that version.",
    requestBody={
        "required": True,
        "content": {"application/json": {"schema": s.ref("LinkifyRequest")}},
    },
    responses={
        **s.ok("LinkifyResponse", conditional=False),
        **s.errors("400", "404"),
        "413": s.error("The body is over the server's size limit (JSON error)."),
    },
)
def linkify_api(request):
    payload = _payload(request)
    text = _field(payload, "text", limit=engine.MAX_LENGTH)
    game = _field(payload, "game", pattern=s.SLUG_PATTERN[1:-1], limit=50)
    if text is None or game is None:
        raise ApiError(400, "“text” and “game” are required.")
    lang = _field(payload, "lang", "en", choices=LANGS)
    kind = _field(payload, "kind", kinds.CORE_RULES, choices=kinds.keys())
    version = _field(payload, "version", pattern=s.VERSION_PATTERN[1:-1])
    document = engine.find_document(game, lang, kind, version)
    if document is None:
        raise ApiError(404, "No such document: check game, lang, kind and version.")
    outputs = engine.render_all(engine.linkify(text, document, pinned=version is not None), request)
    outputs.pop("preview")
    outputs["document"] = {
        "game": document.game.slug,
        "kind": document.kind,
        "language": document.language,
        "version": document.version,
    }
    return outputs
