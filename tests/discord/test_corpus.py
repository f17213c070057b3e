"""The issue's examples on the real Riftbound documents (skipped without ../shared)."""

import pytest

from rulebook.models import Document, Rule
from tests.discord.conftest import buttons, embed

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

HOST = "http://testserver"
NEWEST = f"{HOST}/r/2026-07-16/"  # replies link the version they show, by its short link


@pytest.fixture
def riftbound(corpus_knowledge, settings):
    settings.RULEBOOK_DEFAULT_GAME = "riftbound"


def text_of(number: str, language: str) -> str:
    document = Document.objects.default("riftbound", "core-rules", language)
    return Rule.objects.get(document=document, number=number).text


def test_rule_813_1c2_in_english_and_french(riftbound, discord):
    reply = discord.command("rule", number="813.1c2")
    assert reply["type"] == 4
    item = embed(reply)
    assert " ".join(text_of("813.1.c.2", "en").split()).split('"')[0] in item["description"]
    assert item["title"] == "813.1.c.2 — Keywords › Reaction"
    assert item["footer"]["text"] == "Core Rules 2026-07-16"
    assert item["url"] == f"{NEWEST}813.1.c.2"
    french = embed(discord.command("rule", locale="fr", number="813.1c2"))
    assert "compétences activées" in french["description"]
    assert french["title"] == "813.1.c.2 — Mots-clés › Réaction"
    assert french["url"] == f"{NEWEST}813.1.c.2"


def test_unknown_number_lists_the_nearest_rules(riftbound, discord):
    reply = discord.command("rule", number="999.9")
    assert reply["type"] == 4 and reply["data"]["flags"] == 64
    assert "999.9" in embed(reply)["title"]
    assert f"]({NEWEST}" in embed(reply)["description"]


def test_the_french_button_gives_the_clicker_the_same_answer_in_french(riftbound, discord):
    reply = discord.command("rule", number="813.1c2")
    [button] = buttons(reply)
    assert button["label"] == "Français"
    clicked = discord.click(button["custom_id"])
    assert clicked["type"] == 4 and clicked["data"]["flags"] == 64
    item = embed(clicked)
    assert item["url"] == f"{NEWEST}813.1.c.2"
    assert " ".join(text_of("813.1.c.2", "fr").split())[:40] in item["description"]
    assert item["footer"]["text"] == "Règles du jeu 2026-07-16"


def test_an_old_number_in_its_version_says_now(riftbound, discord):
    item = embed(discord.command("rule", number="739", version="2025-12-01"))
    assert item["url"] == f"{HOST}/r/2025-12-01/739"
    assert "Reaction" in item["title"]
    assert item["fields"][0]["value"].startswith("[now 813]")


def test_autocomplete_rules_cards_and_keywords(riftbound, discord):
    rules = discord.autocomplete("rule", "number", number="81")["data"]["choices"]
    assert rules and all(c["value"].startswith("81") for c in rules) and len(rules) <= 25
    assert [c["value"] for c in rules][:3] == ["810", "811", "812"]
    cards = discord.autocomplete("card", "name", name="defy")["data"]["choices"]
    assert cards[0] == {"name": "Defy", "value": "Defy"} and len(cards) <= 25
    keywords = discord.autocomplete("keyword", "name", name="reacton")["data"]["choices"]
    assert keywords[0]["name"] == "Reaction"
    french = discord.autocomplete("keyword", "name", locale="fr", name="reacton")
    assert french["data"]["choices"][0]["name"] == "Réaction"


def test_link_rules_on_a_chat_message(riftbound, discord):
    reply = discord.link_rules("see 813.1.c and Deflect, Defy")
    assert reply["data"]["flags"] == 64
    lines = embed(reply)["description"].split("\n")
    assert lines[0].startswith(f"[813.1.c]({NEWEST}813.1.c) ")
    assert lines[1] == f"[Deflect]({NEWEST}809) Keyword"
    assert lines[2] == f"[Defy]({HOST}/en/riftbound/cards/defy/) Card"
    assert len(lines) == 3


def test_card_and_keyword(riftbound, discord):
    card = embed(discord.command("card", name="defy"))
    assert card["title"] == "Defy" and card["image"]["url"].startswith("https://")
    assert f"[\\[Reaction\\]]({HOST}/en/riftbound/keywords/reaction/)" in card["description"]
    assert "no more than 4 Energy and no more than 1 Power of any domain" in card["description"]
    several = discord.command("card", name="Yasuo")
    assert several["data"]["flags"] == 64 and "Yasuo, Windrider" in embed(several)["description"]
    keyword = embed(discord.command("keyword", name="Reaction"))
    fields = {f["name"]: f["value"] for f in keyword["fields"]}
    assert keyword["url"] == f"{HOST}/en/riftbound/keywords/reaction/"
    assert f"[813]({NEWEST}813)" in fields["Rules"]
    assert int(fields["Cards"].strip("[").split()[0]) > 10
    assert int(fields["FAQ"].strip("[").split()[0]) > 0
