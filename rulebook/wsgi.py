"""WSGI entry point for gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
application = get_wsgi_application()

# Each worker imports this before it serves: what every question reads is loaded now.
from rulebook.search import meaning  # noqa: E402

meaning.load()
