"""``/rule`` and ``/search``: rule texts and search results as embeds, from the page assembly
the site uses (``rulebook.pages.rules``), never through HTTP.

A reply stays in the channel for months, so every rule it links is linked by its short link
pinned to the version shown (``rulebook.pages.pinned_links``), never by a bare number that a
later version may give to another rule."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from ingest import numbers
from ingest.knowledge.text import slugify
from rulebook import kinds
from rulebook.discord import limits
from rulebook.discord import replies as r
from rulebook.discord.context import Ask, Refusal, other_language, rules_document
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Rule
from rulebook.pages import rules as pages
from rulebook.pages.history import successor_notice
from rulebook.pages.linkify import markdown_escape
from rulebook.pages.pinned_links import PinnedLinks, pinned_hit_path, pinned_path
from rulebook.pages.preview import rule_title
from rulebook.search import SearchQuery, get_backend, run_search
from rulebook.search.service import other_language_hits

PAGE = limits.DESCRIPTION - 200  # room for the "read the rest" line
# "TR 703.9", "tr703.9": a document's abbreviation before the number.
_ABBREVIATION_RE = re.compile(r"\s*([A-Za-z]{2,3})\s*[.:]?\s*(?=\d)")
SEARCH_RESULTS = 5
_MARK_RE = re.compile(r"</?mark>")


def footer(document) -> dict:
    """``Core Rules 2026-07-16``: which text this is, in the reader's language."""
    return {"text": f"{document.get_kind_display()} {document.version}"}


def _documents(ask: Ask, number: str, version: str, kind: str = kinds.CORE_RULES):
    """(document to show, note): the reader's language when it has the rule, else English;
    (None, the document to look around in) when neither has it."""
    documents = [rules_document(ask.game, ask.language, version, kind)]
    if ask.language != KNOWLEDGE_LANGUAGE:
        documents.append(rules_document(ask.game, KNOWLEDGE_LANGUAGE, version, kind))
    documents = [d for d in documents if d is not None]
    if not documents and not version:
        name = kinds.get(kind).label if kinds.get(kind) else kind
        raise Refusal(r.notice(_("There is no %(document)s.") % {"document": name}))
    if not documents:
        raise Refusal(r.notice(_("There is no version %(version)s.") % {"version": version}))
    for document in documents:
        if Rule.objects.filter(document=document, number=number).exists():
            note = "" if document.language == ask.language else no_translation()
            return document, note
    return None, documents[0]


def no_translation() -> str:
    """The note on an English answer to a French reader (the only fallback there is)."""
    return _("There is no French text for this; here is the English.")


def asked_document(written: str, kind: str = "") -> tuple[str, str]:
    """(kind, number as written): "TR 703.9" names the Tournament Rules whatever the option
    says; an unknown ``kind`` (the option's value is the client's to send) is the Core Rules."""
    match = _ABBREVIATION_RE.match(written)
    named = kinds.key_of_abbreviation(match[1]) if match else None
    if named:
        return named, written[match.end() :]
    return (kind if kind in kinds.keys() else kinds.CORE_RULES), written


def rule_reply(ask: Ask, written: str, version: str = "", page: int = 1, kind: str = "") -> dict:
    kind, written = asked_document(written, kind)
    # A prose game's entries are asked by name: "Common Interrupts" is #common-interrupts.
    number = numbers.lookup_key(written.strip().lower()) or numbers.lookup_key(slugify(written))
    if number is None or not written.strip():
        return r.notice(_("“%(text)s” is not a rule number.") % {"text": written[:40]})
    document, note = _documents(ask, number, version, kind)
    if document is None:
        return nearest_reply(ask, note, number)
    context = pages.rule_text(document, number)
    head = context.blocks[0].head
    head.document = document  # loaded without its large report
    path = pinned_path(document, head.number)
    chunks = limits.pages(_lines(context), PAGE)
    page = min(max(page, 1), len(chunks))
    description = (f"*{note}*\n\n" if note else "") + chunks[page - 1]
    if page < len(chunks):
        more = _("Read the rest on the site")
        description += f"…\n{r.link(more, ask.url(path))}"
    embed = {
        "title": _title(context, page, len(chunks)),
        "url": ask.url(path),
        "description": description,
        "footer": footer(document),
        "fields": _successor(ask, document, number) if version else [],
    }
    state = [numbered_in(document, number), version]
    buttons = []
    if page < len(chunks):
        more = r.Action("rule", ask.language, ask.game.slug, [*state, str(page + 1)])
        buttons.append(r.more_button(more))
    if page == 1 and _in_other_language(document, number, version):
        other = other_language(document.language)
        buttons.append(r.language_button(r.Action("rule", other, ask.game.slug, [*state, "1"])))
    return r.message(embed, buttons=buttons, ephemeral=page > 1)


def numbered_in(document, number: str) -> str:
    """A number as the replies write it: "TR 703.9" in a document other than the Core Rules,
    so a title says which document it is, a button keeps its document in the three
    arguments it always had, and an autocomplete choice carries it to the reply."""
    kind = kinds.get(document.kind)
    if document.kind == kinds.CORE_RULES or kind is None or not kind.abbreviation:
        return number
    return f"{kind.abbreviation} {number}"


def _lines(context) -> list[str]:
    """``**813.1** text``; a heading in bold; a prose entry by its name (``**Counter** …``)."""
    numbered = context.document.game.numbering == "numbered"
    lines = []
    for block in context.blocks:
        for rule in block.rules:
            text = markdown_escape(" ".join(rule.text.split()))
            label = markdown_escape(rule.number if numbered else rule.title)
            if rule.is_heading and numbered:
                lines.append(f"**{label} {text}**")
            elif rule.is_heading and not label:
                lines.append(f"**{text}**")
            else:
                lines.append(f"**{label}** {text}" if label else text)
    return lines


def _name(rule) -> str:
    return rule.title or rule_title(rule)


def _title(context, page: int, total: int) -> str:
    head = context.blocks[0].head
    trail = [_name(c) for c in context.breadcrumbs if c.is_heading]
    numbered = context.document.game.numbering == "numbered"
    if head.is_heading and numbered:
        trail.append(rule_title(head))
    label = numbered_in(context.document, context.number) if numbered else _name(head)
    title = f"{label} — {' › '.join(trail)}" if trail else label
    return f"{title} ({page}/{total})" if total > 1 else title


def _successor(ask: Ask, document, number: str) -> list[dict]:
    """ "now 813": where an old number lives in the newest version, or that it went away."""
    notice = successor_notice(document, number)
    if notice is None:
        return []
    newest = notice["document"]
    if notice["removed"]:
        value = _("removed after %(version)s") % {"version": document.version}
    else:
        found = Rule.objects.filter(document=newest, number=notice["number"]).exists()
        text = _("now %(number)s") % {"number": notice["number"]}
        value = r.link(text, ask.url(pinned_path(newest, notice["number"]))) if found else text
    name = _("In %(document)s") % {"document": f"{newest.get_kind_display()} {newest.version}"}
    return [{"name": name, "value": value}]


def _in_other_language(document, number: str, version: str) -> bool:
    other = rules_document(document.game, other_language(document.language), version, document.kind)
    return other is not None and Rule.objects.filter(document=other, number=number).exists()


def nearest_reply(ask: Ask, document, number: str) -> dict:
    """Only the asker sees that the number does not exist, with the rules around it."""
    nearest = pages.nearest_rules(document, number, limit=4)
    links = PinnedLinks(document)
    lines = [rule_line(ask, rule, links) for rule in nearest]
    title = _("There is no rule %(number)s in %(document)s.") % {
        "number": number,
        "document": f"{document.get_kind_display()} {document.version}",
    }
    text = (_("Nearest rules:") + "\n" + "\n".join(lines)) if lines else ""
    return r.notice(title, text)


def rule_line(ask: Ask, rule, links: PinnedLinks) -> str:
    """``[711.1](url) Swift lets a card be played…``: the number links (``links``: the rule's
    document's), the title follows."""
    url = ask.url(links.path(rule.number))
    return f"{r.link(rule.number, url)} {markdown_escape(rule_title(rule))}"


def _hit_words(hit) -> str:
    """A hit's snippet as Markdown; a heading found for a question shows the words of the
    rule below it that answers, whose number leads."""
    lead = f"**{hit.answer_number}** " if hit.answer_number else ""
    return lead + snippet_markdown(hit.snippet)


def snippet_markdown(snippet: str) -> str:
    """A search snippet (escaped HTML whose only markup is <mark>) as Discord Markdown."""
    parts = _MARK_RE.split(snippet)
    out = [markdown_escape(html.unescape(part)) for part in parts]
    return "**".join(out) if len(out) % 2 else "".join(out)


def search_reply(ask: Ask, query: str) -> dict:
    """The top five hits of the site's search, or the rule itself for a number."""
    if not query:
        return r.notice(_("Type a word, a phrase or a rule number."))
    if numbers.normalise(query):
        return rule_reply(ask, query)
    asked = SearchQuery(text=query, game=ask.game.slug, language=ask.language, per_page=5)
    results = run_search(asked, also=False)
    hits = results.hits[:SEARCH_RESULTS]
    if len(hits) < SEARCH_RESULTS and not results.degraded:
        # The other language's content (English-only FAQ and cards for a French reader) fills
        # the places the reader's language leaves; it costs more searches, so only then.
        hits += other_language_hits(get_backend(), asked)[: SEARCH_RESULTS - len(hits)]
    if not hits:
        return r.notice(_("No results for “%(query)s”.") % {"query": query[:100]})
    kinds = {"rule": _("Rule"), "keyword": _("Keyword"), "faq": _("FAQ"), "card": _("Card")}
    fields = [
        {
            "name": f"{kinds.get(hit.kind, hit.kind)} · {hit.title}",
            "value": f"{_hit_words(hit)}\n{ask.url(pinned_hit_path(hit))}",
        }
        for hit in hits
    ]
    embed = {
        "title": _("Search: %(query)s") % {"query": query},
        "url": ask.url(_search_path(ask, query)),
        "fields": fields,
    }
    if results.message:
        embed["description"] = markdown_escape(results.message)
    action = r.Action("search", other_language(ask.language), ask.game.slug, [query])
    return r.message(embed, buttons=[r.language_button(action)])


def _search_path(ask: Ask, query: str) -> str:
    with translation.override(ask.language):
        return reverse("search") + "?" + urlencode({"q": query, "game": ask.game.slug})
