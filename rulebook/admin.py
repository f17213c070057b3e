import json
from functools import partial

from django.contrib import admin
from django.db import models, transaction
from django.utils.html import format_html

from rulebook.loading import generation
from rulebook.models import (
    Card,
    Document,
    Erratum,
    FaqEntry,
    FaqPage,
    Game,
    Keyword,
    KnowledgeSource,
    Link,
    Printing,
    Reference,
    Rule,
)


def reindex(obj) -> None:
    """After the edit commits, the index is brought to the new generation as an ingest's is:
    the edited rule's document, or the game's FAQ, card and keyword entries; anything else
    (a game, a link) by a rebuild. Otherwise search would answer from the old text and say
    the index is being updated until someone rebuilt it."""
    from rulebook import search

    document = obj if isinstance(obj, Document) else getattr(obj, "document", None)
    if isinstance(document, Document):
        scope = (document.game.slug, document.kind, document.language, document.version)
        update = partial(search.update_after_ingest, {scope}, {document.game.slug})
    elif isinstance(obj, (Card, Printing, Erratum, FaqEntry, FaqPage, Keyword)):
        game = getattr(obj, "game", None) or getattr(getattr(obj, "card", None), "game", None)
        game = game or getattr(getattr(obj, "page", None), "game", None)
        if game is None:
            update = search.rebuild_after_ingest
        else:
            update = partial(search.update_after_ingest, set(), set(), {game.slug})
    else:
        update = search.rebuild_after_ingest
    transaction.on_commit(update)


class DataAdmin(admin.ModelAdmin):
    """An edit in the admin is a change of the data like an ingest: it bumps the generation,
    so cached pages, validators and precomputed payloads keyed on it are not served stale,
    and the search index follows (``reindex``)."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        generation.bump()
        reindex(obj)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        generation.bump()
        reindex(obj)

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        generation.bump()
        transaction.on_commit(rebuild_index)


def rebuild_index() -> None:
    from rulebook import search

    search.rebuild_after_ingest()


@admin.register(Game)
class GameAdmin(DataAdmin):
    list_display = ["slug", "name"]


@admin.register(Document)
class DocumentAdmin(DataAdmin):
    list_display = ["game", "kind", "language", "version", "label", "source_name", "ingested_at"]
    list_filter = ["game", "kind", "language"]
    readonly_fields = ["content_hash", "report", "ingested_at"]


@admin.register(Rule)
class RuleAdmin(DataAdmin):
    list_display = ["number", "document", "is_heading", "depth", "position", "repairs"]
    list_filter = ["document", "is_heading"]
    search_fields = ["number", "text"]
    raw_id_fields = ["parent", "section", "document"]


@admin.register(Reference)
class ReferenceAdmin(DataAdmin):
    list_display = ["source", "written", "target_number", "target", "kind"]
    raw_id_fields = ["source", "target"]


# Keywords, FAQ and cards. Rows are written by ingest and relink, so the admin is for looking
# and small fixes; computed fields (hashes, reports, citations) are read-only.


# Source URLs are stored absolute; say so, rather than let Django guess a scheme (and warn).
URLS = {models.URLField: {"assume_scheme": "https"}}


def _pretty_report(obj) -> str:
    """The ingest report as indented JSON, readable in a read-only field."""
    return format_html("<pre>{}</pre>", json.dumps(obj.report, indent=2, ensure_ascii=False))


@admin.register(KnowledgeSource)
class KnowledgeSourceAdmin(DataAdmin):
    list_display = ["game", "kind", "source_name", "ingested_at"]
    list_filter = ["game", "kind"]
    search_fields = ["source_name"]
    list_select_related = ["game"]
    readonly_fields = ["content_hash", "report_json", "ingested_at"]
    exclude = ["report"]

    @admin.display(description="report")
    def report_json(self, obj):
        return _pretty_report(obj)

    def get_queryset(self, request):
        # Lists never show the (large) report: load it only for the one object displayed.
        return super().get_queryset(request).defer("report")


@admin.register(Keyword)
class KeywordAdmin(DataAdmin):
    list_display = ["name", "number", "slug", "document", "position"]
    list_filter = ["document__game", "document__language", "document__version"]
    search_fields = ["name", "slug", "number", "summary"]
    raw_id_fields = ["document"]

    def get_queryset(self, request):
        # Document.__str__ names its game; never decode Document.report per row.
        return (
            super().get_queryset(request).select_related("document__game").defer("document__report")
        )


@admin.register(FaqPage)
class FaqPageAdmin(DataAdmin):
    formfield_overrides = URLS
    list_display = ["title", "game", "source", "kind", "slug", "reviewed_version", "position"]
    list_filter = ["game", "source", "kind", "is_index"]
    search_fields = ["title", "slug", "summary"]
    list_select_related = ["game"]


@admin.register(FaqEntry)
class FaqEntryAdmin(DataAdmin):
    list_display = ["question", "anchor", "page", "kind", "position"]
    list_filter = ["page__game", "page__source", "kind"]
    search_fields = ["question", "anchor", "answer_text", "page__slug"]
    raw_id_fields = ["page"]
    list_select_related = ["page"]
    readonly_fields = ["answer_text", "rule_citations", "card_citations", "keyword_mentions"]


class PrintingInline(admin.TabularInline):
    model = Printing
    fields = ["external_id", "public_code", "set_name", "rarity"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Card)
class CardAdmin(DataAdmin):
    list_display = ["name", "game", "slug", "energy", "might", "banned"]
    list_filter = ["game", "banned"]
    search_fields = ["name", "slug", "ability_text"]
    list_select_related = ["game"]
    readonly_fields = ["keywords"]
    inlines = [PrintingInline]


@admin.register(Printing)
class PrintingAdmin(DataAdmin):
    formfield_overrides = URLS
    list_display = ["public_code", "card", "set_name", "rarity", "collector_number"]
    list_filter = ["game", "set_name", "rarity"]
    search_fields = ["public_code", "external_id", "card__name"]
    raw_id_fields = ["card"]
    list_select_related = ["card"]


@admin.register(Erratum)
class ErratumAdmin(DataAdmin):
    formfield_overrides = URLS
    list_display = ["card_name", "game", "article_id", "set_name", "published_at"]
    list_filter = ["game", "set_name"]
    search_fields = ["card_name", "article_id", "old_text", "new_text"]
    raw_id_fields = ["card"]
    list_select_related = ["game"]


@admin.register(Link)
class LinkAdmin(DataAdmin):
    list_display = [
        "source_kind",
        "source_id",
        "target_kind",
        "target_key",
        "target_id",
        "written",
        "game",
    ]
    list_filter = ["game", "source_kind", "target_kind", ("target_id", admin.EmptyFieldListFilter)]
    search_fields = ["target_key", "written", "note"]
    raw_id_fields = ["document"]
    list_select_related = ["game"]
    readonly_fields = ["target_id"]  # kept current by the relink pass
