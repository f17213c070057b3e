"""Reading aids on rule pages: examples set apart, ingest repairs kept for source notes."""

import re

import pytest

pytestmark = pytest.mark.django_db


def rule_html(client, url, anchor):
    html = client.get(url).content.decode()
    return re.search(rf'<div class="rule[^"]*" id="{re.escape(anchor)}">.*?\n</div>', html, re.S)


def test_example_is_a_labelled_block_after_the_rule_sentence(demo_data, client):
    row = rule_html(client, "/en/lanternfall/rules/103/", "103.2.b.1").group(0)
    assert 'have different names. <span class="example">' in row
    assert '<span class="example-label">Example:</span> &quot;Mira, Lantern-Bearer&quot;' in row


def test_french_example_is_set_apart_too(demo_data, client):
    row = rule_html(client, "/fr/lanternfall/rules/103/", "103.2.b.1").group(0)
    assert '<span class="example-label">Exemple :</span> « Mira' in row


def test_rule_without_example_has_no_example_block(demo_data, client):
    row = rule_html(client, "/en/lanternfall/rules/103/", "103.2.b").group(0)
    assert "example" not in row


class Target:
    number = "405"
    text = "Damage"

    def get_absolute_url(self):
        return "/en/g/rules/405/"


class Ref:
    target_id = 1
    target = Target()

    def __init__(self, start, end):
        self.start, self.end = start, end


class Refs(list):
    def all(self):
        return self


class Written:
    """A rule's text with its references, as ``rule_text`` reads them (no database needed)."""

    def __init__(self, text):
        self.text = text
        self.references = Refs()

    def cite(self, written, nth):
        start = [m.start() for m in re.finditer(re.escape(written), self.text)][nth]
        self.references.append(Ref(start, start + len(written)))
        return self


def test_example_keeps_its_links_and_escapes_its_text():
    from rulebook.web.templatetags.rulebook_tags import rule_text

    text = "Deal <b>2</b>. See rule 405. Example: a <i> unit, see rule 405."
    html = str(rule_text({}, Written(text).cite("rule 405", 0).cite("rule 405", 1)))
    before, example = html.split('<span class="example">')
    assert "&lt;b&gt;" in before and before.count('class="xref"') == 1
    assert example.startswith('<span class="example-label">Example:</span> a &lt;i&gt; unit')
    assert example.count('class="xref"') == 1


def test_repair_badges_are_not_shown_to_readers(demo_data, client):
    for url in ("/en/lanternfall/rules/204/", "/en/lanternfall/rules/210/", "/en/lanternfall/"):
        html = client.get(url).content.decode()
        assert "repair-note" not in html and " repaired" not in html


def test_source_notes_are_behind_a_parameter_no_page_links(demo_data, client):
    html = client.get("/en/lanternfall/rules/210/").content.decode()
    assert "notes=1" not in html and "Source notes" not in html, "a maintainers' tool"
    noted = client.get("/en/lanternfall/rules/210/?notes=1").content.decode()
    assert 'class="repair-note"' in noted and 'href="?"' in noted


def test_keyword_faq_puts_citing_then_central_entries_first():
    from rulebook.models import FaqEntry, Keyword
    from rulebook.pages.knowledge import by_relevance

    keyword = Keyword(name="Reaction", number="813", aliases=[])

    def entry(question, cites=(), answer=""):
        return FaqEntry(question=question, rule_citations=list(cites), answer_text=answer)

    passing = entry("Can my unit move twice?", answer="Not with a Reaction.")
    late = entry("When my opponent passes priority, can I play a Reaction?")
    direct = entry("I have a Reaction spell; when can I play it?")
    citing = entry("What happens at the end of a turn?", cites=["813.1.a"])
    unrelated_number = entry("Is 8130 a rule?", cites=["8130"])
    plural = entry("Do Reactions stack?")
    ordered = by_relevance([passing, late, unrelated_number, direct, plural, citing], keyword)
    assert ordered == [citing, plural, direct, late, passing, unrelated_number]


def test_keyword_page_lists_entries_citing_its_rules_first(demo_data, client):
    from rulebook.models import Keyword
    from rulebook.pages.knowledge import keyword_faq

    for keyword in Keyword.objects.filter(document__game__slug="lanternfall")[:40]:
        faq = keyword_faq(keyword.document.game, keyword)
        cites = [
            any(n == keyword.number or n.startswith(keyword.number + ".") for n in e.rule_citations)
            for e in faq
        ]
        assert cites == sorted(cites, reverse=True), keyword.name
