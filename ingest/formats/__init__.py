"""Format parsers, tried in order by content (never by file extension).

The order matters: JSON and HTML rows are recognised by unambiguous markers, generic HTML by
numbered cells or paragraphs, and Markdown last because a numbered line is all it needs.
"""

from __future__ import annotations

from ..model import IngestError
from .base import FormatParser, RawDocument, Row
from .html_generic import HtmlParser
from .html_rows import HtmlRowsParser
from .json_rows import JsonRowsParser
from .markdown import MarkdownParser

REGISTRY: list[FormatParser] = [JsonRowsParser(), HtmlRowsParser(), HtmlParser(), MarkdownParser()]


def register(parser: FormatParser, before: str | None = None) -> None:
    """Add a parser, ahead of the named one when ``before`` is given."""
    names = [p.name for p in REGISTRY]
    REGISTRY.insert(names.index(before) if before in names else len(REGISTRY), parser)


def parser_for(text: str, filename: str = "") -> FormatParser:
    for parser in REGISTRY:
        if parser.detect(text):
            return parser
    raise IngestError("no numbered rules found", f"{filename or '<text>'}:1")


__all__ = ["REGISTRY", "FormatParser", "RawDocument", "Row", "parser_for", "register"]
