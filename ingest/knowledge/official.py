"""Official FAQ articles (and the judge rulings page): Markdown articles split into entries.

The articles mark questions three ways: ``### Q: ...`` headings (Origins, Spiritforged), plain
paragraphs ending in "?" after a "Frequently Asked Questions" line (Unleashed), and none at all
(rulings sections, the judge page's "### Topic" headings). Text that is not a question is kept
as a "clarification" entry titled by its heading, so nothing in an article is dropped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ingest.model import Finding, IngestError
from ingest.urls import checked_url

from .markdown import markdown_text
from .mentions import keyword_mentions
from .text import dedupe, rule_mentions, settle_slugs, slugify, url_slug

IMG_RE = re.compile(r"<img\b[^>]*?src=\"(?P<src>[^\"]*)\"[^>]*>", re.IGNORECASE)
HEADING_RE = re.compile(r"^(?P<level>#{1,6})\s*(?P<text>.*?)\s*#*\s*$")
Q_RE = re.compile(r"^(?:\*\*)?\s*Q\s*[:.]\s*(?:\*\*)?\s*", re.IGNORECASE)
FAQ_MARKER_RE = re.compile(r"^frequently asked questions\s*:?$", re.IGNORECASE)


@dataclass
class OfficialEntry:
    article_id: str
    anchor: str
    question: str
    answer_markdown: str
    answer_text: str
    kind: str = "question"  # "question" or "clarification"
    section: str = ""
    images: list[str] = field(default_factory=list)
    rule_mentions: list[str] = field(default_factory=list)
    card_mentions: list[str] = field(default_factory=list)
    keyword_mentions: list[str] = field(default_factory=list)
    position: int = 0


@dataclass
class OfficialArticle:
    id: str
    kind: str
    title: str
    summary: str
    source: str
    published_at: str | None
    updated_at: str | None
    origin_url: str
    intro_markdown: str = ""
    entries: list[OfficialEntry] = field(default_factory=list)


def load_articles(text: str, filename: str = "") -> list[dict]:
    """The JSON list of articles; IngestError when the text is not that."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IngestError(f"not JSON: {exc.msg}", f"{filename}:{exc.lineno}") from exc
    if not isinstance(data, list) or not all(isinstance(a, dict) and "content" in a for a in data):
        raise IngestError("expected a JSON list of articles with 'content'", filename)
    return data


def parse_official(
    text: str, filename: str = "", card_names=(), keywords=(), findings: list[Finding] | None = None
) -> list[OfficialArticle]:
    """Every article with its entries; mentions use the given card names and keywords.
    Refused origin URLs are dropped and reported into ``findings``, and so are article ids
    that a URL cannot carry as they are (see ``article_slugs``)."""
    findings = [] if findings is None else findings
    finder = card_finder(card_names)
    out = []
    for raw in load_articles(text, filename):
        article = OfficialArticle(
            id=raw.get("id", ""),
            kind=raw.get("kind", ""),
            title=raw.get("title", ""),
            summary=raw.get("summary", ""),
            source=raw.get("source", ""),
            published_at=raw.get("publishedAt"),
            updated_at=raw.get("updatedAt"),
            origin_url=checked_url(
                raw.get("originUrl", ""), findings, f"article {raw.get('id', '')!r} originUrl"
            ),
        )
        intro, entries = split_entries(raw["content"])
        article.intro_markdown = intro
        for position, (entry, anchor) in enumerate(
            zip(entries, dedupe([slugify(e.question, 60) for e in entries]), strict=True)
        ):
            entry.anchor, entry.position = anchor, position
            _fill_mentions(entry, finder, keywords)
        article.entries = entries
        out.append(article)
    for article, slug in zip(out, article_slugs(out, findings), strict=True):
        article.id = slug
        for entry in article.entries:
            entry.article_id = slug
    return out


def article_slugs(articles: list[OfficialArticle], findings: list[Finding]) -> list[str]:
    """The URL slug of each article (``/faq/official/<slug>/``): its id when already URL-safe,
    else normalised; an article without an id is named by its title; a second article
    with the same slug gets "-2"."""
    wanted = [url_slug(a.id) if a.id else url_slug(a.title or "article") for a in articles]
    return settle_slugs([a.id for a in articles], wanted, findings, "article id")


def _fill_mentions(entry: OfficialEntry, finder, keywords) -> None:
    entry.answer_text = markdown_text(entry.answer_markdown)
    whole = f"{entry.question}\n{entry.answer_text}"
    entry.rule_mentions = rule_mentions(whole)
    entry.card_mentions = finder(whole) if finder else []
    entry.keyword_mentions = (
        keyword_mentions(whole, keywords, exclude=entry.card_mentions) if keywords else []
    )


def card_finder(card_names):
    """A function returning known card names found in text (longest names first, whole words)."""
    names = sorted({n for n in card_names if n}, key=len, reverse=True)
    if not names:
        return None
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")

    def find(text: str) -> list[str]:
        out: list[str] = []
        for match in pattern.finditer(text):
            if match.group(0) not in out:
                out.append(match.group(0))
        return out

    return find


def _blocks(content: str) -> list[str]:
    """Paragraph-level chunks; headings are always chunks of their own."""
    chunks: list[str] = []
    current: list[str] = []
    for line in content.replace("\r\n", "\n").split("\n"):
        if HEADING_RE.match(line) or not line.strip():
            if current:
                chunks.append("\n".join(current))
                current = []
            if line.strip():
                chunks.append(line.strip())
        else:
            current.append(line)
    if current:
        chunks.append("\n".join(current))
    return chunks


class _Splitter:
    """Walks the chunks of one article, opening and closing entries as questions appear."""

    def __init__(self) -> None:
        self.intro: list[str] = []
        self.entries: list[OfficialEntry] = []
        self.current: OfficialEntry | None = None
        self.body: list[str] = []
        self.section = ""
        self.plain_questions = False
        self.images: list[str] = []

    def close(self) -> None:
        if self.current is not None:
            self.current.answer_markdown = "\n\n".join(self.body).strip()
            self.entries.append(self.current)
        self.current, self.body = None, []

    def open(self, question: str, kind: str) -> None:
        self.close()
        self.current = OfficialEntry("", "", question, "", "", kind=kind, section=self.section)
        self.current.images, self.images = self.images, []

    def add(self, chunk: str) -> None:
        if self.current is None:
            if self.section:
                self.open(self.section, "clarification")
            else:
                self.intro.append(chunk)
                return
        self.current.images.extend(self.images)
        self.images = []
        self.body.append(chunk)


def split_entries(content: str) -> tuple[str, list[OfficialEntry]]:
    """(intro markdown, entries) for one article's Markdown ``content``."""
    state = _Splitter()
    for chunk in _blocks(content):
        images = [m["src"] for m in IMG_RE.finditer(chunk)]
        chunk = IMG_RE.sub("", chunk).strip()
        state.images.extend(images)
        if chunk:
            _step(state, chunk)
    state.close()
    return "\n\n".join(state.intro).strip(), state.entries


def _step(state: _Splitter, chunk: str) -> None:
    heading = HEADING_RE.match(chunk)
    title = heading["text"].strip() if heading else ""
    if heading and not title:
        return  # a bare "####" separator
    if FAQ_MARKER_RE.match(title or chunk):
        state.close()
        state.plain_questions, state.section = True, title or chunk
        return
    if heading and Q_RE.match(title):
        state.open(Q_RE.sub("", title).strip(), "question")
    elif heading and len(heading["level"]) <= 2:
        state.close()
        state.section, state.plain_questions = title, False
    elif heading:
        _subheading(state, title)
    elif Q_RE.match(chunk) or (state.plain_questions and _is_plain_question(chunk)):
        question, _, rest = Q_RE.sub("", chunk).partition("\n")
        state.open(question.strip(), "question")
        if rest.strip():
            state.add(rest.strip())
    else:
        state.add(chunk)


def _subheading(state: _Splitter, title: str) -> None:
    """A ### heading without "Q:": part of an open question's answer (a quoted card), else its
    own clarification; "(revised text)" headings always stay with what they revise."""
    keep = state.current is not None and (
        state.current.kind == "question" or title.lower().endswith("(revised text)")
    )
    if keep:
        state.body.append(f"**{title}**")
    else:
        state.open(title, "clarification")


def _is_plain_question(chunk: str) -> bool:
    return "\n" not in chunk.strip() and chunk.strip().endswith("?") and len(chunk) < 400
