"""Values kept for one request: what several steps of a request read, asked for once.

Django sends ``request_started`` and ``request_finished`` around every request; what is kept
in between is dropped at either boundary. Outside a request nothing is kept, so a command, a
job or a test reads afresh every time. The data generation (``models.generation``) and
PostgreSQL's index generation and known stems (``search.postgres_backend``) live here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.core.signals import request_finished, request_started


class RequestScope(threading.local):
    def __init__(self):
        self.active = False
        self.values: dict[str, Any] = {}

    def get(self, key: str, compute: Callable[[], Any]) -> Any:
        """The request's value for ``key``, computed on its first read (every read, outside
        a request)."""
        if key in self.values:
            return self.values[key]
        value = compute()
        if self.active:
            self.values[key] = value
        return value

    def forget(self, *keys: str) -> None:
        """Drop values the request has just changed (a bump, an index write)."""
        for key in keys:
            self.values.pop(key, None)

    def begin(self) -> None:
        self.active, self.values = True, {}

    def end(self) -> None:
        self.active, self.values = False, {}


request_scope = RequestScope()


def _boundary(signal=None, **kwargs) -> None:
    if signal is request_started:
        request_scope.begin()
    else:
        request_scope.end()


request_started.connect(_boundary, dispatch_uid="rulebook.requestscope")
request_finished.connect(_boundary, dispatch_uid="rulebook.requestscope")
