"""The ingest command's report of a knowledge file and of the link pass, as text lines."""

from __future__ import annotations


def format_report(report: dict) -> str:
    lines = []
    for what, tally in report.get("counts", {}).items():
        lines.append(
            f"  {what}: {tally['created']} created, {tally['updated']} updated, "
            f"{tally['unchanged']} unchanged, {tally['removed']} removed"
        )
    findings = report.get("findings", [])
    lines.append(f"  findings: {len(findings)}" + ("" if findings else " (none)"))
    lines.extend(f"    {f['kind']}: {f['detail']}" for f in findings[:20])
    return "\n".join(lines)


def format_links(summary: dict) -> str:
    lines = [f"Citations resolved against Core Rules {summary.get('against') or '(none yet)'}:"]
    for kind, tally in sorted(summary.get("counts", {}).items()):
        lines.append(f"  {kind}: {tally['resolved']} resolved, {tally['unresolved']} unresolved")
    share = summary.get("faq_rule_share")
    if share is not None:
        lines.append(f"  FAQ rule citations resolved: {share:.1%}")
    lines.extend(_citation_lines(summary.get("citations") or {}))
    unresolved = summary.get("unresolved_faq_rules", [])
    if unresolved:
        lines.append("  Unresolved FAQ rule citations:")
        lines.extend(f"    {item}" for item in unresolved)
    return "\n".join(lines)


def _citation_lines(citations: dict) -> list[str]:
    """How FAQ rule citations were read: as written today, through history from the version
    the page was written for, removed since (linked to that version), or not at all."""
    if not citations:
        return []
    count = {how: group["count"] for how, group in citations.items()}
    lines = [
        "  FAQ rule citations: "
        f"{count.get('direct', 0)} direct, {count.get('history', 0)} through history, "
        f"{count.get('removed', 0)} removed since, {count.get('unresolved', 0)} unresolved"
    ]
    for how in ("history", "removed"):
        for item in citations.get(how, {}).get("items", []):
            lines.append(f"    {how}: {item}")
    return lines


def format_cited(cited: dict) -> str:
    """How a rules document's citations of another document were read ("CR 127. Privacy"):
    by the title its number bears in some version, by number alone, or against a title that
    no version gives that number (listed: a person should look at those)."""
    lines = []
    for kind, group in sorted(cited.items()):
        counts = group.get("counts", {})
        lines.append(
            f"Citations of {kind}: {group.get('citations', 0)} against {group.get('against')}"
            f", read in {group.get('read in')}: {counts.get('title', 0)} by title, "
            f"{counts.get('number', 0)} by number, {counts.get('mismatch', 0)} title disagrees, "
            f"{counts.get('unresolved', 0)} unresolved"
        )
        for label in ("title disagrees", "unresolved", "renumbered"):
            lines.extend(f"    {label}: {item}" for item in group.get(label, []))
    return "\n".join(lines)
