"""Questions also search the rules nearest in meaning (the sentence encoder, ``nearest``), on
every engine (PostgreSQL only when DATABASE_URL says so).

The game here is written for these tests: its rule about mana shares no word with a question
about "unused resources", which only the encoder can bring to it.
"""

import io
import uuid

import numpy
import pytest
from django.core.management import call_command
from django.urls import reverse

from rulebook import search
from rulebook.management.commands import rebuild_index
from rulebook.models import AskedQuestion, EncodedText, Game, Rule
from rulebook.search import SearchQuery, encoder, nearest, run_search, weights
from rulebook.search.entries import document_entries

from .conftest import module_game, module_index
from .fixtures import add_document

pytestmark = pytest.mark.django_db

GAME = "emberfield"
RULES = [
    ("100", "Turn Structure", 1),
    ("110", "Rounds", 2),
    ("110.1", "A round is over once both players have passed in a row.", 0),
    ("110.2", "The player who passed first starts the next round.", 0),
    ("120", "Mana", 2),
    ("120.1", "Unspent mana is lost as each phase ends.", 0),
    ("130", "Blocking", 2),
    ("130.1", "A creature that rested this turn cannot be declared as a blocker.", 0),
]
QUESTION = "what happens to my unused resources when the round is over?"


def emberfield_entries():
    return [e for e in search.entries_from_database() if e.game == GAME]


def create_emberfield():
    add_document(Game.objects.create(slug=GAME, name="Emberfield"), "en", "2026-01-01", RULES)


@pytest.fixture(scope="module")
def emberfield(django_db_setup, django_db_blocker):
    yield from module_game(GAME, django_db_blocker, create_emberfield)


@pytest.fixture(scope="module", params=["whoosh", "postgres"])
def engine(request, emberfield, django_db_blocker, tmp_path_factory):
    """Each engine holding Emberfield's index, its rules encoded first (as an ingest does)."""
    yield from module_index(
        request.param, GAME, tmp_path_factory, django_db_blocker, RULEBOOK_ENCODER=True
    )


@pytest.fixture
def encoded(engine, settings):
    settings.SEARCH_BACKEND = engine
    settings.RULEBOOK_ENCODER = True
    settings.RULEBOOK_DEFAULT_GAME = GAME


def numbers(text: str, **kwargs) -> list:
    results = run_search(SearchQuery(text=text, language="en", game=GAME, **kwargs))
    return [hit.number for hit in results.hits]


def test_a_rule_sharing_no_word_with_the_question_is_found_by_meaning(encoded, settings):
    assert "120.1" in numbers(QUESTION)
    assert numbers(QUESTION)[0] == "110.1"  # the engine's best, found by its words, leads
    settings.RULEBOOK_ENCODER = False
    assert "120.1" not in numbers(QUESTION)


def test_names_and_other_versions_are_left_to_the_engine(encoded):
    assert "120.1" not in numbers("round")  # a name-like query: the encoder is not asked
    assert numbers(QUESTION, version="2020-01-01") == []  # only default versions are encoded


def test_a_question_whose_words_find_nothing_is_not_answered_by_guesses(encoded):
    assert numbers("what about my zorblats and their quibbles?", spell=False) == []


def test_a_failing_encoder_leaves_the_engines_answer(encoded, monkeypatch):
    def broken(texts, progress=None):
        raise MemoryError("no room for the model")

    monkeypatch.setattr(encoder, "embed", broken)
    found = numbers(QUESTION)
    assert found[0] == "110.1" and "120.1" not in found


def typed_call(client, q: str) -> dict:
    """``debug=1``'s engine call for the words as typed: a session that loaded Riftbound
    first searches its rules' name for a player's word ("mana": "rune pool";
    ``steps.first_search``)."""
    body = client.get(reverse("api_search"), {"q": q, "lang": "en", "debug": "1"}).json()
    return next(call for call in body["debug"]["calls"] if call["step"] == "typed")


def test_debug_lists_the_nearest_rules(encoded, client):
    call = typed_call(client, QUESTION)
    near = call["nearest"]
    first_two = {n["key"].rsplit(":", 1)[1] for n in near[:2]}
    assert first_two == {"110.1", "120.1"}  # the round's rule and the mana it leaves unspent
    assert all(-1 <= n["cosine"] <= 1 for n in near)
    assert call["nearest_mapped"] == []  # Emberfield has no bank


def test_debug_says_how_a_short_querys_first_places_were_settled(encoded, client):
    def settled(q):
        return typed_call(client, q).get("settled")

    short = settled("unused mana")
    assert short["within"] == weights.NEAREST_TIE and short["places"] >= 1
    assert isinstance(short["moved"], bool)
    assert settled(QUESTION) is None  # a long question keeps the fused order


@pytest.fixture
def own_game(engine, settings, monkeypatch):
    """A game of its own, with a text no run encoded before; the commands read only its
    rules (the session's database may hold a whole corpus, whose encoding takes minutes),
    and the module's index is built again after them."""
    settings.SEARCH_BACKEND, settings.RULEBOOK_ENCODER = engine, True
    slug = f"emberfield-{uuid.uuid4().hex[:8]}"
    game = Game.objects.create(slug=slug, name="Emberfield Again")
    fresh = f"Every ember of batch {uuid.uuid4().hex} glows."
    add_document(game, "en", "2026-01-01", [("200", "Embers", 2), ("200.1", fresh, 0)])

    def mine():  # read at each call: a test may add questions to the game's rules
        return document_entries(game.documents.get(), is_default=True)

    monkeypatch.setattr(rebuild_index, "default_rule_entries", mine)
    monkeypatch.setattr(rebuild_index, "entries_from_database", mine)
    monkeypatch.setattr(search, "entries_from_database", mine)
    yield fresh
    monkeypatch.undo()
    search.get_backend().rebuild(emberfield_entries())


def test_rebuild_index_encodes_what_has_no_vector_and_nothing_twice(own_game):
    out = io.StringIO()
    call_command("rebuild_index", stdout=out)
    assert "Rules encoded: 2 new, 0 unchanged" in out.getvalue()  # the heading and the rule
    assert EncodedText.objects.known([encoder.digest(f"Embers {own_game}")])
    again = io.StringIO()
    call_command("rebuild_index", stdout=again)
    assert "Rules encoded" not in again.getvalue()


def ask_about(own_game: str, words: str) -> tuple[Rule, AskedQuestion]:
    """A bank question, never encoded before, filed under the own game's rule."""
    rule = Rule.objects.get(text=own_game)
    asked = AskedQuestion.objects.create(
        game=rule.document.game,
        language="en",
        version=rule.document.version,
        number="200.1",
        text=f"{words} {uuid.uuid4().hex}?",
        source="embers.yaml",
        position=1,
    )
    asked.rules.add(rule)
    return rule, asked


def test_a_rules_bank_questions_are_encoded_and_move_it_toward_them(own_game):
    """The bank's document expansion, read by meaning: the rule's place on the shelf is its
    text's vector moved toward its question's."""
    rule, asked = ask_about(own_game, "do my glowing coals count for batch")
    out = io.StringIO()
    call_command("rebuild_index", stdout=out)
    assert "Rules encoded: 3 new, 0 unchanged" in out.getvalue()  # the question as well
    family = (rule.document.game.slug, "core-rules", "en")
    group = nearest.Shelf.from_database().groups[family]
    placed = group.vectors[group.keys.index(next(k for k in group.keys if k.endswith(":200.1")))]
    own, question = encoder.embed([f"Embers {own_game}", asked.text])
    assert placed @ question > own @ question  # nearer the question than the text alone is
    expected = own + weights.NEAREST_ASKED * question
    assert numpy.allclose(placed, expected / numpy.linalg.norm(expected), atol=1e-5)


def test_the_banks_questions_teach_a_map_toward_their_rules_wording(own_game, monkeypatch):
    """The shelf fits, per game and language, the map from the bank's questions to their
    rules' text (``fit_map``), and a question searched is carried by it toward that
    wording."""
    rule, asked = ask_about(own_game, "are the coals still glowing after batch")
    call_command("rebuild_index", stdout=io.StringIO())
    shelf = nearest.Shelf.from_database()
    scope = (rule.document.game.slug, "en")
    assert scope in shelf.maps
    assert (GAME, "en") not in shelf.maps  # Emberfield's bank is empty: asked as typed
    assert all(language == "en" for _, language in shelf.maps)  # French is never mapped
    own, question = encoder.embed([f"Embers {own_game}", asked.text])
    carried = nearest.translate(question, shelf.maps[scope])
    assert numpy.isclose(numpy.linalg.norm(carried), 1.0)
    assert carried @ own > question @ own
    asking = SearchQuery(text="do embers glow", language="en", game=scope[0])
    assert shelf.mapped(asking, "en") == [scope[0]]
    assert shelf.mapped(asking, "fr") == []
    monkeypatch.setattr(nearest, "NEAREST_RIDGE", 0)  # the map switched off in weights
    unmapped = nearest.Shelf.from_database()
    assert unmapped.maps == {} and unmapped.mapped(asking, "en") == []


def test_one_games_map_never_bends_another_games_questions():
    """Searching every game at once, each game's rules meet the question as that game's
    bank maps it, and a game without a bank meets it as asked."""
    turn = numpy.array([[0.0, 1.0], [1.0, 0.0]], dtype=numpy.float32)  # swaps the two axes
    first, second = numpy.eye(2, dtype=numpy.float32)
    shelf = nearest.Shelf(
        {
            ("mapped", "core-rules", "en"): nearest.Group(["mapped:1"], first[None, :]),
            ("plain", "core-rules", "en"): nearest.Group(["plain:1"], first[None, :]),
        },
        {("mapped", "en"): turn},
    )
    found = dict(shelf.nearest(second, SearchQuery(text="q", language="en"), "en"))
    assert found == {"mapped:1": 1.0, "plain:1": 0.0}
    only = dict(shelf.nearest(second, SearchQuery(text="q", language="en", game="plain"), "en"))
    assert only == {"plain:1": 0.0}


def test_the_map_learns_how_questions_differ_from_rules_and_carries_new_ones():
    """Questions written as their rules turned by one fixed rotation: fitted on some, the
    map brings questions it never saw nearer their rules; the ridge keeps it near the
    identity, and no ridge means no map."""
    rng = numpy.random.default_rng(7)
    width = 16
    turn, _ = numpy.linalg.qr(rng.normal(size=(width, width)))
    rules = rng.normal(size=(400, width))
    rules /= numpy.linalg.norm(rules, axis=1, keepdims=True)
    questions = rules @ turn + 0.05 * rng.normal(size=rules.shape)
    fitted = nearest.fit_map(questions[:300].astype(numpy.float32), rules[:300], ridge=1.0)
    before = after = 0.0
    for question, rule in zip(questions[300:], rules[300:], strict=True):
        before += question @ rule / numpy.linalg.norm(question)
        after += nearest.translate(question, fitted) @ rule
    assert after / 100 > 0.9 > before / 100
    stiff = nearest.fit_map(questions[:300], rules[:300], ridge=1e6)
    assert numpy.allclose(stiff, numpy.eye(width), atol=1e-3)
    assert nearest.fit_map(questions, rules, ridge=0) is None
    question = questions[0]
    assert nearest.translate(question, None) is question


def test_a_rule_is_placed_by_its_text_and_the_questions_that_have_vectors():
    text, first, second = (numpy.eye(4, dtype=numpy.float32)[i] for i in range(3))
    stored = {"t": text.tobytes(), "q1": first.tobytes(), "q2": second.tobytes()}
    assert nearest.place(["missing", "q1"], stored) is None  # its text not encoded yet
    assert numpy.array_equal(nearest.place(["t"], stored), text)
    placed = nearest.place(["t", "q1", "q2", "not encoded"], stored)
    expected = text + weights.NEAREST_ASKED * (first + second) / 2
    assert numpy.allclose(placed, expected / numpy.linalg.norm(expected))
    assert numpy.isclose(numpy.linalg.norm(placed), 1.0)


def test_a_failing_encoder_leaves_the_index_written(own_game, monkeypatch):
    def broken(texts, progress=None):
        raise MemoryError("no room for the model")

    monkeypatch.setattr(encoder, "embed", broken)
    out = io.StringIO()
    assert search.rebuild_after_ingest(out) == 2
    assert "Rules NOT encoded: no room for the model" in out.getvalue()
    assert "Search index rebuilt: 2 entries." in out.getvalue()


def test_the_encoder_off_encodes_nothing(settings):
    settings.RULEBOOK_ENCODER = False
    assert not nearest.enabled()
    assert search.encode_rules(emberfield_entries()) is None


def test_health_reports_the_rules_waiting_for_their_vectors(own_game, client):
    """A rule whose text has no vector for the model in use is found by the engine alone:
    the shelf counts it, and ``/healthz`` says so without leaving the pool."""
    entries = list(rebuild_index.default_rule_entries())  # the own game's rules, unencoded

    def report():  # a new index generation: the worker reads the vectors again
        search.get_backend().rebuild(entries)
        response = client.get("/healthz")
        assert response.json()["index"]["ok"] is True
        return response.json()["index"]["encoder"]

    assert nearest.Shelf.from_database(entries).unplaced == len(entries) == 2
    before = report()
    nearest.encode(entries)
    assert nearest.Shelf.from_database(entries).unplaced == 0
    after = report()
    assert before["on"] is after["on"] is True and after["model"] == encoder.name()
    assert before["missing"] - after["missing"] == len(entries)  # other games' rules aside
    assert after["rules"] - before["rules"] == len(entries)
    assert after["current"] == (after["missing"] == 0) and before["current"] is False
