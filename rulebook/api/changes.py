"""Comparisons between two versions of a document, as JSON (the history feature's data)."""

from __future__ import annotations

from ingest.metadata import VERSION_PATTERN
from rulebook import kinds
from rulebook.api import schemas as s
from rulebook.api.http import ApiError
from rulebook.api.registry import resource
from rulebook.api.resources import family, game_or_404, lazy_payload
from rulebook.models import Game
from rulebook.pages import history as changes

CHANGE = s.obj(
    ["class", "number", "old", "new", "diff", "meaning_flips", "renumber_only", "xref_only"],
    **{
        "class": {
            "type": "string",
            "enum": ["unchanged", "renumbered", "reworded", "moved_reworded", "added", "removed"],
        },
        "number": {"type": "string"},
        "old": {"type": ["object", "null"]},
        "new": {"type": ["object", "null"]},
        "diff": {"type": "array", "items": {"type": "object"}},
        "meaning_flips": {"type": "array", "items": {"type": "string"}},
        "renumber_only": {"type": "boolean"},
        "xref_only": {"type": "boolean"},
    },
)
s.SCHEMAS["Comparison"] = s.obj(
    [
        "game",
        "kind",
        "language",
        "old_label",
        "new_label",
        "summary",
        "by_section",
        "mapping",
        "changes",
    ],
    game={"type": "string"},
    kind={"type": "string"},
    language={"type": "string"},
    old_label={"type": "string"},
    new_label={"type": "string"},
    summary={"type": "object"},
    by_section={"type": "object"},
    mapping={"type": "object", "additionalProperties": {"type": "string"}},
    changes={"type": "array", "items": CHANGE},
)
SPAN = s.path_param(
    "span",
    "Two versions as `old..new`, e.g. `2025-12-01..2026-03-30`.",
    pattern=f"^{VERSION_PATTERN}\\.\\.{VERSION_PATTERN}$",
)
UNCHANGED = s.query_param(
    "unchanged", "`1` also lists unchanged rules.", type="string", enum=["", "0", "1"]
)


@resource(
    "games/<slug:game>/<str:kind>/<str:lang>/changes/<str:span>",
    name="api_comparison",
    tags=["history"],
    summary="What changed between two versions",
    description="Every rule classified (unchanged, renumbered, reworded, moved_reworded, "
    "added, removed) with word diffs, meaning flips and the old→new number mapping.",
    parameters=[s.GAME, s.KIND, s.LANG, SPAN, UNCHANGED],
    responses={**s.ok("Comparison"), **s.errors("400", "404")},
)
def comparison(request, game, kind, lang, span):
    game_obj: Game = game_or_404(game)
    if kind not in kinds.keys():
        raise ApiError(404, f"The kind is one of: {', '.join(kinds.keys())}.")
    history, documents = changes.history_for(game_obj, kind, lang)
    old, sep, new = span.partition("..")
    labels = [d.version for d in documents]
    if not sep or old not in labels or new not in labels or old == new:
        raise ApiError(
            404, f"Name two different versions of {game} {kind} {lang}: old..new.", versions=labels
        )
    with_unchanged = request.GET.get("unchanged") == "1"

    def build():
        data = changes.comparison_between(history, old, new).to_json(unchanged=with_unchanged)
        data.update({"game": game_obj.slug, "kind": kind, "language": lang})
        return data

    return lazy_payload(build, family(game_obj, kind, lang), f"{span}|{with_unchanged}")
