"""How each page is cached is said once, on its view: every routed view of the HTML face
carries ``@validated_page`` / ``@cached_page`` (``rulebook.web.caching``) or is listed here,
with the reason it carries neither. A new page view that forgets its decorator fails here
rather than silently going without validators.
"""

from __future__ import annotations

import ast

from django.urls import URLPattern, URLResolver

from rulebook.web import urls, urls_knowledge
from tests.structure.test_imports import ROOT, imports, source_files

VIEWS = "rulebook.web.views."
UNCACHED = {
    # Different for each request: answers from the search index, grouped by the reader's game.
    "search.search_page",
    # A form with a CSRF token, and POSTed to.
    "linkify.linkify_page",
    # Redirects by the negotiated language (a 302 is never kept), or a 404 page.
    "rules.short_link",
    # Hover fragments: their own ETag from the rendered body, kept in the cache by content hash.
    "rules.rule_preview_fragment",
    "knowledge.card_preview",
    # The offline reader: the worker and these must reach a browser at once (no-cache).
    "offline.offline_page",
    "offline.saved_copy",
    "offline.service_worker",
    # Not HTML: the manifest, the icon, robots.txt, the health check, the Atom feed.
    "offline.web_manifest",
    "offline.favicon",
    "rules.robots_txt",
    "health.healthz",
    "history.ChangesFeed",
}


def routed_views() -> dict[str, object]:
    """``module.view`` -> callback of every URL served by a view of ``rulebook/web/views``."""
    found = {}
    pending = [*urls.localised, *urls_knowledge.localised, *urls.rulebook_patterns]
    while pending:
        entry = pending.pop()
        if isinstance(entry, URLResolver):
            pending += entry.url_patterns
        elif isinstance(entry, URLPattern) and entry.lookup_str.startswith(VIEWS):
            found[entry.lookup_str.removeprefix(VIEWS)] = entry.callback
    return found


def test_every_page_view_declares_its_caching_or_is_listed_uncached():
    views = routed_views()
    undeclared = [n for n, v in views.items() if n not in UNCACHED and not cached(v)]
    assert not undeclared, f"add @validated_page or @cached_page, or list them: {undeclared}"
    both = [n for n in UNCACHED if n in views and cached(views[n])]
    assert not both, f"decorated, yet listed as uncached: {both}"
    assert not UNCACHED - set(views), "listed but no longer routed"


def test_the_decorator_is_under_require_safe():
    """``require_safe`` outermost: a POST is refused before any cache is asked."""
    for name, view in routed_views().items():
        if cached(view):
            assert ast.unparse(decorators_of(name)[0]) == "require_safe", name


def test_no_product_code_imports_the_test_client():
    """Pages are rendered ahead through their views, never through ``django.test``."""
    for path in source_files():
        for line, module, _names in imports(path, path.read_text(encoding="utf-8")):
            assert not module.startswith("django.test"), f"{path.relative_to(ROOT)}:{line}"


def cached(view) -> bool:
    return getattr(view, "page_caching", None) is not None


def decorators_of(name: str) -> list[ast.expr]:
    module, function = name.split(".")
    tree = ast.parse((ROOT / "rulebook/web/views" / f"{module}.py").read_text(encoding="utf-8"))
    node = next(n for n in tree.body if getattr(n, "name", None) == function)
    return node.decorator_list
