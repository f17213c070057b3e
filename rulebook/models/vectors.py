"""Sentence vectors of the rules' texts, for search's nearest-by-meaning step.

Encoding a rule costs about 20 ms of CPU, and the corpus holds about 5,000 rules, so a vector
is computed once per text and kept here, keyed by the model and the text
(``rulebook.search.encoder.digest``): re-ingesting a version whose wording did not change,
or rebuilding the index, encodes nothing again. Derived data: deleting every row loses no
information, only the time to encode again (``manage.py rebuild_index`` does).
"""

from __future__ import annotations

from django.db import models


class EncodedTextQuerySet(models.QuerySet):
    def known(self, digests) -> set[str]:
        """Which of ``digests`` have a vector, read in chunks (SQLite caps a query's
        parameters)."""
        digests, found = list(digests), set()
        for start in range(0, len(digests), 500):
            chunk = digests[start : start + 500]
            found.update(self.filter(digest__in=chunk).values_list("digest", flat=True))
        return found

    def vectors(self, digests) -> dict[str, bytes]:
        """Digest -> the vector's bytes (float32), for those of ``digests`` that have one."""
        digests, found = list(digests), {}
        for start in range(0, len(digests), 500):
            chunk = digests[start : start + 500]
            found.update(self.filter(digest__in=chunk).values_list("digest", "vector"))
        return {digest: bytes(vector) for digest, vector in found.items()}


class EncodedText(models.Model):
    digest = models.CharField(max_length=40, primary_key=True)
    vector = models.BinaryField()

    objects = EncodedTextQuerySet.as_manager()

    def __str__(self):
        return self.digest
