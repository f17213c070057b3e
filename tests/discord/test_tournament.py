"""``/rule`` in the Tournament Rules (issue 34): a ``document`` option, or the number written
"TR 201", on our own Emberwick documents (``tests/data/tournament``)."""

import json

import pytest
from django.core.management import call_command

from rulebook.discord.replies import Action
from rulebook.loading.run import IngestOptions, run_ingest
from tests.discord.conftest import buttons, embed
from tests.tournament import DATA, GAME, TOURNAMENT, load_first_versions

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture
def emberwick(settings):
    settings.RULEBOOK_DEFAULT_GAME = GAME  # replies link by short links, /r/ leads here
    load_first_versions()


TR = f"{HOST}/r/2031-07-01/tr/"  # a reply's links are pinned to the version it shows
CR = f"{HOST}/r/2031-06-01/"


def test_rule_takes_a_document(emberwick, discord):
    item = embed(discord.command("rule", number="201", document="tournament-rules", game=GAME))
    assert item["url"] == f"{TR}201"
    assert item["footer"]["text"] == "Tournament Rules 2031-07-01"
    assert item["title"].startswith("TR 201")
    assert "Outside Assistance" in item["description"]
    core = embed(discord.command("rule", number="125", game=GAME))
    assert core["url"] == f"{CR}125" and core["footer"]["text"].startswith("Core")


def test_the_number_may_name_its_document(emberwick, discord):
    item = embed(discord.command("rule", number="TR 201.1", game=GAME))
    assert item["url"] == f"{TR}201.1"
    core = embed(discord.command("rule", number="CR 125", document="tournament-rules", game=GAME))
    assert core["url"] == f"{CR}125"


def test_an_unknown_document_value_is_the_core_rules(emberwick, discord):
    item = embed(discord.command("rule", number="125", document="<script>", game=GAME))
    assert item["url"] == f"{CR}125"


def test_a_number_the_tournament_rules_lack_is_looked_for_there(emberwick, discord):
    reply = discord.command("rule", number="125", document="tournament-rules", game=GAME)
    assert reply["data"]["flags"] == 64
    assert "Tournament Rules 2031-07-01" in embed(reply)["title"]


def test_a_game_without_tournament_rules_says_so(demo_data, discord):
    reply = discord.command("rule", number="101", document="tournament-rules", game="hollowmere")
    assert reply["data"]["flags"] == 64 and "There is no Tournament Rules" in json.dumps(reply)


def test_buttons_keep_the_document(emberwick, discord):
    # The same text stored as French too, so that the reply offers the other language.
    run_ingest([DATA / TOURNAMENT[0]], IngestOptions(game=GAME, language="fr"))
    reply = discord.command("rule", number="201", document="tournament-rules", game=GAME)
    [language] = buttons(reply)
    assert "|TR 201|" in language["custom_id"]
    french = embed(discord.click(language["custom_id"]))
    assert french["url"] == f"{TR}201" and french["footer"]["text"].startswith("Règles")
    old = Action("rule", "en", GAME, ["TR 201", "2031-07-01", "1"]).custom_id()
    assert embed(discord.click(old))["url"] == f"{TR}201"


def test_autocomplete_offers_the_chosen_documents_numbers(emberwick, discord):
    reply = discord.autocomplete(
        "rule", "number", number="20", document="tournament-rules", game=GAME
    )
    values = [c["value"] for c in reply["data"]["choices"]]
    assert values[:3] == ["TR 200", "TR 201", "TR 201.1"]
    typed = discord.autocomplete("rule", "number", number="TR 20", game=GAME)
    assert [c["value"] for c in typed["data"]["choices"]][:2] == ["TR 200", "TR 201"]
    core = discord.autocomplete("rule", "number", number="12", game=GAME)
    assert [c["value"] for c in core["data"]["choices"]][:2] == ["120", "125"]


def test_the_definition_offers_the_documents(capsys):
    call_command("discord_commands")
    rule = json.loads(capsys.readouterr().out)[0]
    [document] = [o for o in rule["options"] if o["name"] == "document"]
    assert [c["value"] for c in document["choices"]] == ["core-rules", "tournament-rules"]
    assert document["required"] is False
