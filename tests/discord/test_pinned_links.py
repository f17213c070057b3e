"""The Discord replies link rules by short links pinned to the version they show (issue 32,
item 6), so a reply read after a renumbering still points at the rule it quoted. On our own
Emberwick documents, where 120 "Privacy" becomes 125 and 120 is then "Ownership"."""

import pytest

from tests.discord.conftest import embed
from tests.tournament import GAME, load_first_versions

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture
def emberwick(settings):
    settings.RULEBOOK_DEFAULT_GAME = GAME
    load_first_versions()


def test_a_rule_reply_links_the_version_it_quotes(emberwick, discord):
    newest = embed(discord.command("rule", number="120", game=GAME))
    assert newest["url"] == f"{HOST}/r/2031-06-01/120" and "Ownership" in newest["description"]
    old = embed(discord.command("rule", number="120", version="2031-01-10", game=GAME))
    assert old["url"] == f"{HOST}/r/2031-01-10/120" and "Privacy" in old["description"]
    assert old["fields"][0]["value"] == f"[now 125]({HOST}/r/2031-06-01/125)"


def test_link_rules_pins_to_the_newest_version(emberwick, discord):
    item = embed(discord.link_rules("is rule 120 still about privacy? and TR 201"))
    lines = item["description"].split("\n")
    assert lines[0].startswith(f"[120]({HOST}/r/2031-06-01/120) ")
    assert lines[1].startswith(f"[201]({HOST}/r/2031-07-01/tr/201) ")


def test_the_nearest_rules_are_pinned_too(emberwick, discord):
    reply = discord.command("rule", number="126", game=GAME)
    assert f"[125.1]({HOST}/r/2031-06-01/125.1)" in embed(reply)["description"]
