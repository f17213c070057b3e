"""Logging filters: client errors are not the server's warnings.

Django logs every 4xx at WARNING through ``django.request``; a crawler or a rate-limited
client then writes thousands of lines a minute. This filter lowers them to INFO and keeps
one in ``RULEBOOK_CLIENT_ERROR_LOG_SAMPLE`` (a counter per process, not randomness, so the
sampling is predictable); 5xx and everything else pass unchanged.
"""

from __future__ import annotations

import itertools
import logging

from django.conf import settings


class ClientErrorFilter(logging.Filter):
    def __init__(self, name: str = ""):
        super().__init__(name)
        self._seen = itertools.count()

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 500:
            return True
        record.levelno, record.levelname = logging.INFO, "INFO"
        every = max(1, int(getattr(settings, "RULEBOOK_CLIENT_ERROR_LOG_SAMPLE", 100)))
        return next(self._seen) % every == 0
