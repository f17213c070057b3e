"""Rule identity across versions and languages, for every page that offers another version.

A number names different rules in different versions ("739" was Reaction in 2025-12-01 and is
Special Terms today), so links to another version or language follow the history engine's
pairings, never the bare number. The identity key a link carries (``data-rule``) is where the
rule first appears: the version and number of its oldest step, read in the language with the
most versions, so the same rule has the same key in every version and language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest import numbers
from rulebook.models import Document
from rulebook.pages import outline
from rulebook.pages.history import history_for, history_of


@dataclass
class Counterpart:
    """This rule in one version: its number there, or the nearest rule when it has none."""

    document: Document
    asked: str
    number: str | None
    nearest: str | None = None
    # The identity of the rule at ``number`` there: another rule's where this one merged.
    identity: str = ""

    @property
    def renumbered(self) -> bool:
        return self.number is not None and self.number != self.asked


def numbers_by_version(document: Document, number: str) -> dict[str, str | None]:
    """Version label -> this rule's number there (None: the rule does not exist there)."""
    history, _documents = history_of(document)
    try:
        steps = history.timeline(document.version, number)
    except KeyError:
        return {}
    return {step.version: step.number for step in steps}


def counterparts(
    document: Document, number: str, versions: list[Document], around: list[str] = ()
) -> list[Counterpart]:
    """Each version of the document's language with this rule's number in it.

    A version without the rule offers the counterpart of its nearest ancestor that has one
    (a new sub-rule points to its parent's number there, a new section to its chapter), as
    the language switch does. ``around``: the enclosing rules, innermost first.
    """
    own = numbers_by_version(document, number)
    enclosing = dict.fromkeys([*reversed(numbers.ancestors(number)), *around])
    ancestors = [numbers_by_version(document, a) for a in enclosing if a != number]
    out = []
    for version in versions:
        found = own.get(version.version)
        nearest = None
        if found is None:
            nearest = next((m[version.version] for m in ancestors if m.get(version.version)), None)
        out.append(Counterpart(version, number, found, nearest))
    keys = keys_across_versions([(c.document, c.number) for c in out if c.number])
    for counterpart, key in zip([c for c in out if c.number], keys, strict=True):
        counterpart.identity = key
    return out


def number_in(document: Document, number: str, target: Document) -> str | None:
    """The number that ``number`` of ``document`` bears in ``target`` (same language)."""
    if target.pk == document.pk:
        return number
    return numbers_by_version(document, number).get(target.version)


def reference_language(game, kind: str, family=None) -> str | None:
    """The language with the most versions: its history spans the most renumberings.
    ``family``: the game and kind's documents when a page has read them already."""
    counts: dict[str, int] = {}
    if family is not None:
        languages = [d.language for d in family]
    else:
        languages = Document.objects.of(game, kind).values_list("language", flat=True)
    for language in languages:
        counts[language] = counts.get(language, 0) + 1
    if not counts:
        return None
    return max(sorted(counts), key=lambda lang: (counts[lang], lang == "en"))


def identity_keys(document: Document, wanted: list[str]) -> dict[str, str]:
    """Number -> identity key ("<first version>/<number then>") for rules of ``document``."""
    numbers_wanted = list(dict.fromkeys(wanted))
    pairs = [(document, number) for number in numbers_wanted]
    return dict(zip(numbers_wanted, keys_across_versions(pairs), strict=True))


def identity_key(document: Document, number: str) -> str:
    return identity_keys(document, [number])[number]


def keys_across_versions(pairs: list[tuple[Document, str]]) -> list[str]:
    """The identity key of each (document, number), all documents of one game and kind: the
    reference history is looked up once, not once per version shown."""
    if not pairs:
        return []
    first = pairs[0][0]
    family = first.known_family()
    language = reference_language(first.game, first.kind, family) or first.language
    reference, documents = history_for(first.game, first.kind, language, family)
    labels = {d.version for d in documents}
    own = {}  # a version the reference language lacks is read in its own language's history
    keys = []
    for document, number in pairs:
        history = reference
        if document.version not in labels:
            if document.language not in own:
                own[document.language] = history_of(document)[0]
            history = own[document.language]
        keys.append(_origin(history, document.version, number))
    return keys


def _origin(history, label: str, number: str) -> str:
    try:
        start = history.index(label)
    except KeyError:
        return f"{label}/{number}"
    if history.versions[start].get(number) is None:
        return f"{label}/{number}"
    for i in range(start - 1, -1, -1):
        change = history.comparison(i).for_new(number)
        if change is None or change.old is None:
            break
        number, label = change.old.number, history.versions[i].label
    return f"{label}/{number}"


def language_alternates(document: Document, number: str, pinned: bool) -> dict[str, str]:
    """Language code -> where this rule is in that language, for the language switch.

    The same version when that language has it, else that language's newest text, reached
    through the rule's identity (the number may differ there); a language without the rule
    gets its contents page, never a 404.
    """
    out = {}
    newest: dict[str, Document] = {}
    for other in _other_languages(document):
        newest.setdefault(other.language, other)
        if other.version == document.version:
            newest[other.language] = other if pinned else newest[other.language]
    for code, target in newest.items():
        there = _number_for(document, number, target)
        rule = outline.first_rule(target, there) if there else None
        if rule is not None:
            same = pinned and target.version == document.version
            out[code] = rule.get_pinned_url() if same else rule.get_absolute_url()
        else:
            out[code] = target.get_absolute_url()
    return out


def _other_languages(document: Document) -> list[Document]:
    """The game and kind's documents in other languages, newest first."""
    family = document.known_family()
    if family is None:
        others = Document.objects.of(document.game, document.kind).exclude(
            language=document.language
        )
        return list(others.select_related("game").order_by("-version"))
    others = [d for d in family if d.language != document.language]
    return sorted(others, key=lambda d: d.version, reverse=True)


def _number_for(document: Document, number: str, target: Document) -> str | None:
    if target.version == document.version:
        return number
    family = document.known_family()
    if family is not None:
        language, version = document.language, target.version
        twin = next((d for d in family if (d.language, d.version) == (language, version)), None)
    else:
        twin = (
            Document.objects.of(document.game, document.kind, document.language)
            .filter(version=target.version)
            .first()
        )
    return number_in(document, number, twin) if twin else None


def mark_rules(document: Document, number: str, blocks) -> dict[str, str]:
    """Give every rule shown in ``blocks`` its ``identity`` (for ``data-rule``); returns the
    keys by number, the page's own ``number`` included (a later part of a long section does
    not show its head)."""
    keys = identity_keys(document, [number] + [r.number for block in blocks for r in block.rules])
    for block in blocks:
        for rule in block.rules:
            rule.identity = keys.get(rule.number, "")
    return keys


def mark_steps(steps, documents_by_label: dict[str, Document]) -> None:
    """Each timeline step's rule gets its own ``identity``: where rules merged, a step after
    the merge is another rule than the one whose history this is."""
    shown = [s for s in steps if s.number and s.version in documents_by_label]
    pairs = [(documents_by_label[s.version], s.number) for s in shown]
    for step in steps:
        step.identity = ""
    for step, key in zip(shown, keys_across_versions(pairs), strict=True):
        step.identity = key
