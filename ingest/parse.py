"""Source text in, ParsedDocument out: detection, reading, repairs, headings, anomalies.

The steps run in a fixed order because each relies on the one before: numbers must be read
before fragments can be merged, fragments merged before glued rules can be split (a glued
rule may arrive in a fragment), and headings decided after splits (a split changes what a
row is).
"""

from __future__ import annotations

from pathlib import Path

from .checks import check_numbering
from .decode import read_source
from .formats import parser_for
from .glued import split_glued
from .headings import assign_headings
from .metadata import guess_language
from .misprints import check_misprints
from .model import IngestError, ParsedDocument
from .repair import Log, build_items, fix_spacing, number_rows


def detect_format(text: str) -> str:
    """The name of the first format whose detector accepts ``text``; IngestError if none."""
    return parser_for(text).name


def parse_text(text: str, filename: str = "") -> ParsedDocument:
    parser = parser_for(text, filename)
    raw = parser.read(text, filename)
    if not any(row.number_raw for row in raw.rows):
        raise IngestError("no numbered rules found", f"{filename or '<text>'}:1")
    language = guess_language(" ".join(row.text for row in raw.rows[:400]))
    log = Log(anomalies=list(raw.findings))
    items = build_items(number_rows(raw.rows, log), log)
    fix_spacing(items, language, log)
    items = split_glued(items, language, log)
    assign_headings(items, explicit=raw.format == "markdown")
    rules = [item.rule for item in items]
    log.anomalies.extend(check_numbering(rules))
    log.anomalies.extend(check_misprints(rules))
    return ParsedDocument(
        format=raw.format,
        title=raw.title,
        version=raw.version,
        language=language,
        rules=rules,
        repairs=log.repairs,
        anomalies=log.anomalies,
    )


def parse_file(path) -> ParsedDocument:
    path = Path(path)
    return parse_text(read_source(path), str(path))


def parse_any(text: str, filename: str = "", allow_prose: bool = True) -> ParsedDocument:
    """Numbered rules when the text has them; otherwise, if allowed, a prose page.

    Prose is only a fallback, and only for games whose documents are prose: a numbered game's
    file that has lost its numbers must fail loudly rather than turn into paragraphs.
    """
    from .prose import parse_prose

    try:
        return parse_text(text, filename)
    except IngestError as exc:
        if not allow_prose or exc.reason != "no numbered rules found":
            raise
    return parse_prose(text, filename)
