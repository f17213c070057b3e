"""The autolinker page: paste a text, get it back linked (a plain form, no JavaScript needed)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from rulebook import kinds
from rulebook.models import Document, Game
from rulebook.pages import linkify as engine


class LinkifyForm(forms.Form):
    text = forms.CharField(
        label=_("Text"), max_length=engine.MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 8})
    )
    game = forms.ChoiceField(label=_("Game"))
    version = forms.CharField(label=_("Version"), required=False, max_length=10)

    def __init__(self, *args, lang: str, **kwargs):
        super().__init__(*args, **kwargs)
        games = Game.objects.filter(documents__kind=kinds.CORE_RULES).distinct().order_by("name")
        self.fields["game"].choices = [(g.slug, g.name) for g in games]
        default = settings.RULEBOOK_DEFAULT_GAME
        self.fields["game"].initial = default if any(g.slug == default for g in games) else None
        self.lang = lang

    def clean(self):
        data = super().clean()
        if "game" in data:
            data["document"] = engine.find_document(
                data["game"], self.lang, version=data["version"]
            ) or engine.find_document(data["game"], settings.LANGUAGE_CODE, version=data["version"])
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
        linked = engine.linkify(
            form.cleaned_data["text"], document, pinned=bool(form.cleaned_data["version"])
        )
        result = engine.render_all(linked, request, previews=True)
        # Safe by construction: linkify.to_html escapes every character of the input.
        result["preview"] = mark_safe(result["preview"])
        result["document"] = document
    versions = (
        Document.objects.filter(kind=kinds.CORE_RULES, language=lang)
        .order_by("-version")
        .values_list("version", flat=True)
        .distinct()
    )
    return render(
        request,
        "rulebook/linkify.html",
        {
            "form": form,
            "result": result,
            "versions": versions,
            "api_url": reverse("api_linkify"),
            "lang": lang,
        },
        status=400 if form.is_bound and not form.is_valid() else 200,
    )
