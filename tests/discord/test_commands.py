"""Slash commands, buttons, autocomplete and "Link rules" on the Lanternfall demo data."""

import json

import pytest
from django.core.management import call_command

from rulebook.discord import limits
from rulebook.loading.run import IngestOptions, run_ingest
from tests.discord.conftest import buttons, embed, everything

pytestmark = pytest.mark.django_db

HOST = "http://testserver"
GAME = {"game": "lanternfall"}
# Replies link rules by their short links, pinned to the version shown.
SHORT = HOST + "/r/2026-05-01/"


@pytest.fixture(autouse=True)
def short_links_to_lanternfall(settings):
    """``/r/`` leads into Lanternfall whichever other games the session has loaded."""
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"


def test_rule_embed(demo_data, discord):
    reply = discord.command("rule", number="711.1", **GAME)
    assert reply["type"] == 4 and "flags" not in reply["data"]
    item = embed(reply)
    assert item["title"].startswith("711.1 — ") and "Swift" in item["title"]
    assert item["description"].startswith("**711.1** ")
    assert item["url"] == f"{SHORT}711.1"
    assert item["footer"]["text"] == "Core Rules 2026-05-01"
    assert reply["data"]["allowed_mentions"] == {"parse": []}


def test_a_heading_shows_its_section_and_loose_numbers_work(demo_data, discord):
    item = embed(discord.command("rule", number="711", **GAME))
    assert item["title"] == "711 — Keywords › Swift"
    assert item["description"].startswith("**711 Swift**\n**711.1** ")
    deep = embed(discord.command("rule", number="132.1b2a", **GAME))
    assert deep["description"].startswith("**132.1.b.2.a** ")


def test_unknown_number_answers_the_asker_with_the_nearest_rules(demo_data, discord):
    reply = discord.command("rule", number="999.9", **GAME)
    assert reply["data"]["flags"] == 64
    item = embed(reply)
    assert "999.9" in item["title"]
    assert f"[714.2]({SHORT}714.2)" in item["description"]
    nonsense = discord.command("rule", number="hello", **GAME)
    assert nonsense["data"]["flags"] == 64 and "hello" in embed(nonsense)["title"]


def test_old_number_in_its_version_says_where_it_is_now(demo_data, discord):
    item = embed(discord.command("rule", number="509", version="2026-01", **GAME))
    assert item["url"] == f"{HOST}/r/2026-01/509"
    assert item["footer"]["text"] == "Core Rules 2026-01"
    now = item["fields"][0]
    assert now["name"] == "In Core Rules 2026-05-01"
    assert now["value"] == f"[now 711]({SHORT}711)"
    removed = embed(discord.command("rule", number="155", version="2026-01", **GAME))
    assert "removed" in removed["fields"][0]["value"]
    missing = discord.command("rule", number="711", version="2019-01", **GAME)
    assert missing["data"]["flags"] == 64


def test_french_locale_answers_in_french(demo_data, discord):
    item = embed(discord.command("rule", locale="fr", number="711", **GAME))
    assert item["title"] == "711 — Mots-clés › Célérité"
    assert item["url"] == f"{SHORT}711"  # /r/ answers in the reader's browser language
    assert item["footer"]["text"] == "Règles du jeu 2026-05-01"
    chosen = embed(discord.command("rule", number="711", lang="fr", **GAME))
    assert chosen["url"] == item["url"]


def test_french_locale_without_french_text_answers_in_english_with_a_note(demo_data, discord):
    item = embed(discord.command("rule", locale="fr", number="509", version="2026-01", **GAME))
    assert item["url"] == f"{HOST}/r/2026-01/509"
    assert item["description"].startswith("*Il n’existe pas de texte français")
    assert item["fields"][0]["value"].startswith("[désormais 711]")


def test_language_button_gives_the_clicker_the_other_language(demo_data, discord):
    reply = discord.command("rule", number="711", **GAME)
    [button] = buttons(reply)
    assert button["label"] == "Français" and button["style"] == 2
    clicked = discord.click(button["custom_id"])
    assert clicked["type"] == 4 and clicked["data"]["flags"] == 64
    assert embed(clicked)["url"] == f"{SHORT}711"
    assert "Célérité" in embed(clicked)["title"]
    [back] = buttons(clicked)
    assert back["label"] == "English"
    english = embed(discord.click(back["custom_id"], locale="fr"))
    assert english["url"] == f"{SHORT}711" and "Swift" in english["title"]


def test_no_language_button_when_the_other_language_lacks_the_rule(demo_data, discord):
    assert buttons(discord.command("rule", number="509", version="2026-01", **GAME)) == []


@pytest.fixture
def long_rules(tmp_path):
    """A game whose one section is longer than an embed (our own filler text)."""
    sentence = "Each lantern keeper walks the long road and counts every step twice. "
    lines = ["## 100. Long Roads", "", "101. Walking"]
    lines += [f"101.{n}. {sentence * 4}" for n in range(1, 31)]
    path = tmp_path / "long_2026-02-02.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # Loaded inside the test's transaction, without the command's index rebuild.
    run_ingest([path], IngestOptions(game="longroads", language="en"))
    return {"game": "longroads"}


def test_show_more_pages_through_a_long_rule(long_rules, discord):
    reply = discord.command("rule", number="101", **long_rules)
    item = embed(reply)
    assert len(item["description"]) <= limits.DESCRIPTION and limits.size(item) <= limits.TOTAL
    assert item["title"].endswith("(1/3)")
    assert (
        # No short link reaches this game: its pinned page.
        "[Read the rest on the site](http://testserver/en/longroads/rules/2026-02-02/101/)"
        in item["description"]
    )
    [more] = buttons(reply)
    assert more["label"] == "Show more"
    seen = [item["description"]]
    while more:
        page = discord.click(more["custom_id"])
        assert page["data"]["flags"] == 64
        seen.append(embed(page)["description"])
        assert limits.size(embed(page)) <= limits.TOTAL
        more = next(iter(buttons(page)), None)
    assert len(seen) == 3
    text = "\n".join(seen)
    assert all(f"**101.{n}**" in text for n in range(1, 31))


def test_keyword(demo_data, discord):
    item = embed(discord.command("keyword", name="swift", **GAME))
    assert item["title"] == "Swift"
    assert item["url"] == f"{HOST}/en/lanternfall/keywords/swift/"
    fields = {f["name"]: f["value"] for f in item["fields"]}
    assert f"[711]({SHORT}711)" in fields["Rules"]
    assert fields["Cards"].startswith("[5 cards](") and "#cards" in fields["Cards"]
    assert fields["FAQ"].startswith("[") and "FAQ entr" in fields["FAQ"]
    french = embed(discord.command("keyword", locale="fr", name="Swift", **GAME))
    assert french["title"] == "Célérité" and french["url"].startswith(f"{HOST}/fr/")
    typo = embed(discord.command("keyword", name="swfit", **GAME))
    assert typo["title"] == "Swift"
    assert discord.command("keyword", name="zzzzzz", **GAME)["data"]["flags"] == 64


def test_card(demo_data, discord):
    reply = discord.command("card", name="ashen bellringer", **GAME)
    item = embed(reply)
    assert item["title"] == "Ashen Bellringer"
    assert item["url"] == f"{HOST}/en/lanternfall/cards/ashen-bellringer/"
    assert f"[\\[Swift\\]]({HOST}/en/lanternfall/keywords/swift/)" in item["description"]
    assert "pay 2 Energy to draw" in item["description"]  # a symbol read as words
    assert ":rb_" not in item["description"]
    assert item["image"]["url"].startswith("https://example.org/lanternfall/cards/")
    fields = {f["name"]: f["value"] for f in item["fields"]}
    assert fields["Type"] == "Warden" and fields["Cost"]
    assert "[Swift](" in fields["Keywords"] and "[Ward](" in fields["Keywords"]
    assert fields["FAQ"].startswith("[")
    french = discord.command("card", locale="fr", name="Ashen Bellringer", **GAME)
    assert "anglais" in embed(french)["description"]
    assert "/fr/lanternfall/keywords/" in embed(french)["description"]


def test_card_errata_are_shown(demo_data, discord):
    from rulebook.models import Erratum

    erratum = Erratum.objects.filter(game__slug="lanternfall", card__isnull=False).first()
    item = embed(discord.command("card", name=erratum.card.name, **GAME))
    errata = [f for f in item["fields"] if f["name"] == "Errata"]
    assert errata and "#card-errata" in errata[0]["value"]


def test_search_lists_the_top_five(index, discord):
    reply = discord.command("search", query="Swift", **GAME)
    item = embed(reply)
    assert 1 <= len(item["fields"]) <= 5
    assert item["fields"][0]["name"] == "Keyword · Swift"
    assert f"{HOST}/en/lanternfall/keywords/swift/" in item["fields"][0]["value"]
    assert "**Swift**" in everything(reply)  # the highlight, as bold
    assert item["url"] == f"{HOST}/en/search/?q=Swift&game=lanternfall"
    number = embed(discord.command("search", query="rule 711.1", **GAME))
    assert number["url"] == f"{SHORT}711.1"
    nothing = discord.command("search", query="zzyzx qqq", **GAME)
    assert nothing["data"]["flags"] == 64


def test_link_rules_message_command(demo_data, discord):
    # A message command has no game option: the default game, Lanternfall here.
    reply = discord.link_rules("does Swift beat rule 405.1? see Sudden Gust and <@123> `711`")
    assert reply["data"]["flags"] == 64
    item = embed(reply)
    lines = item["description"].split("\n")
    assert lines == [
        f"[Swift]({SHORT}711) Keyword",
        f"[405.1]({SHORT}405.1) " + lines[1].split(") ", 1)[1],
        f"[Sudden Gust]({HOST}/en/lanternfall/cards/sudden-gust/) Card",
    ]
    empty = discord.link_rules("nothing to see here")
    assert empty["data"]["flags"] == 64 and "embeds" in empty["data"]


def test_autocomplete(demo_data, discord):
    rules = discord.autocomplete("rule", "number", number="71", **GAME)
    assert rules["type"] == 8
    values = [c["value"] for c in rules["data"]["choices"]]
    assert values[:3] == ["710", "711", "712"] and all(v.startswith("71") for v in values)
    assert len(values) <= 25
    assert rules["data"]["choices"][1]["name"] == "711 Swift"
    loose = discord.autocomplete("rule", "number", number="132.1b", **GAME)
    assert "132.1.b.2.a" in [c["value"] for c in loose["data"]["choices"]]
    keywords = discord.autocomplete("keyword", "name", name="wrad", **GAME)
    assert keywords["data"]["choices"][0] == {"name": "Ward", "value": "Ward"}
    french = discord.autocomplete("keyword", "name", locale="fr", name="celer", **GAME)
    assert french["data"]["choices"][0]["name"] == "Célérité"
    cards = discord.autocomplete("card", "name", name="bellringr", **GAME)
    assert cards["data"]["choices"][0]["value"] == "Ashen Bellringer"
    games = discord.autocomplete("rule", "game", game="lant")
    assert games["data"]["choices"][0] == {"name": "Lanternfall", "value": "lanternfall"}


def test_default_game_and_unknown_game(demo_data, discord):
    item = embed(discord.command("rule", number="711"))
    assert item["url"] == f"{SHORT}711" and "Swift" in item["title"]
    unknown = discord.command("rule", number="711", game="chess")
    assert unknown["data"]["flags"] == 64 and "lanternfall" in embed(unknown)["title"]


def test_every_embed_stays_within_discord_limits(demo_data, discord):
    for number in ["100", "700", "711", "103", "401"]:
        item = embed(discord.command("rule", number=number, **GAME))
        assert limits.size(item) <= limits.TOTAL and len(item.get("fields", [])) <= 25
        assert len(item["title"]) <= limits.TITLE


def test_deferred_reply_and_its_follow_up(demo_data, discord, settings, monkeypatch):
    from rulebook.discord import followup

    sent = []

    class Response:
        status = 200

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    def fake_urlopen(request, timeout):
        sent.append(request)
        return Response()

    monkeypatch.setattr(followup, "urlopen", fake_urlopen)
    monkeypatch.setattr(followup, "start", lambda target, *args: target(*args))
    settings.RULEBOOK_DISCORD_DEFERRED = ["rule"]
    assert discord.command("rule", number="711", **GAME) == {"type": 5, "data": {}}
    [request] = sent
    assert request.get_method() == "PATCH"
    assert request.full_url == (
        "https://discord.com/api/v10/webhooks/775799577604522054/A_UNIQUE_TOKEN/messages/@original"
    )
    body = json.loads(request.data)
    assert body["embeds"][0]["url"] == f"{SHORT}711"


def test_discord_commands_prints_definitions_with_french(capsys):
    call_command("discord_commands")
    commands = json.loads(capsys.readouterr().out)
    names = [c["name"] for c in commands]
    assert names == ["rule", "search", "keyword", "card", "Link rules"]
    rule = commands[0]
    assert rule["type"] == 1 and rule["name_localizations"] == {"fr": "règle"}
    assert rule["description_localizations"]["fr"] != rule["description"]
    number = rule["options"][0]
    assert number["autocomplete"] is True and number["name_localizations"] == {"fr": "numéro"}
    assert number["description_localizations"]["fr"].startswith("Numéro")
    assert commands[-1] == {
        "type": 3,
        "name": "Link rules",
        "name_localizations": {"fr": "Lier les règles"},
    }
    for command in commands[:4]:
        assert len(command["description"]) <= 100
        assert {o["name"] for o in command["options"]} >= {"game"}


def test_prose_entries_by_name(demo_data, discord):
    from rulebook.models import Rule

    entries = Rule.objects.filter(document__game__slug="hollowmere", section__isnull=False)
    entry = entries.exclude(title="").first()
    item = embed(discord.command("rule", number=entry.title, game="hollowmere"))
    assert item["description"].startswith(f"**{entry.title}** ")
    assert item["title"].startswith(f"{entry.title} — ")
    assert item["url"] == f"{HOST}/en/hollowmere/rules/2026-06-01/{entry.number}/"


def test_a_heading_found_for_a_question_leads_with_the_rule_below_it(index, discord, monkeypatch):
    """The search engines' own tests show which headings get an answer; here, that a reply
    names it before the words it shows."""
    from rulebook.discord import rules
    from rulebook.search.base import SearchHit, SearchResults

    real = rules.run_search

    def answered(query, **kwargs):
        results: SearchResults = real(query, **kwargs)
        hit = results.hits[0]
        below = SearchHit(**{**hit.__dict__, "number": "711.1", "snippet": "<mark>Swift</mark> x"})
        hit.answered_by(below)
        return results

    monkeypatch.setattr(rules, "run_search", answered)
    item = embed(discord.command("search", query="Swift", **GAME))
    assert item["fields"][0]["value"].startswith("**711.1** **Swift** x\n")
