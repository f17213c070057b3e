"""The API's URLs (not localised), generated from the resource registry.

``urlpatterns`` go at the top level, before anything else that could match ``api/``.
"""

from django.http import JsonResponse
from django.urls import path, re_path
from django.views.decorators.csrf import csrf_exempt

# Importing the modules registers their resources, in this order in the OpenAPI document.
from rulebook.api import (  # noqa: F401
    cards,
    changes,
    faq,
    knowledge,
    linkify,
    oembed,
    openapi,
    resources,
    search,
)
from rulebook.api.http import CORS_HEADERS
from rulebook.api.opensearch import opensearch
from rulebook.api.registry import RESOURCES


@csrf_exempt
def not_found(request, rest=""):
    """Unknown paths under /api/ answer JSON too, never the site's HTML 404 page."""
    response = JsonResponse({"error": "No such API endpoint.", "status": 404}, status=404)
    for name, value in CORS_HEADERS.items():
        response[name] = value
    return response


urlpatterns = [
    *(path(f"api/v1/{item.route}", item.view, name=item.name) for item in RESOURCES),
    path("opensearch.xml", opensearch, name="opensearch"),
    re_path(r"^api/(?P<rest>[\s\S]*)\Z", not_found, name="api_not_found"),
]
