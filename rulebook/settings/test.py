"""Tests: a throwaway data directory per run, fast hashing, and no manifest for static files."""

import os
import tempfile
import uuid
from pathlib import Path

from rulebook.settings.base import *

DATA_DIR = Path(
    os.environ.get("RULEBOOK_TEST_DATA_DIR") or tempfile.mkdtemp(prefix="rulebook-test-")
)
SEARCH_BACKEND = {**SEARCH_BACKEND, "PATH": DATA_DIR / "index"}
# With REDIS_URL (the scale path), the tests share the real Redis under a prefix of their own
# that no other run uses; they never flush it.
CACHES = (
    cache_settings(REDIS_URL, f"rulebook-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    if REDIS_URL
    else {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
ALLOWED_HOSTS = ["*"]
STATIC_ROOT = DATA_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
RULEBOOK_API_RATE_LIMIT = None
# Each test reads its own answers; the cache's tests switch it on.
RULEBOOK_SEARCH_CACHE_ENTRIES = 0
# Encoding a corpus takes minutes: the encoder's own tests switch it on, over small data.
RULEBOOK_ENCODER = False
# Parallel checkouts on one machine each need their own PostgreSQL test database.
if os.environ.get("RULEBOOK_TEST_DB_NAME"):
    DATABASES["default"]["TEST"] = {"NAME": os.environ["RULEBOOK_TEST_DB_NAME"]}
