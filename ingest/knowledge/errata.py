"""Official card errata: per card, the old and the new printed text, with date and source.

The articles are inconsistent about where a card's name sits: ``## Name``, ``### Name``, or a
bare line right under a set heading ("## Origins Cards" then "Falling Star"). What never
varies is the pair of markers ``#### [NEW TEXT]`` / ``#### [OLD TEXT]``, so the parser anchors
on them and takes the name from the nearest line above the NEW marker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingest.model import Finding
from ingest.urls import checked_url

from .official import load_articles

NEW_RE = re.compile(r"^#{0,6}\s*\[NEW TEXT\]\s*$", re.IGNORECASE)
OLD_RE = re.compile(r"^#{0,6}\s*\[OLD TEXT\]\s*$", re.IGNORECASE)
HEADING_RE = re.compile(r"^#{1,6}\s*(?P<text>.*?)\s*$")
SET_RE = re.compile(r"^(?P<set>.+?)\s+Cards$", re.IGNORECASE)


@dataclass
class Erratum:
    card_name: str
    old_text: str
    new_text: str
    set_name: str | None
    article_id: str
    article_title: str
    origin_url: str
    published_at: str | None
    updated_at: str | None
    position: int = 0


@dataclass
class ErrataResult:
    errata: list[Erratum] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def parse_errata(text: str, filename: str = "") -> ErrataResult:
    result = ErrataResult()
    for article in load_articles(text, filename):
        found = split_errata(article.get("content", ""), result.findings, article.get("id", ""))
        fallback = _set_from_title(article.get("title", ""))
        where = f"errata article {article.get('id', '')!r} originUrl"
        origin = checked_url(article.get("originUrl", ""), result.findings, where)
        for position, (name, set_name, new, old) in enumerate(found):
            set_name = set_name or fallback
            result.errata.append(
                Erratum(
                    card_name=name,
                    old_text=old,
                    new_text=new,
                    set_name=set_name,
                    article_id=article.get("id", ""),
                    article_title=article.get("title", ""),
                    origin_url=origin,
                    published_at=article.get("publishedAt"),
                    updated_at=article.get("updatedAt"),
                    position=position,
                )
            )
    return result


def split_errata(content: str, findings: list[Finding], article_id: str = ""):
    """(card name, set name, new text, old text) for each NEW/OLD pair in ``content``."""
    lines = content.replace("\r\n", "\n").split("\n")
    news = [i for i, line in enumerate(lines) if NEW_RE.match(line.strip())]
    out = []
    for order, new_at in enumerate(news):
        name_at = _name_line(lines, new_at)
        limit = len(lines) if order + 1 == len(news) else _name_line(lines, news[order + 1])
        old_at = next((i for i in range(new_at + 1, limit) if OLD_RE.match(lines[i].strip())), None)
        name = _clean_heading(lines[name_at]) if name_at >= 0 else ""
        if not name or old_at is None:
            findings.append(
                Finding(
                    "errata-incomplete",
                    f"{article_id}: card '{name}' lacks a name or [OLD TEXT]",
                    line=new_at + 1,
                )
            )
        new = _body(lines[new_at + 1 : old_at if old_at is not None else limit])
        old = _body(lines[old_at + 1 : limit]) if old_at is not None else ""
        out.append((name, _set_name(lines, name_at), new, old))
    return out


def _set_from_title(title: str) -> str | None:
    """ "Riftbound: Origins Card Errata" -> "Origins", for articles without set headings."""
    match = re.search(r"(?P<set>[A-Z][\w'-]+)\s+(?:Card\s+)?Errata\b", title)
    return match["set"] if match else None


def _name_line(lines: list[str], new_at: int) -> int:
    for index in range(new_at - 1, -1, -1):
        if lines[index].strip():
            return index
    return -1


def _clean_heading(line: str) -> str:
    match = HEADING_RE.match(line.strip())
    return (match["text"] if match else line).strip()


def _set_name(lines: list[str], name_at: int) -> str | None:
    """The latest "<Set> Cards" line above the card ("Spiritforged Cards" -> "Spiritforged")."""
    for index in range(name_at - 1, -1, -1):
        match = SET_RE.match(_clean_heading(lines[index]))
        if match and lines[index].lstrip().startswith("#"):
            return match["set"]
    return None


def _body(lines: list[str]) -> str:
    """Card text lines, without the bare "####" separators the articles put between blocks."""
    kept = []
    for line in lines:
        if line.lstrip().startswith("#") and SET_RE.match(_clean_heading(line)):
            break  # the next set's heading, not card text
        if not re.fullmatch(r"\s*#{1,6}\s*", line):
            kept.append(line.rstrip())
    return "\n".join(kept).strip()
