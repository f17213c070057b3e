"""The file cache of a one-machine deployment, without a directory listing per write.

Django's file cache counts its entries on every ``set`` by listing the whole directory, to
cull when there are more than ``MAX_ENTRIES``. Rendered pages are tens of thousands of files
at that limit, so each cold page paid for listing them all (milliseconds per thousand files,
and more under load). Here the count is taken every ``CULL_EVERY`` writes (64 by default):
the directory can overshoot the limit by that many files per worker between counts.
"""

from __future__ import annotations

from django.core.cache.backends.filebased import FileBasedCache


class SampledCullFileCache(FileBasedCache):
    def __init__(self, dir, params):
        options = dict(params.get("OPTIONS") or {})
        self.cull_every = max(1, int(options.pop("CULL_EVERY", 64)))
        super().__init__(dir, {**params, "OPTIONS": options})
        self.writes = 0

    def _cull(self):
        self.writes += 1
        if self.writes % self.cull_every == 0:
            super()._cull()
