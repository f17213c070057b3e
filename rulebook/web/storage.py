"""Static files storage that never turns a page into a 500.

The manifest storage raises when ``collectstatic`` has not run (or missed a file); a rules page
without its stylesheet is still a rules page, so the plain URL is used instead and the problem
is logged.

WhiteNoise also asks for names that exist nowhere: to tell a hashed file from a plain one it
strips one extension and asks again (``admin/js/jquery.init.js`` -> ``admin/js/jquery.js``),
and compares the answer's file name. Only a file that exists in the sources but is missing
from the manifest deserves the "not collected" warning; a name that exists nowhere gets its
plain URL quietly (the comparison then fails, as it should).
"""

import logging
from urllib.parse import urljoin

from django.conf import settings
from django.contrib.staticfiles import finders
from whitenoise.storage import CompressedManifestStaticFilesStorage

logger = logging.getLogger(__name__)


class ForgivingManifestStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False

    def url(self, name, force=False):
        try:
            return super().url(name, force)
        except ValueError:
            if finders.find(name):
                logger.warning("static file %s is not collected; run manage.py collectstatic", name)
            else:
                logger.debug("no static file named %s", name)
            return urljoin(settings.STATIC_URL, name)
