"""Games, documents, tables of contents and rules on the bundled demo game."""

import pytest

pytestmark = pytest.mark.django_db

API = "/api/v1/games/lanternfall"
RULES = f"{API}/core-rules/en/rules"
HOST = "http://testserver"


def get_json(client, url, status=200, **extra):
    response = client.get(url, **extra)
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def test_games_list_the_demo_game(demo_data, client):
    data = get_json(client, "/api/v1/games")
    game = next(g for g in data["games"] if g["slug"] == "lanternfall")
    assert game["name"] == "Lanternfall"
    assert game["api_url"] == f"{HOST}{API}"
    assert game["url"] == f"{HOST}/en/lanternfall/"
    assert game["kinds"] == ["core-rules", "tournament-rules"]
    assert game["languages"] == ["en", "fr"]


def test_one_game_and_an_unknown_one(demo_data, client):
    assert get_json(client, API)["documents_url"] == f"{HOST}{API}/documents"
    error = get_json(client, "/api/v1/games/nope", status=404)
    assert error["status"] == 404 and "nope" in error["error"]


def test_documents_list_kinds_languages_versions_and_defaults(demo_data, client):
    data = get_json(client, f"{API}/documents")
    assert data["kinds"] == ["core-rules", "tournament-rules"]
    assert data["languages"] == ["en", "fr"]
    found = {(d["kind"], d["language"], d["version"]): d for d in data["documents"]}
    assert found["core-rules", "en", "2026-05-01"]["default"] is True
    assert found["core-rules", "en", "2026-01"]["default"] is False
    assert found["core-rules", "fr", "2026-05-01"]["default"] is True
    assert found["tournament-rules", "en", "2026-02-10"]["rule_count"] == 39  # 34 + 5 headings
    old = found["core-rules", "en", "2026-01"]
    assert old["pinned_toc_url"] == f"{HOST}{API}/core-rules/en/2026-01/toc"
    assert old["pinned_url"] == f"{HOST}/en/lanternfall/rules/2026-01/"


def test_table_of_contents(demo_data, client):
    data = get_json(client, f"{API}/core-rules/en/toc")
    assert data["document"]["version"] == "2026-05-01"
    chapters = {c["number"]: c for c in data["chapters"]}
    assert list(chapters) == ["000", "100", "200", "300", "400", "700"]
    sections = [s["number"] for s in chapters["700"]["sections"]]
    assert sections[:2] == ["704", "705"] and chapters["700"]["title"] == "Keywords"
    assert chapters["300"]["sections"][-1]["api_url"] == f"{HOST}{RULES}/310"
    pinned = get_json(client, f"{API}/core-rules/en/2026-01/toc")
    assert pinned["document"]["version"] == "2026-01"
    assert "700" not in [c["number"] for c in pinned["chapters"]]
    assert pinned["chapters"][0]["api_url"].startswith(f"{HOST}{API}/core-rules/en/2026-01/")
    get_json(client, f"{API}/core-rules/de/toc", status=404)
    get_json(client, f"{API}/core-rules/en/2020-01/toc", status=404)
    get_json(client, f"{API}/rules/en/toc", status=404)  # the kind is core-rules, not the slug


def test_rule_with_parent_children_references_and_citations(demo_data, client):
    rule = get_json(client, f"{RULES}/711")
    assert rule["number"] == "711" and rule["title"] == "Swift" and rule["is_heading"]
    assert rule["version"] == "2026-05-01" and rule["default_version"] is True
    assert rule["url"] == f"{HOST}/en/lanternfall/rules/711/"
    assert rule["pinned_url"] == f"{HOST}/en/lanternfall/rules/2026-05-01/711/"
    assert rule["heading"]["number"] == "700"
    assert [c["number"] for c in rule["children"]][:2] == ["711.1", "711.2"]
    citing = {c["number"] for c in rule["referenced_by"]}
    assert {"124.1", "302.1"} <= citing
    assert rule["repeats"] == []  # faq: tests/api/test_knowledge_api.py


def test_references_resolved_and_unresolved(demo_data, client):
    refs = get_json(client, f"{RULES}/124.1")["references"]
    assert refs == [
        {
            "written": "See rule 711",
            "kind": "see",
            "target_number": "711",
            "url": f"{HOST}/en/lanternfall/rules/711/",
            "api_url": f"{HOST}{RULES}/711",
        }
    ]
    missing = get_json(client, f"{RULES}/409")["references"]
    assert missing[0]["target_number"] == "488" and missing[0]["url"] is None
    ranged = get_json(client, f"{RULES}/306")["references"]
    assert [r["target_number"] for r in ranged if r["kind"] == "range"] == [
        "311",
        "312",
        "313",
        "314",
        "315",
        "316",
    ]
    listed = get_json(client, f"{RULES}/408")["references"]
    assert [r["target_number"] for r in listed] == ["405", "406"]


def test_deep_number_and_its_parent(demo_data, client):
    rule = get_json(client, f"{RULES}/132.1.b.2.a")
    assert rule["depth"] == 4 and rule["number_raw"].startswith("132.1.b.2.a")
    assert rule["parent"]["number"] == "132.1.b.2"
    assert rule["parent"]["api_url"] == f"{HOST}{RULES}/132.1.b.2"


def test_pinned_rule_links_stay_in_their_version(demo_data, client):
    rule = get_json(client, f"{API}/core-rules/en/2026-01/rules/124.1")
    assert rule["version"] == "2026-01" and rule["default_version"] is False
    assert rule["references"][0]["target_number"] == "509"
    assert rule["references"][0]["api_url"] == f"{HOST}{API}/core-rules/en/2026-01/rules/509"
    assert rule["api_url"] == f"{HOST}{API}/core-rules/en/2026-01/rules/124.1"


def test_repeated_number_lists_its_repeats(demo_data, client):
    rule = get_json(client, f"{RULES}/214")
    assert len(rule["repeats"]) == 1 and rule["repeats"][0]["anchor"] == "214~2"


def test_french_and_tournament_documents(demo_data, client):
    assert get_json(client, f"{API}/core-rules/fr/rules/711")["title"] == "Célérité"
    assert get_json(client, f"{API}/core-rules/fr/rules/406.1.b")["number"] == "406.1.b"
    get_json(client, f"{API}/core-rules/fr/rules/488", status=404)
    assert (
        get_json(client, f"{API}/tournament-rules/en/rules/204.1")["references"][0]["target_number"]
        == "502"
    )


@pytest.mark.parametrize(
    "loose, normal",
    [
        ("124.1.", "124.1"),
        ("132.1b2a", "132.1.b.2.a"),
        ("132.1.B.2.A", "132.1.b.2.a"),
    ],
)
def test_loose_numbers_redirect_permanently(demo_data, client, loose, normal):
    response = client.get(f"{RULES}/{loose}?x=1")
    assert response.status_code == 308
    assert response["Location"] == f"{HOST}{RULES}/{normal}?x=1"
    assert response.json()["location"] == response["Location"]
    pinned = client.get(f"{API}/core-rules/en/2026-01/rules/{loose}")
    assert pinned["Location"] == f"{HOST}{API}/core-rules/en/2026-01/rules/{normal}"


def test_missing_rules_answer_json_404_with_nearest_numbers(demo_data, client):
    error = get_json(client, f"{RULES}/488", status=404)
    assert error["status"] == 404 and "488" in error["error"]
    assert error["nearest"] and all(isinstance(n, str) for n in error["nearest"])
    assert get_json(client, f"{RULES}/banana", status=404)["status"] == 404


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/nope",
        "/api/v2/games",
        "/api/v1/games/",
        "/api/v1/games/lanternfall/core-rules/en/rules/",
    ],
)
def test_unknown_api_paths_answer_json_not_html(demo_data, client, url):
    error = get_json(client, url, status=404)
    assert error == {"error": "No such API endpoint.", "status": 404}


def test_wrong_method_is_405_json_with_allow(demo_data, client):
    response = client.delete(f"{RULES}/711")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, OPTIONS"
    assert response.json()["status"] == 405
    response = client.get("/api/v1/linkify")
    assert response.status_code == 405 and response["Allow"] == "POST, OPTIONS"


def test_head_answers_headers_without_a_body(demo_data, client):
    response = client.head(f"{RULES}/711")
    assert response.status_code == 200 and response.content == b""
    assert response["ETag"]
