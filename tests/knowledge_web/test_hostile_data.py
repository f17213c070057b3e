"""Hostile but well-formed knowledge files never break a page (issue 31, items 2 and 3).

The files are our own: the demo game's official FAQ, community FAQ and card gallery with extra
articles, pages and cards whose ids carry dots, spaces, slashes, unicode, 300 characters and
duplicates, and whose image URLs try to write into the Content-Security-Policy. They are
ingested into the demo game inside the test's transaction (rolled back after it), then every
page reachable from the home page and the sitemap is opened: none may answer 5xx.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from ingest.knowledge.text import url_slug
from ingest.urls import csp_origin, url_origin
from rulebook.loading import generation
from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Card, FaqPage, KnowledgeSource
from rulebook.web.middleware import with_image_hosts
from tests.linkcheck import crawl

pytestmark = pytest.mark.django_db

LONG = "-".join(["hostile"] * 40)[:300]  # 300 characters, slug-shaped but too long
LONG_DOTTED = ".".join(["v1"] * 100)[:300]
OFFICIAL_IDS = [
    "rules-faq-v1.2",
    "rules faq with spaces",
    "rules/faq/with/slashes",
    "Règles ünïcode 漢字",
    "漢字",
    LONG,
    LONG_DOTTED,
    "dup.id",
    "dup id",
    "shrouded-paths-faq",  # the demo's own article id, a second time
    "",
]
COMMUNITY_PATHS = [
    "content/(rulings)/cards/v1.2 notes.mdx",
    "content/(rulings)/cards/Éclair ünïcode 漢字.mdx",
    f"content/(rulings)/cards/{LONG}.mdx",
    f"content/(rulings)/cards/{LONG_DOTTED}.mdx",
    "content/(rulings)/cards/dup.mdx",
    "content/(rulings)/cards/dup.mdx",
    "content/(rulings)/cards/../../escape.mdx",
    "content/(rulings)/official/shadow.mdx",  # would sit under the official articles' prefix
]
CARD_NAMES = ["Dot.Name v1.2", "Éclair ünïcode", "漢字", "Same Name!", "Same Name?", "A/B", LONG]
BAD_IMAGES = [
    "https://cdn.evil.example;sandbox/x.png",
    "https://a.example,script-src/x.png",
    "javascript:alert(1)",
    "http://plain.example/x.png",
]
GOOD_IMAGE = "https://img.example:8443/x.png"
SLUG_RE = re.compile(r"[-a-zA-Z0-9_]+")


def _official(demo: Path) -> str:
    articles = json.loads((demo / "faq/official-faqs.json").read_text(encoding="utf-8"))
    for number, article_id in enumerate(OFFICIAL_IDS):
        articles.append(
            {
                **articles[0],
                "id": article_id,
                "title": f"Hostile article {number}",
                "content": f"## Timing\n\n### Q: Hostile question {number}?\n\nSee rule 711.2.\n",
            }
        )
    return json.dumps(articles)


def _community(demo: Path) -> str:
    text = (demo / "faq/lanternfall-community.mdx.md").read_text(encoding="utf-8")
    for number, path in enumerate(COMMUNITY_PATHS):
        text += (
            f'\n<!-- FILE: {path} -->\n---\ntitle: "Hostile page {number}"\n'
            'reviewedCoreRulesVersion: "1.1"\n---\n\n'
            f'## Hostile question {number}? [#ünïcode-anchor]\n\nYes.<Rule number="711.2" />\n\n'
            '## The same anchor again? [#ünïcode-anchor]\n\nNo.<Rule number="711.1" />\n'
        )
    return text


def _gallery(demo: Path, images: list[str]) -> str:
    gallery = json.loads((demo / "cards/card-gallery_2026-05-01.json").read_text(encoding="utf-8"))
    for number, name in enumerate(CARD_NAMES):
        image = images[number % len(images)]
        gallery["cards"].append(
            {**gallery["cards"][0], "id": f"hostile-{number}", "name": name, "imageUrl": image}
        )
    gallery["count"] = len(gallery["cards"])
    return json.dumps(gallery)


@pytest.fixture
def hostile(demo_data, demo_dir, tmp_path):
    """The hostile files ingested into the demo game; each knowledge kind's ingest report."""
    demo = demo_dir / "lanternfall"
    files = {
        "official-faqs.json": _official(demo),
        "lanternfall-community.mdx.md": _community(demo),
        "card-gallery_2026-05-01.json": _gallery(demo, [*BAD_IMAGES, GOOD_IMAGE]),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    results = run_ingest([tmp_path / name for name in files], IngestOptions(game="lanternfall"))
    return {result.kind: result.report for _item, result in results}


def _sitemap_paths(client) -> list[str]:
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    urls = re.findall(r"<loc>https?://[^/<]+(/[^<]*)</loc>", response.content.decode())
    return [url for url in urls if "/lanternfall/" in url]


def _knowledge_page(url: str) -> bool:
    """Pages whose links the crawl follows: home, game and knowledge pages. Rule pages are
    opened (the sitemap lists every one) but not followed into history and comparisons."""
    return bool(re.fullmatch(r"/|/\w\w/(lanternfall/((faq|cards|keywords)/.*)?)?", url))


def test_no_page_answers_5xx_after_a_hostile_ingest(hostile):
    client = Client(raise_request_exception=False)
    starts = ["/", "/en/", "/en/lanternfall/", "/fr/lanternfall/", *_sitemap_paths(client)]
    result = crawl(client, list(dict.fromkeys(starts)), max_pages=3000, follow=_knowledge_page)
    print(f"hostile crawl: {result.pages} pages, {result.links} links checked")
    assert not result.stopped_early and result.pages > 600
    assert [failure for failure in result.failures if failure.startswith("5")] == []
    for url in (
        "/en/lanternfall/faq/official/rules-faq-v1-2/",
        "/en/lanternfall/faq/cards/v1-2-notes/",
        "/fr/lanternfall/rules/711.2/",
    ):
        assert client.get(url).status_code == 200, url


def test_ids_become_readable_unique_url_slugs(hostile):
    official = list(
        FaqPage.objects.filter(game__slug="lanternfall", source="official")
        .order_by("position")
        .values_list("slug", flat=True)
    )
    assert official[1:6] == [
        "rules-faq-v1-2",
        "rules-faq-with-spaces",
        "rules-faq-with-slashes",
        "regles-unicode",
        "item",
    ]
    assert official[8:] == ["dup-id", "dup-id-2", "shrouded-paths-faq-2", "hostile-article-10"]
    assert official[6].startswith("hostile-hostile") and len(official[6]) <= 100
    assert official[7].startswith("v1-v1") and len(official[7]) <= 100
    community = list(
        FaqPage.objects.filter(game__slug="lanternfall", source="community")
        .order_by("position")
        .values_list("slug", flat=True)
    )[-len(COMMUNITY_PATHS) :]
    assert community[:2] == ["cards/v1-2-notes", "cards/eclair-unicode"]
    assert community[4:] == ["cards/dup", "cards/dup-2", "cards/escape", "official-2/shadow"]
    cards = dict(Card.objects.filter(game__slug="lanternfall").values_list("name", "slug"))
    assert [cards[name] for name in CARD_NAMES[:6]] == [
        "dot-name-v1-2",
        "eclair-unicode",
        "item",
        "same-name",
        "same-name-2",
        "a-b",
    ]
    for slug in [*official, *cards.values(), *(p for s in community for p in s.split("/"))]:
        assert SLUG_RE.fullmatch(slug) and len(slug) <= 100, slug


def test_the_ingest_report_names_changed_and_colliding_slugs(hostile):
    def details(kind, what):
        return [f["detail"] for f in hostile[kind]["findings"] if f["kind"] == what]

    collisions = details("faq-official", "slug-collision")
    assert len(collisions) == 2
    assert "'dup id': slug 'dup-id' is taken, using 'dup-id-2'" in collisions[0]
    assert "'shrouded-paths-faq-2'" in collisions[1]
    changed = details("faq-official", "slug-changed")
    assert "article id 'rules-faq-v1.2' is not URL-safe, published as 'rules-faq-v1-2'" in changed
    community = details("faq-community", "slug-collision")
    assert "FAQ page 'cards/dup': slug 'cards/dup' is taken, using 'cards/dup-2'" in community
    anchors = [d for d in community if "anchor" in d and "'unicode-anchor-2'" in d]
    assert len(anchors) == len(COMMUNITY_PATHS)
    assert details("cards", "slug-collision") == [
        "card 'Same Name?': slug 'same-name' is taken, using 'same-name-2'"
    ]


def test_csp_holds_only_validated_image_origins(hostile):
    report = hostile["cards"]
    assert report["image_hosts"] == ["https://example.org", "https://img.example:8443"]
    assert report["rejected_image_origins"] == BAD_IMAGES
    dropped = [f["detail"] for f in report["findings"] if f["kind"] == "image-origin"]
    named = {url for url in BAD_IMAGES for detail in dropped if repr(url) in detail}
    assert named == set(BAD_IMAGES) - {"javascript:alert(1)"}
    unsafe = [f["detail"] for f in report["findings"] if f["kind"] == "unsafe-url"]
    assert len(unsafe) == 1 and "javascript:" in unsafe[0]
    policy = Client().get("/en/lanternfall/cards/")["Content-Security-Policy"]
    directives = [d.strip().split() for d in policy.split(";")]
    assert [d[0] for d in directives].count("img-src") == 1
    assert [d[0] for d in directives].count("script-src") == 1
    img_src = next(d for d in directives if d[0] == "img-src")
    assert img_src == ["img-src", "'self'", *KnowledgeSource.objects.image_hosts()]
    assert "https://img.example:8443" in img_src
    assert not any(bad in policy for bad in ("evil", "sandbox", ",", "plain.example", "javascript"))
    assert not Card.objects.get(game__slug="lanternfall", slug="dot-name-v1-2").image


def test_rows_stored_with_slugs_no_url_takes_do_not_break_pages(demo_data):
    """Defence in depth: an article stored by an older ingest with a dotted id."""
    article = FaqPage.objects.get(game__slug="lanternfall", source="official")
    FaqPage.objects.filter(pk=article.pk).update(slug="rules-faq-v1.2")
    generation.bump()  # what any change of data does: no page cached before is served
    client = Client(raise_request_exception=False)
    for url in (
        "/en/lanternfall/faq/",
        "/en/lanternfall/rules/711.2/",
        "/en/lanternfall/keywords/swift/",
        "/en/lanternfall/cards/sudden-gust/",
        "/sitemap.xml",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "rules-faq-v1.2" not in response.content.decode(), url
    sitemap = client.get("/sitemap.xml").content.decode()
    assert "/en/lanternfall/faq/cards/lantern-warden/" in sitemap


def test_header_drops_invalid_origins_already_stored(demo_data):
    """Defence in depth: a card report written before the check, and a poisoned cache."""
    stored = ["https://ok.example", "https://cdn.evil.example;sandbox", "https://a.example,x"]
    source = KnowledgeSource.objects.filter(game__slug="lanternfall", kind="cards")
    source.update(report={"image_hosts": [*stored, "http://plain.example", "javascript:x"]})
    hosts = KnowledgeSource.objects.image_hosts()
    assert "https://ok.example" in hosts and all(csp_origin(host) == host for host in hosts)
    token = "hostile-test-generation"
    cache.set(f"csp-image-hosts:{token}", [*stored, "https://x.example; script-src *"], 60)
    try:
        policy = with_image_hosts(settings.CONTENT_SECURITY_POLICY, token)
    finally:
        cache.delete(f"csp-image-hosts:{token}")
    assert "img-src 'self' https://ok.example;" in policy
    assert "evil" not in policy and "a.example" not in policy and "x.example" not in policy
    assert policy.count("script-src") == 1


@pytest.mark.parametrize(
    "value, origin",
    [
        ("https://img.example:8443", "https://img.example:8443"),
        ("HTTPS://Img.Example", "https://img.example"),
        ("https://img.example:08443", "https://img.example:8443"),
        ("https://1.2.3.4", "https://1.2.3.4"),
        ("https://cdn.evil.example;sandbox", None),
        ("https://a.example,script-src", None),
        ("https://a.example:0", None),
        ("https://a.example:65536", None),
        ("https://a.example:", None),
        ("https://-a.example", None),
        ("https://a-.example", None),
        ("https://a..example", None),
        ("https://example.", None),
        (f"https://{'a' * 64}.example", None),
        ("https://user@a.example", None),
        ("https://bücher.example", None),
        ("https://a.example/", None),
        ("http://a.example", None),
        ("https://a.example *", None),
        (None, None),
    ],
)
def test_csp_origin_is_https_host_and_port_only(value, origin):
    assert csp_origin(value) == origin


@pytest.mark.parametrize(
    "url, origin",
    [
        (GOOD_IMAGE, "https://img.example:8443"),
        *[(bad, None) for bad in BAD_IMAGES],
        ("https://user:pw@img.example/x.png", None),
        ("https://[::1]/x.png", None),
    ],
)
def test_url_origin(url, origin):
    assert url_origin(url) == origin


@pytest.mark.parametrize(
    "value, slug",
    [
        ("riftbound-origins-faq", "riftbound-origins-faq"),  # a published id stays as it is
        ("Mixed_Case-ok", "Mixed_Case-ok"),
        ("rules-faq-v1.2", "rules-faq-v1-2"),
        ("Règles ünïcode", "regles-unicode"),
        ("a/b c", "a-b-c"),
        ("漢字", "item"),
        (LONG, LONG[:100].rsplit("-", 1)[0]),
        (12, "12"),
    ],
)
def test_url_slug(value, slug):
    assert url_slug(value) == slug
