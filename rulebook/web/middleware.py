"""Headers that Django 5.2 does not set on its own."""

from django.conf import settings
from django.db import DatabaseError


class ContentSecurityPolicyMiddleware:
    """Sends the CSP from settings; Django's own CSP support arrives only in 6.0."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if response.get("Content-Type", "").startswith("text/html"):
            policy = with_image_hosts(policy)  # only documents load images
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response


def with_image_hosts(policy: str) -> str:
    """The policy with the card images' origins (recorded at ingest) added to ``img-src``."""
    if "img-src" not in policy:
        return policy
    from rulebook.models.knowledge import image_hosts

    try:
        hosts = image_hosts()
    except DatabaseError:  # before migrate, or a broken database: keep the strict policy
        return policy
    if not hosts:
        return policy
    directives = [d.strip() for d in policy.split(";")]
    directives = [
        " ".join([d, *hosts]) if d.split(" ", 1)[0] == "img-src" else d for d in directives
    ]
    return "; ".join(d for d in directives if d)
