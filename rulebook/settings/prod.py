"""Production: DEBUG off, secret from the environment, HTTPS hardening behind a switch.

HTTPS-only settings are off unless ``RULEBOOK_HTTPS=1`` so that the local production-like run on
http://127.0.0.1:8000 (admin login included) keeps working; a real deployment turns them on.

Refused at start: no ``DJANGO_SECRET_KEY`` (the public default would sign everyone's sessions;
``make run`` generates one into the data directory) or a weak one (under 32 characters, or
under 5 distinct characters), and neither ``RULEBOOK_BASE_URL`` nor an
``ALLOWED_HOSTS`` without wildcards (any Host header would be echoed into absolute URLs).
"""

import os

from django.core.exceptions import ImproperlyConfigured

from rulebook.settings.base import *

DEBUG = False

# A key anyone can guess signs sessions and password-reset links anyone can forge; Django's
# own check only warns (``check --deploy``), and a server is not started with that command.
MIN_SECRET_KEY_LENGTH, MIN_SECRET_KEY_CHARS = 32, 5

if not os.environ.get("DJANGO_SECRET_KEY"):
    raise ImproperlyConfigured(
        "Set DJANGO_SECRET_KEY (make run generates one into the data directory's secret_key)."
    )
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
if len(SECRET_KEY) < MIN_SECRET_KEY_LENGTH or len(set(SECRET_KEY)) < MIN_SECRET_KEY_CHARS:
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY is too weak ({len(SECRET_KEY)} characters, {len(set(SECRET_KEY))} "
        f"distinct): use at least {MIN_SECRET_KEY_LENGTH} characters with at least "
        f"{MIN_SECRET_KEY_CHARS} distinct ones, e.g. the output of scripts/secret_key.py."
    )
if not RULEBOOK_BASE_URL and (
    not ALLOWED_HOSTS or any(h == "*" or h.startswith(".") or "*" in h for h in ALLOWED_HOSTS)
):
    raise ImproperlyConfigured(
        "Set RULEBOOK_BASE_URL, or DJANGO_ALLOWED_HOSTS without wildcards, so that absolute "
        "URLs never echo a client's Host header."
    )

if os.environ.get("RULEBOOK_HTTPS") == "1":
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
LOGGING = {**LOGGING, "root": {"handlers": ["console"], "level": "INFO"}}
