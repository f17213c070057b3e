"""The autolinker: an HTML page (a plain form, no JavaScript needed) and its JSON twin.

The API is the only POST under /api/v1/: it reads JSON, never cookies, and changes nothing,
so it is CSRF-exempt. The page keeps Django's CSRF protection like every other form.
"""

from __future__ import annotations

import json
import re

from django import forms
from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from .. import linkify as engine
from ..models import Document, Game
from . import schemas as s
from .http import ApiError
from .registry import resource

LANGS = [code for code, _name in settings.LANGUAGES]
KINDS = ("core-rules", "tournament-rules")


def find_document(game: str, lang: str, kind: str = "core-rules", version: str | None = None):
    """The document to link against, or None; the newest version unless one is named."""
    docs = Document.objects.of(game, kind, lang).select_related("game").defer("report")
    return docs.filter(version=version).first() if version else docs.newest_first().first()


def render_all(linked, request, previews: bool = False) -> dict:
    """The three copyable outputs plus the references, URLs absolute for pasting anywhere."""
    absolute = request.build_absolute_uri
    return {
        "html": engine.to_html(linked, absolute),
        "markdown": engine.to_markdown(linked, absolute),
        "bbcode": engine.to_bbcode(linked, absolute),
        "references": engine.references_json(linked, absolute),
        "unresolved": linked.unresolved,
        "preview": engine.to_html(linked, absolute, previews=True) if previews else None,
    }


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
        payload = json.loads(request.body or b"")
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "The body must be a JSON object.") from None
    if not isinstance(payload, dict):
        raise ApiError(400, "The body must be a JSON object.")
    return payload


@resource(
    "linkify", name="api_linkify", methods=("POST",), tags=["linkify"],
    summary="Link rule numbers, keywords and card names in a text",
    description="Takes JSON, needs no cookie and no CSRF token, and changes nothing. URLs in "
    "the answer are absolute. A named `version` pins every link to that version.",
    requestBody={"required": True,
                 "content": {"application/json": {"schema": s.ref("LinkifyRequest")}}},
    responses={**s.ok("LinkifyResponse", conditional=False), **s.errors("400", "404")},
)
def linkify_api(request):
    payload = _payload(request)
    text = _field(payload, "text", limit=engine.MAX_LENGTH)
    game = _field(payload, "game", pattern=s.SLUG_PATTERN[1:-1], limit=50)
    if text is None or game is None:
        raise ApiError(400, "“text” and “game” are required.")
    lang = _field(payload, "lang", "en", choices=LANGS)
    kind = _field(payload, "kind", "core-rules", choices=KINDS)
    version = _field(payload, "version", pattern=s.VERSION_PATTERN[1:-1])
    document = find_document(game, lang, kind, version)
    if document is None:
        raise ApiError(404, "No such document: check game, lang, kind and version.")
    outputs = render_all(engine.linkify(text, document, pinned=version is not None), request)
    outputs.pop("preview")
    outputs["document"] = {"game": document.game.slug, "kind": document.kind,
                           "language": document.language, "version": document.version}
    return outputs


class LinkifyForm(forms.Form):
    text = forms.CharField(label=_("Text"), max_length=engine.MAX_LENGTH,
                           widget=forms.Textarea(attrs={"rows": 8}))
    game = forms.ChoiceField(label=_("Game"))
    version = forms.CharField(label=_("Version"), required=False, max_length=10)

    def __init__(self, *args, lang: str, **kwargs):
        super().__init__(*args, **kwargs)
        games = Game.objects.filter(documents__kind="core-rules").distinct().order_by("name")
        self.fields["game"].choices = [(g.slug, g.name) for g in games]
        default = settings.RULEBOOK_DEFAULT_GAME
        self.fields["game"].initial = default if any(g.slug == default for g in games) else None
        self.lang = lang

    def clean(self):
        data = super().clean()
        if "game" in data:
            data["document"] = (find_document(data["game"], self.lang, version=data["version"])
                                or find_document(data["game"], "en", version=data["version"]))
            if data["document"] is None:
                self.add_error("version", _("There is no such version."))
        return data


@require_http_methods(["GET", "HEAD", "POST"])
def linkify_page(request):
    """Paste a text, get it back linked, and copy it as Markdown, HTML or BBCode."""
    lang = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    form = LinkifyForm(request.POST if request.method == "POST" else None, lang=lang)
    result = None
    if form.is_bound and form.is_valid():
        document = form.cleaned_data["document"]
        linked = engine.linkify(form.cleaned_data["text"], document,
                                pinned=bool(form.cleaned_data["version"]))
        result = render_all(linked, request, previews=True)
        # Safe by construction: linkify.to_html escapes every character of the input.
        result["preview"] = mark_safe(result["preview"])  # noqa: S308
        result["document"] = document
    versions = Document.objects.filter(kind="core-rules", language=lang).order_by("-version") \
        .values_list("version", flat=True).distinct()
    return render(request, "rulebook/linkify.html", {
        "form": form, "result": result, "versions": versions,
        "api_url": reverse("api_linkify"), "lang": lang,
    }, status=400 if form.is_bound and not form.is_valid() else 200)
