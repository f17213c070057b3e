"""The community FAQ (riftboundfaq.com): MDX pages joined into one file, split into entries.

Each page follows ``<!-- FILE: content/(rulings)/cards/abandoned-hall.mdx -->`` with YAML front
matter, then ``## Question? [#anchor]`` sections. The anchor is only unique within a page, so
an entry's key is (page slug, anchor). Citations stay as the author wrote them, in order and
with repeats, because the count of ``<Rule />`` tags is how we check nothing was lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingest.model import Finding, IngestError
from ingest.numbers import normalise
from ingest.urls import checked_url

from . import mdx
from .frontmatter import parse_front_matter
from .mentions import keyword_mentions
from .render import answer_to_text
from .text import settle_slugs, url_slug

FILE_RE = re.compile(r"^<!--\s*FILE:\s*(?P<path>.+?)\s*-->\s*$", re.MULTILINE)
QUESTION_RE = re.compile(r"^##\s+(?P<question>.+?)\s*\[#(?P<anchor>[\w-]+)\]\s*$")


@dataclass
class FaqEntry:
    page_slug: str
    anchor: str
    question: str  # plain text, tags spoken ("Does Ward stack?")
    answer_markdown: str
    answer_text: str
    rule_citations: list[str] = field(default_factory=list)  # every <Rule />, in order
    card_citations: list[str] = field(default_factory=list)  # unique, in order
    keyword_mentions: list[str] = field(default_factory=list)
    related_pages: list[str] = field(default_factory=list)  # from front matter rulingRelations
    position: int = 0
    question_markdown: str = ""  # as written, tags included

    @property
    def key(self) -> str:
        return f"{self.page_slug}#{self.anchor}"


@dataclass
class FaqPage:
    slug: str  # "cards/abandoned-hall", "index"
    path: str
    title: str
    kind: str  # "card", "mechanic", "general"
    authors: list[str] = field(default_factory=list)
    created_at: str | None = None
    reviewed_version: str | None = None
    gallery_link: str | None = None
    is_index: bool = False
    intro_markdown: str = ""
    entries: list[FaqEntry] = field(default_factory=list)


@dataclass
class CommunityFaq:
    pages: list[FaqPage]
    findings: list[Finding] = field(default_factory=list)

    @property
    def entries(self) -> list[FaqEntry]:
        return [entry for page in self.pages for entry in page.entries]


def parse_community(text: str, filename: str = "", keywords=None) -> CommunityFaq:
    """Parse the joined file (or one bare MDX page when there is no FILE marker).

    ``keywords`` (Keyword objects or names) adds keywords named in plain words to the ones the
    tags already give; without it only tags count.
    """
    findings: list[Finding] = []
    chunks = _split_files(text, filename)
    pages = [_parse_page(path, body, line, keywords, findings) for path, body, line in chunks]
    _settle_pages(pages, findings)
    for name in mdx.unknown_tags(text):
        findings.append(Finding("unknown-tag", f"<{name}> rendered from its name"))
    return CommunityFaq(pages=pages, findings=findings)


def _split_files(text: str, filename: str) -> list[tuple[str, str, int]]:
    matches = list(FILE_RE.finditer(text))
    if not matches:
        if not text.lstrip().startswith("---"):
            raise IngestError("no <!-- FILE: --> markers and no front matter", filename)
        return [(filename or "page.mdx", text, 1)]
    out = []
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        line = text.count("\n", 0, match.start()) + 2
        out.append((match["path"], text[match.end() : end], line))
    return out


def source_slug(path: str) -> str:
    """``content/(rulings)/cards/abandoned-hall.mdx`` -> ``cards/abandoned-hall``.

    The slug mirrors the site's own URL paths, so its internal links (/cards/switcheroo#x)
    name the same pages.
    """
    path = re.sub(r"\.mdx?$", "", path.replace("\\", "/"))
    path = re.sub(r"^.*?\([^)]*\)/", "", path)
    return path.removeprefix("content/").strip("/") or "index"


def page_slug(path: str) -> str:
    """``source_slug`` made safe for ``/faq/<page>/``: each folder a URL slug (``url_slug``:
    a safe name is kept as it is), "." and ".." folders dropped, at most 200 characters, and
    never under "official/", the official articles' own prefix."""
    parts = [p for p in source_slug(path).split("/") if p.strip(". ")]
    parts = [url_slug(part) for part in parts] or ["index"]
    if parts[0] == "official":
        parts[0] = "official-2"
    return "/".join(parts)[:200].rstrip("/-") or "index"


def _settle_pages(pages: list[FaqPage], findings: list[Finding]) -> None:
    """Two pages with one slug would share a URL (and a database key): the second gets "-2"."""
    raws = [source_slug(page.path) for page in pages]
    slugs = settle_slugs(raws, [page.slug for page in pages], findings, "FAQ page")
    for page, slug in zip(pages, slugs, strict=True):
        page.slug = slug
        for entry in page.entries:
            entry.page_slug = slug


def _parse_page(path: str, body: str, line: int, keywords, findings) -> FaqPage:
    meta, rest = _front_matter(body, path, line)
    slug = page_slug(path)
    page = FaqPage(
        slug=slug,
        path=path,
        title=meta.get("title", slug),
        kind=_page_kind(slug, meta),
        authors=list(meta.get("authors") or []),
        created_at=meta.get("createdAt"),
        reviewed_version=meta.get("reviewedCoreRulesVersion"),
        gallery_link=checked_url(meta.get("galleryLink"), findings, f"{path} galleryLink") or None,
        is_index=slug.split("/")[-1] == "index",
    )
    relations = meta.get("rulingRelations") or {}
    sections = _sections(rest)
    page.intro_markdown = sections.pop(0)[2] if sections and sections[0][0] is None else ""
    raws = [anchor for _question, anchor, _answer in sections]
    anchors = settle_slugs(raws, [url_slug(a) for a in raws], findings, f"{slug} anchor")
    for position, (question, raw, answer) in enumerate(sections):
        anchor = anchors[position]
        entry = build_entry(slug, anchor, question, answer, position, keywords, findings)
        entry.related_pages = [page_slug(p) for p in relations.get(raw, [])]
        page.entries.append(entry)
    return page


def _front_matter(body: str, path: str, line: int) -> tuple[dict, str]:
    lines = body.lstrip("\n").split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, body
    try:
        end = lines.index("---", 1)
    except ValueError as exc:
        raise IngestError("front matter is not closed", f"{path}:{line}") from exc
    try:
        meta = parse_front_matter(lines[1:end])
    except ValueError as exc:
        raise IngestError(str(exc), f"{path}:{line}") from exc
    return meta, "\n".join(lines[end + 1 :])


def _page_kind(slug: str, meta: dict) -> str:
    """card / mechanic / general, from the folder first, then from the gallery link."""
    folder = slug.split("/")[0] if "/" in slug else ""
    if folder == "cards" or (not folder and meta.get("galleryLink")):
        return "card"
    if folder == "mechanics":
        return "mechanic"
    return "general"


def _sections(body: str) -> list[tuple[str | None, str, str]]:
    """(question, anchor, answer markdown) per ``##`` heading; a leading intro has no question."""
    out: list[tuple[str | None, str, str]] = []
    current: tuple[str | None, str] = (None, "")
    buffer: list[str] = []
    for raw in body.split("\n"):
        match = QUESTION_RE.match(raw)
        if match:
            if current[0] is not None or "".join(buffer).strip():
                out.append((*current, "\n".join(buffer).strip("\n")))
            current, buffer = (match["question"].strip(), match["anchor"]), []
        else:
            buffer.append(raw)
    if current[0] is not None or "".join(buffer).strip():
        out.append((*current, "\n".join(buffer).strip("\n")))
    return out


def build_entry(slug, anchor, question, answer, position, keywords=None, findings=None):
    """One FaqEntry; citations are read from the tags, keywords from tags and (optionally) words."""
    citations = []
    cards: list[str] = []
    tag_keywords: list[str] = []
    for match in mdx.TAG_RE.finditer(f"{question}\n{answer}"):
        name, attrs = match["name"], mdx.attributes(match["attrs"])
        info = mdx.meaning(name)
        if info.kind == "rule":
            number = normalise(attrs.get("number", ""))
            if number is None and findings is not None:
                findings.append(Finding("bad-citation", f"{slug}#{anchor}: {match.group(0)}"))
            citations.append(number or attrs.get("number", ""))
        elif info.kind == "card" and attrs.get("name") and attrs["name"] not in cards:
            cards.append(attrs["name"])
        elif info.kind == "keyword" and info.word not in tag_keywords:
            tag_keywords.append(info.word)
    text = answer_to_text(answer)
    mentioned = list(tag_keywords)
    if keywords:
        for name in keyword_mentions(f"{question}\n{text}", keywords, exclude=cards):
            if name not in mentioned:
                mentioned.append(name)
    return FaqEntry(
        page_slug=slug,
        anchor=anchor,
        question=answer_to_text(question),
        answer_markdown=answer,
        answer_text=text,
        rule_citations=citations,
        card_citations=cards,
        keyword_mentions=mentioned,
        position=position,
        question_markdown=question,
    )
