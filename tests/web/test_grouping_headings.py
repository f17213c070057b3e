"""A grouping heading (no rules of its own, sections after it) shows its sections (item 6)."""

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

# Our own writing: "201. Turn Structure" groups the phase sections that follow it.
SOURCE = """# Tidewatch Core Rules

### Last Updated: 2026-02-01

## 100. Basics

### 101. Winning

102. The first player to gather 10 Pearls wins the game.

## 200. Playing

### 201. Turn Structure

### 202. Morning Phase

203. The active player readies their Divers.

### 204. Evening Phase

205. The active player discards down to 7 cards.

## 300. Combat

### 301. Skirmishes

302. A skirmish happens when two Divers share a Reef.
"""


@pytest.fixture
def tidewatch(tmp_path):
    path = tmp_path / "2026-02-01_tidewatch.md"
    path.write_text(SOURCE, encoding="utf-8")
    call_command("ingest", str(path), "--game", "tidewatch", "--language", "en", "-v0")


def test_grouping_heading_lists_its_sections(tidewatch, client):
    html = client.get("/en/tidewatch/rules/201/").content.decode()
    toc = html[html.index('class="mini-toc"') :]
    toc = toc[: toc.index("</nav>")]
    assert 'href="/en/tidewatch/rules/202/"' in toc and "Morning Phase" in toc
    assert 'href="/en/tidewatch/rules/204/"' in toc and "Evening Phase" in toc
    assert "/301/" not in toc  # the next chapter is not part of it


def test_section_with_rules_has_no_mini_contents(tidewatch, client):
    html = client.get("/en/tidewatch/rules/202/").content.decode()
    assert 'class="mini-toc"' not in html
