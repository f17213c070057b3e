"""The "Link rules" message command: the autolinker run on someone's message, answered to the
one who asked, with every rule, keyword and card it names; rules by their short links pinned
to the version linked against, which later renumberings cannot turn into another rule."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rulebook.discord import limits
from rulebook.discord import replies as r
from rulebook.discord.context import Ask, rules_document
from rulebook.discord.rules import footer
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.pages import linkify as engine
from rulebook.pages.linkify import markdown_escape


def link_rules_reply(ask: Ask, text: str) -> dict:
    document = rules_document(ask.game, ask.language) or rules_document(
        ask.game, KNOWLEDGE_LANGUAGE
    )
    if document is None:
        return r.notice(_("There are no rules to link yet."))
    linked = engine.linkify(text[: engine.MAX_LENGTH], document)
    if not linked.references:
        return r.notice(_("No rule numbers, keywords or cards in this message."))
    kinds = {"rule": _("Rule"), "keyword": _("Keyword"), "card": _("Card")}
    lines = []
    for target in linked.references:
        label = target.number if target.kind == "rule" else target.title
        title = target.title if target.kind == "rule" else kinds[target.kind]
        lines.append(f"{r.link(label, ask.url(target.pasted))} {markdown_escape(title)}")
    embed = {
        "title": _("Links in this message"),
        "description": limits.join(lines, limits.DESCRIPTION, separator="\n"),
        "footer": footer(document),
    }
    return r.message(embed, ephemeral=True)
