"""The degraded search: case-insensitive substring matches over rule text, straight from the DB.

It exists so the site keeps answering while the index is missing or corrupt. It is slow on big
tables and knows no stemming or accents, which is why results carry ``degraded=True`` and a
message, and why it never serves FAQ, keyword or card entries.
"""

from __future__ import annotations

import math
import re
from functools import reduce
from operator import and_, or_

from django.db.models import Q
from django.utils.translation import gettext as _

from rulebook.search import weights
from rulebook.search.base import SearchHit, SearchQuery, SearchResults
from rulebook.search.entries import PATH_SEPARATOR, rule_url
from rulebook.search.query import parse, snippet


def database_search(sq: SearchQuery) -> SearchResults:
    results = SearchResults(
        query=sq,
        page=sq.page,
        degraded=True,
        message=_("The search index is unavailable, so these are simple text matches."),
    )
    words = [w for w in parse(sq.text).words if len(w) > 1][: weights.FALLBACK_MAX_WORDS]
    if not words or sq.kind not in (None, "rule"):
        return results
    rules = _scope(sq)
    matches = rules.filter(reduce(and_, (Q(text__icontains=w) for w in words)))
    if len(words) > 1 and not matches.exists():
        matches = rules.filter(reduce(or_, (Q(text__icontains=w) for w in words)))
        results.broadened = True
    results.total = matches.count()
    results.pages = math.ceil(results.total / sq.per_page)
    start = (sq.page - 1) * sq.per_page
    page = matches.order_by("document_id", "position")[start : start + sq.per_page]
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    defaults = _default_ids()
    results.hits = [_hit(rule, pattern, rule.document_id in defaults) for rule in page]
    return results


def _scope(sq: SearchQuery):
    from rulebook.models import Rule

    rules = Rule.objects.select_related("document__game", "section")
    if sq.language:
        rules = rules.filter(document__language=sq.language)
    if sq.game:
        rules = rules.filter(document__game__slug=sq.game)
    if sq.document:
        rules = rules.filter(document__kind=sq.document)
    if sq.version:
        return rules.filter(document__version=sq.version)
    return rules.filter(document_id__in=_default_ids())


def _default_ids() -> set[int]:
    """Ids of the newest document of each (game, kind, language)."""
    from rulebook.models import Document

    seen, ids = set(), set()
    for pk, game, kind, lang in Document.objects.order_by("-version").values_list(
        "pk", "game_id", "kind", "language"
    ):
        if (game, kind, lang) not in seen:
            seen.add((game, kind, lang))
            ids.add(pk)
    return ids


def _hit(rule, pattern, is_default) -> SearchHit:
    doc = rule.document
    path = rule.section.text if rule.section_id else ""
    if rule.is_heading and rule.text not in path:
        path = PATH_SEPARATOR.join(p for p in (path, rule.text) if p)
    spans = [m.span() for m in pattern.finditer(rule.text)]
    return SearchHit(
        kind="rule",
        game=doc.game.slug,
        number=rule.number,
        title=path or rule.number,
        snippet=snippet(rule.text, spans),
        url=rule_url(rule, pinned=not is_default),
        language=doc.language,
        version=doc.version,
        path=path,
        score=0.0,
    )
