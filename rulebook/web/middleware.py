"""Headers that Django 5.2 does not set on its own, the base URL, and admin login throttling."""

import time
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import MiddlewareNotUsed
from django.db import DatabaseError
from django.http import HttpResponse
from django.urls import reverse

from rulebook.clients import client_ip


class ContentSecurityPolicyMiddleware:
    """Sends the CSP from settings; Django's own CSP support arrives only in 6.0."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if response.get("Content-Type", "").startswith("text/html"):
            # Only documents load images. The generation is read once per request (a page's
            # validators have read it already).
            policy = with_image_hosts(policy)
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response


class BaseUrlMiddleware:
    """With ``RULEBOOK_BASE_URL`` set, every absolute URL the site writes (canonical links,
    API bodies, sitemaps) uses its host, whatever ``Host`` the client sent: a forged header
    can no longer be echoed into pages, feeds or cached API answers."""

    def __init__(self, get_response):
        self.get_response = get_response
        base = urlsplit(getattr(settings, "RULEBOOK_BASE_URL", "") or "")
        self.host, self.scheme = base.netloc, base.scheme
        if not self.host:
            raise MiddlewareNotUsed

    def __call__(self, request):
        # The scheme is the request's own unless no proxy header says it (then the base's).
        request.META["HTTP_HOST"] = self.host
        request.META["wsgi.url_scheme"] = self.scheme or request.META.get("wsgi.url_scheme")
        request.META.pop("HTTP_X_FORWARDED_HOST", None)
        return self.get_response(request)


class AdminLoginThrottleMiddleware:
    """At most ``RULEBOOK_ADMIN_LOGIN_ATTEMPTS`` login attempts per client address in each
    ``RULEBOOK_ADMIN_LOGIN_WINDOW`` seconds (a fixed window in the cache); more get a 429, so
    passwords cannot be guessed at the speed of the server."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path == reverse("admin:login"):
            limit = int(getattr(settings, "RULEBOOK_ADMIN_LOGIN_ATTEMPTS", 10))
            window = int(getattr(settings, "RULEBOOK_ADMIN_LOGIN_WINDOW", 300))
            slot = int(time.time() // window)
            key = f"rulebook:admin:login:{client_ip(request)}:{slot}"
            cache.add(key, 0, timeout=window + 1)
            try:
                count = cache.incr(key)
            except ValueError:
                cache.set(key, 1, timeout=window + 1)
                count = 1
            if count > limit:
                response = HttpResponse("Too many login attempts; try again later.", status=429)
                response["Retry-After"] = str(window - int(time.time()) % window)
                return response
        return self.get_response(request)


def with_image_hosts(policy: str, generation: str | None = None) -> str:
    """The policy with the card images' origins (recorded at ingest) added to ``img-src``;
    ``generation``: the data generation's token when the request has read it already.

    Only values that are exactly ``https://host[:port]`` are written: whatever the database
    or the cache holds, a ";" or "," from data can never add a directive of its own."""
    if "img-src" not in policy:
        return policy
    from ingest.urls import csp_origin
    from rulebook.models.knowledge import image_hosts

    try:
        hosts = image_hosts(generation)
    except DatabaseError:  # before migrate, or a broken database: keep the strict policy
        return policy
    hosts = [host for host in hosts if csp_origin(host) == host]
    if not hosts:
        return policy
    directives = [d.strip() for d in policy.split(";")]
    directives = [
        " ".join([d, *hosts]) if d.split(" ", 1)[0] == "img-src" else d for d in directives
    ]
    return "; ".join(d for d in directives if d)
