"""The comparison page's changes, written in Python, match the per-change template."""

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from rulebook.models import Game
from rulebook.pages import history as changes
from rulebook.web.change_html import change_html
from rulebook.web.templatetags.history_tags import class_label

pytestmark = pytest.mark.django_db


def collapsed(html: str) -> str:
    """Whitespace between and inside tags is not significant in this markup (no <pre>)."""
    return re.sub(r"\s+", " ", str(html)).replace("> <", "><").strip()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_demo_change_renders_as_the_template_does(demo_data, language):
    game = Game.objects.get(slug="lanternfall")
    with translation.override(language):
        # The English versions, in each interface language (badges and labels translated).
        history, documents = changes.history_for(game, "core-rules", "en")
        old, new = documents[0], documents[-1]
        comparison = changes.comparison_between(history, old.version, new.version)
        shown = comparison.visible(hide_renumber_only=False, hide_xref_only=False)
        assert shown
        seen = set()
        for change in shown:
            context = {"change": change, "game": game, "kind_slug": "rules", "old": old}
            expected = render_to_string("rulebook/_partials/change.html", {**context, "new": new})
            label = str(class_label(change.cls))
            got = change_html(change, label, "lanternfall", "rules", old.version, new.version)
            assert collapsed(got) == collapsed(expected), change.number
            seen.add(change.cls)
        assert {"renumbered", "removed"} <= seen


def test_values_are_escaped():
    rule = SimpleNamespace(number="101", text="<script>x</script>")
    change = SimpleNamespace(
        cls="added", number="101", old=None, new=rule, diff=[], meaning_flips=["<i>"],
        xref_only=False, example_only=False, split_from="<b>", split_into=[],
        merged_into=None, merged_from=["<u>", "102"],
    )  # fmt: skip
    with translation.override("en"):
        html = change_html(change, "added", "lanternfall", "rules", "2026-01", "2026-05-01")
    for tag in ("script", "i", "b", "u"):
        assert f"<{tag}>" not in html and f"&lt;{tag}&gt;" in html
    assert 'href="/en/lanternfall/rules/2026-05-01/101/"' in html
