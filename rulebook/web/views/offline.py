"""The installable, offline-capable reader: service worker, web app manifest, offline page, and
the description of a game's saved copy.

The service worker is served from the site root (not ``/static/``) so that its scope covers
``/en/`` and ``/fr/``; it must never be cached long, or a fixed worker would take days to reach
readers.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from ingest.urls import csp_origin
from rulebook import languages
from rulebook.models import DataGeneration, Game
from rulebook.models.knowledge import image_hosts
from rulebook.pages import offline
from rulebook.web import offline_size

LANGS = languages.codes()
# Everything the offline page and saved pages need besides HTML: stylesheets, scripts, icons.
SHELL_ASSETS = (
    "rulebook/site.css",
    "rulebook/phone.css",
    "rulebook/offline.css",
    "rulebook/print.css",
    "rulebook/site.js",
    "rulebook/preview.js",
    "rulebook/rule-menu.js",
    "rulebook/offline.js",
    "rulebook/rulenumbers.js",
    "rulebook/offline-store.js",
    "rulebook/search-suggest.js",
    "rulebook/linkify.js",
    "rulebook/icons/icon.svg",
    "rulebook/icons/icon-192.png",
)
NO_CACHE = "no-cache, max-age=0"
# A kept manifest is keyed by the data generation; this only bounds how long a stale one lingers.
MANIFEST_SECONDS = 7 * 86400


def shell_assets() -> list[str]:
    return [static(name) for name in SHELL_ASSETS]


def _per_language(name: str) -> dict[str, str]:
    urls = {}
    for lang in LANGS:
        with translation.override(lang):
            urls[lang] = reverse(name)
    return urls


@require_safe
def service_worker(request):
    """``/sw.js``: the worker script, with the hashed asset URLs of this deployment inlined.

    The asset URLs make the script's bytes change on every deployment that changes an asset,
    which is what makes browsers install the new worker.
    """
    hosts = [host for host in image_hosts() if csp_origin(host) == host]
    config = {
        "shell": shell_assets(),
        "imageHosts": hosts,
        "offline": _per_language("offline"),
        "search": _per_language("search"),
        "static": settings.STATIC_URL,
        "manifest": reverse("web_manifest"),
        "scripts": [static("rulebook/rulenumbers.js"), static("rulebook/offline-store.js")],
    }
    config["version"] = hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()[:12]
    body = render_to_string(
        "rulebook/sw.js", {"config": json.dumps(config, sort_keys=True)}, request=request
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = NO_CACHE
    response["Content-Security-Policy"] = worker_policy(settings.CONTENT_SECURITY_POLICY, hosts)
    return response


def worker_policy(policy: str, hosts: list[str]) -> str:
    """The site's policy, with the card image hosts allowed as images and as fetches: the worker
    answers a saved page's card images, and stores them when a copy is saved or updated. The
    hosts are part of the worker's config, so a new host installs a worker with a new policy."""
    if not hosts:
        return policy
    listed = " ".join(hosts)
    directives = [d.strip() for d in policy.split(";") if d.strip()]
    names = [d.split(" ", 1)[0] for d in directives]
    if "connect-src" not in names:
        directives.append("connect-src 'self'")
    extended = ("img-src", "connect-src")
    return "; ".join(f"{d} {listed}" if d.split(" ", 1)[0] in extended else d for d in directives)


@require_safe
def web_manifest(request):
    """``/manifest.webmanifest``: what an installed Rulebook is called and looks like."""
    lang = translation.get_language_from_request(request, check_path=False)
    with translation.override(lang if lang in LANGS else settings.LANGUAGE_CODE):
        data = {
            "name": "Rulebook",
            "short_name": "Rulebook",
            "description": _("Searchable, linkable trading-card-game rules, rule by rule."),
            "lang": translation.get_language(),
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#fbfbfa",
            "theme_color": "#7a3cc2",
            "icons": _icons(),
        }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_safe
def favicon(request):
    """``/favicon.ico``: browsers and crawlers ask for it at the root whatever the page links."""
    path = finders.find("rulebook/icons/favicon.ico")
    if not path:
        raise Http404("favicon.ico is missing from static/rulebook/icons")
    with open(path, "rb") as icon:
        response = HttpResponse(icon.read(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def _icons() -> list[dict]:
    sizes = [("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any")]
    sizes.append(("maskable-512.png", "512x512", "maskable"))
    icons = [
        {"src": static(f"rulebook/icons/{name}"), "sizes": size, "type": "image/png", "purpose": p}
        for name, size, p in sizes
    ]
    icons.append(
        {"src": static("rulebook/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"}
    )
    return icons


@require_safe
def offline_page(request):
    """What is saved on this device; the service worker shows it for pages that are not."""
    response = render(request, "rulebook/offline.html", {})
    response["Cache-Control"] = NO_CACHE
    return response


@require_safe
def saved_copy(request, game):
    """The URLs that "Save for offline" stores for a game in the page's language, and their
    size. Both are kept in the cache for the data generation: the size is measured by serving
    sample pages (``offline_size``), which only the first request after an ingest pays for."""
    game_obj = get_object_or_404(Game, slug=game)
    language = request.LANGUAGE_CODE
    current = offline.stamp(game_obj, language)
    if current is None:
        raise Http404("No rules in this language")
    assets = shell_assets()
    generation = DataGeneration.current()[0]
    scope = "|".join([game_obj.slug, language, current, generation, request.get_host(), *assets])
    key = "offline-copy:" + hashlib.sha256(scope.encode()).hexdigest()[:32]
    data = cache.get(key)
    if data is None:
        data = offline.saved_copy(game_obj, language)
        data["assets"] = assets
        data["size"] = offline_size.estimate(data["groups"], list(SHELL_ASSETS), request)
        cache.set(key, data, timeout=MANIFEST_SECONDS)
    response = JsonResponse(data)
    response["Cache-Control"] = NO_CACHE
    return response
