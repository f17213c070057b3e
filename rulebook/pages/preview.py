"""Short texts that stand for a rule outside its page: link previews, oEmbed, tooltips.

``rule_preview`` is shared by the oEmbed endpoint and the HTML meta tags (OpenGraph/Twitter),
so a rule looks the same wherever it is shared.
"""

from __future__ import annotations

DESCRIPTION_LENGTH = 200
TITLE_LENGTH = 80
PREVIEW_LENGTH = 300
ELLIPSIS = "…"


def opening(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    """The opening of ``text`` up to ``limit`` characters, cut at a word, with an ellipsis.

    Whitespace runs (line breaks from the sources) collapse to one space first, so the limit
    counts what a reader sees.
    """
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    head = text[: cut if cut > limit // 2 else limit].rstrip(" ,;:.-–—")
    return head + ELLIPSIS


def rule_title(rule) -> str:
    """What a rule is called: a heading's own text, or the opening of any other rule."""
    if rule.is_heading:
        return " ".join(rule.text.split())
    return opening(rule.text, TITLE_LENGTH)


def document_name(document) -> str:
    """``Lanternfall Core Rules``: the document's own title, or game name and kind."""
    return document.title or f"{document.game.name} {document.get_kind_display()}"


def canonical_path(rule) -> str:
    """The unpinned page for the newest version, the pinned page for an older one."""
    return rule.get_absolute_url() if rule.document.is_default() else rule.get_pinned_url()


def description(rule) -> str:
    """The opening of the text; a heading's own text says little, so its first rules follow."""
    if not rule.is_heading:
        return opening(rule.text)
    body = " ".join(section_texts(rule, 3))
    return opening(f"{rule_title(rule)}: {body}" if body else rule.text)


def section_texts(rule, count: int) -> list[str]:
    """The texts of the first ``count`` rules a heading heads (headings inside skipped)."""
    from rulebook.models import Rule

    following = Rule.objects.filter(
        document_id=rule.document_id, position__gt=rule.position, is_heading=False
    )
    if rule.section_end is not None:
        following = following.filter(position__lte=rule.section_end)
    return list(following.order_by("position").values_list("text", flat=True)[:count])


def hover_preview(rule) -> dict:
    """What a rule link shows on hover or focus: ``number``, the ``path`` of headings above it
    (the rule's own name last, for a heading), and about 300 characters of ``text``.

    The link's own words already name the rule ("See rule 197. Locations"), so the preview
    carries its text; a heading with no text of its own shows the opening of its section.
    """
    from rulebook.pages.rules import breadcrumbs_for

    path = [rule_title(c) for c in breadcrumbs_for(rule) if c.is_heading]
    if rule.is_heading:
        path.append(rule_title(rule))
        text = opening(" ".join(section_texts(rule, 6)), PREVIEW_LENGTH)
    else:
        text = opening(rule.text, PREVIEW_LENGTH)
    return {"number": rule.number, "path": path, "text": text, "url": canonical_path(rule)}


def rule_preview(rule, request=None) -> dict:
    """``title``, ``description``, ``url`` and ``version`` describing one rule.

    ``title`` names the number and the version (``711 Swift — Lanternfall Core Rules
    2026-05-01``); ``description`` is the opening of the text (about 200 characters, cut at a
    word; a heading's first rules follow its name). ``url`` is absolute when a request is
    given (OpenGraph wants absolute URLs), else site-relative.
    """
    document = rule.document
    label = f"{rule.number} {rule_title(rule)}" if rule.is_heading else rule.number
    title = f"{label} — {document_name(document)} {document.version}"
    path = canonical_path(rule)
    return {
        "title": title,
        "description": description(rule),
        "url": request.build_absolute_uri(path) if request is not None else path,
        "version": document.version,
    }
