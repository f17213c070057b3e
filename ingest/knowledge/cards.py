"""The card gallery: cards by name, their printings, ability-text tokens and keywords.

A card is identified by its name (rules and FAQs talk about "Flash", never about OGN-123), and
one name can have several printings (showcase art, reprints in later sets) whose text may even
differ slightly (reminder text dropped). Icons in ability text arrive as ``:rb_energy_1:``
tokens and as bracket shorthand (``[A]``, ``[>]``); both become tokens with an accessible label
so the page can show an icon that a screen reader still reads as "1 Energy".
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field

from ingest.model import Finding, IngestError
from ingest.urls import checked_url, url_origin

from .mdx import icon_html
from .text import settle_slugs, slugify

# Any ``:rb_…:`` shape is an icon: a name we do not know still reads as its words rather than
# leaking the token onto a page.
ICON_RE = re.compile(r":rb_(?P<name>[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*):")
BRACKET_RE = re.compile(r"\[\s*(?P<inner>[^\[\]]{1,40}?)\s*\]")
KEYWORD_FORM_RE = re.compile(
    r"^(?P<name>[A-Z][a-z]+(?:[- ][A-Z][a-z]+)*)(?:\s+(?P<value>\d+|X|N))?$"
)

# Shorthand in brackets: (visible symbol, accessible label). The Core Rules define it: [E]
# (formerly [T]) exhaust and [M] (formerly [S]) Might in 135.2.e, [A] and [C] in 135.2.e.5-6,
# one letter per domain's Power in 134.2 ([R] Fury, [G] Calm, [B] Mind, [O] Body, [P] Chaos,
# [Y] Order), and a number is that much Energy (429.5). [X] and [N] stand for numbers.
SYMBOLS = {
    "A": ("A", "1 Power of any domain"),
    "C": ("C", "1 Power of this card's domain"),
    "E": ("E", "Exhaust"),
    "T": ("T", "Exhaust"),
    "M": ("M", "Might"),
    "S": ("M", "Might"),
    "R": ("R", "1 Fury Power"),
    "G": ("G", "1 Calm Power"),
    "B": ("B", "1 Mind Power"),
    "O": ("O", "1 Body Power"),
    "P": ("P", "1 Chaos Power"),
    "Y": ("Y", "1 Order Power"),
    ">": ("›", "then"),
    ">>": ("»", "then"),
}
# Bracketed words that are actions or ability markers, not glossary keywords.
TERMS = {"Add", "ADD", "Buff", "Stun", "Predict", "Mighty", "Burn", "or"}
_DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")


@dataclass
class Token:
    kind: str  # "text", "icon", "keyword", "term", "newline"
    text: str  # as printed (icons: visible symbol)
    label: str = ""  # icons: accessible name; keywords/terms: the name
    value: str | None = None  # [Shield 2] -> "2"


@dataclass
class KeywordUse:
    name: str
    value: str | None = None
    in_reminder: bool = False  # only inside "(...)" reminder text, e.g. Ambush's [Reaction]


@dataclass
class Printing:
    id: str
    public_code: str
    collector_number: int | None
    set_name: str
    set_id: str
    rarity: str
    image_url: str
    image_alt: str
    ability_text: str
    keywords: list[KeywordUse] = field(default_factory=list)


@dataclass
class Card:
    name: str
    slug: str
    domains: list[str]
    card_types: list[str]
    super_types: list[str]
    tags: list[str]
    energy: str
    might: str
    power: str
    ability_text: str  # the fullest text among printings (reminder text kept)
    keywords: list[KeywordUse] = field(default_factory=list)
    printings: list[Printing] = field(default_factory=list)
    banned: bool = False

    @property
    def keyword_names(self) -> list[str]:
        return [use.name for use in self.keywords]


@dataclass
class Gallery:
    source: str
    updated_at: str | None
    cards: list[Card]
    findings: list[Finding] = field(default_factory=list)
    # Image URLs dropped because no origin of theirs may enter the CSP (as in the file, cut).
    rejected_images: list[str] = field(default_factory=list)

    @property
    def printings(self) -> list[Printing]:
        return [p for card in self.cards for p in card.printings]

    @property
    def image_hosts(self) -> list[str]:
        """The origins the pages' Content-Security-Policy allows images from."""
        return sorted({o for o in map(image_origin, (p.image_url for p in self.printings)) if o})


def card_key(name: str) -> str:
    """Loose identity for matching names across sources ("Dark Child, Starter" ==
    "Dark Child - Starter"): case and punctuation ignored."""
    return re.sub(r"[^0-9a-z]+", " ", name.casefold()).strip()


def icon_parts(name: str) -> tuple[str, str]:
    """(visible, label) for an ``:rb_*:`` token name such as "energy_1" or "rune_fury"."""
    if name.startswith("energy_"):
        amount = name.split("_", 1)[1]
        return amount, f"{amount} Energy"
    if name.startswith("rune_"):
        domain = name.split("_", 1)[1]
        if domain in _DOMAINS:
            return domain[0].upper(), f"1 {domain.capitalize()} Power"
        return "A", "1 Power of any domain"
    return {"might": ("M", "Might"), "exhaust": ("E", "Exhaust")}.get(
        name, (name, name.replace("_", " "))
    )


def tokenize(text: str, known_keywords=None) -> list[Token]:
    """Ability text as tokens. ``known_keywords`` (names) decides which bracket words are
    keywords; without it, capitalised bracket words not in TERMS are taken as keywords."""
    known = set(known_keywords) if known_keywords else None
    tokens: list[Token] = []
    pattern = re.compile(f"{ICON_RE.pattern}|{BRACKET_RE.pattern}|\n")
    position = 0
    for match in pattern.finditer(text):
        if match.start() > position:
            tokens.append(Token("text", text[position : match.start()]))
        tokens.append(_token(match, known))
        position = match.end()
    if position < len(text):
        tokens.append(Token("text", text[position:]))
    return tokens


def _token(match: re.Match, known: set[str] | None) -> Token:
    raw = match.group(0)
    if raw == "\n":
        return Token("newline", raw)
    if match["name"]:
        symbol, label = icon_parts(match["name"].lower())
        return Token("icon", symbol, label)
    inner = match["inner"]
    if inner in SYMBOLS:
        symbol, label = SYMBOLS[inner]
        return Token("icon", symbol, label)
    if inner.isdigit():
        return Token("icon", inner, f"{inner} Energy")
    form = KEYWORD_FORM_RE.match(inner)
    if form and inner not in TERMS and (known is None or form["name"] in known):
        return Token("keyword", raw, form["name"], form["value"])
    return Token("term", raw, inner)


def keyword_uses(text: str, known_keywords=None) -> list[KeywordUse]:
    """[Shield 2] -> KeywordUse("Shield", "2"); each (name, value) once, in order."""
    found: dict[tuple[str, str | None], bool] = {}
    depth = 0
    for token in tokenize(text, known_keywords):
        if token.kind == "text":
            depth = max(0, depth + token.text.count("(") - token.text.count(")"))
        elif token.kind == "newline":
            depth = 0
        elif token.kind == "keyword":
            key = (token.label, token.value)
            found[key] = found.get(key, True) and depth > 0
    return [KeywordUse(name, value, reminder) for (name, value), reminder in found.items()]


def render_ability_html(text: str, resolve_keyword_url=None, known_keywords=None) -> str:
    """Safe HTML: icons as labelled spans, keywords in bold (or linked), text escaped."""
    from .markdown import safe_href

    parts = []
    for token in tokenize(text, known_keywords):
        if token.kind == "icon":
            parts.append(icon_html(token.text, token.label))
        elif token.kind == "newline":
            parts.append("<br>")
        elif token.kind == "keyword":
            url = resolve_keyword_url(token.label) if resolve_keyword_url else None
            href = safe_href(url) if url else None
            word = html.escape(token.text)
            parts.append(
                f'<a class="keyword" href="{html.escape(href, quote=True)}">{word}</a>'
                if href
                else f'<strong class="keyword">{word}</strong>'
            )
        elif token.kind == "term":
            parts.append(f'<strong class="term">{html.escape(token.text)}</strong>')
        else:
            parts.append(html.escape(token.text))
    return "".join(parts)


def ability_plain_text(text: str) -> str:
    """Card text as words, wherever no icon can be drawn: meta and OpenGraph descriptions,
    previews, alt texts, oEmbed, chat replies, search. Icons are read by their label ("pay 1
    Energy"); keyword brackets stay, as the rules write them ("[Reaction]").

    Works on any text that carries the game's tokens or shorthand: errata and official FAQ
    answers write ``[A]`` where the gallery writes ``:rb_rune_rainbow:``.
    """
    words = "".join(piece for _token, piece in plain_pieces(text or ""))
    return re.sub(r"[ \t]+", " ", words).strip()


def plain_pieces(text: str, known_keywords=None) -> list[tuple[Token, str]]:
    """Each token with its plain reading, for callers that dress some tokens (a chat reply
    links keywords): an icon reads as its label, anything else as written.

    ":rb_energy_1::rb_rune_fury:" and "[Level 6][>]" must not read "1 Energy1 Fury Power" or
    "[Level 6]then": where an icon's words meet a word-like edge, the icon's piece starts (or
    the next piece starts) with a space.
    """
    pieces: list[tuple[Token, str]] = []
    edge, after_icon = "", False
    for token in tokenize(text, known_keywords):
        piece = token.label if token.kind == "icon" else token.text
        if not piece:
            continue
        if (token.kind == "icon" or after_icon) and _wordy(edge) and _wordy(piece[0]):
            piece = " " + piece
        pieces.append((token, piece))
        edge, after_icon = piece[-1], token.kind == "icon"
    return pieces


def icon_tokens_as_words(text: str) -> str:
    """Only ``:rb_…:`` tokens read as words, bracket shorthand left as written: for rule
    texts, where "[M]" may be the very shorthand a rule explains (135.2.e.3)."""
    out, cursor = [], 0
    for match in ICON_RE.finditer(text):
        before, label = text[cursor : match.start()], icon_parts(match["name"].lower())[1]
        edge = before[-1:] or (out[-1][-1:] if out else "")
        out += [before, " " + label if _wordy(edge) else label]
        cursor = match.end()
    rest = text[cursor:]
    if out and _wordy(out[-1][-1:]) and _wordy(rest[:1]):
        rest = " " + rest
    return "".join(out) + rest


def _wordy(char: str) -> bool:
    return bool(char) and (char.isalnum() or char in "[]")


def parse_gallery(text: str, filename: str = "", banned=(), known_keywords=None) -> Gallery:
    """Cards grouped by name, in gallery order; ``banned`` is a list of names."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IngestError(f"not JSON: {exc.msg}", f"{filename}:{exc.lineno}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise IngestError("expected an object with a 'cards' list", filename)
    gallery = Gallery(source=data.get("source", ""), updated_at=data.get("updatedAt"), cards=[])
    by_name: dict[str, Card] = {}
    for raw in data["cards"]:
        printing = _printing(raw, gallery)
        card = by_name.get(raw["name"])
        if card is None:
            card = by_name[raw["name"]] = _card(raw)
            gallery.cards.append(card)
        printing.keywords = keyword_uses(printing.ability_text, known_keywords)
        card.printings.append(printing)
        if len(printing.ability_text) > len(card.ability_text):
            card.ability_text = printing.ability_text
    names = [card.name for card in gallery.cards]
    slugs = settle_slugs(names, [c.slug for c in gallery.cards], gallery.findings, "card", False)
    for card, slug in zip(gallery.cards, slugs, strict=True):
        card.slug = slug
        card.keywords = keyword_uses(card.ability_text, known_keywords)
    if data.get("count") is not None and data["count"] != len(data["cards"]):
        gallery.findings.append(
            Finding(
                "count-mismatch", f"count says {data['count']}, {len(data['cards'])} cards listed"
            )
        )
    _mark_banned(gallery, banned)
    return gallery


def _printing(raw: dict, gallery: Gallery) -> Printing:
    return Printing(
        id=raw.get("id", ""),
        public_code=raw.get("publicCode", ""),
        collector_number=raw.get("collectorNumber"),
        set_name=raw.get("set", ""),
        set_id=raw.get("setId", ""),
        rarity=raw.get("rarity", ""),
        image_url=_image_url(raw, gallery),
        image_alt=raw.get("imageAlt", ""),
        ability_text=raw.get("abilityText") or "",
    )


def _image_url(raw: dict, gallery: Gallery) -> str:
    """The image URL when its origin may enter the CSP; otherwise "", the URL listed in
    ``rejected_images`` and reported (``unsafe-url`` for a script or data URL, else
    ``image-origin``)."""
    value = raw.get("imageUrl") or ""
    where = f"card {raw.get('name', '')!r} printing {raw.get('id', '')!r} imageUrl"
    url = checked_url(value, gallery.findings, where)
    if value and not (url and image_origin(url)):
        shown = str(value)[:80].encode("unicode_escape").decode("ascii")
        if shown not in gallery.rejected_images:
            gallery.rejected_images.append(shown)
        if url:
            detail = f"{where}: dropped {shown!r} (only https://host[:port] images)"
            gallery.findings.append(Finding("image-origin", detail))
        return ""
    return url


def _card(raw: dict) -> Card:
    return Card(
        name=raw["name"],
        slug=slugify(raw["name"]),
        domains=list(raw.get("domains") or []),
        card_types=list(raw.get("cardTypes") or []),
        super_types=list(raw.get("superTypes") or []),
        tags=list(raw.get("tags") or []),
        energy=raw.get("energy") or "",
        might=raw.get("might") or "",
        power=raw.get("power") or "",
        ability_text="",
    )


def _mark_banned(gallery: Gallery, banned) -> None:
    keys = {card_key(card.name): card for card in gallery.cards}
    for name in banned:
        card = keys.get(card_key(name))
        if card is None:
            gallery.findings.append(
                Finding("banned-unknown", f"banned card not in gallery: {name}")
            )
        else:
            card.banned = True


def parse_banned(text: str, filename: str = "") -> list[str]:
    """Names from banned-cards.json ({"names": [...]}, or a bare list of names)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IngestError(f"not JSON: {exc.msg}", f"{filename}:{exc.lineno}") from exc
    names = data.get("names") if isinstance(data, dict) else data
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise IngestError("expected a list of card names", filename)
    return names


def image_origin(url: str) -> str | None:
    """``https://host[:port]`` of an image URL a page may show, or None.

    The Content-Security-Policy lists exactly these origins, so an image counts only when its
    origin can be written into the header as it is (``ingest.urls.csp_origin``): a
    ``javascript:``, ``data:``, plain ``http:`` or relative value, or a host carrying ``;`` or
    ``,``, is never shown and never reaches the header.
    """
    return url_origin(url)
