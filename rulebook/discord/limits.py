"""Discord's size limits, enforced in one place so no reply is ever refused for its size.

Discord rejects a whole message when one embed part is too long (a 400 the user sees as "The
application did not respond"), so every embed goes through :func:`fit` last, whatever built
it. Lengths count characters, as Discord does.
"""

from __future__ import annotations

ELLIPSIS = "…"

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
TOTAL = 6000  # title, description, field names and values, footer and author together
CHOICES = 25
CHOICE = 100  # an autocomplete choice's name and value
CUSTOM_ID = 100
BUTTON_LABEL = 80
CONTENT = 2000


def truncate(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, at a line or word end when one is near, with "…"."""
    text = str(text)
    if len(text) <= limit:
        return text
    if limit <= len(ELLIPSIS):
        return ELLIPSIS[:limit]
    head = text[: limit - len(ELLIPSIS)]
    for stop in ("\n", " "):
        cut = head.rfind(stop)
        if cut > limit * 2 // 3:
            head = head[:cut]
            break
    return head.rstrip() + ELLIPSIS


def pages(lines: list[str], limit: int) -> list[str]:
    """Lines packed into pages of at most ``limit`` characters; a longer line is split at
    words (or hard, for a word longer than a page), so paging never loses text."""
    out: list[str] = []
    current = ""
    for line in lines:
        for piece in _pieces(line, limit):
            joined = f"{current}\n{piece}" if current else piece
            if len(joined) <= limit:
                current = joined
            else:
                out.append(current)
                current = piece
    if current or not out:
        out.append(current)
    return out


def _pieces(line: str, limit: int) -> list[str]:
    pieces = []
    while len(line) > limit:
        cut = line.rfind(" ", 0, limit + 1)
        cut = cut if cut > limit // 2 else limit
        pieces.append(line[:cut].rstrip())
        line = line[cut:].lstrip()
    pieces.append(line)
    return pieces


def size(embed: dict) -> int:
    """The characters Discord counts against the 6,000 total."""
    parts = [embed.get("title", ""), embed.get("description", "")]
    parts += [embed.get("footer", {}).get("text", ""), embed.get("author", {}).get("name", "")]
    for item in embed.get("fields", []):
        parts += [item.get("name", ""), item.get("value", "")]
    return sum(len(p) for p in parts)


def fit(embed: dict) -> dict:
    """A copy of ``embed`` within every limit: parts cut with "…", fields beyond 25 dropped;
    over the total, the description is shortened first (to no less than 1,024 characters),
    then the last fields go, then the description again."""
    out = dict(embed)
    if "title" in out:
        out["title"] = truncate(out["title"], TITLE)
    if "description" in out:
        out["description"] = truncate(out["description"], DESCRIPTION)
    if "footer" in out:
        out["footer"] = {**out["footer"], "text": truncate(out["footer"]["text"], FOOTER)}
    if "author" in out:
        out["author"] = {**out["author"], "name": truncate(out["author"]["name"], AUTHOR)}
    out["fields"] = [
        {
            **item,
            "name": truncate(item["name"], FIELD_NAME) or "\u200b",
            "value": truncate(item["value"], FIELD_VALUE) or "\u200b",
        }
        for item in out.get("fields", [])[:FIELDS]
    ]
    _shorten_description(out, keep_at_least=FIELD_VALUE)
    while size(out) > TOTAL and out["fields"]:
        out["fields"].pop()
    _shorten_description(out, keep_at_least=0)
    for empty in [key for key in ("fields", "description") if not out.get(key, True)]:
        del out[empty]  # Discord refuses empty parts
    return out


def _shorten_description(embed: dict, keep_at_least: int) -> None:
    """Take the excess over the total from the description, keeping some of it if asked."""
    excess = size(embed) - TOTAL
    description = embed.get("description", "")
    if excess > 0 and description:
        keep = max(len(description) - excess, min(len(description), keep_at_least))
        embed["description"] = truncate(description, keep) if keep else ""


def choice(name: str, value: str) -> dict:
    """An autocomplete choice; Discord refuses names or values over 100 characters."""
    return {"name": truncate(name, CHOICE), "value": str(value)[:CHOICE]}


def join(items: list[str], limit: int, separator: str = ", ") -> str:
    """Whole items (links stay intact) up to ``limit`` characters, "…" when some are left."""
    out = ""
    for index, item in enumerate(items):
        joined = f"{out}{separator}{item}" if out else item
        room = limit - (len(separator) + len(ELLIPSIS) if index < len(items) - 1 else 0)
        if len(joined) > room:
            return f"{out}{separator}{ELLIPSIS}" if out else truncate(item, limit)
        out = joined
    return out
