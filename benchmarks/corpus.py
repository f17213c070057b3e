"""The evaluation sets, read from a database where the full corpus is ingested.

Nothing here is product code and nothing here is imported by it: the questions and their
answers live in ../shared (read at run time, never copied) and in ``judged_queries.json``.

* ``faq_questions``: every community FAQ question whose answer cites rules; relevant = the
  cited numbers, as numbered in the Core Rules version the page says it was reviewed against,
  carried to the indexed (default) version by the version-comparison engine when they differ.
  Pages are split by slug: sorted, numbered from 0, even = tuning, odd = reporting.
* ``judged``: the 63 hand-judged questions of ``judged_queries.json`` (v1.4 numbering).
* ``judged("judged_keywords")``: 115 hand-judged keyword-style queries (what a player types
  to look a topic up, "shield stacking", « cimetière »; v1.4 numbering).
* ``name_set``: each keyword and defined-term heading -> its defining rule, per language.
* ``term_set``: each term a rule defines ("Hold: A player maintains…") -> that rule.
* ``title_set``: each rule that is only a title over its sub-rules ("Trashes") -> that rule.
* ``typo_set``: a seeded one-typo generator over those names and the card names.
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import string
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("RULEBOOK_SHARED_DIR", ROOT.parent / "shared"))
if not SHARED.is_dir() and Path("/work/shared").is_dir():
    SHARED = Path("/work/shared")
FAQ = SHARED / "corpus" / "riftbound" / "faq" / "riftboundfaq-community.mdx.md"
GAME = "riftbound"
SEED = 13
TYPO_OPS = ("deletion", "insertion", "substitution", "swap")


def setup_django(settings_module: str = "rulebook.settings.prod"):
    """Django on the site's own database (``make ingest-corpus``), prod settings by default."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings_module)
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))  # no sessions here
    import django

    django.setup()


def default_document(language: str):
    from rulebook.kinds import CORE_RULES
    from rulebook.models import Document

    doc = Document.objects.default(GAME, CORE_RULES, language)
    if doc is None:
        sys.exit(f"no {GAME} Core Rules in {language}: run `make ingest-corpus` first")
    return doc


def rule_rows(language: str) -> list[tuple[str, str, bool, str]]:
    """(number, text, is_heading, heading text) of the default document, in reading order."""
    doc = default_document(language)
    rows = doc.rules.order_by("position").values_list("number", "text", "is_heading")
    return [(n, t, h, t if h else "") for n, t, h in rows]


def _mapper(reviewed: str, default_doc):
    """Numbers of the reviewed version -> numbers of the indexed default version."""
    from rulebook.history.engine import compare, successor_number
    from rulebook.models import Document

    label = reviewed if reviewed.startswith("v") else f"v{reviewed}"
    if not reviewed or default_doc.label == label:
        return lambda number: number
    source = Document.objects.filter(
        game=default_doc.game, kind=default_doc.kind, language="en", label=label
    ).first()
    if source is None:
        return lambda number: number
    mapping = compare(source.rules.order_by("position"), default_doc.rules.order_by("position"))
    return lambda number: successor_number(mapping.mapping, number)


def faq_questions() -> list[dict]:
    """Community FAQ questions citing rules: ``{q, relevant, slug, half, side}``. ``side``
    splits the tuning half by page (its slugs sorted and numbered, even 0, odd 1), so that
    what learns from one side of the pages can be measured on the other; None when
    reporting."""
    from ingest.knowledge.community import parse_community

    if not FAQ.exists():
        sys.exit(f"community FAQ not found: {FAQ} (set RULEBOOK_SHARED_DIR)")
    faq = parse_community(FAQ.read_text(encoding="utf-8"), FAQ.name)
    default_doc = default_document("en")
    pages = [p for p in faq.pages if any(e.rule_citations for e in p.entries)]
    halves = {
        slug: ("tuning" if i % 2 == 0 else "reporting")
        for i, slug in enumerate(sorted({p.slug for p in pages}))
    }
    sides = page_sides(slug for slug, half in halves.items() if half == "tuning")
    out = []
    for page in pages:
        carry = _mapper(page.reviewed_version or "", default_doc)
        for entry in page.entries:
            relevant = {carry(n) for n in entry.rule_citations if n}
            relevant.discard(None)
            if relevant:
                out.append(
                    {
                        "q": entry.question,
                        "relevant": sorted(relevant),
                        "slug": page.slug,
                        "half": halves[page.slug],
                        "side": sides.get(page.slug),
                    }
                )
    return out


def page_sides(slugs) -> dict[str, int]:
    """Each tuning page's side (0 or 1): the slugs sorted and numbered, even and odd. The
    FAQ's sides (``faq_questions``) and the rerank's page folds (``rerank_train``) split
    alike, so that what one side teaches is measured on the other."""
    return {slug: n % 2 for n, slug in enumerate(sorted(set(slugs)))}


def bank_questions(language: str, held: bool = True, fold: int | None = None) -> list[dict]:
    """The question bank's held-back fifth (``held``) or the rest, in one language: each
    question -> the rule it is filed under, as numbered in the default version (the bank is
    written against it). A database loaded with ``load_questions --holdout`` has none of the
    held-back questions in its index, so asking them is a search, not a lookup. ``fold``:
    only that training fold (``load_questions --holdout --fold K`` leaves it out too)."""
    from ingest.questions import bank_files, held_out, parse_bank, training_fold

    out = []
    for path in bank_files([ROOT / "data" / GAME / "questions"]):
        bank = parse_bank(path)
        for question in bank.questions:
            if held_out(question.text) != held or bank.language != language:
                continue
            if fold is not None and training_fold(question.text) != fold:
                continue
            out.append({"q": question.text, "relevant": [question.number]})
    return out


def judged(name: str = "judged_queries") -> dict:
    return json.loads((ROOT / "benchmarks" / f"{name}.json").read_text(encoding="utf-8"))


def name_set(language: str) -> list[dict]:
    """Keyword and defined-term headings -> their own rule.

    A heading is a defined term when its name is a term, not a step or a list label (no
    digits), it is not a chapter (whose name covers hundreds of rules), it does not name the
    keyword glossary, and no other heading of the document bears the same name.
    """
    from ingest import languages

    glossary = languages.mentions_keywords_re()
    doc = default_document(language)
    heads = list(
        doc.rules.filter(is_heading=True)
        .exclude(heading_level=1)
        .order_by("position")
        .values_list("number", "text")
    )
    counts: dict[str, int] = {}
    for _, text in heads:
        counts[text.strip().lower()] = counts.get(text.strip().lower(), 0) + 1
    out = []
    for number, text in heads:
        name = text.strip()
        if any(c.isdigit() for c in name) or glossary.search(name):
            continue
        if counts[name.lower()] == 1:
            out.append({"q": name, "relevant": [number]})
    return out


# A rule that opens by defining a term: "Hold: A player maintains…", « Occuper : … ».
_TERM_RE = re.compile(r"([^\W\d_][\w '’-]{0,40}?)\s?:\s+\S")
# What a player leaves out of a term (its article) or never types as one (a list's lead-in,
# "Copyable traits are:", or an instruction quoted as an example, "Recycle this:").
_TERM_ARTICLES = {"the", "a", "an", "le", "la", "les", "l", "des", "un", "une"}
_NOT_TERMS = {"are", "is", "this", "sont", "est", "ceci", "example", "examples", "exemple"}


def term_set(language: str) -> list[dict]:
    """Terms defined by a rule, not a heading -> that rule: the rule's text opens with at
    most four words and a colon, no other rule of the document opens with them, and no
    heading bears them, in the plural either (« Rappel : » opens a rule, but *Rappels* is
    the heading of Recall, which a player typing « rappel » wants)."""
    from ingest.languages import fold

    found = []
    rows = rule_rows(language)
    headings = {fold(text.strip()) for _, text, is_heading, _ in rows if is_heading}
    for number, text, is_heading, _ in rows:
        match = None if is_heading else _TERM_RE.match(text)
        words = re.findall(r"[^\W\d_]+", match.group(1)) if match else []
        while words and fold(words[0]) in _TERM_ARTICLES:
            words.pop(0)
        if words and len(words) <= 4 and not {fold(w) for w in words} & _NOT_TERMS:
            found.append((" ".join(words), number))
    counts: dict[str, int] = {}
    for term, _ in found:
        counts[term.lower()] = counts.get(term.lower(), 0) + 1
    return [
        {"q": t, "relevant": [n]}
        for t, n in found
        if counts[t.lower()] == 1 and not {fold(t), fold(t) + "s"} & headings
    ]


def title_set(language: str) -> list[dict]:
    """Rules that are only a title over their own sub-rules ("Trashes" above 108.2.a) ->
    that rule: letters only, at most four words, the next rule below it; a title that
    recurs in the document, that a heading bears (in the plural either) or whose every word
    a heading holds ("Priority", under *Priority and Focus*) is left out."""
    from ingest.languages import fold

    rows = rule_rows(language)
    headings = {fold(text.strip()) for _, text, is_heading, _ in rows if is_heading}
    found = []
    for (number, text, is_heading, _), following in zip(rows, rows[1:], strict=False):
        words = re.findall(r"[^\W\d_]+", text)
        if is_heading or not following[0].startswith(number + ".") or not 1 <= len(words) <= 4:
            continue
        if re.fullmatch(r"[^\W\d_][^\d.:;!?]*", text.strip()):
            found.append((text.strip(), number))
    counts: dict[str, int] = {}
    for name, _ in found:
        counts[fold(name)] = counts.get(fold(name), 0) + 1
    words = [set(h.split()) for h in headings]
    return [
        {"q": name, "relevant": [n]}
        for name, n in found
        if counts[fold(name)] == 1
        and not {fold(name), fold(name) + "s"} & headings
        and not any(set(re.findall(r"[^\W\d_]+", fold(name))) <= h for h in words)
    ]


def linked_term_set(language: str) -> list[dict]:
    """Terms a rule defines in a sentence ("Damage is a marked value…", "A Showdown is…",
    « La focalisation est la… ») -> that rule, typed in lower case as players type them:
    the terms the pages link to their definition (``ingest.terms``), less those a heading
    defines, those a heading bears in the singular or plural, and those the colon set
    (``term_set``) already asks. Searching a term should land where its links land."""
    from ingest import terms
    from ingest.languages import fold

    rows = rule_rows(language)
    headings = {fold(text.strip()) for _, text, is_heading, _ in rows if is_heading}
    colon = {item["relevant"][0] for item in term_set(language)}
    found = terms.definitions((terms.Row(n, t, int(h)) for n, t, h, _ in rows), language)
    return [
        {"q": d.term.lower(), "relevant": [d.number]}
        for d in found
        if d.number not in colon
        and not {fold(d.term), fold(d.term) + "s", fold(d.term).removesuffix("s")} & headings
    ]


def rules_words(language: str, least: int = 8) -> list[dict]:
    """The words the rules write capitalised inside a sentence, as game terms ("Energy",
    "Might", "Showdown"), in at least ``least`` rules of the newest version, typed alone in
    lower case: ``{q, half}``, halved as the questions are (the sorted words numbered, even
    ones tune). A search for one should open on the rules, or on what the word names."""
    from ingest import languages

    rows = rule_rows(language)
    counts: Counter = Counter()
    for _, text, _, _ in rows:
        counts.update(set(re.findall(r"(?<![.:!?»] )(?<!^)\b[A-ZÀ-Ý][a-zà-ÿ]{2,}\b", text)))
    table = languages.get(language)
    dropped = table.filler_words | table.question_words
    words = sorted({w.lower() for w, n in counts.items() if n >= least} - dropped)
    return [{"q": w, "half": "tuning" if i % 2 == 0 else "reporting"} for i, w in enumerate(words)]


def champion_names() -> list[dict]:
    """The champions' names alone, as cards print them before a comma ("Yasuo" of "Yasuo,
    Remorseful"), lower-cased: ``{q, half}``, halved as ``rules_words``. A search for one
    should open on a card, though rule examples name champions too."""
    from rulebook.models import Card

    names = Card.objects.filter(game__slug=GAME, name__contains=", ").values_list("name", flat=True)
    words = sorted({name.split(",")[0].strip().lower() for name in names})
    return [{"q": w, "half": "tuning" if i % 2 == 0 else "reporting"} for i, w in enumerate(words)]


ASKED = {"en": "what is {}?", "fr": "c'est quoi {} ?"}


def asked_set(items: list[dict], language: str) -> list[dict]:
    """Each name asked about in a question ("what is Trashes?", « c'est quoi Phase de
    pioche ? »): a question about a name is answered by that name's rule, not by rows that
    happen to hold its words."""
    return [{**item, "q": ASKED[language].format(item["q"]), "name": item["q"]} for item in items]


def card_names() -> list[dict]:
    from rulebook.models import Card

    return [
        {"q": name, "relevant": [slug]}
        for name, slug in Card.objects.filter(game__slug=GAME).values_list("name", "slug")
    ]


def vocabulary(language: str) -> set[str]:
    """Every word of the indexed rules and card texts: a typo that lands on one is skipped."""
    from ingest.languages import fold
    from rulebook.models import Card

    words = set()
    for _, text, _, _ in rule_rows(language):
        words.update(fold(w) for w in re.findall(r"[^\W\d_]+", text))
    for name, ability in Card.objects.values_list("name", "ability_text"):
        words.update(fold(w) for w in re.findall(r"[^\W\d_]+", f"{name} {ability}"))
    return words


def one_typo(name: str, rng: random.Random, op: str, known: set[str]) -> str | None:
    """``name`` with one edit in one of its words of four letters or more, or None."""
    from ingest.languages import fold

    words = [m for m in re.finditer(r"[^\W\d_]{4,}", name)]
    if not words:
        return None
    for _ in range(20):
        match = rng.choice(words)
        word = match.group()
        i = rng.randrange(len(word))
        letters = string.ascii_lowercase
        if op == "deletion":
            typo = word[:i] + word[i + 1 :]
        elif op == "insertion":
            typo = word[:i] + rng.choice(letters) + word[i:]
        elif op == "substitution":
            typo = word[:i] + rng.choice(letters.replace(word[i].lower(), "")) + word[i + 1 :]
        else:
            i = min(i, len(word) - 2)
            if word[i].lower() == word[i + 1].lower():
                continue
            typo = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        if fold(typo) != fold(word) and fold(typo) not in known:
            return name[: match.start()] + typo + name[match.end() :]
    return None


def spacing_set(items: list[dict], known: set[str]) -> list[dict]:
    """Each one-word name typed as two words of the language ("Backline" -> "back line"),
    and each two-word name typed as one ("Back Side" -> "backside"). A split is kept only
    where both halves, of three letters or more, are words the rules or cards use, so that
    no half is itself a typo the spelling check could mend word by word."""
    from ingest.languages import fold

    out = []
    for item in items:
        words = re.findall(r"[^\W\d_]+", item["q"])
        if len(words) == 2 and "-" not in item["q"]:
            out.append({**item, "q": "".join(words).lower(), "name": item["q"]})
        if len(words) != 1:
            continue
        word = fold(words[0])
        for i in range(3, len(word) - 2):
            if word[:i] in known and word[i:] in known:
                out.append({**item, "q": f"{word[:i]} {word[i:]}", "name": item["q"]})
                break
    return out


def typo_set(items: list[dict], known: set[str], seed: int = SEED) -> list[dict]:
    """One typo per name, the four kinds of edit in turn (seeded, so every run is the same)."""
    rng = random.Random(seed)
    out = []
    for n, item in enumerate(items):
        op = TYPO_OPS[n % len(TYPO_OPS)]
        typo = one_typo(item["q"], rng, op, known)
        if typo:
            out.append({**item, "q": typo, "name": item["q"], "op": op})
    return out
