"""Read-only resources: games, their documents, tables of contents and rules.

Every view returns a ``Lazy`` payload whose ETag seed and Last-Modified come from the
documents behind it (primary keys, content hashes, ingest times), so a client revalidating
an unchanged rule costs two small queries and no serialisation.
"""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpResponse, JsonResponse
from django.urls import reverse

from ingest import numbers
from rulebook import kinds
from rulebook.api import schemas as s
from rulebook.api import serialize
from rulebook.api.http import ApiError, Lazy
from rulebook.api.registry import resource
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Document, Game, KnowledgeSource, Reference, Rule
from rulebook.pages import rules as pages
from rulebook.pages.cards import rule_knowledge


def state_of(documents) -> tuple[str, object]:
    """ETag seed and Last-Modified for a set of documents (any change to one changes both)."""
    rows = sorted(documents.values_list("pk", "content_hash", "ingested_at"))
    seed = ";".join(f"{pk}:{digest}:{stamp.isoformat()}" for pk, digest, stamp in rows)
    return seed, max((stamp for _pk, _digest, stamp in rows), default=None)


def lazy_payload(build, documents, extra_seed: str = "", also=()) -> Lazy:
    """``also``: more row sets with ``content_hash`` and ``ingested_at`` (knowledge sources)."""
    states = [state_of(rows) for rows in (documents, *also)]
    seed = "|".join(seed for seed, _stamp in states)
    last_modified = max((stamp for _seed, stamp in states if stamp), default=None)
    return Lazy(build=build, etag_seed=f"{seed}|{extra_seed}", last_modified=last_modified)


def game_or_404(slug: str) -> Game:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        raise ApiError(404, f"No game “{slug[:50]}”.")
    return game


def family(game: Game, kind: str, lang: str):
    """Every version of one document (game, kind, language), newest first."""
    return (
        Document.objects.of(game, kind, lang).select_related("game").defer("report").newest_first()
    )


def _document_or_404(game: Game, kind: str, lang: str, version: str | None) -> Document:
    versions = family(game, kind, lang)
    document = versions.filter(version=version).first() if version else versions.first()
    if document is None:
        what = f"{game.slug} {kind} {lang}" + (f" {version}" if version else "")
        raise ApiError(404, f"No document “{what[:120]}”.")
    return document


@resource(
    "games",
    name="api_games",
    tags=["games"],
    summary="List the games",
    responses={**s.ok("GameList"), **s.errors()},
)
def games(request):
    def build():
        documents = list(Document.objects.defer("report"))
        return {
            "games": [
                serialize.game_dict(request, game, [d for d in documents if d.game_id == game.pk])
                for game in Game.objects.order_by("name")
            ]
        }

    return lazy_payload(
        build,
        Document.objects.all(),
        ",".join(str(pk) for pk in Game.objects.order_by("pk").values_list("pk", flat=True)),
    )


@resource(
    "games/<slug:game>",
    name="api_game",
    tags=["games"],
    summary="One game",
    parameters=[s.GAME],
    responses={**s.ok("Game"), **s.errors("404")},
)
def game(request, game):
    game_obj = game_or_404(game)
    documents = game_obj.documents.all()
    return lazy_payload(
        lambda: serialize.game_dict(request, game_obj, list(documents.defer("report"))),
        documents,
        game_obj.name,
    )


@resource(
    "games/<slug:game>/documents",
    name="api_documents",
    tags=["documents"],
    summary="A game's documents: kinds, languages, versions and which one is the default",
    parameters=[s.GAME],
    responses={**s.ok("DocumentList"), **s.errors("404")},
)
def documents(request, game):
    game_obj = game_or_404(game)
    docs = game_obj.documents.defer("report").annotate(rule_count=Count("rules"))

    def build():
        rows = list(docs.select_related("game").order_by("kind", "language", "-version"))
        defaults = {(d.kind, d.language): d.pk for d in sorted(rows, key=lambda d: d.version)}
        return {
            "game": game_obj.slug,
            "kinds": sorted({d.kind for d in rows}),
            "languages": sorted({d.language for d in rows}),
            "documents": [
                serialize.document_dict(
                    request, d, defaults[d.kind, d.language] == d.pk, d.rule_count
                )
                for d in rows
            ],
        }

    return lazy_payload(build, game_obj.documents.all())


TOC_DOC = dict(tags=["documents"], responses={**s.ok("Toc"), **s.errors("404")})


@resource(
    "games/<slug:game>/<str:kind>/<str:lang>/toc",
    name="api_toc",
    summary="Table of contents of the newest version",
    parameters=[s.GAME, s.KIND, s.LANG],
    **TOC_DOC,
)
def toc(request, game, kind, lang):
    return _toc(request, game, kind, lang, None)


@resource(
    "games/<slug:game>/<str:kind>/<str:lang>/<str:version>/toc",
    name="api_toc_version",
    summary="Table of contents of one version",
    parameters=[s.GAME, s.KIND, s.LANG, s.VERSION],
    **TOC_DOC,
)
def toc_version(request, game, kind, lang, version):
    return _toc(request, game, kind, lang, version)


def _toc(request, game, kind, lang, version):
    game_obj = game_or_404(game)
    document = _document_or_404(game_obj, kind, lang, version)
    pinned = version is not None

    def build():
        count = document.rules.count()
        default = family(game_obj, kind, lang).first()
        return {
            "document": serialize.document_dict(request, document, default == document, count),
            "chapters": [
                serialize.toc_entry(request, entry, pinned)
                for entry in pages.table_of_contents(document)
            ],
        }

    return lazy_payload(build, family(game_obj, kind, lang))


RULE_DOC = dict(
    tags=["rules"],
    description="A rule with its parent, children, the references it makes (resolved or "
    "not), the rules citing it and the FAQ entries its page lists (those citing it or a rule "
    "shown under it; newest version only). A number printed more than once in the source "
    "answers with the first occurrence and lists the others in `repeats`.",
    responses={**s.ok("Rule"), **s.REDIRECT, **s.errors("404")},
)


@resource(
    "games/<slug:game>/<str:kind>/<str:lang>/rules/<str:number>",
    name="api_rule",
    summary="A rule in the newest version",
    parameters=[s.GAME, s.KIND, s.LANG, s.NUMBER],
    **RULE_DOC,
)
def rule(request, game, kind, lang, number):
    return _rule(request, {"game": game, "kind": kind, "lang": lang}, number)


@resource(
    "games/<slug:game>/<str:kind>/<str:lang>/<str:version>/rules/<str:number>",
    name="api_rule_version",
    summary="A rule in one version",
    parameters=[s.GAME, s.KIND, s.LANG, s.VERSION, s.NUMBER],
    **RULE_DOC,
)
def rule_version(request, game, kind, lang, version, number):
    return _rule(request, {"game": game, "kind": kind, "lang": lang, "version": version}, number)


def _rule(request, where: dict, number: str):
    normal = numbers.lookup_key(number)
    if normal is None:
        raise ApiError(404, f"“{number[:40]}” is not a rule number.")
    if normal != number:
        return redirect_to(
            request,
            "api_rule_version" if "version" in where else "api_rule",
            {**where, "number": normal},
        )
    game_obj = game_or_404(where["game"])
    document = _document_or_404(game_obj, where["kind"], where["lang"], where.get("version"))
    occurrences = list(
        Rule.objects.in_document(document)
        .at(normal)
        .select_related("parent", "section", "document__game")
    )
    if not occurrences:
        nearest = [r.number for r in pages.nearest_rules(document, normal)]
        raise ApiError(404, f"No rule {normal} in {document}.", nearest=nearest)
    pinned = "version" in where

    def build():
        head = occurrences[0]
        default = family(game_obj, document.kind, document.language).first()
        extra = {
            "is_default": default == document,
            "children": head.children.select_related("document__game").order_by("position"),
            "references": head.references.select_related("target__document__game").order_by(
                "start", "target_number"
            ),
            "referenced_by": Reference.objects.filter(target=head)
            .select_related("source__document__game")
            .order_by("source__position"),
            "repeats": occurrences[1:],
            "faq": _rule_faq(request, document, occurrences),
        }
        return serialize.rule_dict(request, head, pinned, extra)

    # FAQ shows on the newest version only
    english = family(game_obj, kinds.CORE_RULES, KNOWLEDGE_LANGUAGE)
    return lazy_payload(
        build,
        family(game_obj, where["kind"], where["lang"]),
        also=[english, KnowledgeSource.objects.of_game(game_obj)],
    )


def _rule_faq(request, document, occurrences) -> list[dict]:
    """The entries the rule's HTML page lists under "FAQ citing this rule": those citing any
    rule it shows (each occurrence's block), on the newest version only."""
    shown = list(dict.fromkeys(r.number for occ in occurrences for r in pages.span_of(occ)))
    knowledge = rule_knowledge(document, shown)
    if knowledge is None or not knowledge.faq:
        return []
    urls = serialize.KnowledgeUrls(request, document.game.slug, document.language)
    return [serialize.faq_summary(urls, entry) for entry in knowledge.faq]


def redirect_to(request, name: str, kwargs: dict) -> HttpResponse:
    location = request.build_absolute_uri(reverse(name, kwargs=kwargs))
    query = request.META.get("QUERY_STRING")
    location += f"?{query}" if query else ""
    response = JsonResponse({"location": location, "status": 308}, status=308)
    response["Location"] = location
    response["Cache-Control"] = "public, max-age=86400"
    return response
