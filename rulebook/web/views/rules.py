"""Thin page views: look up, delegate to ``pages``, render."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.views.decorators.http import require_safe

from ingest import numbers
from rulebook import kinds, languages
from rulebook.models import Document, Game, Rule
from rulebook.pages import identity, offline, pinned_links, terms
from rulebook.pages import number_meanings as meanings
from rulebook.pages import rules as pages
from rulebook.pages.cards import rule_knowledge
from rulebook.pages.document_nav import document_nav
from rulebook.pages.preview import hover_preview, rule_preview
from rulebook.pages.questions import asked_about
from rulebook.web.caching import cached_page, validated_page

LANGS = languages.codes()


def _document_or_404(lang, game, kind_slug, version=None):
    kind = kinds.key_of(kind_slug)
    docs = Document.objects.of(game, kind, lang).select_related("game")
    document = docs.filter(version=version).first() if version else docs.newest_first().first()
    if document is None:
        raise MissingDocument(game, kind, lang, version)
    return document


class MissingDocument(Http404):
    """No document in this language (or of this version): the page offers its counterparts."""

    def __init__(self, game, kind, lang, version):
        super().__init__("No such document")
        self.game, self.kind, self.lang, self.version = game, kind, lang, version


def _missing_document(request, missing: MissingDocument, number=None):
    game = get_object_or_404(Game, slug=missing.game)
    same_language = list(Document.objects.of(game, missing.kind, missing.lang).newest_first())
    if missing.version:
        same_language.sort(
            key=lambda d: abs(_month_index(d.version) - _month_index(missing.version))
        )
    other_languages = Document.objects.of(game, missing.kind).exclude(language=missing.lang)
    if missing.version:
        other_languages = other_languages.filter(version=missing.version)
    return render(
        request,
        "rulebook/missing_document.html",
        {
            "game": game,
            "kind_slug": kinds.slug_of(missing.kind),
            "version": missing.version,
            "number": number,
            "nearest": same_language[:3],
            "other_languages": other_languages.newest_first(),
            "missing_lang": missing.lang,
        },
        status=404,
    )


def _month_index(version: str) -> int:
    year, month = version.split("-")[:2]
    return int(year) * 12 + int(month)


def _versions(document):
    return list(Document.objects.of(document.game, document.kind, document.language).newest_first())


def _rule_documents(lang, game, kind_slug, version):
    """(document, this language's versions newest first, whether another language has this
    kind of document): one query for the three."""
    kind = kinds.key_of(kind_slug)
    rows = list(Document.objects.of(game, kind).select_related("game").order_by("-version"))
    versions = [d for d in rows if d.language == lang]
    wanted = [d for d in versions if d.version == version] if version else versions[:1]
    if not wanted:
        raise MissingDocument(game, kind, lang, version)
    document = wanted[0]
    document.remember_family(rows)
    return document, versions, len(versions) < len(rows)


@require_safe
@validated_page(reads=("game",), negotiated=True)
def root(request):
    """``/`` renders the home page in the negotiated language; its canonical URL is prefixed."""
    lang = translation.get_language_from_request(request, check_path=False)
    lang = lang if lang in LANGS else "en"
    translation.activate(lang)
    request.LANGUAGE_CODE = lang
    return home_page(request)


@require_safe
@validated_page(reads=("game",))  # the search box's game, on pages whose URL names none
def home(request):
    return home_page(request)


def home_page(request):
    games = Game.objects.prefetch_related("documents").order_by("name")
    return render(request, "rulebook/home.html", {"games": games})


@require_safe
@validated_page()
def game_home(request, game):
    """A game's front page: what exists for it decides which sections it links."""
    game_obj = get_object_or_404(Game, slug=game)
    documents = list(game_obj.documents.defer("report").order_by("kind", "language", "-version"))
    present = {d.kind for d in documents}
    core = [d for d in documents if d.kind == kinds.CORE_RULES]
    versions = {d.version for d in core}
    return render(
        request,
        "rulebook/game.html",
        {
            "game": game_obj,
            "documents": documents,
            "kind_links": _kind_links(documents, present, request.LANGUAGE_CODE),
            "offline": offline.panel(game_obj, request.LANGUAGE_CODE),
            "has": {
                "keywords": game_obj.documents.filter(keywords__isnull=False).exists(),
                "faq": game_obj.faq_pages.exists(),
                "cards": game_obj.cards.exists(),
                "changes": len(versions) > 1,
                "glossary": len({d.language for d in core}) > 1,
            },
        },
    )


def _kind_links(documents, present, lang):
    """Each kind's contents in the page's language, else in a language that has it, and its
    changes when that language has several versions of it."""
    links = []
    for kind in kinds.TABLE:
        if kind.key in present:
            of_kind = [d for d in documents if d.kind == kind.key]
            shown = next((d for d in of_kind if d.language == lang), of_kind[0])
            link = {"kind": kind, "url": shown.get_absolute_url(), "lang": shown.language}
            if sum(1 for d in of_kind if d.language == shown.language) > 1:
                with translation.override(shown.language):
                    link["changes"] = reverse(
                        "changes", kwargs={"game": shown.game.slug, "kind": kind.slug}
                    )
            links.append(link)
    return links


@require_safe
@cached_page()
def toc(request, game, kind, version=None):
    try:
        document = _document_or_404(request.LANGUAGE_CODE, game, kind, version)
    except MissingDocument as missing:
        return _missing_document(request, missing)
    return render(
        request,
        "rulebook/toc.html",
        {
            "document": document,
            "game": document.game,
            "chapters": pages.table_of_contents(document),
            "versions": _versions(document),
            "pinned": version is not None,
            "document_links": document_nav(document, request.LANGUAGE_CODE),
        },
    )


@require_safe
@cached_page(reads=("part", "missing"))
def rule_page(request, game, kind, number, version=None):
    normal = numbers.lookup_key(number)
    if normal is None:
        raise Http404("Not a rule number")
    if normal != number:
        return _to_normal_number(game, kind, normal, version)
    try:
        found = _rule_documents(request.LANGUAGE_CODE, game, kind, version)
    except MissingDocument as missing:
        return _missing_document(request, missing, normal)
    document, versions, other_language = found
    part = _part_number(request)
    context = pages.rule_context(document, normal, part)
    if context is None:
        if part != 1:
            raise Http404("No such part")
        return _missing_rule(request, document, normal)
    keys = identity.mark_rules(document, normal, context.blocks)
    head = context.blocks[0].head
    preview = rule_preview(head, request)
    return render(
        request,
        "rulebook/rule.html",
        {
            "preview": preview,
            "other_language": other_language,
            "search_game": document.game,
            "canonical_url": preview["url"],
            "page": context,
            "document": document,
            "game": document.game,
            "rule": head,
            "versions": versions,
            "counterparts": identity.counterparts(
                document, normal, versions, [c.number for c in reversed(context.breadcrumbs)]
            ),
            "rule_key": keys[normal],
            **meanings.version_notices(document, normal, version, versions),
            "short_prefix": pinned_links.document_prefix(document),
            "knowledge": _knowledge(document, context),
            "asked": asked_about([r for block in context.blocks for r in block.rules]),
            "missing_language": _missing_language(request, document),
            "language_alternates": identity.language_alternates(document, normal, bool(version)),
            "document_links": document_nav(document, request.LANGUAGE_CODE),
            "term_table": terms.table_for(document),
        },
    )


def _to_normal_number(game, kind, normal, version):
    """A loose number ("813.1c2") answered with a permanent redirect to its normal form."""
    kwargs = {"game": game, "kind": kind, "number": normal}
    if version:
        kwargs["version"] = version
    return redirect(reverse("rule_version" if version else "rule", kwargs=kwargs), permanent=True)


def _part_number(request) -> int:
    part = request.GET.get("part", "1")
    if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= 1000:  # not "²"
        raise Http404("No such part")
    return int(part)


def _missing_language(request, document):
    """The reader's language when a short link had to fall back to this one (``?missing=``)."""
    missing = request.GET.get("missing")
    return missing if missing in LANGS and missing != document.language else None


def _knowledge(document, context):
    """FAQ citing the shown rules and cards with the keyword they define; None when the
    knowledge pages are not routed (their section would have nowhere to link)."""
    from django.urls import NoReverseMatch

    try:
        reverse("faq_index", kwargs={"game": document.game.slug})
    except NoReverseMatch:
        return None
    shown = list(dict.fromkeys(r.number for block in context.blocks for r in block.rules))
    return rule_knowledge(document, shown)


def _missing_rule(request, document, number, status=404):
    elsewhere = (
        Rule.objects.filter(
            document__game=document.game,
            document__kind=document.kind,
            document__version=document.version,
            number=number,
            occurrence=1,
        )
        .exclude(document__language=document.language)
        .select_related("document__game")
    )
    return render(
        request,
        "rulebook/rule_missing.html",
        {
            "document": document,
            "game": document.game,
            "number": number,
            "nearest": pages.nearest_rules(document, number),
            "elsewhere": list(elsewhere),
        },
        status=status,
    )


def _default_game():
    return Game.objects.short_link_default(settings.RULEBOOK_DEFAULT_GAME)


@require_safe
def short_link(request, number, document=None, version=None):
    """``/r/<number>``: 302 to the rule in the default game, newest version, negotiated language;
    ``/r/tr/<number>`` the same in the document of that abbreviation (``rulebook.kinds``);
    ``/r/<version>/<number>`` (``/r/<version>/tr/<number>``) to that version's pinned page,
    which a discussion's link must keep showing whatever later versions renumber.

    When that language lacks the version or the rule, another language that has it answers,
    and the page says so (``?missing=<language>``) instead of a bare 404.
    """
    kind = kinds.CORE_RULES if document is None else kinds.key_of_abbreviation(document)
    if kind is None:
        raise Http404("No such document")
    lang = translation.get_language_from_request(request, check_path=False)
    lang = lang if lang in LANGS else "en"
    translation.activate(lang)
    normal = numbers.typed(number)  # "813-1-c-2" and "813.1 c 2" as players type them
    game = _default_game()
    if game is None:
        raise Http404("No rules have been ingested yet")
    version = version or request.GET.get("version")
    candidates = _short_link_documents(game, lang, version, kind)
    if not candidates:
        raise Http404("No such version")
    for document in candidates if normal else ():
        if document.rules.filter(number=normal).exists():
            return _redirect_to_rule(game, document, normal, version, lang)
    own = [d for d in candidates if d.language == lang]
    # Not a number: shown as typed, less what no database stores (PostgreSQL refuses a NUL).
    written = normal or "".join(c for c in number if c.isprintable())[:40]
    return _missing_rule(request, (own or candidates)[0], written)


def _short_link_documents(game, lang, version, kind=kinds.CORE_RULES):
    """The newest (or the pinned) document of each language, the browser's language first."""
    docs = Document.objects.of(game, kind).select_related("game")
    if version:
        docs = docs.filter(version=version)
    newest = {}
    for document in docs.order_by("-version"):
        newest.setdefault(document.language, document)
    order = [lang, *[code for code in LANGS if code != lang], *newest]
    return [newest[code] for code in dict.fromkeys(order) if code in newest]


def _redirect_to_rule(game, document, normal, version, lang):
    name = "rule_version" if version else "rule"
    kwargs = {"game": game.slug, "kind": document.kind_slug, "number": normal}
    if version:
        kwargs["version"] = document.version
    with translation.override(document.language):
        url = reverse(name, kwargs=kwargs)
    if document.language != lang:
        url += f"?missing={lang}"
    return redirect(url)


@require_safe
def rule_preview_fragment(request, game, kind, number, version=None):
    """The hover card of a rule link: a small HTML fragment, cached, with an ETag.

    The body depends only on the document's bytes and the number, so it is cached under the
    document's content hash and revalidates with a 304.
    """
    normal = numbers.lookup_key(number)
    try:
        document = _document_or_404(request.LANGUAGE_CODE, game, kind, version)
    except MissingDocument as missing:
        raise Http404("No such document") from missing
    if normal is None:
        raise Http404("Not a rule number")
    key = f"rule-preview:{document.pk}:{document.content_hash[:16]}:{normal}"
    body = cache.get(key)
    if body is None:
        rule = Rule.objects.in_document(document).filter(number=normal).order_by("occurrence")
        rule = rule.select_related("document__game", "section").first()
        if rule is None:
            raise Http404("No such rule")
        body = render_to_string(
            "rulebook/_partials/rule_preview.html", {"p": hover_preview(rule)}, request
        )
        cache.set(key, body, 24 * 3600)
    etag = quote_etag(hashlib.sha256(body.encode()).hexdigest()[:24])
    response = HttpResponse(body, content_type="text/html; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=3600"
    return get_conditional_response(request, etag=etag, response=response)


def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /api/",
        "Allow: /",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
