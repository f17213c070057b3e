"""Icons drawn on the pages and read as words wherever they cannot be drawn (issue 32, item 2):
meta and OpenGraph descriptions, card previews, errata, official FAQ answers, the API's plain
readings and oEmbed. No page of the demo's cards, keywords or FAQ holds a ``:rb_…:`` token.
"""

from __future__ import annotations

import json
import re
from collections import deque

import pytest

from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Card

pytestmark = pytest.mark.django_db

TOKEN_RE = re.compile(r":rb_\w+:")
META_RE = re.compile(
    r'<meta (?:name|property)="(?:description|og:description|twitter:descr'
    r'iption)" content="([^"]*)"'
)
KNOWLEDGE_RE = re.compile(r"/(?:en|fr)/lanternfall/(?:cards|keywords|faq)/[^\"#?]*")


def crawl_knowledge(client, starts: list[str], limit: int = 800) -> dict[str, str]:
    """Every card, keyword and FAQ page (and card preview) reachable from ``starts``."""
    bodies: dict[str, str] = {}
    queue = deque(starts)
    while queue and len(bodies) < limit:
        path = queue.popleft()
        if path in bodies:
            continue
        response = client.get(path, follow=True)  # a keyword named in another language
        assert response.status_code == 200, path
        bodies[path] = body = response.content.decode()
        queue.extend(url for url in KNOWLEDGE_RE.findall(body) if url not in bodies)
    return bodies


def test_no_icon_token_on_any_card_keyword_or_faq_page(demo_data, client):
    starts = [
        f"/{lang}/lanternfall/{kind}/"
        for lang in ("en", "fr")
        for kind in ("cards", "keywords", "faq")
    ]
    bodies = crawl_knowledge(client, starts)
    cards = [path for path in bodies if re.fullmatch(r"/en/lanternfall/cards/[-\w]+/", path)]
    previews = [path for path in bodies if path.endswith("/preview/")]
    assert len(cards) == Card.objects.filter(game__slug="lanternfall").count() and previews
    leaks = {path: TOKEN_RE.findall(body) for path, body in bodies.items()}
    assert {path: found for path, found in leaks.items() if found} == {}


def test_card_page_meta_reads_icons_as_words(demo_data, client):
    card = next(
        c
        for c in Card.objects.filter(game__slug="lanternfall")
        if ":rb_energy_2:" in c.ability_text
    )
    html = client.get(f"/en/lanternfall/cards/{card.slug}/").content.decode()
    descriptions = META_RE.findall(html)
    assert len(descriptions) == 3
    assert all("pay 2 Energy to draw" in text for text in descriptions)
    preview = client.get(f"/en/lanternfall/cards/{card.slug}/preview/").content.decode()
    assert "pay 2 Energy to draw" in preview and not TOKEN_RE.search(preview)


def test_card_image_is_a_sized_box_with_a_placeholder(demo_data, client):
    card = Card.objects.get(game__slug="lanternfall", slug="lantern-warden")
    for path, size in [
        ("/en/lanternfall/cards/", 'width="60" height="84"'),
        ("/en/lanternfall/cards/lantern-warden/", 'width="300" height="419"'),
        ("/en/lanternfall/cards/lantern-warden/preview/", 'width="120" height="168"'),
    ]:
        html = client.get(path).content.decode()
        box = re.search(
            r'<span class="card-art [^"]*"[^>]*><span class="card-art-text" aria-hidden="true">'
            r"<span class=\"card-art-name\">Lantern Warden</span> "
            r'<span class="card-art-facts">3 · Warden</span></span><img [^>]*></span>',
            html,
        )
        assert box, path
        img = re.search(r"<img [^>]*>", box.group(0)).group(0)
        assert f'alt="{card.name}"' in img and 'data-facts="3 · Warden"' in img, path
        assert size in img and 'loading="lazy"' in img and 'decoding="async"' in img, path


def test_errata_draw_their_shorthand_as_icons(demo_data, client):
    html = client.get("/en/lanternfall/cards/briar-trapper/").content.decode()
    errata = html[html.index('id="card-errata"') :]
    new = errata[errata.index('class="new-text"') :]
    assert 'role="img" aria-label="then"' in new.split("</p>")[0]
    assert "[&gt;]" not in errata and "[>]" not in errata


@pytest.fixture
def official_with_shorthand(demo_data, demo_dir, tmp_path):
    """The demo's official FAQ with one more article quoting a card in the rules' shorthand,
    ingested in the test's transaction."""
    path = demo_dir / "lanternfall/faq/official-faqs.json"
    articles = json.loads(path.read_text(encoding="utf-8"))
    articles.append(
        {
            **articles[0],
            "id": "shorthand-faq",
            "title": "Shorthand FAQ",
            "content": "## Costs\n\n### Q: What does Lantern Warden's text cost?\n\n"
            "[Swift] (Hide now for [A] to react with later for [0].) See rule 711.2.\n\n"
            "[1][C], [E]: give a Warden +2 [M].\n",
        }
    )
    (tmp_path / "official-faqs.json").write_text(json.dumps(articles), encoding="utf-8")
    run_ingest([tmp_path / "official-faqs.json"], IngestOptions(game="lanternfall"))


def test_official_faq_answers_draw_the_shorthand_as_icons(official_with_shorthand, client):
    html = client.get("/en/lanternfall/faq/official/shorthand-faq/").content.decode()
    answer = html[html.index('class="faq-answer"') :].split("</article>")[0]
    for label in ("1 Power of any domain", "0 Energy", "1 Energy", "Exhaust", "Might"):
        assert f'role="img" aria-label="{label}"' in answer, label
    assert "1 Power of this card&#x27;s domain" in answer
    assert not re.search(r"\[(?:[ACEM]|\d)\]", answer)
    descriptions = META_RE.findall(html)
    assert descriptions and "[A]" not in descriptions[0]


def test_rule_pages_excerpt_official_answers_in_words(official_with_shorthand, client):
    html = client.get("/en/lanternfall/rules/711/").content.decode()
    faq = html[html.index('id="rule-faq"') :].split("</section>")[0]
    assert "What does Lantern Warden&#x27;s text cost?" in faq
    assert "Hide now for 1 Power of any domain to react with later for 0 Energy." in faq
    assert "[A]" not in faq


def test_api_adds_plain_readings_beside_the_source_texts(demo_data, client):
    card = next(
        c for c in Card.objects.filter(game__slug="lanternfall") if ":rb_exhaust:" in c.ability_text
    )
    data = client.get(f"/api/v1/games/lanternfall/cards/{card.slug}").json()
    assert data["ability_text"] == card.ability_text  # the source, tokens and all
    assert ":rb_exhaust:" in data["ability_text"] and "Exhaust:" in data["ability_plain"]
    assert not TOKEN_RE.search(data["ability_plain"])
    printing = data["printings"][0]
    assert printing["ability_text"] == card.printings.first().ability_text
    assert not TOKEN_RE.search(printing["ability_plain"]) and "image_alt_plain" in printing
    errata = client.get("/api/v1/games/lanternfall/cards/briar-trapper").json()["errata"][0]
    assert "[>]" in errata["new_text"] and "[>]" not in errata["new_plain"]
    assert errata["new_plain"].startswith("[Snare] then I get +2 Might")


@pytest.fixture
def rule_with_a_token(db, tmp_path):
    """A small rules document of a game of its own, one rule carrying a gallery token."""
    text = (
        "# Tokenfall Core Rules\n\n### Last Updated: 2026-02-01\n\n## 100. Costs\n\n"
        "101. A Warden with +2 :rb_might: pays :rb_energy_1::rb_rune_fury: to move. Its "
        "shorthand is [M].\n101.1. Nothing else.\n"
    )
    path = tmp_path / "2026-02-01_v1.0.md"
    path.write_text(text, encoding="utf-8")
    run_ingest([path], IngestOptions(game="tokenfall", allow_anomalies=True))


def test_oembed_reads_tokens_as_words_and_keeps_rule_shorthand(rule_with_a_token, client):
    url = "http://testserver/en/tokenfall/rules/101/"
    data = client.get("/api/v1/oembed", {"url": url}).json()
    said = "A Warden with +2 Might pays 1 Energy 1 Fury Power to move. Its shorthand is [M]."
    assert data["description"] == said
    assert not TOKEN_RE.search(data["html"]) and "1 Fury Power" in data["html"]
