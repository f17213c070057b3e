"""The ingest report: what was read, what was repaired, what looks wrong.

It is shown to the person running the import, so it is compact: every kind is counted, and
lists are cut after a few items with the number left over.
"""

from __future__ import annotations

from .model import Finding, ParsedDocument, ParsedReference

LIST_LIMIT = 10


def build_report(doc: ParsedDocument, nodes: list, unresolved: list) -> dict:
    rules = doc.rules
    return {
        "format": doc.format,
        "title": doc.title,
        "version": doc.version,
        "language": doc.language,
        "counts": {
            "rules": len(rules),
            "headings": sum(1 for rule in rules if rule.heading),
            "distinct_numbers": len({rule.number for rule in rules}),
            "max_depth": max((node.depth for node in nodes), default=0),
        },
        "repairs": _by_kind(doc.repairs),
        "anomalies": _by_kind(doc.anomalies),
        "unresolved_references": [_reference(ref, rules) for ref in unresolved],
    }


def _by_kind(findings: list[Finding]) -> dict:
    groups: dict[str, list[dict]] = {}
    for finding in findings:
        groups.setdefault(finding.kind, []).append(finding.as_dict())
    return {kind: {"count": len(items), "items": items} for kind, items in sorted(groups.items())}


def _reference(ref, rules) -> dict:
    if isinstance(ref, ParsedReference):
        source = rules[ref.source_index].number if 0 <= ref.source_index < len(rules) else None
        return {"source": source, "written": ref.written, "target": ref.target}
    return dict(ref) if isinstance(ref, dict) else {"written": str(ref)}


def format_report(report: dict) -> str:
    counts = report["counts"]
    lines = [
        f"{report.get('title') or '(untitled)'} [{report['format']}, "
        f"version {report.get('version') or '?'}, {report.get('language') or '?'}]",
        f"  {counts['rules']} rules, {counts['headings']} headings, "
        f"{counts['distinct_numbers']} distinct numbers, max depth {counts['max_depth']}",
    ]
    for title, key in (("Repairs", "repairs"), ("Anomalies", "anomalies")):
        groups = report[key]
        total = sum(group["count"] for group in groups.values())
        lines.append(f"{title}: {total}" + ("" if total else " (none)"))
        for kind, group in groups.items():
            lines.append(f"  {kind}: {group['count']}")
            lines.extend(_truncated([_finding_line(item) for item in group["items"]]))
    unresolved = report["unresolved_references"]
    lines.append(f"Unresolved references: {len(unresolved)}" + ("" if unresolved else " (none)"))
    lines.extend(
        _truncated(
            [
                f"{ref.get('source')}: {ref.get('written')!r} -> {ref.get('target')}"
                for ref in unresolved
            ]
        )
    )
    return "\n".join(lines)


def _finding_line(item: dict) -> str:
    where = f"line {item['line']}" if item.get("line") else ""
    number = item.get("number") or ""
    prefix = " ".join(part for part in (number, f"({where})" if where else "") if part)
    return f"{prefix}: {item['detail']}" if prefix else item["detail"]


def _truncated(items: list[str], limit: int = LIST_LIMIT) -> list[str]:
    shown = [f"    {item}" for item in items[:limit]]
    if len(items) > limit:
        shown.append(f"    … {len(items) - limit} more")
    return shown
