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
    unresolved = summary.get("unresolved_faq_rules", [])
    if unresolved:
        lines.append("  Unresolved FAQ rule citations:")
        lines.extend(f"    {item}" for item in unresolved)
    return "\n".join(lines)
