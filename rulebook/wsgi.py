"""WSGI entry point for gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
application = get_wsgi_application()

# Each worker imports this before it serves: what every search reads is loaded now
# (``rulebook.search.warmup``), so no player's first search pays for it, and kept out of
# the garbage collector's walks.
from rulebook.search import warmup  # noqa: E402

warmup.prepare()
warmup.settle()
