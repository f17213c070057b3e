"""Pages that put languages side by side: the aligned comparison and the glossary."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from ingest import numbers
from rulebook import kinds
from rulebook.models import Document, Game
from rulebook.pages import bilingual, identity
from rulebook.web.caching import cached_page, validated_page


@require_safe
@cached_page(reads=("part",))
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
    documents = Document.objects.paired(game_obj, kinds.key_of(kind), version)
    pinned = bilingual.pin(documents, version, request.LANGUAGE_CODE, normal)
    if not any(documents.values()):
        raise Http404("No such document")
    part = request.GET.get("part", "1")
    part = int(part) if part.isascii() and part.isdigit() else 0  # "²" is a digit to isdigit
    shown = bilingual.aligned_part(documents, normal, part, request.LANGUAGE_CODE)
    if shown is None:
        raise Http404("No such rule in any language")
    if not shown.rows:
        raise Http404("No such part")
    mismatched = len({d.version for d in documents.values() if d}) > 1
    anchor = pinned.anchor or next(d for d in documents.values() if d)
    return render(
        request,
        "rulebook/compare.html",
        {
            "game": game_obj,
            "kind_slug": kind,
            "number": normal,
            "rows": shown.rows,
            "page": shown,
            "documents": documents,
            "versions_differ": mismatched,
            "requested_version": version,
            "pinned": pinned,
            "rule_key": identity.identity_key(anchor, normal),
        },
    )


@require_safe
@validated_page()
def glossary_page(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    entries = bilingual.glossary_entries(game_obj, kinds.CORE_RULES, request.LANGUAGE_CODE)
    columns = list(entries[0]["terms"]) if entries else []
    for entry in entries:
        entry["cells"] = [(code, entry["terms"][code]) for code in columns]
    return render(
        request,
        "rulebook/glossary.html",
        {"game": game_obj, "entries": entries, "columns": columns},
    )
