"""Settings shared by every environment.

All writable state lives under one data directory (``RULEBOOK_DATA_DIR``, default ``var/``) so
a deployment backs up, or throws away, exactly one folder.
"""

import os
from pathlib import Path

import dj_database_url

from rulebook import languages as language_table

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Importing settings creates nothing: each writer makes its directory at its first write (the
# file cache, the Whoosh index, collectstatic, scripts/secret_key.py) and manage.py makes a
# SQLite database's (``rulebook.datadir``).
DATA_DIR = Path(os.environ.get("RULEBOOK_DATA_DIR", BASE_DIR / "var")).resolve()
DEMO_DIR = BASE_DIR / "demo"

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me")
DEBUG = False
ALLOWED_HOSTS = [
    h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django.contrib.postgres",
    "rulebook",
    "rulebook.discord.apps.DiscordConfig",
]

MIDDLEWARE = [
    "rulebook.web.middleware.BaseUrlMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "rulebook.web.middleware.ContentSecurityPolicyMiddleware",
    "rulebook.web.middleware.AdminLoginThrottleMiddleware",
    # The game the reader last browsed; it marks stored pages too (the page cache is the
    # views' own decorator, rulebook.web.caching, inside every middleware).
    "rulebook.web.lastgame.LastGameMiddleware",
]

ROOT_URLCONF = "rulebook.urls"
WSGI_APPLICATION = "rulebook.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "rulebook.web.context_processors.site",
            ],
            # The tag libraries live with the web package, not at the app's top level.
            "libraries": {
                "history_tags": "rulebook.web.templatetags.history_tags",
                "rulebook_tags": "rulebook.web.templatetags.rulebook_tags",
            },
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'rulebook.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL: pages keep reading while an ingest writes (in the default journal mode a long
    # ingest transaction locks readers out once its changes spill to the file).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# One machine: a file cache under the data directory, shared by its workers. Scale-out: set
# REDIS_URL and every worker on every machine shares one Redis (the page cache and the API
# rate limiter then hold across all of them).
REDIS_URL = os.environ.get("REDIS_URL", "")


def cache_settings(redis_url: str, prefix: str) -> dict:
    if redis_url:
        return {
            "default": {
                # Django's Redis cache, made to miss rather than fail while Redis is down
                # (rulebook/web/rediscache.py): a cache is an optimisation, not a dependency.
                "BACKEND": "rulebook.web.rediscache.ResilientRedisCache",
                "LOCATION": redis_url,
                "KEY_PREFIX": prefix,
                # Short timeouts: a Redis that stopped answering costs a worker half a second
                # every RETRY_AFTER seconds, not one hung request per call.
                "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1, "RETRY_AFTER": 5},
            }
        }
    return {
        "default": {
            # Counts its files every 64 writes rather than at each (rulebook/web/filecache.py).
            "BACKEND": "rulebook.web.filecache.SampledCullFileCache",
            "LOCATION": str(DATA_DIR / "cache"),
            # The default of 300 entries would cull rendered pages as fast as they are stored.
            "OPTIONS": {"MAX_ENTRIES": 50000},
        }
    }


CACHES = cache_settings(REDIS_URL, os.environ.get("RULEBOOK_CACHE_PREFIX", "rulebook"))
# The rendered-page cache (rulebook.web.caching): which cache, how long a copy is kept
# (keys change with every ingest, so this only bounds memory), and the browsers' max-age.
RULEBOOK_PAGE_CACHE = "default"
RULEBOOK_PAGE_CACHE_SECONDS = int(os.environ.get("RULEBOOK_PAGE_CACHE_SECONDS", "86400"))
RULEBOOK_PAGE_MAX_AGE = int(os.environ.get("RULEBOOK_PAGE_MAX_AGE", "60"))
# Part of every page key and ETag: change it when a deployment changes what a URL renders to.
RULEBOOK_PAGE_FORMAT = os.environ.get("RULEBOOK_PAGE_FORMAT", "3")
# Origins (https://rules.example.com) whose comparison pages an ingest renders ahead, so the
# first reader after it is served a stored copy.
RULEBOOK_WARM_ORIGINS = [
    origin.strip().rstrip("/")
    for origin in os.environ.get("RULEBOOK_WARM_ORIGINS", "").split(",")
    if origin.strip()
]
# Sections longer than this many rules are shown in parts (``?part=2``).
RULEBOOK_SECTION_PART_SIZE = 200

LANGUAGE_CODE = "en"
LANGUAGES = language_table.choices()
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "rulebook.web.storage.ForgivingManifestStorage"},
}

LOGIN_URL = "admin:login"

# Security headers that cost nothing over plain http are on everywhere. ``img-src`` gains the
# card images' origins recorded at ingest (rulebook.web.middleware.with_image_hosts).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; "
    "manifest-src 'self'; worker-src 'self'"
)

RULEBOOK_DEFAULT_GAME = os.environ.get("RULEBOOK_DEFAULT_GAME", "riftbound")
SEARCH_BACKEND = {
    "BACKEND": os.environ.get(
        "RULEBOOK_SEARCH_BACKEND", "rulebook.search.whoosh_backend.WhooshBackend"
    ),
    "PATH": DATA_DIR / "index",
    # Processes analysing a full index build's texts (rulebook/search/whoosh_ahead.py).
    "PROCESSES": int(os.environ.get("RULEBOOK_INDEX_PROCESSES") or min(2, os.cpu_count() or 1)),
}
# Off, ingest commands leave the index alone (batch loads run `rebuild_index` once at the end).
RULEBOOK_INDEX_AFTER_INGEST = os.environ.get("RULEBOOK_INDEX_AFTER_INGEST", "1") != "0"
# Questions also search the rules nearest in meaning (a sentence encoder, rulebook.search.nearest);
# the rules are encoded as the index is built. 0: the engine's ranking alone.
RULEBOOK_ENCODER = os.environ.get("RULEBOOK_ENCODER", "1") != "0"
# What the question bank taught the encoder (benchmarks/encoder_train.py); "0": the model as
# published. A new adapter's vectors are encoded afresh at the next index build.
RULEBOOK_ENCODER_ADAPTER = os.environ.get(
    "RULEBOOK_ENCODER_ADAPTER", str(BASE_DIR / "rulebook" / "search" / "encoder_adapter.npz")
)
if RULEBOOK_ENCODER_ADAPTER == "0":
    RULEBOOK_ENCODER_ADAPTER = ""

# Input limits for ingest: a file over these fails with a file:line error.
RULEBOOK_MAX_FILE_BYTES = int(os.environ.get("RULEBOOK_MAX_FILE_BYTES") or 20 * 1024 * 1024)
RULEBOOK_MAX_RULE_CHARS = int(os.environ.get("RULEBOOK_MAX_RULE_CHARS") or 20_000)
RULEBOOK_MAX_RULE_DEPTH = int(os.environ.get("RULEBOOK_MAX_RULE_DEPTH") or 8)
RULEBOOK_MAX_RULES = int(os.environ.get("RULEBOOK_MAX_RULES") or 20_000)

# Search answers kept per process (rulebook/search/results_cache.py); 0 switches it off.
RULEBOOK_SEARCH_CACHE_ENTRIES = int(os.environ.get("RULEBOOK_SEARCH_CACHE_ENTRIES", "2000"))
RULEBOOK_API_RATE_LIMIT = os.environ.get("RULEBOOK_API_RATE_LIMIT", "120/min") or None
# Behind a proxy, the header that carries the client's address (e.g. HTTP_X_FORWARDED_FOR).
RULEBOOK_API_CLIENT_IP_HEADER = os.environ.get("RULEBOOK_API_CLIENT_IP_HEADER") or None
# How many proxies of ours append to X-Forwarded-For: the client is the Nth hop from the right
# (0: the header is not trusted for this, unless RULEBOOK_API_CLIENT_IP_HEADER names one).
RULEBOOK_TRUSTED_PROXIES = int(os.environ.get("RULEBOOK_TRUSTED_PROXIES") or 0)
# Absolute URLs use this scheme and host (e.g. https://rules.example.org) instead of Host.
RULEBOOK_BASE_URL = os.environ.get("RULEBOOK_BASE_URL", "").strip().rstrip("/")
RULEBOOK_ADMIN_LOGIN_ATTEMPTS = int(os.environ.get("RULEBOOK_ADMIN_LOGIN_ATTEMPTS") or 10)
RULEBOOK_ADMIN_LOGIN_WINDOW = int(os.environ.get("RULEBOOK_ADMIN_LOGIN_WINDOW") or 300)

# The Discord app (rulebook.discord): the application's public key from the developer portal
# (64 hex digits); unset, /discord/interactions answers 404. Commands named in
# RULEBOOK_DISCORD_DEFERRED (comma-separated, e.g. "search") answer with a deferred reply.
RULEBOOK_DISCORD_PUBLIC_KEY = os.environ.get("RULEBOOK_DISCORD_PUBLIC_KEY", "").strip()
RULEBOOK_DISCORD_DEFERRED = [
    name.strip()
    for name in os.environ.get("RULEBOOK_DISCORD_DEFERRED", "").split(",")
    if name.strip()
]

# Client errors (4xx, 429) are the client's problem: logged at INFO, one in
# RULEBOOK_CLIENT_ERROR_LOG_SAMPLE, so a scan or a flood cannot fill the log.
RULEBOOK_CLIENT_ERROR_LOG_SAMPLE = int(os.environ.get("RULEBOOK_CLIENT_ERROR_LOG_SAMPLE") or 100)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"client_errors": {"()": "rulebook.logfilters.ClientErrorFilter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["client_errors"]},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django.request": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.security": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
