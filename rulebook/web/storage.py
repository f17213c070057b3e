"""Static files storage that never turns a page into a 500.

The manifest storage raises when ``collectstatic`` has not run (or missed a file); a rules page
without its stylesheet is still a rules page, so the plain URL is used instead and the problem
is logged.
"""

import logging
from urllib.parse import urljoin

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage

logger = logging.getLogger(__name__)


class ForgivingManifestStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False

    def url(self, name, force=False):
        try:
            return super().url(name, force)
        except ValueError:
            logger.warning("static file %s is not collected; run manage.py collectstatic", name)
            return urljoin(settings.STATIC_URL, name)
