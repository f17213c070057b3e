"""Reading the Riftbound v1.4 JSON rules straight from ../shared into IndexEntry objects.

The benchmarks need no database and no ingest parser: a JSON row is a heading when its text is
its section's name; ``x00`` headings are chapters. The heading-path and keyword logic mirrors
``rulebook.search.entries`` so the index looks like the one the site builds.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("RULEBOOK_SHARED_DIR", ROOT.parent / "shared"))
RULES = SHARED / "corpus" / "riftbound" / "core-rules"
VERSION = "2026-07-16"


def setup_django():
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.test")
    import django

    django.setup()


def load_rows(language: str) -> list[dict]:
    path = RULES / language / f"{VERSION}_v1.4.json"
    if not path.exists():
        sys.exit(f"corpus not found: {path} (needs ../shared/corpus)")
    return json.loads(path.read_text(encoding="utf-8"))


def entries(language: str):
    from rulebook.search.base import IndexEntry
    from rulebook.search.entries import HEADING_BOOST, KEYWORD_BOOST, PATH_SEPARATOR
    from rulebook.search.text import fold

    stack, in_keywords, out = [], False, []
    for row in load_rows(language):
        number, text = row["id"], row["text"].strip()
        heading = text == row["section"].strip()
        level = (1 if re.fullmatch(r"\d00", number) else 2) if heading else 0
        extra, boost = {}, 1.0
        if level:
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, text))
            if level == 1:
                in_keywords = bool(re.match(r"^(keywords?|mots?[- ]cles?)$", fold(text)))
            extra["name"], boost = text, HEADING_BOOST
            if (
                level > 1
                and in_keywords
                and not re.search(r"keyword|mots?[- ]cles?|glossa", fold(text))
            ):
                extra["keyword"], boost = text, KEYWORD_BOOST
        path = PATH_SEPARATOR.join(t for _, t in stack)
        out.append(
            IndexEntry(
                key=f"rule:riftbound:core-rules:{language}:{VERSION}:{number}:{len(out)}",
                kind="rule",
                game="riftbound",
                language=language,
                version=VERSION,
                number=number,
                title=path,
                path=path,
                text=text,
                url=f"/{language}/riftbound/rules/{number}/",
                is_default_version=True,
                boost=boost,
                extra=extra,
            )
        )
    return out


def judged() -> dict:
    return json.loads((ROOT / "benchmarks" / "judged_queries.json").read_text(encoding="utf-8"))
