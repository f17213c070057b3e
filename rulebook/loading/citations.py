"""FAQ rule citations read against the Core Rules the citing text was written for.

An official FAQ or errata article cites the numbers of the Core Rules in force when it was
published (``publishedAt``; ``updatedAt`` is the same for all of them), a community page those
of the version it was reviewed against. Each number is read in that version and followed to the
newest one through the history engine, so a number that exists today as another rule is not
mistaken for it. Page links and keyword pages use the result; search ranking does not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.citations import title_matches
from rulebook import kinds
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.loading.precompute import family_history
from rulebook.models import Document, Rule

DIRECT, HISTORY, REMOVED, UNRESOLVED = "direct", "history", "removed", "unresolved"


@dataclass
class Resolution:
    how: str  # DIRECT, HISTORY, REMOVED or UNRESOLVED
    number: str  # the number the link targets (today's, or the old one when removed)
    rule_id: int | None
    note: str = ""  # "cited:<version>:<number>" or "removed:<version>:<number>"


class CitationResolver:
    """Every version of a game's document of one kind and language (the English Core Rules
    unless told), and the history that connects them."""

    def __init__(self, game, kind: str = kinds.CORE_RULES, language: str = KNOWLEDGE_LANGUAGE):
        self.documents = list(
            Document.objects.filter(game=game, kind=kind, language=language)
            .defer("report")
            .order_by("version")
        )
        self.ids = {}
        for document in self.documents:
            rows = list(Rule.objects.in_document(document).in_order().values_list("number", "pk"))
            for number, pk in reversed(rows):
                self.ids[(document.version, number)] = pk
        # The History the precompute stores for this family: comparisons made here are not
        # made again there, and unchanged pairs come from the stored payload.
        family = (game.slug, kind, language)
        self.history = family_history(family, self.documents) if self.documents else None
        self.by_label = {d.short_label: d for d in self.documents}
        self.texts: dict[tuple[str, str], str] = {}  # (version, number) -> text, as asked

    @property
    def newest(self):
        return self.documents[-1] if self.documents else None

    def version_for(self, page) -> Document | None:
        """The version the page was written for: reviewed against, else in force when
        published (the oldest when it predates them all), else the newest."""
        if not self.documents:
            return None
        reviewed = (page.reviewed_version or "").lstrip("vV")
        if reviewed and reviewed in self.by_label:
            return self.by_label[reviewed]
        if reviewed:
            return next((d for d in self.documents if d.version == reviewed), self.newest)
        published = (page.published_at or "")[:10]
        if page.is_official and published:
            in_force = [d for d in self.documents if d.version <= published]
            return in_force[-1] if in_force else self.documents[0]
        return self.newest

    def resolve(self, page, number: str) -> Resolution:
        if self.newest is None:
            return Resolution(UNRESOLVED, number, None)
        return self.follow(self.version_for(page), number)

    def bearing(self, number: str, title: str) -> list[Document]:
        """The versions, oldest first, in which ``number`` bears the printed ``title``."""
        if not title:
            return []
        missing = [d.pk for d in self.documents if (d.version, number) not in self.texts]
        if missing:
            rows = Rule.objects.filter(document__in=missing, number=number).order_by("-position")
            for version, text in rows.values_list("document__version", "text"):
                self.texts[(version, number)] = text
            for document in self.documents:
                self.texts.setdefault((document.version, number), "")
        return [d for d in self.documents if title_matches(title, self.texts[(d.version, number)])]

    def follow(self, cited: Document, number: str) -> Resolution:
        """``number`` read in the ``cited`` version, followed to the newest one through the
        history: the rule it was there, whatever its number today."""
        newest = self.newest
        if cited.pk == newest.pk or (cited.version, number) not in self.ids:
            found = self.ids.get((newest.version, number))
            return Resolution(DIRECT if found else UNRESOLVED, number, found)
        moved = self.history.successor(cited.version, number, follow_merges=True)
        if moved is None:
            pinned = self.ids[(cited.version, number)]
            key = f"{cited.version}/{number}"  # not a number today: no page lists it as its own
            return Resolution(REMOVED, key, pinned, f"removed:{cited.version}:{number}")
        today = moved[1]
        how = DIRECT if today == number else HISTORY
        note = "" if how == DIRECT else f"cited:{cited.version}:{number}"
        return Resolution(how, today, self.ids.get((newest.version, today)), note)
