"""A knowledge file never removes entries silently: a drop over 10% of the FAQ entries, cards,
printings, errata or banned cards stored is refused (nothing written) unless ``--replace``,
and the report counts what really went, rows taken along with a deleted article or card
included."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from ingest.knowledge.official import parse_official
from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Card, FaqEntry, Printing
from tests.load.fingerprint import database_fingerprint

pytestmark = pytest.mark.django_db

GAME = "dropgame"
ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "demo/lanternfall/cards/card-gallery_2026-05-01.json"
# Four made-up articles of unequal size: the second holds 5 of the 20 entries (25%).
ARTICLES = {"dawn-notes": 3, "ember-rulings": 5, "tide-questions": 4, "veil-clarified": 8}


@pytest.fixture(autouse=True)
def _no_index(settings):
    """These tests read the database, not the search index."""
    settings.RULEBOOK_INDEX_AFTER_INGEST = False


def article(slug: str, count: int) -> dict:
    questions = "".join(
        f"### Q: Does effect {n} of {slug} still apply after its source leaves play?\n\n"
        f"Yes, it was already applied (rule 101.{n}).\n\n"
        for n in range(1, count + 1)
    )
    return {
        "kind": "faq",
        "id": slug,
        "title": slug.replace("-", " ").title(),
        "summary": "Made-up questions for the drop guard.",
        "content": f"Made-up questions.\n\n## Effects\n\n{questions}",
        "source": "Drop Test Official",
        "publishedAt": "2031-01-01T00:00:00.000Z",
        "originUrl": f"https://example.org/drop/{slug}",
        "updatedAt": "2031-01-02",
    }


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def official(tmp_path, articles: dict, name="official-faqs.json") -> Path:
    (tmp_path / "out").mkdir(exist_ok=True)
    return write(tmp_path / "out" / name, [article(s, n) for s, n in articles.items()])


def ingest(path, *flags) -> str:
    out = io.StringIO()
    call_command("ingest", str(path), "--game", GAME, *flags, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def refused(path) -> str:
    before = database_fingerprint()
    with pytest.raises(CommandError) as excinfo:
        ingest(path)
    assert database_fingerprint() == before
    return str(excinfo.value)


def entries() -> set:
    return set(FaqEntry.objects.filter(page__game__slug=GAME).values_list("page__slug", "anchor"))


def test_an_official_file_without_one_of_its_articles_is_refused(tmp_path):
    ingest(official(tmp_path, ARTICLES))
    assert len(entries()) == 20
    smaller = {slug: n for slug, n in ARTICLES.items() if slug != "ember-rulings"}
    message = refused(official(tmp_path, smaller))
    assert "official-faqs.json: would remove 5 of 20 official entries (25.0%)" in message
    assert "1 of 4 official articles" in message and "--replace" in message
    assert len(entries()) == 20


def test_with_replace_the_report_counts_the_entries_removed(tmp_path):
    ingest(official(tmp_path, ARTICLES))
    stored = entries()
    smaller = {slug: n for slug, n in ARTICLES.items() if slug != "ember-rulings"}
    output = ingest(official(tmp_path, smaller), "--replace")
    assert "official entries: 0 created, 0 updated, 15 unchanged, 5 removed" in output
    assert _line(output, "official articles").endswith(", 1 removed")  # the others moved up
    assert stored - entries() == {(s, a) for s, a in stored if s == "ember-rulings"}


def test_a_drop_under_ten_percent_loads_and_is_counted_exactly(tmp_path):
    ingest(official(tmp_path, ARTICLES))
    output = ingest(official(tmp_path, {**ARTICLES, "veil-clarified": 7}))
    assert "official entries: 0 created, 0 updated, 19 unchanged, 1 removed" in output
    assert len(entries()) == 19


def gallery_without(tmp_path, names: set) -> tuple[Path, int]:
    """The demo gallery without the cards ``names``; also how many printings went."""
    data = json.loads(GALLERY.read_text(encoding="utf-8"))
    kept = [p for p in data["cards"] if p["name"] not in names]
    gone = len(data["cards"]) - len(kept)
    data["cards"], data["count"] = kept, len(kept)
    (tmp_path / "out").mkdir(exist_ok=True)
    return write(tmp_path / "out" / "card-gallery.json", data), gone


def gallery_names() -> list[str]:
    names = [p["name"] for p in json.loads(GALLERY.read_text(encoding="utf-8"))["cards"]]
    return list(dict.fromkeys(names))


def counts() -> tuple[int, int]:
    return Card.objects.filter(game__slug=GAME).count(), Printing.objects.filter(
        game__slug=GAME
    ).count()


def test_a_gallery_with_70_percent_of_its_cards_is_refused_then_counted(tmp_path):
    ingest(GALLERY)
    cards, printings = counts()
    # The two cards with two printings each go, and two more: 11 of 15 cards are kept.
    names = gallery_names()
    doubles = {"Quickstep Courier", "Lantern Warden"}
    dropped = doubles | set([n for n in names if n not in doubles][-2:])
    path, gone = gallery_without(tmp_path, dropped)
    assert (cards, printings, gone, len(dropped)) == (15, 17, 6, 4)
    message = refused(path)
    assert "would remove 4 of 15 cards (26.7%); 6 of 17 printings (35.3%)" in message
    output = ingest(path, "--replace")
    assert "unchanged, 4 removed" in _line(output, "cards")
    assert "unchanged, 6 removed" in _line(output, "printings")
    assert counts() == (11, 11)


def test_a_gallery_drop_under_ten_percent_loads_and_is_counted_exactly(tmp_path):
    ingest(GALLERY)
    last = gallery_names()[-1]
    path, gone = gallery_without(tmp_path, {last})
    output = ingest(path)
    assert gone == 1
    assert _line(output, "cards").endswith("14 unchanged, 1 removed")
    assert _line(output, "printings").endswith("16 unchanged, 1 removed")
    assert counts() == (14, 16)


def test_a_community_faq_without_one_of_its_pages_is_refused(tmp_path):
    text = (ROOT / "demo/lanternfall/faq/lanternfall-community.mdx.md").read_text(encoding="utf-8")
    (tmp_path / "community.mdx.md").write_text(text, encoding="utf-8")
    ingest(tmp_path / "community.mdx.md")
    # The demo file's second page holds 3 of its 7 entries.
    marker = "<!-- FILE: content/(rulings)/mechanics/swift.mdx -->"
    start = text.index(marker)
    end = text.index("<!-- FILE:", start + len(marker))
    (tmp_path / "out").mkdir()
    path = tmp_path / "out" / "community.mdx.md"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert "would remove 3 of 7 faq entries (42.9%)" in refused(path)
    assert "faq entries: 0 created, 0 updated, 4 unchanged, 3 removed" in ingest(path, "--replace")


def test_a_banned_list_that_unbans_a_card_is_refused(tmp_path):
    ingest(GALLERY)
    two = write(tmp_path / "banned-cards.json", {"names": ["Briar Trapper", "Cinder Acolyte"]})
    ingest(two)
    (tmp_path / "out").mkdir()
    one = write(tmp_path / "out" / "banned-cards.json", {"names": ["Briar Trapper"]})
    assert "would remove 1 of 2 banned cards (50.0%)" in refused(one)
    assert "banned cards: 0 created, 0 updated, 1 unchanged, 1 removed" in ingest(one, "--replace")
    banned = Card.objects.filter(game__slug=GAME, banned=True).values_list("name", flat=True)
    assert list(banned) == ["Briar Trapper"]


def _line(output: str, what: str) -> str:
    return next(line.strip() for line in output.splitlines() if line.strip().startswith(what + ":"))


def test_corpus_official_faq_without_one_article_is_refused(corpus_dir, tmp_path):
    """The real file: the article with the most entries removed, loaded into a game of its own
    (inside this test's transaction) so that nothing else sees it."""
    source = corpus_dir / "faq/official-faqs.json"
    text = source.read_text(encoding="utf-8")
    options = IngestOptions(game=GAME)
    run_ingest([source], options)
    articles = parse_official(text, str(source), card_names=[], keywords=[], findings=[])
    largest = max(articles, key=lambda a: len(a.entries))
    stored = entries()
    total, gone = len(stored), {(largest.id, e.anchor) for e in largest.entries}
    assert gone <= stored and len(gone) > 0.1 * total
    data = [a for a in json.loads(text) if a.get("id") != largest.id]
    path = write(tmp_path / "official-faqs.json", data)
    message = refused(path)
    assert f"would remove {len(gone)} of {total} official entries" in message
    [(_, result)] = run_ingest([path], IngestOptions(game=GAME, replace=True))
    tally = result.counts["official entries"]
    assert (tally["removed"], tally["created"]) == (len(gone), 0)
    assert stored - entries() == gone
