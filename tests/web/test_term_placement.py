"""Term links as a careful editor places them, on the real rules (issue 32 item 3).

Read from Core Rules 2026-07-16 (v1.4): "A Showdown is a Window of Opportunity…" (342, in
the section "341 Showdowns") defines showdowns; 316.8.c is a summary that points at 341.
"Damage is a marked value…" (142) defines Damage. "The Effect is the Instructions that are
not part of the Condition." (383.2.b) is the Effect of a Triggered Ability only ("383.2
Triggered Abilities have a Condition and an Effect."): the rules define no Effect in general,
so the word is not linked.
"""

import re
from html.parser import HTMLParser

import pytest

from ingest import numbers

pytestmark = pytest.mark.django_db

PINNED = {
    "Showdown": "342",
    "Showdowns": "342",
    "Damage": "142",
    "Reaction": "813.1",
    "Abilities": "361",
    "Ability": "361",
    "Rune": "161",
    "Chain": "328",
    "Attacker": "464.2.c.1",
}


def _newest_english():
    from rulebook.models import Document

    return Document.objects.get(
        game__slug="riftbound", kind="core-rules", language="en", version="2026-07-16"
    )


def test_terms_go_to_the_rule_that_defines_them(corpus_data):
    from rulebook.pages.terms import matcher_for

    targets = {d.term: d.number for d in matcher_for(_newest_english()).definitions}
    assert {term: targets.get(term) for term in PINNED} == PINNED
    assert "Effect" not in targets, "no rule defines Effect in general"


class _Links(HTMLParser):
    """Each rule's id with the targets of the term links in its text; the breadcrumbs."""

    def __init__(self):
        super().__init__()
        self.rules: dict[str, list[str]] = {}
        self.crumbs: set[str] = set()
        self.current = None
        self.in_crumbs = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "nav" and "breadcrumbs" in classes:
            self.in_crumbs = True
        elif tag == "div" and "rule" in classes and attrs.get("id"):
            self.current = attrs["id"]
            self.rules[self.current] = []
        elif tag == "a" and self.in_crumbs and "/rules/" in (attrs.get("href") or ""):
            self.crumbs.add(attrs["href"].rstrip("/").rsplit("/", 1)[-1])
        elif tag == "a" and "term" in classes and self.current:
            self.rules[self.current].append(attrs["data-target"])

    def handle_endtag(self, tag):
        if tag == "nav":
            self.in_crumbs = False


def _self_links(client, number: str) -> list[tuple[str, str]]:
    """(rule, target) of each term link to the page's rule, a rule it shows, a rule above."""
    page = _Links()
    page.feed(client.get(f"/en/riftbound/rules/{number}/").content.decode())
    shown = set(page.rules)
    bad = []
    for rule, targets in page.rules.items():
        around = {number, rule, *numbers.ancestors(rule), *page.crumbs, *shown}
        bad += [(rule, target) for target in targets if target in around]
    return bad


def test_813_reaction_has_no_self_links_and_one_link_for_rune_abilities(corpus_data, client):
    html = client.get("/en/riftbound/rules/813/").content.decode()
    assert _self_links(client, "813") == []
    assert not re.search(r'class="term"[^>]*data-target="813[."]', html)
    row = re.search(r'id="813\.1\.a">.*?</div>', html, re.S).group(0)
    # "It can be present on Cards, Rune Abilities, Legend Abilities and Permanent Abilities."
    assert re.findall(r'class="term"[^>]*>([^<]+)</a>', row) == ["Cards", "Rune Abilities"]


def test_every_rule_page_of_the_keywords_chapter_has_no_self_links(corpus_data, client):
    from rulebook.models import Rule

    document = _newest_english()
    chapter = Rule.objects.in_document(document).get(number="800", occurrence=1)
    rules = Rule.objects.in_document(document).filter(
        position__gte=chapter.position, position__lte=chapter.section_end, occurrence=1
    )
    found = {n: _self_links(client, n) for n in rules.values_list("number", flat=True)}
    assert len(found) > 300
    assert {number: bad for number, bad in found.items() if bad} == {}


def test_a_keyword_page_links_no_term_to_the_rules_it_shows(corpus_data, client):
    html = client.get("/en/riftbound/keywords/reaction/").content.decode()
    rows = dict(re.findall(r'<div class="rule[^"]*" id="([^"]+)">(.*?)</div>', html, re.S))
    assert {"813", "813.1", "813.3"} <= set(rows)
    link = r'class="term"[^>]*data-target="([^"]+)"'
    targets = {t for row in rows.values() for t in re.findall(link, row)}
    assert targets and not targets & set(rows), "Reaction is defined right there, in 813.1"
