from django.contrib import admin

from .models import Document, Game, Reference, Rule


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["slug", "name"]


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ["game", "kind", "language", "version", "label", "source_name", "ingested_at"]
    list_filter = ["game", "kind", "language"]
    readonly_fields = ["content_hash", "report", "ingested_at"]


@admin.register(Rule)
class RuleAdmin(admin.ModelAdmin):
    list_display = ["number", "document", "is_heading", "depth", "position"]
    list_filter = ["document", "is_heading"]
    search_fields = ["number", "text"]
    raw_id_fields = ["parent", "section", "document"]


@admin.register(Reference)
class ReferenceAdmin(admin.ModelAdmin):
    list_display = ["source", "written", "target_number", "target", "kind"]
    raw_id_fields = ["source", "target"]
