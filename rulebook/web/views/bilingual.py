"""Pages that put languages side by side: the aligned comparison and the glossary."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from ingest import numbers
from rulebook.models import SLUG_KINDS, Game
from rulebook.pages import bilingual
from rulebook.search.text import fold


@require_safe
def rule_compare(request, game, kind, number, version=None):
    """``…/rules/<number>/compare/``: every language of a rule and its subtree, aligned."""
    game_obj = get_object_or_404(Game, slug=game)
    normal = numbers.normalise(number)
    if normal is None:
        raise Http404("Not a rule number")
    if normal != number:
        kwargs = {"game": game, "kind": kind, "number": normal}
        name = "rule_compare"
        if version:
            kwargs["version"], name = version, "rule_compare_version"
        return redirect(reverse(name, kwargs=kwargs), permanent=True)
    documents = bilingual.paired_documents(game_obj, SLUG_KINDS[kind], version)
    if not any(documents.values()):
        raise Http404("No such document")
    rows = bilingual.aligned_rows(documents, normal)
    if rows is None:
        raise Http404("No such rule in any language")
    mismatched = len({d.version for d in documents.values() if d}) > 1
    return render(
        request,
        "rulebook/compare.html",
        {
            "game": game_obj,
            "kind_slug": kind,
            "number": normal,
            "rows": rows,
            "documents": documents,
            "versions_differ": mismatched,
            "requested_version": version,
        },
    )


@require_safe
def glossary_page(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    entries = bilingual.glossary(game_obj)
    lang = request.LANGUAGE_CODE
    entries.sort(key=lambda e: fold(e["terms"].get(lang, "")))
    return render(
        request,
        "rulebook/glossary.html",
        {
            "game": game_obj,
            "entries": entries,
            "documents": bilingual.paired_documents(game_obj, "core-rules"),
        },
    )
