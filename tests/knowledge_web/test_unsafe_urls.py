"""Script URLs from data never become links or images: not on pages, not in the API, not in the
autolinker's outputs. The fixtures are the demo files with their URLs swapped for hostile ones
(our own writing); rows are also poisoned directly, as if stored before the ingest check."""

import json
import re
from pathlib import Path

import pytest

from ingest.urls import safe_url
from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Erratum, FaqPage, Printing

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "demo" / "lanternfall"
HOSTILE = [
    "javascript:alert(1)",
    " JaVaScRiPt:alert(document.cookie)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
]
BAD_SCHEME_RE = re.compile(r"(?i)(?:href|src)\s*=\s*[\"']?\s*(?:javascript|data|vbscript):")


def _poisoned_files(tmp_path) -> list[Path]:
    errata = json.loads((DEMO / "faq/official-errata.json").read_text(encoding="utf-8"))
    errata[0]["originUrl"] = HOSTILE[3]
    faqs = json.loads((DEMO / "faq/official-faqs.json").read_text(encoding="utf-8"))
    faqs[0]["originUrl"] = HOSTILE[0]
    gallery = json.loads((DEMO / "cards/card-gallery_2026-05-01.json").read_text(encoding="utf-8"))
    gallery["cards"][0]["imageUrl"] = HOSTILE[2]
    community = (DEMO / "faq/lanternfall-community.mdx.md").read_text(encoding="utf-8")
    community = community.replace(
        "like a Rite that resolved.",
        f"like a Rite that resolved ([see]({HOSTILE[1].strip()}), "
        "[source](https://example.org/rites)).",
    )
    out = []
    for name, text in [
        ("official-errata.json", json.dumps(errata)),
        ("official-faqs.json", json.dumps(faqs)),
        ("card-gallery_2026-05-01.json", json.dumps(gallery)),
        ("lanternfall-community.mdx.md", community),
    ]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out


def _assert_clean(html: str):
    assert not BAD_SCHEME_RE.search(html), BAD_SCHEME_RE.search(html)
    for tag in re.findall(r"<a\s[^>]*href=\"https?://(?!testserver/)[^>]*>", html):
        rel = re.search(r'rel="([^"]*)"', tag)
        assert rel and {"external", "nofollow", "noopener"} <= set(rel[1].split()), tag


@pytest.mark.parametrize("url", [*HOSTILE, "//evil.example/x", "http:/x", "https://", "", None])
def test_only_absolute_http_urls_pass(url):
    assert safe_url(url) is None


def test_ingest_drops_and_reports_unsafe_urls(demo_data, tmp_path):
    results = run_ingest(_poisoned_files(tmp_path), IngestOptions(game="lanternfall"))
    findings = [f for _, r in results for f in r.report.get("findings", [])]
    unsafe = [f["detail"] for f in findings if f["kind"] == "unsafe-url"]
    assert len(unsafe) == 3, unsafe  # errata, official FAQ, card image
    assert any("vbscript" in d for d in unsafe) and any("data:" in d for d in unsafe)
    assert not Erratum.objects.filter(origin_url__icontains="script:").exists()
    assert not Printing.objects.filter(image_url__startswith="data:").exists()


def _poison_rows():
    """Rows as an older ingest (or a hand edit in the admin) could have left them."""
    Erratum.objects.filter(game__slug="lanternfall").update(origin_url=HOSTILE[0])
    FaqPage.objects.filter(game__slug="lanternfall").update(origin_url=HOSTILE[3])
    Printing.objects.filter(card__game__slug="lanternfall").update(image_url=HOSTILE[2])


def test_pages_never_link_stored_script_urls(demo_data, client, tmp_path):
    run_ingest(_poisoned_files(tmp_path), IngestOptions(game="lanternfall"))
    _poison_rows()
    card = Erratum.objects.filter(game__slug="lanternfall").first().card
    official = FaqPage.objects.get(game__slug="lanternfall", source=FaqPage.OFFICIAL)
    pages = [
        f"/en/lanternfall/cards/{card.slug}/",
        f"/en/lanternfall/faq/official/{official.slug}/",
        "/en/lanternfall/faq/general-rules/the-chain/",
        "/en/lanternfall/faq/",
        "/en/lanternfall/cards/",
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        _assert_clean(response.content.decode())
    chain = client.get("/en/lanternfall/faq/general-rules/the-chain/").content.decode()
    assert 'href="https://example.org/rites" rel="external nofollow noopener"' in chain


def test_api_returns_null_for_stored_script_urls(demo_data, client):
    _poison_rows()
    card = Erratum.objects.filter(game__slug="lanternfall").first().card
    official = FaqPage.objects.get(game__slug="lanternfall", source=FaqPage.OFFICIAL)
    data = client.get(f"/api/v1/games/lanternfall/cards/{card.slug}").json()
    assert data["errata"] and all(e["origin_url"] is None for e in data["errata"])
    assert data["printings"] and all(p["image_url"] is None for p in data["printings"])
    page = client.get(f"/api/v1/games/lanternfall/faq/official/{official.slug}").json()
    assert page["origin_url"] is None
    for body in (json.dumps(data), json.dumps(page)):
        assert not re.search(r"(?i)(javascript|vbscript|data):", body)


PASTED = (
    'See rule 711 [a](javascript:alert(1)) <a href="javascript:alert(2)">b</a> '
    "[url=javascript:alert(3)]c[/url] [url]vbscript:msgbox(4)[/url] "
    "[img]data:image/svg+xml,x[/img] [url=https://example.org/ok]fine[/url] "
    "[d](data:text/html,x)"
)


def test_linkify_outputs_never_carry_pasted_script_urls(demo_data, client):
    response = client.post(
        "/api/v1/linkify",
        {"text": PASTED, "game": "lanternfall", "lang": "en"},
        content_type="application/json",
    )
    data = response.json()
    _assert_no_links_to_bad_schemes(data["html"], data["markdown"], data["bbcode"])
    assert "[url=https://example.org/ok]fine[/url]" in data["bbcode"]
    assert re.search(r"\[url=http://testserver/\S*2026-05-01/711/?\]rule 711", data["bbcode"])
    page = client.post("/en/linkify/", {"text": PASTED, "game": "lanternfall"})
    _assert_clean(page.content.decode())


def _assert_no_links_to_bad_schemes(html: str, markdown: str, bbcode: str):
    assert not BAD_SCHEME_RE.search(html)
    for target in re.findall(r"(?<!\\)\]\(([^)]*)\)", markdown):
        assert safe_url(target) or target.startswith("/"), target
    assert not re.search(r"(?<!\\)<a\s", markdown)
    for target in re.findall(r"(?i)\[(?:url|img)=([^\]]*)\]", bbcode):
        assert safe_url(target), target
    for target in re.findall(r"(?i)\[(url|img)\]([^\[]*)\[/\1\]", bbcode):
        assert safe_url(target[1]), target
