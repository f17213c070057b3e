"""Checks that stand between a parsed file and the database: what an ingest may not do silently.

A rules document is keyed on (game, kind, language, version), so a file that resolves to a
version already stored would otherwise replace it: a mistyped ``--doc-version`` or a
truncated download could wipe a good version and every keyword, link and reference that
hangs on it. These checks run inside the ingest's transaction, before the document is written,
and raise ``RefusedIngest``; the transaction then rolls back and the database is unchanged.
The knowledge drop check is the exception: it runs just after its file is written, in the same
transaction, because only the rows really gone (a deleted article takes its entries along)
are worth counting; its refusal rolls back all the same.
"""

from __future__ import annotations

from ingest import structure
from ingest.model import ParsedDocument
from rulebook.models import Document, Rule

# A new version with fewer rules than this share of the previous one is more likely a broken
# conversion than a real edition; a knowledge file that drops more than this share of its
# entries is more likely a truncated download than a real update (the real files grow).
MIN_RULE_RATIO = 0.7
MAX_KNOWLEDGE_DROP = 0.1
# The tallies (``rulebook.loading.knowledge``) the drop guard weighs: what a reader looks up.
GUARDED = frozenset(
    {"faq entries", "official entries", "errata", "cards", "printings", "banned cards"}
)


class RefusedIngest(Exception):
    """A file the ingest refuses to load without an explicit flag."""


def rules_diff(existing: Document, parsed: ParsedDocument) -> dict:
    """Rules added, removed and changed (text or title) between a stored and a parsed document,
    matched on their anchors."""
    stored = {
        anchor: (text, title)
        for anchor, text, title in Rule.objects.filter(document=existing).values_list(
            "anchor", "text", "title"
        )
    }
    nodes = structure.build_tree(parsed.rules)
    incoming = {
        node.anchor: (rule.text, rule.title[:120])
        for rule, node in zip(parsed.rules, nodes, strict=True)
    }
    common = stored.keys() & incoming.keys()
    return {
        "before": len(stored),
        "after": len(incoming),
        "added": len(incoming.keys() - stored.keys()),
        "removed": len(stored.keys() - incoming.keys()),
        "changed": sum(1 for anchor in common if stored[anchor] != incoming[anchor]),
    }


def check_replacement(existing: Document | None, digest: str, parsed: ParsedDocument, meta):
    """Different bytes for a stored version are refused unless ``meta.replace`` asks for it."""
    if existing is None or existing.content_hash == digest or meta.replace:
        return
    diff = rules_diff(existing, parsed)
    raise RefusedIngest(
        f"{meta.source_name}: {meta.game} {meta.kind} {meta.language} {meta.version} already "
        f"exists with different content ({existing.source_name}, {diff['before']} rules); "
        f"this file has {diff['after']} rules: {diff['added']} added, {diff['removed']} "
        f"removed, {diff['changed']} changed. Nothing was written; pass --replace to replace "
        "that version."
    )


def previous_rule_count(meta) -> tuple[str, int] | None:
    """The version just before this one (same game, kind and language) and its rule count."""
    previous = (
        Document.objects.filter(
            game__slug=meta.game,
            kind=meta.kind,
            language=meta.language,
            version__lt=meta.version,
        )
        .order_by("-version")
        .first()
    )
    if previous is None:
        return None
    return previous.version, previous.rules.count()


def anomalies(parsed: ParsedDocument, meta, replacing: Document | None = None) -> list[str]:
    """Reasons to doubt a rules document: far fewer rules than the previous version (or than
    the version it replaces), or rows whose fields had the wrong type."""
    reasons = []
    count = len(parsed.rules)
    baselines = [previous_rule_count(meta)]
    if replacing is not None:
        baselines.append((f"{replacing.version} it replaces", replacing.rules.count()))
    for label, before in filter(None, baselines):
        if before and count < MIN_RULE_RATIO * before:
            reasons.append(
                f"{count} rules is under {MIN_RULE_RATIO:.0%} of the {before} rules of the "
                f"{'version' if 'replaces' in label else 'previous version'} {label}"
            )
    bad_types = [f for f in parsed.anomalies if f.kind == "wrong-type"]
    if bad_types:
        first = bad_types[0]
        reasons.append(f"{len(bad_types)} rows fail type checks (first: {first.detail})")
    return reasons


def check_plausible(parsed: ParsedDocument, meta, replacing: Document | None = None) -> list[str]:
    """Refuse an implausible document unless ``meta.allow_anomalies``; returns the reasons
    accepted, for the report."""
    reasons = anomalies(parsed, meta, replacing)
    if reasons and not meta.allow_anomalies:
        raise RefusedIngest(
            f"{meta.source_name}: refused as implausible: {'; '.join(reasons)}. Nothing was "
            "written; pass --allow-anomalies to load it anyway."
        )
    return reasons


def check_knowledge_drop(path, counts: dict, replace: bool) -> None:
    """A knowledge file that would remove too many of the stored entries is refused.

    Only the rows a reader looks up are weighed (entries, cards, printings, errata, banned
    cards), never their containers: an official FAQ that loses one of four articles loses
    whatever share of the entries that article held, which may be far more than a quarter.
    ``counts`` must come from natural keys before and after (``sync.settle_by_keys``), so
    rows that went with a deleted parent are in them.
    """
    if replace:
        return
    over = [
        _dropped(what, tally)
        for what, tally in counts.items()
        if what in GUARDED
        and _before(tally)
        and tally["removed"] > MAX_KNOWLEDGE_DROP * _before(tally)
    ]
    if not over:
        return
    also = [
        f"{tally['removed']} of {_before(tally)} {what}"
        for what, tally in counts.items()
        if what not in GUARDED and tally.get("removed")
    ]
    raise RefusedIngest(
        f"{path}: would remove {'; '.join(over)}"
        + (f" (with them: {', '.join(also)})" if also else "")
        + f", over the {MAX_KNOWLEDGE_DROP:.0%} a file may drop. Nothing was written; pass "
        "--replace to load it anyway."
    )


def _before(tally: dict) -> int:
    return tally.get("removed", 0) + tally.get("updated", 0) + tally.get("unchanged", 0)


def _dropped(what: str, tally: dict) -> str:
    before = _before(tally)
    return f"{tally['removed']} of {before} {what} ({tally['removed'] / before:.1%})"
