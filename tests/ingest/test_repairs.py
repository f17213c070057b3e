"""Unit tests for single repairs; whole-document behaviour is in the golden cases."""

from ingest.glued import looks_like_title
from ingest.parse import parse_text
from ingest.repair import fix_mangled
from ingest.report import build_report, format_report
from ingest.structure import build_tree


def test_fix_mangled():
    assert fix_mangled("1O3.2.") == "103.2"
    assert fix_mangled("103..2.") == "103.2"
    assert fix_mangled("103,2.") == "103.2"
    assert fix_mangled("l03.2b.") == "103.2.b"
    assert fix_mangled("103.O.2") is None  # a letter where a digit goes, below the top level


def test_looks_like_title():
    assert looks_like_title("Naming Cards, Types, and Tags", "en")
    assert looks_like_title("XP", "en")
    assert not looks_like_title("Keywords can be Dependent Keywords", "en")
    assert not looks_like_title("When a player wins the game, the game ends.", "en")
    assert looks_like_title("Nommer des cartes, des types et des tags", "fr")
    assert not looks_like_title("Les mots-clés peuvent être des mots-clés dépendants.", "fr")


def test_english_space_before_punctuation():
    doc = parse_text("101. Wardens , sparks : lanterns ; and more !\n")
    assert doc.rules[0].text == "Wardens, sparks: lanterns; and more!"


def test_french_spacing_kept_except_comma_and_period():
    text = (
        "101. Le gardien dit : « Lumière ! » ; puis il passe , et la partie continue .\n"
        "102. Les étincelles de la lanterne sont le cœur du jeu.\n"
    )
    doc = parse_text(text)
    assert doc.language == "fr"
    expected = "Le gardien dit : « Lumière ! » ; puis il passe, et la partie continue."
    assert doc.rules[0].text == expected


def test_glued_number_that_exists_is_not_split():
    doc = parse_text("201. Vigils end. 202. Wardens\n202. A warden guards a lantern.\n")
    assert [r.number for r in doc.rules] == ["201", "202"]
    assert doc.rules[0].text == "Vigils end. 202. Wardens"


def test_glued_number_out_of_sequence_is_not_split():
    doc = parse_text("201. Vigils end. 305. Wardens\n202. A warden guards a lantern.\n")
    assert [r.number for r in doc.rules] == ["201", "202"]


def test_cross_reference_french_not_split():
    doc = parse_text(
        "201. Les veillées. Voir règle 202. Veillées pour plus d'informations.\n"
        "203. Le gardien de la lanterne.\n"
    )
    assert [r.number for r in doc.rules] == ["201", "203"]


def test_duplicates_kept_addressable():
    doc = parse_text("101. Sparks.\n101. Sparks again.\n")
    nodes = build_tree(doc.rules)
    assert [n.anchor for n in nodes] == ["101", "101~2"]
    assert [a.kind for a in doc.anomalies] == ["duplicate-number"]


def test_report_counts_and_truncation():
    lines = ["### 100. Sparks"] + [f"{101 + i}. Spark , number {i}." for i in range(14)]
    doc = parse_text("\n".join(lines) + "\n")
    report = build_report(doc, build_tree(doc.rules), [])
    assert report["counts"] == {"rules": 15, "headings": 1, "distinct_numbers": 15, "max_depth": 0}
    assert report["repairs"]["space-before-punctuation"]["count"] == 14
    text = format_report(report)
    assert "space-before-punctuation: 14" in text
    assert "… 4 more" in text
    assert "Unresolved references: 0 (none)" in text
