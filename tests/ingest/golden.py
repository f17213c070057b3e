"""Helpers for the golden tests: run a case and serialise the result the way out.json stores it."""

from __future__ import annotations

import json
from pathlib import Path

from ingest.decode import decode_bytes
from ingest.model import IngestError, ParsedDocument
from ingest.parse import parse_any, parse_text

DATA = Path(__file__).resolve().parents[1] / "data" / "ingest"


def case_dirs() -> list[Path]:
    return sorted(p.parent for p in DATA.glob("*/*/in.*"))


def input_file(case: Path) -> Path:
    (found,) = case.glob("in.*")
    return found


def serialise(doc: ParsedDocument) -> dict:
    return {
        "format": doc.format,
        "title": doc.title,
        "version": doc.version,
        "language": doc.language,
        "rules": [
            {
                "number_raw": rule.number_raw,
                "number": rule.number,
                "text": rule.text,
                "heading": rule.heading,
                "heading_level": rule.heading_level,
                "repairs": rule.repairs,
                **({"title": rule.title, "depth": rule.depth} if rule.depth is not None else {}),
            }
            for rule in doc.rules
        ],
        "repairs": [finding.kind for finding in doc.repairs],
        "anomalies": [finding.kind for finding in doc.anomalies],
    }


def parse_case(case: Path) -> ParsedDocument:
    """Parse a case the way parse_file does, naming the file by its bare name for stable
    error locations ("in.json:3")."""
    path = input_file(case)
    text = decode_bytes(path.read_bytes(), path.name)
    parse = parse_any if case.parent.name.startswith("prose") else parse_text
    return parse(text, path.name)


def run_case(case: Path) -> dict:
    try:
        return serialise(parse_case(case))
    except IngestError as exc:
        return {"error": exc.reason, "location": exc.location}


def expected(case: Path) -> dict:
    return json.loads((case / "out.json").read_text(encoding="utf-8"))


def dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
