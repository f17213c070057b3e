"""Headers that Django 5.2 does not set on its own."""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    """Sends the CSP from settings; Django's own CSP support arrives only in 6.0."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response
