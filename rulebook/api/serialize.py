"""Model rows as API JSON. URLs are always absolute, built from the request's host.

``url`` fields point at HTML pages, ``api_url`` fields at this API; a pinned request (one
naming a version) gets pinned URLs throughout, so following links never changes version.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from rulebook import kinds
from rulebook.pages.preview import description, rule_title


def document_api_url(request, document, endpoint: str, pinned: bool, **extra) -> str:
    """``api_toc`` / ``api_rule`` URL for a document, pinned or following the newest version."""
    kwargs = {"game": document.game.slug, "kind": document.kind, "lang": document.language, **extra}
    name = endpoint
    if pinned:
        kwargs["version"] = document.version
        name = f"{endpoint}_version"
    return request.build_absolute_uri(reverse(name, kwargs=kwargs))


def rule_summary(request, rule, pinned: bool) -> dict:
    """Enough to show and follow a rule: number, title and both kinds of link."""
    path = rule.get_pinned_url() if pinned else rule.get_absolute_url()
    return {
        "number": rule.number,
        "title": rule_title(rule),
        "url": request.build_absolute_uri(path),
        "api_url": document_api_url(request, rule.document, "api_rule", pinned, number=rule.number),
    }


def game_dict(request, game, documents) -> dict:
    return {
        "slug": game.slug,
        "name": game.name,
        "url": request.build_absolute_uri(reverse("game", kwargs={"game": game.slug})),
        "api_url": request.build_absolute_uri(reverse("api_game", kwargs={"game": game.slug})),
        "documents_url": request.build_absolute_uri(
            reverse("api_documents", kwargs={"game": game.slug})
        ),
        "kinds": sorted({d.kind for d in documents}),
        "languages": sorted({d.language for d in documents}),
    }


def document_dict(request, document, is_default: bool, rule_count: int) -> dict:
    return {
        "game": document.game.slug,
        "kind": document.kind,
        "language": document.language,
        "version": document.version,
        "label": document.label,
        "title": document.title,
        "default": is_default,
        "rule_count": rule_count,
        "content_hash": document.content_hash,
        "ingested_at": document.ingested_at.isoformat(),
        "url": request.build_absolute_uri(document.get_absolute_url()),
        "pinned_url": request.build_absolute_uri(document.get_pinned_url()),
        "toc_url": document_api_url(request, document, "api_toc", pinned=not is_default),
        "pinned_toc_url": document_api_url(request, document, "api_toc", pinned=True),
    }


def reference_dict(request, reference, pinned: bool) -> dict:
    target = reference.target
    return {
        "written": reference.written,
        "kind": reference.kind,
        "target_number": reference.target_number,
        "url": rule_summary(request, target, pinned)["url"] if target else None,
        "api_url": rule_summary(request, target, pinned)["api_url"] if target else None,
    }


def citing_dict(request, reference, pinned: bool) -> dict:
    """A rule that cites the one shown, with what it wrote."""
    return {**rule_summary(request, reference.source, pinned), "written": reference.written}


def rule_dict(request, rule, pinned: bool, extra: dict) -> dict:
    """The full rule resource; ``extra`` carries the related rows the view fetched."""
    document = rule.document
    return {
        "game": document.game.slug,
        "kind": document.kind,
        "language": document.language,
        "version": document.version,
        "default_version": extra["is_default"],
        "number": rule.number,
        "number_raw": rule.number_raw,
        "anchor": rule.anchor,
        "title": rule_title(rule),
        "text": rule.text,
        "description": description(rule),
        "is_heading": rule.is_heading,
        "heading_level": rule.heading_level,
        "heading": rule_summary(request, rule.section, pinned) if rule.section else None,
        "depth": rule.depth,
        "url": request.build_absolute_uri(rule.get_absolute_url()),
        "pinned_url": request.build_absolute_uri(rule.get_pinned_url()),
        "api_url": document_api_url(request, document, "api_rule", pinned, number=rule.number),
        "parent": rule_summary(request, rule.parent, pinned) if rule.parent else None,
        "children": [rule_summary(request, r, pinned) for r in extra["children"]],
        "references": [reference_dict(request, r, pinned) for r in extra["references"]],
        "referenced_by": [citing_dict(request, r, pinned) for r in extra["referenced_by"]],
        "repeats": [{"anchor": r.anchor, "text": r.text} for r in extra["repeats"]],
        "faq": extra.get("faq", []),
    }


def toc_entry(request, entry: dict, pinned: bool) -> dict:
    return {
        **rule_summary(request, entry["rule"], pinned),
        "count": entry["count"],
        "sections": [toc_entry(request, s, pinned) for s in entry["sections"]],
    }


MARK = "zzmarkzz"  # a value every converter below accepts (slug, path, rule number)
_SAFE = "/~:@!$&'()*+,;="  # what ``reverse`` leaves unquoted in a path
_ROOT_HREF = re.compile(r'href="/(?!/)')


class KnowledgeUrls:
    """Absolute HTML and API URLs of one game's keyword, FAQ, card and rule pages.

    Reversing a localised URL switches the active language on every call; the lists these
    feed have hundreds of rows differing only in their last segment, so each pattern is
    reversed once with a marker and filled in per row.
    """

    def __init__(self, request, game: str, language: str):
        self.origin = request.build_absolute_uri("/")[:-1]
        self.language = language
        html_kwargs = {
            "keyword": {"slug": MARK},
            "card": {"slug": MARK},
            "faq_page": {"page": MARK},
            "faq_official": {"slug": MARK},
            "rule": {"kind": "rules", "number": MARK},
        }
        api_kwargs = {
            "api_keyword": {"lang": language, "slug": MARK},
            "api_card": {"slug": MARK},
            "api_faq_community": {"page": MARK},
            "api_faq_official": {"slug": MARK},
            "api_rule": {"kind": kinds.CORE_RULES, "lang": language, "number": MARK},
        }
        with translation.override(language):
            self._patterns = {
                name: reverse(name, kwargs={"game": game, **kwargs})
                for name, kwargs in html_kwargs.items()
            }
        self._patterns.update(
            {
                name: reverse(name, kwargs={"game": game, **kwargs})
                for name, kwargs in api_kwargs.items()
            }
        )

    def __call__(self, name: str, value: str) -> str:
        head, _mark, tail = self._patterns[name].rpartition(MARK)
        return f"{self.origin}{head}{quote(value, safe=_SAFE)}{tail}"

    def faq_page(self, page, api=False) -> str:
        if page.source == "official":
            return self("api_faq_official" if api else "faq_official", page.slug)
        return self("api_faq_community" if api else "faq_page", page.slug)

    def absolute(self, fragment: str) -> SafeString:
        """Root-relative links of rendered HTML made absolute (API answers link absolutely).

        The fragment is already safe markup; the inserted origin is the validated host.
        """
        origin = html.escape(self.origin, quote=True)
        return mark_safe(_ROOT_HREF.sub(f'href="{origin}/', str(fragment)))


def card_summary(urls: KnowledgeUrls, card) -> dict:
    return {
        "name": card.name,
        "slug": card.slug,
        "url": urls("card", card.slug),
        "api_url": urls("api_card", card.slug),
    }


def faq_summary(urls: KnowledgeUrls, entry) -> dict:
    """A FAQ entry as lists show it; ``entry.page`` should be selected with the entry."""
    page = entry.page
    return {
        "key": entry.key,
        "question": entry.question,
        "source": page.source,
        "page_title": page.title,
        "url": f"{urls.faq_page(page)}#{entry.anchor}",
        "api_url": f"{urls.faq_page(page, api=True)}#{entry.anchor}",
    }
