"""Production: DEBUG off, secret from the environment, HTTPS hardening behind a switch.

HTTPS-only settings are off unless ``RULEBOOK_HTTPS=1`` so that the local production-like run on
http://127.0.0.1:8000 (admin login included) keeps working; a real deployment turns them on.
"""

import os

from rulebook.settings.base import *

DEBUG = False

if os.environ.get("RULEBOOK_HTTPS") == "1":
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if SECRET_KEY.startswith("dev-only"):
        raise RuntimeError("Set DJANGO_SECRET_KEY for an HTTPS deployment.")

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
LOGGING = {**LOGGING, "root": {"handlers": ["console"], "level": "INFO"}}
