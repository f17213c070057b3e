"""What changed between versions: the list of versions, one comparison, one rule's timeline."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from ingest import numbers
from rulebook import kinds
from rulebook.history import CLASSES
from rulebook.models import Game
from rulebook.pages import history as changes
from rulebook.pages import identity
from rulebook.web.caching import cached_page, validated_page


def _history(request, game, kind):
    game_obj = get_object_or_404(Game, slug=game)
    history, documents = changes.history_for(game_obj, kinds.key_of(kind), request.LANGUAGE_CODE)
    if not documents:
        raise Http404("No such document")
    return game_obj, history, documents


@require_safe
@validated_page(reads=("old", "new"))
def changes_index(request, game, kind):
    """Every version with what changed since the one before it."""
    old, new = request.GET.get("old"), request.GET.get("new")
    if old and new:
        return redirect("changes_compare", game=game, kind=kind, span=f"{old}..{new}")
    game_obj, history, documents = _history(request, game, kind)
    steps = []
    for i in range(len(documents) - 1, 0, -1):
        comparison = history.comparison(i - 1)
        steps.append({"old": documents[i - 1], "new": documents[i], "summary": comparison.summary})
    return render(
        request,
        "rulebook/changes.html",
        {
            "game": game_obj,
            "kind_slug": kind,
            "documents": documents,
            "steps": steps,
            "first": documents[0],
        },
    )


def _span(labels, span):
    old, sep, new = span.partition("..")
    if old not in labels or new not in labels:
        raise Http404("No such version")
    if not sep or old == new:
        raise Http404("Name two different versions: old..new")
    return old, new


@require_safe
@cached_page(reads=("class", "renumbered", "xrefs"))
def changes_compare(request, game, kind, span):
    """One range's changes: written out by the ingest, read here as one stored row (the
    family's history is not loaded)."""
    game_obj = get_object_or_404(Game, slug=game)
    documents = changes.versions_of(game_obj, kinds.key_of(kind), request.LANGUAGE_CODE)
    if not documents:
        raise Http404("No such document")
    old, new = _span({d.version for d in documents}, span)
    hide_renumbered = request.GET.get("renumbered") == "hide"
    hide_xref = request.GET.get("xrefs") == "hide"
    only = request.GET.get("class") if request.GET.get("class") in CLASSES else ""
    context = changes.comparison_context(
        game_obj, kind, documents, old, new, (hide_renumbered, hide_xref, only)
    )
    return render(request, "rulebook/comparison.html", context)


@require_safe
@cached_page()
def rule_history(request, game, kind, number, version=None):
    """The rule in every version, following renumbering, with the diff at each step."""
    normal = numbers.lookup_key(number)  # a prose game's entries have anchors, not numbers
    if normal is None:
        raise Http404("Not a rule number")
    game_obj, history, documents = _history(request, game, kind)
    label = version or documents[-1].version
    try:
        steps = history.timeline(label, normal)
    except KeyError:
        raise Http404("No such version") from None
    if not steps:
        raise Http404("No such rule in that version")
    _attach_subtree_changes(history, steps)
    by_label = {d.version: d for d in documents}
    identity.mark_steps(steps, by_label)
    return render(
        request,
        "rulebook/rule_history.html",
        {
            "game": game_obj,
            "kind_slug": kind,
            "number": normal,
            "steps": steps,
            "documents": by_label,
            "version": label,
            "pinned": version is not None,
            "rule_key": identity.identity_key(by_label[label], normal),
        },
    )


def _attach_subtree_changes(history, steps):
    """Each step also lists what changed below the rule: a heading keeps its wording there."""
    for before, step in zip(steps, steps[1:], strict=False):
        step.previous = before.version
        if not before.number:
            step.subtree = []
            continue
        comparison = history.comparison(history.index(before.version))
        step.subtree = [
            c
            for c in comparison.changes
            if c.cls != "unchanged"
            and c is not step.change
            and (_under(c.old, before.number) or _under(c.new, step.number))
        ]


def _under(rule, number):
    return rule is not None and number is not None and numbers.is_descendant(rule.number, number)


class ChangesFeed(Feed):
    """Atom feed of rule changes in the newest comparisons, noise left out."""

    feed_type = Atom1Feed
    limit = 300

    def get_object(self, request, game, kind):
        self.request = request
        return _history(request, game, kind) + (kind,)

    def title(self, obj):
        game_obj = obj[0]
        return _("%(game)s rule changes") % {"game": game_obj.name}

    def link(self, obj):
        game_obj, _h, _d, kind = obj
        return reverse("changes", kwargs={"game": game_obj.slug, "kind": kind})

    def items(self, obj):
        game_obj, history, documents, kind = obj
        out = []
        for i in range(len(documents) - 1, 0, -1):
            comparison = history.comparison(i - 1)
            for change in comparison.visible(hide_renumber_only=True, hide_xref_only=True):
                out.append((documents[i - 1], documents[i], change, game_obj, kind))
                if len(out) >= self.limit:
                    return out
        return out

    def item_title(self, item):
        old, new, change, _g, _k = item
        return f"{change.number} {change.cls.replace('_', ' ')} ({old.version} → {new.version})"

    def item_description(self, item):
        from rulebook.history import render_html

        change = item[2]
        return render_html(change.diff) if change.diff else (change.new or change.old).text

    def item_link(self, item):
        old, new, change, game_obj, kind = item
        url = reverse(
            "changes_compare",
            kwargs={"game": game_obj.slug, "kind": kind, "span": f"{old.version}..{new.version}"},
        )
        return f"{url}#change-{change.number}"

    def item_guid(self, item):
        old, new, change, _g, _k = item
        return f"{old.version}..{new.version}#{change.cls}-{change.number}"

    def item_updateddate(self, item):
        return item[1].ingested_at


changes_feed = ChangesFeed()
